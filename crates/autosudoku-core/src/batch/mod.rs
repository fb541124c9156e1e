//! Solving puzzles as `solve` and `solve --file` report them, with no I/O: what one request asks
//! (`Request`), what became of one puzzle (`record`), and a file's lines solved chunk by chunk
//! into the output bytes and counts (`lines`). Reading the file, threads and writing stay with
//! the caller.

pub mod lines;
pub mod record;
pub mod solvable;

pub use lines::{lines_of, Chunk, Tally, CHUNK_LINES};
pub use record::{Record, Status};
pub use solvable::{Count, Solvable};

use crate::solve::Strategy;

/// What a solve asks for, whatever the puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    /// The traced search to solve with, or `None` for the fast solver.
    pub traced: Option<Strategy>,
    /// Also count the solutions (0, 1 or more than one).
    pub count_solutions: bool,
    /// Also report the exact step counts of both traced searches.
    pub steps: bool,
    /// Give up a traced search after this many steps.
    pub max_steps: Option<u64>,
}
