//! Pencil notes on a board whose givens have several solutions. A given the app draws clipped or
//! smudged can leave strokes the small-font reader takes for notes, and a given missing from the
//! read is the likeliest reason a real app's puzzle has more than one solution. So the notes are
//! not sure there: they are named as the cells to look at again, instead of the whole board being
//! in doubt with no cell to show. Nothing else changes, as such a read is a misread already.

use super::board::{BoardRead, CellKind};
use crate::vision::sanity::Problem;

/// Below `classify::CERTAIN`: a notes cell that may hold a given.
const MAYBE_A_GIVEN: f32 = 0.5;

/// Doubts the notes cells of `read` when its givens have several solutions, and puts them first
/// among the suspects.
pub(super) fn doubt_notes(read: &mut BoardRead) {
    if !read.sanity.problems.contains(&Problem::SeveralSolutions) {
        return;
    }
    let mut doubted = Vec::new();
    for c in read.cells.iter_mut().filter(|c| c.kind == CellKind::Notes) {
        c.confidence = c.confidence.min(MAYBE_A_GIVEN);
        doubted.push(c.cell);
    }
    read.sanity.suspects.retain(|c| !doubted.contains(c));
    doubted.append(&mut read.sanity.suspects);
    read.sanity.suspects = doubted;
}
