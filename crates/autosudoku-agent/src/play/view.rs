//! The seam between the driver's decisions and the real phone: what the agent saw on a screen
//! (`Screen`), the two things it can do (`Agent::look`, `Agent::send`), what it reports while it
//! works (`Observer`), and the words both sides use for what is stated or learned about an app
//! (`Known`, `Learned`). The driver is written against these so it can be tested with a fake phone.

use super::estimate::Pace;
use super::moves::{Action, Capabilities, Expect, InputStyle, Move};
use super::PlayError;
use crate::device::input::Sent;
use crate::vision::rules::BoardRules;
use crate::vision::screen::scene::{Dialog, Doubt, Elsewhere};
use autosudoku_core::sudoku::{Board, Cell};
use autosudoku_core::variant::Grid;
use serde::Serialize;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// A Sudoku game on screen, as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameView {
    /// Every digit on the grid: givens and entries.
    pub shown: Board,
    /// The givens only (the reader tells them apart by colour or weight), or every digit shown
    /// when it could not (`givens_known`).
    pub givens: Board,
    /// Whether the givens were told from the entries. When not, the board shown has exactly one
    /// completion, which is the answer whatever the split: play fills it, and has no entry to
    /// call wrong.
    pub givens_known: bool,
    /// The cell the planner may start from without tapping it (the fake phone knows it; a real
    /// screen's highlight is only trusted to confirm, see `highlight`).
    pub selected: Option<Cell>,
    /// What the app accepts, from the screen (keypad, buttons) and its profile.
    pub caps: Capabilities,
    /// The modal state the screen shows: selected cell, armed digit, notes toggle.
    pub highlight: Highlight,
    /// The rules the board is solved by: classic, or the variant its layout shows.
    pub rules: BoardRules,
}

/// The app's modal state as its screen shows it (`vision::screen::highlight`): what the driver checks
/// before input that would go wrong if an earlier tap was lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Highlight {
    /// The cell drawn selected.
    pub cell: Option<Cell>,
    /// The keypad digit drawn armed (digit-first apps).
    pub digit: Option<autosudoku_core::sudoku::Digit>,
    /// Whether the notes toggle is drawn on; `None` when the screen does not tell.
    pub notes: Option<bool>,
}

impl GameView {
    /// The cell a planner may start from without selecting it: what the phone is known to have
    /// selected, else, for an app whose selection moves only by the D-pad, the cell the screen
    /// highlights. A walk from a misread highlight costs a look, never a digit: every digit and
    /// DEL of a D-pad walk waits for the highlight on its own cell (`moves::Planner::place`).
    pub fn cursor(&self) -> Option<Cell> {
        self.selected
            .or(self.highlight.cell.filter(|_| !self.caps.cell_taps))
    }

    /// Entries that differ from `solution`: (cell, entered digit, right digit).
    pub fn wrong_entries(&self, solution: &Board) -> Vec<WrongEntry> {
        self.shown
            .filled()
            .filter(|(c, _)| self.givens.get(*c).is_none())
            .filter_map(|(cell, entered)| {
                let right = solution.get(cell)?;
                (entered != right).then_some(WrongEntry {
                    cell,
                    entered,
                    right,
                })
            })
            .collect()
    }
}

/// A digit the user (or a stray tap) entered that is not the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrongEntry {
    pub cell: Cell,
    pub entered: autosudoku_core::sudoku::Digit,
    pub right: autosudoku_core::sudoku::Digit,
}

/// What is on the phone's screen. Not boxed: one lives at a time, and callers match on the view.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Screen {
    /// The game, readable with confidence.
    Game(GameView),
    /// The app says the puzzle is solved (its dialog or banner).
    Solved,
    /// The app ended the game (too many mistakes).
    GameOver,
    /// Something covers the grid (rate-us, ads, "continue?"); the screenshot is kept when
    /// nothing known closes it.
    Dialog {
        dialog: Dialog,
        artifact: Option<Artifact>,
    },
    /// Not the game at all (home screen, another app).
    Elsewhere {
        place: Elsewhere,
        artifact: Option<Artifact>,
    },
    /// A grid is there but the read is not certain enough to type on.
    Uncertain {
        doubt: Doubt,
        artifact: Option<Artifact>,
    },
}

/// A screenshot the agent saved for the user where it stopped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Artifact {
    pub path: PathBuf,
    /// With what was read drawn over it.
    pub annotated: bool,
}

impl fmt::Display for Artifact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.annotated {
            "annotated screenshot"
        } else {
            "screenshot"
        };
        write!(f, "{kind} saved to {}", self.path.display())
    }
}

/// What a glance is read for: its highlight alone (which a screen stream may show), or the
/// whole screen (which needs a capture).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GlanceFor {
    Highlight,
    Screen,
}

/// The phone as the driver sees it.
pub trait Agent {
    /// Captures the screen and reads it.
    fn look(&mut self) -> Result<Screen, PlayError>;
    /// Sends actions, in order, computed for the screen last looked at.
    fn send(&mut self, actions: &[Action]) -> Result<(), PlayError>;
    /// Starts a capture that goes on while the next sends go out, read by `glance_end` (a
    /// highlight) or `glance_screen` (the whole screen): what it shows is some moment of those
    /// sends, which is enough to learn whether the app draws a selection at all, and the phone
    /// waits for no look.
    fn glance_start(&mut self, _for: GlanceFor) {}
    /// The highlight the glance saw; `None` when it saw nothing usable (a failed capture, another
    /// screen). An agent that cannot capture behind its sends looks now.
    fn glance_end(&mut self) -> Option<Highlight> {
        match self.look() {
            Ok(Screen::Game(view)) => Some(view.highlight),
            _ => None,
        }
    }
    /// Whether the glance's capture is done, so `glance_screen` would not wait for it.
    fn glance_ready(&self) -> bool {
        true
    }
    /// The whole screen the glance saw, judged like a look (a game over, a dialog, another app,
    /// the selection); `None` when it saw nothing usable. An agent that cannot capture behind its
    /// sends looks now.
    fn glance_screen(&mut self) -> Option<Screen> {
        self.look().ok()
    }
    /// Whether the screen came to show `expect` within a moment, on a frame the phone composed
    /// after the last look (or the last state this confirmed). The caller makes sure no input
    /// since then but the last one it sent could have drawn it, so such a frame shows that input
    /// landed and the state holds now. `false` when it did not show, or the agent cannot watch the
    /// screen that cheaply (the caller looks then).
    fn sees(&mut self, expect: Expect) -> bool {
        let _ = expect;
        false
    }
    /// Tries to close the dialog on screen (profile rule or a recognised close button).
    /// `Ok(false)` when nothing known closes it.
    fn dismiss(&mut self) -> Result<bool, PlayError>;
    /// Measures what inputs cost on this phone (harmless taps, timed), after a look at the game.
    /// `None` when it cannot measure; the caller's prior is used then.
    fn measure_pace(&mut self) -> Result<Option<Pace>, PlayError> {
        Ok(None)
    }
    /// What the input backend sent for the last `send`, one entry per action in order (empty
    /// unless the agent was asked to keep them, for `--trace`).
    fn take_sent(&mut self) -> Vec<Sent> {
        Vec::new()
    }
    /// Plays in `style` from now on: what a probe found (see `learn::input_style`).
    fn adopt(&mut self, style: InputStyle) {
        let _ = style;
    }
    /// The mistakes counter on the screen last looked at: (made, limit if shown).
    fn mistakes_shown(&mut self) -> Option<(u32, Option<u32>)> {
        None
    }
    /// The game's last digit landed, every other one seen in place: a phone lost from now on is
    /// waited for only briefly (an agent that cannot lose its phone ignores this).
    fn last_digit_sent(&mut self) {}
}

/// The phases `--summary` reports time for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    Capture,
    Read,
    Solve,
    Plan,
    Input,
    Verify,
    Wait,
}

/// What the driver reports while it works (progress bar, trace file, recorder, summary).
#[allow(unused_variables)]
pub trait Observer {
    /// The board as first read and its solution are known; `todo` units of work (cells to fill,
    /// steps to replay) lie ahead.
    fn start(&mut self, puzzle: &Board, solution: &Board, todo: u64) {}
    /// The same for a board of another side than 9x9.
    fn start_grid(&mut self, puzzle: &Grid, solution: &Grid, todo: u64) {}
    /// Whether the game's givens were told from its entries (the first look at it); when not,
    /// play fills the one completion of the board as shown.
    fn split(&mut self, known: bool) {}
    /// The device commands that carried the next `sent` moves' actions, in action order.
    fn delivered(&mut self, inputs: Vec<Sent>) {}
    /// Moves were sent; `done` of `todo` units are now done.
    fn sent(&mut self, moves: &[Move], done: u64) {}
    /// Taps went to a board of another side, which has no planner's moves: `moves` more cells
    /// or steps in `inputs` taps; `done` of `todo` units are now done.
    fn sent_taps(&mut self, moves: u64, inputs: u64, done: u64) {}
    /// Time spent in a phase.
    fn phase(&mut self, phase: Phase, took: Duration) {}
    /// Something worth a line on stderr (a repair round, a dismissed dialog).
    fn note(&mut self, text: &str) {}
    /// What was learned about an app no profile describes.
    fn learned(&mut self, learned: &Learned) {}
    /// Wrong digits that landed (a lost tap) are about to be erased and corrected.
    fn repaired(&mut self, wrong: u64) {}
}

/// A fact the user or the app's profile states, or one play learns from the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Known<T> {
    Stated(T),
    Learn,
}

/// What was learned about the app, and from what.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Learned {
    /// The input style found, with the evidence.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<Finding<InputStyle>>,
    /// The mistakes counter on screen: `Some(limit)` when it shows one ("Mistakes 0/3").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mistake_limit: Option<Finding<Option<u32>>>,
}

/// One learned fact and how it was found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding<T> {
    pub value: T,
    pub how: String,
}

impl Learned {
    /// One line per fact, for `--summary` and stderr.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(f) = &self.input {
            out.push(format!("input style {} ({})", f.value, f.how));
        }
        if let Some(f) = &self.mistake_limit {
            let limit = f.value.map_or("no limit".to_owned(), |n| format!("{n}"));
            out.push(format!("mistake limit {limit} ({})", f.how));
        }
        out
    }
}

/// An observer that ignores everything.
pub struct Quiet;

impl Observer for Quiet {}
