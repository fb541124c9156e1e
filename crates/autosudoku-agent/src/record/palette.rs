//! A 256-colour palette that keeps an app's text crisp: the colours the first frame uses most
//! (background, lines, digit colours) are kept exactly, a 6x6x6 cube covers everything that shows
//! up later (dialogs, highlights), and the overlay colours are reserved. Nearest-colour lookups are
//! memoised, since a Sudoku screen has few distinct colours.

use image::{Rgba, RgbaImage};
use std::collections::HashMap;

/// Colours the recorder draws with; always present, exact.
pub const OVERLAY: [[u8; 3]; 4] = [[0, 0, 0], [255, 255, 255], [230, 40, 40], [255, 200, 0]];

/// Index 255 is the transparent colour of diff frames ("unchanged since the last frame").
pub const TRANSPARENT: u8 = 255;

const CUBE: [u8; 6] = [0, 51, 102, 153, 204, 255];

pub struct Palette {
    colors: Vec<[u8; 3]>,
    memo: HashMap<[u8; 3], u8>,
}

impl Palette {
    /// Builds the palette from the first frame of a recording.
    pub fn from_frame(frame: &RgbaImage) -> Palette {
        let mut colors: Vec<[u8; 3]> = OVERLAY.to_vec();
        for r in CUBE {
            for g in CUBE {
                for b in CUBE {
                    if !colors.contains(&[r, g, b]) {
                        colors.push([r, g, b]);
                    }
                }
            }
        }
        let mut counts: HashMap<[u8; 3], u32> = HashMap::new();
        for p in frame.pixels() {
            *counts.entry([p[0], p[1], p[2]]).or_default() += 1;
        }
        let mut frequent: Vec<([u8; 3], u32)> = counts.into_iter().collect();
        frequent.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        for (color, _) in frequent {
            if colors.len() >= TRANSPARENT as usize {
                break;
            }
            if !colors.contains(&color) {
                colors.push(color);
            }
        }
        Palette {
            colors,
            memo: HashMap::new(),
        }
    }

    /// The palette as GIF wants it: 256 RGB triples (unused and transparent slots black).
    pub fn gif_table(&self) -> Vec<u8> {
        let mut table = vec![0u8; 256 * 3];
        for (i, c) in self.colors.iter().enumerate() {
            table[i * 3..i * 3 + 3].copy_from_slice(c);
        }
        table
    }

    /// The index of the palette colour closest to `p` (squared RGB distance, green weighted as the eye does).
    pub fn index(&mut self, p: Rgba<u8>) -> u8 {
        let key = [p[0], p[1], p[2]];
        if let Some(&i) = self.memo.get(&key) {
            return i;
        }
        let dist = |c: &[u8; 3]| {
            let d = |a: u8, b: u8| (a as i32 - b as i32).pow(2);
            2 * d(c[0], key[0]) + 4 * d(c[1], key[1]) + 3 * d(c[2], key[2])
        };
        let best = self
            .colors
            .iter()
            .enumerate()
            .min_by_key(|(_, c)| dist(c))
            .map_or(0, |(i, _)| i as u8);
        self.memo.insert(key, best);
        best
    }

    #[cfg(test)]
    pub fn color(&self, index: u8) -> Option<[u8; 3]> {
        self.colors.get(index as usize).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn app_colours_stay_exact_and_overlay_is_reserved() {
        let mut img = RgbaImage::from_pixel(40, 40, Rgba([250, 248, 240, 255]));
        for x in 0..40 {
            img.put_pixel(x, 3, Rgba([37, 99, 235, 255]));
        }
        let mut p = Palette::from_frame(&img);
        for c in [[250, 248, 240], [37, 99, 235]].into_iter().chain(OVERLAY) {
            let i = p.index(Rgba([c[0], c[1], c[2], 255]));
            assert_eq!(p.color(i), Some(c));
            assert_ne!(i, TRANSPARENT);
        }
        // A colour never seen maps to something close.
        let i = p.index(Rgba([120, 10, 200, 255]));
        let c = p.color(i).unwrap();
        assert!(
            c.iter()
                .zip([120u8, 10, 200])
                .all(|(a, b)| a.abs_diff(b) <= 30),
            "{c:?}"
        );
        assert_eq!(p.gif_table().len(), 768);
    }
}
