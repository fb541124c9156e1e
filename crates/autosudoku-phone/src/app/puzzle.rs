//! Where the app's puzzles come from: a puzzle given on the command line, checked for a unique solution
//! with the fast solver, or the seeded generator (`sudoku::generate`) at a difficulty ("New game" takes the next seed).

use super::game::Puzzle;
use autosudoku_core::generate::{generate, Difficulty};
use autosudoku_core::solve::fast::{count_solutions, Solutions};
use autosudoku_core::sudoku::{validate, Board};

/// Why a puzzle cannot be played.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleError {
    #[error("--puzzle breaks the rules: {0}; fix those givens")]
    Invalid(autosudoku_core::sudoku::Conflicts),
    #[error("--puzzle has no solution; check the givens")]
    Unsolvable,
    #[error("--puzzle has more than one solution, so the app could not tell right entries from wrong; add givens until it has one")]
    Ambiguous,
}

/// What "New game" draws from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// The `--puzzle` board; every new game replays it.
    Fixed(Board),
    /// The generator at a difficulty; new games advance the seed.
    Generated(Difficulty),
}

impl Source {
    /// The puzzle for `seed` with its solution.
    pub fn puzzle(&self, seed: u64) -> Result<Puzzle, PuzzleError> {
        match self {
            Source::Fixed(board) => with_solution(board.clone()),
            Source::Generated(d) => {
                let p = generate(*d, seed);
                Ok(Puzzle {
                    givens: p.board,
                    solution: p.solution,
                })
            }
        }
    }

    /// The label the info row shows.
    pub fn label(&self) -> &'static str {
        match self {
            Source::Fixed(_) => "Custom",
            Source::Generated(Difficulty::Easy) => "Easy",
            Source::Generated(Difficulty::Medium) => "Medium",
            Source::Generated(Difficulty::Hard) => "Hard",
            Source::Generated(Difficulty::Expert) => "Expert",
        }
    }
}

/// Pairs givens with their only solution.
pub fn with_solution(givens: Board) -> Result<Puzzle, PuzzleError> {
    validate(&givens).map_err(PuzzleError::Invalid)?;
    match count_solutions(&givens, 2) {
        Solutions::Zero => Err(PuzzleError::Unsolvable),
        Solutions::One(solution) => Ok(Puzzle { givens, solution }),
        Solutions::Many { .. } => Err(PuzzleError::Ambiguous),
    }
}
