//! Whether a wrong entry is the player's mistake or the reader's. An entry that differs from the
//! givens' one solution is taken as typed wrong (and `play` erases it) only when its glyph was
//! matched firmly: a digit the logic contradicts and the glyph match barely stands by (a cursor
//! beside it, heavy compression) is more likely misread, and the read names it uncertain instead
//! of acting on it.

use super::board::BoardRead;
use crate::vision::cell::classify::CERTAIN;
use crate::vision::sanity::Problem;

/// Least confidence at which a read contradicted by the logic still stands as the player's digit.
const MISTAKE_STANDS: f32 = 0.9;

/// Lowers below the certainty bar the confidence of every wrong entry read under
/// `MISTAKE_STANDS`.
pub(super) fn doubt_wrong_entries(read: &mut BoardRead) {
    let Some(wrong) = read.sanity.problems.iter().find_map(|p| match p {
        Problem::WrongEntries { cells } => Some(cells.clone()),
        _ => None,
    }) else {
        return;
    };
    for c in read.cells.iter_mut().filter(|c| wrong.contains(&c.cell)) {
        if c.confidence < MISTAKE_STANDS {
            c.confidence *= CERTAIN;
        }
    }
}
