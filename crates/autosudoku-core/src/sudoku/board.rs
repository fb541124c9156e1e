//! The board: 81 cells, each a digit or blank. Parsing, printing and validation live beside it.

use super::{Cell, Digit};
use std::fmt;

/// A 9x9 Sudoku board, row-major. Knows nothing about givens vs entered digits: that is the app's concern.
/// Stored as the digits' numbers (0 = blank), the layout the solvers take and file mode reads, so
/// `to_array`/`from_array` are copies: in `solve --file` they run once per line.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// Invariant: every value is 0..=9.
    cells: [u8; 81],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    /// A board with every cell blank.
    pub const fn empty() -> Board {
        Board { cells: [0; 81] }
    }

    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.cells[cell.index()])
    }

    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.cells[cell.index()] = digit.map_or(0, Digit::get);
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
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The 81-character line form, `.` for blanks.
    pub fn to_line(&self) -> String {
        String::from_utf8(self.line_bytes().to_vec()).expect("ASCII")
    }

    /// The line form as ASCII bytes, without allocating (file mode writes one per puzzle).
    pub fn line_bytes(&self) -> [u8; 81] {
        self.cells.map(|v| if v == 0 { b'.' } else { b'0' + v })
    }

    /// Row-major digits as numbers, 0 for blank (the layout solvers and renderers index).
    pub fn to_array(&self) -> [u8; 81] {
        self.cells
    }

    /// From row-major numbers, 0 for blank; `None` if any value is above 9.
    pub fn from_array(values: &[u8; 81]) -> Option<Board> {
        values
            .iter()
            .all(|&v| v <= 9)
            .then_some(Board { cells: *values })
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.to_line())
    }
}
