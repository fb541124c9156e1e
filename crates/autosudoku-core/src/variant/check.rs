//! The rule check of a variant board: no digit twice in a unit or a cage, no cage over its sum, a
//! full cage at its sum exactly. Blanks are allowed. Each broken rule is said in words, with the
//! cells that break it ("r1c1 and r1c5 both hold 3 in row 1", "cage r1c1–r1c3 sums to 14, needs 12").

use super::cage::{Cage, CageName};
use super::grid::Grid;
use super::layout::Layout;
use super::symbol::{Pos, Symbol};
use super::unit::UnitKind;
use std::fmt;
use thiserror::Error;

/// Where a digit is repeated: a unit, or a cage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Area {
    Unit(UnitKind),
    Cage(CageName),
}

impl fmt::Display for Area {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Area::Unit(kind) => kind.fmt(f),
            Area::Cage(name) => name.fmt(f),
        }
    }
}

/// One broken rule.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Broken {
    #[error("{first} and {second} both hold {symbol} in {area}")]
    Repeat {
        area: Area,
        symbol: Symbol,
        first: Pos,
        second: Pos,
    },
    #[error("{cage} sums to {sum}, needs {needs}")]
    CageSum {
        cage: CageName,
        sum: u16,
        needs: u16,
    },
    #[error("{cage} already sums to {sum}, needs {needs}")]
    CageOver {
        cage: CageName,
        sum: u16,
        needs: u16,
    },
}

/// Every broken rule of a board, shown joined by "; ".
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}", .0.iter().map(Broken::to_string).collect::<Vec<_>>().join("; "))]
pub struct BrokenRules(pub Vec<Broken>);

/// Checks `grid` against `layout`'s rules; `Err` lists every broken rule, units first, then cages.
pub fn check(layout: &Layout, grid: &Grid) -> Result<(), BrokenRules> {
    let mut broken = Vec::new();
    for unit in layout.units() {
        broken.extend(repeats(Area::Unit(unit.kind), &unit.cells, grid));
    }
    for cage in layout.cages() {
        broken.extend(repeats(Area::Cage(cage.name()), &cage.cells, grid));
        broken.extend(cage_sum(cage, grid));
    }
    if broken.is_empty() {
        Ok(())
    } else {
        Err(BrokenRules(broken))
    }
}

/// Each digit held twice among `cells`, named by its first two cells.
fn repeats<'a>(area: Area, cells: &'a [Pos], grid: &'a Grid) -> impl Iterator<Item = Broken> + 'a {
    let mut first: [Option<Pos>; 17] = [None; 17];
    let mut told = [false; 17];
    cells.iter().filter_map(move |&pos| {
        let symbol = grid.get(pos)?;
        let k = symbol.get() as usize;
        match first[k] {
            None => {
                first[k] = Some(pos);
                None
            }
            Some(_) if told[k] => None,
            Some(earlier) => {
                told[k] = true;
                Some(Broken::Repeat {
                    area,
                    symbol,
                    first: earlier,
                    second: pos,
                })
            }
        }
    })
}

/// A full cage off its sum, or a partly filled one already over it.
fn cage_sum(cage: &Cage, grid: &Grid) -> Option<Broken> {
    let digits: Vec<u16> = cage
        .cells
        .iter()
        .filter_map(|&p| grid.get(p))
        .map(|s| s.get().into())
        .collect();
    let sum = digits.iter().sum();
    let (name, needs) = (cage.name(), cage.sum);
    if digits.len() == cage.cells.len() && sum != needs {
        Some(Broken::CageSum {
            cage: name,
            sum,
            needs,
        })
    } else if sum > needs {
        Some(Broken::CageOver {
            cage: name,
            sum,
            needs,
        })
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::BoxShape;

    fn six() -> Layout {
        Layout::boxed(6, BoxShape::new(2, 3)).unwrap()
    }

    fn with(side: usize, cells: &[(usize, usize, u8)]) -> Grid {
        let mut grid = Grid::empty(side);
        for &(r, c, v) in cells {
            grid.set(Pos::new(r, c), Symbol::new(v));
        }
        grid
    }

    #[test]
    fn a_repeat_names_both_cells_and_the_unit() {
        let grid = with(6, &[(0, 0, 3), (0, 4, 3)]);
        let err = check(&six(), &grid).unwrap_err();
        assert_eq!(err.to_string(), "r1c1 and r1c5 both hold 3 in row 1");
        let grid = with(6, &[(0, 0, 5), (1, 2, 5)]);
        assert_eq!(
            check(&six(), &grid).unwrap_err().to_string(),
            "r1c1 and r2c3 both hold 5 in box 1"
        );
    }

    #[test]
    fn cage_sums_are_checked_full_and_partial() {
        let cells = vec![Pos::new(0, 0), Pos::new(0, 1), Pos::new(0, 2)];
        let layout = six().with_cages(vec![Cage::new(12, cells)]).unwrap();
        let full = with(6, &[(0, 0, 4), (0, 1, 6), (0, 2, 4)]);
        let err = check(&layout, &full).unwrap_err().to_string();
        assert!(err.contains("cage r1c1–r1c3 sums to 14, needs 12"), "{err}");
        assert!(
            err.contains("r1c1 and r1c3 both hold 4 in cage r1c1–r1c3"),
            "{err}"
        );
        let partial = with(6, &[(0, 0, 6), (0, 1, 5)]);
        assert!(
            check(&layout, &partial).is_ok(),
            "a partial cage below its sum keeps the rules"
        );
        let over = with(6, &[(0, 0, 6), (0, 1, 5), (0, 2, 0), (1, 0, 0)]);
        let tight = six()
            .with_cages(vec![Cage::new(8, layout.cages()[0].cells.clone())])
            .unwrap();
        let err = check(&tight, &over).unwrap_err().to_string();
        assert_eq!(err, "cage r1c1–r1c3 already sums to 11, needs 8");
        assert!(check(&layout, &with(6, &[(0, 0, 1), (0, 1, 5), (0, 2, 6)])).is_ok());
    }

    #[test]
    fn diagonals_and_windows_are_units() {
        let x = Layout::boxed(9, BoxShape::new(3, 3))
            .unwrap()
            .with_diagonals();
        let grid = with(9, &[(0, 0, 7), (8, 8, 7)]);
        assert_eq!(
            check(&x, &grid).unwrap_err().to_string(),
            "r1c1 and r9c9 both hold 7 in the main diagonal"
        );
        let hyper = Layout::boxed(9, BoxShape::new(3, 3))
            .unwrap()
            .with_windows()
            .unwrap();
        let grid = with(9, &[(1, 1, 2), (3, 3, 2)]);
        assert_eq!(
            check(&hyper, &grid).unwrap_err().to_string(),
            "r2c2 and r4c4 both hold 2 in window 1"
        );
    }
}
