//! The number pad, wherever the app puts it: digit-sized marks outside the grid (small ones only
//! where they stand spaced like keys) are cut out like cells and read like them; nine (or, with
//! used-up keys hidden, at least five) of them in a row in order, one row wrapped onto the next,
//! or three stacked rows of three, make the keypad. Titles, timers and icons do not line up as
//! 1-2-3…, so they fall out without any app knowledge.

use crate::geometry::Rect;
use crate::vision::cell::classify::{Verdict, CERTAIN};
use crate::vision::cell::{extract, CellInk, Sample};
use crate::vision::grid::GridGeometry;
use crate::vision::parallel::map_halves;
use crate::vision::pixels::luma::{downsample, Luma, Polarity};
use autosudoku_core::sudoku::Digit;
use image::RgbaImage;
use serde::Serialize;

/// One key of the pad.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Key {
    pub digit: Digit,
    /// The digit's box on screen; tap its centre.
    pub rect: Rect,
    pub confidence: f32,
}

/// How the keys are arranged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    Row,
    /// One row wrapped onto the next (1-5 over 6-9, 1-6 over 7-9).
    Rows,
    Block,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Keypad {
    pub layout: Layout,
    /// Found keys in digit order; a digit whose key is hidden (all nine placed) is absent.
    pub keys: Vec<Key>,
}

impl Keypad {
    pub fn key(&self, digit: Digit) -> Option<&Key> {
        self.keys.iter().find(|k| k.digit == digit)
    }
}

/// Digit-sized marks outside the grid, cut out as samples.
pub fn candidates(img: &RgbaImage, l: &Luma, grid: &GridGeometry) -> Vec<Sample> {
    candidates_around(img, l, grid.bounds(), grid.pitch())
}

/// The same for a board at `avoid` whose digits are about `pitch` pixels apart, as a 9x9 one's
/// are (a board of another side: its keys are sized by the screen, not by its cells).
pub fn candidates_around(img: &RgbaImage, l: &Luma, avoid: Rect, pitch: f32) -> Vec<Sample> {
    let f = ((pitch / 24.0) as u32).max(1);
    let small = downsample(l, f);
    let mut marks: Vec<Rect> = Vec::new();
    for polarity in blobs(&small, (pitch / f as f32) as u32) {
        let all: Vec<Rect> = polarity
            .into_iter()
            .map(|(x0, y0, x1, y1)| Rect::new(x0 * f, y0 * f, (x1 - x0 + 1) * f, (y1 - y0 + 1) * f))
            .collect();
        let found: Vec<Rect> = all
            .iter()
            .copied()
            .filter(|b| {
                let rel = b.height as f32 / pitch;
                (SMALL_KEY..=1.4).contains(&rel)
                    && b.width as f32 <= 1.1 * b.height as f32
                    && !b.intersects(avoid)
            })
            .collect();
        let small = |b: &Rect| (b.height as f32) < 0.4 * pitch;
        marks.extend(
            found
                .iter()
                .filter(|b| !small(b) || spaced_like_keys(b, &found, &all))
                .copied(),
        );
    }
    let cells: Vec<Rect> = marks
        .iter()
        .map(|blob| {
            let side = blob.height as f32 * 1.6;
            let c = blob.center();
            Rect::from_edges(
                c.x as f32 - side / 2.0,
                c.y as f32 - side / 2.0,
                c.x as f32 + side / 2.0,
                c.y as f32 + side / 2.0,
            )
            .clamp_to(img.width(), img.height())
        })
        .collect();
    let mut out = Vec::new();
    for ink in map_halves(&cells, |&cell| extract(img, cell)) {
        if let CellInk::Digit(s) = ink {
            // Of overlapping cut-outs the tallest mark stays (a key over a caption beside it; the
            // same mark is found in both polarities only when it is not a mark at all).
            match out.iter().position(|o: &Sample| o.bbox.intersects(s.bbox)) {
                Some(i) if out[i].bbox.height < s.bbox.height => out[i] = *s,
                Some(_) => {}
                None => out.push(*s),
            }
        }
    }
    out
}

/// The smallest key digit, in grid pitches: small keypads draw digits a fifth of a cell high.
const SMALL_KEY: f32 = 0.2;

/// Whether a small mark stands like a key: on a line with two or more marks of its height, and
/// no mark of that line nearer than one and a half heights to one of them (the letters of a word
/// or a timer's digits are). `all` are every mark of the polarity, wide or narrow.
fn spaced_like_keys(b: &Rect, found: &[Rect], all: &[Rect]) -> bool {
    let h = b.height as f32;
    let on_line = |o: &&Rect| (o.center().y as f32 - b.center().y as f32).abs() <= h * 0.5;
    let peers: Vec<&Rect> = found
        .iter()
        .filter(on_line)
        .filter(|o| (o.height as f32 - h).abs() <= h * 0.3)
        .collect();
    let crowded = |a: &Rect| {
        all.iter()
            .filter(on_line)
            .any(|o| o != a && (o.center().x as f32 - a.center().x as f32).abs() < h * 1.5)
    };
    peers.len() >= 3 && !peers.iter().any(|a| crowded(a))
}

/// Bounding boxes of marks, for each polarity (`Polarity::BOTH` order): pixels with more ink than
/// their neighbourhood (`window` wide) by a clear margin, 8-connected.
fn blobs(l: &Luma, window: u32) -> [Vec<(u32, u32, u32, u32)>; 2] {
    let (w, h) = (l.width as usize, l.height as usize);
    // Wrapping u32 sums: a window's sum (at most 255 per pixel of a small window) is exact modulo
    // 2^32 even where the running totals of a big plane wrap, and half the memory of u64.
    let mut integral = vec![0u32; (w + 1) * (h + 1)];
    for y in 0..h {
        let mut row = 0u32;
        for x in 0..w {
            row = row.wrapping_add(l.data[y * w + x] as u32);
            integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1].wrapping_add(row);
        }
    }
    let r = (window / 2).max(2) as usize;
    let mut dark = vec![false; w * h];
    let mut light = vec![false; w * h];
    for y in 0..h {
        let (ya, yb) = (y.saturating_sub(r), (y + r + 1).min(h));
        for x in 0..w {
            let (xa, xb) = (x.saturating_sub(r), (x + r + 1).min(w));
            let sum = integral[yb * (w + 1) + xb]
                .wrapping_add(integral[ya * (w + 1) + xa])
                .wrapping_sub(integral[ya * (w + 1) + xb])
                .wrapping_sub(integral[yb * (w + 1) + xa]) as u64;
            let n = ((yb - ya) * (xb - xa)) as u64;
            let v = l.data[y * w + x] as u64;
            // The neighbourhood's mean (rounded down) at least 25 above or below the pixel,
            // without a division per pixel.
            dark[y * w + x] = sum >= (v + 25) * n;
            light[y * w + x] = v >= 25 && sum < (v - 24) * n;
        }
    }
    let found = [dark, light].map(|ink| boxes(ink, w, h));
    debug_assert_eq!(
        Polarity::BOTH,
        [Polarity::DarkOnLight, Polarity::LightOnDark]
    );
    found
}

/// Bounding boxes (x0, y0, x1, y1 inclusive) of the 8-connected regions of `ink`.
pub(super) fn boxes(mut ink: Vec<bool>, w: usize, h: usize) -> Vec<(u32, u32, u32, u32)> {
    let mut out = Vec::new();
    let mut stack = Vec::new();
    for start in 0..w * h {
        if !ink[start] {
            continue;
        }
        ink[start] = false;
        stack.push(start);
        let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            for ny in y.saturating_sub(1)..=(y + 1).min(h - 1) {
                for nx in x.saturating_sub(1)..=(x + 1).min(w - 1) {
                    let j = ny * w + nx;
                    if ink[j] {
                        ink[j] = false;
                        stack.push(j);
                    }
                }
            }
        }
        out.push((x0 as u32, y0 as u32, x1 as u32, y1 as u32));
    }
    out
}

/// Finds the keypad among read candidates: the best row of keys in digit order, or three rows of
/// three stacked in order (1-2-3 on top, or 7-8-9 on top like a phone dialler's mirror).
pub fn arrange(samples: &[&Sample], verdicts: &[Verdict]) -> Option<Keypad> {
    let keys: Vec<Key> = samples
        .iter()
        .zip(verdicts)
        .filter(|(_, v)| v.confidence >= CERTAIN)
        .filter_map(|(s, v)| {
            Some(Key {
                digit: v.digit?,
                rect: s.bbox,
                confidence: v.confidence,
            })
        })
        .collect();
    let rows = rows_of(&keys);
    // One row of at least five keys, digits increasing left to right.
    let best_row = rows
        .iter()
        .filter(|r| r.len() >= 5 && increasing(r))
        .max_by_key(|r| r.len());
    let wrapped = wrapped_rows(&rows).filter(|w| best_row.is_none_or(|r| w.len() > r.len()));
    if let Some(keys) = wrapped {
        return Some(Keypad {
            layout: Layout::Rows,
            keys,
        });
    }
    if let Some(r) = best_row {
        return Some(Keypad {
            layout: Layout::Row,
            keys: r.clone(),
        });
    }
    // Three stacked rows, each within one triple (1-3, 4-6, 7-9), columns aligned.
    let triple = |r: &Vec<Key>| {
        let t = r[0].digit.index() / 3;
        (r.len() <= 3 && r.iter().all(|k| k.digit.index() / 3 == t) && increasing(r)).then_some(t)
    };
    for start in 0..rows.len().saturating_sub(2) {
        let three = &rows[start..start + 3];
        let t: Vec<Option<usize>> = three.iter().map(triple).collect();
        let ordered = t == [Some(0), Some(1), Some(2)] || t == [Some(2), Some(1), Some(0)];
        let mut keys: Vec<Key> = three.iter().flatten().copied().collect();
        let aligned = keys.iter().all(|a| {
            keys.iter()
                .filter(|b| b.digit.index() % 3 == a.digit.index() % 3)
                .all(|b| {
                    (a.rect.center().x as f32 - b.rect.center().x as f32).abs()
                        < a.rect.height as f32
                })
        });
        if ordered && aligned && keys.len() >= 5 {
            keys.sort_by_key(|k| k.digit);
            return Some(Keypad {
                layout: Layout::Block,
                keys,
            });
        }
    }
    None
}

/// The most keys in consecutive rows that read as one row wrapped: each row's digits increasing
/// left to right and above the last row's, every row under the first one's span, a row's keys as
/// far apart as the first row's and the rows as close; at least five keys on two rows or more,
/// the first of more than three keys.
fn wrapped_rows(rows: &[Vec<Key>]) -> Option<Vec<Key>> {
    let spacing = |r: &Vec<Key>| {
        let x = |k: &Key| k.rect.center().x as f32;
        (r.len() > 1).then(|| (x(&r[r.len() - 1]) - x(&r[0])) / (r.len() - 1) as f32)
    };
    let mut best: Option<Vec<Key>> = None;
    for start in 0..rows.len() {
        let first = &rows[start];
        let Some(pitch) = spacing(first).filter(|_| increasing(first)) else {
            continue;
        };
        let (left, right) = (
            first[0].rect.x as f32,
            first[first.len() - 1].rect.right() as f32,
        );
        let mut keys = first.clone();
        for (above, row) in rows[start..].iter().zip(&rows[start + 1..]) {
            let gap = row[0].rect.center().y as f32 - above[0].rect.center().y as f32;
            let fits = increasing(row)
                && row[0].digit > keys[keys.len() - 1].digit
                && gap <= pitch * 1.5
                && spacing(row).is_none_or(|p| (p - pitch).abs() <= pitch * 0.2)
                && row[0].rect.x as f32 >= left - pitch * 0.3
                && row[row.len() - 1].rect.right() as f32 <= right + pitch * 0.3;
            if !fits {
                break;
            }
            keys.extend_from_slice(row);
        }
        // Rows of three at most are a block's, which the block rule judges.
        let rows_taken = keys.len() > first.len() && first.len() > 3;
        if rows_taken && keys.len() >= 5 && best.as_ref().is_none_or(|b| keys.len() > b.len()) {
            best = Some(keys);
        }
    }
    best
}

/// Whether a row's digits increase left to right.
fn increasing(row: &[Key]) -> bool {
    row.windows(2).all(|p| p[0].digit < p[1].digit)
}

/// Keys grouped into rows (centres within half a key height), top to bottom, each left to right.
fn rows_of(keys: &[Key]) -> Vec<Vec<Key>> {
    let mut sorted = keys.to_vec();
    sorted.sort_by_key(|k| k.rect.center().y);
    let mut rows: Vec<Vec<Key>> = Vec::new();
    for k in sorted {
        let joins = rows.last().is_some_and(|r| {
            let y = r[0].rect.center().y as f32;
            (k.rect.center().y as f32 - y).abs() <= r[0].rect.height as f32 * 0.5
        });
        if joins {
            if let Some(r) = rows.last_mut() {
                r.push(k)
            }
        } else {
            rows.push(vec![k]);
        }
    }
    for r in &mut rows {
        r.sort_by_key(|k| k.rect.center().x);
        // Two marks read as the same digit in one row: keep the more confident one.
        r.dedup_by(|b, a| {
            if a.digit == b.digit {
                if b.confidence > a.confidence {
                    *a = *b;
                }
                true
            } else {
                false
            }
        });
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(d: u8, x: u32, y: u32) -> Key {
        Key {
            digit: Digit::new(d).unwrap(),
            rect: Rect::new(x, y, 30, 40),
            confidence: 1.0,
        }
    }

    #[test]
    fn a_row_wrapped_onto_the_next_is_one_keypad_and_a_block_is_left_to_the_block_rule() {
        let wrapped: Vec<Key> = (1..=9)
            .map(|d| key(d, (d as u32 - 1) % 5 * 100, 100 + (d as u32 - 1) / 5 * 120))
            .collect();
        let keys = wrapped_rows(&rows_of(&wrapped)).expect("1-5 over 6-9");
        assert_eq!(keys.len(), 9);
        let block: Vec<Key> = (1..=9)
            .map(|d| key(d, (d as u32 - 1) % 3 * 100, 100 + (d as u32 - 1) / 3 * 120))
            .collect();
        assert_eq!(wrapped_rows(&rows_of(&block)), None);
        // 6-9 far below 1-5 is another row of something, not the keypad's second row.
        let apart: Vec<Key> = (1..=9)
            .map(|d| key(d, (d as u32 - 1) % 5 * 100, 100 + (d as u32 - 1) / 5 * 600))
            .collect();
        assert_eq!(wrapped_rows(&rows_of(&apart)), None);
    }

    #[test]
    fn small_marks_stand_like_keys_when_spaced_apart_not_like_a_words_letters() {
        let marks =
            |gap: u32| -> Vec<Rect> { (0..5).map(|i| Rect::new(i * gap, 50, 12, 20)).collect() };
        let keys = marks(60);
        assert!(keys.iter().all(|k| spaced_like_keys(k, &keys, &keys)));
        let letters = marks(16);
        assert!(!letters
            .iter()
            .any(|k| spaced_like_keys(k, &letters, &letters)));
    }
}
