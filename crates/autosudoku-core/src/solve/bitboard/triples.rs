//! Hidden triples in minirows and minicols (a row's or a column's three cells in one box): when
//! three digits are each locked in the same three cells (every permutation they have left in the
//! band or stack goes through them), no other digit can have those cells. tdoku gets these from
//! its triad clauses (a minirow holds three digits); without them our search made two fifths more
//! guesses than tdoku's with the same guess rule (docs/notes/solver.md).

use super::{spread, Contradiction, State};

/// The lowest cell of each triad of a band mask (bit 9r+3k for row r, box k).
const TRIAD_LOW: u32 = 0x0124_9249;

/// Bit-sliced counts of how many words hold each bit, up to four.
#[derive(Default)]
struct Tally {
    one: u64,
    two: u64,
    three: u64,
    four: u64,
}

impl Tally {
    fn add(&mut self, m: u64) {
        self.four |= self.three & m;
        self.three |= self.two & m;
        self.two |= self.one & m;
        self.one |= m;
    }
}

impl State {
    /// Takes the cells of each open minirow and minicol that holds three locked digits from the
    /// other digits; `Ok(true)` if any digit lost a cell. Four digits locked in one is a
    /// contradiction.
    pub(super) fn triples(&mut self) -> Result<bool, Contradiction> {
        // Minirows at bit 9r+3k+b (the three bands side by side), minicols at 32+9b+c.
        let mut tally = Tally::default();
        for d in 0..9 {
            let low = |b: usize| self.locked[d * 3 + b] & TRIAD_LOW;
            let rows = low(0) | low(1) << 1 | low(2) << 2;
            tally.add(rows as u64 | (self.columns_locked[d] as u64) << 32);
        }
        if tally.four != 0 {
            return Err(Contradiction);
        }
        // Solved minirows and minicols hold three locked digits too, and a triple stays one: only
        // open cells of new triples can change.
        let new = tally.three & !self.triples_done;
        let (rows, cols) = (new as u32, (new >> 32) as u32);
        let (mut in_rows, mut in_cols) = ([0; 3], [0; 3]);
        for b in 0..3 {
            in_rows[b] = self.open[b] & ((rows >> b & TRIAD_LOW) * 7);
            in_cols[b] = self.open[b] & spread(cols >> (9 * b) & 0x1FF);
        }
        if (in_rows[0] | in_rows[1] | in_rows[2] | in_cols[0] | in_cols[1] | in_cols[2]) == 0 {
            return Ok(false);
        }
        self.triples_done = tally.three;
        let mut lost = 0;
        for b in 0..3 {
            if in_rows[b] | in_cols[b] == 0 {
                continue;
            }
            for d in 0..9 {
                let own_cols = spread(self.columns_locked[d] >> (9 * b) & 0x1FF);
                let m = &mut self.cand[d * 3 + b];
                let lose = *m & (in_rows[b] & !self.locked[d * 3 + b] | in_cols[b] & !own_cols);
                lost |= lose;
                *m &= !lose;
            }
        }
        Ok(lost != 0)
    }
}
