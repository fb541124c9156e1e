//! The Sudoku core and solvers against real puzzle files and against each other: the fast solver on
//! every set of ../shared/puzzles (all of the small ones, an even sample of the big ones:
//! `scripts/bench-solve` checks every line of every set against the `sudoku` crate), property tests
//! holding all strategies together on generated puzzles, and `count_solutions` against a
//! brute-force counter on random removals and on boards with wrong digits written in.

use autosudoku_core::generate::{generate, Difficulty};
use autosudoku_core::solve::fast::{self, Solutions};
use autosudoku_core::solve::{count_steps, Outcome, Strategy};
use autosudoku_core::sudoku::{Board, Cell, Digit};
use proptest::prelude::*;
use std::path::PathBuf;

fn puzzles_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles")
}

fn puzzle_file(name: &str) -> Vec<Board> {
    let path = puzzles_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e}; the tests need the shared puzzle sets in ../shared/puzzles next to the repository",
            path.display()
        )
    });
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            l.parse()
                .unwrap_or_else(|e| panic!("{name} line {}: {e}", i + 1))
        })
        .collect()
}

/// A complete, valid grid that keeps every given of `puzzle`.
fn assert_solves(puzzle: &Board, solution: &Board) {
    assert!(solution.is_complete(), "incomplete: {solution:?}");
    assert_eq!(solution.validate(), Ok(()), "{solution:?}");
    for (cell, digit) in puzzle.filled() {
        assert_eq!(solution.get(cell), Some(digit), "given {cell} changed");
    }
}

/// Puzzles checked per set here; a set this long or shorter is checked whole. Debug builds solve
/// about 2,000 hard puzzles a second, so the big sets are sampled evenly (they are sorted).
const SAMPLE: usize = 1500;

#[test]
fn fast_solver_solves_every_set_uniquely() {
    let mut names: Vec<String> = std::fs::read_dir(puzzles_dir())
        .expect("the shared puzzle sets in ../shared/puzzles")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".txt"))
        .collect();
    names.sort();
    assert!(names.len() >= 8, "puzzle sets found: {names:?}");
    for name in &names {
        let puzzles = puzzle_file(name);
        let step = puzzles.len().div_ceil(SAMPLE);
        for puzzle in puzzles.iter().step_by(step) {
            let solution = fast::solve(puzzle).unwrap_or_else(|| panic!("{name}: {puzzle:?}"));
            assert_solves(puzzle, &solution);
            assert_eq!(fast::count_solutions(puzzle, 2), Solutions::One(solution));
        }
    }
}

#[test]
fn mrv_agrees_with_fast_on_famous_puzzles() {
    for puzzle in puzzle_file("famous.txt") {
        let report = count_steps(&puzzle, Strategy::Mrv, Some(50_000_000));
        assert_eq!(
            report.outcome,
            Outcome::Solved(fast::solve(&puzzle).unwrap()),
            "{puzzle:?}"
        );
    }
}

/// Counts solutions up to `limit` by plain recursion over the blanks (independent of the library's
/// solvers and of its validation).
fn brute_force_count(board: &mut Board, limit: usize) -> usize {
    let filled: Vec<(Cell, Digit)> = board.filled().collect();
    if filled
        .iter()
        .any(|&(a, d)| filled.iter().any(|&(b, e)| d == e && a.sees(b)))
    {
        return 0;
    }
    count_from(board, limit)
}

fn count_from(board: &mut Board, limit: usize) -> usize {
    let Some(cell) = board.blanks().next() else {
        return 1;
    };
    let mut count = 0;
    for digit in Digit::all() {
        let clash = board
            .filled()
            .any(|(other, d)| d == digit && other.sees(cell));
        if !clash && count < limit {
            board.set(cell, Some(digit));
            count += count_from(board, limit - count);
            board.set(cell, None);
        }
    }
    count
}

fn difficulty() -> impl proptest::strategy::Strategy<Value = Difficulty> {
    prop::sample::select(Difficulty::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_strategy_solves_generated_puzzles_and_they_agree(seed in any::<u64>(), level in difficulty()) {
        let puzzle = generate(level, seed);
        let fast = fast::solve(&puzzle.board).unwrap();
        assert_solves(&puzzle.board, &fast);
        prop_assert_eq!(&fast, &puzzle.solution);
        for strategy in [Strategy::Mrv, Strategy::Naive] {
            let report = count_steps(&puzzle.board, strategy, Some(200_000_000));
            prop_assert_eq!(&report.outcome, &Outcome::Solved(fast.clone()), "{:?}", strategy);
        }
    }

    #[test]
    fn count_solutions_matches_brute_force(
        seed in any::<u64>(),
        blanks in 0usize..54,
        wrong in prop::collection::vec((0u8..81, 1u8..10), 0..3),
    ) {
        let mut board = generate(Difficulty::Easy, seed).solution;
        let order: Vec<Cell> = Cell::all().collect();
        // A seed-dependent choice of cells to blank (proptest shrinks over `blanks`).
        for k in 0..blanks {
            board.set(order[(seed as usize).wrapping_add(k * 37) % 81], None);
        }
        // Sometimes also write wrong digits in: the givens may break the rules, or keep them and
        // leave no solution, or change which solutions there are.
        for (i, d) in wrong {
            board.set(Cell::from_index(i as usize).unwrap(), Digit::new(d));
        }
        const LIMIT: usize = 1000;
        let expected = brute_force_count(&mut board.clone(), LIMIT);
        prop_assert_eq!(expected == 0 || board.validate().is_ok(), true, "broken rules but solved");
        let first = fast::solve(&board);
        let cell_order = fast::solve_in_cell_order(&board);
        prop_assert_eq!(first.is_some(), expected > 0);
        prop_assert_eq!(cell_order.is_some(), expected > 0);
        for s in first.iter().chain(&cell_order) {
            assert_solves(&board, s);
        }
        if expected == 1 {
            prop_assert_eq!(&first, &cell_order);
        }
        match fast::count_solutions(&board, LIMIT) {
            Solutions::Zero => prop_assert_eq!(expected, 0),
            Solutions::One(s) => {
                prop_assert_eq!(expected, 1);
                prop_assert_eq!(Some(&s), first.as_ref());
            }
            Solutions::Many { found } => prop_assert_eq!(expected, found),
        }
    }
}

#[test]
fn naive_matches_the_published_count_on_the_brute_force_killer() {
    // famous.txt line 1: Wikipedia's puzzle designed against row-major backtracking, published
    // with 69,175,316 placements (see ../shared/puzzles/README.md).
    let killer = &puzzle_file("famous.txt")[0];
    let report = count_steps(killer, Strategy::Naive, None);
    assert_eq!(report.placements, 69_175_316);
    assert_eq!(report.removals, 69_175_316 - 64); // every placement but the 64 of the answer is undone
    assert_eq!(
        report.outcome,
        Outcome::Solved(fast::solve(killer).unwrap())
    );
    let gave_up = count_steps(killer, Strategy::Naive, Some(1_000_000));
    assert_eq!(gave_up.outcome, Outcome::GaveUp { steps: 1_000_000 });
}
