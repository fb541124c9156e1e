//! The start of a game, in its own agent session: puzzle-valid, the timer's first reading and
//! givens-fixed, and the restore of a given the app let be overwritten.

use super::{Game, Halt};
use crate::play::view::Screen;
use crate::play::PlayError;
use crate::regress::checks::{self, Check};
use crate::regress::outcome::Evidence;
use crate::vision::screen::status::Status as StatusLine;
use autosudoku_core::sudoku::{Board, Cell, Digit};
use std::time::Instant;

/// What the opening of a game found, for the rest of it.
pub struct Opening {
    pub solution: Board,
    pub(super) status0: StatusLine,
    pub(super) t0: Instant,
    /// A given the app let be overwritten, to put back: (cell, given).
    pub restore: Option<(Cell, Digit)>,
}

impl Game<'_, '_, '_> {
    /// The start of a game: puzzle-valid, the timer's first reading, givens-fixed. Its own agent
    /// session: an app that lets a given be overwritten makes the agent distrust the game, so the
    /// given is put back in a fresh session (`restore`) before the rest is played (`rest`).
    pub fn opening(&mut self) -> Result<Opening, Halt> {
        let view = self.first_view()?;
        let shot0 = self.agent.latest.clone();
        let t0 = Instant::now();
        let start = Instant::now();
        let givens = if view.givens.filled_count() > 0 {
            view.givens.clone()
        } else {
            view.shown.clone()
        };
        let solution = match checks::puzzle_valid(&givens) {
            Ok(s) => s,
            Err(why) => {
                let ev = self.evidence(Check::PuzzleValid, None, shot0.as_ref());
                self.record(Check::PuzzleValid, Err(why), start.elapsed(), ev);
                return Err(Halt::Skip("the puzzle on screen is not valid".into()));
            }
        };
        self.record(
            Check::PuzzleValid,
            Ok(()),
            start.elapsed(),
            Evidence::default(),
        );
        let status0 = shot0.as_ref().map(|l| self.status(l)).unwrap_or_default();
        let restore = self.givens_fixed(&givens)?;
        Ok(Opening {
            solution,
            status0,
            t0,
            restore,
        })
    }

    /// Puts an overwritten given back, in a session that reads the board afresh.
    pub fn restore(&mut self, cell: Cell, given: Digit) -> Result<(), Halt> {
        self.first_view()?;
        self.type_until_shown(cell, given)?;
        let shown = self
            .agent
            .latest
            .as_ref()
            .and_then(|(_, r)| r.as_ref()?.board.get(cell));
        if shown == Some(given) {
            Ok(())
        } else {
            Err(Halt::Broken(format!(
                "could not put the given {given} back at {cell}"
            )))
        }
    }

    /// Types a different digit on two givens (one dropped tap must not let a broken app pass);
    /// the given to put back when one was overwritten.
    fn givens_fixed(&mut self, givens: &Board) -> Result<Option<(Cell, Digit)>, Halt> {
        let start = Instant::now();
        for (cell, given) in givens.filled().take(2) {
            let Some(typed) = self.other_digit(given) else {
                break;
            };
            let before = self.agent.latest.clone();
            let shown = match self.type_at(cell, typed)? {
                Screen::Game(v) => v.shown.get(cell),
                // The agent distrusts a board whose givens changed: judge from the raw read.
                Screen::Uncertain { doubt, artifact } => {
                    match self.agent.latest.as_ref().and_then(|(_, r)| r.as_ref()) {
                        Some(read) => read.board.get(cell),
                        None => return Err(PlayError::Uncertain { doubt, artifact }.into()),
                    }
                }
                other => {
                    return Err(Halt::Broken(format!(
                        "typing on a given left the game: {other:?}"
                    )))
                }
            };
            if let Err(why) = checks::given_kept(cell, given, typed, shown) {
                let after = self.agent.latest.clone();
                let ev = self.evidence(Check::GivensFixed, before.as_ref(), after.as_ref());
                self.record(Check::GivensFixed, Err(why), start.elapsed(), ev);
                return Ok(Some((cell, given)));
            }
        }
        self.record(
            Check::GivensFixed,
            Ok(()),
            start.elapsed(),
            Evidence::default(),
        );
        Ok(None)
    }
}
