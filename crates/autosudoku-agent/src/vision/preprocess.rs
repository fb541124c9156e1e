//! Pixels to the numbers the detectors work on: the luma plane, the screen's polarity (dark ink on a
//! light screen or light on dark), line masks (pixels darker, or lighter, than both neighbours a few
//! pixels away across the line) and colour helpers. Pure functions over image buffers.

use image::{Rgba, RgbaImage};
use serde::Serialize;

/// An 8-bit luma plane, row-major. BT.601 weights in fixed point, as every screenshot tool uses.
#[derive(Debug, Clone)]
pub struct Luma {
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

impl Luma {
    pub fn from_rgba(img: &RgbaImage) -> Luma {
        super::planes::Planes::from_rgba(img).luma
    }

    pub fn get(&self, x: u32, y: u32) -> u8 {
        self.data[(y * self.width + x) as usize]
    }
}

/// Box-averaged copy, `f` times smaller each way.
pub fn downsample(l: &Luma, f: u32) -> Luma {
    let (w, h) = (l.width / f, l.height / f);
    let mut data = vec![0u8; (w * h) as usize];
    let mut sums = vec![0u32; w as usize];
    let (f, lw) = (f as usize, l.width as usize);
    for (y, out) in data.chunks_exact_mut(w as usize).enumerate() {
        sums.fill(0);
        for row in l.data[y * f * lw..].chunks(lw).take(f) {
            // Fixed block widths let the compiler vectorise the common factors.
            match f {
                2 => sum_blocks::<2>(row, &mut sums),
                3 => sum_blocks::<3>(row, &mut sums),
                4 => sum_blocks::<4>(row, &mut sums),
                5 => sum_blocks::<5>(row, &mut sums),
                6 => sum_blocks::<6>(row, &mut sums),
                _ => {
                    for (block, s) in row.chunks_exact(f).zip(sums.iter_mut()) {
                        *s += block.iter().map(|&v| v as u32).sum::<u32>();
                    }
                }
            }
        }
        let area = (f * f) as u32;
        for (o, s) in out.iter_mut().zip(&sums) {
            *o = (s / area) as u8;
        }
    }
    Luma {
        width: w,
        height: h,
        data,
    }
}

fn sum_blocks<const F: usize>(row: &[u8], sums: &mut [u32]) {
    for (block, s) in row.chunks_exact(F).zip(sums) {
        let block: &[u8; F] = block.try_into().unwrap_or(&[0; F]);
        *s += block.iter().map(|&v| v as u32).sum::<u32>();
    }
}

/// The luma of one pixel.
pub fn luma(p: Rgba<u8>) -> u8 {
    ((p[0] as u32 * 77 + p[1] as u32 * 150 + p[2] as u32 * 29) >> 8) as u8
}

/// How far apart two colours look: the largest channel difference (cheap, and enough to tell ink
/// from paper, blue from black, or a highlight from a plain cell).
pub fn distance(a: Rgba<u8>, b: Rgba<u8>) -> u8 {
    a[0].abs_diff(b[0])
        .max(a[1].abs_diff(b[1]))
        .max(a[2].abs_diff(b[2]))
}

/// Saturation-like measure: the spread of a colour's channels (0 for greys).
pub fn chroma(c: [u8; 3]) -> u8 {
    let max = c.iter().max().copied().unwrap_or(0);
    let min = c.iter().min().copied().unwrap_or(0);
    max - min
}

/// Whether the screen draws dark ink on light paper or light ink on dark paper.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Polarity {
    DarkOnLight,
    LightOnDark,
}

impl Polarity {
    pub const BOTH: [Polarity; 2] = [Polarity::DarkOnLight, Polarity::LightOnDark];

    /// The one most of the screen suggests: a median luma below mid-grey means a dark theme.
    pub fn guess(l: &Luma) -> Polarity {
        // Every 7th pixel is plenty for a median and keeps this off the profile.
        let mut hist = [0u32; 256];
        for &v in l.data.iter().step_by(7) {
            hist[v as usize] += 1;
        }
        Polarity::from_histogram(&hist)
    }

    /// The guess from a luma histogram.
    pub(crate) fn from_histogram(hist: &[u32; 256]) -> Polarity {
        let half = hist.iter().sum::<u32>() / 2;
        let mut seen = 0;
        let median = hist
            .iter()
            .position(|&n| {
                seen += n;
                seen > half
            })
            .unwrap_or(255);
        if median < 110 {
            Polarity::LightOnDark
        } else {
            Polarity::DarkOnLight
        }
    }
}

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

/// The median of each channel over some pixels (the paper colour of a cell, from its border ring).
pub fn median_color(pixels: impl Iterator<Item = Rgba<u8>>) -> Rgba<u8> {
    let mut hist = [[0u32; 256]; 3];
    let mut n = 0u32;
    for p in pixels {
        for c in 0..3 {
            hist[c][p[c] as usize] += 1;
        }
        n += 1;
    }
    let [r, g, b] = hist.map(|h| histogram_median(&h, n));
    Rgba([r, g, b, 255])
}

/// The median of some grey levels (the background of a region that is mostly background).
pub fn median_luma(levels: impl Iterator<Item = u8>) -> u8 {
    let mut hist = [0u32; 256];
    let mut n = 0u32;
    for v in levels {
        hist[v as usize] += 1;
        n += 1;
    }
    histogram_median(&hist, n)
}

/// The median of `n` values counted in `hist` (the upper one of an even count).
fn histogram_median(hist: &[u32; 256], n: u32) -> u8 {
    let mut seen = 0;
    hist.iter()
        .position(|&k| {
            seen += k;
            seen * 2 > n
        })
        .unwrap_or(0) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plane(w: u32, h: u32, f: impl Fn(u32, u32) -> u8) -> Luma {
        let data = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .map(|(x, y)| f(x, y))
            .collect();
        Luma {
            width: w,
            height: h,
            data,
        }
    }

    #[test]
    fn downsample_averages_each_block() {
        for f in 1..=6u32 {
            let l = plane(53, 41, |x, y| ((x * 7 + y * 13) % 251) as u8);
            let d = downsample(&l, f);
            assert_eq!((d.width, d.height), (53 / f, 41 / f));
            for y in 0..d.height {
                for x in 0..d.width {
                    let sum: u32 = (0..f * f)
                        .map(|i| l.get(x * f + i % f, y * f + i / f) as u32)
                        .sum();
                    assert_eq!(d.get(x, y) as u32, sum / (f * f), "f={f} ({x}, {y})");
                }
            }
        }
    }

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
