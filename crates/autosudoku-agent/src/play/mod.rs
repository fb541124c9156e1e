//! The agent: turns a read board and a solution or trace into moves, taps them, verifies and repairs.
//!
//! `view` is the seam (what a look saw, the `Agent` the driver talks to, the `Observer` that hears
//! it); `run` the context every step shares; `moves/` the pure planning and `layout` its mapping to
//! screen points; `learn` what an app no profile describes is like; `checked` and `driver` the fill
//! with its verify-and-repair rounds; `replay/` the search played live; `phone_agent/` the real
//! phone behind `Agent` (I/O only); `profile`, `session`, `report` and `summary` around them; `new_game` starts
//! the app's next game (for `play --new-game` and `regress`); `sized` the stops and taps of a
//! board of another side than 9x9, which `phone_agent` fills on its own.

mod checked;
pub mod driver;
mod ending;
mod error;
pub mod estimate;
#[cfg(test)]
pub(crate) mod fake;
mod finished;
mod fresh;
pub mod layout;
pub mod learn;
pub mod moves;
pub mod new_game;
pub mod phone_agent;
pub mod profile;
pub mod replay;
pub mod report;
pub mod run;
pub mod session;
pub mod sized;
pub mod summary;
pub mod view;

pub use error::{PlayError, Stop};
pub use finished::Finished;
