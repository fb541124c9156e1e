//! A fill as moves: the cells it changes, the order a planner visits them in, and the plan in the
//! cheapest input style the app supports (or the one the user forced).

use super::planner::Planner;
use super::vocabulary::{Capabilities, Fix, InputStyle, Move, MoveError};
use autosudoku_core::sudoku::{Board, Cell, Digit};

/// The cells a fill must change: blanks get their answer; wrong entries are erased and corrected.
pub fn fixes(shown: &Board, solution: &Board) -> Vec<Fix> {
    Cell::all()
        .filter_map(|cell| {
            let answer = solution.get(cell)?;
            match shown.get(cell) {
                Some(d) if d == answer => None,
                wrong => Some(Fix {
                    cell,
                    wrong,
                    answer,
                }),
            }
        })
        .collect()
}

/// The order a planner visits the cells of a fill in: D-pad walks rows in a snake (fewest
/// presses); the others group by digit (digit-first arms each digit once; a cell tapped and then
/// typed has a lost select tap retype the digit the selected cell already holds, see `place`).
fn fill_order(planner: &Planner, fixes: &[Fix]) -> Vec<Fix> {
    let mut order = fixes.to_vec();
    match planner.style {
        InputStyle::Keys if !planner.caps.cell_taps => order.sort_by_key(|f| {
            let col = f.cell.col();
            (
                f.cell.row(),
                if f.cell.row() % 2 == 0 { col } else { 8 - col },
            )
        }),
        _ => {
            // A glance rides on the first run (see `Confirm::glance`): the longest run hides its
            // capture behind the most sends.
            let glancing = planner.confirm.glance > 0 && planner.selected.is_none();
            let first = glancing.then(|| longest_run(fixes)).flatten();
            order.sort_by_key(|f| (Some(f.answer) != first, f.answer, f.cell))
        }
    }
    order
}

/// The answer most cells of `fixes` take (the lowest of a tie).
fn longest_run(fixes: &[Fix]) -> Option<Digit> {
    Digit::all().max_by_key(|&d| {
        let cells = fixes.iter().filter(|f| f.answer == d).count();
        (cells, std::cmp::Reverse(d))
    })
}

/// Moves that carry out a fill in one style: wrong entries erased first, then every answer.
pub fn plan_fill_in(
    style: InputStyle,
    caps: &Capabilities,
    selected: Option<Cell>,
    fixes: &[Fix],
) -> Result<Vec<Move>, MoveError> {
    plan_with(&mut Planner::new(style, caps, selected)?, fixes)
}

/// A fill planned by an existing planner (repair rounds keep what it knows of the app's state).
pub fn plan_with(planner: &mut Planner, fixes: &[Fix]) -> Result<Vec<Move>, MoveError> {
    let order = fill_order(planner, fixes);
    let mut moves = Vec::with_capacity(fixes.len());
    for fix in order.iter().filter(|f| f.wrong.is_some()) {
        moves.push(planner.erase(fix.cell)?);
    }
    for fix in &order {
        moves.push(planner.place(fix.cell, fix.answer)?);
    }
    Ok(moves)
}

/// The planner for the cheapest style, or the forced one.
pub fn planner_for(
    caps: &Capabilities,
    forced: Option<InputStyle>,
    selected: Option<Cell>,
    fixes: &[Fix],
) -> Result<Planner, MoveError> {
    let (style, _) = plan_fill(caps, forced, selected, fixes)?;
    Planner::new(style, caps, selected)
}

/// Number of inputs a plan sends: each tap and each key is one event the app handles in a frame.
pub fn action_count(moves: &[Move]) -> usize {
    moves.iter().map(|m| m.actions.len()).sum()
}

/// The cheapest fill among the styles the app supports (fewest inputs; ties keep profile order),
/// or in the style the user forced.
pub fn plan_fill(
    caps: &Capabilities,
    forced: Option<InputStyle>,
    selected: Option<Cell>,
    fixes: &[Fix],
) -> Result<(InputStyle, Vec<Move>), MoveError> {
    if let Some(style) = forced {
        return Ok((style, plan_fill_in(style, caps, selected, fixes)?));
    }
    let mut best: Option<(InputStyle, Vec<Move>)> = None;
    let mut first_error = None;
    for &style in &caps.styles {
        match plan_fill_in(style, caps, selected, fixes) {
            Ok(moves) => {
                if best
                    .as_ref()
                    .is_none_or(|(_, b)| action_count(&moves) < action_count(b))
                {
                    best = Some((style, moves));
                }
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    best.ok_or_else(|| first_error.unwrap_or(MoveError::NoStyle))
}
