//! The renderer: composes a frame from a cached static layer (`base`: bars, grid lines, toolbar
//! icons, keypad) and the dynamic parts drawn each frame (`chrome`: clock, info row, keypad state,
//! notes badge; `cells`: highlights, digits, notes; `overlay`: dialogs and the full-screen ad).

mod base;
mod cells;
mod chrome;
mod overlay;
mod variant;

use super::dialog::Dialog;
use super::draw::{dim, fill_rect, fill_rounded_rect, rgb, Color};
use super::game::Game;
use super::geometry::Rect;
use super::layout::Layout;
use super::lossy;
use super::skin::{with_alpha, Banner, Skin};
use super::text::Typesetter;
use autosudoku_core::variant::Symbol;
use image::RgbaImage;
use std::time::Duration;

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

    /// The frame for this game state at phone time `now`, with `dialog` on top if one is up (the
    /// level picker shows `levels` beside `game`).
    pub fn frame(
        &mut self,
        game: &Game,
        levels: &[Game],
        difficulty: &str,
        dialog: Option<Dialog>,
        flash: bool,
        now: Duration,
    ) -> RgbaImage {
        let mut img = self.base.clone();
        self.paint_status(&mut img, now);
        self.paint_info(&mut img, game, difficulty, now);
        self.paint_cells(&mut img, game);
        self.paint_keypad(&mut img, game);
        self.paint_notes_badge(&mut img, game);
        self.paint_banner_over_grid(&mut img);
        if flash {
            // Solo's completion flash: the cells' background goes grey (179) for a moment.
            fill_rect(&mut img, self.layout.grid, with_alpha(rgb(0xB3B3B3), 160));
        }
        match dialog {
            Some(Dialog::Menu) => overlay::menu(self, &mut img),
            Some(Dialog::Levels) => overlay::levels(self, &mut img, levels),
            Some(d) => {
                dim(&mut img, 0.5);
                overlay::paint(self, &mut img, d, game, difficulty, now);
            }
            None => {}
        }
        if let Some(quality) = self.skin.jpeg {
            img = lossy::jpeg_round_trip(img, quality);
        }
        img
    }

    /// A banner over the grid lies on the cells painted each frame: copied back from the static
    /// layer, where it was painted with the rest.
    fn paint_banner_over_grid(&self, img: &mut RgbaImage) {
        let Some(b) = self
            .layout
            .banner
            .filter(|_| self.skin.banner == Banner::OverGrid)
        else {
            return;
        };
        let (x, y) = (b.x as u32, b.y as u32);
        let strip = image::imageops::crop_imm(&self.base, x, y, b.w as u32, b.h as u32);
        image::imageops::replace(img, &*strip, x as i64, y as i64);
    }

    /// One keypad button; on the base layer when `img` is `None`.
    fn paint_key(
        &mut self,
        img: Option<&mut RgbaImage>,
        digit: Symbol,
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
}
