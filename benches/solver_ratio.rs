//! The ratio the issue asks for, measured so that a busy machine cannot skew it: the fast solver
//! and the crates.io `sudoku` crate solve the same chunk of 32 puzzles back to back, each chunk's
//! best time over several rounds is kept, and the ratio of the sums is printed per set. Criterion
//! (benches/solvers.rs) measures one function after the other, so load from other processes lands
//! on one side only; here it lands on both.
//!
//! Every set in ../shared/puzzles. `cargo bench --bench solver_ratio` (every k-th puzzle, at most
//! 3000 a set; 7 rounds; `scripts/bench-solve` runs it beside the whole-process comparison).
//! Without `--bench` (as in `cargo test --benches`) it runs one round on 64 puzzles a set.

use autosudoku_core::solve::fast;
use autosudoku_core::sudoku::Board;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (sample, rounds) = if full { (3000, 7) } else { (64, 1) };
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles");
    assert!(
        dir.is_dir(),
        "puzzle sets not found at {}: the benchmark needs ../shared/puzzles next to the repository",
        dir.display()
    );
    let mut sets: Vec<String> = std::fs::read_dir(&dir)
        .expect("readable puzzle folder")
        .map(|e| {
            e.expect("readable entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".txt"))
        .collect();
    sets.sort();
    println!("puzzles per second, best of {rounds} interleaved rounds (ratio = autosudoku / sudoku crate)");
    for name in &sets {
        let text = std::fs::read_to_string(dir.join(name)).expect("readable puzzle set");
        let lines: Vec<&str> = text.lines().collect();
        let lines: Vec<&str> = lines
            .iter()
            .step_by(lines.len().div_ceil(sample))
            .copied()
            .collect();
        let ours: Vec<Board> = lines.iter().map(|l| l.parse().unwrap()).collect();
        let theirs: Vec<sudoku::Sudoku> = lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(l).unwrap())
            .collect();
        let first = measure(
            rounds,
            ours.len(),
            |r| {
                ours[r].iter().for_each(|b| {
                    let _ = black_box(fast::solve(b));
                })
            },
            |r| {
                theirs[r].iter().for_each(|s| {
                    let _ = black_box(s.some_solution());
                })
            },
        );
        let unique = measure(
            rounds,
            ours.len(),
            |r| {
                ours[r].iter().for_each(|b| {
                    let _ = black_box(fast::count_solutions(b, 2));
                })
            },
            |r| {
                theirs[r].iter().for_each(|s| {
                    let _ = black_box(s.solution());
                })
            },
        );
        println!(
            "{:<24} {:>5} puzzles  first: {:>8.0} vs {:>8.0} ratio {:.2}   unique: {:>8.0} vs {:>8.0} ratio {:.2}",
            name,
            ours.len(),
            first.0,
            first.1,
            first.0 / first.1,
            unique.0,
            unique.1,
            unique.0 / unique.1
        );
    }
}

/// (ours, theirs) in puzzles per second; each closure solves the puzzles of a range.
fn measure(
    rounds: usize,
    n: usize,
    ours: impl Fn(std::ops::Range<usize>),
    theirs: impl Fn(std::ops::Range<usize>),
) -> (f64, f64) {
    let chunks: Vec<_> = (0..n).step_by(32).map(|s| s..(s + 32).min(n)).collect();
    let mut best = vec![(f64::MAX, f64::MAX); chunks.len()];
    for _ in 0..rounds {
        for (chunk, best) in chunks.iter().zip(&mut best) {
            let t = Instant::now();
            ours(chunk.clone());
            best.0 = best.0.min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            theirs(chunk.clone());
            best.1 = best.1.min(t.elapsed().as_secs_f64());
        }
    }
    let (a, b) = best
        .iter()
        .fold((0.0, 0.0), |(a, b), &(x, y)| (a + x, b + y));
    (n as f64 / a, n as f64 / b)
}
