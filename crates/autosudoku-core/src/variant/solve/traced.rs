//! The article's backtracking and its MRV variant on variant boards: the classic search
//! (`crate::solve::backtrack`) over these rules, so a trace has the classic shape. A digit is tried
//! when placing it breaks no rule now (`State::allowed`): for a cage, when it keeps the cage's sum
//! in reach and fills a cage only at its sum.

use super::state::State;
use crate::solve::backtrack::{self, Rules};
use crate::solve::mrv::FewestCandidates;
use crate::solve::reference::RowMajor;
use crate::solve::{Report, Step, Strategy};
use crate::variant::{Grid, Pos, Puzzle, Symbol};
use std::ops::ControlFlow;

/// A step of a variant search.
pub type VariantStep = Step<Pos, Symbol>;

/// A digit is a candidate when placing it breaks no rule now (`State::allowed`).
impl Rules for State {
    type Cell = Pos;
    type Digit = Symbol;
    type Board = Grid;

    fn candidates(&self, i: usize) -> u16 {
        self.allowed(i)
    }
    fn place(&mut self, i: usize, bit: u16) {
        State::place(self, i, bit);
    }
    fn unplace(&mut self, i: usize, bit: u16) {
        State::unplace(self, i, bit);
    }
    fn cell(&self, i: usize) -> Pos {
        Pos::from_index(i, self.side)
    }
    fn digit(&self, index: u32) -> Symbol {
        Symbol::new(index as u8 + 1).expect("16 bits")
    }
    fn board(&self, values: &[u8]) -> Grid {
        Grid::from_values(self.side, values.to_vec()).expect("digits up to the side")
    }
}

/// Solves `puzzle` by backtracking with `strategy`, calling `on_step` with every step as it
/// happens; as `crate::solve::trace` for the classic board (givens that break a rule:
/// `Unsolvable` with no steps).
pub fn trace(
    puzzle: &Puzzle,
    strategy: Strategy,
    max_steps: Option<u64>,
    on_step: impl FnMut(VariantStep) -> ControlFlow<()>,
) -> Report<Grid> {
    let Some(state) = State::new(&puzzle.layout, &puzzle.grid) else {
        return backtrack::broken_givens();
    };
    let cells = puzzle.grid.values().to_vec();
    match strategy {
        Strategy::Naive => backtrack::run::<_, RowMajor, _>(state, cells, max_steps, on_step),
        Strategy::Mrv => backtrack::run::<_, FewestCandidates, _>(state, cells, max_steps, on_step),
    }
}

/// The step counts of a strategy, without looking at the steps.
pub fn count_steps(puzzle: &Puzzle, strategy: Strategy, max_steps: Option<u64>) -> Report<Grid> {
    trace(puzzle, strategy, max_steps, |_| ControlFlow::Continue(()))
}
