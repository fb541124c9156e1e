//! The solver's trace as moves on the phone: every Place a digit entered, every Remove an erase,
//! in the solver's order. With `--notes-trial`, a trial digit that is not the cell's answer is
//! entered as a pencil note instead, so an app that counts mistakes never sees a wrong entry.

use crate::play::moves::{Move, MoveError, Planner};
use autosudoku_core::solve::Step;
use autosudoku_core::sudoku::{Board, Cell, Digit};

/// What the replay has put in a cell so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shown {
    Nothing,
    Value(Digit),
    Note(Digit),
}

/// Converts trace steps into moves one at a time (the trace is streamed, never collected).
#[derive(Debug)]
pub struct ReplayPlanner {
    planner: Planner,
    /// The answer, when trial digits that are wrong go in as notes.
    notes_trial: Option<Board>,
    shown: [Shown; 81],
}

impl ReplayPlanner {
    /// `notes_trial`: the solution, to tell trial digits (wrong ones become notes) from right ones.
    pub fn new(planner: Planner, notes_trial: Option<Board>) -> ReplayPlanner {
        ReplayPlanner {
            planner,
            notes_trial,
            shown: [Shown::Nothing; 81],
        }
    }

    /// The move for the solver's `Place { cell, digit }`.
    pub fn place(&mut self, cell: Cell, digit: Digit) -> Result<Move, MoveError> {
        let as_note = self
            .notes_trial
            .as_ref()
            .is_some_and(|answer| answer.get(cell) != Some(digit));
        let mv = if as_note {
            self.shown[cell.index()] = Shown::Note(digit);
            self.planner.note(cell, digit)?
        } else {
            self.shown[cell.index()] = Shown::Value(digit);
            self.planner.place(cell, digit)?
        };
        Ok(mv)
    }

    /// Records a step that is on the phone already (a stopped replay's), without a move: what the
    /// cell shows, so that its Remove later toggles a trial note off rather than erasing.
    pub fn landed(&mut self, step: Step) {
        let (cell, shown) = match step {
            Step::Place { cell, digit } => match &self.notes_trial {
                Some(answer) if answer.get(cell) != Some(digit) => (cell, Shown::Note(digit)),
                _ => (cell, Shown::Value(digit)),
            },
            Step::Remove { cell } => (cell, Shown::Nothing),
        };
        self.shown[cell.index()] = shown;
    }

    /// The move for one step of the solver's trace.
    pub fn step(&mut self, step: Step) -> Result<Move, MoveError> {
        match step {
            Step::Place { cell, digit } => self.place(cell, digit),
            Step::Remove { cell } => self.remove(cell),
        }
    }

    /// The move for the solver's `Remove { cell }`: erase an entry, or toggle the trial note off.
    pub fn remove(&mut self, cell: Cell) -> Result<Move, MoveError> {
        let shown = std::mem::replace(&mut self.shown[cell.index()], Shown::Nothing);
        match shown {
            Shown::Note(d) => self.planner.note(cell, d),
            Shown::Value(_) | Shown::Nothing => self.planner.erase(cell),
        }
    }
}

/// How many Place steps of a trace put a digit that is not the cell's answer: each is a mistake
/// in an app that checks entries against its solution.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct MistakeCount(pub u64);

impl MistakeCount {
    pub fn record(&mut self, solution: &Board, cell: Cell, digit: Digit) {
        if solution.get(cell) != Some(digit) {
            self.0 += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::moves::{Action, AppKey, Button, Capabilities, InputStyle, Outcome};

    fn caps(style: InputStyle) -> Capabilities {
        crate::play::fake::touch_caps(&[style])
    }

    fn cell(r: usize, c: usize) -> Cell {
        Cell::new(r, c).unwrap()
    }

    fn d(n: u8) -> Digit {
        Digit::new(n).unwrap()
    }

    #[test]
    fn place_then_remove_then_place_again_reuses_the_selection() {
        let p = Planner::new(InputStyle::CellFirst, &caps(InputStyle::CellFirst), None).unwrap();
        let mut r = ReplayPlanner::new(p, None);
        let a = r.place(cell(0, 2), d(1)).unwrap();
        assert_eq!(
            a.actions,
            [Action::TapCell(cell(0, 2)), Action::TapDigit(d(1))]
        );
        let b = r.remove(cell(0, 2)).unwrap();
        assert_eq!(b.actions, [Action::TapButton(Button::Erase)]);
        assert_eq!(b.outcome, Outcome::Blank);
        let c = r.place(cell(0, 2), d(2)).unwrap();
        assert_eq!(c.actions, [Action::TapDigit(d(2))]);
    }

    #[test]
    fn notes_trial_puts_wrong_digits_as_notes_and_right_ones_as_values() {
        let mut answer = Board::empty();
        answer.set(cell(0, 0), Some(d(5)));
        let p = Planner::new(InputStyle::CellFirst, &caps(InputStyle::CellFirst), None).unwrap();
        let mut r = ReplayPlanner::new(p, Some(answer));
        let trial = r.place(cell(0, 0), d(3)).unwrap();
        assert_eq!(trial.outcome, Outcome::Note(d(3)));
        assert_eq!(
            trial.actions,
            [
                Action::TapButton(Button::Notes),
                Action::TapCell(cell(0, 0)),
                Action::TapDigit(d(3))
            ]
        );
        // Removing the trial toggles the same note off, staying in notes mode.
        let undo = r.remove(cell(0, 0)).unwrap();
        assert_eq!(undo.outcome, Outcome::Note(d(3)));
        assert_eq!(undo.actions, [Action::TapDigit(d(3))]);
        let right = r.place(cell(0, 0), d(5)).unwrap();
        assert_eq!(right.outcome, Outcome::Value(d(5)));
        assert_eq!(
            right.actions,
            [Action::TapButton(Button::Notes), Action::TapDigit(d(5))]
        );
    }

    #[test]
    fn keys_replay_walks_the_cursor_and_deletes() {
        // An app that ignores taps on its grid: the D-pad moves the cursor.
        let keys_only = Capabilities {
            cell_taps: false,
            ..caps(InputStyle::Keys)
        };
        let p = Planner::new(InputStyle::Keys, &keys_only, Some(cell(0, 0))).unwrap();
        let mut r = ReplayPlanner::new(p, None);
        let a = r.place(cell(1, 1), d(4)).unwrap();
        assert_eq!(
            a.actions,
            [
                Action::Key(AppKey::Down),
                Action::Key(AppKey::Right),
                Action::Key(AppKey::Digit(d(4)))
            ]
        );
        let b = r.remove(cell(1, 1)).unwrap();
        assert_eq!(b.actions, [Action::Key(AppKey::Delete)]);
    }

    #[test]
    fn mistakes_count_only_wrong_places() {
        let mut answer = Board::empty();
        answer.set(cell(0, 0), Some(d(5)));
        let mut m = MistakeCount::default();
        m.record(&answer, cell(0, 0), d(1));
        m.record(&answer, cell(0, 0), d(5));
        assert_eq!(m, MistakeCount(1));
    }
}
