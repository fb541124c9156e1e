//! What one read of a screenshot found: every cell (what it holds, its digit or notes, how sure
//! the read is, its box), the grid, the keypad and buttons, and whether the board makes sense.

use crate::geometry::Rect;
use crate::vision::cell::classify::{Source, CERTAIN};
use crate::vision::grid::GridGeometry;
use crate::vision::layout::LayoutRead;
use crate::vision::sanity::Sanity;
use crate::vision::screen::buttons::Button;
use crate::vision::screen::keypad::Keypad;
use autosudoku_core::sudoku::{Board, Cell, Digit};
use serde::Serialize;

/// What a cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CellKind {
    Empty,
    Notes,
    Given,
    Entered,
    /// A dialog or something else hides the cell.
    Covered,
}

/// One cell as read.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CellRead {
    pub cell: Cell,
    pub kind: CellKind,
    pub digit: Option<Digit>,
    /// Pencil marks by their position in the cell's 3x3 pattern.
    pub notes: Vec<Digit>,
    /// 0..1; below `CERTAIN` the agent must not act on this cell.
    pub confidence: f32,
    pub source: Source,
    /// The cell's box between its lines.
    pub rect: Rect,
}

/// Everything read from one screenshot.
#[derive(Debug, Clone, Serialize)]
pub struct BoardRead {
    #[serde(serialize_with = "as_line")]
    pub board: Board,
    pub cells: Vec<CellRead>,
    pub geometry: GridGeometry,
    pub covered: Vec<Cell>,
    pub keypad: Option<Keypad>,
    /// Undo / erase / notes buttons found on screen; the others are absent.
    pub buttons: Vec<Button>,
    pub sanity: Sanity,
    /// Whether the givens are told from the entries (`split`): the pixels show a split whose
    /// givens make a puzzle with one solution. When not, every digit of a board with one
    /// completion reads as a given.
    pub givens_known: bool,
    /// The template set used or learned, if any.
    pub font: Option<String>,
    /// How many Tesseract calls the read took (0 when templates knew every glyph).
    pub ocr_calls: usize,
    /// Why the board is not the game in play (a thumbnail above a menu's buttons), if it is not.
    pub not_in_play: Option<String>,
    /// The board's layout (boxes or jigsaw regions, shaded diagonals or windows), as far as the
    /// pixels show it; a certain one sets the rules the board is judged by.
    pub layout: Option<LayoutRead>,
}

fn as_line<S: serde::Serializer>(b: &Board, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&b.to_line())
}

impl BoardRead {
    /// Cells read below the certainty threshold (covered ones included).
    pub fn uncertain(&self) -> Vec<Cell> {
        self.cells
            .iter()
            .filter(|c| c.confidence < CERTAIN)
            .map(|c| c.cell)
            .collect()
    }

    /// Whether the agent may act on this read: the game in play, nothing covered, every cell
    /// sure, givens sound.
    pub fn is_certain(&self) -> bool {
        self.not_in_play.is_none()
            && self.covered.is_empty()
            && self.uncertain().is_empty()
            && !self.sanity.is_misread()
    }

    fn board_of(&self, kind: CellKind) -> Board {
        let mut b = Board::empty();
        for c in self.cells.iter().filter(|c| c.kind == kind) {
            b.set(c.cell, c.digit);
        }
        b
    }

    /// The puzzle's own digits.
    pub fn givens(&self) -> Board {
        self.board_of(CellKind::Given)
    }

    /// The player's digits.
    pub fn entered(&self) -> Board {
        self.board_of(CellKind::Entered)
    }
}
