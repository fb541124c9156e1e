//! The agent: turns a read board and a solution or trace into moves, taps them, verifies and repairs.

pub mod driver;
mod error;
pub mod estimate;
#[cfg(test)]
mod fake;
mod ink;
pub mod moves;
pub mod profile;
pub mod replay;
pub mod view;

pub use error::PlayError;
pub mod agent;
mod close_mark;
pub mod dialog;
pub mod layout;
pub mod record;
pub mod report;
pub mod show;
pub mod summary;
