//! Why a play stopped, each with the next step for the user, and the exit code it deserves.

use super::estimate::Human;
use super::moves::MoveError;
use super::view::WrongEntry;
use crate::exit::Exit;
use std::time::Duration;

type Source = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error("the board on screen was not read with certainty ({why}); nothing was tapped")]
    Uncertain { why: String },
    #[error("the board on screen has no solution: a digit is misread or entered wrong ({board}); nothing was tapped")]
    Unsolvable { board: String },
    #[error("the board on screen has more than one solution ({board}); pass --first-solution to play one of them anyway")]
    Ambiguous { board: String },
    #[error("{} entered digit(s) are wrong: {}; run again with --fix to erase and correct them", .0.len(), list(.0))]
    WrongEntries(Vec<WrongEntry>),
    #[error("the Sudoku app is not on screen ({what}); open the game on the phone and run again")]
    Elsewhere { what: String },
    #[error("a dialog covers the game and autosudoku does not know how to close it ({what}); close it on the phone, or add a dismiss rule to the app's profile, and run again")]
    Dialog { what: String },
    #[error("the app ended the game (game over); start a new game on the phone and run again")]
    GameOver,
    #[error("the {strategy} replay needs {}{steps} steps, more than the limit of {max} (--max-steps; the default keeps a replay under 5 minutes); at this phone's pace that is {}{}; try --strategy mrv, an easier puzzle, or a higher --max-steps", if *.at_least { "at least " } else { "" }, if *.at_least { "over " } else { "about " }, Human(*.estimate))]
    TooLong {
        strategy: &'static str,
        steps: u64,
        at_least: bool,
        max: u64,
        estimate: Duration,
    },
    #[error("this app allows {limit} mistake(s) and the replay would enter {wrong} wrong trial digit(s), losing the game; turn mistake checking off in the app's settings and pass --mistake-limit off, or replay with --notes-trial")]
    MistakeLimit { wrong: u64, limit: u32 },
    #[error("after {rounds} repair rounds {left} cell(s) still differ from the answer (first: {first}); the app may be dropping taps: raise --tap-gap and run again")]
    RepairFailed {
        rounds: usize,
        left: usize,
        first: String,
    },
    #[error(transparent)]
    Moves(#[from] MoveError),
    #[error("the phone went away: {0}; reconnect it and run `autosudoku play` again: it continues from the board as it is")]
    DeviceLost(Source),
    #[error(transparent)]
    Device(Source),
    #[error(
        "interrupted; the game on the phone is consistent: run `autosudoku play` again to continue"
    )]
    Interrupted,
}

fn list(wrong: &[WrongEntry]) -> String {
    wrong
        .iter()
        .map(|w| format!("{} has {} (should be {})", w.cell, w.entered, w.right))
        .collect::<Vec<_>>()
        .join(", ")
}

impl PlayError {
    /// The documented exit code for this stop.
    pub fn exit(&self) -> Exit {
        match self {
            PlayError::Uncertain { .. }
            | PlayError::Unsolvable { .. }
            | PlayError::Ambiguous { .. } => Exit::Unreadable,
            PlayError::DeviceLost(_) => Exit::DeviceLost,
            PlayError::Interrupted => Exit::Interrupted,
            _ => Exit::Failure,
        }
    }
}
