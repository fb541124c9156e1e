//! Regression tests of a Sudoku app: play N games on one or many phones, check the app's behaviour
//! on each (`checks`), and write reports CI understands (`report`). Agent code: it sees a phone only
//! through `device`, `vision` and `play`, never the virtual phone.

pub mod checks;
mod evidence;
pub mod fleet;
mod game;
pub mod lease;
pub mod merge;
pub mod options;
pub mod outcome;
pub mod plan;
pub mod progress;
pub mod report;
pub mod runner;
mod serial;
mod timer;
mod watch;

pub use checks::Check;
pub use outcome::{Case, Counts, DeviceRun, Evidence, RunReport, Status};
