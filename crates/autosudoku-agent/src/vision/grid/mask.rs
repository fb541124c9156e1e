//! Line masks: the pixels darker (or lighter) than both neighbours a few pixels away across a line,
//! stored along the line's direction so one run-finding routine serves both axes.

use crate::vision::pixels::{Luma, Polarity};

/// Which way a line runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Axis {
    Horizontal,
    Vertical,
}

/// A boolean mask stored along the line direction: `rows()` of a vertical mask are image columns,
/// so one run-finding routine serves both axes.
#[derive(Debug, Clone)]
pub struct LineMask {
    /// Length of one stored row (image width for horizontal lines, image height for vertical).
    pub len: u32,
    /// Number of stored rows.
    pub count: u32,
    pub data: Vec<bool>,
}

impl LineMask {
    pub fn row(&self, i: u32) -> &[bool] {
        let start = (i * self.len) as usize;
        &self.data[start..start + self.len as usize]
    }
}

/// Pixels that belong to a line along `axis`: more ink than both pixels `reach` away across the line
/// by at least `min_contrast`, in any of `planes` (all of one size). A step edge (a highlighted cell beside a plain one) has paper on one side and is not a
/// line; a thin line has paper on both.
pub fn line_mask(
    planes: &[&Luma],
    polarity: Polarity,
    axis: Axis,
    reach: u32,
    min_contrast: i16,
) -> LineMask {
    let (w, h) = planes
        .first()
        .map_or((0, 0), |l| (l.width as usize, l.height as usize));
    let r = reach as usize;
    let ink = match polarity {
        Polarity::DarkOnLight => 1,
        Polarity::LightOnDark => -1,
    };
    let mut data = vec![false; w * h];
    // Whole rows at a time through `mark`, which vectorises: the search makes eight masks a read.
    let mark_row = |out: &mut [bool], y: usize| {
        for (k, l) in planes.iter().enumerate() {
            let row = |y: usize| &l.data[y * w..(y + 1) * w];
            let (line, up, down) = match axis {
                Axis::Horizontal => (row(y), row(y - r), row(y + r)),
                Axis::Vertical => {
                    let row = row(y);
                    (&row[r..w - r], &row[..w - 2 * r], &row[2 * r..])
                }
            };
            mark(out, ink, min_contrast, (line, up, down), k > 0);
        }
    };
    match axis {
        Axis::Horizontal => {
            for y in r..h.saturating_sub(r) {
                mark_row(&mut data[y * w..(y + 1) * w], y);
            }
            LineMask {
                len: w as u32,
                count: h as u32,
                data,
            }
        }
        Axis::Vertical => {
            // Stored by column: a band of rows is marked row by row, then written out column by
            // column, so each column's writes are adjacent.
            const BAND: usize = 16;
            let mut band = vec![false; BAND * w];
            for y0 in (0..h).step_by(BAND).filter(|_| w > 2 * r) {
                let n = BAND.min(h - y0);
                for k in 0..n {
                    mark_row(&mut band[k * w + r..(k + 1) * w - r], y0 + k);
                }
                for x in r..w - r {
                    let column = &mut data[x * h + y0..x * h + y0 + n];
                    for (k, o) in column.iter_mut().enumerate() {
                        *o = band[k * w + x];
                    }
                }
            }
            LineMask {
                len: h as u32,
                count: w as u32,
                data,
            }
        }
    }
}

/// Marks in `out` the pixels of `line` with at least `min_contrast` more ink than both `up` and
/// `down` (`ink` is 1 for dark ink, -1 for light), or-ed into what `out` holds when `or`.
#[inline(always)]
fn mark(out: &mut [bool], ink: i16, min_contrast: i16, planes: (&[u8], &[u8], &[u8]), or: bool) {
    let (line, up, down) = planes;
    for (((o, &v), &a), &b) in out.iter_mut().zip(line).zip(up).zip(down) {
        let m = (ink * (a as i16 - v as i16) >= min_contrast)
            & (ink * (b as i16 - v as i16) >= min_contrast);
        *o = if or { *o | m } else { m };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::pixels::luma::tests::plane;

    #[test]
    fn a_thin_dark_line_is_a_line_and_a_step_edge_is_not() {
        // A 2-pixel dark line at y=10..12, and a step from white to grey at y=30.
        let l = plane(20, 50, |_, y| match y {
            10 | 11 => 100,
            30.. => 200,
            _ => 255,
        });
        let m = line_mask(&[&l], Polarity::DarkOnLight, Axis::Horizontal, 4, 12);
        assert!(m.row(10).iter().all(|&b| b) && m.row(11).iter().all(|&b| b));
        assert!((0..50)
            .filter(|&y| y != 10 && y != 11)
            .all(|y| m.row(y).iter().all(|&b| !b)));
    }

    #[test]
    fn vertical_masks_are_stored_by_column_and_polarity_flips_for_dark_themes() {
        let l = plane(30, 8, |x, _| if x == 15 { 200 } else { 20 });
        assert_eq!(Polarity::guess(&l), Polarity::LightOnDark);
        let m = line_mask(&[&l], Polarity::LightOnDark, Axis::Vertical, 3, 12);
        assert_eq!((m.len, m.count), (8, 30));
        assert!(m.row(15).iter().all(|&b| b));
        assert!(m.row(14).iter().all(|&b| !b));
    }

    /// The mask straight from its definition, one pixel at a time.
    fn slow_mask(planes: [&Luma; 2], polarity: Polarity, axis: Axis, r: u32, c: i16) -> Vec<bool> {
        let (w, h) = (planes[0].width, planes[0].height);
        let ink = |v: u8, around: u8| match polarity {
            Polarity::DarkOnLight => around as i16 - v as i16,
            Polarity::LightOnDark => v as i16 - around as i16,
        };
        let (len, count) = match axis {
            Axis::Horizontal => (w, h),
            Axis::Vertical => (h, w),
        };
        let mut out = vec![false; (w * h) as usize];
        for i in 0..count {
            for j in 0..len {
                let (x, y) = match axis {
                    Axis::Horizontal => (j, i),
                    Axis::Vertical => (i, j),
                };
                let across = match axis {
                    Axis::Horizontal => (y >= r && y + r < h).then(|| [(x, y - r), (x, y + r)]),
                    Axis::Vertical => (x >= r && x + r < w).then(|| [(x - r, y), (x + r, y)]),
                };
                out[(i * len + j) as usize] = across.is_some_and(|[a, b]| {
                    planes.iter().any(|l| {
                        let v = l.get(x, y);
                        ink(v, l.get(a.0, a.1)) >= c && ink(v, l.get(b.0, b.1)) >= c
                    })
                });
            }
        }
        out
    }

    #[test]
    fn line_masks_match_their_definition_in_both_planes_axes_and_polarities() {
        let noise = |w: u32, h: u32, seed: u32| {
            plane(w, h, |x, y| {
                let s = (x * 7919 + y * 104_729 + seed).wrapping_mul(2_654_435_761);
                (s >> 24) as u8
            })
        };
        for (w, h, r) in [(61u32, 45u32, 4u32), (37, 70, 3), (9, 8, 5)] {
            let (a, b) = (noise(w, h, 1), noise(w, h, 2));
            for polarity in Polarity::BOTH {
                for axis in [Axis::Horizontal, Axis::Vertical] {
                    let got = line_mask(&[&a, &b], polarity, axis, r, 40);
                    let want = slow_mask([&a, &b], polarity, axis, r, 40);
                    assert_eq!(got.data, want, "{w}x{h} reach {r} {polarity:?} {axis:?}");
                }
            }
        }
    }
}
