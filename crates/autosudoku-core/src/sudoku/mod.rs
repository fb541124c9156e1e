//! The shared core: digits, cells and boards. The only types the agent and the virtual phone share.

mod board;
mod digit;
mod format;
pub mod grade;
pub mod parse;
pub mod validate;

pub use board::Board;
pub use digit::{Cell, Digit};
pub use parse::ParseError;
pub use validate::{validate, Conflict, Conflicts, Unit};
