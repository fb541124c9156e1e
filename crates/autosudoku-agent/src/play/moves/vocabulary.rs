//! The words of a plan: the app's input styles, buttons and keys, the actions it receives, what
//! a cell shows once a move has landed, the checks a move carries, what the app accepts, and the
//! cells a fill changes.

use autosudoku_core::sudoku::{Cell, Digit};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How an app takes a digit into a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum InputStyle {
    /// Tap a cell to select it, then a keypad digit (every app supports this).
    CellFirst,
    /// Tap a keypad digit once, then every cell it goes to.
    DigitFirst,
    /// Hardware keys: digit keys enter, DEL erases; a tap selects the cell, or the D-pad moves
    /// the selection in an app that takes no taps on its grid.
    Keys,
}

impl fmt::Display for InputStyle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            InputStyle::CellFirst => "cell-first",
            InputStyle::DigitFirst => "digit-first",
            InputStyle::Keys => "keys",
        })
    }
}

/// A toolbar button the agent may need.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Button {
    Erase,
    Notes,
}

/// A hardware key the app understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AppKey {
    Up,
    Down,
    Left,
    Right,
    Digit(Digit),
    Delete,
}

/// One input the app receives: a tap on a screen element, or a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    TapCell(Cell),
    TapDigit(Digit),
    TapButton(Button),
    Key(AppKey),
}

/// What a cell should show once a move has landed, so the driver can verify it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The cell shows this digit as an entry.
    Value(Digit),
    /// The cell shows no entry (it may still carry pencil notes).
    Blank,
    /// The pencil note of this digit was toggled (the cell shows no entry).
    Note(Digit),
}

/// A modal state of the app that its screen shows (see `view::Highlight`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expect {
    /// This cell is drawn selected.
    Selected(Cell),
    /// This keypad digit is drawn armed.
    Armed(Digit),
    /// No keypad digit is drawn armed.
    Disarmed,
}

/// The screen must show `expect` once the first `after` actions of a move have landed, before its
/// other actions are sent: they would type a wrong digit otherwise. (A `glance` check sends them
/// anyway and only learns from what it saw.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Check {
    pub after: usize,
    pub expect: Expect,
    /// How many lost taps it would take for an app that draws the state to show none of it here:
    /// a look showing nothing counts that many misses (see `checked::Sight`).
    pub misses: u8,
    /// Not a check the rest waits for, only a glance: the screen is captured while the moves
    /// after this one go out, to learn whether the app draws a selection at all (see
    /// [`Confirm::glance`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub glance: bool,
}

impl Check {
    pub(crate) fn at(after: usize, expect: Expect) -> Check {
        Check {
            after,
            expect,
            misses: 1,
            glance: false,
        }
    }
}

/// The actions that change one cell, and what the cell shows afterwards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Move {
    pub cell: Cell,
    pub outcome: Outcome,
    pub actions: Vec<Action>,
    /// Where the driver looks before sending the rest (only from a confirming planner).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<Check>,
}

/// What the app accepts, from its profile or from what the vision found on screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capabilities {
    /// Input styles the app supports; at least one.
    pub styles: Vec<InputStyle>,
    /// An erase button was found (cell-first / digit-first erase needs it).
    pub erase: bool,
    /// A notes toggle was found (needed for `--notes-trial`).
    pub notes: bool,
    /// Tapping a cell selects it (false for key-only apps that ignore touches on the grid).
    pub cell_taps: bool,
    /// The app takes hardware keys (digit keys, DEL, D-pad): DEL erases when no erase button is known.
    pub keys: bool,
    /// `styles` is a guess from the screen (no profile or flag said): the driver probes once.
    pub guessed: bool,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MoveError {
    #[error("the app supports no input style autosudoku knows; set `input` in its profile (cell-first, digit-first or keys) or run `autosudoku calibrate`")]
    NoStyle,
    #[error("input style {0} is not supported by this app (it supports {1}); choose another with --input-style or fix the profile")]
    StyleUnsupported(InputStyle, String),
    #[error("no erase button was found on screen, so {0} cannot be cleared; add `erase` to the app's profile or run `autosudoku calibrate`")]
    NoErase(Cell),
    #[error("no notes (pencil) button was found on screen; --notes-trial needs one: add `notes` to the app's profile or replay without --notes-trial")]
    NoNotes,
    #[error("the app takes only keys and does not say which cell is selected; tap any cell on the phone once and run again")]
    UnknownCursor,
    #[error("digit {0} is armed and its key is used up (all nine on the board), so it cannot be disarmed to clear {1} without typing a tenth {0}; use --input-style cell-first if the app offers it")]
    StuckDigit(Digit, Cell),
}

/// A cell to change in a fill: what it shows now (a wrong entry to erase, or blank) and its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fix {
    pub cell: Cell,
    pub wrong: Option<Digit>,
    pub answer: Digit,
}
