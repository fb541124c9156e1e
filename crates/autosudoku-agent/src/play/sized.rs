//! Why play on a board of another side than 9x9 (4x4 to 16x16) stopped, and the taps that enter
//! symbols there: a cell, then the keypad key of its symbol (digits, then the letters the app
//! shows above 9), as those apps take them.

use super::ending::Won;
use crate::device::Point;
use crate::vision::sized::SizedRead;
use autosudoku_core::variant::{Grid, Pos, Symbol};

/// A board of another side filled: how the win was seen, and what it took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizedFill {
    pub won: Won,
    pub side: usize,
    /// Cells that did not show the answer when play began.
    pub cells: usize,
    pub taps: usize,
}

impl std::fmt::Display for SizedFill {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let SizedFill {
            side, cells, taps, ..
        } = self;
        write!(
            f,
            "filled {cells} cells of the {side}x{side} board with {taps} taps"
        )
    }
}

/// A stop on a board of another side.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SizedError {
    #[error(
        "the {side}x{side} board on screen was not read with certainty ({why}); nothing was tapped"
    )]
    Unreadable { side: usize, why: String },
    #[error("the {side}x{side} board on screen has {count} ({line}); a symbol is misread or entered wrong; nothing was tapped")]
    NotOneSolution {
        side: usize,
        count: &'static str,
        line: String,
    },
    #[error("no keypad key was found for {missing} on the {side}x{side} board's screen; nothing more was tapped")]
    NoKey { side: usize, missing: String },
    #[error("the replay enters {wrong} wrong trial digit(s) on the {side}x{side} board, and this app's mistake limit is not read on such boards; pass --mistake-limit N, or off when the app's mistake checking is off; nothing was tapped")]
    MistakesUnknown { side: usize, wrong: u64 },
    #[error("after {rounds} repair rounds {} cell(s) of the {side}x{side} board still differ from the answer (first: {}); the app may be dropping taps: raise --tap-gap and run again", .left.len(), .left.first().map(Pos::to_string).unwrap_or_default())]
    RepairFailed {
        side: usize,
        rounds: usize,
        left: Vec<Pos>,
    },
    #[error("the {side}x{side} board went away after the taps and no solved message came up ({words}); look at the phone")]
    Gone { side: usize, words: String },
}

impl SizedError {
    /// Whether the board itself could not be trusted (exit 4), not the play on it.
    pub fn is_unreadable(&self) -> bool {
        matches!(
            self,
            SizedError::Unreadable { .. } | SizedError::NotOneSolution { .. }
        )
    }
}

/// The cells of `read` that do not show `answer`'s symbol.
pub fn differing(read: &SizedRead, answer: &Grid) -> Vec<Pos> {
    let shown = read.board();
    answer
        .positions()
        .filter(|&p| shown.get(p) != answer.get(p))
        .collect()
}

/// The screen points that enter `answer`'s symbol in each of `cells`: the cell's centre, then
/// its symbol's key; `NoKey` naming every symbol no key was found for.
pub fn taps(read: &SizedRead, cells: &[Pos], answer: &Grid) -> Result<Vec<Point>, SizedError> {
    let side = read.side();
    let mut points = Vec::with_capacity(cells.len() * 2);
    let mut missing: Vec<Symbol> = Vec::new();
    for &p in cells {
        let Some(symbol) = answer.get(p) else {
            continue;
        };
        let Some(key) = read.key(symbol) else {
            if !missing.contains(&symbol) {
                missing.push(symbol);
            }
            continue;
        };
        let cell = read.grid.cell_rect(usize::from(p.row), usize::from(p.col));
        points.extend([cell.center(), key.center()]);
    }
    if !missing.is_empty() {
        missing.sort();
        let names: Vec<String> = missing.iter().map(|s| s.to_char().to_string()).collect();
        return Err(SizedError::NoKey {
            side,
            missing: names.join(", "),
        });
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::sized::{SizedCell, SizedGrid};
    use crate::vision::Rect;
    use autosudoku_core::variant::BoxShape;

    /// A 4x4 board of 100-pixel cells from (0, 0), blank but r1c1 (1), with keys for `keys`.
    fn read(keys: &[u8]) -> SizedRead {
        let lines: Vec<f32> = (0..=4).map(|k| k as f32 * 100.0).collect();
        let mut cells = vec![
            SizedCell {
                symbol: None,
                certain: true,
                given: None,
            };
            16
        ];
        cells[0].symbol = Symbol::new(1);
        SizedRead {
            grid: SizedGrid {
                xs: lines.clone(),
                ys: lines,
                boxes: Some(BoxShape::new(2, 2)),
            },
            cells,
            keys: keys
                .iter()
                .map(|&n| {
                    (
                        Symbol::new(n).unwrap(),
                        Rect::new(u32::from(n) * 100, 500, 20, 20),
                    )
                })
                .collect(),
        }
    }

    fn answer() -> Grid {
        let values = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        Grid::from_values(4, values.to_vec()).unwrap()
    }

    #[test]
    fn each_cell_is_tapped_then_its_symbols_key() {
        let r = read(&[1, 2, 3, 4]);
        let left = differing(&r, &answer());
        assert_eq!(left.len(), 15);
        assert_eq!(left[0], Pos::new(0, 1));
        let points = taps(&r, &left[..2], &answer()).unwrap();
        let at = |x, y| Point::new(x, y);
        assert_eq!(
            points,
            vec![at(150, 50), at(210, 510), at(250, 50), at(310, 510)]
        );
    }

    #[test]
    fn symbols_with_no_key_are_named_and_nothing_is_tapped() {
        let r = read(&[1, 2]);
        let left = differing(&r, &answer());
        let err = taps(&r, &left, &answer()).unwrap_err();
        assert_eq!(
            err,
            SizedError::NoKey {
                side: 4,
                missing: "3, 4".into()
            }
        );
    }
}
