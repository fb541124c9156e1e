//! Printing a board: `Display` draws the grid with `|` and `-` rules (parseable back by `FromStr`);
//! the one-line form is `Board::to_line`.

use super::{Board, Cell};
use std::fmt;

impl fmt::Display for Board {
    /// ```text
    /// 5 3 . | . 7 . | . . .
    /// ...
    /// ------+-------+------
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..9 {
            if row == 3 || row == 6 {
                writeln!(f, "------+-------+------")?;
            }
            for col in 0..9 {
                if col == 3 || col == 6 {
                    write!(f, " |")?;
                }
                if col > 0 {
                    write!(f, " ")?;
                }
                let cell = Cell::new(row, col).expect("9x9");
                let ch = self.get(cell).map_or('.', |d| d.to_char());
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawn_grid_round_trips() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let board: Board = line.parse().unwrap();
        let drawn = board.to_string();
        assert!(drawn.starts_with("5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n"));
        assert_eq!(drawn.lines().nth(3), Some("------+-------+------"));
        assert_eq!(drawn.lines().count(), 11);
        assert_eq!(drawn.parse::<Board>().unwrap(), board);
    }
}
