//! The seed articles' solver (the LeetCode 37 backtracking): take the empty cells in row-major order
//! and try 1..9 in each, skipping digits the row, column or box already has. Trying 1..9 and
//! skipping the invalid ones is the same as trying the allowed digits ascending, which is what the
//! shared search does, so the step counts match the article's to the step (4208 placements and
//! 4157 removals on the LeetCode example). It is the oracle the other solvers are checked against.

use super::backtrack::{Order, Rules};

/// The next empty cell in reading order.
pub(crate) struct RowMajor;

impl Order for RowMajor {
    #[inline]
    fn pick<R: Rules>(rules: &R, open: &mut [u8], depth: usize) -> u16 {
        // `open` is built row-major and never reordered by this strategy.
        rules.candidates(open[depth] as usize)
    }
}
