//! The Sudoku core and solvers against real puzzle files and against each other: the fast solver on
//! every puzzle of famous.txt and top1465.txt, property tests holding all strategies together on
//! generated puzzles, and `count_solutions` against a brute-force counter on small cases.

use autosudoku_core::generate::{generate, Difficulty};
use autosudoku_core::solve::fast::{self, Solutions};
use autosudoku_core::solve::{count_steps, Outcome, Strategy};
use autosudoku_core::sudoku::{Board, Cell, Digit};
use proptest::prelude::*;
use std::path::PathBuf;

fn puzzle_file(name: &str) -> Vec<Board> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles");
    let path = dir.join(name);
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

#[test]
fn fast_solver_solves_every_famous_and_top1465_puzzle_uniquely() {
    let mut puzzles = puzzle_file("famous.txt");
    puzzles.extend(puzzle_file("top1465.txt"));
    assert_eq!(puzzles.len(), 8 + 1465);
    for puzzle in &puzzles {
        let solution = fast::solve(puzzle).expect("every puzzle of these sets has a solution");
        assert_solves(puzzle, &solution);
        assert_eq!(fast::count_solutions(puzzle, 2), Solutions::One(solution));
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

/// Counts every solution by plain recursion over the blanks (independent of the library's solvers).
fn brute_force_count(board: &mut Board) -> usize {
    let Some(cell) = board.blanks().next() else {
        return 1;
    };
    let mut count = 0;
    for digit in Digit::all() {
        let clash = board
            .filled()
            .any(|(other, d)| d == digit && other.sees(cell));
        if !clash {
            board.set(cell, Some(digit));
            count += brute_force_count(board);
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
    fn count_solutions_matches_brute_force(seed in any::<u64>(), blanks in 0usize..52, wrong in any::<Option<(u8, u8)>>()) {
        let solved = generate(Difficulty::Easy, seed).solution;
        let mut board = solved.clone();
        let order: Vec<Cell> = Cell::all().collect();
        // A seed-dependent choice of cells to blank (proptest shrinks over `blanks`).
        for k in 0..blanks {
            board.set(order[(seed as usize).wrapping_add(k * 37) % 81], None);
        }
        // Sometimes also overwrite a given: often leaves no solution at all.
        if let Some((i, d)) = wrong {
            if let (Some(cell), Some(digit)) = (Cell::from_index(i as usize % 81), Digit::new(d % 9 + 1)) {
                if board.get(cell).is_some() {
                    board.set(cell, Some(digit));
                }
            }
        }
        let expected = if board.validate().is_ok() { brute_force_count(&mut board.clone()) } else { 0 };
        match fast::count_solutions(&board, 1000) {
            Solutions::Zero => prop_assert_eq!(expected, 0),
            Solutions::One(s) => {
                prop_assert_eq!(expected, 1);
                assert_solves(&board, &s);
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
