//! The shapes of a cell's ink: its 8-connected components over a difference map, the box of the
//! screenshot they are measured in (`View`), and the hairline, the few pixels that count as touching
//! at the cell's scale. What the cell readers (`extract`, `plate`, `small_font`) share.

use crate::geometry::Rect;
use image::{Rgba, RgbaImage};

/// A few pixels at any scale: 3% of the shorter side of a cell's box (1 at least), about an
/// anti-aliased outline's width or the gap between the pieces of a thin digit scaled down.
pub(super) fn hairline(w: u32, h: u32) -> u32 {
    ((w.min(h) as f32 * 0.03).round() as u32).max(1)
}

/// One 8-connected shape of a cell's ink, in the cell box's coordinates.
pub(crate) struct Component {
    /// Its label in the cell's label map.
    pub id: u32,
    pub area: usize,
    pub x0: u32,
    pub y0: u32,
    pub x1: u32,
    pub y1: u32,
    pub touches_edge: bool,
}

impl Component {
    pub fn height(&self) -> u32 {
        self.y1 - self.y0 + 1
    }
    pub fn width(&self) -> u32 {
        self.x1 - self.x0 + 1
    }
}

/// A box of the screenshot addressed by its own coordinates, read straight from the buffer.
pub(super) struct View<'a> {
    raw: &'a [u8],
    stride: usize,
    pub rect: Rect,
}

impl View<'_> {
    /// The box `rect` of `img` (inside the image).
    pub fn new(img: &RgbaImage, rect: Rect) -> View<'_> {
        View {
            raw: img.as_raw(),
            stride: img.width() as usize * 4,
            rect,
        }
    }

    /// Row `y` of the box as RGBA bytes.
    pub fn row(&self, y: u32) -> &[u8] {
        let start = (self.rect.y + y) as usize * self.stride + self.rect.x as usize * 4;
        &self.raw[start..start + self.rect.width as usize * 4]
    }

    pub fn px(&self, x: u32, y: u32) -> Rgba<u8> {
        let i = (self.rect.y + y) as usize * self.stride + (self.rect.x + x) as usize * 4;
        Rgba([
            self.raw[i],
            self.raw[i + 1],
            self.raw[i + 2],
            self.raw[i + 3],
        ])
    }
}

/// 8-connected components of `diff >= cut`, and the label map (component id, 0 for none).
pub(crate) fn components(diff: &[u8], w: u32, h: u32, cut: u8) -> (Vec<Component>, Vec<u32>) {
    let mut label = vec![0u32; diff.len()];
    let mut out = Vec::new();
    let mut stack = Vec::new();
    for start in 0..diff.len() {
        if label[start] != 0 || diff[start] < cut {
            continue;
        }
        let id = out.len() as u32 + 1;
        label[start] = id;
        stack.push(start as u32);
        let mut c = Component {
            id,
            area: 0,
            x0: u32::MAX,
            y0: u32::MAX,
            x1: 0,
            y1: 0,
            touches_edge: false,
        };
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            c.area += 1;
            c.x0 = c.x0.min(x);
            c.x1 = c.x1.max(x);
            c.y0 = c.y0.min(y);
            c.y1 = c.y1.max(y);
            c.touches_edge |= x == 0 || y == 0 || x == w - 1 || y == h - 1;
            for ny in y.saturating_sub(1)..=(y + 1).min(h - 1) {
                for nx in x.saturating_sub(1)..=(x + 1).min(w - 1) {
                    let j = (ny * w + nx) as usize;
                    if label[j] == 0 && diff[j] >= cut {
                        label[j] = id;
                        stack.push(j as u32);
                    }
                }
            }
        }
        out.push(c);
    }
    (out, label)
}
