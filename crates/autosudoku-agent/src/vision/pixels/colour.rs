//! Colour helpers: how far apart two colours look, how colourful one is, and the median colour or
//! grey level of some pixels (a cell's paper from its border ring, a region's background).

use image::Rgba;

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
