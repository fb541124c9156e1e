//! The rules a read board is judged by: classic, or the variant the pixels show (`read.layout`:
//! jigsaw regions, X diagonals, hyper windows, killer cages). A layout in doubt, or a classic one, is judged by
//! the classic rules and their fast solver, exactly as before variants were read; a variant board
//! is judged by the variant solver, so its givens can make the one solution they are meant to.

use super::layout::LayoutRead;
use autosudoku_core::solve::fast::{self, Solutions};
use autosudoku_core::solve::{self, Outcome, Report, Step, Strategy};
use autosudoku_core::sudoku::{Board, Cell, Digit};
use autosudoku_core::variant::{
    self, check, solve::VariantSolutions, solve::VariantStep, BoxShape, Broken, Grid, Layout, Pos,
    Puzzle,
};
use std::ops::ControlFlow;

/// The rules of one board.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoardRules {
    /// The variant's layout; `None` for the classic rules.
    variant: Option<Layout>,
}

/// A digit held twice in a unit: its cells and the unit's name ("row 1", "the main diagonal").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repeat {
    pub digit: Digit,
    pub cells: Vec<Cell>,
    pub unit: String,
}

impl BoardRules {
    /// The rules `layout` shows; classic when it is classic or in doubt.
    pub fn of(layout: Option<&LayoutRead>) -> BoardRules {
        let variant = layout.filter(|l| l.is_certain()).and_then(variant_layout);
        BoardRules { variant }
    }

    pub fn is_classic(&self) -> bool {
        self.variant.is_none()
    }

    /// The variant's name (`jigsaw`, `x`, `hyper`, or several joined by `+`); `None` if classic.
    pub fn variant_name(&self) -> Option<String> {
        let layout = self.variant.as_ref()?;
        Some(Puzzle::new(layout.clone(), Grid::empty(layout.side())).kind())
    }

    /// How many solutions `board` has, counted to two.
    pub fn count(&self, board: &Board) -> Solutions {
        let Some(layout) = &self.variant else {
            return fast::count_solutions(board, 2);
        };
        let puzzle = Puzzle::new(layout.clone(), grid(board));
        match variant::solve::count_solutions(&puzzle) {
            VariantSolutions::Zero => Solutions::Zero,
            VariantSolutions::One(g) => Solutions::One(classic(&g)),
            VariantSolutions::Many => Solutions::Many { found: 2 },
        }
    }

    /// The article's backtracking or its MRV variant on `board` by these rules, every step as it
    /// happens (as `solve::trace`): a variant board is 9x9 here, so its steps have the classic
    /// shape and its trace is the variant solver's, step for step.
    pub fn trace(
        &self,
        board: &Board,
        strategy: Strategy,
        max_steps: Option<u64>,
        mut on_step: impl FnMut(Step) -> ControlFlow<()>,
    ) -> Report {
        let Some(layout) = &self.variant else {
            return solve::trace(board, strategy, max_steps, on_step);
        };
        let puzzle = Puzzle::new(layout.clone(), grid(board));
        let report = variant::solve::trace(&puzzle, strategy, max_steps, |step| {
            on_step(classic_step(step))
        });
        Report {
            outcome: match report.outcome {
                Outcome::Solved(g) => Outcome::Solved(classic(&g)),
                Outcome::Unsolvable => Outcome::Unsolvable,
                Outcome::GaveUp { steps } => Outcome::GaveUp { steps },
                Outcome::Stopped { steps } => Outcome::Stopped { steps },
            },
            placements: report.placements,
            removals: report.removals,
        }
    }

    /// Every digit `board` holds twice in one of its units.
    pub fn repeats(&self, board: &Board) -> Vec<Repeat> {
        let Some(layout) = &self.variant else {
            let Err(conflicts) = board.validate() else {
                return Vec::new();
            };
            return conflicts
                .0
                .into_iter()
                .map(|c| Repeat {
                    digit: c.digit,
                    cells: c.cells,
                    unit: c.unit.to_string(),
                })
                .collect();
        };
        let Err(broken) = check(layout, &grid(board)) else {
            return Vec::new();
        };
        broken.0.into_iter().filter_map(repeat).collect()
    }
}

/// The core layout a certain non-classic read describes.
fn variant_layout(read: &LayoutRead) -> Option<Layout> {
    let boxes = Layout::boxed(9, BoxShape::new(3, 3)).expect("3x3 boxes tile 9x9");
    let mut layout = match read.boxes.as_str() {
        "jigsaw" => Layout::jigsaw(9, read.regions.chars().collect()).ok()?,
        _ => boxes,
    };
    if read.diagonals {
        layout = layout.with_diagonals();
    }
    if read.windows {
        layout = layout.with_windows().ok()?;
    }
    if !read.cage_list.is_empty() {
        layout = layout.with_cages(read.cage_list.clone()).ok()?;
    }
    let classic =
        !read.diagonals && !read.windows && read.boxes != "jigsaw" && read.cage_list.is_empty();
    (!classic).then_some(layout)
}

fn repeat(broken: Broken) -> Option<Repeat> {
    let Broken::Repeat {
        area,
        symbol,
        first,
        second,
    } = broken
    else {
        return None;
    };
    Some(Repeat {
        digit: symbol.digit()?,
        cells: vec![first.cell()?, second.cell()?],
        unit: area.to_string(),
    })
}

/// A 9x9 variant step as a classic one.
fn classic_step(step: VariantStep) -> Step {
    let cell = |p: Pos| Cell::new(p.row.into(), p.col.into()).expect("a 9x9 cell");
    match step {
        Step::Place { cell: p, digit } => Step::Place {
            cell: cell(p),
            digit: digit.digit().expect("a digit 1-9"),
        },
        Step::Remove { cell: p } => Step::Remove { cell: cell(p) },
    }
}

fn grid(board: &Board) -> Grid {
    Grid::from_values(9, board.to_array().to_vec()).expect("a board is 81 digits 0-9")
}

fn classic(grid: &Grid) -> Board {
    let values: [u8; 81] = grid.values().try_into().expect("a 9x9 variant");
    Board::from_array(&values).expect("digits 1-9")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(boxes: &str, regions: &str, diagonals: bool) -> LayoutRead {
        LayoutRead {
            size: "9x9".into(),
            boxes: boxes.into(),
            regions: regions.into(),
            cages: String::new(),
            cage_list: Vec::new(),
            diagonals,
            windows: false,
            doubt: None,
        }
    }

    #[test]
    fn a_classic_or_doubted_layout_keeps_the_classic_rules() {
        assert!(BoardRules::of(None).is_classic());
        assert!(BoardRules::of(Some(&read("3x3", "", false))).is_classic());
        let mut doubted = read("3x3", "", true);
        doubted.doubt = Some("walls".into());
        assert!(BoardRules::of(Some(&doubted)).is_classic());
    }

    #[test]
    fn diagonals_count_against_a_repeat_and_narrow_the_solutions() {
        let x = BoardRules::of(Some(&read("3x3", "", true)));
        let mut b = Board::empty();
        b.set(Cell::new(0, 0).unwrap(), Digit::new(5));
        b.set(Cell::new(8, 8).unwrap(), Digit::new(5));
        assert!(BoardRules::default().repeats(&b).is_empty());
        let r = x.repeats(&b);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].unit, "the main diagonal");
        assert!(matches!(x.count(&b), Solutions::Zero));
    }
}
