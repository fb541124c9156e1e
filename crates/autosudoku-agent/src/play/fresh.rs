//! When a frame that shows a check's state proves the state holds now (`Agent::sees`), so the
//! check needs no look of its own.
//!
//! The agent only offers frames the phone composed after the last trusted state: the last look, or
//! the last check a frame confirmed. If that state did not show what the check expects, and no
//! input since could have drawn it but the set-up's last one (the tap on the cell, or on the digit
//! key, the check is about), then a frame showing it was composed after that input landed, and
//! nothing was sent after it: the state holds now. A stale frame still on its way cannot pass,
//! whatever its lag. Otherwise (a D-pad walk, which passes over cells; an earlier tap on the same
//! cell; a state the last look already showed) the check looks as before.
//!
//! Such a check reads no digits: a wrong digit of ours can only come from a wrong selection or
//! armed key, which is what the checks rule out, and the look at the end of the round reads every
//! cell.

use super::moves::{Action, AppKey, Check, Expect, Move};
use super::view::Highlight;

/// The last state the screen was trusted to show, and where in the plan that was.
#[derive(Debug, Clone, Copy)]
pub(super) struct Trusted {
    /// The move, and the actions of it sent before then.
    at: (usize, usize),
    shown: Shown,
}

#[derive(Debug, Clone, Copy)]
enum Shown {
    /// A look: the whole highlight.
    Look(Highlight),
    /// A confirmed check: only what it expected.
    Confirmed(Expect),
}

impl Trusted {
    /// The look a plan starts from.
    pub fn look(highlight: Highlight) -> Trusted {
        Trusted {
            at: (0, 0),
            shown: Shown::Look(highlight),
        }
    }

    /// The check of `plan[i]`, after its set-up (`check.after` actions), held: seen by a look
    /// (`Some`) or confirmed by a frame (`None`).
    pub fn held(i: usize, check: Check, look: Option<Highlight>) -> Trusted {
        Trusted {
            at: (i, check.after),
            shown: look.map_or(Shown::Confirmed(check.expect), Shown::Look),
        }
    }

    /// Whether a frame showing `check`'s state, once `plan[i]`'s set-up went out, proves it holds.
    pub fn frame_proves(&self, plan: &[Move], i: usize, check: Check) -> bool {
        let setup = &plan[i].actions[..check.after];
        let Some((last, earlier)) = setup.split_last() else {
            return false;
        };
        if !draws(*last, check.expect) || self.may_show(check.expect) {
            return false;
        }
        let (from, skip) = self.at;
        let mut since = plan[from..i]
            .iter()
            .enumerate()
            .flat_map(|(k, m)| m.actions.iter().skip(if k == 0 { skip } else { 0 }));
        let tail = if from == i {
            &earlier[skip.min(earlier.len())..]
        } else {
            earlier
        };
        !since.any(|&a| may_draw(a, check.expect))
            && !tail.iter().any(|&a| may_draw(a, check.expect))
    }

    /// Whether the trusted state may already have shown `expect`.
    fn may_show(&self, expect: Expect) -> bool {
        match (self.shown, expect) {
            (Shown::Look(h), Expect::Selected(c)) => h.cell == Some(c),
            (Shown::Look(h), Expect::Armed(d)) => h.digit == Some(d),
            (Shown::Confirmed(Expect::Selected(a)), Expect::Selected(b)) => a == b,
            (Shown::Confirmed(Expect::Armed(a)), Expect::Armed(b)) => a == b,
            // Another kind of state was confirmed: this one is not known.
            _ => true,
        }
    }
}

/// Whether `action` is the input that draws `expect`.
fn draws(action: Action, expect: Expect) -> bool {
    match expect {
        Expect::Selected(c) => action == Action::TapCell(c),
        Expect::Armed(d) => action == Action::TapDigit(d),
        Expect::Disarmed => false,
    }
}

/// Whether `action` could draw `expect` (a D-pad key moves the selection over cells).
fn may_draw(action: Action, expect: Expect) -> bool {
    let dpad = matches!(
        action,
        Action::Key(AppKey::Up | AppKey::Down | AppKey::Left | AppKey::Right)
    );
    draws(action, expect) || (matches!(expect, Expect::Selected(_)) && dpad)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::moves::Outcome;
    use autosudoku_core::sudoku::{Cell, Digit};

    fn cell(i: u8) -> Cell {
        Cell::from_index(i.into()).unwrap()
    }

    fn digit(d: u8) -> Digit {
        Digit::new(d).unwrap()
    }

    fn fill(c: Cell, d: Digit, setup: Option<Cell>) -> Move {
        let mut actions: Vec<Action> = setup.into_iter().map(Action::TapCell).collect();
        actions.extend([Action::TapCell(c), Action::TapDigit(d)]);
        let check = setup.map(|_| Check::at(2, Expect::Selected(c)));
        Move {
            cell: c,
            outcome: Outcome::Value(d),
            actions,
            check,
        }
    }

    /// Two cells of 1, then a park on `park` and the first cell of 2, which the check is about.
    fn plan(park: Cell) -> Vec<Move> {
        vec![
            fill(cell(0), digit(1), None),
            fill(cell(1), digit(1), None),
            fill(cell(20), digit(2), Some(park)),
        ]
    }

    fn selected(c: Option<Cell>) -> Highlight {
        Highlight {
            cell: c,
            ..Highlight::default()
        }
    }

    #[test]
    fn a_frame_proves_a_selection_nothing_but_its_tap_could_draw() {
        let plan = plan(cell(40));
        let check = plan[2].check.unwrap();
        assert!(Trusted::look(selected(Some(cell(5)))).frame_proves(&plan, 2, check));
        assert!(Trusted::look(selected(None)).frame_proves(&plan, 2, check));
    }

    #[test]
    fn a_selection_the_last_look_showed_needs_a_look() {
        let plan = plan(cell(40));
        let check = plan[2].check.unwrap();
        assert!(!Trusted::look(selected(Some(cell(20)))).frame_proves(&plan, 2, check));
    }

    #[test]
    fn an_earlier_tap_on_the_same_cell_needs_a_look() {
        let mut plan = plan(cell(40));
        plan.insert(0, fill(cell(20), digit(9), None));
        let check = plan[3].check.unwrap();
        assert!(!Trusted::look(selected(None)).frame_proves(&plan, 3, check));
        // Once a later state was trusted, that tap is behind it.
        let after = Trusted::held(1, Check::at(0, Expect::Selected(cell(1))), None);
        assert!(after.frame_proves(&plan, 3, check));
    }

    #[test]
    fn a_dpad_walk_passes_over_cells_so_it_needs_a_look() {
        let mut plan = plan(cell(40));
        plan[1].actions.insert(0, Action::Key(AppKey::Right));
        let check = plan[2].check.unwrap();
        assert!(!Trusted::look(selected(None)).frame_proves(&plan, 2, check));
    }

    #[test]
    fn a_confirmed_state_of_another_kind_tells_nothing() {
        let plan = plan(cell(40));
        let check = plan[2].check.unwrap();
        let armed = Trusted::held(1, Check::at(0, Expect::Armed(digit(1))), None);
        assert!(!armed.frame_proves(&plan, 2, check));
        let other_cell = Trusted::held(1, Check::at(0, Expect::Selected(cell(1))), None);
        assert!(other_cell.frame_proves(&plan, 2, check));
    }

    #[test]
    fn a_set_up_not_ending_on_the_tap_that_draws_the_state_needs_a_look() {
        let mut plan = plan(cell(40));
        plan[2].actions.swap(0, 1);
        let check = plan[2].check.unwrap();
        assert!(!Trusted::look(selected(None)).frame_proves(&plan, 2, check));
    }
}
