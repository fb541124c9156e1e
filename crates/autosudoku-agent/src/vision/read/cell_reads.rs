//! From what each cell holds and which digit each sample is, to the 81 cell reads and the board:
//! givens told from entries by how they are drawn, a digit much smaller than the board's others
//! read as unsure, and the givens checked for sense.

use super::board::{BoardRead, CellKind, CellRead};
use super::cover_doubt::cover_stands;
use super::lattice_doubt::{off_lattice, OFF_LATTICE};
use crate::vision::cell::classify::{Source, Verdict};
use crate::vision::cell::small_font::settle_small;
use crate::vision::cell::style::{self, by_paper, resolve, Ink, PaperSplit};
use crate::vision::cell::{extract, CellInk, Sample};
use crate::vision::grid::GridFound;
use crate::vision::layout::LayoutRead;
use crate::vision::parallel::map_halves;
use crate::vision::rules::BoardRules;
use crate::vision::sanity::{check, Problem, Sanity};
use autosudoku_core::sudoku::{Board, Cell, Digit};
use image::RgbaImage;

/// The confidence of a digit much smaller than the board's others: likely a pencil mark.
const UNLIKE: f32 = 0.5;

/// The board's typical digit height in pixels (the median): an app draws its digits at one size,
/// givens and entries alike, and its pencil marks well below it.
fn typical_height(samples: &[&Sample]) -> f32 {
    let mut h: Vec<u32> = samples.iter().map(|s| s.bbox.height).collect();
    h.sort_unstable();
    h.get(h.len() / 2).copied().unwrap_or(0) as f32
}

/// Whether a shape of `height` pixels is far from the board's digits: a "digit" this small is
/// more likely a lone pencil mark, a "pencil mark" this tall a digit; the read must not be sure.
fn unlike_a_digit(height: u32, typical: f32) -> bool {
    (height as f32) < 0.75 * typical
}

/// Whether pencil marks sit where only pencil marks do: at two or more of the cell's nine places,
/// or off its centre column (a digit, whatever its size, is drawn centred). Then marks as tall as
/// the board's digits (an app whose digits are small) are still sure notes.
fn placed_as_notes(places: &[Digit]) -> bool {
    places.len() >= 2 || places.iter().any(|d| (d.get() - 1) % 3 != 1)
}

/// Whether two marks are a digit in the centre with a smaller label in a corner (a killer cage's
/// sum): pencil marks are drawn alike, so one far taller than the other is no pencil mark.
fn labelled_digit(places: &[Digit], tallest: u32, shortest: u32) -> bool {
    places.len() == 2 && places.iter().any(|d| d.get() == 5) && tallest * 2 >= shortest * 3
}

/// What each cell holds; cells something drawn over the grid hides are left blank (and noisy).
/// Cells the grid search took for hidden that hold the board's digits are no longer taken so.
pub(super) fn cell_inks(img: &RgbaImage, found: &mut GridFound) -> Vec<CellInk> {
    let all: Vec<Cell> = Cell::all().collect();
    let geometry = &found.geometry;
    let mut inks: Vec<CellInk> = map_halves(&all, |&c| extract(img, geometry.cell_rect(c)));
    if cover_stands(&inks, &found.covered, |c| geometry.cell_rect(c)) {
        for c in &found.covered {
            inks[c.index()] = CellInk::Empty {
                noise: true,
                paper: None,
            };
        }
    } else {
        tracing::debug!(
            cells = found.covered.len(),
            "the covered cells hold the board's digits"
        );
        found.covered.clear();
    }
    settle_small(&mut inks);
    inks
}

/// Whether the grid's first or last row or column holds nothing at all: a puzzle's edge rows
/// hold givens, so a bare one may be a row of something else taken in by lines out of phase.
pub(super) fn bare_edge(inks: &[CellInk]) -> bool {
    let bare = |c: Cell| matches!(inks[c.index()], CellInk::Empty { .. });
    let edge = |on: fn(Cell) -> usize, k: usize| Cell::all().filter(|&c| on(c) == k).all(bare);
    [0, 8]
        .into_iter()
        .any(|k| edge(|c| c.row(), k) || edge(|c| c.col(), k))
}

/// The cells that hold a big digit (by index) and its sample, in cell order.
pub(super) fn digit_samples(inks: &[CellInk]) -> (Vec<usize>, Vec<&Sample>) {
    inks.iter()
        .enumerate()
        .filter_map(|(i, ink)| match ink {
            CellInk::Digit(s) => Some((i, s.as_ref())),
            _ => None,
        })
        .unzip()
}

/// Whether each sample's digit is a given, by how it is drawn beside the board's other digits;
/// and the problem when which are the givens could not be seen (one ink on two papers, no puzzle
/// to tell them by).
fn givens(
    cells_with_digit: &[usize],
    verdicts: &[Verdict],
    samples: &[&Sample],
    blanks: &[[u8; 3]],
) -> (Vec<bool>, Option<Problem>) {
    let read: Vec<Option<Digit>> = verdicts.iter().map(|v| v.digit).collect();
    let cells: Vec<Cell> = cells_with_digit
        .iter()
        .filter_map(|&i| Cell::from_index(i))
        .collect();
    let styles = style::inks(samples, &read, &cells);
    // The digits read, each with its sample's index.
    let known: Vec<(usize, Cell, Digit, Ink)> = cells
        .iter()
        .enumerate()
        .filter_map(|(k, &cell)| Some((k, cell, verdicts[k].digit?, styles.inks[k])))
        .collect();
    let read_digits: Vec<(Cell, Digit, Ink)> =
        known.iter().map(|&(_, c, d, ink)| (c, d, ink)).collect();
    let known_samples: Vec<&Sample> = known.iter().map(|&(k, ..)| samples[k]).collect();
    let mut resolved = resolve(&read_digits, &known_samples);
    let by_ink: Vec<usize> = (0..known.len())
        .filter(|&p| resolved[p] && read_digits[p].2 == Ink::Given)
        .collect();
    let cells: Vec<(Cell, Digit)> = read_digits.iter().map(|&(c, d, _)| (c, d)).collect();
    let split = by_paper(&cells, &by_ink, &known_samples, blanks);
    if let PaperSplit::Givens(g) = &split {
        for &p in by_ink.iter().chain(g) {
            resolved[p] = g.contains(&p);
        }
    }
    let mut given = vec![false; cells_with_digit.len()];
    for (p, &(k, ..)) in known.iter().enumerate() {
        given[k] = resolved[p];
    }
    let unseen = match split {
        PaperSplit::Unseen { papers, both } => Some(Problem::GivensUnseen { papers, both }),
        PaperSplit::Unexplained { papers, cells } => {
            Some(Problem::PapersUnexplained { papers, cells })
        }
        PaperSplit::Covered { cells } => Some(Problem::GivensCovered { cells }),
        PaperSplit::Same if styles.weights_unclear => Some(Problem::WeightsUnclear),
        _ => None,
    };
    (given, unseen)
}

/// A cell as read before its digit is known: covered, blank, notes, or waiting for its digit.
fn first_read(cell: Cell, ink: &CellInk, found: &GridFound, typical: f32) -> CellRead {
    let (kind, notes, confidence) = match ink {
        _ if found.covered.contains(&cell) => (CellKind::Covered, Vec::new(), 0.0),
        // `settle_small` left none; unsure if it had.
        CellInk::Small { .. } => (CellKind::Empty, Vec::new(), 0.0),
        CellInk::Empty { noise, .. } => {
            (CellKind::Empty, Vec::new(), if *noise { 0.7 } else { 1.0 })
        }
        CellInk::Notes {
            digits,
            tallest,
            shortest,
        } => {
            let sure = typical == 0.0
                || unlike_a_digit(*tallest, typical)
                || (placed_as_notes(digits) && !labelled_digit(digits, *tallest, *shortest));
            (
                CellKind::Notes,
                digits.clone(),
                if sure { 0.95 } else { UNLIKE },
            )
        }
        CellInk::Digit(_) => (CellKind::Given, Vec::new(), 0.0),
    };
    CellRead {
        cell,
        kind,
        digit: None,
        notes,
        confidence,
        source: Source::None,
        rect: found.geometry.cell_rect(cell),
    }
}

/// The 81 cell reads: what `inks` hold, with the `verdicts` on the digits of `cells_with_digit`
/// (their `samples`), each a given or an entry; and the problem when which are the givens could
/// not be seen.
pub(super) fn cell_reads(
    found: &GridFound,
    inks: &[CellInk],
    cells_with_digit: &[usize],
    samples: &[&Sample],
    verdicts: &[Verdict],
) -> (Vec<CellRead>, Option<Problem>) {
    let blanks: Vec<[u8; 3]> = inks
        .iter()
        .filter_map(|ink| match ink {
            CellInk::Empty { paper, .. } => *paper,
            _ => None,
        })
        .collect();
    let (given, unseen) = givens(cells_with_digit, verdicts, samples, &blanks);
    let typical = typical_height(samples);
    let mut cells: Vec<CellRead> = Cell::all()
        .zip(inks)
        .map(|(cell, ink)| first_read(cell, ink, found, typical))
        .collect();
    for (k, &i) in cells_with_digit.iter().enumerate() {
        let v: Verdict = verdicts[k];
        let c = &mut cells[i];
        c.kind = if given[k] {
            CellKind::Given
        } else {
            CellKind::Entered
        };
        c.digit = v.digit;
        c.confidence = if unlike_a_digit(samples[k].bbox.height, typical) {
            v.confidence.min(UNLIKE)
        } else {
            v.confidence
        };
        c.source = v.source;
    }
    let (rows, cols) = off_lattice(&found.geometry);
    for c in cells.iter_mut().filter(|c| c.kind == CellKind::Empty) {
        if rows[c.cell.row()] || cols[c.cell.col()] {
            c.confidence = c.confidence.min(OFF_LATTICE);
        }
    }
    (cells, unseen)
}

/// The read of the grid `found` holding `cells`, its givens checked for sense (`unseen`: which
/// they are could not be seen) and its split judged by the logic (`split`); the keypad, the
/// buttons and the font are the reader's to add.
pub(super) fn board_read(
    found: GridFound,
    cells: Vec<CellRead>,
    unseen: Option<Problem>,
    layout: Option<LayoutRead>,
) -> BoardRead {
    let mut board = Board::empty();
    let mut confidence = [0.0f32; 81];
    for c in &cells {
        board.set(c.cell, c.digit);
        confidence[c.cell.index()] = c.confidence;
    }
    let mut read = BoardRead {
        board,
        cells,
        geometry: found.geometry,
        covered: found.covered,
        keypad: None,
        buttons: Vec::new(),
        sanity: Sanity::default(),
        givens_known: false,
        font: None,
        ocr_calls: 0,
        not_in_play: None,
        layout,
    };
    let rules = BoardRules::of(read.layout.as_ref());
    read.sanity = check(&read.givens(), &read.entered(), &confidence, &rules);
    read.sanity.problems.extend(unseen);
    super::split::judge(&mut read, &confidence);
    super::forced_digits::confirm_forced(&mut read);
    super::notes_doubt::doubt_notes(&mut read);
    read
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edge_row_or_column_holding_nothing_is_bare_and_notes_are_something() {
        let blank = CellInk::Empty {
            noise: false,
            paper: None,
        };
        let notes = CellInk::Notes {
            digits: places(&[1, 5]),
            tallest: 5,
            shortest: 5,
        };
        let mut inks = vec![notes; 81];
        assert!(!bare_edge(&inks));
        for c in Cell::all().filter(|c| c.col() == 8) {
            inks[c.index()] = blank.clone();
        }
        assert!(bare_edge(&inks));
        inks[Cell::new(4, 8).unwrap().index()] = inks[0].clone();
        assert!(!bare_edge(&inks), "one mark in the column");
    }

    fn places(p: &[u8]) -> Vec<Digit> {
        p.iter().filter_map(|&d| Digit::new(d)).collect()
    }

    #[test]
    fn marks_at_several_places_or_off_the_centre_column_are_notes() {
        assert!(placed_as_notes(&places(&[1, 5])));
        assert!(placed_as_notes(&places(&[4])));
        assert!(placed_as_notes(&places(&[9])));
        // A lone mark in the centre column may be a digit drawn small or high in its cell.
        assert!(!placed_as_notes(&places(&[2])));
        assert!(!placed_as_notes(&places(&[5])));
        assert!(!placed_as_notes(&places(&[8])));
    }

    #[test]
    fn a_tall_mark_in_the_centre_beside_a_small_one_is_a_labelled_digit() {
        assert!(labelled_digit(&places(&[1, 5]), 60, 28));
        assert!(!labelled_digit(&places(&[1, 5]), 30, 28));
        assert!(!labelled_digit(&places(&[1, 3]), 60, 28));
        assert!(!labelled_digit(&places(&[1, 5, 9]), 60, 28));
    }
}
