//! Where the grid is, once found: the centre and thickness of its ten lines each way, the cue it
//! was found by, and what follows from them (the grid's bounds, each cell's box, the segments of
//! a line between crossings, the cell pitch).

use super::mask::Axis;
use super::segment::Segment;
use crate::geometry::Rect;
use crate::vision::pixels::Polarity;
use autosudoku_core::sudoku::Cell;
use serde::Serialize;

/// Where the grid is: the centre and thickness of its ten vertical (`xs`) and ten horizontal (`ys`)
/// lines, in screenshot pixels.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GridGeometry {
    pub xs: [f32; 10],
    pub ys: [f32; 10],
    pub x_thickness: [f32; 10],
    pub y_thickness: [f32; 10],
    pub polarity: Polarity,
    /// What the grid was found by.
    pub cue: Cue,
}

/// The evidence a grid was found from (reported by `read --json` and drawn by `--annotate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cue {
    /// All ten lines each way, the frame included.
    FramedLines,
    /// The inner lines, with no outer frame on at least one side (grids drawn edge to edge or
    /// unframed, or lines hidden under something).
    InnerLines,
    /// Box panels drawn apart with a gap: two lines at box edges.
    BoxPanels,
    /// Cell lines only a few levels off the paper, found by the second, low-contrast search when
    /// no grid stood out (dark themes that draw only the box lines plainly).
    FaintLines,
    /// No line at all (tiles the colour of the screen, digits on bare paper): the square lattice
    /// the board's digits sit on, nine cells each way.
    DigitLattice,
}

impl Cue {
    pub fn name(self) -> &'static str {
        match self {
            Cue::FramedLines => "framed lines",
            Cue::InnerLines => "inner lines",
            Cue::BoxPanels => "box panels",
            Cue::FaintLines => "faint lines",
            Cue::DigitLattice => "the digits' lattice",
        }
    }
}

impl GridGeometry {
    /// The box from the outer edges of the frame lines.
    pub fn bounds(&self) -> Rect {
        Rect::from_edges(
            self.xs[0] - self.x_thickness[0] / 2.0,
            self.ys[0] - self.y_thickness[0] / 2.0,
            self.xs[9] + self.x_thickness[9] / 2.0,
            self.ys[9] + self.y_thickness[9] / 2.0,
        )
    }

    /// The inside of a cell, between the inner edges of its four lines.
    pub fn cell_rect(&self, cell: Cell) -> Rect {
        let (r, c) = (cell.row(), cell.col());
        Rect::from_edges(
            self.xs[c] + self.x_thickness[c] / 2.0,
            self.ys[r] + self.y_thickness[r] / 2.0,
            self.xs[c + 1] - self.x_thickness[c + 1] / 2.0,
            self.ys[r + 1] - self.y_thickness[r + 1] / 2.0,
        )
    }

    /// Segment `s` (between crossings `s` and `s + 1`) of line `k` of `axis` (0: the horizontal
    /// lines, 1: the vertical ones), between the inner edges of the crossing lines.
    pub(super) fn segment(&self, axis: usize, k: usize, s: usize) -> Segment {
        let (lines, thick, crossing, crossing_thick, axis) = match axis {
            0 => (
                &self.ys,
                &self.y_thickness,
                &self.xs,
                &self.x_thickness,
                Axis::Horizontal,
            ),
            _ => (
                &self.xs,
                &self.x_thickness,
                &self.ys,
                &self.y_thickness,
                Axis::Vertical,
            ),
        };
        Segment {
            axis,
            at: lines[k],
            thickness: thick[k],
            along: (
                crossing[s] + crossing_thick[s] / 2.0,
                crossing[s + 1] - crossing_thick[s + 1] / 2.0,
            ),
        }
    }

    /// Mean cell pitch (line to line), in pixels.
    pub fn pitch(&self) -> f32 {
        ((self.xs[9] - self.xs[0]) + (self.ys[9] - self.ys[0])) / 18.0
    }
}
