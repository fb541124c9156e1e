//! The variant solvers against the rule check: every solution keeps every rule and its givens,
//! every trace replays to its solution, and the traced searches agree with the fast solver.

use super::*;
use crate::solve::{Outcome, Step, Strategy};
use crate::variant::{BoxShape, Cage, Grid, Layout, Pos, Puzzle, Symbol};
use proptest::prelude::*;
use std::ops::ControlFlow;

/// Small layouts of each kind (random givens on a 9x9 hyper board can make searches of hours):
/// boxes 2x2 and 2x3, X, a jigsaw.
fn layouts() -> Vec<Layout> {
    let boxed = |n| Layout::boxed(n, BoxShape::usual(n).unwrap()).unwrap();
    let columns = (0..36).map(|i| (b'A' + (i % 6) as u8) as char).collect();
    vec![
        boxed(4),
        boxed(6),
        boxed(6).with_diagonals(),
        // Columns as regions: a legal (if odd) jigsaw whose regions are not boxes.
        Layout::jigsaw(6, columns).unwrap(),
    ]
}

/// A killer board: `layout`'s solution cut into horizontal pairs, each summed.
fn killer(layout: Layout) -> Puzzle {
    let n = layout.side();
    let solution = solve(&Puzzle::new(layout.clone(), Grid::empty(n))).unwrap();
    let cages = (0..n * n / 2)
        .map(|k| {
            let cells = vec![Pos::from_index(2 * k, n), Pos::from_index(2 * k + 1, n)];
            let sum = cells
                .iter()
                .map(|&p| u16::from(solution.get(p).unwrap().get()))
                .sum();
            Cage::new(sum, cells)
        })
        .collect();
    Puzzle::new(layout.with_cages(cages).unwrap(), Grid::empty(n))
}

/// `layout` with up to `tries` random digits, each kept only if the rules still hold.
fn random_givens(layout: &Layout, picks: &[(usize, u8)]) -> Puzzle {
    let n = layout.side();
    let mut puzzle = Puzzle::new(layout.clone(), Grid::empty(n));
    for &(i, v) in picks {
        let pos = Pos::from_index(i % (n * n), n);
        let before = puzzle.grid.get(pos);
        puzzle.grid.set(pos, Symbol::new(v % n as u8 + 1));
        if puzzle.check().is_err() {
            puzzle.grid.set(pos, before);
        }
    }
    puzzle
}

fn assert_solves(puzzle: &Puzzle, solution: &Grid) {
    let solved = Puzzle::new(puzzle.layout.clone(), solution.clone());
    assert!(solution.is_complete());
    assert_eq!(solved.check(), Ok(()));
    for pos in puzzle
        .grid
        .positions()
        .filter(|&p| puzzle.grid.get(p).is_some())
    {
        assert_eq!(solution.get(pos), puzzle.grid.get(pos), "given {pos} kept");
    }
}

/// Replays a traced search's steps on the givens; the end must be its outcome.
fn assert_replays(puzzle: &Puzzle, strategy: Strategy) -> Option<Grid> {
    let mut grid = puzzle.grid.clone();
    let report = trace(puzzle, strategy, Some(200_000), |step| {
        match step {
            Step::Place { cell, digit } => {
                assert_eq!(grid.get(cell), None, "place on a filled cell");
                grid.set(cell, Some(digit));
            }
            Step::Remove { cell } => grid.set(cell, None),
        }
        ControlFlow::Continue(())
    });
    match report.outcome {
        Outcome::Solved(solution) => {
            assert_eq!(solution, grid);
            assert_solves(puzzle, &solution);
            Some(solution)
        }
        _ => None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn solutions_keep_every_rule_and_traces_replay(
        kind in 0..5usize,
        picks in prop::collection::vec((0..81usize, 0..16u8), 0..12),
    ) {
        let puzzle = match layouts().into_iter().nth(kind) {
            Some(layout) => random_givens(&layout, &picks),
            None => killer(Layout::boxed(6, BoxShape::usual(6).unwrap()).unwrap()),
        };
        let fast = solve(&puzzle);
        if let Some(solution) = &fast {
            assert_solves(&puzzle, solution);
        }
        // A search that gave up proves nothing; one that solved must agree the puzzle has a solution.
        for strategy in Strategy::ALL {
            if let Some(solution) = assert_replays(&puzzle, strategy) {
                prop_assert!(fast.is_some(), "{strategy} solved what fast did not: {solution:?}");
            }
        }
    }
}

#[test]
fn a_killer_without_givens_solves_and_its_uniqueness_is_counted() {
    let puzzle = killer(Layout::boxed(4, BoxShape::usual(4).unwrap()).unwrap());
    let solution = solve(&puzzle).unwrap();
    assert_solves(&puzzle, &solution);
    let count = count_solutions(&puzzle);
    assert!(
        matches!(count, VariantSolutions::One(_) | VariantSolutions::Many),
        "{count:?}"
    );
    let mut full = puzzle.clone();
    full.grid = solution.clone();
    assert_eq!(count_solutions(&full), VariantSolutions::One(solution));
}

#[test]
fn broken_givens_have_no_solution_and_no_steps() {
    let layout = Layout::boxed(4, BoxShape::usual(4).unwrap()).unwrap();
    let mut grid = Grid::empty(4);
    grid.set(Pos::new(0, 0), Symbol::new(1));
    grid.set(Pos::new(0, 3), Symbol::new(1));
    let puzzle = Puzzle::new(layout, grid);
    assert_eq!(count_solutions(&puzzle), VariantSolutions::Zero);
    let report = count_steps(&puzzle, Strategy::Naive, None);
    assert_eq!((report.steps(), report.outcome), (0, Outcome::Unsolvable));
}
