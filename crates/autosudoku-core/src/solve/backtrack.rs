//! The backtracking search both traced strategies share: fill the chosen empty cell with each digit
//! the rules allow, ascending, recurse, take it back on failure. Every write and every take-back is
//! reported as a `Step`; nothing is collected, so a trace of tens of millions of steps costs no
//! memory. Strategies differ only in which empty cell they fill next (`Order`); boards differ only
//! in their `Rules` (the classic 9x9 masks here, the variant boards' in `crate::variant`).

use super::trace::{Outcome, Report, Step};
use crate::sudoku::{Board, Cell, Digit};
use std::ops::ControlFlow;

/// What a board allows: the digits an empty cell may take, as bit `d-1` for digit `d`, kept up to
/// date as the search places and takes back digits. Cells are row-major indices below 256.
pub(crate) trait Rules {
    type Cell: Copy;
    type Digit: Copy;
    type Board;
    fn candidates(&self, i: usize) -> u16;
    fn place(&mut self, i: usize, bit: u16);
    fn unplace(&mut self, i: usize, bit: u16);
    fn cell(&self, i: usize) -> Self::Cell;
    /// The digit of bit `index`.
    fn digit(&self, index: u32) -> Self::Digit;
    /// The board of the digits' numbers, 0 for blank.
    fn board(&self, values: &[u8]) -> Self::Board;
}

/// `rules` with `values` (0 for a blank) placed in order; `None` when one breaks a rule.
pub(crate) fn with_values<R: Rules>(mut rules: R, values: &[u8]) -> Option<R> {
    for (i, &v) in values.iter().enumerate().filter(|&(_, &v)| v != 0) {
        let bit = 1 << (v - 1);
        if rules.candidates(i) & bit == 0 {
            return None;
        }
        rules.place(i, bit);
    }
    Some(rules)
}

/// Picks the next cell to fill among `open[depth..]` (the cells still empty); moves it to
/// `open[depth]`. Returns the candidate mask for it as well.
pub(crate) trait Order {
    fn pick<R: Rules>(rules: &R, open: &mut [u8], depth: usize) -> u16;
}

/// Which digits each row, column and box of a classic board already holds, bit `d-1` for digit `d`.
pub(super) struct Masks {
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl Masks {
    /// The masks of `board`'s givens; `None` when they break the rules.
    pub(super) fn of(board: &Board) -> Option<Masks> {
        let empty = Masks {
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        with_values(empty, &board.to_array())
    }

    #[inline]
    fn toggle(&mut self, i: usize, bit: u16) {
        let (r, c) = (i / 9, i % 9);
        self.rows[r] ^= bit;
        self.cols[c] ^= bit;
        self.boxes[r / 3 * 3 + c / 3] ^= bit;
    }
}

impl Rules for Masks {
    type Cell = Cell;
    type Digit = Digit;
    type Board = Board;

    #[inline]
    fn candidates(&self, i: usize) -> u16 {
        let (r, c) = (i / 9, i % 9);
        !(self.rows[r] | self.cols[c] | self.boxes[r / 3 * 3 + c / 3]) & 0x1FF
    }
    #[inline]
    fn place(&mut self, i: usize, bit: u16) {
        self.toggle(i, bit);
    }
    #[inline]
    fn unplace(&mut self, i: usize, bit: u16) {
        self.toggle(i, bit);
    }
    fn cell(&self, i: usize) -> Cell {
        Cell::from_index(i).expect("index below 81")
    }
    fn digit(&self, index: u32) -> Digit {
        Digit::from_index(index as usize).expect("9 bits")
    }
    fn board(&self, values: &[u8]) -> Board {
        Board::from_array(values.try_into().expect("81 cells")).expect("digits 1-9")
    }
}

enum Halt {
    GaveUp,
    Stopped,
}

struct Search<R: Rules, F> {
    rules: R,
    cells: Vec<u8>,
    open: Vec<u8>,
    placements: u64,
    removals: u64,
    max_steps: u64,
    on_step: F,
    halt: Option<Halt>,
}

/// Runs the search from `cells` (digits' numbers, 0 for blank, givens already in `rules`) with the
/// cell order `O`; see `solve::trace`.
pub(crate) fn run<R: Rules, O: Order, F: FnMut(Step<R::Cell, R::Digit>) -> ControlFlow<()>>(
    rules: R,
    cells: Vec<u8>,
    max_steps: Option<u64>,
    on_step: F,
) -> Report<R::Board> {
    let open = (0..cells.len())
        .filter(|&i| cells[i] == 0)
        .map(|i| i as u8)
        .collect();
    let mut search = Search {
        rules,
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
        None if solved => Outcome::Solved(search.rules.board(&search.cells)),
        None => Outcome::Unsolvable,
    };
    Report {
        outcome,
        placements: search.placements,
        removals: search.removals,
    }
}

/// The report of givens that break the rules: no solution, and the article's search would not notice.
pub(crate) fn broken_givens<B>() -> Report<B> {
    Report {
        outcome: Outcome::Unsolvable,
        placements: 0,
        removals: 0,
    }
}

impl<R: Rules, F: FnMut(Step<R::Cell, R::Digit>) -> ControlFlow<()>> Search<R, F> {
    /// Fills `open[depth..]`; true when solved or halted (both unwind without further steps).
    fn fill<O: Order>(&mut self, depth: usize) -> bool {
        if depth == self.open.len() {
            return true;
        }
        let mut candidates = O::pick(&self.rules, &mut self.open, depth);
        let i = self.open[depth] as usize;
        let cell = self.rules.cell(i);
        while candidates != 0 {
            let bit = candidates & candidates.wrapping_neg();
            candidates ^= bit;
            let digit = self.rules.digit(bit.trailing_zeros());
            if !self.emit(Step::Place { cell, digit }) {
                return true;
            }
            self.placements += 1;
            self.cells[i] = bit.trailing_zeros() as u8 + 1;
            self.rules.place(i, bit);
            if self.fill::<O>(depth + 1) {
                return true;
            }
            if !self.emit(Step::Remove { cell }) {
                return true;
            }
            self.removals += 1;
            self.cells[i] = 0;
            self.rules.unplace(i, bit);
        }
        false
    }

    /// Reports a step unless the budget is spent or the callback says stop.
    #[inline]
    fn emit(&mut self, step: Step<R::Cell, R::Digit>) -> bool {
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
