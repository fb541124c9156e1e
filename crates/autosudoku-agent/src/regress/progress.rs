//! What a device's worker reports while it runs, as typed values: the game it is on and its
//! stage, every finished case, and the device's end. The binary draws them (progress bars or
//! lines on stderr); the library never draws.

use super::outcome::{Case, DeviceRun};
use std::fmt;

/// Where a worker is in its current game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The device could not be reached at all.
    CannotConnect,
    /// Starting a new game the way the app wants.
    NewGame,
    /// The game's checks are running.
    Playing,
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stage::CannotConnect => "cannot connect",
            Stage::NewGame => "new game",
            Stage::Playing => "playing",
        })
    }
}

/// One device's reporter, called from its worker's thread.
pub trait Progress: Send {
    /// Game `number` reached `stage`.
    fn game(&self, number: u32, stage: Stage);
    /// A case finished (passed, failed, errored or skipped).
    fn case(&self, case: &Case);
    /// The device's worker is done; `run` is all it did.
    fn finished(&self, run: &DeviceRun);
}
