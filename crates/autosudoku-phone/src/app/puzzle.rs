//! Where the app's puzzles come from: a puzzle given on the command line, checked for a unique solution
//! with the fast solver, the seeded generator (`sudoku::generate`) at a difficulty, or the seeded
//! variant generator for the variant skins ("New game" takes the next seed).

use super::game::Puzzle;
use super::variant;
use autosudoku_core::generate::{generate, Difficulty};
use autosudoku_core::solve::fast::{count_solutions, Solutions};
use autosudoku_core::sudoku::{validate, Board};
use autosudoku_core::variant::generate::{self as variants, Kind};

/// Why a puzzle cannot be played.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleError {
    #[error("--puzzle breaks the rules: {0}; fix those givens")]
    Invalid(autosudoku_core::sudoku::Conflicts),
    #[error("--puzzle has no solution; check the givens")]
    Unsolvable,
    #[error("--puzzle has more than one solution, so the app could not tell right entries from wrong; add givens until it has one")]
    Ambiguous,
    #[error("--puzzle is a classic 9x9 board, and the {0} skin plays its own kind of puzzle from its generator; drop --puzzle (--seed picks the puzzle)")]
    NotClassic(&'static str),
}

/// What "New game" draws from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// The `--puzzle` board; every new game replays it.
    Fixed(Board),
    /// The generator at a difficulty; new games advance the seed.
    Generated(Difficulty),
    /// The variant generator at a side; new games advance the seed.
    Variant(Kind, usize),
}

impl Source {
    /// The puzzle for `seed` with its solution.
    pub fn puzzle(&self, seed: u64) -> Result<Puzzle, PuzzleError> {
        match self {
            Source::Fixed(board) => with_solution(board.clone()),
            Source::Generated(d) => {
                let p = generate(*d, seed);
                Ok(Puzzle {
                    givens: variant::grid(&p.board),
                    solution: variant::grid(&p.solution),
                    layout: variant::classic(),
                })
            }
            Source::Variant(kind, side) => Ok(variant_puzzle(*kind, *side, seed)),
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
            Source::Variant(Kind::Classic, 4) => "4x4",
            Source::Variant(Kind::Classic, 6) => "6x6",
            Source::Variant(Kind::Classic, 8) => "8x8",
            Source::Variant(Kind::Classic, 12) => "12x12",
            Source::Variant(Kind::Classic, 16) => "16x16",
            Source::Variant(Kind::Classic, _) => "Classic",
            Source::Variant(Kind::Jigsaw, _) => "Jigsaw",
            Source::Variant(Kind::X, _) => "X Sudoku",
            Source::Variant(Kind::Hyper, _) => "Hyper",
            Source::Variant(Kind::Killer, _) => "Killer",
        }
    }
}

/// Pairs givens with their only solution.
pub fn with_solution(givens: Board) -> Result<Puzzle, PuzzleError> {
    validate(&givens).map_err(PuzzleError::Invalid)?;
    match count_solutions(&givens, 2) {
        Solutions::Zero => Err(PuzzleError::Unsolvable),
        Solutions::One(solution) => Ok(Puzzle {
            givens: variant::grid(&givens),
            solution: variant::grid(&solution),
            layout: variant::classic(),
        }),
        Solutions::Many { .. } => Err(PuzzleError::Ambiguous),
    }
}

/// The `kind` puzzle of `side` the variant generator makes from `seed` (the skins ask only for
/// sides the generator makes).
fn variant_puzzle(kind: Kind, side: usize, seed: u64) -> Puzzle {
    let g = variants::generate(kind, side, seed).expect("a skin's variant is made at its side");
    Puzzle {
        givens: g.puzzle.grid,
        solution: g.solution,
        layout: g.puzzle.layout,
    }
}
