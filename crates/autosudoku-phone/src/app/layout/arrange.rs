//! The arrangements: where the bars, the grid and the controls go on a screen, one per keypad
//! placement (below the grid, beside it in portrait, beside it in landscape), in dp-scaled pixels.

use super::Tool;
use crate::app::geometry::Rect;
use crate::app::skin::{Banner, Frame, Keypad, Skin};
use crate::screen::{NAV_BAR_DP, STATUS_BAR_DP};

use autosudoku_core::variant::Symbol;

/// A banner ad's height: AdMob's standard banner is 320x50 dp.
pub(super) const BANNER_DP: f32 = 50.0;

/// The bars at the screen's edges, the same on every skin: status, navigation, the app bar with
/// its pause button, and the banner ad where the skin has one.
pub(super) struct Bars {
    pub(super) status_bar: Rect,
    pub(super) nav_bar: Rect,
    pub(super) app_bar: Rect,
    pub(super) pause: Rect,
    pub(super) banner: Option<Rect>,
}

impl Bars {
    pub(super) fn new(skin: &Skin, w: f32, h: f32, dp: f32) -> Bars {
        let status_bar = Rect::new(0.0, 0.0, w, STATUS_BAR_DP * dp);
        let nav_bar = Rect::new(0.0, h - NAV_BAR_DP * dp, w, NAV_BAR_DP * dp);
        let app_bar = Rect::new(0.0, status_bar.bottom(), w, 56.0 * dp);
        let pause = Rect::new(w - 52.0 * dp, app_bar.y + 4.0 * dp, 48.0 * dp, 48.0 * dp);
        let banner = (skin.banner == Banner::Bottom)
            .then(|| Rect::new(0.0, nav_bar.y - BANNER_DP * dp, w, BANNER_DP * dp));
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
pub(super) struct Arranged {
    pub(super) grid_side: f32,
    pub(super) grid_x: f32,
    pub(super) tools: Vec<(Tool, Rect)>,
    pub(super) keys: Vec<(Symbol, Rect)>,
    pub(super) help: Option<Rect>,
}

/// The band between the info row and the bottom bars that the grid and controls share.
pub(super) struct Area {
    pub(super) w: f32,
    pub(super) top: f32,
    pub(super) floor: f32,
    pub(super) margin: f32,
    pub(super) dp: f32,
}

impl Area {
    fn tool_h(&self) -> f32 {
        56.0 * self.dp
    }

    fn gap(&self) -> f32 {
        12.0 * self.dp
    }

    /// Landscape: the grid on the left at full height; toolbar and 3x3 keypad stacked on the right.
    pub(super) fn beside_landscape(&self, skin: &Skin) -> Arranged {
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
        Arranged {
            grid_side,
            grid_x,
            tools: toolbar(skin, Rect::new(x0, y0, block, tool_h)),
            keys: keypad_block(
                skin.side,
                Rect::new(x0, y0 + tool_h + 2.0 * gap, block, block),
                gap / 2.0,
            ),
            help: None,
        }
    }

    /// Portrait: a smaller grid with the 3x3 keypad to its right, toolbar under both.
    pub(super) fn beside_portrait(&self, skin: &Skin) -> Arranged {
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
            skin.side,
            Rect::new(grid_x + grid_side + margin, y0, block, block),
            4.0 * self.dp,
        );
        let bar = Rect::new(
            margin,
            top + grid_side + 2.0 * gap,
            w - 2.0 * margin,
            tool_h,
        );
        Arranged {
            tools: toolbar(skin, bar),
            keys,
            help: None,
            grid_side,
            grid_x,
        }
    }

    /// The grid across the screen, then the toolbar, then the keypad in one row (or, without keys,
    /// a line of help).
    pub(super) fn below(&self, skin: &Skin, keypad: Keypad) -> Arranged {
        let (w, top, floor, dp) = (self.w, self.top, self.floor, self.dp);
        let (tool_h, gap) = (self.tool_h(), self.gap());
        let key_h = 64.0 * dp;
        // Up to nine keys fit one row; 12 or 16 take two, as apps of those sizes lay them out.
        let key_rows = skin.side.div_ceil(9);
        let tools_h = if skin.toolbar { tool_h + gap } else { 0.0 };
        let keys_h = if keypad == Keypad::Row {
            key_rows as f32 * (key_h + gap)
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
        let tools = toolbar(skin, Rect::new(grid_x, y, grid_side, tool_h));
        y += tools_h;
        let (mut keys, mut help) = (Vec::new(), None);
        if keypad == Keypad::Row {
            let per_row = skin.side.div_ceil(key_rows);
            let block = Rect::new(grid_x, y, grid_side, key_rows as f32 * (key_h + gap) - gap);
            keys = labelled(block.grid(per_row, key_rows, 4.0 * dp), skin.side);
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

/// The toolbar's four buttons across `r`; none on a skin without a toolbar.
fn toolbar(skin: &Skin, r: Rect) -> Vec<(Tool, Rect)> {
    if !skin.toolbar {
        return Vec::new();
    }
    r.columns(4, 0.0)
        .into_iter()
        .zip(Tool::ALL)
        .map(|(r, t)| (t, r))
        .collect()
}

/// A square block of keys, 3x3 for nine (as many columns as the side's square root, rounded up).
fn keypad_block(side: usize, r: Rect, gap: f32) -> Vec<(Symbol, Rect)> {
    let cols = (1..=side).find(|c| c * c >= side).unwrap_or(side);
    let rows = side.div_ceil(cols);
    let key_h = (r.h - (cols as f32 - 1.0) * gap) / cols as f32;
    let block = Rect::new(
        r.x,
        r.y,
        r.w,
        rows as f32 * key_h + (rows as f32 - 1.0) * gap,
    );
    labelled(block.grid(cols, rows, gap), side)
}

/// The digits 1 to `side` on the first `side` of `rects`, in reading order.
fn labelled(rects: Vec<Rect>, side: usize) -> Vec<(Symbol, Rect)> {
    (1..=side as u8)
        .filter_map(Symbol::new)
        .zip(rects)
        .collect()
}
