//! The engine of the fast solver: one 27-bit mask per digit and band of three rows ("where can this
//! digit still go in this band"), in the spirit of JCZSolve and tdoku (ideas only, no code taken).
//!
//! ```text
//! band b = rows 3b..3b+3, bit p = (row % 3) * 9 + col
//!      col 0 1 2   3 4 5   6 7 8
//! row 0:   0 1 2 | 3 4 5 | 6 7 8
//! row 1:   9 ...             17
//! row 2:  18 ...             26
//! ```
//!
//! Inside a band a digit sits once in each row and once in each box, so its rows and boxes form one
//! of the 6 permutations of 3. `update` keeps only the row-box "triads" (3 cells of one row in one
//! box) that lie on a permutation still possible: this does locked candidates (pointing and
//! claiming) inside the band in two table lookups. A triad on every permutation left is the
//! digit's only one in its row and box; when its box is also down to one column, that cell is a
//! hidden single (a third lookup, no branch). A box whose digit is left in one column takes that
//! column from the other bands (pointing, for columns). Naked singles and contradictions come from
//! counting, cell by cell, how many digit masks still hold it (bit-sliced: `one`, `two`, `three`).
//! When no naked single is left, `stacks` does for columns what `update` does for rows: in each
//! stack a digit sits once in each column and once in each box, so its column parts (a column's
//! cells in one band) must lie on a band-column permutation; this covers claiming for columns
//! and the column hidden singles. Both rules note how many permutations each digit has left in
//! each band and stack, and which of its triads and column parts every one of them goes through:
//! three digits locked in one minirow or minicol own its cells (`triples`, hidden triples). When
//! nothing more follows, the search guesses on a copy of the state (456 bytes): one of a
//! digit's last two permutations in the most constrained band or stack, as tdoku does, else a
//! two-candidate cell (`pick`; the generator completes its grids with cell guesses only and
//! without `triples`, in the order they always had).
//!
//! Each of these choices won a measurement against the JCZSolve port and the alternatives tried;
//! the experiments and their figures are in docs/notes/solver.md.

/// The 9 triad bits of a band mask (bit 3r+k: row r, box k holds a cell of it).
#[inline(always)]
fn triads(x: u32) -> usize {
    ((TRIADS_OF_ROW[0][(x & 0x1FF) as usize]
        | TRIADS_OF_ROW[1][((x >> 9) & 0x1FF) as usize]
        | TRIADS_OF_ROW[2][((x >> 18) & 0x1FF) as usize])
        & 0x1FF) as usize
}

/// Stack `s`'s 9 column-part bits (bit 3b+j: band b, column j of the stack) of a digit's
/// `columns`.
#[inline(always)]
fn stack_parts(g: u32, s: usize) -> usize {
    ((g >> (3 * s) & 7) | (g >> (9 + 3 * s) & 7) << 3 | (g >> (18 + 3 * s) & 7) << 6) as usize
}

/// The columns of a band mask that hold a cell of it.
#[inline(always)]
fn cols(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & 0x1FF
}

/// The cells of the columns in 9 column bits, in every row of a band.
#[inline(always)]
fn spread(c: u32) -> u32 {
    c | c << 9 | c << 18
}

/// Two digits in one cell, a digit without a cell: this branch has no solution.
#[derive(Debug)]
pub(super) struct Contradiction;

mod pick;
mod tables;
mod triples;

pub(super) use pick::{Cells, Guess, Permutations, Rule};
use tables::{Triads, ALL, COUNT_SHIFT, LOCKED_COLUMNS, PEERS, STACKS, TRIADS, TRIADS_OF_ROW};

/// The whole solver state; copied on every guess.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// `cand[digit * 3 + band]`: cells of the band where the digit is placed or still possible.
    cand: [u32; 27],
    /// `cand` as of the last `update` of that digit and band: unchanged masks are skipped.
    seen: [u32; 27],
    /// Cells of each band with no digit placed yet.
    open: [u32; 3],
    /// Open cells with exactly two candidates, as of the last naked-singles pass (guess here).
    pairs: [u32; 3],
    /// Digits whose masks changed since the last `stacks` pass.
    dirty: u32,
    /// `perms[unit * 9 + digit]`, units 0-2 the bands and 3-5 the stacks: the permutations the
    /// digit has left there, as of the last `update` of its band mask or the last `stacks`.
    perms: [u8; 54],
    /// `locked[digit * 3 + band]`: the cells of the triads that every permutation left to the
    /// digit in the band goes through (as of the last `update` of that mask), for `triples`.
    locked: [u32; 27],
    /// Per digit, bit 9b+c: every permutation left to the digit in the stack of column c goes
    /// through column c in band b (as of the last `stacks`), for `triples`.
    columns_locked: [u32; 9],
    /// The minirows and minicols whose triples `triples` has applied (its tally's bits).
    triples_done: u64,
}

impl State {
    /// The state for `givens` (row-major, 0 = blank), singles already propagated.
    pub(super) fn new<R: Rule>(givens: &[u8; 81]) -> Result<State, Contradiction> {
        let mut st = State {
            cand: [ALL; 27],
            seen: [0; 27],
            open: [ALL; 3],
            pairs: [0; 3],
            dirty: 0,
            perms: [6; 54],
            locked: [0; 27],
            columns_locked: [0; 9],
            triples_done: 0,
        };
        // Each digit's givens, to take their cells from the other digits at once: `update` would
        // do it too, one digit at a time, in more rounds. Gathered without a branch per cell (on
        // easy puzzles, a mispredicted branch per given was a quarter of the time): slot 0 of
        // `mine` collects the blanks.
        let mut mine = [0u32; 30];
        for b in 0..3 {
            for p in 0..27 {
                mine[givens[b * 27 + p] as usize * 3 + b] |= 1 << p;
            }
        }
        let taken = [0, 1, 2].map(|b| ALL & !mine[b]);
        for (i, m) in st.cand.iter_mut().enumerate() {
            let own = mine[i + 3];
            let mut cells = own;
            while cells != 0 {
                *m &= !PEERS[cells.trailing_zeros() as usize];
                cells &= cells - 1;
            }
            // Two givens of a digit in one row or box.
            if *m & own != own {
                return Err(Contradiction);
            }
            *m &= !(taken[i % 3] & !own);
        }
        st.propagate::<R>()?;
        Ok(st)
    }

    /// Puts digit `d` on bit `p` of band `b`; the bit must be open and possible for `d`. Only the
    /// digit's mask of that band changes (it keeps `p` alone in its row and box): its `update`
    /// finds the cell a hidden single, takes it from the other digits and closes it, and carries
    /// the column to the other bands. The mask does change, so that `update` runs: an open cell
    /// still shares its row or box with another cell of each of its digits (else `update` would
    /// have found it a single already).
    #[inline]
    pub(super) fn place(&mut self, d: usize, b: usize, p: usize) {
        self.cand[d * 3 + b] &= !PEERS[p];
    }

    /// Applies the band rules to `cand[I]`: permutations of triads, columns locked in a box (taken
    /// from the other bands), and rows left with one open cell (that cell is the digit's: the other
    /// digits lose it). `I` is a constant so that every index below is one too (27 copies, unrolled
    /// by `propagate`).
    #[inline(always)]
    fn update<const I: usize>(&mut self) -> Result<(), Contradiction> {
        let (d, b) = (I / 3, I % 3);
        let x = self.cand[I];
        let Triads { keep, locked } = TRIADS[triads(x)];
        self.perms[b * 9 + d] = (keep >> COUNT_SHIFT) as u8;
        self.locked[I] = locked;
        let x = x & keep;
        if x == 0 {
            return Err(Contradiction);
        }
        let columns = LOCKED_COLUMNS[cols(x) as usize];
        self.cand[d * 3 + (b + 1) % 3] &= !columns;
        self.cand[d * 3 + (b + 2) % 3] &= !columns;
        // A locked triad in a box left with one column is one cell: the digit's in its row and
        // box. Solved rows come out again, harmlessly (the other digits lost them already).
        let singles = x & locked & columns;
        self.open[b] &= !singles;
        for k in 0..9 {
            self.cand[k * 3 + b] &= !singles;
        }
        self.cand[I] = x;
        self.seen[I] = x;
        self.dirty |= 1 << d;
        Ok(())
    }

    /// Keeps the column parts of each digit changed since the last pass to the band→column
    /// permutations still possible in each stack. `Ok(true)` if anything changed.
    fn stacks(&mut self) -> Result<bool, Contradiction> {
        let mut changed = false;
        let mut dirty = self.dirty;
        self.dirty = 0;
        while dirty != 0 {
            let d = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            let g = self.columns(d);
            let (mut kept, mut locked) = (0, 0);
            for s in 0..3 {
                let Triads { keep, locked: l } = STACKS[stack_parts(g, s)];
                if keep == 0 {
                    return Err(Contradiction);
                }
                self.perms[(3 + s) * 9 + d] = (keep >> COUNT_SHIFT) as u8;
                kept |= (keep & ALL) << (3 * s);
                locked |= l << (3 * s);
            }
            self.columns_locked[d] = locked;
            if kept != g {
                changed = true;
                for b in 0..3 {
                    self.cand[d * 3 + b] &= spread(kept >> (9 * b) & 0x1FF);
                }
            }
        }
        Ok(changed)
    }

    /// Digit `d`'s columns in each band: bit 9b+c for column c in band b.
    fn columns(&self, d: usize) -> u32 {
        cols(self.cand[d * 3]) | cols(self.cand[d * 3 + 1]) << 9 | cols(self.cand[d * 3 + 2]) << 18
    }

    /// Places every naked single; `Ok(true)` if any was placed. Also notes the two-candidate cells.
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed = false;
        for b in 0..3 {
            let open = self.open[b];
            let (mut one, mut two, mut three) = (0, 0, 0);
            for k in 0..9 {
                let m = self.cand[k * 3 + b];
                three |= two & m;
                two |= one & m;
                one |= m;
            }
            self.pairs[b] = open & two & !three;
            if open & !one != 0 {
                return Err(Contradiction);
            }
            let singles = open & !two;
            if singles == 0 {
                continue;
            }
            placed = true;
            self.open[b] &= !singles;
            for k in 0..9 {
                let m = &mut self.cand[k * 3 + b];
                let mut mine = *m & singles;
                while mine != 0 {
                    let p = mine.trailing_zeros() as usize;
                    mine &= mine - 1;
                    // An earlier single of this digit in the same row or box took this cell.
                    if *m & (1 << p) == 0 {
                        return Err(Contradiction);
                    }
                    *m &= !PEERS[p];
                }
            }
        }
        Ok(placed)
    }

    /// Runs updates, naked singles, `stacks` and (when the rule takes them) `triples` until nothing
    /// changes.
    pub(super) fn propagate<R: Rule>(&mut self) -> Result<(), Contradiction> {
        macro_rules! update_changed {
            ($changed:ident; $($i:literal)*) => {$(
                if self.cand[$i] != self.seen[$i] {
                    self.update::<$i>()?;
                    $changed = true;
                }
            )*};
        }
        loop {
            let mut changed = true;
            while changed {
                changed = false;
                update_changed!(changed; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
            }
            if self.is_solved() {
                return Ok(());
            }
            let changed =
                self.naked_singles()? || self.stacks()? || R::TRIPLES && self.triples()?;
            if !changed {
                return Ok(());
            }
        }
    }

    pub(super) fn is_solved(&self) -> bool {
        self.open == [0; 3]
    }

    /// Rules digit `d` out of the guessed cell (after its branch failed).
    pub(super) fn exclude(&mut self, d: usize, b: usize, p: usize) {
        self.cand[d * 3 + b] &= !(1 << p);
    }

    /// The solved grid, row-major digits.
    pub(super) fn grid(&self) -> [u8; 81] {
        let mut out = [0; 81];
        for b in 0..3 {
            for d in 0..9 {
                let mut m = self.cand[d * 3 + b];
                while m != 0 {
                    out[b * 27 + m.trailing_zeros() as usize] = d as u8 + 1;
                    m &= m - 1;
                }
            }
        }
        out
    }
}
