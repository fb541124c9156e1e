//! Where a replay of a board of another side starts: the trace is a pure function of the puzzle,
//! so a board a stopped replay left on screen is one the trace of its givens passes through, and
//! only the steps after it are sent. The givens are those the inks tell (`SizedRead::givens`)
//! when they make a puzzle with one answer; else the board as shown is the puzzle, as when the
//! app draws givens and entries alike.

use super::sized::answer_from;
use crate::play::sized::SizedError;
use crate::vision::sized::SizedRead;
use autosudoku_core::solve::Step;
use autosudoku_core::variant::solve::VariantStep;
use autosudoku_core::variant::Grid;

/// The puzzle a replay traces, and its one answer.
pub(super) fn puzzle(read: &SizedRead) -> Result<(Grid, Grid), SizedError> {
    if let Some(givens) = read.givens() {
        if let Ok(answer) = answer_from(read, givens.clone()) {
            return Ok((givens, answer));
        }
    }
    let shown = read.board();
    answer_from(read, shown.clone()).map(|answer| (shown, answer))
}

/// How many of `steps` (the trace from `puzzle`) the board `shown` is past: the first step after
/// which the trace's board is the one on screen (a board the search comes back to after a
/// removal is also where it entered that branch, so nothing is skipped); `None` when the trace
/// never shows it.
pub(super) fn on_trace(puzzle: &Grid, shown: &Grid, steps: &[VariantStep]) -> Option<usize> {
    let mut board = puzzle.clone();
    let mut differ = puzzle
        .positions()
        .filter(|&p| board.get(p) != shown.get(p))
        .count();
    if differ == 0 {
        return Some(0);
    }
    for (i, step) in steps.iter().enumerate() {
        let (pos, symbol) = match *step {
            Step::Place { cell, digit } => (cell, Some(digit)),
            Step::Remove { cell } => (cell, None),
        };
        let was = board.get(pos) == shown.get(pos);
        board.set(pos, symbol);
        match (was, board.get(pos) == shown.get(pos)) {
            (true, false) => differ += 1,
            (false, true) => differ -= 1,
            _ => {}
        }
        if differ == 0 {
            return Some(i + 1);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use autosudoku_core::solve::Strategy;
    use autosudoku_core::variant::solve::trace;
    use autosudoku_core::variant::{BoxShape, Layout, Puzzle};
    use std::ops::ControlFlow;

    /// A 4x4 puzzle with two givens: its naive search places and removes wrong trials.
    fn puzzle() -> Grid {
        let values = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2];
        Grid::from_values(4, values.to_vec()).unwrap()
    }

    fn steps(puzzle: &Grid) -> Vec<VariantStep> {
        let layout = Layout::boxed(4, BoxShape::new(2, 2)).unwrap();
        let mut steps = Vec::new();
        trace(
            &Puzzle::new(layout, puzzle.clone()),
            Strategy::Naive,
            None,
            |s| {
                steps.push(s);
                ControlFlow::Continue(())
            },
        );
        steps
    }

    fn after(puzzle: &Grid, steps: &[VariantStep]) -> Grid {
        let mut board = puzzle.clone();
        for step in steps {
            match *step {
                Step::Place { cell, digit } => board.set(cell, Some(digit)),
                Step::Remove { cell } => board.set(cell, None),
            }
        }
        board
    }

    #[test]
    fn a_board_the_trace_shows_is_found_at_or_before_where_the_trace_was() {
        let p = puzzle();
        let all = steps(&p);
        assert!(all.iter().any(|s| matches!(s, Step::Remove { .. })));
        for k in 0..=all.len() {
            let shown = after(&p, &all[..k]);
            let at = on_trace(&p, &shown, &all).expect("on the trace");
            assert!(at <= k, "found at {at}, the trace was at {k}");
            assert_eq!(after(&p, &all[..at]), shown);
        }
    }

    #[test]
    fn a_board_off_the_trace_is_never_found() {
        let p = puzzle();
        let all = steps(&p);
        let mut shown = p.clone();
        // The last cell the search fills, alone: the naive search fills cells in order.
        let last = match all.last() {
            Some(Step::Place { cell, digit }) => (*cell, *digit),
            other => panic!("the trace ends on a placement: {other:?}"),
        };
        shown.set(last.0, Some(last.1));
        assert_eq!(on_trace(&p, &shown, &all), None);
    }
}
