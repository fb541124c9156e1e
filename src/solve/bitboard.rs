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
//! claiming) inside the band in two table lookups, and leaves a row with one cell when that cell is
//! a hidden single for its row or box. Naked singles and contradictions come from counting, cell by
//! cell, how many digit masks still hold it (bit-sliced: `one`, `two`, `three`). When nothing more
//! follows, the search guesses a two-candidate cell on a copy of the state (120 bytes).

/// Two digits in one cell, a digit without a cell: this branch has no solution.
#[derive(Debug)]
pub(super) struct Contradiction;

const ALL: u32 = (1 << 27) - 1;
const ROW: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
const BOX: [u32; 3] = [0x1C0E07, 0x1C0E07 << 3, 0x1C0E07 << 6];

/// For each bit p: the other cells of its row and box inside the band.
const PEERS: [u32; 27] = {
    let mut t = [0; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = (ROW[p / 9] | BOX[p % 9 / 3]) & !(1 << p);
        p += 1;
    }
    t
};

/// For each column: its three cells in a band.
const COLUMN: [u32; 9] = {
    let mut t = [0; 9];
    let mut c = 0;
    while c < 9 {
        t[c] = (1 << c) | (1 << (c + 9)) | (1 << (c + 18));
        c += 1;
    }
    t
};

/// 9 cells of one row → 3 bits: which of its triads are non-empty.
const TRIADS_OF_ROW: [u8; 512] = {
    let mut t = [0; 512];
    let mut v = 0;
    while v < 512 {
        let mut k = 0;
        while k < 3 {
            if (v >> (3 * k)) & 7 != 0 {
                t[v] |= 1 << k;
            }
            k += 1;
        }
        v += 1;
    }
    t
};

/// 9 triad bits (bit 3r+k: row r, box k) → the cells of the triads that lie on a row→box
/// permutation whose three triads are all present. 0 when none is: a contradiction.
const KEEP: [u32; 512] = {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0; 512];
    let mut triads = 0;
    while triads < 512 {
        let mut keep = 0;
        let mut i = 0;
        while i < 6 {
            let p = PERMS[i];
            let bits = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
            if triads & bits == bits {
                let mut r = 0;
                while r < 3 {
                    keep |= 7 << (9 * r + 3 * p[r]);
                    r += 1;
                }
            }
            i += 1;
        }
        t[triads] = keep;
        triads += 1;
    }
    t
};

/// 9 bits of column presence in a band → the cells (of any band) of the columns that are the only
/// column of their box holding the digit: the digit is locked there, the other bands lose them.
const LOCKED_COLUMNS: [u32; 512] = {
    let mut t = [0; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut k = 0;
        while k < 3 {
            let three = (cols >> (3 * k)) & 7;
            if three == 1 || three == 2 || three == 4 {
                t[cols] |= COLUMN[3 * k + (three as usize).trailing_zeros() as usize];
            }
            k += 1;
        }
        cols += 1;
    }
    t
};

/// The whole solver state; copied on every guess.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// `cand[digit * 3 + band]`: cells of the band where the digit is placed or still possible.
    cand: [u32; 27],
    /// `cand` as of the last `update` of that digit and band: unchanged masks are skipped.
    seen: [u32; 27],
    /// Cells of each band with no digit placed yet.
    open: [u32; 3],
}

impl State {
    /// The state for `givens` (row-major, 0 = blank), singles already propagated.
    pub(super) fn new(givens: &[u8; 81]) -> Result<State, Contradiction> {
        let mut st = State {
            cand: [ALL; 27],
            seen: [0; 27],
            open: [ALL; 3],
        };
        for (i, &v) in givens.iter().enumerate() {
            if v != 0 {
                let (d, b, p) = (v as usize - 1, i / 27, i % 27);
                if st.cand[d * 3 + b] & (1 << p) == 0 {
                    return Err(Contradiction);
                }
                st.place(d, b, p);
            }
        }
        st.propagate()?;
        Ok(st)
    }

    /// Puts digit `d` on bit `p` of band `b`; the bit must be open and possible for `d`. Only the
    /// cell and its band are touched: `update` carries the column to the other bands.
    #[inline]
    fn place(&mut self, d: usize, b: usize, p: usize) {
        let bit = 1u32 << p;
        for m in self.cand[b..].iter_mut().step_by(3) {
            *m &= !bit;
        }
        self.cand[d * 3 + b] = (self.cand[d * 3 + b] & !PEERS[p]) | bit;
        self.open[b] &= !bit;
    }

    /// Applies the band rules to `cand[i]`: permutations of triads, columns locked in a box (taken
    /// from the other bands), and rows left with one open cell (that cell is the digit's: the other
    /// digits lose it).
    #[inline]
    fn update(&mut self, i: usize) -> Result<(), Contradiction> {
        let x = self.cand[i];
        let triads = TRIADS_OF_ROW[(x & 0x1FF) as usize] as usize
            | (TRIADS_OF_ROW[((x >> 9) & 0x1FF) as usize] as usize) << 3
            | (TRIADS_OF_ROW[(x >> 18) as usize] as usize) << 6;
        let x = x & KEEP[triads];
        if x == 0 {
            return Err(Contradiction);
        }
        let (d, b) = (i / 3, i % 3);
        let locked = LOCKED_COLUMNS[((x | x >> 9 | x >> 18) & 0x1FF) as usize];
        self.cand[d * 3 + (b + 1) % 3] &= !locked;
        self.cand[d * 3 + (b + 2) % 3] &= !locked;
        let mut singles = 0;
        for row in ROW {
            let v = x & row;
            if v & v.wrapping_sub(1) == 0 {
                singles |= v;
            }
        }
        singles &= self.open[b];
        if singles != 0 {
            self.open[b] &= !singles;
            for m in self.cand[b..].iter_mut().step_by(3) {
                *m &= !singles;
            }
        }
        self.cand[i] = x;
        self.seen[i] = x;
        Ok(())
    }

    /// Places every naked single; `Ok(true)` if any was placed.
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut placed = false;
        for b in 0..3 {
            let open = self.open[b];
            if open == 0 {
                continue;
            }
            let (mut one, mut two) = (0, 0);
            for m in self.cand[b..].iter().step_by(3) {
                two |= one & m;
                one |= m;
            }
            if open & !one != 0 {
                return Err(Contradiction);
            }
            let singles = open & !two;
            if singles == 0 {
                continue;
            }
            placed = true;
            self.open[b] &= !singles;
            for m in self.cand[b..].iter_mut().step_by(3) {
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

    /// Runs updates and naked singles until nothing changes.
    pub(super) fn propagate(&mut self) -> Result<(), Contradiction> {
        loop {
            let mut changed = true;
            while changed {
                changed = false;
                for i in 0..27 {
                    if self.cand[i] != self.seen[i] {
                        self.update(i)?;
                        changed = true;
                    }
                }
            }
            if !self.naked_singles()? {
                return Ok(());
            }
        }
    }

    pub(super) fn is_solved(&self) -> bool {
        self.open == [0; 3]
    }

    /// The cell to guess (band, bit) and its candidate digits as a 9-bit mask: a two-candidate
    /// cell when there is one, else the open cell with the fewest candidates.
    pub(super) fn pick(&self) -> (usize, usize, u16) {
        let mut best = (usize::MAX, 0, 0);
        for b in 0..3 {
            let open = self.open[b];
            if open == 0 {
                continue;
            }
            let (mut one, mut two, mut three) = (0, 0, 0);
            for m in self.cand[b..].iter().step_by(3) {
                three |= two & m;
                two |= one & m;
                one |= m;
            }
            let pairs = open & two & !three;
            if pairs != 0 {
                return (b, pairs.trailing_zeros() as usize, self.digits_at(b, pairs));
            }
            let mut cells = open;
            while cells != 0 {
                let p = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let n = self.digits_at(b, 1 << p).count_ones() as usize;
                if n < best.0 {
                    best = (n, b, p);
                }
            }
        }
        let (_, b, p) = best;
        (b, p, self.digits_at(b, 1 << p))
    }

    /// The digits still possible at the lowest bit of `cells` in band `b`.
    fn digits_at(&self, b: usize, cells: u32) -> u16 {
        let bit = cells & cells.wrapping_neg();
        let mut digits = 0;
        for d in 0..9 {
            if self.cand[d * 3 + b] & bit != 0 {
                digits |= 1 << d;
            }
        }
        digits
    }

    /// Branch: digit `d` at the guessed cell.
    pub(super) fn with(mut self, d: usize, b: usize, p: usize) -> State {
        self.place(d, b, p);
        self
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
