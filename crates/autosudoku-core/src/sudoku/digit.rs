//! Newtypes for a Sudoku digit (1–9) and a cell position (row, column, both 0-based inside, 1-based when shown).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A digit 1..=9. Blanks are `Option<Digit>::None`, never 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Digit(u8);

impl Digit {
    /// `Some` for 1..=9.
    pub const fn new(n: u8) -> Option<Digit> {
        if n >= 1 && n <= 9 {
            Some(Digit(n))
        } else {
            None
        }
    }

    /// The digit as a number 1..=9.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// 0..=8, for indexing arrays and bit masks.
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The digit whose `index()` is `i` (0..=8).
    pub const fn from_index(i: usize) -> Option<Digit> {
        if i < 9 {
            Some(Digit(i as u8 + 1))
        } else {
            None
        }
    }

    /// 1, 2, ..., 9.
    pub fn all() -> impl Iterator<Item = Digit> {
        (1..=9).map(Digit)
    }

    /// The digit as its ASCII character.
    pub const fn to_char(self) -> char {
        (b'0' + self.0) as char
    }
}

impl TryFrom<u8> for Digit {
    type Error = String;
    fn try_from(n: u8) -> Result<Self, Self::Error> {
        Digit::new(n).ok_or_else(|| format!("{n} is not a Sudoku digit (1-9)"))
    }
}

impl From<Digit> for u8 {
    fn from(d: Digit) -> u8 {
        d.0
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A cell of the 9x9 grid. Stored 0-based; displayed 1-based ("r3c8") as users count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Cell {
    row: u8,
    col: u8,
}

impl Cell {
    /// `Some` for row and col in 0..9.
    pub const fn new(row: usize, col: usize) -> Option<Cell> {
        if row < 9 && col < 9 {
            Some(Cell {
                row: row as u8,
                col: col as u8,
            })
        } else {
            None
        }
    }

    /// The cell at row-major index 0..81.
    pub const fn from_index(i: usize) -> Option<Cell> {
        if i < 81 {
            Cell::new(i / 9, i % 9)
        } else {
            None
        }
    }

    /// All 81 cells, row-major.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..81).map(|i| Cell {
            row: (i / 9) as u8,
            col: (i % 9) as u8,
        })
    }

    pub const fn row(self) -> usize {
        self.row as usize
    }

    pub const fn col(self) -> usize {
        self.col as usize
    }

    /// Row-major index 0..81.
    pub const fn index(self) -> usize {
        self.row as usize * 9 + self.col as usize
    }

    /// The 3x3 box, 0..9, row-major.
    pub const fn box_index(self) -> usize {
        (self.row as usize / 3) * 3 + self.col as usize / 3
    }

    /// Whether two different cells share a row, column or box.
    pub fn sees(self, other: Cell) -> bool {
        self != other
            && (self.row == other.row
                || self.col == other.col
                || self.box_index() == other.box_index())
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}
