//! The fast solver for variant boards: depth-first on the empty cell with the fewest candidates,
//! candidates from bit masks, cages pruned by the smallest and largest sums their empty cells can
//! still make. Counting solutions up to a limit gives the uniqueness check.

use super::state::State;
use crate::variant::{Grid, Puzzle};

/// How many solutions a variant puzzle has, as far as the search looked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VariantSolutions {
    /// None (also for givens that break a rule).
    Zero,
    /// Exactly one: the puzzle is proper.
    One(Grid),
    /// At least two.
    Many,
}

/// Some solution of `puzzle`, or `None` if it has none.
pub fn solve(puzzle: &Puzzle) -> Option<Grid> {
    let mut search = Search::new(puzzle, 1, u64::MAX)?;
    search.fill();
    search.first
}

/// Counts solutions up to two: whether the puzzle is proper.
pub fn count_solutions(puzzle: &Puzzle) -> VariantSolutions {
    count_within(puzzle, u64::MAX).expect("an unbounded search finishes")
}

/// As `count_solutions`, giving up (`None`) after `max_nodes` digits tried: the generator's
/// bound on a layout or cage map that makes a long search.
pub fn count_within(puzzle: &Puzzle, max_nodes: u64) -> Option<VariantSolutions> {
    let Some(mut search) = Search::new(puzzle, 2, max_nodes) else {
        return Some(VariantSolutions::Zero);
    };
    search.fill();
    match (search.found, search.first) {
        (2.., _) => Some(VariantSolutions::Many),
        _ if search.nodes_left == 0 => None,
        (_, Some(grid)) => Some(VariantSolutions::One(grid)),
        (_, None) => Some(VariantSolutions::Zero),
    }
}

struct Search {
    state: State,
    cells: Vec<u8>,
    open: Vec<u16>,
    limit: usize,
    found: usize,
    first: Option<Grid>,
    nodes_left: u64,
}

impl Search {
    fn new(puzzle: &Puzzle, limit: usize, max_nodes: u64) -> Option<Search> {
        let state = State::new(&puzzle.layout, &puzzle.grid)?;
        let cells = puzzle.grid.values().to_vec();
        let open = (0..cells.len())
            .filter(|&i| cells[i] == 0)
            .map(|i| i as u16)
            .collect();
        Some(Search {
            state,
            cells,
            open,
            limit,
            found: 0,
            first: None,
            nodes_left: max_nodes,
        })
    }

    /// Fills the open cells; true when the search should stop (limit reached or budget spent).
    fn fill(&mut self) -> bool {
        let Some((k, mut mask)) = self.most_constrained() else {
            self.found += 1;
            if self.first.is_none() {
                self.first = Grid::from_values(self.state.side, self.cells.clone());
            }
            return self.found >= self.limit;
        };
        let i = self.open.swap_remove(k) as usize;
        while mask != 0 {
            if self.nodes_left == 0 {
                return true;
            }
            self.nodes_left -= 1;
            let bit = mask & mask.wrapping_neg();
            mask ^= bit;
            self.cells[i] = bit.trailing_zeros() as u8 + 1;
            self.state.place(i, bit);
            let stop = self.fill();
            self.state.unplace(i, bit);
            self.cells[i] = 0;
            if stop {
                return true;
            }
        }
        self.open.push(i as u16);
        let last = self.open.len() - 1;
        self.open.swap(k, last);
        false
    }

    /// The open cell with the fewest candidates (its place in `open`) and its candidates; `None`
    /// when every cell is filled. A cell with none is returned at once: the branch is dead.
    fn most_constrained(&self) -> Option<(usize, u16)> {
        let mut best: Option<(usize, u16, u32)> = None;
        for (k, &i) in self.open.iter().enumerate() {
            let mask = self.state.candidates(i as usize);
            let n = mask.count_ones();
            if best.is_none_or(|(_, _, m)| n < m) {
                best = Some((k, mask, n));
                if n <= 1 {
                    break;
                }
            }
        }
        best.map(|(k, mask, _)| (k, mask))
    }
}
