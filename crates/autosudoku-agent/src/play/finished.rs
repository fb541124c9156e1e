//! A game found over at a run's first look, before anything was typed: the app's solved dialog,
//! its game-over screen, or a board already full and correct. `regress`'s fill, which runs after
//! its own checks typed, takes that as the app's answer; `play` (`FillOptions::refuse_finished`)
//! stops with the news and how to start the next game instead of reporting a win it did not play.

use super::moves;
use super::run::Run;
use super::view::{Agent, GameView, Phase};
use super::PlayError;
use autosudoku_core::sudoku::Board;
use serde::Serialize;
use std::fmt;

/// How the game on screen was already over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Finished {
    /// The app shows its solved state.
    Solved,
    /// The app shows its game-over state.
    GameOver,
    /// The board is full and correct.
    Complete,
}

impl fmt::Display for Finished {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Finished::Solved => "the app shows it solved",
            Finished::GameOver => "the app shows game over",
            Finished::Complete => "the grid is full and correct",
        })
    }
}

/// The run's first look: the game to play; `None` when the app shows it solved and that is
/// taken as a win; with `refuse`, a game already over is `PlayError::Finished`.
pub(super) fn opening<A: Agent>(
    run: &mut Run<'_, A>,
    refuse: bool,
) -> Result<Option<GameView>, PlayError> {
    match run.game(Phase::Read) {
        Ok(None) if refuse => Err(PlayError::Finished(Finished::Solved)),
        Err(PlayError::GameOver) if refuse => Err(PlayError::Finished(Finished::GameOver)),
        other => other,
    }
}

/// With `refuse`, a first view whose board already is `solution` is `PlayError::Finished`.
pub(super) fn refuse_complete(
    view: &GameView,
    solution: &Board,
    refuse: bool,
) -> Result<(), PlayError> {
    if refuse && moves::fixes(&view.shown, solution).is_empty() {
        return Err(PlayError::Finished(Finished::Complete));
    }
    Ok(())
}
