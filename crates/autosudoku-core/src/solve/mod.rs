//! Solvers: the article's row-major backtracking (`reference`) and its MRV variant (`mrv`), both as
//! streaming step traces, and the fast solver (`fast`) for when only the answer matters.

pub(crate) mod backtrack;
mod bitboard;
pub mod fast;
pub(crate) mod mrv;
pub(crate) mod reference;
pub mod trace;

pub use trace::{Outcome, Report, Step};

use crate::sudoku::Board;
use std::ops::ControlFlow;

/// Which backtracking search to trace. The one strategy vocabulary: the CLI's `--strategy` values
/// and reports use `name`, and parse back with `FromStr`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// The article's: empty cells in reading order, digits 1..9.
    Naive,
    /// Fewest candidates first: far fewer steps, same kind of trace.
    Mrv,
}

impl Strategy {
    pub const ALL: [Strategy; 2] = [Strategy::Naive, Strategy::Mrv];

    /// The name users type and reports show.
    pub const fn name(self) -> &'static str {
        match self {
            Strategy::Naive => "naive",
            Strategy::Mrv => "mrv",
        }
    }

    /// One line on what it does, for `--help`.
    pub const fn about(self) -> &'static str {
        match self {
            Strategy::Naive => {
                "The article's: empty cells in reading order, digits 1..9 (long traces)"
            }
            Strategy::Mrv => "Fewest candidates first: the same search, far fewer steps",
        }
    }
}

impl std::fmt::Display for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Strategy {
    type Err = String;

    fn from_str(s: &str) -> Result<Strategy, String> {
        Strategy::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("{s:?} is not a search strategy; use naive or mrv"))
    }
}

/// Solves `board` by backtracking, calling `on_step` with every Place and Remove as it happens.
/// Stops after `max_steps` steps (`Outcome::GaveUp`) or when `on_step` breaks (`Outcome::Stopped`).
/// Givens that break the rules give `Outcome::Unsolvable` with no steps: validate first to say why.
pub fn trace(
    board: &Board,
    strategy: Strategy,
    max_steps: Option<u64>,
    on_step: impl FnMut(Step) -> ControlFlow<()>,
) -> Report {
    let Some(masks) = backtrack::Masks::of(board) else {
        return backtrack::broken_givens();
    };
    let cells = board.to_array().to_vec();
    match strategy {
        Strategy::Naive => {
            backtrack::run::<_, reference::RowMajor, _>(masks, cells, max_steps, on_step)
        }
        Strategy::Mrv => {
            backtrack::run::<_, mrv::FewestCandidates, _>(masks, cells, max_steps, on_step)
        }
    }
}

/// The step counts of a strategy, without looking at the steps.
pub fn count_steps(board: &Board, strategy: Strategy, max_steps: Option<u64>) -> Report {
    trace(board, strategy, max_steps, |_| ControlFlow::Continue(()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEETCODE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn leetcode() -> Board {
        LEETCODE.parse().unwrap()
    }

    #[test]
    fn naive_matches_the_article_to_the_step() {
        let report = count_steps(&leetcode(), Strategy::Naive, None);
        assert_eq!((report.placements, report.removals), (4208, 4157));
        assert_eq!(
            report.outcome,
            Outcome::Solved(fast::solve(&leetcode()).unwrap())
        );
    }

    #[test]
    fn mrv_is_shorter_and_agrees() {
        let report = count_steps(&leetcode(), Strategy::Mrv, None);
        // Every cell of this puzzle is forced in turn: one placement per blank, no removal.
        assert_eq!((report.placements, report.removals), (51, 0));
        assert_eq!(
            report.outcome,
            Outcome::Solved(fast::solve(&leetcode()).unwrap())
        );
    }

    #[test]
    fn steps_stream_in_order_and_replay_to_the_answer() {
        let mut board = leetcode();
        let mut placements = 0;
        let report = trace(&leetcode(), Strategy::Naive, None, |step| {
            match step {
                Step::Place { cell, digit } => {
                    assert_eq!(board.get(cell), None, "place on a filled cell");
                    board.set(cell, Some(digit));
                    placements += 1;
                }
                Step::Remove { cell } => board.set(cell, None),
            }
            ControlFlow::Continue(())
        });
        assert_eq!(placements, report.placements);
        assert_eq!(report.outcome, Outcome::Solved(board));
    }

    #[test]
    fn max_steps_gives_up_after_exactly_n_steps() {
        let mut seen = 0;
        let report = trace(&leetcode(), Strategy::Naive, Some(1000), |_| {
            seen += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(report.outcome, Outcome::GaveUp { steps: 1000 });
        assert_eq!((seen, report.steps()), (1000, 1000));
    }

    #[test]
    fn callback_can_stop_the_search() {
        let report = trace(&leetcode(), Strategy::Mrv, None, |_| ControlFlow::Break(()));
        assert_eq!(report.outcome, Outcome::Stopped { steps: 0 });
    }

    #[test]
    fn unsolvable_and_conflicting_boards() {
        let board: Board =
            "12345678.........9..............................................................."
                .parse()
                .unwrap();
        for strategy in [Strategy::Naive, Strategy::Mrv] {
            assert_eq!(
                count_steps(&board, strategy, None).outcome,
                Outcome::Unsolvable
            );
        }
        let conflicting: Board = LEETCODE.replacen("53", "55", 1).parse().unwrap();
        let report = count_steps(&conflicting, Strategy::Naive, None);
        assert_eq!((report.steps(), report.outcome), (0, Outcome::Unsolvable));
    }
}
