//! The variant fast solver on generated proper puzzles, per variant: the first solution
//! (`solve`) and the uniqueness count (`count_solutions`), in puzzles per second. On killers, side
//! by side in the same run, our traced searches (the article's backtracking and MRV), since no
//! open killer solver that could be built here solved them (docs/notes/variants.md).
//!
//! `cargo bench --bench variants -- --quick` for a short run; docs/notes/variants.md has figures.

use autosudoku_core::solve::{Outcome, Strategy};
use autosudoku_core::variant::generate::{generate, Kind};
use autosudoku_core::variant::solve::count_steps;
use autosudoku_core::variant::solve::{count_solutions, solve, VariantSolutions};
use autosudoku_core::variant::{Grid, Puzzle};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

/// (kind, side, puzzles): fewer of the boards that take long to generate.
const SETS: [(Kind, usize, u64); 9] = [
    (Kind::Classic, 6, 50),
    (Kind::Classic, 9, 50),
    (Kind::Classic, 12, 8),
    (Kind::Classic, 16, 3),
    (Kind::Jigsaw, 9, 20),
    (Kind::X, 9, 20),
    (Kind::Hyper, 9, 20),
    (Kind::Killer, 6, 50),
    (Kind::Killer, 9, 20),
];

fn puzzles(kind: Kind, side: usize, count: u64) -> Vec<(Puzzle, Grid)> {
    (0..count)
        .map(|seed| {
            let g = generate(kind, side, seed).expect("a side the kind offers");
            (g.puzzle, g.solution)
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    for (kind, side, count) in SETS {
        let set = puzzles(kind, side, count);
        for (p, solution) in &set {
            assert_eq!(count_solutions(p), VariantSolutions::One(solution.clone()));
        }
        let mut group = c.benchmark_group(format!("{kind}-{side}x{side}"));
        group.throughput(Throughput::Elements(set.len() as u64));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(3));
        group.bench_function("first/autosudoku", |b| {
            b.iter(|| {
                set.iter()
                    .filter(|(p, _)| solve(black_box(p)).is_some())
                    .count()
            })
        });
        group.bench_function("count/autosudoku", |b| {
            b.iter(|| {
                set.iter()
                    .filter(|(p, _)| {
                        matches!(count_solutions(black_box(p)), VariantSolutions::One(_))
                    })
                    .count()
            })
        });
        if kind == Kind::Killer {
            bench_traced(&mut group, &set, side);
        }
        group.finish();
    }
}

/// Our traced searches on the same killers (MRV; the naive search too on 6x6, where it ends in
/// reasonable time): no open killer solver could be run here as an anchor (docs/notes/variants.md).
fn bench_traced(
    group: &mut criterion::BenchmarkGroup<criterion::measurement::WallTime>,
    set: &[(Puzzle, Grid)],
    side: usize,
) {
    let strategies: &[Strategy] = if side <= 6 {
        &Strategy::ALL
    } else {
        &[Strategy::Mrv]
    };
    for &strategy in strategies {
        group.bench_function(format!("{}/autosudoku-traced", strategy.name()), |b| {
            b.iter(|| {
                set.iter()
                    .filter(|(p, _)| {
                        matches!(
                            count_steps(black_box(p), strategy, None).outcome,
                            Outcome::Solved(_)
                        )
                    })
                    .count()
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
