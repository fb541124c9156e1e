//! The luma plane and what it tells at once: BT.601 luma of a pixel, box-averaged smaller copies,
//! and the screen's polarity (dark ink on a light screen or light on dark). Pure functions over
//! image buffers.

use image::Rgba;
use serde::Serialize;

/// An 8-bit luma plane, row-major. BT.601 weights in fixed point, as every screenshot tool uses.
#[derive(Debug, Clone)]
pub struct Luma {
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

impl Luma {
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

#[cfg(test)]
pub(in crate::vision) mod tests {
    use super::*;

    /// A plane of `w` x `h` pixels valued `f(x, y)` (also the line masks' tests).
    pub(in crate::vision) fn plane(w: u32, h: u32, f: impl Fn(u32, u32) -> u8) -> Luma {
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
}
