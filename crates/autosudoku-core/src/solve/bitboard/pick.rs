//! The search's next guess. First tdoku's rule: in the band or stack whose digits have the fewest
//! permutations left between them (not yet all placed), a digit down to two, the one with the
//! fewest cells there; one permutation, then the other. Else a two-candidate cell.

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

impl State {
    pub(in crate::solve) fn pick(&self) -> Guess {
        match self.pick_perms() {
            Some(perms) => Guess::Perms(perms),
            None => {
                let (b, p, digits) = self.pick_cell();
                Guess::Cell(b, p, digits)
            }
        }
    }

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

    /// tdoku's rule (see the file's doc), or `None` when the unit has no digit with two left.
    fn pick_perms(&self) -> Option<[Perm; 2]> {
        let mut totals = [0u32; 6];
        for d in 0..9 {
            for u in 0..3 {
                totals[2 * u] += self.band_perms[d * 3 + u] as u32;
                totals[2 * u + 1] += self.stack_perms[d * 3 + u] as u32;
            }
        }
        let mut best = (u32::MAX, false, 0);
        for (i, &total) in totals.iter().enumerate() {
            // 9 is every digit placed.
            if total > 9 && total < best.0 {
                best = (total, i % 2 == 1, i / 2);
            }
        }
        let (_, stack, u) = best;
        let perms = if stack {
            &self.stack_perms
        } else {
            &self.band_perms
        };
        let mut pick = None;
        let mut fewest = u32::MAX;
        for d in 0..9 {
            if perms[d * 3 + u] == 2 {
                let cells = if stack {
                    count27(self.cand[d * 3] & BOX[u])
                        + count27(self.cand[d * 3 + 1] & BOX[u])
                        + count27(self.cand[d * 3 + 2] & BOX[u])
                } else {
                    count27(self.cand[d * 3 + u])
                };
                if cells < fewest {
                    (pick, fewest) = (Some(d), cells);
                }
            }
        }
        let d = pick?;
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
