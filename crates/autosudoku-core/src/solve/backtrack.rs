//! The backtracking search both traced strategies share: fill the chosen empty cell with each digit
//! its row, column and box allow, ascending, recurse, take it back on failure. Every write and
//! every take-back is reported as a `Step`; nothing is collected, so a trace of tens of millions
//! of steps costs no memory. Strategies differ only in which empty cell they fill next (`Order`).

use super::trace::{Outcome, Report, Step};
use crate::sudoku::{Board, Cell, Digit};
use std::ops::ControlFlow;

/// Picks the next cell to fill among `open[depth..]` (the cells still empty); moves it to
/// `open[depth]`. Returns the candidate mask for it as well.
pub(super) trait Order {
    fn pick(masks: &Masks, open: &mut [u8], depth: usize) -> u16;
}

/// Which digits each row, column and box already holds, bit `d-1` for digit `d`.
pub(super) struct Masks {
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl Masks {
    /// The digits cell `i` may take.
    #[inline]
    pub(super) fn candidates(&self, i: usize) -> u16 {
        let (r, c) = (i / 9, i % 9);
        !(self.rows[r] | self.cols[c] | self.boxes[r / 3 * 3 + c / 3]) & 0x1FF
    }

    #[inline]
    fn toggle(&mut self, i: usize, bit: u16) {
        let (r, c) = (i / 9, i % 9);
        self.rows[r] ^= bit;
        self.cols[c] ^= bit;
        self.boxes[r / 3 * 3 + c / 3] ^= bit;
    }
}

enum Halt {
    GaveUp,
    Stopped,
}

struct Search<F> {
    masks: Masks,
    cells: [u8; 81],
    open: Vec<u8>,
    placements: u64,
    removals: u64,
    max_steps: u64,
    on_step: F,
    halt: Option<Halt>,
}

/// Runs the search on `board` with the cell order `O`; see `solve::trace`.
pub(super) fn run<O: Order, F: FnMut(Step) -> ControlFlow<()>>(
    board: &Board,
    max_steps: Option<u64>,
    on_step: F,
) -> Report {
    let mut masks = Masks {
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
    };
    let cells = board.to_array();
    for (i, &v) in cells.iter().enumerate() {
        if v != 0 {
            let bit = 1 << (v - 1);
            if masks.candidates(i) & bit == 0 {
                // Givens that break the rules: no solution, and the article's search would not notice.
                return Report {
                    outcome: Outcome::Unsolvable,
                    placements: 0,
                    removals: 0,
                };
            }
            masks.toggle(i, bit);
        }
    }
    let open = (0..81u8).filter(|&i| cells[i as usize] == 0).collect();
    let mut search = Search {
        masks,
        cells,
        open,
        placements: 0,
        removals: 0,
        max_steps: max_steps.unwrap_or(u64::MAX),
        on_step,
        halt: None,
    };
    let solved = search.fill::<O>(0);
    let steps = search.placements + search.removals;
    let outcome = match search.halt {
        Some(Halt::GaveUp) => Outcome::GaveUp { steps },
        Some(Halt::Stopped) => Outcome::Stopped { steps },
        None if solved => Outcome::Solved(Board::from_array(&search.cells).expect("digits 1-9")),
        None => Outcome::Unsolvable,
    };
    Report {
        outcome,
        placements: search.placements,
        removals: search.removals,
    }
}

impl<F: FnMut(Step) -> ControlFlow<()>> Search<F> {
    /// Fills `open[depth..]`; true when solved or halted (both unwind without further steps).
    fn fill<O: Order>(&mut self, depth: usize) -> bool {
        if depth == self.open.len() {
            return true;
        }
        let mut candidates = O::pick(&self.masks, &mut self.open, depth);
        let i = self.open[depth] as usize;
        let cell = Cell::from_index(i).expect("index below 81");
        while candidates != 0 {
            let bit = candidates & candidates.wrapping_neg();
            candidates ^= bit;
            let digit = Digit::from_index(bit.trailing_zeros() as usize).expect("9 bits");
            if !self.emit(Step::Place { cell, digit }) {
                return true;
            }
            self.placements += 1;
            self.cells[i] = digit.get();
            self.masks.toggle(i, bit);
            if self.fill::<O>(depth + 1) {
                return true;
            }
            if !self.emit(Step::Remove { cell }) {
                return true;
            }
            self.removals += 1;
            self.cells[i] = 0;
            self.masks.toggle(i, bit);
        }
        false
    }

    /// Reports a step unless the budget is spent or the callback says stop.
    #[inline]
    fn emit(&mut self, step: Step) -> bool {
        if self.placements + self.removals >= self.max_steps {
            self.halt = Some(Halt::GaveUp);
            return false;
        }
        if (self.on_step)(step).is_break() {
            self.halt = Some(Halt::Stopped);
            return false;
        }
        true
    }
}
