//! The digits of a variant board: N×N cells, each a `Symbol` or blank.

use super::symbol::{Pos, Symbol};
use std::fmt;

/// Row-major digits' numbers, 0 for blank; every value is at most the side.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    side: usize,
    cells: Vec<u8>,
}

impl Grid {
    pub fn empty(side: usize) -> Grid {
        Grid {
            side,
            cells: vec![0; side * side],
        }
    }

    /// From row-major numbers, 0 for blank; `None` if the count is not side² or a value is above the side.
    pub fn from_values(side: usize, cells: Vec<u8>) -> Option<Grid> {
        (cells.len() == side * side && cells.iter().all(|&v| v as usize <= side))
            .then_some(Grid { side, cells })
    }

    pub fn side(&self) -> usize {
        self.side
    }

    pub fn get(&self, pos: Pos) -> Option<Symbol> {
        Symbol::new(self.cells[pos.index(self.side)])
    }

    /// Sets a cell; a symbol above the side is a bug of the caller.
    pub fn set(&mut self, pos: Pos, symbol: Option<Symbol>) {
        let v = symbol.map_or(0, Symbol::get);
        assert!(v as usize <= self.side, "{v} on a {0}x{0} board", self.side);
        self.cells[pos.index(self.side)] = v;
    }

    /// Row-major numbers, 0 for blank (the solvers' layout).
    pub fn values(&self) -> &[u8] {
        &self.cells
    }

    /// Every cell, row-major.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<> {
        let side = self.side;
        (0..side * side).map(move |i| Pos::from_index(i, side))
    }

    pub fn filled_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Every cell row-major on one line: `1`–`9`, `A`–`G`, `.` for a blank (the manifest's board).
    pub fn to_line(&self) -> String {
        self.positions()
            .map(|p| self.get(p).map_or('.', Symbol::to_char))
            .collect()
    }
}

/// Rows of symbols separated by spaces, `.` for a blank.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.to_line();
        let chars: Vec<char> = line.chars().collect();
        for row in chars.chunks(self.side) {
            let row: Vec<String> = row.iter().map(char::to_string).collect();
            writeln!(f, "{}", row.join(" "))?;
        }
        Ok(())
    }
}
