//! The fast solver's uniqueness count and the rule check above 6x6: 9x9 boards of every kind, a
//! 12x12 and a 16x16, each a generated solution with random cells blanked or changed. Solutions are
//! made once per run (the 16x16 takes about 2 s); the cases themselves are quick.

use super::{count_within, VariantSolutions};
use crate::variant::generate::{generate, Generated, Kind};
use crate::variant::{Broken, BrokenRules, Grid, Pos, Puzzle, Symbol};
use proptest::prelude::*;
use std::sync::OnceLock;

/// Plenty for these boards (a count here takes well under 100,000 nodes); a run that needs more
/// fails the test rather than hangs it.
const BUDGET: u64 = 5_000_000;

fn boards() -> &'static [Generated] {
    static BOARDS: OnceLock<Vec<Generated>> = OnceLock::new();
    BOARDS.get_or_init(|| {
        let mut made: Vec<Generated> = Kind::ALL
            .iter()
            .map(|&k| generate(k, 9, 1).unwrap())
            .collect();
        made.push(generate(Kind::Classic, 12, 1).unwrap());
        made.push(generate(Kind::X, 16, 1).unwrap());
        made
    })
}

/// Board `k`'s solution with the cells `picks` name blanked.
fn blanked(k: usize, picks: &[usize]) -> (Puzzle, &'static Grid) {
    let g = &boards()[k % boards().len()];
    let n = g.solution.side();
    let mut grid = g.solution.clone();
    for &i in picks {
        grid.set(Pos::from_index(i % (n * n), n), None);
    }
    (Puzzle::new(g.puzzle.layout.clone(), grid), &g.solution)
}

/// The rule check's slow twin: every pair of cells sharing a unit or cage holds different digits,
/// and a full cage adds up to its sum (a partial one stays at most at it).
fn keeps_rules(p: &Puzzle) -> bool {
    let g = &p.grid;
    let distinct = |cells: &[Pos]| {
        cells.iter().enumerate().all(|(a, &x)| {
            cells[a + 1..]
                .iter()
                .all(|&y| g.get(x).is_none() || g.get(x) != g.get(y))
        })
    };
    let units = p.layout.units().iter().all(|u| distinct(&u.cells));
    let cages = p.layout.cages().iter().all(|c| {
        let digits: Vec<u16> = c
            .cells
            .iter()
            .filter_map(|&x| g.get(x))
            .map(|s| s.get().into())
            .collect();
        let sum: u16 = digits.iter().sum();
        distinct(&c.cells) && sum <= c.sum && (digits.len() < c.cells.len() || sum == c.sum)
    });
    units && cages
}

proptest! {
    // Most wrong digits break a rule and are rejected (about 1 in 25 is kept): room for 40 kept.
    #![proptest_config(ProptestConfig {
        cases: 40,
        max_global_rejects: 20_000,
        ..ProptestConfig::default()
    })]

    /// A solution with cells blanked still has it: one solution (that one) or several, never none.
    #[test]
    fn blanking_keeps_the_solution(k in 0..7usize, picks in prop::collection::vec(0..256usize, 0..120)) {
        let (puzzle, solution) = blanked(k, &picks);
        match count_within(&puzzle, BUDGET) {
            Some(VariantSolutions::One(found)) => prop_assert_eq!(&found, solution),
            Some(VariantSolutions::Many) => {}
            other => prop_assert!(false, "{}: {other:?}", puzzle.kind()),
        }
    }

    /// A wrong digit that breaks no rule leaves the old solution out: never One of it.
    #[test]
    fn a_wrong_digit_loses_the_solution(k in 0..7usize, picks in prop::collection::vec(0..256usize, 1..60), d in 1..=16u8) {
        let (mut puzzle, solution) = blanked(k, &picks);
        let n = puzzle.layout.side();
        let pos = Pos::from_index(picks[0] % (n * n), n);
        let wrong = Symbol::new((solution.get(pos).unwrap().get() + d - 1) % n as u8 + 1);
        prop_assume!(wrong != solution.get(pos));
        puzzle.grid.set(pos, wrong);
        prop_assume!(puzzle.check().is_ok());
        match count_within(&puzzle, BUDGET) {
            Some(VariantSolutions::One(found)) => {
                prop_assert_ne!(&found, solution);
                prop_assert!(keeps_rules(&Puzzle::new(puzzle.layout.clone(), found)));
            }
            Some(_) => {}
            None => prop_assert!(false, "over budget"),
        }
    }

    /// The rule check agrees with its slow twin, and a repeat it names is a real one.
    #[test]
    fn the_rule_check_agrees_with_pairs(k in 0..7usize, picks in prop::collection::vec(0..256usize, 0..100), changes in prop::collection::vec((0..256usize, 1..=16u8), 0..4)) {
        let (mut puzzle, _) = blanked(k, &picks);
        let n = puzzle.layout.side();
        for (i, v) in changes {
            puzzle.grid.set(Pos::from_index(i % (n * n), n), Symbol::new((v - 1) % n as u8 + 1));
        }
        let checked = puzzle.check();
        prop_assert_eq!(checked.is_ok(), keeps_rules(&puzzle));
        for broken in checked.err().map_or(Vec::new(), |BrokenRules(b)| b) {
            if let Broken::Repeat { symbol, first, second, .. } = broken {
                prop_assert_ne!(first, second);
                prop_assert_eq!((puzzle.grid.get(first), puzzle.grid.get(second)), (Some(symbol), Some(symbol)));
            }
        }
    }
}
