//! What a puzzle offers the batch (`Record`): its broken rules, the fast solver, the solution
//! count and the traced searches. The classic board and every variant puzzle offer it, so
//! `solve` reports both the same way.

use crate::solve::{self, fast, Report, Step, Strategy};
use crate::sudoku::Board;
use crate::variant::solve::VariantStep;
use crate::variant::{self, Grid, Puzzle};
use serde::Serialize;
use std::fmt::Debug;
use std::ops::ControlFlow;

/// How many solutions a puzzle has, counted up to two.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Count<S> {
    Zero,
    One(S),
    Many,
}

/// A puzzle `solve` can report on.
pub trait Solvable {
    type Solution: Clone + PartialEq + Debug;
    /// A step of its traced searches (JSON in a `--trace` file).
    type Step: Serialize;

    /// The rules its givens break, in words; `None` when they keep them.
    fn broken_rules(&self) -> Option<String>;
    /// Some solution by the fast solver.
    fn solve_fast(&self) -> Option<Self::Solution>;
    /// The number of solutions, up to two.
    fn count(&self) -> Count<Self::Solution>;
    /// A traced search, each step given to `on_step` as it happens.
    fn trace(
        &self,
        strategy: Strategy,
        max_steps: Option<u64>,
        on_step: impl FnMut(Self::Step) -> ControlFlow<()>,
    ) -> Report<Self::Solution>;
    /// A traced search's step counts and outcome.
    fn count_steps(&self, strategy: Strategy, max_steps: Option<u64>) -> Report<Self::Solution> {
        self.trace(strategy, max_steps, |_| ControlFlow::Continue(()))
    }
    /// A solution as one line of characters, row-major (JSON's `solution`).
    fn line(solution: &Self::Solution) -> String;
}

impl Solvable for Board {
    type Solution = Board;
    type Step = Step;

    fn broken_rules(&self) -> Option<String> {
        self.validate().err().map(|c| c.to_string())
    }
    fn solve_fast(&self) -> Option<Board> {
        fast::solve(self)
    }
    fn count(&self) -> Count<Board> {
        match fast::count_solutions(self, 2) {
            fast::Solutions::Zero => Count::Zero,
            fast::Solutions::One(b) => Count::One(b),
            fast::Solutions::Many { .. } => Count::Many,
        }
    }
    fn trace(
        &self,
        strategy: Strategy,
        max_steps: Option<u64>,
        on_step: impl FnMut(Step) -> ControlFlow<()>,
    ) -> Report {
        solve::trace(self, strategy, max_steps, on_step)
    }
    fn line(solution: &Board) -> String {
        solution.to_line()
    }
}

impl Solvable for Puzzle {
    type Solution = Grid;
    type Step = VariantStep;

    fn broken_rules(&self) -> Option<String> {
        self.check().err().map(|b| b.to_string())
    }
    fn solve_fast(&self) -> Option<Grid> {
        variant::solve::solve(self)
    }
    fn count(&self) -> Count<Grid> {
        match variant::solve::count_solutions(self) {
            variant::solve::VariantSolutions::Zero => Count::Zero,
            variant::solve::VariantSolutions::One(g) => Count::One(g),
            variant::solve::VariantSolutions::Many => Count::Many,
        }
    }
    fn trace(
        &self,
        strategy: Strategy,
        max_steps: Option<u64>,
        on_step: impl FnMut(VariantStep) -> ControlFlow<()>,
    ) -> Report<Grid> {
        variant::solve::trace(self, strategy, max_steps, on_step)
    }
    fn line(solution: &Grid) -> String {
        solution.to_line()
    }
}
