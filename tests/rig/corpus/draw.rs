//! The corpus generator's pixel primitives: opaque rectangles, anti-aliased discs and text whose
//! ink box is centred on a point, over `image` buffers with colours as RGB triples.

use super::Rgb;
use ab_glyph::{Font, FontRef, PxScale};
use image::{Rgba, RgbaImage};

/// An opaque pixel of colour `c`.
pub fn rgba(c: Rgb) -> Rgba<u8> {
    Rgba([c[0], c[1], c[2], 255])
}

/// Fills the rectangle at (x, y) of w x h pixels, clipped to the image.
pub fn fill(img: &mut RgbaImage, x: u32, y: u32, w: u32, h: u32, c: Rgb) {
    for yy in y..(y + h).min(img.height()) {
        for xx in x..(x + w).min(img.width()) {
            img.put_pixel(xx, yy, rgba(c));
        }
    }
}

fn blend(img: &mut RgbaImage, x: i32, y: i32, c: Rgb, a: f32) {
    if x < 0 || y < 0 || x >= img.width() as i32 || y >= img.height() as i32 {
        return;
    }
    let p = img.get_pixel_mut(x as u32, y as u32);
    for i in 0..3 {
        p[i] = (p[i] as f32 * (1.0 - a) + c[i] as f32 * a).round() as u8;
    }
}

/// A filled disc, its edge anti-aliased.
pub fn disc(img: &mut RgbaImage, cx: f32, cy: f32, r: f32, c: Rgb) {
    let (x0, y0) = ((cx - r - 1.0) as i32, (cy - r - 1.0) as i32);
    for y in y0..=(cy + r + 1.0) as i32 {
        for x in x0..=(cx + r + 1.0) as i32 {
            let d = ((x as f32 + 0.5 - cx).powi(2) + (y as f32 + 0.5 - cy).powi(2)).sqrt();
            blend(img, x, y, c, (r - d + 0.5).clamp(0.0, 1.0));
        }
    }
}

/// Draws `text` with its ink box centred on (cx, cy), digits `height` pixels tall.
pub fn text(img: &mut RgbaImage, font: &[u8], text: &str, cx: f32, cy: f32, height: f32, c: Rgb) {
    let font = FontRef::try_from_slice(font).expect("dejavu fonts are valid");
    // Scale so that a digit's ink is `height` tall.
    let probe = font
        .outline_glyph(font.glyph_id('8').with_scale(PxScale::from(100.0)))
        .expect("8");
    let scale = PxScale::from(100.0 * height / probe.px_bounds().height());
    let mut pen = 0.0;
    let mut glyphs = Vec::new();
    for ch in text.chars() {
        let id = font.glyph_id(ch);
        glyphs.push(id.with_scale_and_position(scale, ab_glyph::point(pen, 0.0)));
        pen += font.as_scaled_advance(id, scale);
    }
    let outlined: Vec<_> = glyphs
        .into_iter()
        .filter_map(|g| font.outline_glyph(g))
        .collect();
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for o in &outlined {
        let b = o.px_bounds();
        (x0, y0, x1, y1) = (
            x0.min(b.min.x),
            y0.min(b.min.y),
            x1.max(b.max.x),
            y1.max(b.max.y),
        );
    }
    let (ox, oy) = (cx - (x0 + x1) / 2.0, cy - (y0 + y1) / 2.0);
    for o in &outlined {
        let b = o.px_bounds();
        o.draw(|x, y, a| {
            blend(
                img,
                (b.min.x + ox) as i32 + x as i32,
                (b.min.y + oy) as i32 + y as i32,
                c,
                a.min(1.0),
            );
        });
    }
}

trait Advance {
    fn as_scaled_advance(&self, id: ab_glyph::GlyphId, scale: PxScale) -> f32;
}

impl Advance for FontRef<'_> {
    fn as_scaled_advance(&self, id: ab_glyph::GlyphId, scale: PxScale) -> f32 {
        use ab_glyph::ScaleFont;
        self.as_scaled(scale).h_advance(id)
    }
}
