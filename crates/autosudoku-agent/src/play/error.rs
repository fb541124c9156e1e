//! Why a play stopped, each with the next step for the user (the binary gives each its exit code); and
//! the same as typed JSON (`Stop`: kind, cells, board, app, artifact) for `--json`.

use super::estimate::Human;
use super::finished::Finished;
use super::moves::MoveError;
use super::new_game::NewGameError;
use super::sized::SizedError;
use super::view::{Artifact, WrongEntry};
use crate::device::{Foreground, INJECTION_FIX};
use crate::vision::screen::scene::{Dialog, DialogKind, Doubt, Elsewhere};
use autosudoku_core::solve::Strategy;
use autosudoku_core::sudoku::{Board, Cell};
use serde::Serialize;
use std::path::PathBuf;
use std::time::Duration;

type Source = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error("the board on screen was not read with certainty ({doubt}{}); nothing was tapped", saved(.artifact))]
    Uncertain {
        doubt: Doubt,
        artifact: Option<Artifact>,
    },
    #[error("the board on screen has no solution: a digit is misread or entered wrong ({}); nothing was tapped", .board.to_line())]
    Unsolvable { board: Box<Board> },
    #[error("the board on screen has more than one solution ({}); pass --first-solution to play one of them anyway", .board.to_line())]
    Ambiguous { board: Box<Board> },
    #[error("{} entered digit(s) are wrong: {}; run again with --fix to erase and correct them", .0.len(), list(.0))]
    WrongEntries(Vec<WrongEntry>),
    #[error("the Sudoku game is not on screen ({place}{}); {}", saved(.artifact), .place.next_step())]
    Elsewhere {
        place: Elsewhere,
        artifact: Option<Artifact>,
    },
    #[error("a dialog covers the game and autosudoku does not know how to close it ({dialog}{}); close it on the phone, or add a dismiss rule to the app's profile, and run again", saved(.artifact))]
    Dialog {
        dialog: Dialog,
        artifact: Option<Artifact>,
    },
    #[error("a dialog kept coming back after being closed ({dialog}); close it on the phone, or add a dismiss rule to the app's profile, and run again")]
    DialogReturns { dialog: Dialog },
    #[error("the app ended the game (game over); start a new game on the phone (or with --new-game) and run again")]
    GameOver,
    #[error("the game on screen is already over ({0}); nothing was tapped: run again with --new-game to start the next one (it taps \"New game\"; name the app's own buttons as --new-game LABEL or @X,Y), or start it on the phone")]
    Finished(Finished),
    /// Starting the next game (`--new-game`) failed; a lost phone is `DeviceLost` instead.
    #[error(transparent)]
    NewGame(NewGameError),
    #[error("the {} replay needs {}{steps} steps, more than the limit of {max} (--max-steps; the default keeps a replay under 5 minutes); at this phone's pace that is {}{}; try {}an easier puzzle, or a higher --max-steps", .strategy.name(), if *.at_least { "at least " } else { "" }, if *.at_least { "over " } else { "about " }, Human(*.estimate), if *.strategy == Strategy::Mrv { "" } else { "--strategy mrv, " })]
    TooLong {
        strategy: Strategy,
        steps: u64,
        at_least: bool,
        max: u64,
        estimate: Duration,
    },
    #[error("this app allows {limit} mistake(s) and the replay would enter {wrong} wrong trial digit(s), losing the game; turn mistake checking off in the app's settings and pass --mistake-limit off, or replay with --notes-trial")]
    MistakeLimit { wrong: u64, limit: u32 },
    #[error("after {rounds} repair rounds {} cell(s) still differ from the answer (first: {}); the app may be dropping taps: raise --tap-gap and run again", .left.len(), .left.first().map(Cell::to_string).unwrap_or_default())]
    RepairFailed { rounds: usize, left: Vec<Cell> },
    #[error("no input style entered the answer {digit} at {cell} (cell then digit, digit then cell, a hardware key); name the app's style with --input-style, or set `input` in its profile")]
    NoInputStyle {
        cell: Cell,
        digit: autosudoku_core::sudoku::Digit,
    },
    #[error("the input-style probe changed the given {was} at {cell} (it now shows {}): the app lets givens be overwritten; restore it on the phone (undo), then run again naming the app's style with --input-style", .now.map_or("nothing".to_owned(), |d| d.to_string()))]
    GivenChanged {
        cell: Cell,
        was: autosudoku_core::sudoku::Digit,
        now: Option<autosudoku_core::sudoku::Digit>,
    },
    #[error("no input landed: after the taps the screen is exactly as it was before them, so the phone refuses injected input; {}", INJECTION_FIX)]
    InputRefused,
    /// The phone said it refuses injected input before any tap was sent (`DeviceError::InjectionDenied`).
    #[error(transparent)]
    InjectionDenied(Source),
    #[error(transparent)]
    Moves(#[from] MoveError),
    /// A stop on a board of another side than 9x9.
    #[error(transparent)]
    Sized(#[from] SizedError),
    #[error("the phone went away: {0}; reconnect it and run the same `autosudoku play` again: it continues from the board as it is (a replay resumes where it stopped)")]
    DeviceLost(Source),
    #[error(transparent)]
    Device(Source),
    /// A mistake in autosudoku itself, not in the phone, the app or the user's input.
    #[error(
        "internal error: {0}; this is a bug in autosudoku, please report it with the command line"
    )]
    Bug(String),
    #[error("interrupted; the game on the phone is consistent: run the same `autosudoku play` again to continue (a replay resumes where it stopped; `autosudoku play --fix` fills the rest instead)")]
    Interrupted,
}

/// A typed detail as JSON (these types serialise without fail).
fn detail(value: &impl Serialize) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or_default()
}

/// "; screenshot saved to …" after a reason, when one was saved.
fn saved(artifact: &Option<Artifact>) -> String {
    artifact
        .as_ref()
        .map(|a| format!("; {a}"))
        .unwrap_or_default()
}

fn list(wrong: &[WrongEntry]) -> String {
    wrong
        .iter()
        .map(|w| format!("{} has {} (should be {})", w.cell, w.entered, w.right))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why play stopped, for `--json`: what kind of stop, the cells, board and app it is about, and
/// the screenshot kept, beside the message a person reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Stop {
    pub kind: &'static str,
    pub message: String,
    /// As users name them ("r1c1").
    #[serde(skip_serializing_if = "Vec::is_empty", serialize_with = "names")]
    pub cells: Vec<Cell>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub app: Option<Foreground>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub artifact: Option<PathBuf>,
    /// The typed detail: the doubt, the dialog, the place.
    #[serde(skip_serializing_if = "serde_json::Value::is_null")]
    pub detail: serde_json::Value,
}

fn names<S: serde::Serializer>(cells: &[Cell], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(cells.iter().map(Cell::to_string))
}

impl PlayError {
    /// This stop as typed values.
    pub fn stop(&self) -> Stop {
        let mut stop = Stop {
            kind: self.kind(),
            message: self.to_string(),
            cells: Vec::new(),
            board: None,
            app: None,
            artifact: None,
            detail: serde_json::Value::Null,
        };
        match self {
            PlayError::Uncertain { doubt, artifact } => {
                stop.cells = doubt.cells();
                stop.artifact = artifact.as_ref().map(|a| a.path.clone());
                stop.detail = detail(doubt);
            }
            PlayError::Unsolvable { board } | PlayError::Ambiguous { board } => {
                stop.board = Some(board.to_line());
            }
            PlayError::WrongEntries(wrong) => stop.cells = wrong.iter().map(|w| w.cell).collect(),
            PlayError::Elsewhere { place, artifact } => {
                if let Elsewhere::Launcher { app } | Elsewhere::OtherApp { app } = place {
                    stop.app = Some(app.clone());
                }
                stop.artifact = artifact.as_ref().map(|a| a.path.clone());
                stop.detail = detail(place);
            }
            PlayError::Dialog { dialog, artifact } => {
                if let DialogKind::Covering { cells } = &dialog.kind {
                    stop.cells = cells.clone();
                }
                stop.artifact = artifact.as_ref().map(|a| a.path.clone());
                stop.detail = detail(dialog);
            }
            PlayError::DialogReturns { dialog } => stop.detail = detail(dialog),
            PlayError::Finished(how) => stop.detail = detail(how),
            PlayError::RepairFailed { left, .. } => stop.cells = left.clone(),
            PlayError::NoInputStyle { cell, .. } | PlayError::GivenChanged { cell, .. } => {
                stop.cells = vec![*cell]
            }
            _ => {}
        }
        stop
    }

    /// A short name for the kind of stop, stable for scripts.
    pub fn kind(&self) -> &'static str {
        match self {
            PlayError::Uncertain { .. } => "uncertain",
            PlayError::Unsolvable { .. } => "unsolvable",
            PlayError::Ambiguous { .. } => "ambiguous",
            PlayError::WrongEntries(_) => "wrong-entries",
            PlayError::Elsewhere { .. } => "elsewhere",
            PlayError::Dialog { .. } => "dialog",
            PlayError::DialogReturns { .. } => "dialog-returns",
            PlayError::GameOver => "game-over",
            PlayError::Finished(_) => "finished",
            PlayError::NewGame(_) => "new-game",
            PlayError::TooLong { .. } => "too-long",
            PlayError::MistakeLimit { .. } => "mistake-limit",
            PlayError::RepairFailed { .. } => "repair-failed",
            PlayError::NoInputStyle { .. } => "no-input-style",
            PlayError::GivenChanged { .. } => "given-changed",
            PlayError::InputRefused | PlayError::InjectionDenied(_) => "input-refused",
            PlayError::Moves(_) => "moves",
            PlayError::Sized(SizedError::RepairFailed { .. }) => "repair-failed",
            PlayError::Sized(e) if e.is_unreadable() => "uncertain",
            PlayError::Sized(_) => "sized-board",
            PlayError::DeviceLost(_) => "device-lost",
            PlayError::Device(_) => "device",
            PlayError::Bug(_) => "internal",
            PlayError::Interrupted => "interrupted",
        }
    }
}
