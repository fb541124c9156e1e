//! The virtual phone: a simulated Android device speaking the ADB wire protocol, running a Sudoku app.
//! No agent module may import anything from here (tests/architecture.rs checks it).

pub mod screen;
