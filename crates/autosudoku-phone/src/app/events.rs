//! The app's event log, the grading record tests read through the Rust API (never over ADB).

use super::dialog::{Dialog, DialogButton};
use autosudoku_core::variant::{Pos, Symbol};
use serde::Serialize;
use std::time::Duration;

/// Something the app did in answer to input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    CellSelected {
        cell: Pos,
    },
    /// Digit-first input: the digit now armed (`None` when deselected).
    DigitPicked {
        digit: Option<Symbol>,
    },
    DigitEntered {
        cell: Pos,
        digit: Symbol,
        correct: bool,
    },
    Erased {
        cell: Pos,
    },
    NoteToggled {
        cell: Pos,
        digit: Symbol,
        on: bool,
    },
    NotesMode {
        on: bool,
    },
    Undone,
    HintUsed {
        cell: Pos,
        digit: Symbol,
    },
    /// Input the game refused, e.g. a digit for a given cell.
    Rejected {
        cell: Option<Pos>,
        reason: &'static str,
    },
    DialogShown {
        dialog: Dialog,
    },
    DialogDismissed {
        dialog: Dialog,
        button: DialogButton,
    },
    /// A tap on the banner ad.
    BannerTapped,
    /// A tap that landed while a dialog was up, outside its buttons.
    TapSwallowed {
        dialog: Dialog,
    },
    GameSolved {
        elapsed_ms: u64,
    },
    GameOver {
        mistakes: u32,
    },
    NewGame {
        seed: u64,
    },
}

/// One logged event with the phone time it happened at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Logged {
    pub at_ms: u64,
    #[serde(flatten)]
    pub event: Event,
}

/// Every event since the app started, oldest first.
#[derive(Debug, Clone, Default)]
pub struct EventLog {
    events: Vec<Logged>,
}

impl EventLog {
    pub fn push(&mut self, now: Duration, event: Event) {
        tracing::debug!(?event, "app event");
        self.events.push(Logged {
            at_ms: now.as_millis() as u64,
            event,
        });
    }

    pub fn all(&self) -> &[Logged] {
        &self.events
    }
}
