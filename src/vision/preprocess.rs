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
        Planes::from_rgba(img).luma
    }

    pub fn get(&self, x: u32, y: u32) -> u8 {
        self.data[(y * self.width + x) as usize]
    }
}

/// The short side the grid search works at: about 540 pixels (its cost falls with the square of
/// the shrink factor, and one-pixel lines survive a shrink that keeps each block's ink).
const SEARCH_SIDE: u32 = 540;

/// Everything the read needs from the raw pixels, made in one pass over the screenshot (it touches
/// every pixel of ~10 MB, so it is done once, on two threads): the luma plane, its copies `factor`
/// times smaller that keep each block's darkest and lightest pixel (the grid search's input in
/// either polarity), and the polarity the screen suggests.
#[derive(Debug, Clone)]
pub struct Planes {
    pub luma: Luma,
    pub factor: u32,
    darkest: Luma,
    lightest: Luma,
    pub polarity: Polarity,
}

/// One thread's share of `Planes::from_rgba`: luma rows, shrunk rows, sampled histogram.
struct Share<'a> {
    rgba: &'a [u8],
    luma: &'a mut [u8],
    darkest: &'a mut [u8],
    lightest: &'a mut [u8],
    /// Index of the share's first pixel in the whole image (for the every-7th-pixel sample).
    first: usize,
}

impl Planes {
    pub fn from_rgba(img: &RgbaImage) -> Planes {
        let (w, h) = (img.width(), img.height());
        let f = (w.min(h) / SEARCH_SIDE).max(1);
        let (sw, sh) = if f > 1 { (w / f, h / f) } else { (0, 0) };
        let mut luma = vec![0u8; (w * h) as usize];
        let mut darkest = vec![0u8; (sw * sh) as usize];
        let mut lightest = vec![0u8; (sw * sh) as usize];
        // Two shares split at a block boundary, so each thread owns whole shrunk rows.
        let split_rows = if f > 1 { sh / 2 * f } else { h / 2 };
        let split_small = (split_rows / f.max(1) * sw) as usize;
        let split = (split_rows * w) as usize;
        let raw = img.as_raw();
        let (ra, rb) = raw.split_at(split * 4);
        let (la, lb) = luma.split_at_mut(split);
        let (da, db) = darkest.split_at_mut(split_small);
        let (ha, hb) = lightest.split_at_mut(split_small);
        let shares = [
            Share {
                rgba: ra,
                luma: la,
                darkest: da,
                lightest: ha,
                first: 0,
            },
            Share {
                rgba: rb,
                luma: lb,
                darkest: db,
                lightest: hb,
                first: split,
            },
        ];
        let hists = std::thread::scope(|s| {
            let mut shares = shares.into_iter();
            let (a, b) = (shares.next(), shares.next());
            let second = s.spawn(move || b.map(|b| b.run(w, f, sw)));
            let mut hists = vec![a.map(|a| a.run(w, f, sw))];
            hists.push(
                second
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e)),
            );
            hists
        });
        let mut hist = [0u32; 256];
        for part in hists.into_iter().flatten() {
            hist.iter_mut().zip(part).for_each(|(a, b)| *a += b);
        }
        let small = |data| Luma {
            width: sw,
            height: sh,
            data,
        };
        Planes {
            luma: Luma {
                width: w,
                height: h,
                data: luma,
            },
            factor: f,
            darkest: small(darkest),
            lightest: small(lightest),
            polarity: Polarity::from_histogram(&hist),
        }
    }

    /// The grid search's copy for `polarity`: each block's most inky pixel.
    pub fn shrunk(&self, polarity: Polarity) -> &Luma {
        match (self.factor, polarity) {
            (1, _) => &self.luma,
            (_, Polarity::DarkOnLight) => &self.darkest,
            (_, Polarity::LightOnDark) => &self.lightest,
        }
    }
}

impl Share<'_> {
    /// Converts this share's rows; returns its histogram of every 7th pixel of the whole image.
    fn run(self, w: u32, f: u32, sw: u32) -> [u32; 256] {
        let mut hist = [0u32; 256];
        let w = w as usize;
        let (f, sw) = (f as usize, sw as usize);
        let shrinking = f > 1;
        for (y, (src, dst)) in self
            .rgba
            .chunks_exact(w * 4)
            .zip(self.luma.chunks_exact_mut(w))
            .enumerate()
        {
            for (o, p) in dst.iter_mut().zip(src.chunks_exact(4)) {
                *o = ((p[0] as u32 * 77 + p[1] as u32 * 150 + p[2] as u32 * 29) >> 8) as u8;
            }
            let start = self.first + y * w;
            for v in dst[(7 - start % 7) % 7..].iter().step_by(7) {
                hist[*v as usize] += 1;
            }
            let row = y / f.max(1);
            if !shrinking || (row + 1) * sw > self.darkest.len() {
                continue;
            }
            let dark = &mut self.darkest[row * sw..(row + 1) * sw];
            let light = &mut self.lightest[row * sw..(row + 1) * sw];
            if y % f == 0 {
                dark.fill(255);
                light.fill(0);
            }
            // Fixed block widths let the compiler vectorise the common factors.
            match f {
                2 => fold_blocks::<2>(dst, dark, light),
                3 => fold_blocks::<3>(dst, dark, light),
                4 => fold_blocks::<4>(dst, dark, light),
                _ => {
                    for ((block, d), l) in dst.chunks_exact(f).zip(dark).zip(light) {
                        for &v in block {
                            (*d, *l) = ((*d).min(v), (*l).max(v));
                        }
                    }
                }
            }
        }
        hist
    }
}

/// Folds one luma row into the running darkest and lightest of its blocks of `F` pixels.
fn fold_blocks<const F: usize>(row: &[u8], dark: &mut [u8], light: &mut [u8]) {
    for ((block, d), l) in row.chunks_exact(F).zip(dark).zip(light) {
        let block: &[u8; F] = block.try_into().unwrap_or(&[0; F]);
        let (mut mn, mut mx) = (*d, *l);
        for &v in block {
            (mn, mx) = (mn.min(v), mx.max(v));
        }
        (*d, *l) = (mn, mx);
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
    fn from_histogram(hist: &[u32; 256]) -> Polarity {
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

    /// How much more "ink" `v` is than `around` (negative when it is more paper).
    fn ink_over(self, v: u8, around: u8) -> i16 {
        match self {
            Polarity::DarkOnLight => around as i16 - v as i16,
            Polarity::LightOnDark => v as i16 - around as i16,
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
/// by at least `min_contrast`. A step edge (a highlighted cell beside a plain one) has paper on one
/// side and is not a line; a thin line has paper on both.
pub fn line_mask(
    l: &Luma,
    polarity: Polarity,
    axis: Axis,
    reach: u32,
    min_contrast: i16,
) -> LineMask {
    let (w, h) = (l.width, l.height);
    match axis {
        Axis::Horizontal => {
            let mut data = vec![false; (w * h) as usize];
            for y in reach..h.saturating_sub(reach) {
                let (up, mid, down) = (
                    ((y - reach) * w) as usize,
                    (y * w) as usize,
                    ((y + reach) * w) as usize,
                );
                for x in 0..w as usize {
                    let v = l.data[mid + x];
                    data[mid + x] = polarity.ink_over(v, l.data[up + x]) >= min_contrast
                        && polarity.ink_over(v, l.data[down + x]) >= min_contrast;
                }
            }
            LineMask {
                len: w,
                count: h,
                data,
            }
        }
        Axis::Vertical => {
            let mut data = vec![false; (w * h) as usize];
            for y in 0..h {
                let row = &l.data[(y * w) as usize..((y + 1) * w) as usize];
                for x in reach..w.saturating_sub(reach) {
                    let v = row[x as usize];
                    data[(x * h + y) as usize] = polarity.ink_over(v, row[(x - reach) as usize])
                        >= min_contrast
                        && polarity.ink_over(v, row[(x + reach) as usize]) >= min_contrast;
                }
            }
            LineMask {
                len: h,
                count: w,
                data,
            }
        }
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
    let mut out = [0u8; 4];
    out[3] = 255;
    for c in 0..3 {
        let mut seen = 0;
        out[c] = hist[c]
            .iter()
            .position(|&k| {
                seen += k;
                seen * 2 > n
            })
            .unwrap_or(0) as u8;
    }
    Rgba(out)
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

    /// A copy `f` times smaller each way that keeps the most ink of each block (the darkest pixel on a
    /// light screen, the lightest on a dark one), so one-pixel lines survive at full contrast.
    fn shrink_keeping_ink(l: &Luma, f: u32, polarity: Polarity) -> Luma {
        let (w, h) = (l.width / f, l.height / f);
        let mut data = vec![0u8; (w * h) as usize];
        let keep: fn(u8, u8) -> u8 = match polarity {
            Polarity::DarkOnLight => u8::min,
            Polarity::LightOnDark => u8::max,
        };
        for y in 0..h {
            let out = &mut data[(y * w) as usize..((y + 1) * w) as usize];
            for dy in 0..f {
                let row = &l.data[((y * f + dy) * l.width) as usize..];
                for (x, o) in out.iter_mut().enumerate() {
                    let block = &row[x * f as usize..(x + 1) * f as usize];
                    let v = block.iter().copied().reduce(keep).unwrap_or(0);
                    *o = if dy == 0 { v } else { keep(*o, v) };
                }
            }
        }
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
    fn planes_match_the_plain_conversion_shrinks_and_guess() {
        // Odd sizes, so the shrink drops partial blocks and the threads split mid-image.
        for (w, h) in [(1090u32, 2203u32), (37, 51), (1625, 1083)] {
            let mut seed = w * 31 + h;
            let img = RgbaImage::from_fn(w, h, |_, _| {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                let v = (seed >> 8).to_le_bytes();
                Rgba([v[0], v[1], v[2], 255])
            });
            let p = Planes::from_rgba(&img);
            let plain: Vec<u8> = img.pixels().map(|&px| luma(px)).collect();
            assert_eq!(p.luma.data, plain);
            let slow = Luma {
                width: w,
                height: h,
                data: plain,
            };
            assert_eq!(p.polarity, Polarity::guess(&slow));
            for polarity in Polarity::BOTH {
                let want = shrink_keeping_ink(&slow, p.factor, polarity);
                let got = p.shrunk(polarity);
                assert_eq!((got.width, got.height), (want.width, want.height));
                assert_eq!(got.data, want.data, "{w}x{h} {polarity:?}");
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
        let m = line_mask(&l, Polarity::DarkOnLight, Axis::Horizontal, 4, 12);
        assert!(m.row(10).iter().all(|&b| b) && m.row(11).iter().all(|&b| b));
        assert!((0..50)
            .filter(|&y| y != 10 && y != 11)
            .all(|y| m.row(y).iter().all(|&b| !b)));
    }

    #[test]
    fn vertical_masks_are_stored_by_column_and_polarity_flips_for_dark_themes() {
        let l = plane(30, 8, |x, _| if x == 15 { 200 } else { 20 });
        assert_eq!(Polarity::guess(&l), Polarity::LightOnDark);
        let m = line_mask(&l, Polarity::LightOnDark, Axis::Vertical, 3, 12);
        assert_eq!((m.len, m.count), (8, 30));
        assert!(m.row(15).iter().all(|&b| b));
        assert!(m.row(14).iter().all(|&b| !b));
    }
}
