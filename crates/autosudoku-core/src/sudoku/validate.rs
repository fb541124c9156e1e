//! The LeetCode 36 rules: no digit twice in a row, a column or a box. Blanks are allowed.
//! A conflict names the unit, the digit and every cell holding it, 1-based.

use super::{Board, Cell, Digit};
use std::fmt;
use thiserror::Error;

/// A row, column or 3x3 box; the number is 0-based inside, 1-based when shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Row(usize),
    Col(usize),
    Box(usize),
}

/// One digit appearing more than once in one unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    pub unit: Unit,
    pub digit: Digit,
    /// The cells holding `digit` in `unit`, row-major, at least two.
    pub cells: Vec<Cell>,
}

/// All the conflicts of a board, shown joined by "; ".
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}", join(.0))]
pub struct Conflicts(pub Vec<Conflict>);

fn join(conflicts: &[Conflict]) -> String {
    let parts: Vec<String> = conflicts.iter().map(Conflict::to_string).collect();
    parts.join("; ")
}

/// Checks the LeetCode 36 rules; `Err` lists every duplicate, rows first, then columns, then boxes.
pub fn validate(board: &Board) -> Result<(), Conflicts> {
    let mut conflicts = Vec::new();
    let units = (0..9)
        .map(Unit::Row)
        .chain((0..9).map(Unit::Col))
        .chain((0..9).map(Unit::Box));
    for unit in units {
        // Bit masks first: file mode validates every line, and duplicates are rare.
        let (mut seen, mut twice) = (0u16, 0u16);
        for cell in unit.cells() {
            if let Some(d) = board.get(cell) {
                twice |= seen & 1 << d.index();
                seen |= 1 << d.index();
            }
        }
        for digit in Digit::all().filter(|d| twice & 1 << d.index() != 0) {
            let cells = unit
                .cells()
                .filter(|&c| board.get(c) == Some(digit))
                .collect();
            conflicts.push(Conflict { unit, digit, cells });
        }
    }
    if conflicts.is_empty() {
        Ok(())
    } else {
        Err(Conflicts(conflicts))
    }
}

impl Board {
    /// See [`validate`].
    pub fn validate(&self) -> Result<(), Conflicts> {
        validate(self)
    }
}

impl Unit {
    /// The nine cells of the unit, row-major.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (0..9).map(move |i| {
            let (row, col) = match self {
                Unit::Row(r) => (r, i),
                Unit::Col(c) => (i, c),
                Unit::Box(b) => (b / 3 * 3 + i / 3, b % 3 * 3 + i % 3),
            };
            Cell::new(row, col).expect("unit index below 9")
        })
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(r) => write!(f, "row {}", r + 1),
            Unit::Col(c) => write!(f, "column {}", c + 1),
            Unit::Box(b) => write!(f, "box {}", b + 1),
        }
    }
}

impl fmt::Display for Conflict {
    /// "row 3 has two 7s, at columns 2 and 8"; "box 5 has three 1s, at r4c4, r5c6 and r6c5".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const COUNTS: [&str; 10] = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
        ];
        let places: Vec<String> = self
            .cells
            .iter()
            .map(|c| match self.unit {
                Unit::Row(_) => (c.col() + 1).to_string(),
                Unit::Col(_) => (c.row() + 1).to_string(),
                Unit::Box(_) => c.to_string(),
            })
            .collect();
        let noun = match self.unit {
            Unit::Row(_) => "columns ",
            Unit::Col(_) => "rows ",
            Unit::Box(_) => "",
        };
        let (last, rest) = places.split_last().expect("a conflict has cells");
        write!(
            f,
            "{} has {} {}s, at {noun}{} and {last}",
            self.unit,
            COUNTS[self.cells.len()],
            self.digit,
            rest.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_with(placements: &[(usize, usize, u8)]) -> Board {
        let mut board = Board::empty();
        for &(r, c, d) in placements {
            board.set(Cell::new(r, c).unwrap(), Digit::new(d));
        }
        board
    }

    #[test]
    fn valid_boards_pass() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        assert_eq!(line.parse::<Board>().unwrap().validate(), Ok(()));
        assert_eq!(Board::empty().validate(), Ok(()));
    }

    #[test]
    fn row_duplicate_names_the_columns() {
        let board = board_with(&[(2, 1, 7), (2, 7, 7)]);
        let err = board.validate().unwrap_err();
        assert_eq!(err.to_string(), "row 3 has two 7s, at columns 2 and 8");
        assert_eq!(
            err.0[0].cells,
            vec![Cell::new(2, 1).unwrap(), Cell::new(2, 7).unwrap()]
        );
    }

    #[test]
    fn column_and_box_duplicates() {
        let board = board_with(&[(0, 4, 3), (5, 4, 3)]);
        assert_eq!(
            board.validate().unwrap_err().to_string(),
            "column 5 has two 3s, at rows 1 and 6"
        );
        let board = board_with(&[(3, 3, 1), (4, 5, 1), (5, 4, 1)]);
        let err = board.validate().unwrap_err();
        assert_eq!(err.0.len(), 1);
        assert_eq!(
            err.to_string(),
            "box 5 has three 1s, at r4c4, r5c6 and r6c5"
        );
    }

    #[test]
    fn one_duplicate_can_break_two_units() {
        let board = board_with(&[(0, 0, 9), (0, 1, 9)]);
        assert_eq!(
            board.validate().unwrap_err().to_string(),
            "row 1 has two 9s, at columns 1 and 2; box 1 has two 9s, at r1c1 and r1c2"
        );
    }
}
