//! A grid no line shows: tiles the colour of the screen around them, or digits on bare paper. A
//! person still sees the board, because its digits sit on a square lattice nine cells each way;
//! this finds that lattice from the glyphs of one height and makes the grid of it.
//!
//! Taken only when the line search finds nothing, and only when the lattice is unambiguous: the
//! first and last row and column hold a digit, and no other window of nine by nine holds nearly
//! as many (a keypad one pitch under the board would make two).

use super::geometry::{Cue, GridGeometry};
use crate::vision::pixels::luma::downsample;
use crate::vision::pixels::{Luma, Polarity};
use autosudoku_core::sudoku::Cell;
use image::GrayImage;
use imageproc::region_labelling::{connected_components, Connectivity};

/// A glyph's box, in the pixels searched.
#[derive(Debug, Clone, Copy)]
struct Glyph {
    cx: f32,
    cy: f32,
    h: f32,
}

/// How far a pixel's luma must lie from the mean around it to be ink: digits stand out by far
/// more on every app, a cell's tint (selected row, box, same digit) by less.
const INK: i32 = 48;

/// Fewest board digits the lattice needs: a proper puzzle has at least 17 givens.
const FEWEST: usize = 17;

/// How far from its lattice point a digit's centre may lie, in pitches (a "1" sits off its
/// advance's centre in proportional fonts).
const FIT: f32 = 0.2;

/// The grid the digits' lattice makes, and the cells a digit was seen in.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct DigitGrid {
    pub geometry: GridGeometry,
    pub digits: Vec<Cell>,
}

/// The grid from the digits' lattice, in the pixels of `luma`.
pub(super) fn from_digits(luma: &Luma, polarity: Polarity) -> Option<DigitGrid> {
    let f = if luma.width.min(luma.height) > 1100 {
        2
    } else {
        1
    };
    let small;
    let l = if f > 1 {
        small = downsample(luma, f);
        &small
    } else {
        luma
    };
    let glyphs = of_one_height(glyphs(l))?;
    let (lattice, digits) = best_lattice(&glyphs)?;
    let scale = |v: f32| v * f as f32 + (f as f32 - 1.0) / 2.0;
    let line = |origin: f32, k: usize| scale(origin + (k as f32 - 0.5) * lattice.pitch);
    let thickness = (lattice.pitch * f as f32 * 0.04).max(1.0);
    let geometry = GridGeometry {
        xs: std::array::from_fn(|k| line(lattice.x0, k)),
        ys: std::array::from_fn(|k| line(lattice.y0, k)),
        x_thickness: [thickness; 10],
        y_thickness: [thickness; 10],
        polarity,
        cue: Cue::DigitLattice,
    };
    Some(DigitGrid { geometry, digits })
}

/// Glyph-sized blobs of ink: pixels far off the mean of the square around them.
fn glyphs(l: &Luma) -> Vec<Glyph> {
    let short = l.width.min(l.height);
    let mask = ink_mask(l, (short / 30).max(4));
    let labels = connected_components(&mask, Connectivity::Eight, image::Luma([0u8]));
    // In label order: the lattice search keeps the first of equal windows, so the glyphs' order
    // must not change from run to run (a hash map's does).
    let mut boxes: std::collections::BTreeMap<u32, [u32; 4]> = Default::default();
    for (x, y, p) in labels.enumerate_pixels() {
        if p[0] != 0 {
            let b = boxes.entry(p[0]).or_insert([x, y, x, y]);
            *b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
        }
    }
    let tallest = (short / 8) as f32;
    boxes
        .into_values()
        .filter_map(|[x0, y0, x1, y1]| {
            let (w, h) = ((x1 - x0 + 1) as f32, (y1 - y0 + 1) as f32);
            (h >= 7.0 && h <= tallest && w <= h * 1.1).then_some(Glyph {
                cx: (x0 + x1) as f32 / 2.0,
                cy: (y0 + y1) as f32 / 2.0,
                h,
            })
        })
        .collect()
}

/// Pixels whose luma lies `INK` or more from the mean of the square of half side `r` around them.
fn ink_mask(l: &Luma, r: u32) -> GrayImage {
    let (w, h) = (l.width as usize, l.height as usize);
    let mut sums = vec![0u64; (w + 1) * (h + 1)];
    for y in 0..h {
        let mut row = 0u64;
        for x in 0..w {
            row += l.data[y * w + x] as u64;
            sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + row;
        }
    }
    let r = r as usize;
    GrayImage::from_fn(l.width, l.height, |x, y| {
        let (x, y) = (x as usize, y as usize);
        let (x0, y0) = (x.saturating_sub(r), y.saturating_sub(r));
        let (x1, y1) = ((x + r + 1).min(w), (y + r + 1).min(h));
        let total = sums[y1 * (w + 1) + x1] + sums[y0 * (w + 1) + x0]
            - sums[y0 * (w + 1) + x1]
            - sums[y1 * (w + 1) + x0];
        let mean = (total / ((x1 - x0) * (y1 - y0)) as u64) as i32;
        let ink = (l.data[y * w + x] as i32 - mean).abs() >= INK;
        image::Luma([if ink { 255 } else { 0 }])
    })
}

/// The glyphs of the height most of them share (a board's digits; pencil marks, words and icons
/// are other sizes), when there are enough for a puzzle.
fn of_one_height(glyphs: Vec<Glyph>) -> Option<Vec<Glyph>> {
    let near = |a: f32, b: f32| (a - b).abs() <= 0.12 * b;
    let height = glyphs
        .iter()
        .map(|g| (g.h, glyphs.iter().filter(|o| near(o.h, g.h)).count()))
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.total_cmp(&a.0)))?
        .0;
    let kept: Vec<Glyph> = glyphs.into_iter().filter(|g| near(g.h, height)).collect();
    (kept.len() >= FEWEST).then_some(kept)
}

/// A square lattice: the pitch and the centre of its first cell each way.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Lattice {
    pitch: f32,
    x0: f32,
    y0: f32,
}

/// The lattice whose nine-by-nine window holds the most glyphs, when it stands alone, and the
/// cells holding one.
fn best_lattice(glyphs: &[Glyph]) -> Option<(Lattice, Vec<Cell>)> {
    let h = glyphs[0].h;
    let mut best: Option<(Lattice, Vec<Cell>)> = None;
    for pitch in pitches(glyphs, h) {
        let Some((lattice, cells)) = window(glyphs, pitch) else {
            continue;
        };
        if best.as_ref().is_none_or(|(_, b)| cells.len() > b.len()) {
            best = Some((lattice, cells));
        }
    }
    best
}

/// Candidate pitches: the gaps between neighbouring columns and rows of glyphs, and their halves
/// and thirds (a board with empty columns), between 1.15 and 4 glyph heights.
fn pitches(glyphs: &[Glyph], h: f32) -> Vec<f32> {
    let mut out: Vec<f32> = Vec::new();
    for centres in [
        glyphs.iter().map(|g| g.cx).collect::<Vec<_>>(),
        glyphs.iter().map(|g| g.cy).collect(),
    ] {
        let places = clusters(centres, 0.25 * h);
        for gap in places.windows(2).map(|w| w[1] - w[0]) {
            for k in 1..=3 {
                let p = gap / k as f32;
                if (1.15 * h..=4.0 * h).contains(&p) && !out.iter().any(|q| (q - p).abs() < 0.5) {
                    out.push(p);
                }
            }
        }
    }
    out
}

/// The means of runs of sorted values no more than `tol` apart.
fn clusters(mut v: Vec<f32>, tol: f32) -> Vec<f32> {
    v.sort_by(f32::total_cmp);
    let mut out: Vec<Vec<f32>> = Vec::new();
    for x in v {
        match out.last_mut() {
            Some(run) if x - run[run.len() - 1] <= tol => run.push(x),
            _ => out.push(vec![x]),
        }
    }
    out.iter()
        .map(|r| r.iter().sum::<f32>() / r.len() as f32)
        .collect()
}

/// For one pitch: the glyph count of the best nine-by-nine window and its lattice, when the
/// window's edge rows and columns hold glyphs, the lattice lines just outside it are empty (a
/// keypad or a second board beside it is apart) and no other such window comes near it.
fn window(glyphs: &[Glyph], pitch: f32) -> Option<(Lattice, Vec<Cell>)> {
    let phase_x = phase(glyphs.iter().map(|g| g.cx), pitch);
    let phase_y = phase(glyphs.iter().map(|g| g.cy), pitch);
    let on = |v: f32, phase: f32| {
        let k = ((v - phase) / pitch).round();
        ((v - phase - k * pitch).abs() <= FIT * pitch).then_some(k as i32)
    };
    let placed: Vec<(i32, i32)> = glyphs
        .iter()
        .filter_map(|g| Some((on(g.cx, phase_x)?, on(g.cy, phase_y)?)))
        .collect();
    let (kx_min, kx_max) = bounds(placed.iter().map(|p| p.0))?;
    let (ky_min, ky_max) = bounds(placed.iter().map(|p| p.1))?;
    let mut windows: Vec<(usize, i32, i32)> = Vec::new();
    for x in kx_min..=kx_max - 8 {
        for y in ky_min..=ky_max - 8 {
            if let Some(n) = closed_count(&placed, x, y) {
                windows.push((n, x, y));
            }
        }
    }
    windows.sort_by(|a, b| b.0.cmp(&a.0));
    let &(n, x, y) = windows.first()?;
    let rival = windows.get(1).is_some_and(|w| w.0 * 4 >= n * 3);
    let at = |g: &Glyph| ((g.cx - phase_x) / pitch, (g.cy - phase_y) / pitch);
    let strays = strays(glyphs.iter().map(at), &placed, (x, y));
    if n < FEWEST || rival || strays * 10 > n {
        return None;
    }
    let lattice = Lattice {
        pitch,
        x0: phase_x + x as f32 * pitch,
        y0: phase_y + y as f32 * pitch,
    };
    let mut cells: Vec<Cell> = placed
        .iter()
        .filter_map(|&(c, r)| Cell::new((r - y).try_into().ok()?, (c - x).try_into().ok()?))
        .collect();
    cells.sort_by_key(|c| c.index());
    cells.dedup();
    Some((lattice, cells))
}

/// The glyphs in the window of nine by nine from lattice place (`x`, `y`), when its first and
/// last row and column hold one and the ring of places around it holds at most two.
fn closed_count(placed: &[(i32, i32)], x: i32, y: i32) -> Option<usize> {
    let within = |k: i32, from: i32| (from..from + 9).contains(&k);
    let inside: Vec<&(i32, i32)> = placed
        .iter()
        .filter(|p| within(p.0, x) && within(p.1, y))
        .collect();
    let edges = [x, x + 8].iter().all(|&c| inside.iter().any(|p| p.0 == c))
        && [y, y + 8].iter().all(|&r| inside.iter().any(|p| p.1 == r));
    let ring = placed
        .iter()
        .filter(|p| {
            let beside_cols = (p.0 == x - 1 || p.0 == x + 9) && within(p.1, y);
            let beside_rows = (p.1 == y - 1 || p.1 == y + 9) && within(p.0, x);
            beside_cols || beside_rows
        })
        .count();
    (edges && ring <= 2).then_some(inside.len())
}

/// Glyphs in the window of nine by nine from lattice place (`x`, `y`) that are not alone on a
/// lattice point: off it, or a second one on it. A board holds one digit per cell, centred; a
/// page of text, whose lines may fall on a lattice too, holds several letters per cell.
fn strays(
    at: impl Iterator<Item = (f32, f32)>,
    placed: &[(i32, i32)],
    (x, y): (i32, i32),
) -> usize {
    let within = |v: f32, from: i32| v >= from as f32 - 0.5 && v < from as f32 + 8.5;
    let seen = at.filter(|&(u, v)| within(u, x) && within(v, y)).count();
    let mut places: Vec<&(i32, i32)> = placed
        .iter()
        .filter(|p| (x..x + 9).contains(&p.0) && (y..y + 9).contains(&p.1))
        .collect();
    places.sort_unstable();
    places.dedup();
    seen.saturating_sub(places.len())
}

/// The lowest and highest value, when they span at least nine places.
fn bounds(v: impl Iterator<Item = i32>) -> Option<(i32, i32)> {
    let (lo, hi) = v.fold((i32::MAX, i32::MIN), |(a, b), k| (a.min(k), b.max(k)));
    (hi - lo >= 8).then_some((lo, hi))
}

/// Where the lattice of `pitch` falls on the centres: the fullest of twenty bins of the centres'
/// remainders, refined to the mean remainder within it.
fn phase(centres: impl Iterator<Item = f32>, pitch: f32) -> f32 {
    let rems: Vec<f32> = centres.map(|v| v.rem_euclid(pitch)).collect();
    let bin = |r: f32| ((r / pitch * 20.0) as usize).min(19);
    let mut counts = [0usize; 20];
    rems.iter().for_each(|&r| counts[bin(r)] += 1);
    let peak = (0..20).max_by_key(|&b| counts[b] + counts[(b + 1) % 20] + counts[(b + 19) % 20]);
    let peak = peak.unwrap_or(0) as f32 * pitch / 20.0 + pitch / 40.0;
    // Mean offset from the peak, wrapped so remainders either side of 0 average right.
    let near: Vec<f32> = rems
        .iter()
        .map(|&r| (r - peak + pitch / 2.0).rem_euclid(pitch) - pitch / 2.0)
        .filter(|d| d.abs() <= FIT * pitch)
        .collect();
    let mean = near.iter().sum::<f32>() / near.len().max(1) as f32;
    (peak + mean).rem_euclid(pitch)
}

#[cfg(test)]
#[path = "digit_lattice_tests.rs"]
mod tests;
