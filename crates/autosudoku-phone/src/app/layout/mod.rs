//! The layout engine: turns a skin, a screen size and a density into pixel geometry, the way an
//! Android layout would (dp units, margins, status and navigation safe areas). The renderer draws
//! from it, hit tests read it, and tests compute their taps from it.

mod arrange;
mod dialog;
mod hit;

pub use dialog::DialogLayout;
pub use hit::Target;

use super::geometry::{Point, Rect};
use super::skin::{Banner, Frame, Keypad, Skin};
use arrange::{Area, Bars, BANNER_DP};
use autosudoku_core::variant::generate::Kind;
use autosudoku_core::variant::{BoxShape, Pos, Symbol};
use serde::Serialize;

/// A toolbar button.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tool {
    Undo,
    Erase,
    Notes,
    Hint,
}

impl Tool {
    pub const ALL: [Tool; 4] = [Tool::Undo, Tool::Erase, Tool::Notes, Tool::Hint];
}

/// Which cell boundaries: those between rows (lines across, placed along y) or between columns
/// (lines down, placed along x).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Axis {
    Rows,
    Cols,
}

/// The screen cannot hold the skin's layout.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum LayoutError {
    #[error("a {w}x{h} screen at {density} dpi leaves {cell:.0} px per Sudoku cell; use a larger --size or a smaller --density (each cell needs at least 12 px)")]
    TooSmall {
        w: u32,
        h: u32,
        density: u32,
        cell: f32,
    },
}

/// All geometry of one skin on one screen, in screen pixels.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Layout {
    pub width: u32,
    pub height: u32,
    /// Pixels per dp (density / 160).
    pub dp: f32,
    pub status_bar: Rect,
    pub nav_bar: Rect,
    pub app_bar: Rect,
    /// The pause button at the right of the app bar (48 dp touch target).
    pub pause: Rect,
    /// The row with difficulty, mistakes and timer.
    pub info: Rect,
    /// The grid's outer square; cell boundaries are whole pixels.
    pub grid: Rect,
    /// Cells a side (9, or 6, 12, 16 for apps of other sizes).
    pub side: usize,
    /// The boxes the side is cut into (3x3 on 9x9 boards).
    pub boxes: BoxShape,
    pub cell_px: f32,
    pub thin_px: f32,
    pub thick_px: f32,
    /// Pixels between box panels (0 when boxes are separated by lines).
    pub box_gap: f32,
    /// The grid has an outer border line.
    pub border: bool,
    /// Thick lines mark the 3x3 boxes (a jigsaw's regions are drawn by the frame instead).
    pub box_lines: bool,
    pub tools: Vec<(Tool, Rect)>,
    pub keys: Vec<(Symbol, Rect)>,
    /// The banner ad: above the navigation bar, or over the grid's bottom rows.
    pub banner: Option<Rect>,
    /// The line of help text on skins without a keypad.
    pub help: Option<Rect>,
}

impl Layout {
    pub fn compute(
        skin: &Skin,
        width: u32,
        height: u32,
        density: u32,
    ) -> Result<Layout, LayoutError> {
        let (w, h) = (width as f32, height as f32);
        let dp = density as f32 / 160.0;
        let bars = Bars::new(skin, w, h, dp);
        let info_h = 36.0 * dp;
        let area = Area {
            w,
            top: bars.app_bar.bottom() + info_h + 8.0 * dp,
            floor: bars.banner.map_or(bars.nav_bar.y, |b| b.y) - 8.0 * dp,
            margin: if w / dp >= 600.0 { 24.0 } else { 16.0 } * dp,
            dp,
        };
        let landscape = w > h;
        let keypad = if landscape && skin.keypad != Keypad::None {
            Keypad::Beside
        } else {
            skin.keypad
        };
        let arranged = match keypad {
            Keypad::Beside if landscape => area.beside_landscape(skin),
            Keypad::Beside => area.beside_portrait(skin),
            Keypad::Row | Keypad::None => area.below(skin, keypad),
        };
        let side = skin.side;
        let cells = Cells::fit(skin, arranged.grid_side, dp);
        let (boxes, cell_px, box_gap) = (cells.boxes, cells.cell_px, cells.box_gap);
        if cell_px < 12.0 {
            return Err(LayoutError::TooSmall {
                w: width,
                h: height,
                density,
                cell: cell_px.max(0.0),
            });
        }
        let grid = Rect::new(
            arranged.grid_x.round(),
            area.top.round(),
            cells.size.0,
            cells.size.1,
        );
        // The info row spans the grid, as apps align it.
        let info = Rect::new(grid.x, bars.app_bar.bottom(), grid.w, info_h);
        let banner = match skin.banner {
            Banner::OverGrid => Some(over_grid(grid, cell_px, w, dp)),
            _ => bars.banner,
        };
        Ok(Layout {
            width,
            height,
            dp,
            status_bar: bars.status_bar,
            nav_bar: bars.nav_bar,
            app_bar: bars.app_bar,
            pause: bars.pause,
            info,
            grid,
            side,
            boxes,
            cell_px,
            thin_px: (skin.thin_dp * dp).round().max(1.0),
            thick_px: (skin.thick_dp * dp).round().max(2.0),
            box_gap,
            border: matches!(skin.frame, Frame::Lines | Frame::Tiles),
            box_lines: skin.variant != Some(Kind::Jigsaw),
            tools: arranged.tools,
            keys: arranged.keys,
            banner,
            help: arranged.help,
        })
    }

    /// Whether a tap at `p` lands on the banner ad.
    pub fn on_banner(&self, p: Point) -> bool {
        self.banner.is_some_and(|b| b.contains(p))
    }

    /// Cells in a box along `axis`: a box's height between rows, its width between columns.
    pub fn box_len(&self, axis: Axis) -> usize {
        match axis {
            Axis::Rows => self.boxes.rows as usize,
            Axis::Cols => self.boxes.cols as usize,
        }
    }

    /// Where cell boundary `i` (0..=side) along `axis` lies from the grid's edge; panel gaps
    /// sit between boxes.
    pub fn offset(&self, axis: Axis, i: usize) -> f32 {
        let len = self.box_len(axis);
        let gaps = (i / len).min(self.side / len - 1);
        i as f32 * self.cell_px + gaps as f32 * self.box_gap
    }

    /// A cell's square, boundary to boundary.
    pub fn cell_rect(&self, cell: impl Into<Pos>) -> Rect {
        let cell = cell.into();
        Rect::new(
            self.grid.x + self.offset(Axis::Cols, cell.col as usize),
            self.grid.y + self.offset(Axis::Rows, cell.row as usize),
            self.cell_px,
            self.cell_px,
        )
    }

    /// The width of the line drawn at cell boundary `i` along `axis` (0 where none is: panel
    /// edges, and the outer edge of a borderless grid).
    pub fn line_px(&self, axis: Axis, i: usize) -> f32 {
        let edge = i == 0 || i == self.side;
        if !self.is_box_line(axis, i) {
            self.thin_px
        } else if self.box_gap > 0.0 || (edge && !self.border) {
            0.0
        } else {
            self.thick_px
        }
    }

    /// Whether cell boundary `i` (0..=side) along `axis` is a box line (or the grid's edge),
    /// drawn thick.
    pub fn is_box_line(&self, axis: Axis, i: usize) -> bool {
        let edge = i == 0 || i == self.side;
        edge || (self.box_lines && i.is_multiple_of(self.box_len(axis)))
    }

    /// The part of a cell not covered by grid lines (what a highlight fills).
    pub fn cell_interior(&self, cell: impl Into<Pos>) -> Rect {
        let cell = cell.into();
        let (row, col) = (cell.row as usize, cell.col as usize);
        let half = |axis, i| self.line_px(axis, i) / 2.0;
        let r = self.cell_rect(cell);
        let (left, top) = (half(Axis::Cols, col).ceil(), half(Axis::Rows, row).ceil());
        let (right, bottom) = (
            half(Axis::Cols, col + 1).floor(),
            half(Axis::Rows, row + 1).floor(),
        );
        Rect::new(
            r.x + left,
            r.y + top,
            r.w - left - right,
            r.h - top - bottom,
        )
    }

    pub fn cell_center(&self, cell: impl Into<Pos>) -> Point {
        self.cell_rect(cell).center()
    }

    pub fn key_rect(&self, digit: impl Into<Symbol>) -> Option<Rect> {
        let digit = digit.into();
        self.keys.iter().find(|(d, _)| *d == digit).map(|(_, r)| *r)
    }

    pub fn key_center(&self, digit: impl Into<Symbol>) -> Option<Point> {
        self.key_rect(digit).map(Rect::center)
    }

    pub fn tool_rect(&self, tool: Tool) -> Option<Rect> {
        self.tools.iter().find(|(t, _)| *t == tool).map(|(_, r)| *r)
    }

    pub fn tool_center(&self, tool: Tool) -> Option<Point> {
        self.tool_rect(tool).map(Rect::center)
    }
}

/// How the grid's cells fit its square: the boxes, pixels a cell, the gap between box panels,
/// and the grid's width and height in pixels.
struct Cells {
    boxes: BoxShape,
    cell_px: f32,
    box_gap: f32,
    size: (f32, f32),
}

impl Cells {
    /// The cells of `skin`'s board in a square `grid_side` pixels across.
    fn fit(skin: &Skin, grid_side: f32, dp: f32) -> Cells {
        let box_gap = if skin.frame == Frame::Panels {
            (skin.box_gap_dp * dp).round()
        } else {
            0.0
        };
        let side = skin.side as f32;
        let boxes = BoxShape::usual(skin.side).expect("a skin's side has usual boxes");
        // Panel gaps across and down: one fewer than the boxes in a row (`rows` of them) and in
        // a column (`cols`).
        let gaps = (boxes.rows as f32 - 1.0, boxes.cols as f32 - 1.0);
        let cell_px = ((grid_side - gaps.0.max(gaps.1) * box_gap) / side).floor();
        let size = (
            cell_px * side + gaps.0 * box_gap,
            cell_px * side + gaps.1 * box_gap,
        );
        Cells {
            boxes,
            cell_px,
            box_gap,
            size,
        }
    }
}

/// A banner the screen's width across, ending a quarter cell above the grid's bottom edge: it
/// hides the lower rows and leaves the grid's outer line showing under it.
fn over_grid(grid: Rect, cell_px: f32, w: f32, dp: f32) -> Rect {
    let h = (BANNER_DP * dp).round();
    let bottom = (grid.bottom() - cell_px / 4.0).round();
    Rect::new(0.0, bottom - h, w, h)
}
