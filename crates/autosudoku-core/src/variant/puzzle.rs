//! A variant puzzle: a layout and the digits on it (givens, or a solution).

use super::check::{check, BrokenRules};
use super::grid::Grid;
use super::layout::Layout;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub layout: Layout,
    pub grid: Grid,
}

impl Puzzle {
    /// A puzzle of `grid` on `layout`; the sides must agree.
    pub fn new(layout: Layout, grid: Grid) -> Puzzle {
        assert_eq!(layout.side(), grid.side(), "a grid of another board's side");
        Puzzle { layout, grid }
    }

    /// The rules its digits break, if any (see `check`).
    pub fn check(&self) -> Result<(), BrokenRules> {
        check(&self.layout, &self.grid)
    }

    /// The kind's name, as the text form's header says it: `classic`, `jigsaw`, `x`, `hyper`,
    /// `killer`, or several joined by `+` (`killer+x`).
    pub fn kind(&self) -> String {
        let l = &self.layout;
        let mut parts = Vec::new();
        if matches!(l.regions(), super::layout::Regions::Jigsaw(_)) {
            parts.push("jigsaw");
        }
        if l.has_diagonals() {
            parts.push("x");
        }
        if l.has_windows() {
            parts.push("hyper");
        }
        if !l.cages().is_empty() {
            parts.push("killer");
        }
        if parts.is_empty() {
            parts.push("classic");
        }
        parts.join("+")
    }
}
