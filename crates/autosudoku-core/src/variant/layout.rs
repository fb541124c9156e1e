//! The layout of a variant board: its side, its boxes (any rectangle) or jigsaw regions, its extra
//! units (the two diagonals of X, the four windows of hyper) and its killer cages. Built only
//! through checks, so every layout the solvers see is well formed: regions tile the board, cages
//! do not overlap and their sums fit their cells.

use super::cage::{sum_range, Cage};
use super::shape::BoxShape;
use super::symbol::{Pos, MAX_SIDE};
use super::unit::{Unit, UnitKind};
use thiserror::Error;

/// How the board is cut into regions of `side` cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Regions {
    Boxes(BoxShape),
    /// One letter a cell, row-major; each letter's cells are one region.
    Jigsaw(Vec<char>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    side: usize,
    regions: Regions,
    diagonals: bool,
    windows: bool,
    cages: Vec<Cage>,
}

/// Why a layout is not a board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LayoutError {
    #[error("a board is 4x4 to {MAX_SIDE}x{MAX_SIDE}, not {0}x{0}")]
    Side(usize),
    #[error("boxes {shape} do not tile a {side}x{side} board (a box holds {side} cells)")]
    Boxes { shape: BoxShape, side: usize },
    #[error("region {letter} has {count} cells; each region of a {side}x{side} board has {side}")]
    RegionSize {
        letter: char,
        count: usize,
        side: usize,
    },
    #[error("region {letter} is in pieces: every cell of a region must touch another by an edge")]
    RegionApart { letter: char },
    #[error("the region map has {count} cells, the board {expected}")]
    RegionCells { count: usize, expected: usize },
    #[error("hyper windows are drawn on 9x9 boards only, not {0}x{0}")]
    Windows(usize),
    #[error("{cell} is in two cages")]
    CageOverlap { cell: Pos },
    #[error("{cell} is off the {side}x{side} board")]
    OffBoard { cell: Pos, side: usize },
    #[error("{name} of {count} cells cannot sum to {sum} (from {min} to {max})", name = .cage.name())]
    CageSum {
        cage: Cage,
        count: usize,
        sum: u16,
        min: usize,
        max: usize,
    },
    #[error("{name} has more cells than digits", name = .0.name())]
    CageCells(Cage),
    #[error("a cage of sum {0} has no cells")]
    EmptyCage(u16),
    #[error("{name} is in pieces: every cell of a cage must touch another by an edge", name = .0.name())]
    CageApart(Cage),
}

impl Layout {
    /// A board of `side` cut into boxes of `shape`.
    pub fn boxed(side: usize, shape: BoxShape) -> Result<Layout, LayoutError> {
        check_side(side)?;
        if shape.cells() != side || shape.rows == 0 {
            return Err(LayoutError::Boxes { shape, side });
        }
        Ok(Layout::of(side, Regions::Boxes(shape)))
    }

    /// A board of `side` cut into jigsaw regions, one letter a cell row-major.
    pub fn jigsaw(side: usize, letters: Vec<char>) -> Result<Layout, LayoutError> {
        check_side(side)?;
        if letters.len() != side * side {
            let (count, expected) = (letters.len(), side * side);
            return Err(LayoutError::RegionCells { count, expected });
        }
        for &letter in &letters {
            let count = letters.iter().filter(|&&l| l == letter).count();
            if count != side {
                return Err(LayoutError::RegionSize {
                    letter,
                    count,
                    side,
                });
            }
            let cells: Vec<Pos> = (0..side * side)
                .filter(|&i| letters[i] == letter)
                .map(|i| Pos::from_index(i, side))
                .collect();
            if !connected(&cells, side) {
                return Err(LayoutError::RegionApart { letter });
            }
        }
        Ok(Layout::of(side, Regions::Jigsaw(letters)))
    }

    fn of(side: usize, regions: Regions) -> Layout {
        Layout {
            side,
            regions,
            diagonals: false,
            windows: false,
            cages: Vec::new(),
        }
    }

    /// With the two diagonals as units (X sudoku).
    pub fn with_diagonals(mut self) -> Layout {
        self.diagonals = true;
        self
    }

    /// With the four hyper windows as units (9x9 only).
    pub fn with_windows(mut self) -> Result<Layout, LayoutError> {
        if self.side != 9 {
            return Err(LayoutError::Windows(self.side));
        }
        self.windows = true;
        Ok(self)
    }

    /// With killer cages: on the board, connected, not overlapping, each sum reachable by its
    /// cells. They are kept in the order of their first cells, so equal layouts compare equal.
    pub fn with_cages(mut self, mut cages: Vec<Cage>) -> Result<Layout, LayoutError> {
        let side = self.side;
        let mut taken = vec![false; side * side];
        for cage in &cages {
            check_cage(cage, side)?;
            for &cell in &cage.cells {
                if std::mem::replace(&mut taken[cell.index(side)], true) {
                    return Err(LayoutError::CageOverlap { cell });
                }
            }
        }
        cages.sort_by_key(|c| c.cells[0]);
        self.cages = cages;
        Ok(self)
    }

    pub fn side(&self) -> usize {
        self.side
    }

    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    pub fn has_diagonals(&self) -> bool {
        self.diagonals
    }

    pub fn has_windows(&self) -> bool {
        self.windows
    }

    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// Every unit: rows, columns, boxes or regions, then the diagonals and windows it has.
    pub fn units(&self) -> Vec<Unit> {
        let n = self.side;
        let line = |kind: fn(u8) -> UnitKind, at: fn(usize, usize) -> Pos| {
            (0..n).map(move |k| Unit {
                kind: kind(k as u8),
                cells: (0..n).map(|j| at(k, j)).collect(),
            })
        };
        let mut units: Vec<Unit> = line(UnitKind::Row, Pos::new)
            .chain(line(UnitKind::Col, |c, r| Pos::new(r, c)))
            .collect();
        units.extend(self.region_units());
        if self.diagonals {
            units.push(diagonal(UnitKind::MainDiagonal, n, |k| Pos::new(k, k)));
            units.push(diagonal(UnitKind::AntiDiagonal, n, |k| {
                Pos::new(k, n - 1 - k)
            }));
        }
        if self.windows {
            units.extend(windows());
        }
        units
    }

    fn region_units(&self) -> Vec<Unit> {
        let n = self.side;
        let cells = (0..n * n).map(|i| Pos::from_index(i, n));
        match &self.regions {
            Regions::Boxes(shape) => (0..n)
                .map(|b| Unit {
                    kind: UnitKind::Box(b as u8),
                    cells: cells
                        .clone()
                        .filter(|p| shape.box_of(p.row as usize, p.col as usize) == b)
                        .collect(),
                })
                .collect(),
            Regions::Jigsaw(letters) => {
                let mut order: Vec<char> = Vec::new();
                for &letter in letters {
                    if !order.contains(&letter) {
                        order.push(letter);
                    }
                }
                order
                    .into_iter()
                    .map(|letter| Unit {
                        kind: UnitKind::Region(letter),
                        cells: cells
                            .clone()
                            .filter(|p| letters[p.index(n)] == letter)
                            .collect(),
                    })
                    .collect()
            }
        }
    }
}

fn check_side(side: usize) -> Result<(), LayoutError> {
    if (4..=MAX_SIDE).contains(&side) {
        Ok(())
    } else {
        Err(LayoutError::Side(side))
    }
}

fn check_cage(cage: &Cage, side: usize) -> Result<(), LayoutError> {
    if cage.cells.is_empty() {
        return Err(LayoutError::EmptyCage(cage.sum));
    }
    if let Some(&cell) = cage
        .cells
        .iter()
        .find(|p| p.row as usize >= side || p.col as usize >= side)
    {
        return Err(LayoutError::OffBoard { cell, side });
    }
    if !connected(&cage.cells, side) {
        return Err(LayoutError::CageApart(cage.clone()));
    }
    let count = cage.cells.len();
    if count > side {
        return Err(LayoutError::CageCells(cage.clone()));
    }
    let (min, max) = sum_range(count, side);
    if !(min..=max).contains(&(cage.sum as usize)) {
        let sum = cage.sum;
        return Err(LayoutError::CageSum {
            cage: cage.clone(),
            count,
            sum,
            min,
            max,
        });
    }
    Ok(())
}

/// Whether `cells` form one piece by edges (a flood fill from the first).
pub(crate) fn connected(cells: &[Pos], side: usize) -> bool {
    let Some(&start) = cells.first() else {
        return true;
    };
    let mut inside = vec![false; side * side];
    for p in cells {
        inside[p.index(side)] = true;
    }
    inside[start.index(side)] = false;
    let (mut stack, mut reached) = (vec![start], 1);
    while let Some(p) = stack.pop() {
        for q in p.neighbours(side) {
            if std::mem::replace(&mut inside[q.index(side)], false) {
                reached += 1;
                stack.push(q);
            }
        }
    }
    reached == cells.len()
}

fn diagonal(kind: UnitKind, side: usize, at: impl Fn(usize) -> Pos) -> Unit {
    Unit {
        kind,
        cells: (0..side).map(at).collect(),
    }
}

/// The hyper windows: 3x3 squares at rows and columns 2–4 and 6–8 (1-based) of a 9x9 board.
fn windows() -> impl Iterator<Item = Unit> {
    (0..4).map(|w| {
        let (top, left) = (1 + 4 * (w / 2), 1 + 4 * (w % 2));
        Unit {
            kind: UnitKind::Window(w as u8),
            cells: (0..9)
                .map(|k| Pos::new(top + k / 3, left + k % 3))
                .collect(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_and_cages_in_pieces_are_refused() {
        // Region A is the first column's top half and the last column's bottom half.
        let map = "ABBB\nACCB\nDCCA\nDDDA".replace('\n', "");
        let err = Layout::jigsaw(4, map.chars().collect()).unwrap_err();
        assert_eq!(err, LayoutError::RegionApart { letter: 'A' });
        let layout = Layout::boxed(4, BoxShape::new(2, 2)).unwrap();
        let apart = Cage::new(4, vec![Pos::new(0, 0), Pos::new(1, 1)]);
        let err = layout.clone().with_cages(vec![apart]).unwrap_err();
        assert!(
            err.to_string().contains("cage r1c1–r2c2 is in pieces"),
            "{err}"
        );
        let joined = Cage::new(4, vec![Pos::new(0, 0), Pos::new(1, 0), Pos::new(1, 1)]);
        assert!(
            layout.with_cages(vec![joined]).is_err(),
            "sum 4 below 1+2+3"
        );
    }

    #[test]
    fn cages_are_kept_in_the_order_of_their_first_cells() {
        let layout = Layout::boxed(4, BoxShape::new(2, 2)).unwrap();
        let late = Cage::new(7, vec![Pos::new(3, 3), Pos::new(3, 2)]);
        let early = Cage::new(3, vec![Pos::new(0, 1), Pos::new(0, 0)]);
        let a = layout.clone().with_cages(vec![late.clone(), early.clone()]);
        assert_eq!(a, layout.with_cages(vec![early, late]));
    }
}
