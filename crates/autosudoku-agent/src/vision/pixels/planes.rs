//! The one pass over a screenshot's pixels that every read starts with: the luma plane, the grid
//! search's small copies (each block's darkest and lightest pixel, so one-pixel lines survive the
//! shrink in either polarity, in luma and in a hue-blind tone) and the screen's polarity, on two
//! threads.

use super::luma::{Luma, Polarity};
use image::RgbaImage;

/// The short side the grid search works at: about 540 pixels (its cost falls with the square of
/// the shrink factor, and one-pixel lines survive a shrink that keeps each block's ink).
const SEARCH_SIDE: u32 = 540;

/// Everything the read needs from the raw pixels, made in one pass over the screenshot (it touches
/// every pixel of ~10 MB, so it is done once, on two threads): the luma plane, its copies `factor`
/// times smaller that keep each block's darkest and lightest pixel (the grid search's input in
/// either polarity), the same for the hue-blind tone, and the polarity the screen suggests.
#[derive(Debug, Clone)]
pub struct Planes {
    pub luma: Luma,
    pub factor: u32,
    darkest: Luma,
    lightest: Luma,
    /// Each block's darkest brightest channel, and its lightest dimmest channel (full size when
    /// `factor` is 1).
    darkest_tone: Luma,
    lightest_tone: Luma,
    pub polarity: Polarity,
}

/// The grid search's input in one polarity: two planes of one size that keep each block's ink.
///
/// `tone` is hue-blind: on a light screen each pixel's brightest channel, on a dark one its
/// dimmest. Apps tint their highlights (the selected row and box, same-digit cells) in a colour,
/// and a light tint of any hue keeps one channel near the paper's level while a grey line keeps
/// none: a pink same-digit tint is darker than the grey cell lines in luma (207 against 222 on one
/// skin) but 18 levels lighter in its brightest channel. Lines drawn in a colour stand out in
/// luma instead (a saturated orange line is as bright as the paper in its brightest channel).
#[derive(Debug, Clone, Copy)]
pub struct Shrunk<'a> {
    pub luma: &'a Luma,
    pub tone: &'a Luma,
}

/// One thread's share of `Planes::from_rgba`: luma rows, shrunk rows, sampled histogram.
struct Share<'a> {
    rgba: &'a [u8],
    luma: &'a mut [u8],
    darkest: &'a mut [u8],
    lightest: &'a mut [u8],
    darkest_tone: &'a mut [u8],
    lightest_tone: &'a mut [u8],
    /// Index of the share's first pixel in the whole image (for the every-7th-pixel sample).
    first: usize,
}

impl Planes {
    pub fn from_rgba(img: &RgbaImage) -> Planes {
        let (w, h) = (img.width(), img.height());
        let f = (w.min(h) / SEARCH_SIDE).max(1);
        let (sw, sh) = if f > 1 { (w / f, h / f) } else { (0, 0) };
        let (tw, th) = if f > 1 { (sw, sh) } else { (w, h) };
        let mut luma = vec![0u8; (w * h) as usize];
        let mut darkest = vec![0u8; (sw * sh) as usize];
        let mut lightest = vec![0u8; (sw * sh) as usize];
        let mut darkest_tone = vec![0u8; (tw * th) as usize];
        let mut lightest_tone = vec![0u8; (tw * th) as usize];
        // Two shares split at a block boundary, so each thread owns whole shrunk rows.
        let split_rows = if f > 1 { sh / 2 * f } else { h / 2 };
        let split_small = (split_rows / f.max(1) * sw) as usize;
        let split_tone = (split_rows / f.max(1) * tw) as usize;
        let split = (split_rows * w) as usize;
        let raw = img.as_raw();
        let (ra, rb) = raw.split_at(split * 4);
        let (la, lb) = luma.split_at_mut(split);
        let (da, db) = darkest.split_at_mut(split_small);
        let (ha, hb) = lightest.split_at_mut(split_small);
        let (dta, dtb) = darkest_tone.split_at_mut(split_tone);
        let (hta, htb) = lightest_tone.split_at_mut(split_tone);
        let shares = [
            Share {
                rgba: ra,
                luma: la,
                darkest: da,
                lightest: ha,
                darkest_tone: dta,
                lightest_tone: hta,
                first: 0,
            },
            Share {
                rgba: rb,
                luma: lb,
                darkest: db,
                lightest: hb,
                darkest_tone: dtb,
                lightest_tone: htb,
                first: split,
            },
        ];
        let hist = Share::run_both(shares, w, f, sw);
        let small = |data| Luma {
            width: sw,
            height: sh,
            data,
        };
        let tone = |data| Luma {
            width: tw,
            height: th,
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
            darkest_tone: tone(darkest_tone),
            lightest_tone: tone(lightest_tone),
            polarity: Polarity::from_histogram(&hist),
        }
    }

    /// The grid search's copies for `polarity`: each block's most inky pixel, in luma and tone.
    pub fn shrunk(&self, polarity: Polarity) -> Shrunk<'_> {
        let luma = match (self.factor, polarity) {
            (1, _) => &self.luma,
            (_, Polarity::DarkOnLight) => &self.darkest,
            (_, Polarity::LightOnDark) => &self.lightest,
        };
        let tone = match polarity {
            Polarity::DarkOnLight => &self.darkest_tone,
            Polarity::LightOnDark => &self.lightest_tone,
        };
        Shrunk { luma, tone }
    }
}

impl Share<'_> {
    /// Runs the two shares on two threads; returns the whole image's sampled histogram.
    fn run_both(shares: [Share; 2], w: u32, f: u32, sw: u32) -> [u32; 256] {
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
        hist
    }

    /// Converts this share's rows; returns its histogram of every 7th pixel of the whole image.
    fn run(self, w: u32, f: u32, sw: u32) -> [u32; 256] {
        let mut hist = [0u32; 256];
        let w = w as usize;
        let f = f as usize;
        // The tone planes are full size when nothing shrinks.
        let tw = if f > 1 { sw as usize } else { w };
        let mut columns = Columns::new(w);
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
            columns.add(src, dst, y % f == 0, f > 1);
            let row = y / f;
            if y % f != f - 1 || (row + 1) * tw > self.darkest_tone.len() {
                continue;
            }
            let blocks = row * tw..(row + 1) * tw;
            reduce(
                f,
                &columns.dark_tone,
                &mut self.darkest_tone[blocks.clone()],
                u8::min,
            );
            reduce(
                f,
                &columns.light_tone,
                &mut self.lightest_tone[blocks.clone()],
                u8::max,
            );
            if f > 1 {
                reduce(f, &columns.dark, &mut self.darkest[blocks.clone()], u8::min);
                reduce(f, &columns.light, &mut self.lightest[blocks], u8::max);
            }
        }
        hist
    }
}

/// Each image column's darkest and lightest luma and tone over the rows of one block row so far.
/// Folding a row in is element by element (it vectorises); `reduce` then folds across a block's
/// columns once per block row, not once per image row.
struct Columns {
    dark: Vec<u8>,
    light: Vec<u8>,
    dark_tone: Vec<u8>,
    light_tone: Vec<u8>,
}

impl Columns {
    fn new(w: usize) -> Columns {
        Columns {
            dark: vec![255; w],
            light: vec![0; w],
            dark_tone: vec![255; w],
            light_tone: vec![0; w],
        }
    }

    /// Folds in one image row (`rgba` and its `luma`); `first` starts a new block row. Luma is
    /// folded only when `shrinking`: unshrunk, the search reads the luma plane itself.
    fn add(&mut self, rgba: &[u8], luma: &[u8], first: bool, shrinking: bool) {
        if first {
            self.dark.fill(255);
            self.light.fill(0);
            self.dark_tone.fill(255);
            self.light_tone.fill(0);
        }
        if shrinking {
            for ((d, l), &v) in self.dark.iter_mut().zip(self.light.iter_mut()).zip(luma) {
                (*d, *l) = ((*d).min(v), (*l).max(v));
            }
        }
        // Sixteen pixels at a time vectorise (a third faster than one at a time); then the rest.
        let whole = rgba.len() / 64 * 16;
        let (dark, light) = (&mut self.dark_tone[..], &mut self.light_tone[..]);
        let blocks = dark.chunks_exact_mut(16).zip(light.chunks_exact_mut(16));
        for ((d, l), p) in blocks.zip(rgba.chunks_exact(64)) {
            let p: &[u8; 64] = p.try_into().unwrap_or(&[0; 64]);
            for k in 0..16 {
                let (bright, dim) = tones(p[4 * k], p[4 * k + 1], p[4 * k + 2]);
                (d[k], l[k]) = (d[k].min(bright), l[k].max(dim));
            }
        }
        let rest = dark[whole..].iter_mut().zip(&mut light[whole..]);
        for ((d, l), p) in rest.zip(rgba[whole * 4..].chunks_exact(4)) {
            let (bright, dim) = tones(p[0], p[1], p[2]);
            (*d, *l) = ((*d).min(bright), (*l).max(dim));
        }
    }
}

/// A pixel's brightest and dimmest channel.
fn tones(r: u8, g: u8, b: u8) -> (u8, u8) {
    (r.max(g).max(b), r.min(g).min(b))
}

/// Each block of `f` columns of `columns` folded by `pick` into one pixel of `out`.
fn reduce(f: usize, columns: &[u8], out: &mut [u8], pick: fn(u8, u8) -> u8) {
    // Fixed block widths let the compiler vectorise the common factors.
    fn blocks<const F: usize>(columns: &[u8], out: &mut [u8], pick: fn(u8, u8) -> u8) {
        for (o, block) in out.iter_mut().zip(columns.chunks_exact(F)) {
            let block: &[u8; F] = block.try_into().unwrap_or(&[0; F]);
            *o = block[1..].iter().fold(block[0], |a, &b| pick(a, b));
        }
    }
    match f {
        1 => out.copy_from_slice(&columns[..out.len()]),
        2 => blocks::<2>(columns, out, pick),
        3 => blocks::<3>(columns, out, pick),
        4 => blocks::<4>(columns, out, pick),
        _ => {
            for (o, block) in out.iter_mut().zip(columns.chunks_exact(f)) {
                *o = block.iter().copied().reduce(pick).unwrap_or(0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::pixels::luma::luma;
    use image::Rgba;

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
    fn planes_match_the_plain_conversion_shrinks_and_guess() {
        // Odd sizes, so the shrink drops partial blocks and the threads split mid-image.
        for (w, h) in [(1090u32, 2203u32), (37, 51), (1625, 1083), (1630, 1701)] {
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
            // The tone: the brightest channel on a light screen, the dimmest on a dark one.
            let channel = |pick: fn(u8, u8) -> u8| Luma {
                width: w,
                height: h,
                data: img
                    .pixels()
                    .map(|px| pick(pick(px[0], px[1]), px[2]))
                    .collect(),
            };
            let tones = [channel(u8::max), channel(u8::min)];
            for (polarity, tone) in Polarity::BOTH.into_iter().zip(&tones) {
                let got = p.shrunk(polarity);
                for (got, plane) in [(got.luma, &slow), (got.tone, tone)] {
                    let want = shrink_keeping_ink(plane, p.factor, polarity);
                    assert_eq!((got.width, got.height), (want.width, want.height));
                    assert_eq!(got.data, want.data, "{w}x{h} {polarity:?}");
                }
            }
        }
    }
}
