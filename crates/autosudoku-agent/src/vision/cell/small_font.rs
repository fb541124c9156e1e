//! Digits of a small font, told from lone pencil marks. Some apps draw their digits at a quarter
//! of the cell's height, where another app draws its notes; a thin font scaled down falls apart
//! into pieces. One mark alone in the cell's middle, its pieces gathered, is a digit when it is as
//! tall as the board's other digits, and a pencil mark (a lone note 5) when clearly smaller.

use super::components::{hairline, Component};
use super::ink::{CellInk, Sample};
use crate::geometry::Rect;

/// A lone centred mark from this fraction of the cell's height up may be a digit of a small font.
const SMALLEST: f32 = 0.12;

/// How far from the cell's middle, in cell heights, a lone mark may sit and still be a digit:
/// some apps draw a small font top-aligned (its middle a third down the cell), which only the
/// board's other digits tell from a note (notes' slots sit a third of the cell off the middle).
const TOP_ALIGNED: f32 = 0.2;

/// A mark at least this much of the board's typical digit height is one of its digits: pencil
/// marks are drawn at about half to two thirds of it.
const LIKE_THE_OTHERS: f32 = 0.85;

/// One mark alone in the cell's middle, made of the shapes that lie close together (a thin font
/// scaled down falls apart into pieces); `tall` when it is a digit by its size alone.
pub(super) struct Lone<'a> {
    pub marks: Vec<&'a Component>,
    pub tall: bool,
}

/// A digit in a small font (apps draw them down to about a quarter of the cell's height): one
/// mark alone, in the cell's middle. Pencil marks are smaller, off-centre or several; a lone
/// centred mark (a note 5) is below a quarter of the cell. Marks from about an eighth of the cell
/// up, and marks a little above or below the middle, are kept as maybe digits (not `tall`): the
/// board's other digits decide (`settle_small`).
pub(super) fn lone_mark<'a>(small: &[&'a Component], cell: Rect, inner: Rect) -> Option<Lone<'a>> {
    let inside: Vec<&Component> = small.iter().copied().filter(|c| !c.touches_edge).collect();
    let gap = hairline(cell.width, cell.height);
    let groups = near_groups(&inside, gap);
    let span = |g: &[&Component]| {
        let (x0, y0) = (g.iter().map(|c| c.x0).min()?, g.iter().map(|c| c.y0).min()?);
        let (x1, y1) = (g.iter().map(|c| c.x1).max()?, g.iter().map(|c| c.y1).max()?);
        Some((x0, y0, x1 - x0 + 1, y1 - y0 + 1))
    };
    let spans: Vec<(u32, u32, u32, u32)> = groups.iter().filter_map(|g| span(g)).collect();
    let (main, &(x0, y0, mw, mh)) = spans.iter().enumerate().max_by_key(|(_, s)| s.3)?;
    let (ch, cw) = (cell.height as f32, cell.width as f32);
    let others = spans
        .iter()
        .enumerate()
        .any(|(k, s)| k != main && s.3 * 2 >= mh);
    let cx = (inner.x - cell.x) as f32 + x0 as f32 + (mw - 1) as f32 / 2.0;
    let cy = (inner.y - cell.y) as f32 + y0 as f32 + (mh - 1) as f32 / 2.0;
    let off = (cy - ch / 2.0).abs() / ch;
    let centred = (cx - cw / 2.0).abs() <= 0.15 * cw && off <= TOP_ALIGNED;
    let (upright, h) = (mw <= mh, mh as f32 / ch);
    (upright && centred && !others && h >= SMALLEST).then(|| Lone {
        marks: groups[main].clone(),
        tall: h >= 0.25 && off <= 0.15,
    })
}

/// Shapes grouped when their boxes come within `gap` pixels of each other (transitively).
fn near_groups<'a>(comps: &[&'a Component], gap: u32) -> Vec<Vec<&'a Component>> {
    let near = |a: &Component, b: &Component| {
        a.x0 <= b.x1 + gap && b.x0 <= a.x1 + gap && a.y0 <= b.y1 + gap && b.y0 <= a.y1 + gap
    };
    let mut group: Vec<usize> = (0..comps.len()).collect();
    for i in 0..comps.len() {
        for j in 0..i {
            if near(comps[i], comps[j]) {
                let (gi, gj) = (group[i], group[j]);
                group.iter_mut().filter(|g| **g == gi).for_each(|g| *g = gj);
            }
        }
    }
    let mut ids = group.clone();
    ids.sort_unstable();
    ids.dedup();
    ids.iter()
        .map(|&id| {
            (0..comps.len())
                .filter(|&k| group[k] == id)
                .map(|k| comps[k])
                .collect()
        })
        .collect()
}

/// A puzzle shows at least this many givens (no 9x9 Sudoku with fewer has one solution).
const FEWEST_GIVENS: usize = 17;

/// The median height of the marks `pick` keeps, 0 for none.
fn median_height(inks: &[CellInk], pick: impl Fn(&CellInk) -> Option<u32>) -> f32 {
    let mut heights: Vec<u32> = inks.iter().filter_map(pick).collect();
    heights.sort_unstable();
    heights.get(heights.len() / 2).copied().unwrap_or(0) as f32
}

/// Turns each `Small` mark into a digit when it is as tall as the board's other digits (an app
/// with a small font), else into what the cell holds without it (a lone pencil mark). With no
/// digit tall enough to be one by size alone, the lone marks are the digits when there are as
/// many as a puzzle's givens at least (lone notes are few): those as tall as most of them.
pub fn settle_small(inks: &mut [CellInk]) {
    let mut typical = median_height(inks, |i| match i {
        CellInk::Digit(s) => Some(s.bbox.height),
        _ => None,
    });
    let small = |i: &CellInk| match i {
        CellInk::Small { sample, .. } => Some(sample.bbox.height),
        _ => None,
    };
    if typical == 0.0 && inks.iter().filter_map(small).count() >= FEWEST_GIVENS {
        typical = median_height(inks, small);
    }
    for ink in inks.iter_mut() {
        if !matches!(ink, CellInk::Small { .. }) {
            continue;
        }
        if let CellInk::Small {
            sample,
            grown,
            otherwise,
        } = std::mem::replace(
            ink,
            CellInk::Empty {
                noise: true,
                paper: None,
            },
        ) {
            // The mark as cut first, else with its faint strokes: the cut's shape is the one
            // Tesseract read right where both are tall enough (a serif 1's flag reads as a 7).
            let tall =
                |s: &Sample| typical > 0.0 && s.bbox.height as f32 >= LIKE_THE_OTHERS * typical;
            *ink = match (tall(&sample), grown) {
                (true, _) => CellInk::Digit(sample),
                (false, Some(g)) if tall(&g) => CellInk::Digit(g),
                _ => *otherwise,
            };
        }
    }
}
