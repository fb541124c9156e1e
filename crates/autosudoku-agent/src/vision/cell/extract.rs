//! What is inside one cell: nothing, pencil marks (small digits on a 3x3 pattern, reported by their
//! position), or one big digit, cut out as a `Sample` (shape, ink colour, stroke weight, holes).
//! Ink is whatever differs from the cell's own paper colour, so highlights, conflicts and dark
//! themes need no special case; when the paper is a shape inside the box (a disc, a tile), `plate`
//! finds it, a lone mark of a small font is a digit or a note as `small_font` settles, and a text
//! field's `caret` beside the digit is left out.

use super::backdrop;
use super::caret::{bar_to_look_past, without_caret};
use super::components::{components, Component, View};
use super::ink::{CellInk, Sample};
use super::plate;
use super::small_font::{lone_mark, Lone};
use crate::geometry::Rect;
use crate::vision::ocr::glyph::{Coverage, Glyph, Holes};
use crate::vision::pixels::colour::{distance, median_color};
use autosudoku_core::sudoku::Digit;
use image::{Rgba, RgbaImage};

/// Below this colour difference from the paper, nothing is drawn.
const NOTHING: u8 = 16;

/// Below this colour difference, only a whole digit-sized shape counts as ink: some apps draw
/// entries in a grey close to a selected cell's paper, and a blank is claimed only when it is one.
const FAINT: u8 = 48;
/// Stroke weight above which a faint shape is a blotch (a filled square weighs about 0.5 and more).
const BLOTCH: f32 = 0.5;
/// A faint shape this many times taller than wide is a sliver, no digit: the thinnest, a bare "1"
/// one pixel wide, is at most about 15 pixels tall.
const SLIVER: u32 = 16;

/// A shape at least this share of the cell's height is a full-size digit; shorter ones are
/// pencil marks (or a small font's digits, which `small_font` tells apart).
const DIGIT_HEIGHT: f32 = 0.36;

/// Pixels around a caret that go with it: its anti-aliasing and JPEG ringing.
const CARET_RING: u32 = 2;
/// Reads one cell; `cell` is the box between its lines.
pub fn extract(img: &RgbaImage, cell: Rect) -> CellInk {
    let inner = cell.inset(0.06).clamp_to(img.width(), img.height());
    let (w, h) = (inner.width, inner.height);
    if w < 6 || h < 6 {
        return CellInk::Empty {
            noise: true,
            paper: None,
        };
    }
    let view = View::new(img, inner);
    let sides: [Vec<Rgba<u8>>; 4] = [
        (0..w).flat_map(|x| [(x, 0), (x, 1)]).collect::<Vec<_>>(),
        (0..w).flat_map(|x| [(x, h - 1), (x, h - 2)]).collect(),
        (0..h).flat_map(|y| [(0, y), (1, y)]).collect(),
        (0..h).flat_map(|y| [(w - 1, y), (w - 2, y)]).collect(),
    ]
    .map(|side| side.into_iter().map(|(x, y)| view.px(x, y)).collect());
    let (paper, plates) = ring_paper(&sides);
    let mut diff: Vec<u8> = Vec::with_capacity((w * h) as usize);
    for y in 0..h {
        diff.extend(
            view.row(y)
                .chunks_exact(4)
                .map(|p| distance(Rgba([p[0], p[1], p[2], p[3]]), paper)),
        );
    }
    let papers = Papers {
        own: paper,
        ring: paper,
    };
    read_ink(&view, cell, &diff, papers, plates)
}

/// The paper of a cell's ring (its four sides), and whether a plate may be looked for: a plate
/// stands out from a surround of one colour, a third of the ring at least. A ring of mixed colours
/// (a box cut across a digit and its key, say) has a median that is no colour on screen, and no
/// plate. A corner cell's box that takes in the board's frame along two sides (its outer lines,
/// not drawn, fitted a little outside the cells) has a median of neither colour too; there the
/// first side whose median a third of the ring lies near gives the paper: the cell's tile (the
/// frame a strip along its edge), or the frame (the tile a plate on it).
fn ring_paper(sides: &[Vec<Rgba<u8>>; 4]) -> (Rgba<u8>, bool) {
    let ring = || sides.iter().flatten().copied();
    let all = ring().count();
    let plain = |paper: Rgba<u8>| ring().filter(|&p| distance(p, paper) < NOTHING).count();
    let median = median_color(ring());
    std::iter::once(median)
        .chain(sides.iter().map(|side| median_color(side.iter().copied())))
        .map(|paper| (paper, plain(paper)))
        .find(|&(_, n)| n * 3 >= all)
        .map_or((median, false), |(paper, _)| (paper, true))
}

/// A cell's papers: its own (a plate's inside the box, else the ring's) and the ring's.
#[derive(Clone, Copy)]
struct Papers {
    own: Rgba<u8>,
    ring: Rgba<u8>,
}

/// What `diff` (the cell's difference from its own paper) shows; `plates`: whether a plate may
/// still be looked for (one level: the plate's paper is the cell's own).
fn read_ink(view: &View, cell: Rect, diff: &[u8], papers: Papers, plates: bool) -> CellInk {
    let paper = papers.own;
    let (inner, w, h) = (view.rect, view.rect.width, view.rect.height);
    let max = diff.iter().copied().max().unwrap_or(0);
    if max < NOTHING {
        return CellInk::Empty {
            noise: false,
            paper: Some(rgb(paper)),
        };
    }
    let faint = max < FAINT;
    // Never below the noise floor: a tinted JPEG cell's 8x8 blocks differ from its ring by 10-14
    // levels in stripes as tall as a digit (einsitang's selected column).
    let cut = if faint {
        (max / 2).max(NOTHING)
    } else {
        (max / 2).max(FAINT - 8)
    };
    let (comps, labels) = components(diff, w, h, cut);
    if let Some((diff, own)) = plates
        .then(|| plate_under(view, diff, cut, &comps, &labels))
        .flatten()
    {
        return read_ink(view, cell, &diff, Papers { own, ..papers }, false);
    }
    let min_area = ((w * h) as f32 * 0.002).max(3.0) as usize;
    let cell_h = cell.height as f32;
    let shapes: Vec<&Component> = comps.iter().filter(|c| c.area >= min_area).collect();
    if let Some(bar) = bar_to_look_past(&shapes, DIGIT_HEIGHT * cell_h) {
        let masked = without_bar(diff, bar, w);
        if let digit @ CellInk::Digit(_) = read_ink(view, cell, &masked, papers, false) {
            return digit;
        }
    }
    let (big, small): (Vec<&Component>, Vec<&Component>) = without_caret(&shapes)
        .into_iter()
        .partition(|c| c.height() as f32 >= DIGIT_HEIGHT * cell_h && !c.touches_edge);
    if !big.is_empty() {
        let s = sample(&big, &labels, diff, max, papers, view);
        // A faint shape as solid as a tile is a JPEG block of a tinted cell, not strokes: the
        // boldest digits in the real screenshots weigh 0.34. A faint sliver is the ringing JPEG
        // leaves beside a tile's edge.
        if faint && (s.weight > BLOTCH || s.bbox.width * SLIVER < s.bbox.height) {
            return CellInk::Empty {
                noise: false,
                paper: Some(rgb(paper)),
            };
        }
        return CellInk::Digit(Box::new(s));
    }
    let lone = lone_mark(&small, cell, inner);
    if let Some(Lone { marks, tall: true }) = &lone {
        return CellInk::Digit(Box::new(sample(marks, &labels, diff, max, papers, view)));
    }
    if faint {
        return CellInk::Empty {
            noise: false,
            paper: Some(rgb(paper)),
        };
    }
    let otherwise = notes(&small, cell, inner, paper);
    match lone {
        Some(Lone { marks, .. }) => {
            let grown = with_faint_strokes(&marks, &labels, diff, (w, h), cut).map(|(g, l)| {
                let g: Vec<&Component> = g.iter().collect();
                Box::new(sample(&g, &l, diff, max, papers, view))
            });
            CellInk::Small {
                sample: Box::new(sample(&marks, &labels, diff, max, papers, view)),
                grown,
                otherwise: Box::new(otherwise),
            }
        }
        None => otherwise,
    }
}

/// A lone mark's shapes grown into the fainter ink joined to them, with their labels, when that
/// makes the mark taller: a small digit's one-pixel strokes (the flag of a 5) are drawn at half
/// the ink's contrast and fall below the cut, leaving a mark too short for a digit beside the
/// board's others.
fn with_faint_strokes(
    marks: &[&Component],
    labels: &[u32],
    diff: &[u8],
    (w, h): (u32, u32),
    cut: u8,
) -> Option<(Vec<Component>, Vec<u32>)> {
    let low = (cut / 2).max(NOTHING);
    if low >= cut {
        return None;
    }
    let (comps, low_labels) = components(diff, w, h, low);
    let ids: Vec<u32> = marks.iter().map(|m| m.id).collect();
    // The fainter shapes holding a pixel of the marks, found in one pass over the cell.
    let mut under: Vec<u32> = low_labels
        .iter()
        .zip(labels)
        .filter(|&(&l, m)| l != 0 && ids.contains(m))
        .map(|(&l, _)| l)
        .collect();
    under.sort_unstable();
    under.dedup();
    let grown: Vec<Component> = comps
        .into_iter()
        .filter(|c| under.binary_search(&c.id).is_ok())
        .collect();
    let height = |top: Option<u32>, bottom: Option<u32>| bottom.zip(top).map(|(b, t)| b - t);
    let before = height(
        marks.iter().map(|c| c.y0).min(),
        marks.iter().map(|c| c.y1).max(),
    );
    let after = height(
        grown.iter().map(|c| c.y0).min(),
        grown.iter().map(|c| c.y1).max(),
    );
    (after > before && grown.iter().all(|c| !c.touches_edge)).then_some((grown, low_labels))
}

/// The cell's difference from a plate's colour, and that colour, when the box holds a plate: among
/// the shapes cut at the digit's level, or else at the noise floor, where a plate only a shade off
/// the ring shows (a disc one tone lighter than a dark board's cells), joined to the digit in it.
fn plate_under(
    view: &View,
    diff: &[u8],
    cut: u8,
    comps: &[Component],
    labels: &[u32],
) -> Option<(Vec<u8>, Rgba<u8>)> {
    let (w, h) = (view.rect.width, view.rect.height);
    if let Some(plate) = plate::find(comps, w, h) {
        return Some(plate::rebase(view, labels, plate));
    }
    if cut <= NOTHING {
        return None;
    }
    let (comps, labels) = components(diff, w, h, NOTHING);
    plate::find(&comps, w, h).map(|plate| plate::rebase(view, &labels, plate))
}

/// `diff` with a bar's box and `CARET_RING` pixels around it taken for paper (the ring holds its
/// anti-aliasing and JPEG ringing; the bar is solid, so its box is the bar).
fn without_bar(diff: &[u8], bar: &Component, w: u32) -> Vec<u8> {
    let mut out = diff.to_vec();
    let h = diff.len() as u32 / w;
    let xs = bar.x0.saturating_sub(CARET_RING)..=(bar.x1 + CARET_RING).min(w - 1);
    for y in bar.y0.saturating_sub(CARET_RING)..=(bar.y1 + CARET_RING).min(h - 1) {
        let row = (y * w) as usize;
        out[row + *xs.start() as usize..=row + *xs.end() as usize].fill(0);
    }
    out
}

/// The pencil marks among the small shapes, or a blank (noisy if something else is there).
fn notes(small: &[&Component], cell: Rect, inner: Rect, paper: Rgba<u8>) -> CellInk {
    let cell_h = cell.height as f32;
    let notes: Vec<&Component> = small
        .iter()
        .copied()
        .filter(|c| {
            let ch = c.height() as f32 / cell_h;
            !c.touches_edge
                && (0.08..DIGIT_HEIGHT).contains(&ch)
                && c.width() as f32 <= c.height() as f32 * 1.3
        })
        .collect();
    if notes.is_empty() {
        let noise = small.iter().any(|c| {
            let blob = c.touches_edge
                && c.height() as f32 >= DIGIT_HEIGHT * cell_h
                && c.width() as f32 >= DIGIT_HEIGHT * cell.width as f32
                && c.area * 4 >= (c.width() * c.height()) as usize;
            blob || (!c.touches_edge && c.height() as f32 >= 0.08 * cell_h)
        });
        return CellInk::Empty {
            noise,
            paper: Some(rgb(paper)),
        };
    }
    let mut digits: Vec<Digit> = notes
        .iter()
        .filter_map(|c| {
            let cx = inner.x + (c.x0 + c.x1) / 2 - cell.x;
            let cy = inner.y + (c.y0 + c.y1) / 2 - cell.y;
            let col = (cx * 3 / cell.width.max(1)).min(2) as usize;
            let row = (cy * 3 / cell.height.max(1)).min(2) as usize;
            Digit::from_index(row * 3 + col)
        })
        .collect();
    digits.sort();
    digits.dedup();
    let tallest = notes.iter().map(|c| c.height()).max().unwrap_or(0);
    let shortest = notes.iter().map(|c| c.height()).min().unwrap_or(0);
    CellInk::Notes {
        digits,
        tallest,
        shortest,
    }
}

/// Cuts the digit made of the `big` components out of the cell.
fn sample(
    big: &[&Component],
    labels: &[u32],
    diff: &[u8],
    max: u8,
    papers: Papers,
    view: &View,
) -> Sample {
    let inner = view.rect;
    let (x0, y0) = (
        big.iter().map(|c| c.x0).min().unwrap_or(0),
        big.iter().map(|c| c.y0).min().unwrap_or(0),
    );
    let (x1, y1) = (
        big.iter().map(|c| c.x1).max().unwrap_or(0),
        big.iter().map(|c| c.y1).max().unwrap_or(0),
    );
    let (bw, bh) = (x1 - x0 + 1, y1 - y0 + 1);
    let digit = DigitBox {
        big,
        labels,
        diff,
        view,
        at: (x0, y0),
        size: (bw, bh),
    };
    let (coverage, ink) = digit.coverage_and_ink(max);
    let area: usize = big.iter().map(|c| c.area).sum();
    let perimeter = digit.perimeter(&coverage).max(1);
    let other_marks = (max / 2).max(NOTHING);
    Sample {
        glyph: Glyph::from_coverage(&coverage),
        holes: Holes::of(&coverage),
        ink,
        paper: rgb(papers.own),
        ring: rgb(papers.ring),
        backdrop: backdrop::behind(view, diff, other_marks, (x0, y0), (bw, bh))
            .unwrap_or(rgb(papers.own)),
        weight: (2.0 * area as f32 / perimeter as f32) / bh as f32,
        bbox: Rect::new(inner.x + x0, inner.y + y0, bw, bh),
        coverage,
    }
}

/// The digit's box in a cell: the `big` components of `labels` over the cell's `diff`, their
/// box at `at` (in the cell box's coordinates) of `size`.
struct DigitBox<'a> {
    big: &'a [&'a Component],
    labels: &'a [u32],
    diff: &'a [u8],
    view: &'a View<'a>,
    at: (u32, u32),
    size: (u32, u32),
}

impl DigitBox<'_> {
    fn is_big(&self, id: u32) -> bool {
        self.big.iter().any(|c| c.id == id)
    }

    /// The index in the cell box of pixel (`x`, `y`) of the digit's box.
    fn index(&self, x: u32, y: u32) -> usize {
        ((self.at.1 + y) * self.view.rect.width + self.at.0 + x) as usize
    }

    /// The digit's soft coverage (scaled to the cell's strongest difference `max`), and its ink:
    /// the mean colour of its solid pixels.
    fn coverage_and_ink(&self, max: u8) -> (Coverage, [u8; 3]) {
        let (bw, bh) = self.size;
        // Its ink is the colour of the digit's own strongest pixels, not of those as strong as the
        // cell's: a phone frame's black edge in the cell's corner left no pixel of a slate digit
        // that strong, and the mean of none black. (The coverage stays scaled to the cell's, which
        // the templates were learned at.)
        let strongest = (0..bh)
            .flat_map(|y| (0..bw).map(move |x| self.index(x, y)))
            .filter(|&i| self.is_big(self.labels[i]))
            .map(|i| self.diff[i])
            .max()
            .unwrap_or(1);
        // Soft coverage keeps anti-aliased edges, so glyphs of small screenshots still correlate well.
        let lo = max as f32 * 0.2;
        let span = (max as f32 * 0.7 - lo).max(1.0);
        let mut alpha = vec![0.0f32; (bw * bh) as usize];
        let mut ink = [0u64; 3];
        let mut solid = 0u64;
        for y in 0..bh {
            for x in 0..bw {
                let d = self.diff[self.index(x, y)] as f32;
                alpha[(y * bw + x) as usize] = ((d - lo) / span).clamp(0.0, 1.0);
                if d >= strongest as f32 * 0.8 {
                    let p = self.view.px(self.at.0 + x, self.at.1 + y);
                    (0..3).for_each(|i| ink[i] += p[i] as u64);
                    solid += 1;
                }
            }
        }
        let solid = solid.max(1);
        let coverage = Coverage {
            width: bw,
            height: bh,
            alpha,
        };
        (coverage, ink.map(|v| (v / solid) as u8))
    }

    /// The digit's pixels on its outline: beside a pixel of less than half coverage, or the box's
    /// edge.
    fn perimeter(&self, coverage: &Coverage) -> usize {
        let (bw, bh) = self.size;
        let mut perimeter = 0usize;
        for y in 0..bh {
            for x in 0..bw {
                if !self.is_big(self.labels[self.index(x, y)]) {
                    continue;
                }
                let edge = [(0i32, 1i32), (0, -1), (1, 0), (-1, 0)]
                    .iter()
                    .any(|&(dx, dy)| {
                        let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                        nx < 0
                            || ny < 0
                            || nx >= bw as i32
                            || ny >= bh as i32
                            || coverage.at(nx as u32, ny as u32) < 0.5
                    });
                perimeter += usize::from(edge);
            }
        }
        perimeter
    }
}

#[cfg(test)]
#[path = "extract_tests.rs"]
pub(in crate::vision) mod tests;

fn rgb(c: Rgba<u8>) -> [u8; 3] {
    [c[0], c[1], c[2]]
}
