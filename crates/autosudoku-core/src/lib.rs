//! The shared core of autosudoku: digits, cells and boards (`sudoku`), the solvers and their
//! traces (`solve`), and the puzzle generator (`generate`), layered in that order: nothing imports
//! upward. No I/O beyond std and serde; the agent and the virtual phone both build on it.

pub mod batch;
pub mod generate;
pub mod solve;
pub mod sudoku;
pub mod variant;
