//! autosudoku: plays Sudoku apps on an Android phone over ADB.
//!
//! Data flows one way: screen bytes (`device`) → image → grid geometry → board (`vision`)
//! → solution or trace (`solve`) → moves → device commands (`play`).
//! `phone` is the virtual phone: it shares nothing with the agent but the `sudoku` core types.

pub mod cli;
pub mod device;
pub mod exit;
pub mod logging;
pub mod phone;
pub mod play;
pub mod regress;
pub mod solve;
pub mod sudoku;
pub mod vision;
