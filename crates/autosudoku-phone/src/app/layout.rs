//! The layout engine: turns a skin, a screen size and a density into pixel geometry, the way an
//! Android layout would (dp units, margins, status and navigation safe areas). The renderer draws
//! from it, hit tests read it, and tests compute their taps from it.

use super::dialog::{Dialog, DialogButton};
use super::geometry::{Point, Rect};
use super::skin::{Frame, Keypad, Skin};
use autosudoku_core::sudoku::{Cell, Digit};
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

/// What a point on the screen hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The app bar's pause button.
    Pause,
    Cell(Cell),
    Key(Digit),
    Tool(Tool),
    Dialog(DialogButton),
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

/// Where a dialog's parts go.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DialogLayout {
    pub card: Rect,
    /// The round badge above the title (absent on the ad).
    pub icon: Option<Rect>,
    pub title: Rect,
    pub body: Rect,
    pub buttons: Vec<(DialogButton, Rect)>,
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
    pub cell_px: f32,
    pub thin_px: f32,
    pub thick_px: f32,
    /// Pixels between box panels (0 when boxes are separated by lines).
    pub box_gap: f32,
    /// The grid has an outer border line.
    pub border: bool,
    pub tools: Vec<(Tool, Rect)>,
    pub keys: Vec<(Digit, Rect)>,
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
        let box_gap = if skin.frame == Frame::Panels {
            (skin.box_gap_dp * dp).round()
        } else {
            0.0
        };
        let cell_px = ((arranged.grid_side - 2.0 * box_gap) / 9.0).floor();
        if cell_px < 12.0 {
            return Err(LayoutError::TooSmall {
                w: width,
                h: height,
                density,
                cell: cell_px.max(0.0),
            });
        }
        let side = cell_px * 9.0 + 2.0 * box_gap;
        let grid = Rect::new(arranged.grid_x.round(), area.top.round(), side, side);
        // The info row spans the grid, as apps align it.
        let info = Rect::new(grid.x, bars.app_bar.bottom(), grid.w, info_h);
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
            cell_px,
            thin_px: (skin.thin_dp * dp).round().max(1.0),
            thick_px: (skin.thick_dp * dp).round().max(2.0),
            box_gap,
            border: skin.frame == Frame::Lines,
            tools: arranged.tools,
            keys: arranged.keys,
            banner: bars.banner,
            help: arranged.help,
        })
    }

    /// Where cell boundary `i` (0..=9) lies from the grid's edge; panel gaps sit between boxes.
    pub fn offset(&self, i: usize) -> f32 {
        i as f32 * self.cell_px + (i / 3).min(2) as f32 * self.box_gap
    }

    /// A cell's square, boundary to boundary.
    pub fn cell_rect(&self, cell: Cell) -> Rect {
        Rect::new(
            self.grid.x + self.offset(cell.col()),
            self.grid.y + self.offset(cell.row()),
            self.cell_px,
            self.cell_px,
        )
    }

    /// The width of the line drawn at cell boundary `i` (0 where none is: panel edges, and the
    /// outer edge of a borderless grid).
    pub fn line_px(&self, i: usize) -> f32 {
        let edge = i == 0 || i == 9;
        if !i.is_multiple_of(3) {
            self.thin_px
        } else if self.box_gap > 0.0 || (edge && !self.border) {
            0.0
        } else {
            self.thick_px
        }
    }

    /// The part of a cell not covered by grid lines (what a highlight fills).
    pub fn cell_interior(&self, cell: Cell) -> Rect {
        let half = |i: usize| self.line_px(i) / 2.0;
        let r = self.cell_rect(cell);
        let (left, top) = (half(cell.col()).ceil(), half(cell.row()).ceil());
        let (right, bottom) = (half(cell.col() + 1).floor(), half(cell.row() + 1).floor());
        Rect::new(
            r.x + left,
            r.y + top,
            r.w - left - right,
            r.h - top - bottom,
        )
    }

    pub fn cell_center(&self, cell: Cell) -> Point {
        self.cell_rect(cell).center()
    }

    pub fn key_rect(&self, digit: Digit) -> Option<Rect> {
        self.keys.iter().find(|(d, _)| *d == digit).map(|(_, r)| *r)
    }

    pub fn key_center(&self, digit: Digit) -> Option<Point> {
        self.key_rect(digit).map(Rect::center)
    }

    pub fn tool_rect(&self, tool: Tool) -> Option<Rect> {
        self.tools.iter().find(|(t, _)| *t == tool).map(|(_, r)| *r)
    }

    pub fn tool_center(&self, tool: Tool) -> Option<Point> {
        self.tool_rect(tool).map(Rect::center)
    }

    /// The centre of a dialog's button, for tests to tap.
    pub fn dialog_button(&self, dialog: Dialog, button: DialogButton) -> Option<Point> {
        self.dialog(dialog)
            .buttons
            .iter()
            .find(|(b, _)| *b == button)
            .map(|(_, r)| r.center())
    }

    /// Where a dialog's parts go on this screen.
    pub fn dialog(&self, dialog: Dialog) -> DialogLayout {
        let dp = self.dp;
        let (w, h) = (self.width as f32, self.height as f32);
        if dialog == Dialog::Ad {
            // A full-screen interstitial with the small close button ads are known for.
            let card = Rect::new(
                0.0,
                self.status_bar.bottom(),
                w,
                h - self.status_bar.bottom(),
            );
            let close = Rect::new(w - 40.0 * dp, card.y + 12.0 * dp, 28.0 * dp, 28.0 * dp);
            // Text under the artwork in portrait; in landscape the artwork takes the left half
            // and the text the right one.
            let (text_x, text_w, title_y) = if w > h {
                (w / 2.0, w / 2.0 - 32.0 * dp, card.y + card.h * 0.25)
            } else {
                (32.0 * dp, w - 64.0 * dp, card.y + card.h * 0.55)
            };
            let title = Rect::new(text_x, title_y, text_w, 48.0 * dp);
            let body = Rect::new(text_x, title.bottom() + 8.0 * dp, text_w, 72.0 * dp);
            return DialogLayout {
                card,
                icon: None,
                title,
                body,
                buttons: vec![(DialogButton::Close, close)],
            };
        }
        let card_w = (w - 64.0 * dp).min(if w / dp >= 600.0 { 420.0 } else { 320.0 } * dp);
        let card_h = 256.0 * dp;
        let card = Rect::new((w - card_w) / 2.0, (h - card_h) / 2.0, card_w, card_h);
        let inner = card.inset(24.0 * dp);
        let icon = Rect::new(
            card.center().x - 24.0 * dp,
            card.y + 20.0 * dp,
            48.0 * dp,
            48.0 * dp,
        );
        let title = Rect::new(inner.x, icon.bottom() + 10.0 * dp, inner.w, 32.0 * dp);
        let body = Rect::new(inner.x, title.bottom() + 4.0 * dp, inner.w, 56.0 * dp);
        let row = Rect::new(
            inner.x,
            card.bottom() - 20.0 * dp - 48.0 * dp,
            inner.w,
            48.0 * dp,
        );
        let labels = dialog.buttons();
        let buttons = row
            .columns(labels.len(), 12.0 * dp)
            .into_iter()
            .zip(labels)
            .map(|(r, &b)| (b, r))
            .collect();
        DialogLayout {
            card,
            icon: Some(icon),
            title,
            body,
            buttons,
        }
    }

    /// What a tap at `p` hits; while `dialog` is up only its buttons can be hit.
    pub fn hit(&self, p: Point, dialog: Option<Dialog>) -> Option<Target> {
        if let Some(d) = dialog {
            return self
                .dialog(d)
                .buttons
                .iter()
                .find(|(_, r)| r.contains(p))
                .map(|(b, _)| Target::Dialog(*b));
        }
        if self.pause.contains(p) {
            return Some(Target::Pause);
        }
        if self.grid.contains(p) {
            // A tap in a gap between panels hits nothing.
            let index = |d: f32| {
                (0..9).find(|&i| (self.offset(i)..self.offset(i) + self.cell_px).contains(&d))
            };
            let hit = index(p.x - self.grid.x).zip(index(p.y - self.grid.y));
            return hit
                .and_then(|(col, row)| Cell::new(row, col))
                .map(Target::Cell);
        }
        if let Some((d, _)) = self.keys.iter().find(|(_, r)| r.contains(p)) {
            return Some(Target::Key(*d));
        }
        self.tools
            .iter()
            .find(|(_, r)| r.contains(p))
            .map(|(t, _)| Target::Tool(*t))
    }
}

/// The bars at the screen's edges, the same on every skin: status, navigation, the app bar with
/// its pause button, and the banner ad where the skin has one.
struct Bars {
    status_bar: Rect,
    nav_bar: Rect,
    app_bar: Rect,
    pause: Rect,
    banner: Option<Rect>,
}

impl Bars {
    fn new(skin: &Skin, w: f32, h: f32, dp: f32) -> Bars {
        let status_bar = Rect::new(0.0, 0.0, w, 24.0 * dp);
        let nav_bar = Rect::new(0.0, h - 20.0 * dp, w, 20.0 * dp);
        let app_bar = Rect::new(0.0, status_bar.bottom(), w, 56.0 * dp);
        let pause = Rect::new(w - 52.0 * dp, app_bar.y + 4.0 * dp, 48.0 * dp, 48.0 * dp);
        let banner = skin
            .banner
            .then(|| Rect::new(0.0, nav_bar.y - 50.0 * dp, w, 50.0 * dp));
        Bars {
            status_bar,
            nav_bar,
            app_bar,
            pause,
            banner,
        }
    }
}

/// Where the grid and the controls went: the grid's side and left edge (its top is the area's),
/// the toolbar, the keypad, and the help line of a skin without keys.
struct Arranged {
    grid_side: f32,
    grid_x: f32,
    tools: Vec<(Tool, Rect)>,
    keys: Vec<(Digit, Rect)>,
    help: Option<Rect>,
}

/// The band between the info row and the bottom bars that the grid and controls share.
struct Area {
    w: f32,
    top: f32,
    floor: f32,
    margin: f32,
    dp: f32,
}

impl Area {
    fn tool_h(&self) -> f32 {
        56.0 * self.dp
    }

    fn gap(&self) -> f32 {
        12.0 * self.dp
    }

    /// Landscape: the grid on the left at full height; toolbar and 3x3 keypad stacked on the right.
    fn beside_landscape(&self, skin: &Skin) -> Arranged {
        let (w, top, margin, tool_h, gap) =
            (self.w, self.top, self.margin, self.tool_h(), self.gap());
        let grid_side = (self.floor - top).min(w * 0.55);
        let grid_x = margin;
        let panel_x = grid_x + grid_side + 2.0 * margin;
        let panel_w = (w - margin - panel_x).min(grid_side * 0.8);
        let key = ((panel_w - 2.0 * gap) / 3.0).min((grid_side - tool_h - 3.0 * gap) / 3.0);
        let block = 3.0 * key + 2.0 * gap;
        let stack = tool_h + gap * 2.0 + block;
        let y0 = top + (grid_side - stack) / 2.0;
        let x0 = panel_x + (panel_w - block) / 2.0;
        let tools = if skin.toolbar {
            toolbar(Rect::new(x0, y0, block, tool_h))
        } else {
            Vec::new()
        };
        let keys = keypad_block(
            Rect::new(x0, y0 + tool_h + 2.0 * gap, block, block),
            gap / 2.0,
        );
        Arranged {
            grid_side,
            grid_x,
            tools,
            keys,
            help: None,
        }
    }

    /// Portrait: a smaller grid with the 3x3 keypad to its right, toolbar under both.
    fn beside_portrait(&self, skin: &Skin) -> Arranged {
        let (w, top, margin, tool_h, gap) =
            (self.w, self.top, self.margin, self.tool_h(), self.gap());
        let avail = w - 3.0 * margin;
        let below = if skin.toolbar {
            tool_h + 2.0 * gap
        } else {
            0.0
        };
        let grid_side = (avail * 0.64).min(self.floor - top - below);
        let grid_x = margin;
        let block = avail - grid_side;
        let y0 = top + (grid_side - block) / 2.0;
        let keys = keypad_block(
            Rect::new(grid_x + grid_side + margin, y0, block, block),
            4.0 * self.dp,
        );
        let tools = if skin.toolbar {
            toolbar(Rect::new(
                margin,
                top + grid_side + 2.0 * gap,
                w - 2.0 * margin,
                tool_h,
            ))
        } else {
            Vec::new()
        };
        Arranged {
            grid_side,
            grid_x,
            tools,
            keys,
            help: None,
        }
    }

    /// The grid across the screen, then the toolbar, then the keypad in one row (or, without keys,
    /// a line of help).
    fn below(&self, skin: &Skin, keypad: Keypad) -> Arranged {
        let (w, top, floor, dp) = (self.w, self.top, self.floor, self.dp);
        let (tool_h, gap) = (self.tool_h(), self.gap());
        let key_h = 64.0 * dp;
        let tools_h = if skin.toolbar { tool_h + gap } else { 0.0 };
        let keys_h = if keypad == Keypad::Row {
            key_h + gap
        } else {
            40.0 * dp
        };
        let below = tools_h + keys_h + gap;
        // A borderless grid runs edge to edge, as many store apps draw it.
        let side_margin = if skin.frame == Frame::Borderless {
            0.0
        } else {
            self.margin
        };
        let grid_side = (w - 2.0 * side_margin).min(floor - top - below);
        let grid_x = (w - grid_side) / 2.0;
        let spare = floor - (top + grid_side + below);
        let mut y = top + grid_side + gap + (spare * 0.3).min(32.0 * dp);
        let mut tools = Vec::new();
        if skin.toolbar {
            tools = toolbar(Rect::new(grid_x, y, grid_side, tool_h));
            y += tools_h;
        }
        let (mut keys, mut help) = (Vec::new(), None);
        if keypad == Keypad::Row {
            keys = Rect::new(grid_x, y, grid_side, key_h)
                .columns(9, 4.0 * dp)
                .into_iter()
                .zip(Digit::all())
                .map(|(r, d)| (d, r))
                .collect();
        } else {
            help = Some(Rect::new(grid_x, y, grid_side, 40.0 * dp));
        }
        Arranged {
            grid_side,
            grid_x,
            tools,
            keys,
            help,
        }
    }
}

fn toolbar(r: Rect) -> Vec<(Tool, Rect)> {
    r.columns(4, 0.0)
        .into_iter()
        .zip(Tool::ALL)
        .map(|(r, t)| (t, r))
        .collect()
}

fn keypad_block(r: Rect, gap: f32) -> Vec<(Digit, Rect)> {
    r.grid(3, 3, gap)
        .into_iter()
        .zip(Digit::all())
        .map(|(r, d)| (d, r))
        .collect()
}
