//! Screen geometry in pixels: points and rectangles the layout computes and the renderer and hit tests use.

use serde::Serialize;

/// A point in screen pixels of the current orientation (what `input tap X Y` takes).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Point {
    pub x: f32,
    pub y: f32,
}

impl Point {
    pub const fn new(x: f32, y: f32) -> Point {
        Point { x, y }
    }

    pub fn distance(self, other: Point) -> f32 {
        (self.x - other.x).hypot(self.y - other.y)
    }

    /// Rounded to whole pixels, as a test passes it to `input tap`.
    pub fn to_pixels(self) -> (u32, u32) {
        (
            self.x.max(0.0).round() as u32,
            self.y.max(0.0).round() as u32,
        )
    }
}

/// An axis-aligned rectangle; `x`, `y` is the top-left corner.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Rect {
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect { x, y, w, h }
    }

    pub fn right(self) -> f32 {
        self.x + self.w
    }

    pub fn bottom(self) -> f32 {
        self.y + self.h
    }

    pub fn center(self) -> Point {
        Point::new(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    pub fn contains(self, p: Point) -> bool {
        p.x >= self.x && p.x < self.right() && p.y >= self.y && p.y < self.bottom()
    }

    /// Shrunk by `d` on every side (grown for negative `d`).
    pub fn inset(self, d: f32) -> Rect {
        Rect::new(
            self.x + d,
            self.y + d,
            (self.w - 2.0 * d).max(0.0),
            (self.h - 2.0 * d).max(0.0),
        )
    }

    /// Splits into `n` equal columns with `gap` between them.
    pub fn columns(self, n: usize, gap: f32) -> Vec<Rect> {
        let w = (self.w - gap * (n as f32 - 1.0)) / n as f32;
        (0..n)
            .map(|i| Rect::new(self.x + i as f32 * (w + gap), self.y, w, self.h))
            .collect()
    }

    /// Splits into a `cols` x `rows` grid, row-major, with `gap` between cells.
    pub fn grid(self, cols: usize, rows: usize, gap: f32) -> Vec<Rect> {
        let h = (self.h - gap * (rows as f32 - 1.0)) / rows as f32;
        (0..rows)
            .flat_map(|r| {
                Rect::new(self.x, self.y + r as f32 * (h + gap), self.w, h).columns(cols, gap)
            })
            .collect()
    }
}
