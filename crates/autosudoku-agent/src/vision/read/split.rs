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

use super::board::{BoardRead, CellKind};
use crate::vision::rules::BoardRules;
use crate::vision::sanity::{check, Problem};
use autosudoku_core::solve::fast::Solutions;
use autosudoku_core::sudoku::{Board, Cell, Digit};

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

/// Most digits under a highlight whose roles are tried every way (2^n boards counted).
const MOST_HIDDEN: usize = 9;

/// A board with no single completion whose givens' cue a highlight hides in some cells: the
/// givens elsewhere, with the hidden digits that are givens, make the puzzle. Which those are is
/// tried every way; when every way that makes a proper puzzle makes the same one, its solution is
/// the answer. A hidden digit it agrees with needs no erasing whatever its role, and is kept as a
/// given (the split stays unknown); one it does not is the player's mistake, an entry (givens are
/// never wrong); the entries off the highlight are judged against that solution as usual.
fn uncover(read: &mut BoardRead, confidence: &[f32; 81]) {
    let Some(hidden) = read.sanity.problems.iter().find_map(|p| match p {
        Problem::GivensCovered { cells } => Some(cells.clone()),
        _ => None,
    }) else {
        return;
    };
    let digits: Vec<(Cell, Digit)> = read
        .cells
        .iter()
        .filter(|c| hidden.contains(&c.cell))
        .filter_map(|c| Some((c.cell, c.digit?)))
        .collect();
    if digits.len() > MOST_HIDDEN {
        return;
    }
    let mut base = read.givens();
    hidden.iter().for_each(|&c| base.set(c, None));
    let rules = rules(read);
    let Some(solution) = only_puzzle(&base, &digits, &rules) else {
        return;
    };
    for c in read
        .cells
        .iter_mut()
        .filter(|c| hidden.contains(&c.cell) && c.digit.is_some())
    {
        c.kind = if c.digit == solution.get(c.cell) {
            CellKind::Given
        } else {
            CellKind::Entered
        };
    }
    read.sanity = check(&read.givens(), &read.entered(), confidence, &rules);
}

/// The solution of every proper puzzle `base` makes with some of the `hidden` digits added, when
/// there is one and they all share it.
fn only_puzzle(base: &Board, hidden: &[(Cell, Digit)], rules: &BoardRules) -> Option<Board> {
    let mut found: Option<Board> = None;
    for ways in 0..1u32 << hidden.len() {
        let mut b = base.clone();
        for (i, &(c, d)) in hidden.iter().enumerate() {
            if ways >> i & 1 == 1 {
                b.set(c, Some(d));
            }
        }
        if !rules.repeats(&b).is_empty() {
            continue;
        }
        if let Solutions::One(s) = rules.count(&b) {
            if found.as_ref().is_some_and(|f| *f != s) {
                return None;
            }
            found = Some(s);
        }
    }
    found
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
