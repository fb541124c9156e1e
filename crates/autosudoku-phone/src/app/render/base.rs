//! The static layer: everything that never changes during a game (bars and their icons, the
//! empty grid, toolbar icons, the keypad at rest, the help line, the banner ad), painted once per
//! renderer and copied under every frame.

use super::Renderer;
use crate::app::draw::{fill_rect, fill_rounded_rect, rgb};
use crate::app::geometry::{Point, Rect};
use crate::app::icons;
use crate::app::layout::{Axis, Layout, Tool};
use crate::app::skin::{Frame, Skin, Theme};
use crate::app::text::{Align, Typesetter};
use autosudoku_core::variant::Pos;
use image::RgbaImage;

impl Renderer {
    /// Everything that never changes during a game.
    pub(super) fn paint_base(&mut self) {
        let (l, s) = (self.layout.clone(), self.skin);
        let t = &s.theme;
        let img = &mut self.base;
        fill_rect(
            img,
            Rect::new(0.0, 0.0, l.width as f32, l.height as f32),
            t.background,
        );
        fill_rect(img, l.status_bar, t.status_bar);
        fill_rect(img, l.app_bar, t.app_bar);
        paint_status_icons(img, &l, t);
        paint_nav_handle(img, &l, t);
        paint_app_bar(img, &mut self.text, &l, &s);
        paint_grid(img, &l, &s);
        paint_tool_icons(img, &l, t);
        for &(digit, r) in &l.keys {
            self.paint_key(None, digit, r, t.key_fill, t.key_text);
        }
        if let Some(help) = l.help {
            let line = "Type 1-9 \u{b7} Del erases \u{b7} arrows move";
            self.text.draw_centered(
                &mut self.base,
                s.ui_face,
                14.0 * l.dp,
                help,
                t.text_dim,
                line,
            );
        }
        if let Some(b) = l.banner {
            paint_banner(&mut self.text, &mut self.base, &self.skin, l.dp, b);
        }
    }
}

/// The empty grid: one fill (or one rounded panel per box), then thin lines, then thick lines
/// over them; boundaries without a line (panel edges, a borderless grid's edge) are skipped.
fn paint_grid(img: &mut RgbaImage, l: &Layout, s: &Skin) {
    let t = &s.theme;
    if s.frame == Frame::Tiles {
        return paint_tiles(img, l, s);
    }
    if l.box_gap > 0.0 {
        let (bw, bh) = (l.box_len(Axis::Cols), l.box_len(Axis::Rows));
        for (r, c) in box_corners(l) {
            let (x, y) = (l.offset(Axis::Cols, c), l.offset(Axis::Rows, r));
            let size = (bw as f32 * l.cell_px, bh as f32 * l.cell_px);
            let panel = Rect::new(l.grid.x + x, l.grid.y + y, size.0, size.1);
            fill_rounded_rect(img, panel, s.corner_dp * l.dp, t.grid_fill);
        }
    } else {
        fill_rect(img, l.grid, t.grid_fill);
    }
    for thick in [false, true] {
        for axis in [Axis::Cols, Axis::Rows] {
            for i in (0..=l.side).filter(|&i| l.is_box_line(axis, i) == thick) {
                let colour = if thick { t.thick_line } else { t.thin_line };
                paint_line(img, l, axis, i, colour);
            }
        }
    }
}

/// The grid line at boundary `i` along `axis`, over every span it runs.
fn paint_line(
    img: &mut RgbaImage,
    l: &Layout,
    axis: Axis,
    i: usize,
    colour: crate::app::draw::Color,
) {
    let w = l.line_px(axis, i);
    if w == 0.0 {
        return;
    }
    let off = l.offset(axis, i) - (w / 2.0).floor();
    // Thick lines reach over the border's corners; a borderless grid's stop at its edge.
    let thick = l.is_box_line(axis, i);
    let over = if thick && l.border { w } else { 0.0 };
    let start = -(over / 2.0).floor();
    // A line between columns runs down the rows' spans, and the reverse.
    let along = match axis {
        Axis::Cols => Axis::Rows,
        Axis::Rows => Axis::Cols,
    };
    for (b, from) in spans(l, along) {
        let (pos, len) = (from + start, b + over);
        let r = match axis {
            Axis::Cols => Rect::new(l.grid.x + off, l.grid.y + pos, w, len),
            Axis::Rows => Rect::new(l.grid.x + pos, l.grid.y + off, len, w),
        };
        fill_rect(img, r, colour);
    }
}

/// The top-left cell (row, column) of every box.
fn box_corners(l: &Layout) -> impl Iterator<Item = (usize, usize)> + '_ {
    let (bh, bw) = (l.box_len(Axis::Rows), l.box_len(Axis::Cols));
    (0..l.side)
        .step_by(bh)
        .flat_map(move |r| (0..l.side).step_by(bw).map(move |c| (r, c)))
}

/// A grid of rounded tiles: the lines' room is left as gaps in the background's colour.
fn paint_tiles(img: &mut RgbaImage, l: &Layout, s: &Skin) {
    for cell in (0..l.side * l.side).map(|i| Pos::from_index(i, l.side)) {
        fill_rounded_rect(
            img,
            l.cell_interior(cell),
            tile_radius(l),
            s.theme.grid_fill,
        );
    }
}

/// The corner radius of a tile (and of a highlight on it).
pub(super) fn tile_radius(l: &Layout) -> f32 {
    l.cell_px * 0.12
}

/// The stretches (length, start) a grid line runs along `axis`: the whole grid, or each box
/// panel on its own.
fn spans(l: &Layout, axis: Axis) -> Vec<(f32, f32)> {
    let len = l.box_len(axis);
    if l.box_gap > 0.0 {
        (0..l.side)
            .step_by(len)
            .map(|i| (len as f32 * l.cell_px, l.offset(axis, i)))
            .collect()
    } else {
        let whole = match axis {
            Axis::Cols => l.grid.w,
            Axis::Rows => l.grid.h,
        };
        vec![(whole, 0.0)]
    }
}

/// The status bar's icons, right to left: battery, wifi, signal.
fn paint_status_icons(img: &mut RgbaImage, l: &Layout, t: &Theme) {
    let dp = l.dp;
    let icon = 16.0 * dp;
    let y = l.status_bar.center().y - icon / 2.0;
    let right = l.status_bar.right() - 16.0 * dp;
    icons::battery(
        img,
        Rect::new(right - icon * 1.4, y, icon * 1.4, icon),
        0.8,
        t.status_text,
    );
    icons::wifi(
        img,
        Rect::new(right - icon * 2.9, y, icon, icon),
        t.status_text,
    );
    icons::signal(
        img,
        Rect::new(right - icon * 4.1, y, icon, icon),
        t.status_text,
    );
}

/// The gesture navigation handle.
fn paint_nav_handle(img: &mut RgbaImage, l: &Layout, t: &Theme) {
    let dp = l.dp;
    let pill = Rect::new(
        l.nav_bar.center().x - 54.0 * dp,
        l.nav_bar.center().y - 2.0 * dp,
        108.0 * dp,
        4.0 * dp,
    );
    fill_rounded_rect(img, pill, 2.0 * dp, t.text_dim);
}

/// The app bar's back arrow, title and pause button.
fn paint_app_bar(img: &mut RgbaImage, text: &mut Typesetter, l: &Layout, s: &Skin) {
    let (dp, t) = (l.dp, &s.theme);
    let bar = l.app_bar;
    let ib = 24.0 * dp;
    icons::back(
        img,
        Rect::new(16.0 * dp, bar.center().y - ib / 2.0, ib, ib),
        2.0 * dp,
        t.title,
    );
    icons::pause(img, l.pause.inset(12.0 * dp), 2.0 * dp, t.title);
    let baseline = bar.center().y + text.cap_height(s.ui_bold, 20.0 * dp) / 2.0;
    text.draw(
        img,
        s.ui_bold,
        20.0 * dp,
        Point::new(64.0 * dp, baseline),
        Align::Left,
        t.title,
        s.title,
    );
}

/// The toolbar's icons, each centred on its button.
fn paint_tool_icons(img: &mut RgbaImage, l: &Layout, t: &Theme) {
    let dp = l.dp;
    for (tool, r) in &l.tools {
        let b = Rect::new(
            r.center().x - 14.0 * dp,
            r.center().y - 14.0 * dp,
            28.0 * dp,
            28.0 * dp,
        );
        let sw = 2.2 * dp;
        match tool {
            Tool::Undo => icons::undo(img, b, sw, t.text_dim),
            Tool::Erase => icons::eraser(img, b, sw, t.text_dim),
            Tool::Notes => icons::pencil(img, b, sw, t.text_dim),
            Tool::Hint => icons::bulb(img, b, sw, t.text_dim),
        }
    }
}

/// The banner ad strip of ad-supported skins (part of the static layer; taps do nothing).
fn paint_banner(text: &mut Typesetter, img: &mut RgbaImage, skin: &Skin, dp: f32, b: Rect) {
    let ink = rgb(0x202124);
    fill_rect(img, b, rgb(0xF1F3F4));
    fill_rect(img, Rect::new(b.x, b.y, b.w, 1.0 * dp), rgb(0xDADCE0));
    let tag = Rect::new(b.x + 8.0 * dp, b.y + 6.0 * dp, 20.0 * dp, 12.0 * dp);
    fill_rounded_rect(img, tag, 2.0 * dp, rgb(0xFBBC04));
    text.draw_centered(img, skin.ui_bold, 8.0 * dp, tag, ink, "Ad");
    let px = 14.0 * dp;
    let baseline = b.center().y + text.cap_height(skin.ui_face, px) / 2.0;
    let at = Point::new(b.x + 36.0 * dp, baseline);
    text.draw(
        img,
        skin.ui_bold,
        px,
        at,
        Align::Left,
        ink,
        "Word Cookies! \u{2013} play free",
    );
    let open = Rect::new(
        b.right() - 88.0 * dp,
        b.center().y - 16.0 * dp,
        76.0 * dp,
        32.0 * dp,
    );
    fill_rounded_rect(img, open, 16.0 * dp, rgb(0x1A73E8));
    text.draw_centered(img, skin.ui_bold, 13.0 * dp, open, rgb(0xFFFFFF), "OPEN");
}
