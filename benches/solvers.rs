//! The fast solver against the crates.io `sudoku` crate (JCZSolve port) on the shared puzzle sets.
//! Two comparisons per set: the first solution found (`fast::solve` vs `some_solution`), and the
//! uniqueness-checking solve (`count_solutions(2)` vs `solution`, which also looks for a second).
//! Each iteration solves a fixed sample of the set (every k-th puzzle, at most `SAMPLE`, or the whole
//! set with `AUTOSUDOKU_BENCH_FULL=1`); throughput is in puzzles per second.
//!
//! `cargo bench --bench solvers -- --quick` for a short run.

use autosudoku_core::solve::fast;
use autosudoku_core::sudoku::Board;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

const SETS: [&str; 4] = [
    "17clue.txt",
    "top1465.txt",
    "forum_hardest_1106.txt",
    "kaggle.txt",
];
const SAMPLE: usize = 2000;

fn puzzles_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles");
    assert!(
        dir.is_dir(),
        "puzzle sets not found at {}: the benchmark needs ../shared/puzzles next to the repository",
        dir.display()
    );
    dir
}

/// Every k-th line of the set, so the sample spreads over a sorted file.
fn sample(name: &str) -> Vec<String> {
    let path = puzzles_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let lines: Vec<String> = text.lines().map(str::to_owned).collect();
    if std::env::var_os("AUTOSUDOKU_BENCH_FULL").is_some() || lines.len() <= SAMPLE {
        return lines;
    }
    let step = lines.len().div_ceil(SAMPLE);
    lines.into_iter().step_by(step).collect()
}

fn bench(c: &mut Criterion) {
    for name in SETS {
        let lines = sample(name);
        let ours: Vec<Board> = lines.iter().map(|l| l.parse().unwrap()).collect();
        let theirs: Vec<sudoku::Sudoku> = lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(l).unwrap())
            .collect();
        let mut group = c.benchmark_group(name.trim_end_matches(".txt"));
        group.throughput(Throughput::Elements(ours.len() as u64));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(3));
        group.bench_function("first/autosudoku", |b| {
            b.iter(|| {
                for board in &ours {
                    black_box(fast::solve(black_box(board)));
                }
            })
        });
        group.bench_function("first/sudoku-crate", |b| {
            b.iter(|| {
                for s in &theirs {
                    black_box(black_box(*s).some_solution());
                }
            })
        });
        group.bench_function("unique/autosudoku", |b| {
            b.iter(|| {
                for board in &ours {
                    black_box(fast::count_solutions(black_box(board), 2));
                }
            })
        });
        group.bench_function("unique/sudoku-crate", |b| {
            b.iter(|| {
                for s in &theirs {
                    black_box(black_box(*s).solution());
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
