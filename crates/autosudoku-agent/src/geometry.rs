//! The one geometry vocabulary of the agent: `Point`, `Size` and `Rect` in screenshot pixels
//! (origin top-left, x right, y down), what vision hands to annotate, the CLI and play (cell boxes,
//! keypad keys, buttons, tap points) and what the device maps to input coordinates.

use serde::Serialize;
use std::fmt;

/// An axis-aligned box in screenshot pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Rect {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

/// A pixel position. Screenshot pixels unless a function says otherwise; origin top-left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Point {
    pub x: u32,
    pub y: u32,
}

impl Point {
    pub const fn new(x: u32, y: u32) -> Self {
        Point { x, y }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// A width and height in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Size {
    pub width: u32,
    pub height: u32,
}

impl Size {
    pub const fn new(width: u32, height: u32) -> Self {
        Size { width, height }
    }

    /// The same screen seen a quarter turn away.
    pub const fn transposed(self) -> Self {
        Size::new(self.height, self.width)
    }

    pub const fn contains(self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl Rect {
    pub const fn new(x: u32, y: u32, width: u32, height: u32) -> Rect {
        Rect {
            x,
            y,
            width,
            height,
        }
    }

    /// The box from corner `(x0, y0)` to `(x1, y1)`, rounded outwards; empty when reversed.
    pub fn from_edges(x0: f32, y0: f32, x1: f32, y1: f32) -> Rect {
        let (x0, y0) = (x0.max(0.0).floor(), y0.max(0.0).floor());
        let (x1, y1) = (x1.max(x0).ceil(), y1.max(y0).ceil());
        Rect::new(x0 as u32, y0 as u32, (x1 - x0) as u32, (y1 - y0) as u32)
    }

    pub fn right(self) -> u32 {
        self.x + self.width
    }

    pub fn bottom(self) -> u32 {
        self.y + self.height
    }

    pub fn center(self) -> Point {
        Point::new(self.x + self.width / 2, self.y + self.height / 2)
    }

    /// The same box shrunk by `fraction` of its size on every side.
    pub fn inset(self, fraction: f32) -> Rect {
        let dx = self.width as f32 * fraction;
        let dy = self.height as f32 * fraction;
        Rect::from_edges(
            self.x as f32 + dx,
            self.y as f32 + dy,
            self.right() as f32 - dx,
            self.bottom() as f32 - dy,
        )
    }

    /// The part that lies inside an image of `width` x `height`.
    pub fn clamp_to(self, width: u32, height: u32) -> Rect {
        let x = self.x.min(width);
        let y = self.y.min(height);
        Rect::new(
            x,
            y,
            self.right().min(width) - x,
            self.bottom().min(height) - y,
        )
    }

    pub fn contains(self, p: Point) -> bool {
        p.x >= self.x && p.x < self.right() && p.y >= self.y && p.y < self.bottom()
    }

    pub fn intersects(self, o: Rect) -> bool {
        self.x < o.right() && o.x < self.right() && self.y < o.bottom() && o.y < self.bottom()
    }

    /// The smallest box holding both.
    pub fn union(self, o: Rect) -> Rect {
        let x = self.x.min(o.x);
        let y = self.y.min(o.y);
        Rect::new(
            x,
            y,
            self.right().max(o.right()) - x,
            self.bottom().max(o.bottom()) - y,
        )
    }
}

impl fmt::Display for Rect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}+{}+{}", self.width, self.height, self.x, self.y)
    }
}
