//! A unit: cells that hold each digit once (a row, a column, a box or jigsaw region, a diagonal, a
//! hyper window). Its kind names it in messages.

use super::symbol::Pos;
use std::fmt;

/// Which unit; numbers are 0-based inside, 1-based when shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnitKind {
    Row(u8),
    Col(u8),
    Box(u8),
    /// A jigsaw region, named by its letter in the text form.
    Region(char),
    /// Top-left to bottom-right.
    MainDiagonal,
    /// Top-right to bottom-left.
    AntiDiagonal,
    /// One of the hyper (windoku) windows.
    Window(u8),
}

impl fmt::Display for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            UnitKind::Row(n) => write!(f, "row {}", n + 1),
            UnitKind::Col(n) => write!(f, "column {}", n + 1),
            UnitKind::Box(n) => write!(f, "box {}", n + 1),
            UnitKind::Region(letter) => write!(f, "region {letter}"),
            UnitKind::MainDiagonal => f.write_str("the main diagonal"),
            UnitKind::AntiDiagonal => f.write_str("the anti-diagonal"),
            UnitKind::Window(n) => write!(f, "window {}", n + 1),
        }
    }
}

/// A unit's kind and its cells, row-major.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    pub kind: UnitKind,
    pub cells: Vec<Pos>,
}
