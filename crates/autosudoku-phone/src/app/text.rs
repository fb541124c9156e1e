//! Text with real fonts: the DejaVu faces embedded by the `dejavu` crate (or a font file of the
//! machine's, for generated skins), shaped with ab_glyph
//! (advances and kerning) and blended with anti-aliased coverage. Rasterised glyphs are cached per
//! face, size and character, because the same digits are drawn many times in every frame.

use super::draw::{blend, Color};
use super::fonts;
use super::geometry::{Point, Rect};
use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::RgbaImage;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A font face a skin can use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Face {
    Sans,
    SansBold,
    Condensed,
    CondensedBold,
    Serif,
    SerifBold,
    Mono,
    MonoBold,
    /// A font file of the machine's (`fonts::files` index), falling back to `Sans` when it
    /// cannot be drawn with.
    System(u16),
}

impl Face {
    fn font(self) -> &'static FontRef<'static> {
        let index = match self {
            Face::Sans => 0,
            Face::SansBold => 1,
            Face::Condensed => 2,
            Face::CondensedBold => 3,
            Face::Serif => 4,
            Face::SerifBold => 5,
            Face::Mono => 6,
            Face::MonoBold => 7,
            Face::System(i) => return fonts::font(i).unwrap_or_else(|| Face::Sans.font()),
        };
        static FONTS: OnceLock<Vec<FontRef<'static>>> = OnceLock::new();
        let fonts = FONTS.get_or_init(|| {
            [
                dejavu::sans::regular(),
                dejavu::sans::bold(),
                dejavu::sans_condensed::regular(),
                dejavu::sans_condensed::bold(),
                dejavu::serif::regular(),
                dejavu::serif::bold(),
                dejavu::sans_mono::regular(),
                dejavu::sans_mono::bold(),
            ]
            .into_iter()
            .map(|bytes| {
                FontRef::try_from_slice(bytes)
                    .expect("the dejavu crate embeds valid TrueType fonts")
            })
            .collect()
        });
        &fonts[index]
    }
}

/// Horizontal placement of a text run relative to its anchor point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// A glyph's coverage mask, placed relative to the pen position on the baseline.
struct Mask {
    left: i32,
    top: i32,
    width: u32,
    coverage: Vec<u8>,
}

/// Cached glyph masks. One per app: frames reuse them.
#[derive(Default)]
pub struct Typesetter {
    masks: HashMap<(Face, u32, char), Option<Mask>>,
}

/// Sizes are cached in quarter pixels.
fn size_key(px: f32) -> u32 {
    (px * 4.0).round() as u32
}

impl Typesetter {
    /// Width of `text` in pixels at `px` size.
    pub fn measure(&self, face: Face, px: f32, text: &str) -> f32 {
        let font = face.font().as_scaled(PxScale::from(px));
        let mut width = 0.0;
        let mut prev = None;
        for c in text.chars() {
            let id = font.glyph_id(c);
            if let Some(p) = prev {
                width += font.kern(p, id);
            }
            width += font.h_advance(id);
            prev = Some(id);
        }
        width
    }

    /// Height of digits and capitals above the baseline, for vertical centring.
    pub fn cap_height(&self, face: Face, px: f32) -> f32 {
        let font = face.font();
        let glyph = font.glyph_id('8').with_scale(PxScale::from(px));
        font.outline_glyph(glyph)
            .map_or(px * 0.7, |g| -g.px_bounds().min.y)
    }

    /// Draws `text` with its baseline at `at.y`, aligned on `at.x`.
    // Face, size, anchor, alignment and colour are what every text call varies; a style struct
    // would only move the same list elsewhere.
    #[allow(clippy::too_many_arguments)]
    pub fn draw(
        &mut self,
        img: &mut RgbaImage,
        face: Face,
        px: f32,
        at: Point,
        align: Align,
        color: Color,
        text: &str,
    ) {
        let width = self.measure(face, px, text);
        let mut pen = match align {
            Align::Left => at.x,
            Align::Center => at.x - width / 2.0,
            Align::Right => at.x - width,
        };
        let font = face.font().as_scaled(PxScale::from(px));
        let mut prev = None;
        for c in text.chars() {
            let id = font.glyph_id(c);
            if let Some(p) = prev {
                pen += font.kern(p, id);
            }
            let mask = self
                .masks
                .entry((face, size_key(px), c))
                .or_insert_with(|| rasterise(face, px, c));
            if let Some(m) = mask {
                blit(img, m, pen.round() as i32, at.y.round() as i32, color);
            }
            pen += font.h_advance(id);
            prev = Some(id);
        }
    }

    /// Draws `text` centred in `r` both ways (digits and capitals centred optically on their cap height).
    pub fn draw_centered(
        &mut self,
        img: &mut RgbaImage,
        face: Face,
        px: f32,
        r: Rect,
        color: Color,
        text: &str,
    ) {
        let baseline = r.y + r.h / 2.0 + self.cap_height(face, px) / 2.0;
        self.draw(
            img,
            face,
            px,
            Point::new(r.x + r.w / 2.0, baseline),
            Align::Center,
            color,
            text,
        );
    }
}

fn rasterise(face: Face, px: f32, c: char) -> Option<Mask> {
    let font = face.font();
    let glyph = font
        .glyph_id(c)
        .with_scale_and_position(PxScale::from(px), ab_glyph::point(0.0, 0.0));
    let outline = font.outline_glyph(glyph)?;
    let b = outline.px_bounds();
    let width = b.width() as u32;
    let height = b.height() as u32;
    let mut coverage = vec![0u8; (width * height) as usize];
    outline.draw(|x, y, v| {
        if x < width && y < height {
            coverage[(y * width + x) as usize] = (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
        }
    });
    Some(Mask {
        left: b.min.x as i32,
        top: b.min.y as i32,
        width,
        coverage,
    })
}

fn blit(img: &mut RgbaImage, m: &Mask, x: i32, y: i32, color: Color) {
    if m.width == 0 {
        return;
    }
    let (iw, ih) = (img.width() as i32, img.height() as i32);
    for (row, line) in m.coverage.chunks_exact(m.width as usize).enumerate() {
        let py = y + m.top + row as i32;
        if py < 0 || py >= ih {
            continue;
        }
        for (col, &v) in line.iter().enumerate() {
            let px = x + m.left + col as i32;
            if v == 0 || px < 0 || px >= iw {
                continue;
            }
            blend(
                img.get_pixel_mut(px as u32, py as u32),
                color,
                v as f32 / 255.0,
            );
        }
    }
}
