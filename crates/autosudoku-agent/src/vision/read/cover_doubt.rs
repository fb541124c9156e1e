//! Whether cells the grid search took for hidden (a card over the grid) are the board after all.
//! The search judges by the lines alone, and some boards draw their cell lines so faint that
//! plain tiles lose them while tinted ones keep theirs: then the plain tiles look "covered". What
//! the cells hold tells the two apart: under a card there are words, a picture or one fill, never
//! the board's digits, one per cell, at the board's size and in the cell's middle.

use crate::geometry::Rect;
use crate::vision::cell::CellInk;
use autosudoku_core::sudoku::Cell;

/// Least share of the "covered" cells holding a digit like the board's others for the cover to be
/// doubted: a board has a digit in about half its cells, a card none in the grid's places.
const DIGIT_SHARE: f32 = 0.25;

/// Least digits outside the covered cells to know the board's digit size by.
const SEEN_DIGITS: usize = 5;

/// How far from the board's digit height a digit may be (either way) and still be one of them.
const HEIGHT_RATIO: f32 = 1.25;

/// How far a digit's centre may sit from its cell's, as a share of the cell's side.
const OFF_CENTRE: f32 = 0.15;

/// Whether the cells `covered` (with `inks` and boxes `rect_of`) are hidden by something over the
/// grid: it stands unless they hold the board's digits in a good share and nothing else, that is
/// each is a clean blank, pencil marks, a small mark or a digit like the board's others (no
/// noise, no shape cut by the cell's edge, no shape of another size or off the middle).
pub(super) fn cover_stands(
    inks: &[CellInk],
    covered: &[Cell],
    rect_of: impl Fn(Cell) -> Rect,
) -> bool {
    let mut heights: Vec<u32> = Cell::all()
        .filter(|c| !covered.contains(c))
        .filter_map(|c| match &inks[c.index()] {
            CellInk::Digit(s) => Some(s.bbox.height),
            _ => None,
        })
        .collect();
    if covered.is_empty() || heights.len() < SEEN_DIGITS {
        return true;
    }
    heights.sort_unstable();
    let typical = heights[heights.len() / 2] as f32;
    let mut digits = 0;
    for &c in covered {
        match &inks[c.index()] {
            CellInk::Digit(s) if like_the_board(s.bbox, rect_of(c), typical) => digits += 1,
            CellInk::Empty { noise: false, .. } | CellInk::Notes { .. } | CellInk::Small { .. } => {
            }
            _ => return true,
        }
    }
    (digits as f32) < DIGIT_SHARE * covered.len() as f32
}

/// Whether a digit's box `bbox` in cell `cell` is sized and placed like the board's digits.
fn like_the_board(bbox: Rect, cell: Rect, typical: f32) -> bool {
    let ratio = bbox.height as f32 / typical;
    let (d, c) = (bbox.center(), cell.center());
    let off = |a: u32, b: u32, side: u32| (a as f32 - b as f32).abs() / side.max(1) as f32;
    (1.0 / HEIGHT_RATIO..=HEIGHT_RATIO).contains(&ratio)
        && off(d.x, c.x, cell.width) <= OFF_CENTRE
        && off(d.y, c.y, cell.height) <= OFF_CENTRE
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::cell::Sample;
    use crate::vision::ocr::glyph::{Coverage, Glyph, Holes};

    /// Cells 100 pixels square from the origin.
    fn rect_of(c: Cell) -> Rect {
        Rect::new(c.col() as u32 * 100, c.row() as u32 * 100, 100, 100)
    }

    /// A digit `h` pixels tall in cell `c`, its centre moved `dx` pixels right of the cell's.
    fn digit(c: Cell, h: u32, dx: u32) -> CellInk {
        let coverage = Coverage {
            width: 4,
            height: 8,
            alpha: vec![1.0; 32],
        };
        let r = rect_of(c);
        CellInk::Digit(Box::new(Sample {
            glyph: Glyph::from_coverage(&coverage),
            holes: Holes::of(&coverage),
            coverage,
            ink: [0, 0, 0],
            paper: [255, 255, 255],
            ring: [255, 255, 255],
            backdrop: [255, 255, 255],
            weight: 0.13,
            bbox: Rect::new(r.x + 40 + dx, r.y + 50 - h / 2, 20, h),
        }))
    }

    fn blank(noise: bool) -> CellInk {
        CellInk::Empty { noise, paper: None }
    }

    /// A board with a digit in every other cell, 50 pixels tall, and rows 7 to 9 "covered".
    fn board() -> (Vec<CellInk>, Vec<Cell>) {
        let inks = Cell::all()
            .map(|c| {
                if c.index() % 2 == 0 {
                    digit(c, 50, 0)
                } else {
                    blank(false)
                }
            })
            .collect();
        (inks, Cell::all().filter(|c| c.row() >= 6).collect())
    }

    #[test]
    fn covered_cells_holding_the_boards_digits_are_the_board() {
        let (inks, covered) = board();
        assert!(!cover_stands(&inks, &covered, rect_of));
    }

    #[test]
    fn a_card_of_one_fill_or_with_words_or_cut_shapes_stands() {
        let (mut inks, covered) = board();
        // One fill: every covered cell blank.
        let mut card = inks.clone();
        for c in &covered {
            card[c.index()] = blank(false);
        }
        assert!(cover_stands(&card, &covered, rect_of));
        // Words: glyphs of another size, or off the cells' middles.
        let mut words = inks.clone();
        for c in covered.iter().filter(|c| c.index() % 2 == 0) {
            words[c.index()] = digit(*c, 30, 0);
        }
        assert!(cover_stands(&words, &covered, rect_of));
        for c in covered.iter().filter(|c| c.index() % 2 == 0) {
            words[c.index()] = digit(*c, 50, 30);
        }
        assert!(cover_stands(&words, &covered, rect_of));
        // The card's edge through a cell leaves noise there.
        inks[covered[1].index()] = blank(true);
        assert!(cover_stands(&inks, &covered, rect_of));
    }

    #[test]
    fn nothing_covered_or_too_few_digits_to_compare_leaves_the_verdict() {
        let (inks, covered) = board();
        assert!(cover_stands(&inks, &[], rect_of));
        let sparse: Vec<CellInk> = Cell::all()
            .map(|c| {
                if covered.contains(&c) {
                    digit(c, 50, 0)
                } else {
                    blank(false)
                }
            })
            .collect();
        assert!(cover_stands(&sparse, &covered, rect_of));
    }
}
