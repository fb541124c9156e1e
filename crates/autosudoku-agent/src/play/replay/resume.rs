//! Where an interrupted replay stands: the solver's trace is a pure function of the puzzle, so the
//! board on screen after a Ctrl-C or a lost phone is one of the boards the trace passes through.
//! [`OnScreen`] follows the trace's board step by step and says when it is the one on screen; the
//! replay then sends only the steps after it. The first such step is taken: a board the search
//! comes back to (after a Remove) is also where it entered that branch, so nothing is skipped.

use autosudoku_core::solve::Step;
use autosudoku_core::sudoku::{Board, Cell, Digit};

/// The trace's board as the phone shows it, compared with the board on screen.
#[derive(Debug)]
pub(super) struct OnScreen<'a> {
    board: Board,
    screen: &'a Board,
    /// With `--notes-trial`, the answer: a trial digit that is not the cell's answer goes in as a
    /// note, so it never shows as a value.
    notes_answer: Option<&'a Board>,
    /// Cells whose value differs between the two: the boards are equal at 0.
    differ: usize,
}

impl<'a> OnScreen<'a> {
    /// The trace about to start from `from`, and the board on `screen`.
    pub fn new(from: &Board, screen: &'a Board, notes_answer: Option<&'a Board>) -> OnScreen<'a> {
        let differ = Cell::all()
            .filter(|&c| from.get(c) != screen.get(c))
            .count();
        OnScreen {
            board: from.clone(),
            screen,
            notes_answer,
            differ,
        }
    }

    /// Whether the trace's board is the one on screen.
    pub fn matches(&self) -> bool {
        self.differ == 0
    }

    /// Follows one step of the trace; whether the boards are now equal.
    pub fn step(&mut self, step: Step) -> bool {
        match step {
            Step::Place { cell, digit } => {
                let as_note = self
                    .notes_answer
                    .is_some_and(|answer| answer.get(cell) != Some(digit));
                if !as_note {
                    self.set(cell, Some(digit));
                }
            }
            Step::Remove { cell } => self.set(cell, None),
        }
        self.matches()
    }

    fn set(&mut self, cell: Cell, value: Option<Digit>) {
        let was = self.board.get(cell) == self.screen.get(cell);
        self.board.set(cell, value);
        let is = self.board.get(cell) == self.screen.get(cell);
        match (was, is) {
            (true, false) => self.differ += 1,
            (false, true) => self.differ -= 1,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use autosudoku_core::solve::{self, Strategy};
    use std::ops::ControlFlow;

    fn trace(board: &Board) -> Vec<Step> {
        let mut steps = Vec::new();
        solve::trace(board, Strategy::Naive, None, |s| {
            steps.push(s);
            ControlFlow::Continue(())
        });
        steps
    }

    #[test]
    fn finds_the_first_step_whose_board_is_on_screen() {
        let (puzzle, _) = crate::play::fake::puzzle();
        let steps = trace(&puzzle);
        // The board after each prefix of the trace is found at the first step that shows it.
        for k in [0, 1, 7, steps.len() / 2, steps.len()] {
            let mut screen = puzzle.clone();
            let mut follow = OnScreen::new(&puzzle, &puzzle, None);
            for &s in &steps[..k] {
                follow.step(s);
            }
            screen.clone_from(&follow.board);
            let mut at = OnScreen::new(&puzzle, &screen, None);
            let found = if at.matches() {
                Some(0)
            } else {
                steps.iter().position(|&s| at.step(s)).map(|i| i + 1)
            };
            let found = found.expect("the board is on the trace");
            assert!(found <= k, "found at {found}, the trace was at {k}");
            let mut again = OnScreen::new(&puzzle, &screen, None);
            steps[..found].iter().for_each(|&s| {
                again.step(s);
            });
            assert!(again.matches());
        }
    }

    #[test]
    fn a_board_off_the_trace_is_never_matched() {
        let (puzzle, solution) = crate::play::fake::puzzle();
        let mut screen = puzzle.clone();
        // The answer of the last blank alone: the naive search fills cells in order.
        let last = puzzle.blanks().last().unwrap();
        screen.set(last, solution.get(last));
        let mut at = OnScreen::new(&puzzle, &screen, None);
        let hits = trace(&puzzle).into_iter().filter(|&s| at.step(s)).count();
        assert_eq!(hits, 0);
    }
}
