//! What the recorder draws over a frame: the step counter in the top-left corner (white on a dark
//! box so it reads on light and dark themes) and a ring where a tap landed.

use super::palette::OVERLAY;
use ab_glyph::FontRef;
use image::{Rgba, RgbaImage};
use imageproc::drawing::{draw_filled_rect_mut, draw_hollow_circle_mut, draw_text_mut, text_size};
use imageproc::rect::Rect;
use std::sync::OnceLock;

fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| {
        FontRef::try_from_slice(dejavu::sans_mono::bold()).expect("the embedded DejaVu font parses")
    })
}

fn rgba(c: [u8; 3]) -> Rgba<u8> {
    Rgba([c[0], c[1], c[2], 255])
}

/// Draws `text` in the top-left corner; nothing for an empty label.
pub fn label(img: &mut RgbaImage, text: &str) {
    if text.is_empty() {
        return;
    }
    // Readable at any GIF width: about 1/22 of the width, at least 12 px.
    let scale = (img.width() as f32 / 22.0).max(12.0);
    let (w, h) = text_size(scale, font(), text);
    let pad = (scale / 4.0) as u32;
    let rect = Rect::at(pad as i32, pad as i32).of_size(w + 2 * pad, h + 2 * pad);
    draw_filled_rect_mut(img, rect, rgba(OVERLAY[0]));
    draw_text_mut(
        img,
        rgba(OVERLAY[1]),
        (2 * pad) as i32,
        (2 * pad) as i32,
        scale,
        font(),
        text,
    );
}

/// A two-pixel ring at (x, y) in the frame's pixels.
pub fn tap_marker(img: &mut RgbaImage, x: f32, y: f32) {
    let r = (img.width() as f32 / 40.0).max(4.0) as i32;
    let c = (x as i32, y as i32);
    draw_hollow_circle_mut(img, c, r, rgba(OVERLAY[2]));
    draw_hollow_circle_mut(img, c, r - 1, rgba(OVERLAY[2]));
}
