//! Painting of dialogs and pop-ups: cards over the dimmed game, and the full-screen
//! interstitial whose only way out is its small X, and the app's main menu.

use super::{clock_text, Renderer};
use crate::app::dialog::{Dialog, DialogButton};
use crate::app::draw::{fill_circle, fill_rect, fill_rounded_rect, rgb, stroke_rounded_rect};
use crate::app::game::Game;
use crate::app::geometry::{Point, Rect};
use crate::app::icons;
use crate::app::skin::with_alpha;
use crate::app::text::Align;
use image::imageops::FilterType;
use image::RgbaImage;
use std::time::Duration;

pub fn paint(
    r: &mut Renderer,
    img: &mut RgbaImage,
    dialog: Dialog,
    game: &Game,
    difficulty: &str,
    now: Duration,
) {
    if dialog == Dialog::Ad {
        return interstitial(r, img);
    }
    let (dp, t, s) = (r.layout.dp, r.skin.theme, r.skin);
    let d = r.layout.dialog(dialog);
    fill_rounded_rect(img, d.card, (s.corner_dp * 1.6).max(8.0) * dp, t.dialog);
    if let Some(icon) = d.icon {
        match dialog {
            Dialog::Solved | Dialog::Foreign | Dialog::Stats => {
                icons::check_badge(img, icon, t.accent, t.on_accent)
            }
            // A desktop message box: words and a button only.
            Dialog::WellDone => {}
            Dialog::GameOver => icons::cross_badge(img, icon, t.wrong, rgb(0xFFFFFF)),
            Dialog::Continue => icons::play_badge(img, icon, t.accent, t.on_accent),
            _ => {
                fill_circle(img, icon.center(), icon.w / 2.0, t.accent);
                icons::star(img, icon.inset(icon.w * 0.2), t.on_accent);
            }
        }
    }
    r.text
        .draw_centered(img, s.ui_bold, 22.0 * dp, d.title, t.text, dialog.title());
    let body = body(dialog, game, difficulty, now);
    if dialog == Dialog::RateUs {
        let star = 28.0 * dp;
        let row = Rect::new(
            d.body.center().x - 2.5 * star - 8.0 * dp,
            d.body.y + 8.0 * dp,
            5.0 * star + 16.0 * dp,
            star,
        );
        for b in row.columns(5, 4.0 * dp) {
            icons::star(img, Rect::new(b.x, b.y, star, star), rgb(0xF5B301));
        }
    }
    let lines: Vec<&str> = body.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let baseline = d.body.y + (i as f32 + 1.0) * 22.0 * dp;
        r.text.draw(
            img,
            s.ui_face,
            15.0 * dp,
            Point::new(d.body.center().x, baseline),
            Align::Center,
            t.text_dim,
            line,
        );
    }
    let last = d.buttons.len() - 1;
    for (i, (button, b)) in d.buttons.iter().enumerate() {
        if i == last {
            fill_rounded_rect(img, *b, b.h / 2.0, t.accent);
            r.text
                .draw_centered(img, s.ui_bold, 16.0 * dp, *b, t.on_accent, button.label());
        } else {
            stroke_rounded_rect(img, *b, b.h / 2.0, 1.5 * dp, t.accent);
            r.text
                .draw_centered(img, s.ui_bold, 16.0 * dp, *b, t.accent, button.label());
        }
    }
}

/// The words under a dialog's title.
fn body(dialog: Dialog, game: &Game, difficulty: &str, now: Duration) -> String {
    match dialog {
        Dialog::Solved => format!(
            "Time {}\n{} puzzle completed",
            clock_text(game.elapsed(now)),
            difficulty
        ),
        Dialog::WellDone => "You completed the puzzle.".to_string(),
        Dialog::Foreign => format!("Puzzle risolto in {}", clock_text(game.elapsed(now))),
        Dialog::Stats => format!("Time {}\nGames played 1", clock_text(game.elapsed(now))),
        Dialog::GameOver => format!(
            "You made {} mistakes.\nStart a new puzzle?",
            game.mistakes()
        ),
        Dialog::Continue => "Your game is paused.\nTap Continue to resume.".to_string(),
        _ => String::new(),
    }
}

/// The main menu over the game it shows in small: the page in the skin's colours, the title, the
/// board as it stands scaled into the thumbnail, and big buttons.
pub fn menu(r: &mut Renderer, img: &mut RgbaImage) {
    let (dp, t, s) = (r.layout.dp, r.skin.theme, r.skin);
    let d = r.layout.dialog(Dialog::Menu);
    let thumb = thumbnail(r, img, d.body);
    fill_rect(img, d.card, t.background);
    image::imageops::overlay(img, &thumb, d.body.x as i64, d.body.y as i64);
    r.text.draw_centered(
        img,
        s.ui_bold,
        40.0 * dp,
        d.title,
        t.title,
        Dialog::Menu.title(),
    );
    for (i, (button, b)) in d.buttons.iter().enumerate() {
        let (fill, ink) = match i {
            0 => (t.key_fill, t.text),
            _ => (t.accent, t.on_accent),
        };
        fill_rounded_rect(img, *b, b.h / 2.0, fill);
        r.text
            .draw_centered(img, s.ui_bold, 24.0 * dp, *b, ink, button.label());
    }
}

/// The level picker over the game: the page, the title, the game in play (drawn in `img`) and
/// the `levels` after it scaled into the thumbnails, each labelled under it.
pub fn levels(r: &mut Renderer, img: &mut RgbaImage, levels: &[Game]) {
    let (dp, t, s) = (r.layout.dp, r.skin.theme, r.skin);
    let d = r.layout.dialog(Dialog::Levels);
    let mut thumbs = Vec::with_capacity(d.buttons.len());
    for (i, &(_, slot)) in d.buttons.iter().enumerate() {
        let thumb = match i.checked_sub(1).and_then(|k| levels.get(k)) {
            None => thumbnail(r, img, slot),
            Some(game) => {
                let mut other = r.base.clone();
                r.paint_cells(&mut other, game);
                thumbnail(r, &other, slot)
            }
        };
        thumbs.push(thumb);
    }
    fill_rect(img, d.card, t.background);
    let title = Dialog::Levels.title();
    r.text
        .draw_centered(img, s.ui_bold, 28.0 * dp, d.title, t.title, title);
    for (i, (thumb, &(_, slot))) in thumbs.iter().zip(&d.buttons).enumerate() {
        image::imageops::overlay(img, thumb, slot.x as i64, slot.y as i64);
        let label = Rect::new(slot.x, slot.bottom() + 4.0 * dp, slot.w, 24.0 * dp);
        let text = format!("Puzzle {}", i + 1);
        r.text
            .draw_centered(img, s.ui_face, 14.0 * dp, label, t.text_dim, &text);
    }
}

/// The grid of the frame `img`, scaled into `slot`.
fn thumbnail(r: &Renderer, img: &RgbaImage, slot: Rect) -> RgbaImage {
    let g = r.layout.grid;
    let (x, y, side) = (g.x.max(0.0) as u32, g.y.max(0.0) as u32, g.w.round() as u32);
    let board = image::imageops::crop_imm(img, x, y, side, side).to_image();
    let thumb_side = slot.w.round() as u32;
    image::imageops::resize(&board, thumb_side, thumb_side, FilterType::Triangle)
}

/// The full-screen ad: a loud game promo, an "Install" button that does nothing, and a small X.
fn interstitial(r: &mut Renderer, img: &mut RgbaImage) {
    let (dp, s) = (r.layout.dp, r.skin);
    let d = r.layout.dialog(Dialog::Ad);
    let white = rgb(0xFFFFFF);
    fill_rect(img, d.card, rgb(0x4B1D8F));
    // Falling-block artwork.
    let block = 40.0 * dp;
    let colours = [0xFF5A5F, 0xFFC233, 0x3DDC97, 0x4CC9F0, 0xF72585];
    // Centred over the text in portrait; beside it, in the left half, in landscape.
    let origin = if d.card.w > d.card.h {
        Point::new(
            d.card.w / 4.0 - 2.5 * block,
            d.card.center().y - 2.5 * block,
        )
    } else {
        Point::new(d.card.center().x - 2.5 * block, d.card.y + d.card.h * 0.2)
    };
    let shape = [
        (0, 0),
        (1, 0),
        (1, 1),
        (2, 1),
        (3, 1),
        (3, 2),
        (4, 2),
        (0, 3),
        (1, 3),
        (2, 3),
        (4, 3),
        (2, 4),
        (3, 4),
    ];
    for (i, (cx, cy)) in shape.iter().enumerate() {
        let b = Rect::new(
            origin.x + *cx as f32 * block,
            origin.y + *cy as f32 * block,
            block,
            block,
        )
        .inset(2.0 * dp);
        fill_rounded_rect(img, b, 6.0 * dp, rgb(colours[i % colours.len()]));
    }
    r.text.draw_centered(
        img,
        s.ui_bold,
        30.0 * dp,
        d.title,
        white,
        Dialog::Ad.title(),
    );
    r.text.draw_centered(
        img,
        s.ui_face,
        17.0 * dp,
        d.body,
        with_alpha(white, 220),
        "Free to play \u{b7} 4.6 \u{2605} \u{b7} 10M+ downloads",
    );
    let install = Rect::new(
        d.title.center().x - 120.0 * dp,
        d.body.bottom() + 24.0 * dp,
        240.0 * dp,
        52.0 * dp,
    );
    fill_rounded_rect(img, install, 26.0 * dp, rgb(0x3DDC97));
    r.text
        .draw_centered(img, s.ui_bold, 18.0 * dp, install, rgb(0x14213D), "INSTALL");
    let tag = Rect::new(12.0 * dp, d.card.y + 14.0 * dp, 28.0 * dp, 16.0 * dp);
    fill_rounded_rect(img, tag, 3.0 * dp, with_alpha(white, 200));
    r.text
        .draw_centered(img, s.ui_bold, 10.0 * dp, tag, rgb(0x4B1D8F), "AD");
    if let Some((DialogButton::Close, x)) = d.buttons.first() {
        fill_circle(img, x.center(), x.w / 2.0, with_alpha(rgb(0x000000), 110));
        icons::cross(img, x.inset(x.w * 0.32), 1.6 * dp, white);
    }
}
