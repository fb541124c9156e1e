//! Pencil notes on a board whose givens have several solutions. A given the app draws clipped or
//! smudged can leave strokes the small-font reader takes for a lone note, and a given missing
//! from the read is the likeliest reason a real app's puzzle has more than one solution. So such a
//! note is not sure there: its cell is named as the one to look at again, instead of the whole
//! board being in doubt with no cell to show. Only a few lone notes are so doubted: many marks are
//! a layer of their own (a player's pencil work, a killer's cage sums), not givens lost to a
//! smudge. Nothing else changes, as such a read is a misread already.

use super::board::{BoardRead, CellKind};
use crate::vision::sanity::Problem;

/// Below `classify::CERTAIN`: a notes cell that may hold a given.
const MAYBE_A_GIVEN: f32 = 0.5;

/// Most notes cells on a board for them to be givens lost to a smudge rather than a layer of marks.
const FEW_NOTES: usize = 3;

/// Doubts the notes cells of `read` when its givens have several solutions and its notes are a
/// few lone marks, and puts those cells first among the suspects.
pub(super) fn doubt_notes(read: &mut BoardRead) {
    let notes: Vec<usize> = (0..read.cells.len())
        .filter(|&i| read.cells[i].kind == CellKind::Notes)
        .collect();
    let lone = notes.iter().all(|&i| read.cells[i].notes.len() == 1);
    if !read.sanity.problems.contains(&Problem::SeveralSolutions)
        || notes.len() > FEW_NOTES
        || !lone
    {
        return;
    }
    let mut doubted = Vec::new();
    for i in notes {
        let c = &mut read.cells[i];
        c.confidence = c.confidence.min(MAYBE_A_GIVEN);
        doubted.push(c.cell);
    }
    read.sanity.suspects.retain(|c| !doubted.contains(c));
    doubted.append(&mut read.sanity.suspects);
    read.sanity.suspects = doubted;
}
