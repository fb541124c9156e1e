//! The two newtypes of a variant board: a digit 1..=16 (`Symbol`, shown 1–9 then A–G) and a
//! cell position (`Pos`, 0-based inside, "r1c1" when shown).

use crate::solve::trace::Located;
use crate::sudoku::{Cell, Digit};
use serde::Serialize;
use std::fmt;

/// The largest board side a variant may have (16x16), so digits fit a `u16` mask.
pub const MAX_SIDE: usize = 16;

/// A digit 1..=16; above 9 it is written as a letter, A for 10 to G for 16, as apps show them.
/// Serialized as its number, as `Digit` is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(into = "u8")]
pub struct Symbol(u8);

impl Symbol {
    /// `Some` for 1..=16.
    pub const fn new(n: u8) -> Option<Symbol> {
        if n >= 1 && n as usize <= MAX_SIDE {
            Some(Symbol(n))
        } else {
            None
        }
    }

    pub const fn get(self) -> u8 {
        self.0
    }

    /// The digit's bit in a candidate mask (bit `n-1`).
    pub const fn bit(self) -> u16 {
        1 << (self.0 - 1)
    }

    /// `1`–`9`, then `A`–`G`.
    pub fn to_char(self) -> char {
        char::from_digit(u32::from(self.0), 17)
            .expect("below 17")
            .to_ascii_uppercase()
    }

    /// The digit a character shows (letters in either case); `None` for anything else.
    pub fn from_char(c: char) -> Option<Symbol> {
        c.to_digit(17).and_then(|n| Symbol::new(n as u8))
    }
}

impl From<Symbol> for u8 {
    fn from(s: Symbol) -> u8 {
        s.0
    }
}

impl Symbol {
    /// The classic digit it is; `None` above 9.
    pub const fn digit(self) -> Option<Digit> {
        Digit::new(self.0)
    }
}

impl From<Digit> for Symbol {
    fn from(d: Digit) -> Symbol {
        Symbol(d.get())
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A cell of a variant board; the side is the board's, so the row-major index needs it.
/// Serialized as `{"row", "col"}`, 0-based, as `Cell` is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Pos {
    pub row: u8,
    pub col: u8,
}

impl Pos {
    pub const fn new(row: usize, col: usize) -> Pos {
        Pos {
            row: row as u8,
            col: col as u8,
        }
    }

    /// The cell at row-major `index` of a board `side` cells wide.
    pub const fn from_index(index: usize, side: usize) -> Pos {
        Pos::new(index / side, index % side)
    }

    /// Row-major index on a board `side` cells wide.
    pub const fn index(self, side: usize) -> usize {
        self.row as usize * side + self.col as usize
    }

    /// The four cells sharing an edge with this one, on a board `side` cells wide.
    pub fn neighbours(self, side: usize) -> impl Iterator<Item = Pos> {
        let (r, c) = (self.row as isize, self.col as isize);
        [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
            .into_iter()
            .filter(move |&(r, c)| r >= 0 && c >= 0 && (r as usize) < side && (c as usize) < side)
            .map(|(r, c)| Pos::new(r as usize, c as usize))
    }
}

impl From<Cell> for Pos {
    fn from(c: Cell) -> Pos {
        Pos::new(c.row(), c.col())
    }
}

impl Pos {
    /// The classic cell at this position; `None` beyond a 9x9 board.
    pub const fn cell(self) -> Option<Cell> {
        Cell::new(self.row as usize, self.col as usize)
    }
}

impl Located for Pos {
    fn row(self) -> usize {
        self.row as usize
    }
    fn col(self) -> usize {
        self.col as usize
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_above_nine_are_letters_both_ways() {
        for n in 1..=16u8 {
            let s = Symbol::new(n).unwrap();
            assert_eq!(Symbol::from_char(s.to_char()), Some(s));
        }
        assert_eq!(Symbol::new(10).unwrap().to_char(), 'A');
        assert_eq!(Symbol::new(16).unwrap().to_char(), 'G');
        assert_eq!(Symbol::from_char('g'), Symbol::new(16));
        assert_eq!(
            (Symbol::from_char('0'), Symbol::from_char('H')),
            (None, None)
        );
    }

    #[test]
    fn positions_show_one_based() {
        assert_eq!(Pos::from_index(13, 6).to_string(), "r3c2");
        assert_eq!(Pos::new(2, 1).index(6), 13);
    }
}
