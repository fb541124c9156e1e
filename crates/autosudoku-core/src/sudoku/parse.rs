//! Reading a board from every form a user pastes: an 81-cell line, 9 lines of 9, a grid drawn with
//! `|`, `-`, `+` and spaces, and LeetCode's `[["5","3",".",...],...]`. Errors name the line, row or
//! column at fault, 1-based as users count.

use super::{Board, Cell, Digit};
use std::str::FromStr;
use thiserror::Error;

/// Why a text is not a board. Rows, columns and lines are 1-based.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("no puzzle found: give 81 cells in one line, 9 lines of 9, or a LeetCode [[\"5\",\".\",...]] array")]
    Empty,
    #[error("line {line} has {found} cells, expected {expected}")]
    LineLength {
        line: usize,
        found: usize,
        expected: usize,
    },
    #[error("found {found} lines of cells, expected 9 lines of 9 (or one line of 81)")]
    RowCount { found: usize },
    #[error("character '{ch}' at row {row}, column {col} is not a digit (use 1-9 for digits and . 0 _ for blanks)")]
    BadChar { ch: char, row: usize, col: usize },
    #[error("not a LeetCode board ([[\"5\",\"3\",\".\",...],...]): {0}")]
    Json(String),
    #[error("the LeetCode board has {found} rows, expected 9")]
    LeetCodeRows { found: usize },
    #[error("row {row} of the LeetCode board has {found} cells, expected 9")]
    LeetCodeRow { row: usize, found: usize },
    #[error(
        "entry \"{entry}\" at row {row}, column {col} is not a digit (use \"1\"-\"9\" or \".\")"
    )]
    BadEntry {
        entry: String,
        row: usize,
        col: usize,
    },
}

impl FromStr for Board {
    type Err = ParseError;

    /// Any of the forms above; the form is recognised from the text itself.
    fn from_str(text: &str) -> Result<Board, ParseError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(ParseError::Empty);
        }
        if trimmed.starts_with('[') {
            return parse_leetcode(trimmed);
        }
        if let Some(board) = plain_line(trimmed.as_bytes()) {
            return Ok(board);
        }
        // Lines holding no cell (rules like `------+-------+------`, blank lines) are skipped,
        // but keep their numbers so errors point at the right physical line.
        let rows: Vec<(usize, Vec<char>)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, cells_of(l)))
            .filter(|(_, cells)| !cells.is_empty())
            .collect();
        match rows.as_slice() {
            [] => Err(ParseError::Empty),
            [(line, cells)] => parse_line_cells(cells, *line),
            _ if rows.len() == 9 => parse_rows(&rows),
            _ => Err(ParseError::RowCount { found: rows.len() }),
        }
    }
}

/// One puzzle written on one line (81 cells; separators allowed); `line` is used in error messages,
/// so file readers can report where the bad line is.
pub fn parse_line(text: &str, line: usize) -> Result<Board, ParseError> {
    if let Some(board) = plain_line(text.as_bytes()) {
        return Ok(board);
    }
    let cells = cells_of(text);
    if cells.is_empty() {
        return Err(ParseError::Empty);
    }
    parse_line_cells(&cells, line)
}

/// The common case without allocating: exactly 81 cell characters and nothing else (puzzle files).
/// `None` sends anything else down the general path, which also explains what is wrong.
fn plain_line(bytes: &[u8]) -> Option<Board> {
    /// Byte → digit, 0 for a blank, `NOT_A_CELL` for anything else.
    const NOT_A_CELL: u8 = 0xFF;
    const VALUE: [u8; 256] = {
        let mut t = [NOT_A_CELL; 256];
        let mut d = 1;
        while d <= 9 {
            t[b'0' as usize + d] = d as u8;
            d += 1;
        }
        t[b'.' as usize] = 0;
        t[b'0' as usize] = 0;
        t[b'_' as usize] = 0;
        t
    };
    let bytes: &[u8; 81] = bytes.try_into().ok()?;
    let digits = bytes.map(|b| VALUE[b as usize]);
    // Branch-free: one test for the whole line.
    if digits.iter().fold(0, |all, &d| all | d) == NOT_A_CELL {
        return None;
    }
    Board::from_array(&digits)
}

/// The cell characters of a line: everything but whitespace and drawing characters.
fn cells_of(line: &str) -> Vec<char> {
    line.chars()
        .filter(|&c| !c.is_whitespace() && !is_drawing(c))
        .collect()
}

/// Characters people draw grids with, ASCII and box-drawing.
fn is_drawing(c: char) -> bool {
    matches!(c, '|' | '-' | '+' | '=') || ('\u{2500}'..='\u{257F}').contains(&c)
}

fn parse_line_cells(cells: &[char], line: usize) -> Result<Board, ParseError> {
    if cells.len() != 81 {
        return Err(ParseError::LineLength {
            line,
            found: cells.len(),
            expected: 81,
        });
    }
    let mut board = Board::empty();
    for (i, &ch) in cells.iter().enumerate() {
        let cell = Cell::from_index(i).expect("81 cells");
        board.set(cell, cell_value(ch, cell)?);
    }
    Ok(board)
}

fn parse_rows(rows: &[(usize, Vec<char>)]) -> Result<Board, ParseError> {
    let mut board = Board::empty();
    for (r, (line, cells)) in rows.iter().enumerate() {
        if cells.len() != 9 {
            return Err(ParseError::LineLength {
                line: *line,
                found: cells.len(),
                expected: 9,
            });
        }
        for (c, &ch) in cells.iter().enumerate() {
            let cell = Cell::new(r, c).expect("9x9");
            board.set(cell, cell_value(ch, cell)?);
        }
    }
    Ok(board)
}

/// `Some(digit)`, `None` for a blank, or the error naming the character and its place.
fn cell_value(ch: char, cell: Cell) -> Result<Option<Digit>, ParseError> {
    match ch {
        '.' | '0' | '_' => Ok(None),
        '1'..='9' => Ok(Digit::new(ch as u8 - b'0')),
        _ => Err(ParseError::BadChar {
            ch,
            row: cell.row() + 1,
            col: cell.col() + 1,
        }),
    }
}

fn parse_leetcode(text: &str) -> Result<Board, ParseError> {
    let rows: Vec<Vec<String>> =
        serde_json::from_str(text).map_err(|e| ParseError::Json(e.to_string()))?;
    if rows.len() != 9 {
        return Err(ParseError::LeetCodeRows { found: rows.len() });
    }
    let mut board = Board::empty();
    for (r, row) in rows.iter().enumerate() {
        if row.len() != 9 {
            return Err(ParseError::LeetCodeRow {
                row: r + 1,
                found: row.len(),
            });
        }
        for (c, entry) in row.iter().enumerate() {
            let cell = Cell::new(r, c).expect("9x9");
            let mut chars = entry.chars();
            let value = match (chars.next(), chars.next()) {
                (Some(ch), None) => cell_value(ch, cell).ok(),
                _ => None,
            };
            let Some(value) = value else {
                return Err(ParseError::BadEntry {
                    entry: entry.clone(),
                    row: r + 1,
                    col: c + 1,
                });
            };
            board.set(cell, value);
        }
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEETCODE_LINE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn leetcode() -> Board {
        LEETCODE_LINE.parse().unwrap()
    }

    #[test]
    fn line_forms_with_every_blank_character() {
        let zeros = LEETCODE_LINE.replace('.', "0");
        let underscores = LEETCODE_LINE.replace('.', "_");
        assert_eq!(zeros.parse::<Board>().unwrap(), leetcode());
        assert_eq!(underscores.parse::<Board>().unwrap(), leetcode());
        assert_eq!(leetcode().to_line(), LEETCODE_LINE);
        assert_eq!(leetcode().filled_count(), 30);
    }

    #[test]
    fn nine_lines_of_nine() {
        let text: String = LEETCODE_LINE
            .as_bytes()
            .chunks(9)
            .map(|c| format!("{}\n", std::str::from_utf8(c).unwrap()))
            .collect();
        assert_eq!(text.parse::<Board>().unwrap(), leetcode());
    }

    #[test]
    fn drawn_grid_with_rules_and_spaces() {
        let text = "
+-------+-------+-------+
| 5 3 . | . 7 . | . . . |
| 6 . . | 1 9 5 | . . . |
| . 9 8 | . . . | . 6 . |
+-------+-------+-------+
| 8 . . | . 6 . | . . 3 |
| 4 . . | 8 . 3 | . . 1 |
| 7 . . | . 2 . | . . 6 |
+-------+-------+-------+
| . 6 . | . . . | 2 8 . |
| . . . | 4 1 9 | . . 5 |
| . . . | . 8 . | . 7 9 |
+-------+-------+-------+
";
        assert_eq!(text.parse::<Board>().unwrap(), leetcode());
    }

    #[test]
    fn box_drawing_characters() {
        let text = leetcode().to_string().replace('|', "│").replace('-', "─");
        assert_eq!(text.parse::<Board>().unwrap(), leetcode());
    }

    #[test]
    fn leetcode_array() {
        let text = r#"[["5","3",".",".","7",".",".",".","."],["6",".",".","1","9","5",".",".","."],[".","9","8",".",".",".",".","6","."],["8",".",".",".","6",".",".",".","3"],["4",".",".","8",".","3",".",".","1"],["7",".",".",".","2",".",".",".","6"],[".","6",".",".",".",".","2","8","."],[".",".",".","4","1","9",".",".","5"],[".",".",".",".","8",".",".","7","9"]]"#;
        assert_eq!(text.parse::<Board>().unwrap(), leetcode());
    }

    #[test]
    fn line_of_80_cells_names_the_line() {
        let err = parse_line(&LEETCODE_LINE[1..], 2).unwrap_err();
        assert_eq!(err.to_string(), "line 2 has 80 cells, expected 81");
        let err = LEETCODE_LINE[1..].parse::<Board>().unwrap_err();
        assert_eq!(err.to_string(), "line 1 has 80 cells, expected 81");
    }

    #[test]
    fn bad_character_names_row_and_column() {
        let mut text = LEETCODE_LINE.to_string();
        text.replace_range(31..32, "x"); // row 4, column 5
        let err = text.parse::<Board>().unwrap_err();
        assert_eq!(
            err,
            ParseError::BadChar {
                ch: 'x',
                row: 4,
                col: 5
            }
        );
        assert!(err
            .to_string()
            .starts_with("character 'x' at row 4, column 5 is not a digit"));
    }

    #[test]
    fn grid_row_too_short_names_the_physical_line() {
        let text = "53..7....\n6..195...\n\n.98....6\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
        let err = text.parse::<Board>().unwrap_err();
        assert_eq!(err.to_string(), "line 4 has 8 cells, expected 9");
    }

    #[test]
    fn wrong_number_of_rows() {
        let text = "53..7....\n6..195...\n";
        assert_eq!(
            text.parse::<Board>().unwrap_err(),
            ParseError::RowCount { found: 2 }
        );
    }

    #[test]
    fn empty_and_rule_only_inputs() {
        assert_eq!("".parse::<Board>().unwrap_err(), ParseError::Empty);
        assert_eq!(
            "  \n ---+--- \n".parse::<Board>().unwrap_err(),
            ParseError::Empty
        );
        assert_eq!(parse_line("   ", 7).unwrap_err(), ParseError::Empty);
    }

    #[test]
    fn leetcode_errors() {
        assert!(matches!(
            "[[\"5\"".parse::<Board>().unwrap_err(),
            ParseError::Json(_)
        ));
        assert_eq!(
            "[]".parse::<Board>().unwrap_err(),
            ParseError::LeetCodeRows { found: 0 }
        );
        let mut rows = vec![vec!["."; 9]; 9];
        rows[2].pop();
        let text = serde_json::to_string(&rows).unwrap();
        assert_eq!(
            text.parse::<Board>().unwrap_err(),
            ParseError::LeetCodeRow { row: 3, found: 8 }
        );
        let mut rows = vec![vec!["."; 9]; 9];
        rows[3][4] = "10";
        let text = serde_json::to_string(&rows).unwrap();
        let err = text.parse::<Board>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "entry \"10\" at row 4, column 5 is not a digit (use \"1\"-\"9\" or \".\")"
        );
    }

    // The twin of fuzz/fuzz_targets/board_text.rs: whatever is pasted, parsing returns.
    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

        #[test]
        fn any_text_and_any_truncated_board_parse_without_panicking(
            text in "[0-9. |+\\-_x*\n\r\t\u{00e9}]{0,200}",
            cut in 0usize..200,
        ) {
            let _ = text.parse::<Board>();
            let _ = parse_line(&text, 1);
            let board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
            let grid = board.parse::<Board>().unwrap().to_string();
            for whole in [board, grid.as_str()] {
                let cut_text: String = whole.chars().take(cut).collect();
                let _ = cut_text.parse::<Board>();
                let _ = parse_line(&cut_text, 2);
            }
        }
    }
}
