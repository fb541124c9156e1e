//! What changes around the grid during a game: the status bar's clock, the info row (difficulty,
//! mistakes, timer), the keypad's used-up and armed keys, and the notes button's ON/OFF badge.

use super::{clock_text, Renderer};
use crate::app::draw::{fill_rect, fill_rounded_rect, stroke_rounded_rect};
use crate::app::game::{Game, InputMode};
use crate::app::geometry::{Point, Rect};
use crate::app::layout::Tool;
use crate::app::skin::UsedUp;
use crate::app::text::Align;
use image::RgbaImage;
use std::time::Duration;

impl Renderer {
    pub(super) fn paint_status(&mut self, img: &mut RgbaImage, now: Duration) {
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

    pub(super) fn paint_info(
        &mut self,
        img: &mut RgbaImage,
        game: &Game,
        difficulty: &str,
        now: Duration,
    ) {
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

    pub(super) fn paint_keypad(&mut self, img: &mut RgbaImage, game: &Game) {
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
    pub(super) fn paint_notes_badge(&mut self, img: &mut RgbaImage, game: &Game) {
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
