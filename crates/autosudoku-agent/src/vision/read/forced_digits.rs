//! A clear digit in a font seen for the first time may match its glyph only loosely (a plain bar
//! for a 1, a shape Tesseract also calls `l`): then every cell of that digit reads loose, the
//! board repeating the shape the reader doubts. The board vouches for them: when the digits read
//! certain leave exactly one completion, and that completion holds the loose digit where it was
//! read, the rest of the board forces it, and it is read certain. A digit read loose in one cell
//! while the same digit reads certain elsewhere is that cell's own trouble (a smudge, a cursor,
//! a mark over it) and stays uncertain, as does a loose read the board does not force.

use super::board::{BoardRead, CellRead};
use crate::vision::cell::classify::CERTAIN;
use crate::vision::rules::BoardRules;
use autosudoku_core::solve::fast::Solutions;
use autosudoku_core::sudoku::Board;

/// Least cells of one digit, all read loose, for the shape to be the font's rather than a cell's.
const REPEATED: usize = 2;

/// Raises to `CERTAIN` the loose reads of digits never read certain (in `REPEATED` cells at
/// least) that the certain digits force.
pub(super) fn confirm_forced(read: &mut BoardRead) {
    let mut loose_of = [0usize; 10];
    let mut sure_of = [0usize; 10];
    for c in &read.cells {
        if let Some(d) = c.digit {
            let count = if c.confidence < CERTAIN {
                &mut loose_of
            } else {
                &mut sure_of
            };
            count[usize::from(d.get())] += 1;
        }
    }
    let doubted_font = |d: usize| loose_of[d] >= REPEATED && sure_of[d] == 0;
    let loose = |c: &CellRead| {
        c.confidence < CERTAIN && c.digit.is_some_and(|d| doubted_font(usize::from(d.get())))
    };
    if !read.cells.iter().any(loose) {
        return;
    }
    let mut sure = Board::empty();
    for c in read.cells.iter().filter(|c| c.confidence >= CERTAIN) {
        sure.set(c.cell, c.digit);
    }
    let rules = BoardRules::of(read.layout.as_ref());
    if !rules.repeats(&sure).is_empty() {
        return;
    }
    let Solutions::One(solution) = rules.count(&sure) else {
        return;
    };
    for c in read.cells.iter_mut().filter(|c| loose(c)) {
        if solution.get(c.cell) == c.digit {
            c.confidence = CERTAIN;
        }
    }
}
