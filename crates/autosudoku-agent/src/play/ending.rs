//! How play knows that the game it finished is won, on any app: from the structure of the end, not
//! from the words an app happens to use. The driver holds the last digit back until a look has
//! seen every other digit of the answer in place; the look after that last digit then decides.
//! The board read full and correct is a win (`board-complete`), and so is the app saying so in
//! words it knows (`dialog`). So is any lasting change that follows that one digit at once and
//! hides the board, since a game in play does not cover its own board: a card or a dialog in words
//! no list holds, a dimmed board read with digits gone (`board-covered`), or no grid at all
//! while the app stays in front (`board-gone`). A change that goes away again (an app that flashes
//! its board) is waited out and the board read once more.

use super::run::Run;
use super::view::{Agent, GameView, Phase, Screen};
use super::PlayError;
use autosudoku_core::sudoku::Board;
use std::time::{Duration, Instant};

/// How a run ended well, and how play knew.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Won {
    /// The app said so in words it is known to use ("Solved!", "Well done", "Congratulations").
    Dialog,
    /// The grid read full and correct (an app that shows nothing, or nothing that lasts).
    FullGrid,
    /// Right after the last digit, with every other one seen in place, something came over the
    /// board and stayed: a card or dialog in unknown words, the board dimmed with digits gone.
    Covered,
    /// Right after the last digit, with every other one seen in place, the grid went away and
    /// stayed away (a results screen) while the app stayed in front.
    Gone,
}

impl Won {
    /// The `won_by` field of `--json`.
    pub fn by(self) -> &'static str {
        match self {
            Won::Dialog => "dialog",
            Won::FullGrid => "board-complete",
            Won::Covered => "board-covered",
            Won::Gone => "board-gone",
        }
    }

    /// How play knew, for a person.
    pub fn how(self) -> &'static str {
        match self {
            Won::Dialog => "the app shows it solved",
            Won::FullGrid => "the grid is full and correct",
            Won::Covered => {
                "every digit was seen to land and the app covered the board at the last one"
            }
            Won::Gone => "every digit was seen to land and the board went away at the last one",
        }
    }
}

/// What the look after the last digit found.
pub(super) enum AfterLast {
    /// The game, to verify and repair as every round does.
    Game(Box<GameView>),
    Won(Won),
}

/// An end screen must still be there this long after it was first seen: longer than a board's
/// completion flash (Solo's lasts 0.4 s, `FLASH_TIME` in its solo.c) with a frame to spare.
pub const LASTING: Duration = Duration::from_millis(800);

/// Looks after the last digit was typed, `before` holding every other digit of the answer as a
/// look saw them in place, until the game shows again or an end screen has lasted.
pub(super) fn after_last<A: Agent>(
    run: &mut Run<'_, A>,
    before: &Board,
) -> Result<AfterLast, PlayError> {
    const DISMISS_TRIES: usize = 4;
    let (mut closed, mut seen): (usize, Option<(Won, Instant)>) = (0, None);
    loop {
        let screen = run.timed(Phase::Verify, |r| r.agent.look())?;
        let end = match screen {
            Screen::Game(view) if !digits_gone(before, &view.shown) => {
                return Ok(AfterLast::Game(Box::new(view)))
            }
            Screen::Game(_) | Screen::Uncertain { .. } => Won::Covered,
            Screen::Solved => return Ok(AfterLast::Won(Won::Dialog)),
            Screen::GameOver => return Err(PlayError::GameOver),
            // A pop-up with a way out is closed, as mid-game: the board behind it tells.
            Screen::Dialog { .. } if closed < DISMISS_TRIES && run.agent.dismiss()? => {
                closed += 1;
                run.observer.note("closed a dialog after the last digit");
                continue;
            }
            Screen::Dialog { .. } => Won::Covered,
            Screen::Elsewhere { place, artifact } if !place.in_app() => {
                return Err(PlayError::Elsewhere { place, artifact })
            }
            Screen::Elsewhere { .. } => Won::Gone,
        };
        match seen {
            Some((kind, at)) if kind == end && at.elapsed() >= LASTING => {
                return Ok(AfterLast::Won(end))
            }
            Some((kind, _)) if kind == end => {}
            _ => seen = Some((end, Instant::now())),
        }
        run.check_stop()?;
        let waited = seen.map_or(Duration::ZERO, |(_, at)| at.elapsed());
        std::thread::sleep(LASTING.saturating_sub(waited));
    }
}

/// Whether digits seen on `before` are blank on `now`: something hides part of the board (a game
/// in play never blanks a digit it did not erase).
fn digits_gone(before: &Board, now: &Board) -> bool {
    before.filled().any(|(cell, _)| now.get(cell).is_none())
}
