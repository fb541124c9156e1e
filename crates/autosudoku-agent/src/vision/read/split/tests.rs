//! The logic judging the pixels' split: boards whose split is wrong (givens read as entries, so
//! the givens alone have several solutions) are filled from their one completion with the split
//! unknown; a split whose givens make a proper puzzle stands, wrong entries and all; a board with
//! no single completion stays a misread; a digit read loose in every cell that the certain digits
//! force is read certain.

use super::super::board::{BoardRead, CellKind, CellRead};
use super::super::cell_reads::board_read;
use crate::geometry::Rect;
use crate::vision::cell::classify::Source;
use crate::vision::grid::{Cue, GridFound, GridGeometry};
use crate::vision::pixels::Polarity;
use crate::vision::sanity::Problem;
use autosudoku_core::sudoku::{Board, Cell, Digit};

/// A puzzle with one solution (30 givens) and that solution.
const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// A read of `board` (a line) with each digit's kind by `kind(cell)` (and each blank's, when it
/// says notes), every cell certain.
fn read(board: &str, kind: impl Fn(Cell) -> CellKind) -> BoardRead {
    read_unseen(board, kind, None)
}

/// The same, with `unseen`: the pixels' own doubt about which digits are the givens.
fn read_unseen(board: &str, kind: impl Fn(Cell) -> CellKind, unseen: Option<Problem>) -> BoardRead {
    read_sure(board, kind, unseen, |_| 1.0)
}

/// The same, each cell read with confidence `sure(cell)`.
fn read_sure(
    board: &str,
    kind: impl Fn(Cell) -> CellKind,
    unseen: Option<Problem>,
    sure: impl Fn(Cell) -> f32,
) -> BoardRead {
    let b: Board = board.parse().unwrap();
    let cells = Cell::all()
        .map(|cell| CellRead {
            cell,
            // A blank cell is empty unless `kind` puts a pencil note in it (a lone 5).
            kind: match (b.get(cell), kind(cell)) {
                (None, CellKind::Notes) => CellKind::Notes,
                (None, _) => CellKind::Empty,
                (Some(_), k) => k,
            },
            digit: b.get(cell),
            notes: match (b.get(cell), kind(cell)) {
                (None, CellKind::Notes) => vec![Digit::new(5).unwrap()],
                _ => Vec::new(),
            },
            confidence: sure(cell),
            source: Source::None,
            rect: Rect::new(0, 0, 1, 1),
        })
        .collect();
    let lines: [f32; 10] = std::array::from_fn(|i| i as f32 * 10.0);
    let geometry = GridGeometry {
        xs: lines,
        ys: lines,
        x_thickness: [1.0; 10],
        y_thickness: [1.0; 10],
        polarity: Polarity::DarkOnLight,
        cue: Cue::FramedLines,
    };
    let found = GridFound {
        geometry,
        covered: Vec::new(),
    };
    board_read(found, cells, unseen, None)
}

fn puzzle() -> Board {
    PUZZLE.parse().unwrap()
}

/// The puzzle with the solution's digits added in its first `n` blanks.
fn with_entries(n: usize) -> String {
    let solution: Board = SOLUTION.parse().unwrap();
    let mut b = puzzle();
    let blanks: Vec<Cell> = b.blanks().take(n).collect();
    for cell in blanks {
        b.set(cell, solution.get(cell));
    }
    b.to_line()
}

/// The pixels' split: the puzzle's cells given, the others entered.
fn true_split(cell: Cell) -> CellKind {
    if puzzle().get(cell).is_some() {
        CellKind::Given
    } else {
        CellKind::Entered
    }
}

#[test]
fn givens_read_as_entries_lose_the_split_not_the_read() {
    // Half the puzzle's givens drawn "like entries" (a tint behind them read as a second style):
    // the givens alone are 15 digits, with many solutions; the board has one completion.
    let board = with_entries(6);
    let read = read(&board, |c| {
        if c.index() < 40 && puzzle().get(c).is_some() {
            CellKind::Entered
        } else {
            true_split(c)
        }
    });
    assert!(!read.givens_known);
    assert!(read.is_certain(), "{:?}", read.sanity.problems);
    assert!(
        read.sanity.problems.is_empty(),
        "{:?}",
        read.sanity.problems
    );
    assert_eq!(read.entered().filled_count(), 0);
    assert_eq!(read.givens().to_line(), board);
    assert_eq!(read.sanity.solution.unwrap().to_line(), SOLUTION);
}

#[test]
fn a_split_whose_givens_are_the_puzzle_is_known() {
    let read = read(&with_entries(10), true_split);
    assert!(read.givens_known);
    assert!(read.is_certain());
    assert_eq!(read.givens().to_line(), PUZZLE);
    assert_eq!(read.entered().filled_count(), 10);
}

#[test]
fn a_wrong_entry_beside_a_proper_puzzle_keeps_the_split_and_is_named() {
    let mut board: Board = with_entries(3).parse().unwrap();
    let blank = Cell::all().find(|&c| board.get(c).is_none()).unwrap();
    let wrong = Digit::all()
        .find(|&d| SOLUTION.as_bytes()[blank.index()] != b'0' + d.get())
        .unwrap();
    board.set(blank, Some(wrong));
    let read = read(&board.to_line(), true_split);
    assert!(read.givens_known);
    assert!(read.is_certain());
    assert!(read
        .sanity
        .problems
        .contains(&Problem::WrongEntries { cells: vec![blank] }));
}

#[test]
fn no_believable_split_and_several_completions_stays_a_misread() {
    // Only the first 12 givens, six of them read as entries: the board has many completions.
    let mut b = Board::empty();
    for (cell, d) in puzzle().filled().take(12) {
        b.set(cell, Some(d));
    }
    let read = read(&b.to_line(), |c| {
        if c.index() < 20 {
            CellKind::Entered
        } else {
            CellKind::Given
        }
    });
    assert!(!read.givens_known);
    assert!(!read.is_certain());
    assert!(read.sanity.problems.contains(&Problem::SeveralSolutions));
    assert!(read.entered().filled_count() > 0, "the pixels' kinds stay");
}

#[test]
fn a_finished_board_whose_papers_tell_no_split_is_certain_with_the_split_unknown() {
    // One ink on two papers, each paper's digits a puzzle of its own: the pixels cannot say which
    // are the givens, but the full board is its own one completion.
    let unseen = Problem::GivensUnseen {
        papers: [vec![Cell::new(0, 0).unwrap()], Vec::new()],
        both: true,
    };
    let read = read_unseen(SOLUTION, true_split, Some(unseen));
    assert!(!read.givens_known);
    assert!(read.is_certain(), "{:?}", read.sanity.problems);
    assert_eq!(read.givens().to_line(), SOLUTION);
}

#[test]
fn a_pixel_doubt_on_a_board_of_several_completions_stays_a_misread() {
    let unseen = Problem::GivensUnseen {
        papers: [vec![Cell::new(0, 0).unwrap()], Vec::new()],
        both: false,
    };
    let mut b = Board::empty();
    for (cell, d) in puzzle().filled().take(12) {
        b.set(cell, Some(d));
    }
    let read = read_unseen(&b.to_line(), |_| CellKind::Given, Some(unseen.clone()));
    assert!(!read.givens_known);
    assert!(!read.is_certain());
    assert!(read.sanity.problems.contains(&unseen));
}

#[test]
fn a_digit_read_loose_in_every_cell_is_certain_where_the_board_forces_it() {
    let board = with_entries(10);
    let loose: Vec<Cell> = Cell::all()
        .filter(|&c| board.as_bytes()[c.index()] == b'1')
        .collect();
    assert!(loose.len() >= 3);
    let forced = read_sure(&board, true_split, None, |c| {
        if loose.contains(&c) {
            0.4
        } else {
            1.0
        }
    });
    assert!(forced.is_certain(), "{:?}", forced.uncertain());
    // The same shapes read as 7: the board forces 1 there, so the read stays unsure, cell by cell.
    let mut misread: Board = board.parse().unwrap();
    for &c in &loose {
        misread.set(c, Digit::new(7));
    }
    let unsure = read_sure(&misread.to_line(), true_split, None, |c| {
        if loose.contains(&c) {
            0.4
        } else {
            1.0
        }
    });
    assert_eq!(unsure.uncertain(), loose);
}

#[test]
fn a_given_read_as_notes_on_a_board_of_several_solutions_is_the_cell_named() {
    // A smudged given whose strokes read as notes, on a board whose first two rows are not yet
    // read: without them the givens have several solutions.
    let gone = puzzle().filled().map(|(c, _)| c).next().unwrap();
    let mut board = puzzle();
    Cell::all()
        .filter(|c| c.row() < 2)
        .for_each(|c| board.set(c, None));
    let notes = |c: Cell| {
        if c == gone {
            CellKind::Notes
        } else {
            true_split(c)
        }
    };
    let read = read(&board.to_line(), notes);
    assert!(read.sanity.problems.contains(&Problem::SeveralSolutions));
    assert_eq!(read.uncertain(), vec![gone]);
    assert_eq!(read.sanity.suspects.first(), Some(&gone));
}

#[test]
fn notes_on_a_proper_puzzle_stay_sure() {
    let blank = puzzle().blanks().next().unwrap();
    let notes = |c: Cell| {
        if c == blank {
            CellKind::Notes
        } else {
            true_split(c)
        }
    };
    let read = read(PUZZLE, notes);
    assert!(read.uncertain().is_empty());
}

#[test]
fn many_notes_on_a_board_of_several_solutions_are_a_layer_of_marks_not_doubted_givens() {
    // A killer's cage sums read as notes: a board of a few digits and many marks.
    let mut board = puzzle();
    Cell::all()
        .filter(|c| c.row() < 2)
        .for_each(|c| board.set(c, None));
    let marked: Vec<Cell> = board.blanks().take(4).collect();
    let notes = |c: Cell| {
        if marked.contains(&c) {
            CellKind::Notes
        } else {
            true_split(c)
        }
    };
    let read = read(&board.to_line(), notes);
    assert!(read.sanity.problems.contains(&Problem::SeveralSolutions));
    assert!(read.uncertain().is_empty(), "{:?}", read.uncertain());
}

/// The puzzle with ten right entries and one wrong `mistake` where the solution holds a 9 (the
/// first such blank), and the cells of every 8 under the app's same-digit highlight.
fn highlighted_eights(mistake: u8) -> (Board, Vec<Cell>, Cell) {
    let solution: Board = SOLUTION.parse().unwrap();
    let mut board: Board = with_entries(10).parse().unwrap();
    let wrong = board
        .blanks()
        .find(|&c| solution.get(c) == Digit::new(9))
        .unwrap();
    board.set(wrong, Digit::new(mistake));
    let hidden = board
        .filled()
        .filter(|&(_, d)| d == Digit::new(8).unwrap())
        .map(|(c, _)| c)
        .collect();
    (board, hidden, wrong)
}

/// The read of `board` with `hidden` under the highlight, every digit there called an entry (the
/// tint behind the givens is hidden).
fn read_highlighted(board: &Board, hidden: &[Cell]) -> BoardRead {
    let covered = Problem::GivensCovered {
        cells: hidden.to_vec(),
    };
    let kind = |c: Cell| {
        if hidden.contains(&c) {
            CellKind::Entered
        } else {
            true_split(c)
        }
    };
    read_unseen(&board.to_line(), kind, Some(covered))
}

#[test]
fn digits_under_a_highlight_are_tried_as_givens_every_way_and_the_one_puzzle_wins() {
    let (board, hidden, mistake) = highlighted_eights(7);
    let read = read_highlighted(&board, &hidden);
    assert!(!read.givens_known);
    assert!(read.is_certain(), "{:?}", read.sanity.problems);
    assert_eq!(read.sanity.solution.unwrap().to_line(), SOLUTION);
    assert!(read.sanity.problems.contains(&Problem::WrongEntries {
        cells: vec![mistake]
    }));
}

#[test]
fn a_highlight_hiding_a_mistake_that_makes_a_second_puzzle_stays_a_misread() {
    // The wrong 8 is highlighted too: taken as a given without the 8s it clashes with, it makes
    // another proper puzzle, and the pixels cannot say which.
    let (board, hidden, _) = highlighted_eights(8);
    let read = read_highlighted(&board, &hidden);
    assert!(!read.is_certain());
}
