//! A killer puzzle on a solution: a random map of connected cages (2 to 4 cells mostly, no digit
//! twice in a cage), summed from the solution; givens only where the cages alone leave the
//! puzzle open, and then as few as the search allows.

use super::{blanked, unique};
use crate::variant::{Cage, Grid, Layout, Pos, Puzzle};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// A proper killer of `layout` whose solution is `solution`; `None` when the search cannot tell
/// within its budget (the caller draws again).
pub(super) fn killer(layout: Layout, solution: &Grid, rng: &mut ChaCha8Rng) -> Option<Puzzle> {
    let cages = cage_map(solution, rng);
    let layout = layout
        .with_cages(cages)
        .expect("cages of a solution fit their sums");
    let mut puzzle = Puzzle::new(layout, Grid::empty(solution.side()));
    let mut order: Vec<Pos> = solution.positions().collect();
    order.shuffle(rng);
    // Givens are added in random order until the cages and they make one solution.
    for pos in order {
        if unique(&puzzle) {
            return Some(blanked(puzzle, rng));
        }
        puzzle.grid.set(pos, solution.get(pos));
    }
    unique(&puzzle).then_some(puzzle)
}

/// Cages covering the board: from each uncovered cell in random order, grow to a random size by
/// uncovered neighbours whose digits the cage does not hold yet.
fn cage_map(solution: &Grid, rng: &mut ChaCha8Rng) -> Vec<Cage> {
    let n = solution.side();
    let mut taken = vec![false; n * n];
    let mut starts: Vec<Pos> = solution.positions().collect();
    starts.shuffle(rng);
    let mut cages = Vec::new();
    for start in starts {
        if taken[start.index(n)] {
            continue;
        }
        // Sizes 1 to 4, a one-cell cage (a given in disguise) drawn least often.
        let size = [1, 2, 2, 3, 3, 3, 4, 4][rng.random_range(0..8)];
        let mut cells = vec![start];
        taken[start.index(n)] = true;
        while cells.len() < size {
            let next: Vec<Pos> = cells
                .iter()
                .flat_map(|c| c.neighbours(n))
                .filter(|q| {
                    !taken[q.index(n)] && cells.iter().all(|c| solution.get(*c) != solution.get(*q))
                })
                .collect();
            let Some(&q) = next.choose(rng) else { break };
            taken[q.index(n)] = true;
            cells.push(q);
        }
        let sum = cells
            .iter()
            .map(|&p| u16::from(solution.get(p).expect("a full grid").get()))
            .sum();
        cages.push(Cage::new(sum, cells));
    }
    cages
}
