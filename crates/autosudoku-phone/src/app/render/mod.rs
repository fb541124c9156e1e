//! The renderer: composes a frame from a cached static layer (bars, grid lines, toolbar icons, keypad)
//! and the dynamic parts drawn each frame (clock, timer, highlights, digits, notes, keypad state, dialogs).

mod overlay;

use super::dialog::Dialog;
use super::draw::{dim, fill_rect, fill_rounded_rect, stroke_rounded_rect, Color};
use super::game::{Game, InputMode};
use super::geometry::{Point, Rect};
use super::icons;
use super::layout::{Layout, Tool};
use super::lossy;
use super::skin::{Skin, Theme, UsedUp};
use super::text::{Align, Typesetter};
use autosudoku_core::sudoku::{Cell, Digit};
use image::RgbaImage;
use std::time::Duration;

/// The empty grid: one fill (or one rounded panel per box), then thin lines, then thick lines
/// over them; boundaries without a line (panel edges, a borderless grid's edge) are skipped.
fn paint_grid(img: &mut RgbaImage, l: &Layout, s: &Skin) {
    let t = &s.theme;
    if l.box_gap > 0.0 {
        let side = 3.0 * l.cell_px;
        for b in 0..9 {
            let (x, y) = (l.offset(b % 3 * 3), l.offset(b / 3 * 3));
            let panel = Rect::new(l.grid.x + x, l.grid.y + y, side, side);
            fill_rounded_rect(img, panel, s.corner_dp * l.dp, t.grid_fill);
        }
    } else {
        fill_rect(img, l.grid, t.grid_fill);
    }
    for thick in [false, true] {
        for i in (0..=9).filter(|i| (i % 3 == 0) == thick) {
            let w = l.line_px(i);
            if w == 0.0 {
                continue;
            }
            let colour = if thick { t.thick_line } else { t.thin_line };
            let off = l.offset(i) - (w / 2.0).floor();
            // Thick lines reach over the border's corners; a borderless grid's stop at its edge.
            let over = if thick && l.border { w } else { 0.0 };
            let start = -(over / 2.0).floor();
            for (b, from) in spans(l) {
                let (pos, len) = (from + start, b + over);
                fill_rect(
                    img,
                    Rect::new(l.grid.x + off, l.grid.y + pos, w, len),
                    colour,
                );
                fill_rect(
                    img,
                    Rect::new(l.grid.x + pos, l.grid.y + off, len, w),
                    colour,
                );
            }
        }
    }
}

/// The stretches a grid line runs along: the whole grid, or each box panel on its own.
fn spans(l: &Layout) -> Vec<(f32, f32)> {
    if l.box_gap > 0.0 {
        (0..3).map(|b| (3.0 * l.cell_px, l.offset(3 * b))).collect()
    } else {
        vec![(l.grid.w, 0.0)]
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

/// Draws frames of one skin on one layout.
pub struct Renderer {
    pub skin: Skin,
    pub layout: Layout,
    pub text: Typesetter,
    base: RgbaImage,
}

/// `m:ss`, or `h:mm:ss` past an hour, as game timers show time.
pub fn clock_text(t: Duration) -> String {
    let s = t.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{:02}:{:02}", s / 60, s % 60)
    }
}

impl Renderer {
    pub fn new(skin: Skin, layout: Layout) -> Renderer {
        let mut r = Renderer {
            base: RgbaImage::new(layout.width, layout.height),
            skin,
            layout,
            text: Typesetter::default(),
        };
        r.paint_base();
        r
    }

    /// The frame for this game state at phone time `now`, with `dialog` on top if one is up.
    pub fn frame(
        &mut self,
        game: &Game,
        difficulty: &str,
        dialog: Option<Dialog>,
        now: Duration,
    ) -> RgbaImage {
        let mut img = self.base.clone();
        self.paint_status(&mut img, now);
        self.paint_info(&mut img, game, difficulty, now);
        self.paint_cells(&mut img, game);
        self.paint_keypad(&mut img, game);
        self.paint_notes_badge(&mut img, game);
        if let Some(d) = dialog {
            dim(&mut img, 0.5);
            overlay::paint(self, &mut img, d, game, difficulty, now);
        }
        if self.skin.jpeg {
            img = lossy::jpeg_round_trip(img);
        }
        img
    }

    /// Everything that never changes during a game.
    fn paint_base(&mut self) {
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
            overlay::banner(&mut self.text, &mut self.base, &self.skin, l.dp, b);
        }
    }

    /// One keypad button; on the base layer when `img` is `None`.
    fn paint_key(
        &mut self,
        img: Option<&mut RgbaImage>,
        digit: Digit,
        r: Rect,
        fill: Color,
        ink: Color,
    ) {
        let img = match img {
            Some(i) => i,
            None => &mut self.base,
        };
        let (s, dp) = (&self.skin, self.layout.dp);
        fill_rect(img, r, s.theme.background);
        fill_rounded_rect(img, r, s.corner_dp * dp, fill);
        let px = (r.h * 0.5).min(r.w * 0.75).min(48.0 * dp);
        self.text
            .draw_centered(img, s.ui_face, px, r, ink, &digit.to_string());
    }

    fn paint_status(&mut self, img: &mut RgbaImage, now: Duration) {
        let (l, t) = (&self.layout, &self.skin.theme);
        // The phone's wall clock: boot at 09:41, then phone time.
        let minutes = (9 * 60 + 41 + now.as_secs() / 60) % (24 * 60);
        let text = format!("{}:{:02}", minutes / 60, minutes % 60);
        let px = 14.0 * l.dp;
        let baseline = l.status_bar.center().y + self.text.cap_height(self.skin.ui_face, px) / 2.0;
        self.text.draw(
            img,
            self.skin.ui_face,
            px,
            Point::new(16.0 * l.dp, baseline),
            Align::Left,
            t.status_text,
            &text,
        );
    }

    fn paint_info(&mut self, img: &mut RgbaImage, game: &Game, difficulty: &str, now: Duration) {
        let (l, s) = (&self.layout, &self.skin);
        let r = l.info;
        let px = 14.0 * l.dp;
        let baseline = r.center().y + self.text.cap_height(s.ui_face, px) / 2.0;
        let t = s.theme;
        self.text.draw(
            img,
            s.ui_bold,
            px,
            Point::new(r.x, baseline),
            Align::Left,
            t.text_dim,
            difficulty,
        );
        if game.rules.check_mistakes {
            let text = match game.rules.mistake_limit {
                Some(limit) => format!("Mistakes: {}/{}", game.mistakes(), limit),
                None => format!("Mistakes: {}", game.mistakes()),
            };
            self.text.draw(
                img,
                s.ui_face,
                px,
                Point::new(r.center().x, baseline),
                Align::Center,
                t.text_dim,
                &text,
            );
        }
        let timer = clock_text(game.elapsed(now));
        self.text.draw(
            img,
            s.ui_face,
            px,
            Point::new(r.right(), baseline),
            Align::Right,
            t.text_dim,
            &timer,
        );
    }

    fn paint_cells(&mut self, img: &mut RgbaImage, game: &Game) {
        let (l, s) = (&self.layout, &self.skin);
        let t = s.theme;
        let selected = game.selected();
        let focus_digit = match s.rules.input {
            InputMode::DigitFirst => game
                .selected_digit()
                .or_else(|| selected.and_then(|c| game.board().get(c))),
            InputMode::CellFirst => selected.and_then(|c| game.board().get(c)),
        };
        let digit_px = l.cell_px * 0.62;
        let note_px = l.cell_px * 0.27;
        let first_given = Cell::all().find(|&c| game.is_given(c));
        for cell in Cell::all() {
            let value = game.board().get(cell);
            let wrong = game.is_wrong(cell);
            let fill = if Some(cell) == selected {
                Some(t.selected)
            } else if wrong && !game.is_given(cell) {
                Some(t.wrong_fill)
            } else if value.is_some() && value == focus_digit {
                Some(t.same_digit)
            } else if selected.is_some_and(|s| s.sees(cell)) {
                Some(t.peer)
            } else {
                None
            };
            if let Some(f) = fill {
                fill_rect(img, l.cell_interior(cell), f);
            }
            let rect = l.cell_rect(cell);
            match value {
                Some(d) => {
                    let (face, colour) = if game.is_given(cell) {
                        (s.given_face, if wrong { t.wrong } else { t.given })
                    } else {
                        (s.entry_face, if wrong { t.wrong } else { t.entered })
                    };
                    self.text
                        .draw_centered(img, face, digit_px, rect, colour, &d.to_string());
                    if game.rules.bugs.smudged_given && Some(cell) == first_given {
                        let inner = l.cell_interior(cell);
                        let half =
                            Rect::new(inner.x + inner.w * 0.5, inner.y, inner.w * 0.5, inner.h);
                        fill_rect(img, half, fill.unwrap_or(t.grid_fill));
                    }
                }
                None => {
                    let inner = rect.inset(l.cell_px * 0.06);
                    for d in game.notes(cell) {
                        let i = d.index();
                        let sub = Rect::new(
                            inner.x + (i % 3) as f32 * inner.w / 3.0,
                            inner.y + (i / 3) as f32 * inner.h / 3.0,
                            inner.w / 3.0,
                            inner.h / 3.0,
                        );
                        let colour = if Some(d) == focus_digit {
                            t.accent
                        } else {
                            t.note
                        };
                        self.text.draw_centered(
                            img,
                            s.ui_face,
                            note_px,
                            sub,
                            colour,
                            &d.to_string(),
                        );
                    }
                }
            }
        }
    }

    fn paint_keypad(&mut self, img: &mut RgbaImage, game: &Game) {
        let t = self.skin.theme;
        for (digit, r) in self.layout.keys.clone() {
            if game.is_used_up(digit) {
                match self.skin.used_up {
                    UsedUp::Grey => self.paint_key(Some(img), digit, r, t.key_fill, t.key_disabled),
                    UsedUp::Hide => fill_rect(img, r, t.background),
                }
            } else if game.rules.input == InputMode::DigitFirst
                && game.selected_digit() == Some(digit)
            {
                self.paint_key(Some(img), digit, r, t.accent, t.on_accent);
            }
        }
    }

    /// The ON/OFF pill on the notes button.
    fn paint_notes_badge(&mut self, img: &mut RgbaImage, game: &Game) {
        let Some(r) = self.layout.tool_rect(Tool::Notes) else {
            return;
        };
        let (dp, t, face) = (self.layout.dp, self.skin.theme, self.skin.ui_bold);
        let on = game.notes_mode();
        let pill = Rect::new(
            r.center().x + 6.0 * dp,
            r.center().y - 22.0 * dp,
            30.0 * dp,
            16.0 * dp,
        );
        let (fill, ink) = if on {
            (t.accent, t.on_accent)
        } else {
            (t.key_fill, t.text_dim)
        };
        fill_rounded_rect(img, pill, 8.0 * dp, fill);
        if !on {
            stroke_rounded_rect(img, pill, 8.0 * dp, 1.0 * dp, t.key_disabled);
        }
        self.text.draw_centered(
            img,
            face,
            9.0 * dp,
            pill,
            ink,
            if on { "ON" } else { "OFF" },
        );
    }
}
