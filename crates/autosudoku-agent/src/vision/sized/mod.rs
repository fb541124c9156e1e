//! Boards of any side (4x4 to 16x16) with no prior knowledge of the app: the `lattice` of N+1
//! lines each way that nothing else crosses, the `grid` in screenshot pixels with its box shape
//! from the thicker lines, and the `read` of each cell's symbol (digits, then letters above 9)
//! and the keypad's keys; `judge` says whether the read can be trusted. The 9x9 reader (`vision::read`) stays the classic path; this one reads
//! the boards it finds no 9x9 grid on, or only part of one.

mod grid;
mod judge;
mod lattice;
mod read;
mod widths;

pub use grid::SizedGrid;
pub use read::{SizedCell, SizedRead, SizedReader};
