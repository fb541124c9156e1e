//! Anti-aliased drawing primitives on an RGBA frame: pixel-exact fills, and shapes whose edges are
//! covered by their signed distance (rounded rectangles, circles, rings, round-capped strokes).
//! Written as plain loops over the pixels a shape touches, so a full frame stays fast in the dev profile.

use super::geometry::{Point, Rect};
use image::{Rgba, RgbaImage};

pub type Color = Rgba<u8>;

/// An opaque colour from `0xRRGGBB`.
pub const fn rgb(hex: u32) -> Color {
    Rgba([(hex >> 16) as u8, (hex >> 8) as u8, hex as u8, 255])
}

/// `color` laid over `px` with coverage `a` (0..=1).
#[inline]
pub fn blend(px: &mut Rgba<u8>, color: Color, a: f32) {
    let a = a * color.0[3] as f32 / 255.0;
    if a <= 0.0 {
        return;
    }
    if a >= 1.0 {
        *px = Rgba([color.0[0], color.0[1], color.0[2], 255]);
        return;
    }
    for i in 0..3 {
        px.0[i] = (px.0[i] as f32 + (color.0[i] as f32 - px.0[i] as f32) * a + 0.5) as u8;
    }
    px.0[3] = 255;
}

/// The pixel range `[lo, hi)` a span from `a` to `b` touches, clipped to `0..max`.
fn span(a: f32, b: f32, max: u32) -> (u32, u32) {
    let lo = a.floor().max(0.0) as u32;
    let hi = (b.ceil().max(0.0) as u32).min(max);
    (lo.min(hi), hi)
}

/// Fills whole pixels: the rectangle is rounded to the pixel grid (grid lines and cell fills stay crisp).
pub fn fill_rect(img: &mut RgbaImage, r: Rect, color: Color) {
    let (x0, x1) = span(r.x.round(), r.right().round(), img.width());
    let (y0, y1) = span(r.y.round(), r.bottom().round(), img.height());
    for y in y0..y1 {
        for x in x0..x1 {
            blend(img.get_pixel_mut(x, y), color, 1.0);
        }
    }
}

/// Covers every pixel of the bounding box `b` with `color` at the coverage `sdf` gives for
/// the pixel centre's signed distance (negative inside).
fn fill_sdf(img: &mut RgbaImage, b: Rect, color: Color, sdf: impl Fn(f32, f32) -> f32) {
    let (x0, x1) = span(b.x - 1.0, b.right() + 1.0, img.width());
    let (y0, y1) = span(b.y - 1.0, b.bottom() + 1.0, img.height());
    for y in y0..y1 {
        let py = y as f32 + 0.5;
        for x in x0..x1 {
            let d = sdf(x as f32 + 0.5, py);
            let a = (0.5 - d).clamp(0.0, 1.0);
            if a > 0.0 {
                blend(img.get_pixel_mut(x, y), color, a);
            }
        }
    }
}

/// Signed distance to a rounded rectangle.
fn rounded_rect_sdf(r: Rect, radius: f32, px: f32, py: f32) -> f32 {
    let c = r.center();
    let qx = (px - c.x).abs() - (r.w / 2.0 - radius);
    let qy = (py - c.y).abs() - (r.h / 2.0 - radius);
    let outside = qx.max(0.0).hypot(qy.max(0.0));
    outside + qx.max(qy).min(0.0) - radius
}

/// A filled rectangle with anti-aliased round corners.
pub fn fill_rounded_rect(img: &mut RgbaImage, r: Rect, radius: f32, color: Color) {
    let radius = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
    fill_sdf(img, r, color, |x, y| rounded_rect_sdf(r, radius, x, y));
}

/// The outline of a rounded rectangle, `width` thick, inside `r`.
pub fn stroke_rounded_rect(img: &mut RgbaImage, r: Rect, radius: f32, width: f32, color: Color) {
    let radius = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
    let inner = r.inset(width);
    let inner_radius = (radius - width).max(0.0);
    fill_sdf(img, r, color, |x, y| {
        rounded_rect_sdf(r, radius, x, y).max(-rounded_rect_sdf(inner, inner_radius, x, y))
    });
}

pub fn fill_circle(img: &mut RgbaImage, c: Point, radius: f32, color: Color) {
    let b = Rect::new(c.x - radius, c.y - radius, 2.0 * radius, 2.0 * radius);
    fill_sdf(img, b, color, |x, y| (x - c.x).hypot(y - c.y) - radius);
}

/// A straight stroke with round caps.
pub fn stroke_line(img: &mut RgbaImage, a: Point, b: Point, width: f32, color: Color) {
    stroke_polyline(img, &[a, b], width, color);
}

/// Connected strokes with round caps and joins, covered once (no double blending at the joins).
pub fn stroke_polyline(img: &mut RgbaImage, pts: &[Point], width: f32, color: Color) {
    if pts.len() < 2 {
        return;
    }
    let half = width / 2.0;
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for p in pts {
        x0 = x0.min(p.x);
        y0 = y0.min(p.y);
        x1 = x1.max(p.x);
        y1 = y1.max(p.y);
    }
    let b = Rect::new(x0 - half, y0 - half, x1 - x0 + width, y1 - y0 + width);
    fill_sdf(img, b, color, |x, y| {
        let p = Point::new(x, y);
        pts.windows(2)
            .map(|s| segment_distance(p, s[0], s[1]))
            .fold(f32::MAX, f32::min)
            - half
    });
}

fn segment_distance(p: Point, a: Point, b: Point) -> f32 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0)
    };
    p.distance(Point::new(a.x + t * dx, a.y + t * dy))
}

/// A filled polygon, anti-aliased at its edges (through imageproc).
pub fn fill_polygon(img: &mut RgbaImage, pts: &[Point], color: Color) {
    let mut poly: Vec<imageproc::point::Point<i32>> = pts
        .iter()
        .map(|p| imageproc::point::Point::new(p.x.round() as i32, p.y.round() as i32))
        .collect();
    poly.dedup();
    if poly.len() > 1 && poly.first() == poly.last() {
        poly.pop();
    }
    if poly.len() < 3 {
        return;
    }
    imageproc::drawing::draw_antialiased_polygon_mut(img, &poly, color, |a, b, t| {
        let mut out = b;
        blend(&mut out, a, t);
        out
    });
}

/// Points along a circular arc, `steps` segments from angle `from` to `to` (radians, y down).
pub fn arc(c: Point, radius: f32, from: f32, to: f32, steps: usize) -> Vec<Point> {
    (0..=steps)
        .map(|i| {
            let t = from + (to - from) * i as f32 / steps as f32;
            Point::new(c.x + radius * t.cos(), c.y + radius * t.sin())
        })
        .collect()
}

/// Lays black at `alpha` over the whole frame: the dimmed background behind a dialog.
pub fn dim(img: &mut RgbaImage, alpha: f32) {
    let keep = ((1.0 - alpha) * 256.0) as u32;
    for v in img.as_mut().chunks_exact_mut(4) {
        v[0] = ((v[0] as u32 * keep) >> 8) as u8;
        v[1] = ((v[1] as u32 * keep) >> 8) as u8;
        v[2] = ((v[2] as u32 * keep) >> 8) as u8;
    }
}
