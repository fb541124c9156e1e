//! Givens told by their cells' paper alone: some apps draw the puzzle's digits and the player's
//! (or a solver's) in one ink and tint only the puzzle's cells (a locked cell's blue), or set the
//! givens on a disc or tile (a digit's paper is the colour right behind it, its `backdrop`; `cue`
//! tells the faint ones). Digits of the givens' ink on two papers are split by paper, unless the
//! lay-out of the papers is a highlight's (the selected cell's row, column and box, one digit's
//! cells, or both) or the board's own shading (alternating boxes; a hyper's windows or a jigsaw's
//! regions, which blanks show too, as they show no cue of who placed a digit). A few digits on a
//! paper of their own may be the entries (an app that tints a correct entry's cell). Either paper could be the givens', so a
//! paper is taken only when its digits alone make a puzzle with one solution that agrees with
//! every digit read and the other's do not, or when both do but only one paper's is minimal
//! (every given needed, as a generator leaves them; the rest of a solved board is never so).
//! Otherwise the papers tell nothing: the ink's givens stand if they make a proper puzzle (a
//! blank and one solution), else the whole board if it does, else which digits are the givens
//! cannot be seen.

use super::cue::{by_cue, CueSplit};
use super::one_solution;
use super::selection::one_selection;
use crate::vision::cell::ink::Sample;
use crate::vision::pixels::colour::distance;
use autosudoku_core::solve::fast::is_minimal;
use autosudoku_core::sudoku::{Board, Cell, Digit};
use image::Rgba;

/// Papers this close are one paper here: a locked cell's tint can be slight (AnSu's blue lies 15
/// from its plain cells' lavender, under the 16 that tells ink from paper).
const SAME_TINT: u8 = 8;

/// Blanks enough that the plain paper shows under some of them.
const FEW_BLANKS: usize = 3;

/// A cue paper holds as many digits as a puzzle's givens at the least, less those a highlight
/// may cover (one digit's nine and the selected cell's peers).
const CUED_GIVENS: usize = 8;

/// What the papers under the givens' ink say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaperSplit {
    /// One paper, or papers laid out as a highlight or shading: the ink's split stands.
    Same,
    /// The digits on one paper are the givens (index into the digits), the others entries.
    Givens(Vec<usize>),
    /// Two papers, nothing tells which one holds the givens, and neither the ink's givens nor the
    /// whole board make a proper puzzle: each paper's cells (the one of fewer digits first), and
    /// whether both papers' digits make a puzzle with one solution (minimal both or neither),
    /// else neither's do.
    Unseen { papers: [Vec<Cell>; 2], both: bool },
    /// More than two papers that no selection's highlight explains: how many, and the cells
    /// off the plain paper.
    Unexplained { papers: usize, cells: Vec<Cell> },
    /// The givens' own paper (a disc or tint under no blank) and a highlight under digits only
    /// (the selected cell's, one digit's cells): the cells the highlight covers could be either.
    Covered { cells: Vec<Cell> },
}

/// Splits `given` (indices into `digits`, the digits the ink calls givens) by their cells' paper;
/// `blanks` are the papers of the cells that hold no digit.
pub fn by_paper(
    digits: &[(Cell, Digit)],
    given: &[usize],
    samples: &[&Sample],
    blanks: &[[u8; 3]],
) -> PaperSplit {
    let mut groups = paper_groups(given, samples);
    groups.sort_by_key(|g| std::cmp::Reverse(g.len()));
    for g in &groups {
        tracing::debug!(
            digits = g.len(),
            paper = ?samples[g[0]].backdrop,
            blanks = blanks_on(g, samples, blanks),
            "givens' ink on one paper"
        );
    }
    match by_cue(digits, given, samples) {
        Some(CueSplit::Givens(g)) => return PaperSplit::Givens(g),
        Some(CueSplit::Hidden(cells)) => return PaperSplit::Covered { cells },
        None => {}
    }
    if let Some(cells) = covered_cue(digits, &groups, samples, blanks) {
        return PaperSplit::Covered { cells };
    }
    let (a, b) = match groups.as_slice() {
        [a, b] => (a, b),
        // A selection is judged against the largest paper: under JPEG a given's cell can read as
        // the blanks' paper, so the blanks do not name the plain paper here.
        [first, tinted @ ..] if tinted.len() > 1 => {
            // Other papers blanks show are the board's only beside a largest paper that is the
            // board's too: a largest paper under digits alone is the givens' cue.
            let tinted = if board_paper(first, samples, blanks) {
                under_digits_only(tinted, samples, blanks)
            } else {
                tinted.to_vec()
            };
            return by_own_paper(digits, &groups, samples, blanks)
                .unwrap_or_else(|| by_selection(digits, &tinted));
        }
        _ => return PaperSplit::Same,
    };
    let cells = |g: &[usize]| -> Vec<Cell> { g.iter().map(|&i| digits[i].0).collect() };
    let placed = |g: &[usize]| -> Vec<(Cell, Digit)> { g.iter().map(|&i| digits[i]).collect() };
    // The paper most blanks show is the board's own, no highlight.
    let plain = plain_paper(&groups, samples, blanks);
    let mut lit = (0..groups.len()).filter(|&g| Some(g) != plain);
    if lit.any(|g| highlight(&placed(&groups[g])))
        || box_shading(&cells(a), &cells(b))
        || groups.iter().all(|g| board_paper(g, samples, blanks))
    {
        return PaperSplit::Same;
    }
    let board = |g: &[usize]| {
        let mut b = Board::empty();
        for &i in g {
            b.set(digits[i].0, Some(digits[i].1));
        }
        b
    };
    let proper = |g: &[usize]| one_solution(&placed(g), digits);
    let all: Vec<usize> = (0..digits.len()).collect();
    let both: Vec<usize> = a.iter().chain(b).copied().collect();
    let puzzle = |g: &[usize]| digits.len() < 81 && proper(g);
    let (fewer, more) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    match (proper(a), proper(b)) {
        (true, false) => PaperSplit::Givens(a.clone()),
        (false, true) => PaperSplit::Givens(b.clone()),
        // Both could be; a generator's puzzle needs every one of its givens.
        (true, true) if is_minimal(&board(a)) != is_minimal(&board(b)) => {
            PaperSplit::Givens(if is_minimal(&board(a)) { a } else { b }.clone())
        }
        // The papers tell nothing; what the ink tells stands, or else the whole board.
        _ if puzzle(&both) => PaperSplit::Same,
        _ if puzzle(&all) => PaperSplit::Givens(all),
        // Here both papers' digits make a proper puzzle, or neither's do.
        (each, _) => PaperSplit::Unseen {
            papers: [cells(fewer), cells(more)],
            both: each,
        },
    }
}

/// More than two papers under one ink, and only one of them under no blank: the digits' own
/// paper (a given's tint or disc; the board's papers, plain or highlighted, lie under blanks too).
/// Its digits are the givens when they alone make a puzzle with one solution that agrees with the
/// board. A second paper under no blank (a selected digit's, a same-number highlight's) may hide
/// givens whose own paper it covers: then nothing is told here.
fn by_own_paper(
    digits: &[(Cell, Digit)],
    groups: &[Vec<usize>],
    samples: &[&Sample],
    blanks: &[[u8; 3]],
) -> Option<PaperSplit> {
    let mut own = groups.iter().filter(|g| blanks_on(g, samples, blanks) == 0);
    let (Some(g), None) = (own.next(), own.next()) else {
        return None;
    };
    let placed: Vec<(Cell, Digit)> = g.iter().map(|&i| digits[i]).collect();
    one_solution(&placed, digits).then(|| PaperSplit::Givens(g.clone()))
}

/// The cells a highlight covers when the givens wear a paper of their own: one paper under no
/// blank holds many digits laid out as no highlight is (a disc or tint the app gives its givens),
/// and other papers under no blank lie as a highlight does. A highlight paints over the cue, so
/// what lies under it may be a given or an entry (a same-number highlight over both). Only with
/// blanks to show the plain paper: on a full board every paper is under no blank.
fn covered_cue(
    digits: &[(Cell, Digit)],
    groups: &[Vec<usize>],
    samples: &[&Sample],
    blanks: &[[u8; 3]],
) -> Option<Vec<Cell>> {
    if blanks.len() < FEW_BLANKS {
        return None;
    }
    let placed = |g: &[usize]| -> Vec<(Cell, Digit)> { g.iter().map(|&i| digits[i]).collect() };
    let (cue, lit): (Vec<&Vec<usize>>, Vec<&Vec<usize>>) = groups
        .iter()
        .filter(|g| blanks_on(g, samples, blanks) == 0)
        .partition(|g| g.len() >= CUED_GIVENS && !highlight(&placed(g)));
    if cue.len() != 1 || lit.is_empty() || !lit.iter().all(|g| highlight(&placed(g))) {
        return None;
    }
    let mut cells: Vec<Cell> = lit.iter().flat_map(|g| placed(g)).map(|(c, _)| c).collect();
    cells.sort_unstable();
    Some(cells)
}

/// The group on the board's plain paper: the one most blanks show, if any shows one.
fn plain_paper(groups: &[Vec<usize>], samples: &[&Sample], blanks: &[[u8; 3]]) -> Option<usize> {
    (0..groups.len())
        .map(|g| (blanks_on(&groups[g], samples, blanks), g))
        .filter(|&(n, _)| n > 0)
        .max()
        .map(|(_, g)| g)
}

/// How many of `blanks` lie on the paper of group `g`.
fn blanks_on(g: &[usize], samples: &[&Sample], blanks: &[[u8; 3]]) -> usize {
    let paper = rgba(samples[g[0]].backdrop);
    blanks
        .iter()
        .filter(|&&b| distance(rgba(b), paper) < SAME_TINT)
        .count()
}

/// The papers of `tinted` that are not the board's (`board_paper`): a hyper's windows, a jigsaw's
/// regions, the selected cell's peers' highlight mark nobody's digits, so only the papers under
/// digits alone need a selection to explain them.
fn under_digits_only(
    tinted: &[Vec<usize>],
    samples: &[&Sample],
    blanks: &[[u8; 3]],
) -> Vec<Vec<usize>> {
    tinted
        .iter()
        .filter(|g| !board_paper(g, samples, blanks))
        .cloned()
        .collect()
}

/// Whether group `g`'s paper lies under blanks too, enough of them that no JPEG noise is why: the
/// board's own paper or a highlight's, not a cue of who placed a digit (that lies under digits).
fn board_paper(g: &[usize], samples: &[&Sample], blanks: &[[u8; 3]]) -> bool {
    blanks_on(g, samples, blanks) >= FEW_BLANKS
}

/// More than two papers under one ink: a selection's highlight if one explains the tinted ones
/// (the plain paper's digits left out), else a status the app draws on some cells.
fn by_selection(digits: &[(Cell, Digit)], tinted: &[Vec<usize>]) -> PaperSplit {
    let placed: Vec<Vec<(Cell, Digit)>> = tinted
        .iter()
        .map(|g| g.iter().map(|&i| digits[i]).collect())
        .collect();
    if one_selection(&placed) {
        return PaperSplit::Same;
    }
    let mut cells: Vec<Cell> = placed.iter().flatten().map(|&(c, _)| c).collect();
    cells.sort_unstable();
    PaperSplit::Unexplained {
        papers: tinted.len() + 1,
        cells,
    }
}

/// `members` grouped by paper: chains of papers each `SAME_TINT` close to the next.
fn paper_groups(members: &[usize], samples: &[&Sample]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in members {
        let near: Vec<usize> = (0..groups.len())
            .filter(|&g| {
                groups[g].iter().any(|&j| {
                    distance(rgba(samples[i].backdrop), rgba(samples[j].backdrop)) < SAME_TINT
                })
            })
            .collect();
        let mut joined = vec![i];
        for &g in near.iter().rev() {
            joined.extend(groups.remove(g));
        }
        joined.sort_unstable();
        groups.push(joined);
    }
    groups
}

/// Whether `digits` lie as a highlight does: in one cell's row, column and box (the selected
/// cell's), but for the cells of one digit (a same-number highlight, alone or with it). A paper
/// of a few digits is otherwise a status, and only the entries' (a status of the givens needs
/// as many as a puzzle's givens, which the split's one-solution test asks).
fn highlight(digits: &[(Cell, Digit)]) -> bool {
    Cell::all().any(|s| {
        let mut apart = digits
            .iter()
            .filter(|&&(c, _)| c != s && !c.sees(s))
            .map(|&(_, d)| d);
        let first = apart.next();
        apart.all(|d| Some(d) == first)
    })
}

/// Whether no box holds digits of both papers: shaded boxes, not tinted cells.
fn box_shading(a: &[Cell], b: &[Cell]) -> bool {
    (0..9).all(|k| {
        let has = |g: &[Cell]| g.iter().any(|c| c.box_index() == k);
        !(has(a) && has(b))
    })
}

fn rgba(c: [u8; 3]) -> Rgba<u8> {
    Rgba([c[0], c[1], c[2], 255])
}
