//! The one pass over a screenshot's pixels that every read starts with: the luma plane, the grid
//! search's small copies (each block's darkest and lightest pixel, so one-pixel lines survive the
//! shrink in either polarity) and the screen's polarity, on two threads.

use super::preprocess::{Luma, Polarity};
use image::RgbaImage;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::preprocess::luma;
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
}
