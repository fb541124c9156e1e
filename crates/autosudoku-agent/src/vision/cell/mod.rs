//! Reading the cells, once the grid has given their boxes: `extract` cuts what each box holds (its
//! ink told from the cell's own paper, `plate` when that paper is a shape inside the box,
//! `small_font` when a lone mark may be a digit of a small font) into a `CellInk` (`ink`), from the
//! shapes of `components`; `classify` says which digit each sample is; `style` tells givens from
//! entries by how they are drawn.

mod backdrop;
pub mod by_lines;
mod caret;
pub mod classify;
pub(crate) mod components;
pub(in crate::vision) mod extract;
mod ink;
mod plate;
pub(in crate::vision) mod small_font;
pub mod style;

pub use extract::extract;
pub use ink::{CellInk, Sample};
