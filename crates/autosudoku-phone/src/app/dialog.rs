//! Dialogs and pop-ups: what each one says, which buttons dismiss it, and the seeded schedule
//! that brings pop-ups up at random (but reproducible) moments of a game.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

/// A modal window over the game. While one is up, taps outside its buttons are swallowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Dialog {
    /// "Solved!" with the time and a "New game" button.
    #[value(skip)]
    Solved,
    /// "Well done, you completed the puzzle" with "OK": the end of `Ending::WellDone`.
    #[value(skip)]
    WellDone,
    /// "Bravissimo!" in Italian with "OK": the end of `Ending::Foreign`.
    #[value(skip)]
    Foreign,
    /// A results page instead of the board: the end of `Ending::Stats`.
    #[value(skip)]
    Stats,
    /// "Game over" after too many mistakes.
    #[value(skip)]
    GameOver,
    /// "Enjoying Sudoku? Rate us" with "Not now" and "Rate".
    RateUs,
    /// A full-screen interstitial ad that only its small X closes.
    Ad,
    /// "Continue?" asking to resume the game.
    Continue,
    /// The app's main menu, where it opens: a thumbnail of the game in play above "New game" and
    /// "Continue" (`--menu-first`).
    #[value(skip)]
    Menu,
    /// A level picker, where the app opens: the game in play and the next puzzles as small boards
    /// side by side, each opening its puzzle (`--levels-first`).
    #[value(skip)]
    Levels,
}

/// A button on a dialog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DialogButton {
    NewGame,
    NotNow,
    Rate,
    Close,
    Continue,
    Ok,
    /// A puzzle's thumbnail on the level picker: 0 is the game in play, then the puzzles after it.
    Puzzle(u8),
}

impl Dialog {
    /// Its buttons, left to right.
    pub fn buttons(self) -> &'static [DialogButton] {
        match self {
            Dialog::Solved | Dialog::Stats | Dialog::GameOver => &[DialogButton::NewGame],
            Dialog::WellDone | Dialog::Foreign => &[DialogButton::Ok],
            Dialog::RateUs => &[DialogButton::NotNow, DialogButton::Rate],
            Dialog::Ad => &[DialogButton::Close],
            Dialog::Continue => &[DialogButton::Continue],
            Dialog::Menu => &[DialogButton::NewGame, DialogButton::Continue],
            Dialog::Levels => &[
                DialogButton::Puzzle(0),
                DialogButton::Puzzle(1),
                DialogButton::Puzzle(2),
                DialogButton::Puzzle(3),
            ],
        }
    }

    /// Whether it is a pop-up (pauses the game and returns to it) rather than an end-of-game dialog.
    pub fn is_popup(self) -> bool {
        !matches!(
            self,
            Dialog::Solved | Dialog::WellDone | Dialog::Foreign | Dialog::Stats | Dialog::GameOver
        )
    }

    pub fn title(self) -> &'static str {
        match self {
            Dialog::Solved => "Solved!",
            Dialog::WellDone => "Well done",
            Dialog::Foreign => "Bravissimo!",
            Dialog::Stats => "Results",
            Dialog::GameOver => "Game over",
            Dialog::RateUs => "Enjoying Sudoku?",
            Dialog::Ad => "Block Puzzle Blast",
            Dialog::Continue => "Continue?",
            Dialog::Menu => "Sudoku",
            Dialog::Levels => "Choose a puzzle",
        }
    }
}

impl DialogButton {
    /// Its label; a thumbnail has none.
    pub fn label(self) -> &'static str {
        match self {
            DialogButton::NewGame => "New game",
            DialogButton::NotNow => "Not now",
            DialogButton::Rate => "Rate",
            DialogButton::Close => "×",
            DialogButton::Continue => "Continue",
            DialogButton::Ok => "OK",
            DialogButton::Puzzle(_) => "",
        }
    }
}

/// When each requested pop-up comes up: after a seeded number of accepted moves.
#[derive(Debug, Clone, Default)]
pub struct PopupSchedule {
    /// (moves, pop-up), soonest first.
    pending: Vec<(u32, Dialog)>,
}

impl PopupSchedule {
    /// Each pop-up comes after 2..=12 moves counted from the previous one, drawn from `seed`.
    pub fn new(popups: &[Dialog], seed: u64) -> PopupSchedule {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut at = 0;
        let pending = popups
            .iter()
            .map(|&p| {
                at += rng.random_range(2..=12);
                (at, p)
            })
            .collect();
        PopupSchedule { pending }
    }

    /// The pop-up due once `moves` moves have been made, if any; each comes once.
    pub fn due(&mut self, moves: u32) -> Option<Dialog> {
        match self.pending.first() {
            Some(&(at, p)) if moves >= at => {
                self.pending.remove(0);
                Some(p)
            }
            _ => None,
        }
    }
}
