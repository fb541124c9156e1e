//! Finds the "×" that closes an ad or a pop-up when no word on screen says how: a lone mark of
//! two crossing diagonal strokes near the top of the screen (bare, or inside a circle or a
//! square), lighter or darker than what is around it. Tesseract rarely reads a lone "×".

use crate::device::Point;
use crate::vision::pixels::colour::median_luma;
use image::{GrayImage, Luma, RgbaImage};
use imageproc::region_labelling::{connected_components, Connectivity};

/// The top part of the screen searched: close marks sit in its corners or a card's corner.
const TOP_SHARE: f32 = 0.25;
/// Luma difference from the region's median that makes a pixel part of a mark.
const CONTRAST: i16 = 60;

/// The centre of the most corner-like close mark, in screen pixels; `None` when there is none.
pub fn find(img: &RgbaImage) -> Option<Point> {
    let (w, h) = img.dimensions();
    let top = ((h as f32 * TOP_SHARE) as u32).max(1);
    let gray = image::imageops::grayscale(&image::imageops::crop_imm(img, 0, 0, w, top).to_image());
    let median = median_luma(gray.pixels().map(|p| p[0])) as i16;
    let passes: [fn(i16, i16) -> bool; 2] = [|v, m| v > m + CONTRAST, |v, m| v < m - CONTRAST];
    passes
        .into_iter()
        .flat_map(|is_ink| {
            let mask = GrayImage::from_fn(w, top, |x, y| {
                Luma([if is_ink(gray.get_pixel(x, y)[0] as i16, median) {
                    255
                } else {
                    0
                }])
            });
            crosses(&mask, w.min(h) as f32)
        })
        // Nearest a side of the screen first: ads put their X in a corner.
        .min_by_key(|p| p.x.min(w.saturating_sub(p.x)))
}

/// A connected mark's bounding box and pixels.
struct Blob {
    x0: u32,
    y0: u32,
    x1: u32,
    y1: u32,
    pixels: Vec<(u32, u32)>,
}

/// Centres of the isolated X-shaped blobs of a binary mask of a screen whose short side is `short`
/// (button sizes follow the density, which the short side tracks in both orientations).
fn crosses(mask: &GrayImage, short: f32) -> Vec<Point> {
    let labels = connected_components(mask, Connectivity::Eight, Luma([0u8]));
    // In label order, so the marks come out in the same order every run.
    let mut blobs: std::collections::BTreeMap<u32, Blob> = Default::default();
    for (x, y, l) in labels.enumerate_pixels() {
        if l[0] == 0 {
            continue;
        }
        let b = blobs.entry(l[0]).or_insert(Blob {
            x0: x,
            y0: y,
            x1: x,
            y1: y,
            pixels: Vec::new(),
        });
        b.x0 = b.x0.min(x);
        b.y0 = b.y0.min(y);
        b.x1 = b.x1.max(x);
        b.y1 = b.y1.max(y);
        b.pixels.push((x, y));
    }
    let blobs: Vec<Blob> = blobs.into_values().collect();
    blobs
        .iter()
        .filter(|b| is_cross(b, short) && isolated(b, &blobs))
        .map(|b| Point::new((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2))
        .collect()
}

/// Square-ish, of button size, and made of the two diagonals of its box.
fn is_cross(b: &Blob, short: f32) -> bool {
    let (bw, bh) = ((b.x1 - b.x0 + 1) as f32, (b.y1 - b.y0 + 1) as f32);
    let sized = bw >= short * 0.015 && bw <= short * 0.08;
    if !sized || (bw / bh - 1.0).abs() > 0.25 {
        return false;
    }
    // Every pixel lies near one of the diagonals...
    let stroke = bw * 0.18;
    let near = |&(x, y): &(u32, u32)| {
        let (u, v) = ((x - b.x0) as f32, (y - b.y0) as f32 * bw / bh);
        (u - v).abs() / std::f32::consts::SQRT_2 <= stroke
            || (u + v - bw).abs() / std::f32::consts::SQRT_2 <= stroke
    };
    let on_diagonals = b.pixels.iter().filter(|p| near(p)).count() as f32;
    // ...and both diagonals are drawn end to end, but the box is mostly empty (not a filled shape).
    let ink: std::collections::HashSet<(u32, u32)> = b.pixels.iter().copied().collect();
    let drawn = |dir: bool| {
        (0..=10).all(|i| {
            let t = i as f32 / 10.0 * 0.8 + 0.1;
            let x = b.x0 + (t * (bw - 1.0)) as u32;
            let y = if dir { t } else { 1.0 - t };
            let y = b.y0 + (y * (bh - 1.0)) as u32;
            (-1..=1).any(|d: i32| ink.contains(&(x, (y as i32 + d) as u32)))
        })
    };
    let fill = b.pixels.len() as f32 / (bw * bh);
    on_diagonals / b.pixels.len() as f32 > 0.9 && drawn(true) && drawn(false) && fill < 0.5
}

/// No other mark of similar size beside it: a letter "x" in a word has neighbours, a close button
/// stands alone.
fn isolated(b: &Blob, all: &[Blob]) -> bool {
    let size = (b.x1 - b.x0 + 1).max(b.y1 - b.y0 + 1) as i64;
    let gap = |lo0: u32, hi0: u32, lo1: u32, hi1: u32| {
        (lo1 as i64 - hi0 as i64).max(lo0 as i64 - hi1 as i64)
    };
    !all.iter().any(|o| {
        !std::ptr::eq(o, b)
            && o.pixels.len() * 8 > b.pixels.len()
            && gap(b.x0, b.x1, o.x0, o.x1) < size
            && gap(b.y0, b.y1, o.y0, o.y1) < size / 2
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;
    use imageproc::drawing::{draw_filled_circle_mut, draw_line_segment_mut, draw_text_mut};

    fn cross(img: &mut RgbaImage, cx: f32, cy: f32, r: f32, c: Rgba<u8>) {
        for d in -2..=2 {
            let d = d as f32;
            draw_line_segment_mut(img, (cx - r + d, cy - r), (cx + r + d, cy + r), c);
            draw_line_segment_mut(img, (cx - r + d, cy + r), (cx + r + d, cy - r), c);
        }
    }

    #[test]
    fn finds_a_white_x_in_a_dark_circle_on_a_coloured_ad() {
        let mut img = RgbaImage::from_pixel(1080, 2400, Rgba([75, 30, 140, 255]));
        draw_filled_circle_mut(&mut img, (1000, 140), 38, Rgba([40, 15, 70, 255]));
        cross(&mut img, 1000.0, 140.0, 16.0, Rgba([255, 255, 255, 255]));
        let p = find(&img).expect("the X");
        assert!(p.x.abs_diff(1000) <= 2 && p.y.abs_diff(140) <= 2, "{p:?}");
    }

    #[test]
    fn finds_a_grey_x_on_a_light_card_and_ignores_plain_shapes() {
        let mut img = RgbaImage::from_pixel(720, 1280, Rgba([250, 250, 250, 255]));
        // A filled disc and a square are not close marks.
        draw_filled_circle_mut(&mut img, (100, 100), 20, Rgba([90, 90, 90, 255]));
        cross(&mut img, 60.0, 200.0, 12.0, Rgba([90, 90, 90, 255]));
        let p = find(&img).expect("the X");
        assert!(p.x.abs_diff(60) <= 2 && p.y.abs_diff(200) <= 2, "{p:?}");
    }

    #[test]
    fn an_x_inside_a_word_is_not_a_close_mark() {
        let mut img = RgbaImage::from_pixel(1080, 2400, Rgba([255, 255, 255, 255]));
        let font = ab_glyph::FontRef::try_from_slice(dejavu::sans::regular()).unwrap();
        draw_text_mut(
            &mut img,
            Rgba([0, 0, 0, 255]),
            200,
            200,
            60.0,
            &font,
            "box six",
        );
        assert_eq!(find(&img), None);
        assert_eq!(
            find(&RgbaImage::from_pixel(100, 200, Rgba([9, 9, 9, 255]))),
            None
        );
    }
}
