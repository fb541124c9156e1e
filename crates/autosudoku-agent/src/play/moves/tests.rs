//! Unit tests of fill planning for every input style.

use super::*;
use crate::play::fake::touch_caps as caps;
use autosudoku_core::sudoku::{Board, Cell, Digit};

fn cell(r: usize, c: usize) -> Cell {
    Cell::new(r, c).unwrap()
}

fn d(n: u8) -> Digit {
    Digit::new(n).unwrap()
}

/// The plan in `style` for an app that has only that style, nothing selected.
fn plan_only(style: InputStyle, fixes: &[Fix]) -> Vec<Move> {
    plan_fill_in(style, &caps(&[style]), None, fixes).unwrap()
}

/// A solved grid (a shifted pattern) and a puzzle with `blanks` cells cleared row-major.
fn puzzle(blanks: usize) -> (Board, Board) {
    let mut solution = Board::empty();
    for c in Cell::all() {
        let v = (c.row() * 3 + c.row() / 3 + c.col()) % 9 + 1;
        solution.set(c, Digit::new(v as u8));
    }
    let mut shown = solution.clone();
    for c in Cell::all().take(blanks) {
        shown.set(c, None);
    }
    (shown, solution)
}

#[test]
fn fixes_lists_blanks_and_wrong_entries_only() {
    let (mut shown, solution) = puzzle(2);
    let wrong = if solution.get(cell(8, 8)) == Some(d(1)) {
        d(2)
    } else {
        d(1)
    };
    shown.set(cell(8, 8), Some(wrong));
    let f = fixes(&shown, &solution);
    assert_eq!(f.len(), 3);
    assert_eq!(f[0].cell, cell(0, 0));
    assert_eq!(f[0].wrong, None);
    assert_eq!(f[2].wrong, Some(wrong));
}

#[test]
fn cell_first_is_two_taps_a_cell() {
    let (shown, solution) = puzzle(55);
    let f = fixes(&shown, &solution);
    let moves = plan_only(InputStyle::CellFirst, &f);
    assert_eq!(moves.len(), 55);
    assert_eq!(action_count(&moves), 110);
    assert_eq!(
        moves[0].actions,
        [
            Action::TapCell(cell(0, 0)),
            Action::TapDigit(solution.get(cell(0, 0)).unwrap())
        ]
    );
    assert_eq!(
        moves[0].outcome,
        Outcome::Value(solution.get(cell(0, 0)).unwrap())
    );
}

#[test]
fn digit_first_arms_each_digit_once() {
    let (shown, solution) = puzzle(55);
    let f = fixes(&shown, &solution);
    let moves = plan_only(InputStyle::DigitFirst, &f);
    assert_eq!(action_count(&moves), 55 + 9);
    let arms = moves
        .iter()
        .flat_map(|m| &m.actions)
        .filter(|a| matches!(a, Action::TapDigit(_)))
        .count();
    assert_eq!(arms, 9);
    // Every move ends with the tap on its own cell.
    assert!(moves
        .iter()
        .all(|m| m.actions.last() == Some(&Action::TapCell(m.cell))));
}

#[test]
fn cheapest_style_is_chosen_unless_forced() {
    let (shown, solution) = puzzle(55);
    let f = fixes(&shown, &solution);
    let both = caps(&[InputStyle::CellFirst, InputStyle::DigitFirst]);
    let (style, _) = plan_fill(&both, None, None, &f).unwrap();
    assert_eq!(style, InputStyle::DigitFirst);
    let (style, moves) = plan_fill(&both, Some(InputStyle::CellFirst), None, &f).unwrap();
    assert_eq!(style, InputStyle::CellFirst);
    assert_eq!(action_count(&moves), 110);
    let err = plan_fill(&both, Some(InputStyle::Keys), None, &f).unwrap_err();
    assert!(err.to_string().contains("cell-first, digit-first"), "{err}");
}

#[test]
fn keys_walk_a_snake_and_never_retype_a_cell() {
    let (shown, solution) = puzzle(18); // rows 0 and 1 blank
    let f = fixes(&shown, &solution);
    let keys = Capabilities {
        cell_taps: false,
        ..caps(&[InputStyle::Keys])
    };
    let moves = plan_fill_in(InputStyle::Keys, &keys, Some(cell(0, 0)), &f).unwrap();
    // Row 0 left to right, one Down, row 1 right to left: 17 moves + 18 digits.
    assert_eq!(action_count(&moves), 17 + 18);
    assert_eq!(moves[9].cell, cell(1, 8));
    assert_eq!(moves[9].actions[0], Action::Key(AppKey::Down));
    // Simulate the cursor: every digit key lands on the move's own cell.
    let mut at = cell(0, 0);
    for m in &moves {
        for a in &m.actions {
            match a {
                Action::Key(AppKey::Up) => at = cell(at.row() - 1, at.col()),
                Action::Key(AppKey::Down) => at = cell(at.row() + 1, at.col()),
                Action::Key(AppKey::Left) => at = cell(at.row(), at.col() - 1),
                Action::Key(AppKey::Right) => at = cell(at.row(), at.col() + 1),
                Action::Key(AppKey::Digit(_)) => assert_eq!(at, m.cell),
                other => panic!("unexpected {other:?}"),
            }
        }
    }
}

#[test]
fn keys_without_a_known_cursor_and_no_taps_is_refused() {
    let (shown, solution) = puzzle(3);
    let keys = Capabilities {
        cell_taps: false,
        ..caps(&[InputStyle::Keys])
    };
    let err = plan_fill_in(InputStyle::Keys, &keys, None, &fixes(&shown, &solution)).unwrap_err();
    assert_eq!(err, MoveError::UnknownCursor);
    // With cell taps, every move taps its cell: a lost tap cannot shift the moves after it.
    let tappable = caps(&[InputStyle::Keys]);
    let moves = plan_fill_in(InputStyle::Keys, &tappable, None, &fixes(&shown, &solution)).unwrap();
    assert!(moves
        .iter()
        .all(|m| m.actions[..m.actions.len() - 1] == [Action::TapCell(m.cell)]));
}

#[test]
fn wrong_entries_are_erased_before_filling() {
    let (mut shown, solution) = puzzle(1);
    let right = solution.get(cell(4, 4)).unwrap();
    shown.set(cell(4, 4), Digit::new(right.get() % 9 + 1));
    let f = fixes(&shown, &solution);
    let moves = plan_only(InputStyle::DigitFirst, &f);
    assert_eq!(moves[0].outcome, Outcome::Blank);
    assert_eq!(
        moves[0].actions,
        [
            Action::TapCell(cell(4, 4)),
            Action::TapButton(Button::Erase)
        ]
    );
    let no_erase = Capabilities {
        erase: false,
        ..caps(&[InputStyle::CellFirst])
    };
    assert_eq!(
        plan_fill_in(InputStyle::CellFirst, &no_erase, None, &f).unwrap_err(),
        MoveError::NoErase(cell(4, 4))
    );
    // An app that takes keys is erased with DEL instead.
    let del = Capabilities {
        keys: true,
        ..no_erase
    };
    let moves = plan_fill_in(InputStyle::CellFirst, &del, None, &f).unwrap();
    assert_eq!(
        moves[0].actions,
        [Action::TapCell(cell(4, 4)), Action::Key(AppKey::Delete)]
    );
    // So is a digit-first app without an erase button (paper: no toolbar at all).
    let del = Capabilities {
        keys: true,
        erase: false,
        ..caps(&[InputStyle::DigitFirst])
    };
    let moves = plan_fill_in(InputStyle::DigitFirst, &del, None, &f).unwrap();
    assert_eq!(
        moves[0].actions,
        [Action::TapCell(cell(4, 4)), Action::Key(AppKey::Delete)]
    );
}

#[test]
fn forget_makes_the_next_move_reselect_and_rearm() {
    let c = caps(&[InputStyle::DigitFirst]);
    let mut p = Planner::new(InputStyle::DigitFirst, &c, None).unwrap();
    assert_eq!(p.place(cell(0, 0), d(3)).unwrap().actions.len(), 2);
    assert_eq!(p.place(cell(0, 1), d(3)).unwrap().actions.len(), 1);
    p.forget(None, false);
    assert_eq!(p.place(cell(0, 2), d(3)).unwrap().actions.len(), 1);
    p.forget(None, true);
    assert_eq!(p.place(cell(0, 3), d(3)).unwrap().actions.len(), 2);
}

#[test]
fn a_used_up_digit_stays_armed_and_its_own_cell_is_erased_without_disarming() {
    let (shown, solution) = puzzle(1);
    // Fill every 9 but the last, then plan: place the ninth 9, remove it, remove another cell.
    let nines: Vec<Cell> = solution
        .filled()
        .filter(|&(_, d)| d.get() == 9)
        .map(|(c, _)| c)
        .collect();
    let mut board = shown.clone();
    for &c in &nines[..8] {
        board.set(c, Some(Digit::new(9).unwrap()));
    }
    let last = nines[8];
    let other = Cell::all()
        .find(|&c| board.get(c).is_some_and(|d| d.get() != 9) && shown.get(c).is_none())
        .unwrap_or_else(|| {
            let c = Cell::all()
                .find(|&c| board.get(c).is_none() && c != last)
                .unwrap();
            board.set(c, solution.get(c));
            c
        });
    let del = Capabilities {
        keys: true,
        erase: false,
        ..caps(&[InputStyle::DigitFirst])
    };
    let nine = Digit::new(9).unwrap();
    let mut p = Planner::new(InputStyle::DigitFirst, &del, None)
        .unwrap()
        .seeing(&board);
    p.place(last, nine).unwrap();
    // The 9 key is used up now: a tap on it would be ignored, so none is sent.
    assert_eq!(
        p.erase(last).unwrap().actions,
        [Action::TapCell(last), Action::Key(AppKey::Delete)]
    );
    // With the ninth 9 gone the key works again and is tapped to disarm before the next erase.
    assert_eq!(
        p.erase(other).unwrap().actions,
        [
            Action::TapDigit(nine),
            Action::TapCell(other),
            Action::Key(AppKey::Delete)
        ]
    );
}

#[test]
fn cell_first_fills_digit_by_digit_parking_the_selection_on_two_givens_in_turn_between_digits() {
    let (mut shown, solution) = puzzle(0);
    // Row 0 of the pattern is 1..9: blank its 1, 2 and the 1 of row 1 (at column 6).
    let (a, b, c) = (cell(0, 0), cell(1, 6), cell(0, 1));
    for x in [a, b, c] {
        shown.set(x, None);
    }
    let (guard, other) = (cell(8, 8), cell(8, 7));
    let mut p = Planner::new(InputStyle::CellFirst, &caps(&[InputStyle::CellFirst]), None)
        .unwrap()
        .guarded_by([guard, other, cell(8, 6)]);
    let moves = plan_with(&mut p, &fixes(&shown, &solution)).unwrap();
    let actions: Vec<Action> = moves.into_iter().flat_map(|m| m.actions).collect();
    assert_eq!(
        actions,
        [
            // Both 1s in a row: a lost select of b retypes the 1 a already holds.
            Action::TapCell(guard),
            Action::TapCell(a),
            Action::TapDigit(d(1)),
            Action::TapCell(b),
            Action::TapDigit(d(1)),
            // A new digit: park on a given first, the other one this time.
            Action::TapCell(other),
            Action::TapCell(c),
            Action::TapDigit(d(2)),
        ]
    );
}

/// A confirming cell-first planner parked on (8, 8) that has not seen a selection yet, and its
/// plan for the blanks `cells` of `puzzle(0)` (row 0 holds 1..9; 1s also at (1,6), (2,3), (3,8)).
fn glancing_plan(cells: &[Cell]) -> Vec<Move> {
    let (mut shown, solution) = puzzle(0);
    for &x in cells {
        shown.set(x, None);
    }
    let confirm = Confirm {
        selection: true,
        armed: true,
        glance: 3,
    };
    let mut p = Planner::new(InputStyle::CellFirst, &caps(&[InputStyle::CellFirst]), None)
        .unwrap()
        .guarded_by(Some(cell(8, 8)))
        .confirming(confirm);
    plan_with(&mut p, &fixes(&shown, &solution)).unwrap()
}

fn seen(after: usize, at: Cell, misses: u8, glance: bool) -> Option<Check> {
    Some(Check {
        after,
        expect: Expect::Selected(at),
        misses,
        glance,
    })
}

#[test]
fn a_confirming_fill_that_sees_no_selection_glances_during_its_first_run() {
    let ones = [cell(0, 0), cell(1, 6), cell(2, 3), cell(3, 8)];
    let two = cell(0, 1);
    let moves = glancing_plan(&[&ones[..], &[two]].concat());
    // Nothing is selected: the first run goes out parked but unchecked, with a glance after
    // three of its moves (a look showing nothing there takes four lost taps on a drawing app).
    let guard = cell(8, 8);
    assert_eq!(
        moves[0].actions,
        [
            Action::TapCell(guard),
            Action::TapCell(ones[0]),
            Action::TapDigit(d(1))
        ]
    );
    assert_eq!(moves[0].check, None);
    assert_eq!(moves[1].check, None);
    assert_eq!(moves[2].check, seen(2, ones[2], 4, true));
    assert_eq!(moves[3].check, None);
    // A new digit: parked and seen there before its digit.
    assert_eq!(
        moves[4].actions,
        [
            Action::TapCell(guard),
            Action::TapCell(two),
            Action::TapDigit(d(2))
        ]
    );
    assert_eq!(moves[4].check, seen(1, guard, 1, false));
}

#[test]
fn the_glance_rides_on_the_longest_run() {
    // One 1 and four 2s (row 0 holds 1..9; 2s also at (1,7), (2,4), (3,0)): the 2s go first.
    let twos = [cell(0, 1), cell(1, 7), cell(2, 4), cell(3, 0)];
    let moves = glancing_plan(&[&twos[..], &[cell(0, 0)]].concat());
    let order: Vec<Cell> = moves.iter().map(|m| m.cell).collect();
    assert_eq!(order, [&twos[..], &[cell(0, 0)]].concat());
    assert_eq!(moves[2].check, seen(2, twos[2], 4, true));
}

#[test]
fn a_first_run_too_short_for_its_glance_is_seen_at_the_next_park() {
    // Two 1s, then a 2 and a 3: the look at the 2's park counts the park and both taps.
    let cells = [cell(0, 0), cell(1, 6), cell(0, 1), cell(0, 2)];
    let moves = glancing_plan(&cells);
    assert_eq!((moves[0].check, moves[1].check), (None, None));
    assert_eq!(moves[2].check, seen(1, cell(8, 8), 3, false));
    assert_eq!(moves[3].check, seen(1, cell(8, 8), 1, false));
}

#[test]
fn a_stuck_armed_digit_is_refused_and_cell_first_clears_the_cell() {
    // Digit-first with 1 armed and all nine 1s on the board: its key is used up, so a wrong 2
    // cannot be reached without typing a tenth 1. The message names cell-first, which can.
    let (mut shown, solution) = puzzle(0);
    let one = Cell::all()
        .find(|&c| solution.get(c) == Some(d(1)))
        .unwrap();
    let other = Cell::all()
        .find(|&c| solution.get(c) == Some(d(3)))
        .unwrap();
    shown.set(other, Some(d(2)));
    let both = caps(&[InputStyle::DigitFirst, InputStyle::CellFirst]);
    let mut armed = Planner::new(InputStyle::DigitFirst, &both, Some(one))
        .unwrap()
        .seeing(&shown);
    armed.sync_armed(Some(d(1)));
    let err = armed.erase(other).unwrap_err();
    assert_eq!(err, MoveError::StuckDigit(d(1), other));
    assert!(
        err.to_string().contains("--input-style cell-first"),
        "{err}"
    );
    let fixes = fixes(&shown, &solution);
    let moves = plan_fill_in(InputStyle::CellFirst, &both, Some(one), &fixes).unwrap();
    assert_eq!(moves[0].cell, other);
    assert_eq!(moves[0].outcome, Outcome::Blank);
    assert_eq!(moves.last().unwrap().outcome, Outcome::Value(d(3)));
}
