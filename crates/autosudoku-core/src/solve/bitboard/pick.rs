//! The search's next guess, by one of two rules. `Permutations`, tdoku's: in the band or stack
//! whose digits have the fewest permutations left between them (not yet all placed), the first
//! digit down to two there, one permutation and then the other; a cell as
//! `Cells` picks it when that unit has no such digit. `Cells`: always a cell, the two-candidate one
//! of `pick_cell`. Both find the same solutions, in another order.

use super::tables::{count27, BOX, TWO_PERMS};
use super::{spread, stack_parts, triads, State};

/// What the search tries: two permutations of a digit in turn, or a cell's digits in turn.
pub(in crate::solve) enum Guess {
    Perms([Perm; 2]),
    /// Band, bit, and the cell's candidate digits as a 9-bit mask.
    Cell(usize, usize, u16),
}

/// Where digit `d`'s three cells of a band (or stack) sit: `triads`, bit 3r+k for row r in box k
/// (for a stack, bit 3b+j for band b in its column j).
#[derive(Clone, Copy)]
pub(in crate::solve) struct Perm {
    d: usize,
    unit: usize,
    stack: bool,
    triads: u32,
}

/// How the search chooses its next guess.
pub(in crate::solve) trait Rule {
    /// Whether propagation also takes the hidden triples of minirows and minicols (`triples`).
    const TRIPLES: bool;
    fn pick(state: &State) -> Guess;
}

/// Fewer guesses on hard puzzles (docs/notes/solver.md).
pub(in crate::solve) struct Permutations;

/// Cells only: the order in which the generator's grids were always completed.
pub(in crate::solve) struct Cells;

impl Rule for Permutations {
    const TRIPLES: bool = true;
    #[inline]
    fn pick(state: &State) -> Guess {
        match state.pick_perms() {
            Some(perms) => Guess::Perms(perms),
            None => Cells::pick(state),
        }
    }
}

impl Rule for Cells {
    /// Without them, as the generator's grids always were.
    const TRIPLES: bool = false;
    #[inline]
    fn pick(state: &State) -> Guess {
        let (b, p, digits) = state.pick_cell();
        Guess::Cell(b, p, digits)
    }
}

impl State {
    /// Keeps digit `d` to the permutation `perm` (the other digits follow in `propagate`).
    pub(in crate::solve) fn keep_perm(&mut self, perm: &Perm) {
        let (d, u) = (perm.d, perm.unit);
        if perm.stack {
            for b in 0..3 {
                let column = perm.triads >> (3 * b) & 7;
                self.cand[d * 3 + b] &= spread((0x1FF & !(7 << (3 * u))) | column << (3 * u));
            }
        } else {
            let (mut cells, mut t) = (0, perm.triads);
            while t != 0 {
                let k = t.trailing_zeros();
                t &= t - 1;
                cells |= 7 << (9 * (k / 3) + 3 * (k % 3));
            }
            self.cand[d * 3 + u] &= cells;
        }
    }

    /// tdoku's rule (see the file's doc), or `None`.
    fn pick_perms(&self) -> Option<[Perm; 2]> {
        let mut best = (u32::MAX, 0);
        for unit in 0..6 {
            let total = self.total(unit);
            // 9 is every digit placed.
            if total > 9 && total < best.0 {
                best = (total, unit);
            }
        }
        let unit = best.1;
        let (stack, u) = (unit >= 3, unit % 3);
        let d = self.first_with_two(unit)?;
        let pattern = match stack {
            true => stack_parts(self.columns(d), u),
            false => triads(self.cand[d * 3 + u]),
        };
        Some(TWO_PERMS[pattern].map(|triads| Perm {
            d,
            unit: u,
            stack,
            triads,
        }))
    }

    /// The permutations left to the nine digits of `unit`, summed.
    fn total(&self, unit: usize) -> u32 {
        // No byte is above 6, so the eight bytes' sum fits in the product's top byte.
        (self.eight(unit).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
            + self.perms[unit * 9 + 8] as u32
    }

    /// The first digit with two permutations left in `unit`.
    fn first_with_two(&self, unit: usize) -> Option<usize> {
        // A byte of `x ^ 0x02..` is 0 where the count is 2, else at most 7: adding 0x7F sets its
        // top bit, with no carry into the next byte.
        let x = self.eight(unit) ^ 0x0202_0202_0202_0202;
        let zero = !x.wrapping_add(0x7F7F_7F7F_7F7F_7F7F) & 0x8080_8080_8080_8080;
        match zero {
            0 => (self.perms[unit * 9 + 8] == 2).then_some(8),
            _ => Some(zero.trailing_zeros() as usize / 8),
        }
    }

    /// The counts of `unit`'s first eight digits, one a byte.
    fn eight(&self, unit: usize) -> u64 {
        u64::from_le_bytes(
            self.perms[unit * 9..unit * 9 + 8]
                .try_into()
                .expect("8 bytes"),
        )
    }

    /// The cell to guess (band, bit) and its candidate digits as a 9-bit mask: a two-candidate
    /// cell of the band with the most of them, ties (and near ties) going to the band with more
    /// open cells (score 2 per pair + 1 per open cell), the first one in the band's box with the
    /// most open cells that has one; else the first open cell of a band, the one with the fewest
    /// candidates of those three. Each part of the rule, and the weights, cut the guesses per
    /// puzzle on the hard sets (docs/notes/solver.md has the figures).
    fn pick_cell(&self) -> (usize, usize, u16) {
        let mut band = None;
        let mut most = 0;
        for b in 0..3 {
            let n = count27(self.pairs[b]);
            let score = if n > 0 {
                2 * n + count27(self.open[b])
            } else {
                0
            };
            if score > most {
                (band, most) = (Some(b), score);
            }
        }
        if let Some(b) = band {
            let mut best = (0, 0);
            for cells in BOX {
                let pairs = self.pairs[b] & cells;
                if pairs != 0 {
                    let open = count27(self.open[b] & cells);
                    if open > best.0 {
                        best = (open, pairs);
                    }
                }
            }
            let p = best.1.trailing_zeros() as usize;
            return (b, p, self.digits_at(b, 1 << p));
        }
        let mut best = (u32::MAX, 0, 0, 0);
        for b in 0..3 {
            if self.open[b] != 0 {
                let p = self.open[b].trailing_zeros() as usize;
                let digits = self.digits_at(b, 1 << p);
                let n = digits.count_ones();
                if n < best.0 {
                    best = (n, b, p, digits);
                }
            }
        }
        (best.1, best.2, best.3)
    }

    /// The digits still possible at the lowest bit of `cells` in band `b`.
    fn digits_at(&self, b: usize, cells: u32) -> u16 {
        let p = cells.trailing_zeros();
        let mut digits = 0;
        for d in 0..9 {
            digits |= (((self.cand[d * 3 + b] >> p) & 1) as u16) << d;
        }
        digits
    }
}
