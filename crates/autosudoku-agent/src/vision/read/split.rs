//! Whether the givens read are the puzzle's. The pixels' split (ink, weight, paper) is believed
//! only when the logic agrees: its givens alone make a puzzle with one solution. An entry that
//! differs from that solution is then the player's mistake: a board with a wrong entry has no
//! completion at all, and the split that explains it is the only reading in which it is a game
//! (`play` erases such entries). Otherwise the split is unknown (the pixels showed none they could
//! stand by, or its givens have several solutions or none), and that costs the read nothing when
//! the board as shown has exactly one completion: that completion is the answer whatever the
//! split, so every digit is taken as a given and the board is judged as one puzzle. A board whose
//! digits are all drawn alike comes out all givens so, whatever highlight tints some of them. Only
//! a board with no believable split and no single completion stays a misread.

use super::board::{BoardRead, CellKind, CellRead};
use crate::vision::rules::BoardRules;
use crate::vision::sanity::{check, Problem};
use autosudoku_core::solve::fast::Solutions;
use autosudoku_core::sudoku::Board;

/// Judges the split of `read` (its cells' kinds and sanity as the pixels left them; `confidence`
/// per cell): sets `givens_known`, and when the split is unknown but the board has one
/// completion, takes every digit as a given.
pub(super) fn judge(read: &mut BoardRead, confidence: &[f32; 81]) {
    let unseen = read.sanity.problems.iter().any(|p| {
        matches!(
            p,
            Problem::GivensUnseen { .. }
                | Problem::PapersUnexplained { .. }
                | Problem::WeightsUnclear
                | Problem::GivensCovered { .. }
        )
    });
    read.givens_known = !unseen && one_solution(&read.givens(), &rules(read));
    if read.givens_known {
        return;
    }
    if !one_solution(&read.board, &rules(read)) {
        uncover(read, confidence);
        return;
    }
    for c in read.cells.iter_mut().filter(|c| c.digit.is_some()) {
        c.kind = CellKind::Given;
    }
    read.sanity = check(&read.board, &Board::empty(), confidence, &rules(read));
}

/// A board with no single completion whose givens' cue a highlight hides in some cells: the
/// givens elsewhere may make the puzzle alone. Then a covered digit its solution agrees with needs
/// no erasing whatever its role, and is kept as a given (the split stays unknown); the entries
/// off the highlight are judged against that solution as usual.
fn uncover(read: &mut BoardRead, confidence: &[f32; 81]) {
    let Some(hidden) = read.sanity.problems.iter().find_map(|p| match p {
        Problem::GivensCovered { cells } => Some(cells.clone()),
        _ => None,
    }) else {
        return;
    };
    let mut base = read.givens();
    hidden.iter().for_each(|&c| base.set(c, None));
    let rules = rules(read);
    if !rules.repeats(&base).is_empty() {
        return;
    }
    let Solutions::One(solution) = rules.count(&base) else {
        return;
    };
    let agree = |c: &CellRead| c.digit.is_none() || c.digit == solution.get(c.cell);
    if !read
        .cells
        .iter()
        .filter(|c| hidden.contains(&c.cell))
        .all(agree)
    {
        return;
    }
    for c in read
        .cells
        .iter_mut()
        .filter(|c| hidden.contains(&c.cell) && c.digit.is_some())
    {
        c.kind = CellKind::Given;
    }
    read.sanity = check(&read.givens(), &read.entered(), confidence, &rules);
}

/// Whether `b` obeys the rules and has exactly one completion.
fn one_solution(b: &Board, rules: &BoardRules) -> bool {
    rules.repeats(b).is_empty() && matches!(rules.count(b), Solutions::One(_))
}

/// The rules the read's layout shows (classic when it shows none for sure).
fn rules(read: &BoardRead) -> BoardRules {
    BoardRules::of(read.layout.as_ref())
}

#[cfg(test)]
mod tests;
