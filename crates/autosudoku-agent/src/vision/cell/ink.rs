//! What a cell holds, as read: nothing, pencil marks by their position, or one big digit cut out
//! as a `Sample` (shape, ink colour, stroke weight, holes). The cell readers all speak it.

use crate::geometry::Rect;
use crate::vision::ocr::glyph::{Coverage, Glyph, Holes};
use autosudoku_core::sudoku::Digit;

/// One big digit as seen on screen.
#[derive(Debug, Clone)]
pub struct Sample {
    pub glyph: Glyph,
    pub coverage: Coverage,
    pub holes: Holes,
    /// Mean colour of the digit's solid ink.
    pub ink: [u8; 3],
    /// The cell's paper colour: a plate's inside the box (a disc, a tile), else the ring's.
    pub paper: [u8; 3],
    /// The colour at the edge of the cell's box.
    pub ring: [u8; 3],
    /// The colour right around the digit: the paper, or a faint disc or tile the app draws
    /// behind its givens.
    pub backdrop: [u8; 3],
    /// Stroke width relative to the digit's height (bold fonts are heavier).
    pub weight: f32,
    /// Where the digit is, in screenshot pixels.
    pub bbox: Rect,
}

/// The content of a cell.
#[derive(Debug, Clone)]
pub enum CellInk {
    /// Blank; `noise` when there were marks that are neither a digit nor notes; `paper` the
    /// cell's colour where it was seen (the board's own papers: plain, shaded or highlighted).
    Empty {
        noise: bool,
        paper: Option<[u8; 3]>,
    },
    /// Pencil marks, as the digits their positions stand for, and the tallest and the shortest
    /// mark's heights in pixels (a mark as tall as the board's digits is no pencil mark).
    Notes {
        digits: Vec<Digit>,
        tallest: u32,
        shortest: u32,
    },
    Digit(Box<Sample>),
    /// One centred mark smaller than a digit usually is: a digit of a small font, or a lone pencil
    /// mark, which only the board's other digits tell apart (`settle_small`); `otherwise` is the
    /// cell read as not holding a digit; `grown` the mark with the fainter strokes joined to it,
    /// when they make it taller (a small digit's one-pixel flag drawn at half the contrast).
    Small {
        sample: Box<Sample>,
        grown: Option<Box<Sample>>,
        otherwise: Box<CellInk>,
    },
}
