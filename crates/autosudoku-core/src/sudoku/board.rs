//! The board: 81 cells, each a digit or blank. Parsing, printing and validation live beside it.

use super::{Cell, Digit};
use std::fmt;

/// A 9x9 Sudoku board, row-major. Knows nothing about givens vs entered digits: that is the app's concern.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [Option<Digit>; 81],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    /// A board with every cell blank.
    pub const fn empty() -> Board {
        Board { cells: [None; 81] }
    }

    pub fn get(&self, cell: Cell) -> Option<Digit> {
        self.cells[cell.index()]
    }

    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.cells[cell.index()] = digit;
    }

    /// Every cell with its content, row-major.
    pub fn iter(&self) -> impl Iterator<Item = (Cell, Option<Digit>)> + '_ {
        Cell::all().map(move |c| (c, self.get(c)))
    }

    /// The filled cells.
    pub fn filled(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        self.iter().filter_map(|(c, d)| d.map(|d| (c, d)))
    }

    /// The blank cells, row-major.
    pub fn blanks(&self) -> impl Iterator<Item = Cell> + '_ {
        self.iter().filter(|(_, d)| d.is_none()).map(|(c, _)| c)
    }

    /// Number of filled cells.
    pub fn filled_count(&self) -> usize {
        self.cells.iter().filter(|d| d.is_some()).count()
    }

    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// The 81-character line form, `.` for blanks.
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|d| d.map_or('.', Digit::to_char))
            .collect()
    }

    /// Row-major digits as numbers, 0 for blank (the layout solvers and renderers index).
    pub fn to_array(&self) -> [u8; 81] {
        let mut out = [0; 81];
        for (i, d) in self.cells.iter().enumerate() {
            out[i] = d.map_or(0, Digit::get);
        }
        out
    }

    /// From row-major numbers, 0 for blank; `None` if any value is above 9.
    pub fn from_array(values: &[u8; 81]) -> Option<Board> {
        let mut board = Board::empty();
        for (i, &v) in values.iter().enumerate() {
            board.cells[i] = match v {
                0 => None,
                n => Some(Digit::new(n)?),
            };
        }
        Some(board)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.to_line())
    }
}
