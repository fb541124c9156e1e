//! autosudoku: plays Sudoku apps on an Android phone over ADB. This package is the binary's
//! command line (`cli`), its exit codes and error reports (`exit`) and logging; the work lives in the workspace's crates:
//! `autosudoku_core` (boards, solvers), `autosudoku_agent` (device, vision, play, regress) and
//! `autosudoku_phone` (the virtual phone, used only by `demo` and `phone`).

pub mod cli;
pub mod exit;
pub mod logging;
