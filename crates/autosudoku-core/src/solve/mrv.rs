//! The short-trace strategy for demos: the same backtracking, but always filling the empty cell with
//! the fewest allowed digits (minimum remaining values), ties broken by reading order so the trace
//! is fully determined by the puzzle. A cell with no allowed digit has the fewest, so it is picked and fails at once.

use super::backtrack::{Order, Rules};

/// The empty cell with the fewest candidates.
pub(crate) struct FewestCandidates;

impl Order for FewestCandidates {
    fn pick<R: Rules>(rules: &R, open: &mut [u8], depth: usize) -> u16 {
        let mut best = depth;
        let mut best_mask = rules.candidates(open[depth] as usize);
        let mut best_key = (best_mask.count_ones(), open[depth]);
        for (k, &i) in open.iter().enumerate().skip(depth + 1) {
            let mask = rules.candidates(i as usize);
            let key = (mask.count_ones(), i);
            if key < best_key {
                (best, best_mask, best_key) = (k, mask, key);
            }
        }
        open.swap(depth, best);
        best_mask
    }
}
