//! Killer cage sums: the small number in the top-left corner of each cage's first cell. The
//! corner's ink is cut into shapes; pieces of the outline (dashes and dots too short for a digit,
//! lines too long and thin), and a big digit reaching into the corner (it runs past the corner's
//! edge), are left out; the shapes in line with the one nearest the corner are the sum, read as
//! one number. A cage whose corner shows no number is named, never given a guessed sum.

use super::walls::name;
use crate::vision::cell::components::{components, Component};
use crate::vision::grid::GridGeometry;
use crate::vision::ocr::glyph::Coverage;
use crate::vision::ocr::NumberOcr;
use crate::vision::pixels::colour::{distance, median_color};
use autosudoku_core::variant::{Cage, Pos};
use image::RgbaImage;

/// The corner looked in, as shares of the cell: a sum sits within its top-left half.
const CORNER: (f32, f32) = (0.5, 0.45);
/// Ink differs this much from the corner's paper.
const INK: u8 = 60;
/// A sum's digit is at least this tall (a cell's share): a dash or dot of the outline is less.
const LEAST: f32 = 0.1;
/// Tesseract's answer is taken at this confidence or more.
const SURE: f32 = 0.6;

/// The cages `group` (each cell's cage as its first cell) makes, with the sums read from the
/// pixels; the reason when a sum cannot be read.
pub fn cages(
    img: &RgbaImage,
    g: &GridGeometry,
    group: &[usize],
    ocr: &mut NumberOcr,
) -> Result<Vec<Cage>, String> {
    let mut firsts: Vec<usize> = group.to_vec();
    firsts.sort_unstable();
    firsts.dedup();
    firsts
        .into_iter()
        .map(|first| {
            let cells: Vec<Pos> = (0..81)
                .filter(|&i| group[i] == first)
                .map(|i| Pos::from_index(i, 9))
                .collect();
            let sum = sum(img, g, first, ocr)
                .ok_or_else(|| format!("no sum read in {}, the cage's first cell", name(first)))?;
            Ok(Cage::new(sum, cells))
        })
        .collect()
}

/// The number in the top-left corner of cell `i`.
fn sum(img: &RgbaImage, g: &GridGeometry, i: usize, ocr: &mut NumberOcr) -> Option<u16> {
    let (r, c) = (i / 9, i % 9);
    let pitch = g.pitch();
    let x0 = (g.xs[c] + g.x_thickness[c] / 2.0 + 1.0).max(0.0) as u32;
    let y0 = (g.ys[r] + g.y_thickness[r] / 2.0 + 1.0).max(0.0) as u32;
    let x1 = ((g.xs[c] + pitch * CORNER.0) as u32).min(img.width());
    let y1 = ((g.ys[r] + pitch * CORNER.1) as u32).min(img.height());
    let (w, h) = (x1.checked_sub(x0)?, y1.checked_sub(y0)?);
    if w < 4 || h < 4 {
        return None;
    }
    let at = |x: u32, y: u32| *img.get_pixel(x0 + x, y0 + y);
    let paper = median_color(
        (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .map(|(x, y)| at(x, y)),
    );
    let diff: Vec<u8> = (0..w * h)
        .map(|k| distance(at(k % w, k / w), paper))
        .collect();
    let (shapes, labels) = components(&diff, w, h, INK);
    let digits = number_shapes(&shapes, w, h, pitch);
    if digits.is_empty() {
        return None;
    }
    let (bx0, by0) = (
        digits.iter().map(|s| s.x0).min()?,
        digits.iter().map(|s| s.y0).min()?,
    );
    let (bx1, by1) = (
        digits.iter().map(|s| s.x1).max()?,
        digits.iter().map(|s| s.y1).max()?,
    );
    let ids: Vec<u32> = digits.iter().map(|s| s.id).collect();
    let (cw, ch) = (bx1 - bx0 + 1, by1 - by0 + 1);
    let alpha = (0..cw * ch)
        .map(|k| {
            let (x, y) = (bx0 + k % cw, by0 + k / cw);
            let j = (y * w + x) as usize;
            if ids.contains(&labels[j]) {
                (f32::from(diff[j]) / f32::from(u8::MAX)).clamp(0.5, 1.0)
            } else {
                0.0
            }
        })
        .collect();
    let cov = Coverage {
        width: cw,
        height: ch,
        alpha,
    };
    let (number, confidence) = ocr.read(&cov)?;
    (confidence >= SURE && number > 0).then_some(number)
}

/// The shapes that make the number: digit-sized, clear of the corner's far edges, in line with
/// the shape nearest the cell's corner and each within a digit's width of the next.
fn number_shapes(shapes: &[Component], w: u32, h: u32, pitch: f32) -> Vec<&Component> {
    let digit_like = |s: &&Component| {
        let (sw, sh) = (s.width() as f32, s.height() as f32);
        sh >= pitch * LEAST && sw * 5.0 >= sh && sw <= sh * 1.5 && s.x1 + 1 < w && s.y1 + 1 < h
    };
    let mut kept: Vec<&Component> = shapes.iter().filter(digit_like).collect();
    let Some(seed) = kept.iter().min_by_key(|s| s.x0 + s.y0).copied() else {
        return Vec::new();
    };
    kept.retain(|s| {
        let overlap = s.y1.min(seed.y1) as i64 - s.y0.max(seed.y0) as i64;
        overlap * 2 >= seed.height() as i64
    });
    kept.sort_by_key(|s| s.x0);
    let mut out: Vec<&Component> = Vec::new();
    for s in kept.into_iter().filter(|s| s.x0 >= seed.x0) {
        let near = out
            .last()
            .is_none_or(|p| s.x0 <= p.x1 + seed.height().max(2));
        if !near {
            break;
        }
        out.push(s);
    }
    out
}
