//! The agent: turns a read board and a solution or trace into moves, taps them, verifies and repairs.

mod checked;
pub mod driver;
mod error;
pub mod estimate;
#[cfg(test)]
mod fake;
pub mod learn;
pub mod moves;
pub mod profile;
pub mod replay;
mod resume;
pub mod run;
pub mod view;

pub use error::{PlayError, Stop};
pub mod agent;
pub mod layout;
pub mod report;
pub mod session;
pub mod show;
pub mod summary;
