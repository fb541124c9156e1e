//! A clear digit in a font seen for the first time may match its glyph only loosely (a plain bar
//! for a 1, a shape Tesseract also calls `l`). The board then vouches for it: when the digits
//! read certain leave exactly one completion, and that completion holds every loosely read digit
//! where it was read, the rest of the board forces each of them, and they are read certain. A
//! loose read the board does not force (another digit belongs there, or the certain digits leave
//! several completions) stays uncertain, and is named.

use super::board::{BoardRead, CellRead};
use crate::vision::cell::classify::CERTAIN;
use autosudoku_core::solve::fast::{count_solutions, Solutions};
use autosudoku_core::sudoku::Board;

/// Raises to `CERTAIN` the digits read below it that the certain digits force.
pub(super) fn confirm_forced(read: &mut BoardRead) {
    let loose = |c: &CellRead| c.confidence < CERTAIN && c.digit.is_some();
    if !read.cells.iter().any(loose) {
        return;
    }
    let mut sure = Board::empty();
    for c in read.cells.iter().filter(|c| c.confidence >= CERTAIN) {
        sure.set(c.cell, c.digit);
    }
    if sure.validate().is_err() {
        return;
    }
    let Solutions::One(solution) = count_solutions(&sure, 2) else {
        return;
    };
    for c in read.cells.iter_mut().filter(|c| loose(c)) {
        if solution.get(c.cell) == c.digit {
            c.confidence = CERTAIN;
        }
    }
}
