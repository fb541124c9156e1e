//! The 9x9 grid on a whole screenshot, found with no prior knowledge of the app (`find`): line
//! masks in both polarities (`mask`), line candidates (`lines`), ten evenly spaced positions each
//! way (`lattice`), the best frame of rows and columns (`frame`), the refined `geometry` and the
//! 81 cell boxes, and whether something drawn over the grid hides part of it (`cover`, with
//! `segment` telling a line's hidden stretch from a faint one); with no line at all, the lattice
//! the digits sit on (`digit_lattice`).

mod cover;
mod digit_lattice;
mod find;
mod frame;
mod geometry;
pub mod lattice;
pub mod lines;
mod mask;
mod segment;

pub(super) use find::{candidate_lines, LINE_CONTRAST};
pub use find::{detect, rephased, GridFound};
pub use geometry::{Cue, GridGeometry};
