//! Variant boards as data: N×N (4 to 16) with boxes of any rectangle or jigsaw regions, extra units
//! (the diagonals of X, the windows of hyper) and killer cages. One model for every board; the
//! classic 9x9 types and their fast path (`crate::sudoku`, `crate::solve`) stay a specialisation.
//!
//! Layers, each importing only those before it: the model (`symbol`, `shape`, `unit`, `cage`,
//! `layout`, `grid`, `check`, `puzzle`), the solvers (`solve`), the generator (`generate`), the
//! text form (`text`).

mod cage;
mod check;
pub mod generate;
mod grid;
mod layout;
mod puzzle;
mod shape;
pub mod solve;
mod symbol;
pub mod text;
mod unit;

pub use cage::{sum_range, Cage, CageName};
pub use check::{check, Area, Broken, BrokenRules};
pub use grid::Grid;
pub use layout::{Layout, LayoutError, Regions};
pub use puzzle::Puzzle;
pub use shape::BoxShape;
pub use symbol::{Pos, Symbol, MAX_SIDE};
pub use unit::{Unit, UnitKind};
