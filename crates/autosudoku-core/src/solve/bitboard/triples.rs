//! Hidden triples in minirows and minicols (a row's or a column's three cells in one box): when
//! three digits are each locked in the same three cells (every permutation they have left in the
//! band or stack goes through them), no other digit can have those cells. tdoku gets these from
//! its triad clauses (a minirow holds three digits); without them our search made a third more
//! guesses than tdoku's with the same guess rule (docs/notes/solver.md).

use super::{spread, Contradiction, State};

/// The lowest cell of each triad of a band mask (bit 9r+3k for row r, box k).
pub(super) const TRIAD_LOW: u32 = 0x0124_9249;

/// Bit-sliced counts of how many words hold each bit, up to four.
#[derive(Default)]
struct Tally {
    one: u32,
    two: u32,
    three: u32,
    four: u32,
}

impl Tally {
    fn add(&mut self, m: u32) {
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
        let (mut rows, mut cols) = (Tally::default(), Tally::default());
        for d in 0..9 {
            rows.add(self.rows_locked[d]);
            cols.add(self.columns_locked[d]);
        }
        if rows.four | cols.four != 0 {
            return Err(Contradiction);
        }
        let (rows_three, cols_three) = (rows.three, cols.three);
        // Solved minirows and minicols hold three locked digits too, and a triple stays one: only
        // open cells of new triples can change.
        let (rows, cols) = (
            rows.three & !self.triples_done[0],
            cols.three & !self.triples_done[1],
        );
        let rows = [0, 1, 2].map(|b| ((rows >> b & TRIAD_LOW) * 7) & self.open[b]);
        let cols = [0, 1, 2].map(|b| spread(cols >> (9 * b) & 0x1FF) & self.open[b]);
        if (rows[0] | rows[1] | rows[2] | cols[0] | cols[1] | cols[2]) == 0 {
            return Ok(false);
        }
        self.triples_done = [rows_three, cols_three];
        let mut changed = false;
        for d in 0..9 {
            for b in 0..3 {
                let own_rows = (self.rows_locked[d] >> b & TRIAD_LOW) * 7;
                let own_cols = spread(self.columns_locked[d] >> (9 * b) & 0x1FF);
                let lose = rows[b] & !own_rows | cols[b] & !own_cols;
                let m = &mut self.cand[d * 3 + b];
                changed |= *m & lose != 0;
                *m &= !lose;
            }
        }
        Ok(changed)
    }
}
