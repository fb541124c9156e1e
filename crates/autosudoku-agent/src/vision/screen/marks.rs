//! Text-sized marks of a grey image: the pixels of one class (dark or light), grouped into
//! 8-connected shapes by runs of a row rather than pixel by pixel, so a full screenshot costs a
//! few tens of milliseconds. The word reader keeps the shapes the size of letters.

use image::GrayImage;

/// A horizontal run of ink on row `y`, columns `x0..=x1`.
#[derive(Clone, Copy)]
struct Span {
    y: u32,
    x0: u32,
    x1: u32,
}

fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Calls `mark(y, x0, x1)` for every run of `is_ink` pixels whose 8-connected shape has a box of
/// at least `min_h` rows and at most `max_w` x `max_h` pixels.
pub fn text_sized_runs(
    gray: &GrayImage,
    is_ink: impl Fn(u8) -> bool,
    (max_w, max_h, min_h): (u32, u32, u32),
    mut mark: impl FnMut(u32, u32, u32),
) {
    let w = gray.width() as usize;
    if w == 0 {
        return;
    }
    let mut spans: Vec<Span> = Vec::new();
    let mut parent: Vec<usize> = Vec::new();
    let mut prev = 0..0; // the previous row's spans
    for (y, row) in gray.as_raw().chunks_exact(w).enumerate() {
        let start = spans.len();
        let mut x = 0;
        while x < w {
            if !is_ink(row[x]) {
                x += 1;
                continue;
            }
            let x0 = x;
            while x < w && is_ink(row[x]) {
                x += 1;
            }
            spans.push(Span {
                y: y as u32,
                x0: x0 as u32,
                x1: x as u32 - 1,
            });
            parent.push(parent.len());
        }
        // Join with the spans above that touch, diagonals included; both rows are sorted by x.
        let mut k = prev.start;
        for i in start..spans.len() {
            let s = spans[i];
            while k < prev.end && spans[k].x1 + 1 < s.x0 {
                k += 1;
            }
            let mut j = k;
            while j < prev.end && spans[j].x0 <= s.x1 + 1 {
                let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                parent[a.max(b)] = a.min(b);
                j += 1;
            }
        }
        prev = start..spans.len();
    }
    let mut boxes = vec![[u32::MAX, u32::MAX, 0, 0]; spans.len()];
    for (i, s) in spans.iter().enumerate() {
        let b = &mut boxes[root(&mut parent, i)];
        *b = [b[0].min(s.x0), b[1].min(s.y), b[2].max(s.x1), b[3].max(s.y)];
    }
    for (s, &p) in spans.iter().zip(&parent) {
        let b = boxes[p];
        let (bw, bh) = (b[2] - b[0] + 1, b[3] - b[1] + 1);
        if bh <= max_h && bw <= max_w && bh >= min_h {
            mark(s.y, s.x0, s.x1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;
    use imageproc::region_labelling::{connected_components, Connectivity};

    /// The same shapes as imageproc's pixel-by-pixel labelling, on random blobs.
    #[test]
    fn runs_keep_exactly_the_small_8_connected_shapes() {
        let mut seed = 12345u32;
        let mut rnd = || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (seed >> 16) % 100
        };
        let img = GrayImage::from_fn(120, 90, |_, _| Luma([if rnd() < 45 { 0 } else { 255 }]));
        let limits = (6, 5, 2);
        let mut got = GrayImage::from_pixel(120, 90, Luma([0]));
        text_sized_runs(
            &img,
            |v| v < 128,
            limits,
            |y, x0, x1| {
                for x in x0..=x1 {
                    got.put_pixel(x, y, Luma([1]));
                }
            },
        );
        let mask = GrayImage::from_fn(120, 90, |x, y| {
            Luma([u8::from(img.get_pixel(x, y)[0] < 128)])
        });
        let labels = connected_components(&mask, Connectivity::Eight, Luma([0u8]));
        let n = labels.pixels().map(|l| l[0]).max().unwrap_or(0) as usize;
        let mut boxes = vec![[u32::MAX, u32::MAX, 0, 0]; n + 1];
        for (x, y, l) in labels.enumerate_pixels() {
            let b = &mut boxes[l[0] as usize];
            *b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
        }
        let mut kept = 0;
        for (x, y, l) in labels.enumerate_pixels() {
            let b = boxes[l[0] as usize];
            let (bw, bh) = (b[2] - b[0] + 1, b[3] - b[1] + 1);
            let want = l[0] != 0 && bw <= limits.0 && bh <= limits.1 && bh >= limits.2;
            kept += usize::from(want);
            assert_eq!(got.get_pixel(x, y)[0] == 1, want, "pixel ({x}, {y})");
        }
        assert!(
            kept > 50,
            "the test image should have small shapes ({kept} pixels)"
        );
    }
}
