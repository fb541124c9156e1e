//! The side of a variant board and the shape of its boxes.

use std::fmt;

/// A box `rows` cells high and `cols` wide; `rows * cols` is the board's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub struct BoxShape {
    pub rows: u8,
    pub cols: u8,
}

impl BoxShape {
    pub const fn new(rows: usize, cols: usize) -> BoxShape {
        BoxShape {
            rows: rows as u8,
            cols: cols as u8,
        }
    }

    /// The shape apps use for a side: 2x2, 2x3, 2x4, 3x3, 3x4, 4x4 (wider than high, as 6x6 and
    /// 12x12 apps draw them); `None` for a side with no usual boxes (a jigsaw may still have it).
    pub const fn usual(side: usize) -> Option<BoxShape> {
        match side {
            4 => Some(BoxShape::new(2, 2)),
            6 => Some(BoxShape::new(2, 3)),
            8 => Some(BoxShape::new(2, 4)),
            9 => Some(BoxShape::new(3, 3)),
            12 => Some(BoxShape::new(3, 4)),
            16 => Some(BoxShape::new(4, 4)),
            _ => None,
        }
    }

    /// The number of cells in a box (the side of the board it tiles).
    pub const fn cells(self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// The box, 0-based row-major, holding row `r` and column `c`.
    pub const fn box_of(self, r: usize, c: usize) -> usize {
        let across = self.rows as usize; // boxes across = side / cols = rows
        (r / self.rows as usize) * across + c / self.cols as usize
    }
}

impl fmt::Display for BoxShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_usual_shape_tiles_its_side() {
        for side in [4, 6, 8, 9, 12, 16] {
            let shape = BoxShape::usual(side).unwrap();
            assert_eq!(shape.cells(), side);
            let mut count = vec![0; side];
            for r in 0..side {
                for c in 0..side {
                    count[shape.box_of(r, c)] += 1;
                }
            }
            assert!(count.iter().all(|&n| n == side), "{shape}: {count:?}");
        }
    }
}
