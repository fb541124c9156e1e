//! The shared core: digits, cells and boards. The only types the agent and the virtual phone share.

mod board;
mod digit;

pub use board::Board;
pub use digit::{Cell, Digit};
