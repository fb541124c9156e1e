//! A killer cage: cells whose digits add up to a sum, no digit twice.

use super::symbol::Pos;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cage {
    pub sum: u16,
    /// Row-major order, so the first is where apps print the sum.
    pub cells: Vec<Pos>,
}

impl Cage {
    /// A cage of `cells` (put in row-major order) adding up to `sum`.
    pub fn new(sum: u16, mut cells: Vec<Pos>) -> Cage {
        cells.sort();
        Cage { sum, cells }
    }

    /// Its name in messages: "cage r1c1–r1c3" (first and last cell), "cage r4c4" for one cell.
    pub fn name(&self) -> CageName {
        CageName {
            first: self.cells[0],
            last: *self.cells.last().expect("a cage has cells"),
        }
    }
}

/// The smallest and largest sums `count` different digits of 1..=`side` can make.
pub const fn sum_range(count: usize, side: usize) -> (usize, usize) {
    let min = count * (count + 1) / 2;
    let max = count * side - count * count.saturating_sub(1) / 2;
    (min, max)
}

/// How messages name a cage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CageName {
    pub first: Pos,
    pub last: Pos,
}

impl fmt::Display for CageName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "cage {}", self.first)
        } else {
            write!(f, "cage {}–{}", self.first, self.last)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sum_ranges_of_nine_digits() {
        assert_eq!(sum_range(1, 9), (1, 9));
        assert_eq!(sum_range(2, 9), (3, 17));
        assert_eq!(sum_range(9, 9), (45, 45));
        assert_eq!(sum_range(0, 9), (0, 0));
    }

    #[test]
    fn cages_are_named_by_their_ends() {
        let cage = Cage::new(12, vec![Pos::new(0, 2), Pos::new(0, 0), Pos::new(0, 1)]);
        assert_eq!(cage.name().to_string(), "cage r1c1–r1c3");
    }
}
