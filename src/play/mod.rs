//! The agent: turns a read board and a solution or trace into moves, taps them, verifies and repairs.

pub mod moves;
pub mod replay;
pub mod estimate;
