//! One digit's shape, independent of app, size, colour and theme: ink coverage (0 paper .. 1 ink)
//! cut to the digit's box, scaled to `SIDE` pixels high keeping its proportions, centred. Templates,
//! clustering and the OCR crop all start from it. Also its topology (holes), an independent check
//! against the classic confusions: 8 has two holes, 6 one low, 9 one high, 1/2/3/5/7 none.

use image::{GrayImage, Luma as Gray};

/// Side of the normalised square, in pixels.
pub const SIDE: u32 = 32;

/// Ink coverage over a box, row-major, at the source resolution.
#[derive(Debug, Clone)]
pub struct Coverage {
    pub width: u32,
    pub height: u32,
    pub alpha: Vec<f32>,
}

impl Coverage {
    pub fn at(&self, x: u32, y: u32) -> f32 {
        self.alpha[(y * self.width + x) as usize]
    }

    /// Bilinear interpolation between pixel centres, at `(x, y)` in pixel units (edges clamped).
    pub fn bilinear(&self, x: f32, y: f32) -> f32 {
        let fx = (x - 0.5).clamp(0.0, self.width as f32 - 1.0);
        let fy = (y - 0.5).clamp(0.0, self.height as f32 - 1.0);
        let (x0, y0) = (fx as u32, fy as u32);
        let (x1, y1) = ((x0 + 1).min(self.width - 1), (y0 + 1).min(self.height - 1));
        let (tx, ty) = (fx - x0 as f32, fy - y0 as f32);
        (self.at(x0, y0) * (1.0 - tx) + self.at(x1, y0) * tx) * (1.0 - ty)
            + (self.at(x0, y1) * (1.0 - tx) + self.at(x1, y1) * tx) * ty
    }
}

/// Zero mean, unit length.
fn zero_mean_unit(pixels: &[f32]) -> Vec<f32> {
    let mean = pixels.iter().sum::<f32>() / pixels.len() as f32;
    let mut unit: Vec<f32> = pixels.iter().map(|p| p - mean).collect();
    let norm = unit.iter().map(|v| v * v).sum::<f32>().sqrt().max(1e-6);
    unit.iter_mut().for_each(|v| *v /= norm);
    unit
}

/// The dot product of two glyph planes, in eight running sums. One sum is one chain of dependent
/// float additions, which the compiler may not reorder, so it stays scalar; eight vectorise. Every
/// read compares each glyph with every template of every known set: in one sum this was the
/// largest cost of a warm read after the grid search (about 3 ms of 30 at 1080x2400).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    const LANES: usize = 8;
    let mut sums = [0.0f32; LANES];
    let (ca, cb) = (a.chunks_exact(LANES), b.chunks_exact(LANES));
    let tail: f32 = ca
        .remainder()
        .iter()
        .zip(cb.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in ca.zip(cb) {
        for ((s, x), y) in sums.iter_mut().zip(x).zip(y) {
            *s += x * y;
        }
    }
    sums.iter().sum::<f32>() + tail
}

/// A `SIDE` x `SIDE` picture blurred with the 3x3 binomial kernel (paper beyond the edges).
fn blur(pixels: &[f32]) -> Vec<f32> {
    let s = SIDE as usize;
    let pass = |src: &[f32], step: usize| -> Vec<f32> {
        (0..s * s)
            .map(|i| {
                let along = if step == 1 { i % s } else { i / s };
                let before = if along > 0 { src[i - step] } else { 0.0 };
                let after = if along + 1 < s { src[i + step] } else { 0.0 };
                (before + 2.0 * src[i] + after) / 4.0
            })
            .collect()
    };
    pass(&pass(pixels, 1), s)
}

/// A normalised digit image plus two zero-mean, unit-length copies for correlation: one sharp, one
/// slightly blurred.
#[derive(Debug, Clone)]
pub struct Glyph {
    pub pixels: Vec<f32>,
    unit: Vec<f32>,
    soft: Vec<f32>,
}

impl Glyph {
    /// Scales `cov` into the `SIDE` x `SIDE` square (aspect kept, centred): area averaging when
    /// shrinking, bilinear interpolation when enlarging a digit smaller than the square (small
    /// screenshots), so a glyph keeps its shape at any source size.
    pub fn from_coverage(cov: &Coverage) -> Glyph {
        let side = SIDE as f32;
        let scale = side / cov.width.max(cov.height) as f32;
        let (w, h) = (cov.width as f32 * scale, cov.height as f32 * scale);
        let (ox, oy) = ((side - w) / 2.0, (side - h) / 2.0);
        let inside = |tx: u32, ty: u32| {
            tx as f32 >= ox && (tx as f32) < ox + w && ty as f32 >= oy && (ty as f32) < oy + h
        };
        if scale > 1.0 {
            let pixels = (0..SIDE * SIDE)
                .map(|i| {
                    let (tx, ty) = (i % SIDE, i / SIDE);
                    if !inside(tx, ty) {
                        return 0.0;
                    }
                    let sx = (tx as f32 + 0.5 - ox) / scale;
                    let sy = (ty as f32 + 0.5 - oy) / scale;
                    cov.bilinear(sx, sy)
                })
                .collect();
            return Glyph::from_pixels(pixels);
        }
        let mut sum = vec![0.0f32; (SIDE * SIDE) as usize];
        let mut n = vec![0.0f32; (SIDE * SIDE) as usize];
        for y in 0..cov.height {
            let ty = ((oy + (y as f32 + 0.5) * scale) as u32).min(SIDE - 1);
            for x in 0..cov.width {
                let tx = ((ox + (x as f32 + 0.5) * scale) as u32).min(SIDE - 1);
                let i = (ty * SIDE + tx) as usize;
                sum[i] += cov.at(x, y);
                n[i] += 1.0;
            }
        }
        // A box edge that falls between source pixels can leave an edge pixel empty: nearest.
        let pixels = (0..SIDE * SIDE)
            .map(|i| {
                let (tx, ty) = (i % SIDE, i / SIDE);
                if n[i as usize] > 0.0 {
                    return sum[i as usize] / n[i as usize];
                }
                if !inside(tx, ty) {
                    return 0.0;
                }
                let sx = (((tx as f32 + 0.5 - ox) / scale) as u32).min(cov.width - 1);
                let sy = (((ty as f32 + 0.5 - oy) / scale) as u32).min(cov.height - 1);
                cov.at(sx, sy)
            })
            .collect();
        Glyph::from_pixels(pixels)
    }

    fn from_pixels(pixels: Vec<f32>) -> Glyph {
        Glyph {
            unit: zero_mean_unit(&pixels),
            soft: zero_mean_unit(&blur(&pixels)),
            pixels,
        }
    }

    /// Normalised cross-correlation, -1..1; 1 for the same shape.
    pub fn similarity(&self, other: &Glyph) -> f32 {
        dot(&self.unit, &other.unit)
    }

    /// `similarity` of the slightly blurred shapes: what template matching uses. A template learned
    /// at one resolution and a glyph seen at another differ by up to a pixel of the square where
    /// their boxes were quantised; the blur makes that cost little, while different digits stay
    /// far apart (docs/notes/vision.md, "Glyph and icon matching").
    pub fn tolerant_similarity(&self, other: &Glyph) -> f32 {
        dot(&self.soft, &other.soft)
    }

    /// As a greyscale picture, black ink on white (how templates are stored).
    pub fn to_image(&self) -> GrayImage {
        GrayImage::from_fn(SIDE, SIDE, |x, y| {
            Gray([255 - (self.pixels[(y * SIDE + x) as usize] * 255.0).round() as u8])
        })
    }

    /// From a stored template picture; `None` if it is not `SIDE` x `SIDE`.
    pub fn from_image(img: &GrayImage) -> Option<Glyph> {
        if img.dimensions() != (SIDE, SIDE) {
            return None;
        }
        Some(Glyph::from_pixels(
            img.pixels().map(|p| (255 - p[0]) as f32 / 255.0).collect(),
        ))
    }
}

/// The enclosed paper regions of a digit: how many, and where the highest one sits (0 top .. 1 bottom).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Holes {
    pub count: u8,
    pub first_y: f32,
    /// The same in the solid ink only: in a small anti-aliased glyph (a 9 eleven pixels tall,
    /// through JPEG) a stroke's end that nearly touches another closes a false loop with its
    /// faint edge pixels.
    solid: (u8, f32),
}

/// Coverage from which ink is solid (the edge of a stroke is fainter).
const SOLID: f32 = 0.7;

impl Holes {
    /// Counts holes in the ink (`alpha >= 0.5`), ignoring specks under 1% of the box, and again in
    /// the solid ink.
    pub fn of(cov: &Coverage) -> Holes {
        let (count, first_y) = loops(cov, 0.5);
        Holes {
            count,
            first_y,
            solid: loops(cov, SOLID),
        }
    }

    /// Whether a reading of `digit` is possible for this topology: that of the ink, or that of
    /// the solid ink when a faint edge closed a loop that the solid ink leaves open (never a loop
    /// fewer than one: a 9 whose faint loop opens is no 3). The solid ink keeps both loops of
    /// an 8 (docs/notes/vision.md, "Glyph and icon matching").
    pub fn allows(self, digit: u8) -> bool {
        let (count, first_y) = self.solid;
        fits(digit, self.count, self.first_y)
            || (count >= 1 && count < self.count && fits(digit, count, first_y))
    }
}

/// Lenient where fonts differ (an open or closed 4, a 6 or 9 whose loop does not quite close).
fn fits(digit: u8, count: u8, first_y: f32) -> bool {
    match (digit, count) {
        (8, 2) => true,
        (8, 1) => true,
        (6, 1) => first_y > 0.5,
        (9, 1) => first_y < 0.5,
        (6 | 9 | 4, 0) => true,
        (4, 1) => true,
        (1 | 2 | 3 | 5 | 7, 0) => true,
        _ => false,
    }
}

/// The holes of the ink at coverage `at` and up: how many, and the highest one's height.
fn loops(cov: &Coverage, at: f32) -> (u8, f32) {
    let (w, h) = (cov.width as i32 + 2, cov.height as i32 + 2);
    let ink = |x: i32, y: i32| {
        x >= 1
            && y >= 1
            && x <= cov.width as i32
            && y <= cov.height as i32
            && cov.at(x as u32 - 1, y as u32 - 1) >= at
    };
    let mut seen = vec![false; (w * h) as usize];
    let min_area = ((cov.width * cov.height) as f32 * 0.01).max(2.0) as usize;
    let mut holes = Vec::new();
    let mut stack = Vec::new();
    for sy in 0..h {
        for sx in 0..w {
            if seen[(sy * w + sx) as usize] || ink(sx, sy) {
                continue;
            }
            // Flood one paper region; the first one (from the padded corner) is the outside.
            let (mut area, mut sum_y) = (0usize, 0i64);
            seen[(sy * w + sx) as usize] = true;
            stack.push((sx, sy));
            while let Some((x, y)) = stack.pop() {
                area += 1;
                sum_y += y as i64;
                for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                    if nx < 0 || ny < 0 || nx >= w || ny >= h {
                        continue;
                    }
                    let i = (ny * w + nx) as usize;
                    if !seen[i] && !ink(nx, ny) {
                        seen[i] = true;
                        stack.push((nx, ny));
                    }
                }
            }
            let outside = sx == 0 && sy == 0;
            if !outside && area >= min_area {
                holes.push((sum_y as f32 / area as f32 - 1.0) / cov.height as f32);
            }
        }
    }
    holes.sort_by(f32::total_cmp);
    (
        holes.len().min(255) as u8,
        holes.first().copied().unwrap_or(0.5),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn the_eight_sum_dot_product_is_the_plain_one(
            pairs in proptest::collection::vec((-1.0f32..1.0, -1.0f32..1.0), 0..1100)
        ) {
            let (a, b): (Vec<f32>, Vec<f32>) = pairs.into_iter().unzip();
            let plain: f32 = a.iter().zip(&b).map(|(x, y)| x * y).sum();
            prop_assert!((dot(&a, &b) - plain).abs() < 1e-3, "{} vs {plain}", dot(&a, &b));
        }
    }

    /// A ring (a zero), 10x14, with a 2-pixel stroke.
    fn ring() -> Coverage {
        let (w, h) = (10u32, 14u32);
        let alpha = (0..w * h)
            .map(|i| {
                let (x, y) = (i % w, i / w);
                if x < 2 || x >= w - 2 || y < 2 || y >= h - 2 {
                    1.0
                } else {
                    0.0
                }
            })
            .collect();
        Coverage {
            width: w,
            height: h,
            alpha,
        }
    }

    #[test]
    fn a_ring_has_one_central_hole() {
        let holes = Holes::of(&ring());
        assert_eq!(holes.count, 1);
        assert!((holes.first_y - 0.5).abs() < 0.05, "{holes:?}");
        assert!(!holes.allows(1) && !holes.allows(3) && holes.allows(8));
    }

    #[test]
    fn glyphs_keep_their_shape_across_sizes_and_survive_a_png_round_trip() {
        let small = Glyph::from_coverage(&ring());
        let big_cov = {
            let r = ring();
            let (w, h) = (r.width * 3, r.height * 3);
            Coverage {
                width: w,
                height: h,
                alpha: (0..w * h).map(|i| r.at(i % w / 3, i / w / 3)).collect(),
            }
        };
        let big = Glyph::from_coverage(&big_cov);
        assert!(small.similarity(&big) > 0.9, "{}", small.similarity(&big));
        // What templates compare: enlarged smoothly and blurred, the two sizes are one shape.
        let t = small.tolerant_similarity(&big);
        assert!(t > 0.95 && t > small.similarity(&big), "{t}");
        let back = Glyph::from_image(&big.to_image()).expect("32x32");
        assert!(back.similarity(&big) > 0.99);
    }

    /// A 9, 11 px tall, whose tail nearly touches its loop: faint pixels (0.6) close a second,
    /// false loop at the bottom. The solid ink has one loop at the top: a 9, not an 8.
    fn nine_with_a_closed_tail(edge: f32) -> Coverage {
        let rows = [
            "..####..", ".#....#.", ".#....#.", ".#....#.", "..#####.", ".e....#.", ".e....#.",
            ".#....#.", "..####..", "........", "........",
        ];
        let alpha = rows
            .iter()
            .flat_map(|r| r.bytes())
            .map(|b| match b {
                b'#' => 1.0,
                b'e' => edge,
                _ => 0.0,
            })
            .collect();
        Coverage {
            width: 8,
            height: rows.len() as u32,
            alpha,
        }
    }

    #[test]
    fn a_false_loop_closed_by_faint_pixels_does_not_veto_a_nine() {
        let faint = Holes::of(&nine_with_a_closed_tail(0.6));
        assert_eq!(faint.count, 2, "{faint:?}");
        assert!(faint.allows(9) && faint.allows(8) && !faint.allows(3) && !faint.allows(6));
        // Closed by solid ink, it is a loop: an 8's shape, no 9.
        let solid = Holes::of(&nine_with_a_closed_tail(1.0));
        assert!(solid.allows(8) && !solid.allows(9), "{solid:?}");
    }
}
