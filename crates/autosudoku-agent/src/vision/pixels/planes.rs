//! The one pass over a screenshot's pixels that every read starts with: the luma plane, the grid
//! search's small copies (each block's darkest and lightest pixel, so one-pixel lines survive the
//! shrink in either polarity) and the screen's polarity, on two threads. The same copies of the
//! hue-blind tone are made only when the grid search asks for them.

use super::luma::{Luma, Polarity};
use crate::vision::parallel::join;
use image::RgbaImage;
use std::sync::OnceLock;

/// The short side the grid search works at: about 540 pixels (its cost falls with the square of
/// the shrink factor, and one-pixel lines survive a shrink that keeps each block's ink).
const SEARCH_SIDE: u32 = 540;

/// Everything the read needs from the raw pixels, made in one pass over the screenshot (it touches
/// every pixel of ~10 MB, so it is done once, on two threads): the luma plane, its copies `factor`
/// times smaller that keep each block's darkest and lightest pixel (the grid search's input in
/// either polarity), and the polarity the screen suggests. The hue-blind tone's copies take a
/// second pass, made on first use: only a grid luma misses, or finds partly covered, needs them.
#[derive(Debug)]
pub struct Planes<'a> {
    img: &'a RgbaImage,
    pub luma: Luma,
    pub factor: u32,
    darkest: Luma,
    lightest: Luma,
    /// Each block's darkest brightest channel, and its lightest dimmest channel (full size when
    /// `factor` is 1).
    tones: OnceLock<[Luma; 2]>,
    pub polarity: Polarity,
}

/// The grid search's input in one polarity: planes of one size that keep each block's ink.
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
    /// Present when asked for.
    pub tone: Option<&'a Luma>,
}

/// How a screenshot's rows fall into the search's blocks, and into the two threads' shares.
#[derive(Debug, Clone, Copy)]
struct Blocks {
    width: usize,
    factor: usize,
    /// The small copies' size (the full size when `factor` is 1).
    small: (usize, usize),
    /// The image rows of the first share: whole block rows, so each thread owns its small rows.
    split: usize,
}

impl Blocks {
    fn new(img: &RgbaImage) -> Blocks {
        let (w, h) = (img.width() as usize, img.height() as usize);
        let f = (w.min(h) / SEARCH_SIDE as usize).max(1);
        let small = (w / f, h / f);
        Blocks {
            width: w,
            factor: f,
            small,
            split: small.1 / 2 * f,
        }
    }

    fn plane(&self, data: Vec<u8>) -> Luma {
        Luma {
            width: self.small.0 as u32,
            height: self.small.1 as u32,
            data,
        }
    }

    /// `plane` (`per_row` bytes for each image row, or for each block row when `small`) cut at
    /// the shares' split.
    fn halves<'p>(&self, plane: &'p mut [u8], per_row: usize, small: bool) -> [&'p mut [u8]; 2] {
        let rows = if small {
            self.split / self.factor
        } else {
            self.split
        };
        let (a, b) = plane.split_at_mut(rows * per_row);
        [a, b]
    }
}

impl<'a> Planes<'a> {
    pub fn from_rgba(img: &'a RgbaImage) -> Planes<'a> {
        let blocks = Blocks::new(img);
        let (w, h) = (blocks.width, img.height() as usize);
        // Unshrunk, the search reads the luma plane itself.
        let (sw, sh) = if blocks.factor > 1 {
            blocks.small
        } else {
            (0, 0)
        };
        let mut luma = vec![0u8; w * h];
        let mut darkest = vec![0u8; sw * sh];
        let mut lightest = vec![0u8; sw * sh];
        let [ra, rb] = rgba_halves(img, &blocks);
        let [la, lb] = blocks.halves(&mut luma, w, false);
        let [da, db] = blocks.halves(&mut darkest, sw, true);
        let [ha, hb] = blocks.halves(&mut lightest, sw, true);
        let first = blocks.split * w;
        let (a, b) = join(
            || luma_rows(ra, la, [da, ha], 0, &blocks),
            || luma_rows(rb, lb, [db, hb], first, &blocks),
        );
        let mut hist = a;
        hist.iter_mut().zip(b).for_each(|(a, b)| *a += b);
        let small = |data| Luma {
            width: sw as u32,
            height: sh as u32,
            data,
        };
        Planes {
            img,
            luma: Luma {
                width: w as u32,
                height: h as u32,
                data: luma,
            },
            factor: blocks.factor as u32,
            darkest: small(darkest),
            lightest: small(lightest),
            tones: OnceLock::new(),
            polarity: Polarity::from_histogram(&hist),
        }
    }

    /// The grid search's copies for `polarity`: each block's most inky pixel, in luma, and in the
    /// tone when `tone` asks for it.
    pub fn shrunk(&self, polarity: Polarity, tone: bool) -> Shrunk<'_> {
        let luma = match (self.factor, polarity) {
            (1, _) => &self.luma,
            (_, Polarity::DarkOnLight) => &self.darkest,
            (_, Polarity::LightOnDark) => &self.lightest,
        };
        let tone = tone.then(|| {
            let [darkest, lightest] = self.tones.get_or_init(|| tone_planes(self.img));
            match polarity {
                Polarity::DarkOnLight => darkest,
                Polarity::LightOnDark => lightest,
            }
        });
        Shrunk { luma, tone }
    }
}

/// The screenshot's RGBA bytes cut at the shares' split.
fn rgba_halves<'i>(img: &'i RgbaImage, blocks: &Blocks) -> [&'i [u8]; 2] {
    let (a, b) = img.as_raw().split_at(blocks.split * blocks.width * 4);
    [a, b]
}

/// The tone's copies (darkest brightest channel, lightest dimmest channel), on two threads.
fn tone_planes(img: &RgbaImage) -> [Luma; 2] {
    let blocks = Blocks::new(img);
    let len = blocks.small.0 * blocks.small.1;
    let (mut darkest, mut lightest) = (vec![0u8; len], vec![0u8; len]);
    let [ra, rb] = rgba_halves(img, &blocks);
    let [da, db] = blocks.halves(&mut darkest, blocks.small.0, true);
    let [ha, hb] = blocks.halves(&mut lightest, blocks.small.0, true);
    join(
        || tone_rows(ra, [da, ha], &blocks),
        || tone_rows(rb, [db, hb], &blocks),
    );
    [blocks.plane(darkest), blocks.plane(lightest)]
}

/// One share's luma rows, and its blocks' darkest and lightest luma (`out`) when shrinking;
/// returns its histogram of every 7th pixel of the whole image (`first`: the share's first pixel).
fn luma_rows(
    rgba: &[u8],
    luma: &mut [u8],
    mut out: [&mut [u8]; 2],
    first: usize,
    blocks: &Blocks,
) -> [u32; 256] {
    let mut hist = [0u32; 256];
    let w = blocks.width;
    let mut fold = Fold::new(w);
    for (y, (src, dst)) in rgba
        .chunks_exact(w * 4)
        .zip(luma.chunks_exact_mut(w))
        .enumerate()
    {
        for (o, p) in dst.iter_mut().zip(src.chunks_exact(4)) {
            *o = ((p[0] as u32 * 77 + p[1] as u32 * 150 + p[2] as u32 * 29) >> 8) as u8;
        }
        let start = first + y * w;
        for v in dst[(7 - start % 7) % 7..].iter().step_by(7) {
            hist[*v as usize] += 1;
        }
        if blocks.factor > 1 {
            fold.add(dst, dst, y, blocks, &mut out);
        }
    }
    hist
}

/// One share's blocks' darkest brightest channel and lightest dimmest channel (`out`).
fn tone_rows(rgba: &[u8], mut out: [&mut [u8]; 2], blocks: &Blocks) {
    let w = blocks.width;
    let (mut bright, mut dim) = (vec![0u8; w], vec![0u8; w]);
    let mut fold = Fold::new(w);
    for (y, src) in rgba.chunks_exact(w * 4).enumerate() {
        for ((b, d), p) in bright
            .iter_mut()
            .zip(dim.iter_mut())
            .zip(src.chunks_exact(4))
        {
            (*b, *d) = (p[0].max(p[1]).max(p[2]), p[0].min(p[1]).min(p[2]));
        }
        fold.add(&bright, &dim, y, blocks, &mut out);
    }
}

/// Each image column's darkest and lightest value over the rows of one block row so far.
/// Folding a row in is element by element (it vectorises); the block row's pixels are then
/// folded across each block's columns once, not once per image row.
struct Fold {
    dark: Vec<u8>,
    light: Vec<u8>,
}

impl Fold {
    fn new(w: usize) -> Fold {
        Fold {
            dark: vec![255; w],
            light: vec![0; w],
        }
    }

    /// Folds in image row `y` of the share (`dark` folded by min, `light` by max); at a block
    /// row's last image row, writes its darkest and lightest pixels to `out`'s rows.
    fn add(
        &mut self,
        dark: &[u8],
        light: &[u8],
        y: usize,
        blocks: &Blocks,
        out: &mut [&mut [u8]; 2],
    ) {
        let f = blocks.factor;
        if y.is_multiple_of(f) {
            self.dark.fill(255);
            self.light.fill(0);
        }
        for (d, &v) in self.dark.iter_mut().zip(dark) {
            *d = (*d).min(v);
        }
        for (l, &v) in self.light.iter_mut().zip(light) {
            *l = (*l).max(v);
        }
        let (row, sw) = (y / f, blocks.small.0);
        if y % f != f - 1 || (row + 1) * sw > out[0].len() {
            return;
        }
        let rows = row * sw..(row + 1) * sw;
        reduce(f, &self.dark, &mut out[0][rows.clone()], u8::min);
        reduce(f, &self.light, &mut out[1][rows], u8::max);
    }
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
                let got = p.shrunk(polarity, true);
                assert!(p.shrunk(polarity, false).tone.is_none());
                for (got, plane) in [(got.luma, &slow), (got.tone.unwrap(), tone)] {
                    let want = shrink_keeping_ink(plane, p.factor, polarity);
                    assert_eq!((got.width, got.height), (want.width, want.height));
                    assert_eq!(got.data, want.data, "{w}x{h} {polarity:?}");
                }
            }
        }
    }
}
