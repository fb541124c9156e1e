//! Where the toolbar buttons may be: marks in the strips below and beside the grid (on a
//! downscaled luma, keypad keys left out) grouped into items, and the rows of three or more items
//! spaced apart like buttons (the words of a sentence merge into one wide item and drop out);
//! also each item's exact ink box and its coverage, what naming it starts from.

use crate::geometry::Rect;
use crate::vision::grid::GridGeometry;
use crate::vision::ocr::glyph::Coverage;
use crate::vision::pixels::luma::{downsample, Luma};
use crate::vision::screen::keypad::{self, Keypad};

/// A mark differs from the background by this much luma to count as ink.
const INK: u8 = 36;
/// Strip pixels per grid cell after downscaling: enough to keep 2 dp strokes, few to scan.
const PER_CELL: f32 = 16.0;

/// The luma of the ring just outside `r`: the paper the item sits on.
fn paper(luma: &Luma, r: Rect) -> u8 {
    let outer = Rect::from_edges(
        r.x as f32 - 3.0,
        r.y as f32 - 3.0,
        r.right() as f32 + 3.0,
        r.bottom() as f32 + 3.0,
    )
    .clamp_to(luma.width, luma.height);
    let mut hist = [0u32; 256];
    for y in outer.y..outer.bottom() {
        for x in outer.x..outer.right() {
            if !r.contains(crate::geometry::Point::new(x, y)) {
                hist[luma.get(x, y) as usize] += 1;
            }
        }
    }
    hist.iter()
        .enumerate()
        .max_by_key(|&(_, n)| *n)
        .map_or(255, |(v, _)| v as u8)
}

/// `r` shrunk to the pixels that differ from its paper by `INK` (a box found on the downscaled
/// strip is only as exact as its scale; templates need the exact ink box).
fn tight(luma: &Luma, r: Rect) -> Option<Rect> {
    let r = r.clamp_to(luma.width, luma.height);
    let bg = paper(luma, r);
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for y in r.y..r.bottom() {
        let row =
            &luma.data[(y * luma.width + r.x) as usize..(y * luma.width + r.right()) as usize];
        let Some(first) = row.iter().position(|v| v.abs_diff(bg) > INK) else {
            continue;
        };
        let last = row
            .iter()
            .rposition(|v| v.abs_diff(bg) > INK)
            .unwrap_or(first);
        (x0, x1) = (x0.min(r.x + first as u32), x1.max(r.x + last as u32));
        (y0, y1) = (y0.min(y), y1.max(y));
    }
    (x0 <= x1).then(|| Rect::new(x0, y0, x1 - x0 + 1, y1 - y0 + 1))
}

/// Ink coverage over `r`: distance from the paper, scaled so the strongest ink is 1 (dark or light
/// icons alike). `None` for a box with no ink.
pub(super) fn coverage(luma: &Luma, r: Rect) -> Option<Coverage> {
    let r = r.clamp_to(luma.width, luma.height);
    let bg = paper(luma, r);
    let mut alpha = Vec::with_capacity((r.width * r.height) as usize);
    for y in r.y..r.bottom() {
        for x in r.x..r.right() {
            alpha.push(luma.get(x, y).abs_diff(bg) as f32);
        }
    }
    let top = alpha.iter().copied().fold(0.0, f32::max);
    if top < INK as f32 {
        return None;
    }
    alpha.iter_mut().for_each(|a| *a = (*a / top).min(1.0));
    Some(Coverage {
        width: r.width,
        height: r.height,
        alpha,
    })
}

/// Where toolbars go: the strip under the grid and the strips left and right of it.
fn strips(luma: &Luma, g: &GridGeometry) -> Vec<Rect> {
    let (b, p) = (g.bounds(), g.pitch());
    let (w, h) = (luma.width as f32, luma.height as f32);
    let (top, bottom) = (b.y as f32 - p * 0.5, b.bottom() as f32);
    [
        Rect::from_edges(0.0, bottom + p * 0.15, w, h),
        Rect::from_edges(b.right() as f32 + p * 0.15, top, w, bottom),
        Rect::from_edges(0.0, top, b.x as f32 - p * 0.15, bottom),
    ]
    .into_iter()
    .map(|r| r.clamp_to(luma.width, luma.height))
    .filter(|r| r.width as f32 >= p * 0.5 && r.height as f32 >= p * 0.5)
    .collect()
}

/// Groups of marks (icons, words, specks) in the toolbar strips, in screenshot pixels: marks
/// closer than an eighth of a cell join; keypad keys, the grid and marks too big for a button are
/// left out.
pub fn items(luma: &Luma, g: &GridGeometry, keypad: Option<&Keypad>) -> Vec<Rect> {
    let pitch = g.pitch();
    let f = ((pitch / PER_CELL).round() as u32).max(1);
    let join = ((pitch * 0.12 / f as f32).round() as u32).max(1);
    let keys: Vec<Rect> = keypad
        .map(|k| {
            k.keys
                .iter()
                .map(|k| grow(k.rect, k.rect.height as f32 * 0.4))
                .collect()
        })
        .unwrap_or_default();
    let grid = g.bounds();
    let mut out = Vec::new();
    for strip in strips(luma, g) {
        let mut data = Vec::with_capacity((strip.width * strip.height) as usize);
        for y in strip.y..strip.bottom() {
            let row = (y * luma.width + strip.x) as usize;
            data.extend_from_slice(&luma.data[row..row + strip.width as usize]);
        }
        let small = downsample(
            &Luma {
                width: strip.width,
                height: strip.height,
                data,
            },
            f,
        );
        for (x0, y0, x1, y1) in merged(&marks(&small), join) {
            let coarse = Rect::new(
                (strip.x + x0 * f).saturating_sub(f),
                (strip.y + y0 * f).saturating_sub(f),
                (x1 - x0 + 3) * f,
                (y1 - y0 + 3) * f,
            );
            let inner = Rect::new(
                strip.x + x0 * f,
                strip.y + y0 * f,
                (x1 - x0 + 1) * f,
                (y1 - y0 + 1) * f,
            );
            let (w, h) = (inner.width as f32 / pitch, inner.height as f32 / pitch);
            let sized = h <= 2.2 && w <= 3.0;
            // Keys and oversized marks go before the exact box is measured: most marks are keys.
            if !sized || inner.intersects(grid) || keys.iter().any(|k| k.intersects(inner)) {
                continue;
            }
            if let Some(r) = tight(luma, coarse) {
                out.push(r);
            }
        }
    }
    out
}

fn grow(r: Rect, by: f32) -> Rect {
    Rect::from_edges(
        r.x as f32 - by,
        r.y as f32 - by,
        r.right() as f32 + by,
        r.bottom() as f32 + by,
    )
}

/// Boxes (x0, y0, x1, y1 inclusive) of 8-connected pixels that differ from the strip's most common
/// luma (its background) by `INK`.
fn marks(l: &Luma) -> Vec<(u32, u32, u32, u32)> {
    let mut hist = [0u32; 256];
    l.data.iter().for_each(|&v| hist[v as usize] += 1);
    let bg = hist
        .iter()
        .enumerate()
        .max_by_key(|&(_, n)| *n)
        .map_or(255, |(v, _)| v as u8);
    let ink: Vec<bool> = l.data.iter().map(|&v| v.abs_diff(bg) > INK).collect();
    keypad::boxes(ink, l.width as usize, l.height as usize)
}

/// Boxes joined while any two are within `gap` pixels of each other.
fn merged(boxes: &[(u32, u32, u32, u32)], gap: u32) -> Vec<(u32, u32, u32, u32)> {
    let mut out: Vec<(u32, u32, u32, u32)> = boxes.to_vec();
    let near = |a: &(u32, u32, u32, u32), b: &(u32, u32, u32, u32)| {
        a.0 <= b.2 + gap + 1 && b.0 <= a.2 + gap + 1 && a.1 <= b.3 + gap + 1 && b.1 <= a.3 + gap + 1
    };
    loop {
        let mut changed = false;
        let mut i = 0;
        while i < out.len() {
            let mut j = i + 1;
            while j < out.len() {
                if near(&out[i], &out[j]) {
                    let b = out.swap_remove(j);
                    let a = &mut out[i];
                    *a = (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3));
                    changed = true;
                } else {
                    j += 1;
                }
            }
            i += 1;
        }
        if !changed {
            return out;
        }
    }
}

/// Items in rows of three to seven, left to right, spaced like buttons: items of one row closer
/// than 0.6 cell merge (words of a sentence; buttons stand a cell or more apart), and a row whose
/// items end up wider than a button is no toolbar.
pub(super) fn rows(items: &[Rect], pitch: f32) -> Vec<Vec<Rect>> {
    let mut sorted = items.to_vec();
    sorted.sort_by_key(|r| r.center().y);
    let mut rows: Vec<Vec<Rect>> = Vec::new();
    for r in sorted {
        let joins = rows.last().is_some_and(|row| {
            let y = row.iter().map(|i| i.center().y as f32).sum::<f32>() / row.len() as f32;
            (r.center().y as f32 - y).abs() <= 0.3 * pitch
        });
        match rows.last_mut() {
            Some(row) if joins => row.push(r),
            _ => rows.push(vec![r]),
        }
    }
    rows.into_iter()
        .filter_map(|mut row| {
            row.sort_by_key(|r| r.x);
            let mut spaced: Vec<Rect> = Vec::new();
            for r in row {
                match spaced.last_mut() {
                    Some(last) if (r.x as f32) < last.right() as f32 + 0.6 * pitch => {
                        *last = last.union(r)
                    }
                    _ => spaced.push(r),
                }
            }
            let sized = spaced.iter().all(|r| r.width as f32 <= 3.0 * pitch);
            // Specks (a separator dot) join words above, but are no buttons themselves.
            spaced.retain(|r| r.width.max(r.height) as f32 >= 0.12 * pitch);
            ((3..=7).contains(&spaced.len()) && sized).then_some(spaced)
        })
        .collect()
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_within_the_gap_merge_transitively() {
        let m = merged(
            &[(0, 0, 2, 2), (4, 0, 5, 2), (7, 0, 8, 1), (20, 20, 21, 21)],
            1,
        );
        assert_eq!(m.len(), 2);
        assert!(m.contains(&(0, 0, 8, 2)));
    }

    #[test]
    fn a_sentence_merges_into_one_wide_item_and_is_no_toolbar() {
        let words: Vec<Rect> = (0..8).map(|i| Rect::new(i * 60, 500, 50, 20)).collect();
        assert!(rows(&words, 100.0).is_empty());
        let icons: Vec<Rect> = (0..4).map(|i| Rect::new(i * 200, 500, 70, 70)).collect();
        assert_eq!(rows(&icons, 100.0), vec![icons]);
    }
}
