//! A random solution of a layout: a random first row and a few random cells (kept only where they
//! break no rule), completed by the fast solver within a node budget.

use super::NODE_BUDGET;
use crate::variant::solve::{count_within, VariantSolutions};
use crate::variant::{Grid, Layout, Pos, Puzzle, Symbol};
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Attempts before the layout is given up (a jigsaw map may have no solution at all).
const ATTEMPTS: usize = 8;

/// Some solution of `layout` drawn from `rng`; `None` when none is found in a few attempts.
pub(super) fn random_solution(layout: &Layout, rng: &mut ChaCha8Rng) -> Option<Grid> {
    (0..ATTEMPTS).find_map(|_| {
        let puzzle = Puzzle::new(layout.clone(), seeds(layout, rng));
        // A count, not a solve: it stops at the second solution, and its budget bounds the search.
        match count_within(&puzzle, NODE_BUDGET)? {
            VariantSolutions::One(grid) => Some(grid),
            // The same search found two within the budget, so its first comes within it too.
            VariantSolutions::Many => crate::variant::solve::solve(&puzzle),
            VariantSolutions::Zero => None,
        }
    })
}

/// A random permutation in the first row, then `side` random cells with random digits, each kept
/// only if the rules still hold.
fn seeds(layout: &Layout, rng: &mut ChaCha8Rng) -> Grid {
    let n = layout.side();
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    digits.shuffle(rng);
    let mut puzzle = Puzzle::new(layout.clone(), Grid::empty(n));
    for (c, &d) in digits.iter().enumerate() {
        puzzle.grid.set(Pos::new(0, c), Symbol::new(d));
    }
    for _ in 0..n {
        let pos = Pos::new(rng.random_range(1..n), rng.random_range(0..n));
        let before = puzzle.grid.get(pos);
        puzzle
            .grid
            .set(pos, Symbol::new(rng.random_range(1..=n as u8)));
        if puzzle.check().is_err() {
            puzzle.grid.set(pos, before);
        }
    }
    puzzle.grid
}
