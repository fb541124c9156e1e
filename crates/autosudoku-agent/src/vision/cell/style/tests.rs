//! `inks` on boards drawn the ways real apps draw them (`../shared/screens`): white givens on a
//! dark board inside light chrome (Sydoku), a translucent row tint over the digits (Flutter_Sudoku's
//! how-to-play figures), a same-number highlight that redraws the 7s dark on lilac discs beside
//! grey givens and a few brighter entries (SUD💜KU), one bold selected digit (Suuudokuuu), and a
//! thin font's 1s that measure light (pgalhardo's board scaled to 70%).

use super::*;
use crate::geometry::Rect;
use crate::vision::ocr::glyph::{Coverage, Glyph, Holes};

pub(super) fn sample(ink: [u8; 3], paper: [u8; 3], weight: f32) -> Sample {
    let coverage = Coverage {
        width: 4,
        height: 8,
        alpha: vec![1.0; 32],
    };
    Sample {
        glyph: Glyph::from_coverage(&coverage),
        holes: Holes::of(&coverage),
        coverage,
        ink,
        paper,
        ring: paper,
        backdrop: paper,
        weight,
        bbox: Rect::new(0, 0, 4, 8),
    }
}

/// `n` digits of one style.
pub(super) fn style(n: usize, ink: [u8; 3], paper: [u8; 3]) -> Vec<Sample> {
    (0..n).map(|_| sample(ink, paper, 0.13)).collect()
}

pub(super) fn run(samples: &[Sample], digits: &[Option<Digit>]) -> Vec<Ink> {
    let refs: Vec<&Sample> = samples.iter().collect();
    let cells: Vec<Cell> = (0..samples.len()).filter_map(Cell::from_index).collect();
    inks(&refs, digits, &cells).inks
}

pub(super) fn counting(n: usize) -> Vec<Option<Digit>> {
    (0..n).map(|i| Digit::from_index(i % 9)).collect()
}

#[test]
fn white_givens_on_a_dark_board_beat_pink_entries() {
    let rose = [64, 46, 56];
    // As many of each, so only the inks decide.
    let mut s = style(12, [254, 254, 254], rose);
    s.extend(style(12, [249, 152, 216], rose));
    let got = run(&s, &counting(s.len()));
    assert!(got[..12].iter().all(|&i| i == Ink::Given), "{got:?}");
    assert!(got[12..].iter().all(|&i| i == Ink::Entered), "{got:?}");
}

#[test]
fn a_row_tint_over_black_givens_keeps_them_given() {
    let mut s = style(30, [32, 31, 35], [255, 255, 255]);
    // A 24% pink overlay on the whole cell, digit included.
    s.extend(style(5, [83, 31, 53], [252, 202, 220]));
    // Blue entries on the plain paper are still the player's.
    s.extend(style(3, [50, 91, 173], [255, 255, 255]));
    let got = run(&s, &counting(s.len()));
    assert!(got[..35].iter().all(|&i| i == Ink::Given), "{got:?}");
    assert!(got[35..].iter().all(|&i| i == Ink::Entered), "{got:?}");
}

#[test]
fn a_multiplying_filter_over_grey_givens_keeps_them_given() {
    let mut s = style(30, [77, 77, 77], [183, 183, 183]);
    // t0anh's selected row, column and box: ink and paper times one dark green.
    s.extend(style(9, [3, 64, 40], [9, 153, 93]));
    let got = run(&s, &counting(s.len()));
    assert!(got.iter().all(|&i| i == Ink::Given), "{got:?}");
}

#[test]
fn near_black_entries_on_a_green_paper_are_no_filtered_givens() {
    // Too little ink level for a filter's factor to show: nothing says they are the givens.
    let mut s = style(30, [40, 40, 40], [255, 255, 255]);
    s.extend(style(9, [2, 30, 2], [10, 230, 10]));
    let got = run(&s, &counting(s.len()));
    assert!(got[..30].iter().all(|&i| i == Ink::Given), "{got:?}");
    assert!(got[30..].iter().all(|&i| i == Ink::Entered), "{got:?}");
}

#[test]
fn a_same_number_highlight_keeps_the_status_of_its_contrast() {
    let black = [0, 0, 0];
    let mut s = style(30, [157, 157, 157], black);
    s.extend(style(3, [233, 233, 233], black));
    s.extend(style(2, [1, 0, 1], [170, 142, 214]));
    // No 7 among the others: the highlight holds every 7 of the board.
    let mut digits: Vec<Option<Digit>> = (0..33).map(|i| Digit::from_index(i % 6)).collect();
    digits.extend([Digit::from_index(6); 2]);
    let got = run(&s, &digits);
    assert!(got[..30].iter().all(|&i| i == Ink::Given), "{got:?}");
    assert!(got[30..33].iter().all(|&i| i == Ink::Entered), "{got:?}");
    assert!(got[33..].iter().all(|&i| i == Ink::Given), "{got:?}");
}

#[test]
fn one_bold_selected_digit_is_no_weight_class() {
    let mut s = style(40, [3, 3, 3], [255, 255, 255]);
    s.push(sample([0, 2, 0], [0, 255, 0], 0.183));
    let got = run(&s, &counting(s.len()));
    assert!(got.iter().all(|&i| i == Ink::Given), "{got:?}");
}

/// AnSu's puzzle (givens on blue-tinted cells) and its solution.
pub(super) const PUZZLE: &str =
    "...376..2..82...5..........93.7......51...28..............157..14.....69..3..9...";
pub(super) const SOLVED: &str =
    "415376892768294351329158476934782615651943287287561934896415723142837569573629148";

/// The digits of `SOLVED` where `keep` says, each given or not by `PUZZLE`, in one ink on a
/// paper `paper` picks; and the papers of the blank cells left (as a non-given's).
fn papered(
    keep: impl Fn(usize) -> bool,
    paper: impl Fn(usize, bool) -> [u8; 3],
) -> (Vec<(Cell, Digit)>, Vec<Sample>, Vec<[u8; 3]>) {
    let (mut digits, mut samples, mut blanks) = (Vec::new(), Vec::new(), Vec::new());
    for (i, (p, s)) in PUZZLE.bytes().zip(SOLVED.bytes()).enumerate() {
        if keep(i) || p != b'.' {
            let cell = Cell::from_index(i).unwrap();
            digits.push((cell, Digit::new(s - b'0').unwrap()));
            samples.push(sample([28, 28, 32], paper(i, p != b'.'), 0.12));
        } else {
            blanks.push(paper(i, false));
        }
    }
    (digits, samples, blanks)
}

fn split(digits: &[(Cell, Digit)], samples: &[Sample], blanks: &[[u8; 3]]) -> PaperSplit {
    let refs: Vec<&Sample> = samples.iter().collect();
    let all: Vec<usize> = (0..digits.len()).collect();
    by_paper(digits, &all, &refs, blanks)
}

const BLUE: [u8; 3] = [218, 226, 255];
const LAVENDER: [u8; 3] = [230, 230, 240];

#[test]
fn givens_on_tinted_cells_among_entries_on_plain_ones_are_told_by_their_paper() {
    let (digits, samples, blanks) = papered(
        |i| i % 4 == 0,
        |_, given| if given { BLUE } else { LAVENDER },
    );
    let want: Vec<usize> = (0..digits.len())
        .filter(|&k| PUZZLE.as_bytes()[digits[k].0.index()] != b'.')
        .collect();
    assert_eq!(split(&digits, &samples, &blanks), PaperSplit::Givens(want));
}

/// The cells of `digits` that `tinted` puts on the tinted paper, or not.
fn on(digits: &[(Cell, Digit)], tinted: impl Fn(usize) -> bool, want: bool) -> Vec<Cell> {
    digits
        .iter()
        .map(|&(c, _)| c)
        .filter(|c| tinted(c.index()) == want)
        .collect()
}

#[test]
fn a_solved_board_on_two_papers_takes_the_paper_whose_digits_a_generator_would_leave() {
    // Both papers' digits have one solution, but only the puzzle's need every digit.
    let (digits, samples, blanks) =
        papered(|_| true, |_, given| if given { BLUE } else { LAVENDER });
    let want: Vec<usize> = (0..digits.len())
        .filter(|&k| PUZZLE.as_bytes()[digits[k].0.index()] != b'.')
        .collect();
    assert_eq!(split(&digits, &samples, &blanks), PaperSplit::Givens(want));
}

#[test]
fn a_solved_board_whose_papers_are_both_puzzles_with_spare_digits_does_not_say_which() {
    // One solved cell more on the tinted paper: neither paper's digits are all needed.
    let tinted = |i: usize| PUZZLE.as_bytes()[i] != b'.' || i == 0;
    let (digits, samples, blanks) =
        papered(|_| true, |i, _| if tinted(i) { BLUE } else { LAVENDER });
    let papers = [on(&digits, tinted, true), on(&digits, tinted, false)];
    assert_eq!(
        split(&digits, &samples, &blanks),
        PaperSplit::Unseen { papers, both: true }
    );
}

#[test]
fn shaded_boxes_are_no_split_by_paper() {
    let shade = |i: usize, _| {
        if Cell::from_index(i).unwrap().box_index().is_multiple_of(2) {
            BLUE
        } else {
            LAVENDER
        }
    };
    let (digits, samples, blanks) = papered(|_| true, shade);
    assert_eq!(split(&digits, &samples, &blanks), PaperSplit::Same);
}

const GREEN: [u8; 3] = [46, 139, 87];

#[test]
fn a_few_entries_on_tinted_cells_among_the_givens_are_told_by_their_paper() {
    // Five entries of five digits, each in its own row, column and box: no highlight.
    let entries = [0, 13, 44, 65, 78];
    let (digits, samples, blanks) = papered(
        |i| entries.contains(&i),
        |i, _| {
            if entries.contains(&i) {
                GREEN
            } else {
                LAVENDER
            }
        },
    );
    let want: Vec<usize> = (0..digits.len())
        .filter(|&k| !entries.contains(&digits[k].0.index()))
        .collect();
    assert_eq!(split(&digits, &samples, &blanks), PaperSplit::Givens(want));
}

#[test]
fn a_selected_row_with_one_digits_cells_is_no_split_by_paper() {
    // Row 5 and every 9 tinted (a selection and a same-number highlight at once), the rest plain.
    let lit = |i: usize| i / 9 == 4 || SOLVED.as_bytes()[i] == b'9';
    let (digits, samples, blanks) =
        papered(|i| i % 3 == 0, |i, _| if lit(i) { GREEN } else { LAVENDER });
    assert_eq!(split(&digits, &samples, &blanks), PaperSplit::Same);
}

/// `PUZZLE`'s givens and the solution's digits where `entered` says, white on a dark board, each
/// weighing what `weight` gives its digit and whether it is a given; `inks` on them, and whether
/// the weights left the givens unknown.
fn weighed(
    entered: impl Fn(usize) -> bool,
    weight: impl Fn(Digit, bool) -> f32,
) -> (Vec<(bool, Ink)>, bool) {
    let (mut samples, mut digits, mut cells, mut given) = (vec![], vec![], vec![], vec![]);
    for (i, (p, s)) in PUZZLE.bytes().zip(SOLVED.bytes()).enumerate() {
        if p != b'.' || entered(i) {
            let digit = Digit::new(s - b'0').unwrap();
            samples.push(sample(
                [248, 248, 248],
                [37, 35, 43],
                weight(digit, p != b'.'),
            ));
            digits.push(Some(digit));
            cells.push(Cell::from_index(i).unwrap());
            given.push(p != b'.');
        }
    }
    let refs: Vec<&Sample> = samples.iter().collect();
    let styles = inks(&refs, &digits, &cells);
    (
        given.into_iter().zip(styles.inks).collect(),
        styles.weights_unclear,
    )
}

#[test]
fn a_thin_fonts_light_1s_stay_givens_when_only_with_them_the_givens_are_a_puzzle() {
    // pgalhardo at 70%: the 1s weigh 0.11, every other digit 0.15.
    let (got, unclear) = weighed(|_| false, |d, _| if d.get() == 1 { 0.11 } else { 0.15 });
    assert!(got.iter().all(|&(_, ink)| ink == Ink::Given), "{got:?}");
    assert!(!unclear);
}

#[test]
fn regular_entries_beside_bold_givens_are_entries() {
    let shape = |d: Digit| 0.1 + 0.005 * f32::from(d.get());
    let (got, unclear) = weighed(
        |i| i % 7 == 0,
        |d, given| if given { 1.4 * shape(d) } else { shape(d) },
    );
    assert!(
        got.iter().all(|&(given, ink)| (ink == Ink::Given) == given),
        "{got:?}"
    );
    assert!(!unclear);
}

#[test]
fn a_bold_digit_that_weighs_as_its_regular_face_leaves_the_givens_unknown() {
    // A face whose bold 4 measures as its regular one: the 4s go with the entries by weight, and
    // the givens without them still make a puzzle, so only the logic could say, and it cannot.
    let shape = |d: Digit| 0.1 + 0.005 * f32::from(d.get());
    let (got, unclear) = weighed(
        |i| i % 7 == 0,
        |d, given| {
            if given && d.get() != 4 {
                1.4 * shape(d)
            } else {
                shape(d)
            }
        },
    );
    assert!(unclear, "{got:?}");
}

#[test]
fn entries_tinted_apart_beside_a_selected_cell_leave_the_givens_unknown() {
    // Five entries on green cells, none in one row, column or box, and one given selected in blue:
    // three papers no selection explains, so the ink's givens (every digit) cannot stand.
    let entries = [0, 13, 44, 65, 78];
    let selected = PUZZLE.bytes().position(|b| b != b'.').unwrap();
    let (digits, samples, blanks) = papered(
        |i| entries.contains(&i),
        |i, _| match (i == selected, entries.contains(&i)) {
            (true, _) => BLUE,
            (_, false) => LAVENDER,
            _ => GREEN,
        },
    );
    match split(&digits, &samples, &blanks) {
        PaperSplit::Unexplained { papers, cells } => {
            assert_eq!(papers, 3);
            assert_eq!(cells.len(), entries.len() + 1, "{cells:?}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn givens_on_a_paper_no_blank_shows_are_the_givens_beside_a_rows_entries_on_the_blanks_paper() {
    // Givens on grey discs; three entries in the first row on the plain paper the blanks show. A
    // selection would explain the plain digits, but only the discs' are on a paper of their own,
    // and they make the puzzle.
    const DISC: [u8; 3] = [210, 212, 216];
    let entries = [0, 1, 6];
    let (digits, samples, blanks) = papered(
        |i| entries.contains(&i),
        |_, given| if given { DISC } else { LAVENDER },
    );
    let want: Vec<usize> = (0..digits.len())
        .filter(|&k| PUZZLE.as_bytes()[digits[k].0.index()] != b'.')
        .collect();
    assert_eq!(split(&digits, &samples, &blanks), PaperSplit::Givens(want));
}

#[test]
fn digits_a_same_number_highlight_covers_on_a_board_whose_givens_wear_a_disc_are_not_told() {
    // Givens on their own paper (a disc), entries on the plain one, every 9 lit over either.
    let entered = |i: usize| i % 4 == 0;
    let nine = |i: usize| SOLVED.as_bytes()[i] == b'9';
    let given = |i: usize| PUZZLE.as_bytes()[i] != b'.';
    let paper = |i: usize, _| match (nine(i) && (given(i) || entered(i)), given(i)) {
        (true, _) => GREEN,
        (false, true) => BLUE,
        (false, false) => LAVENDER,
    };
    let (digits, samples, blanks) = papered(entered, paper);
    let lit: Vec<Cell> = digits
        .iter()
        .map(|&(c, _)| c)
        .filter(|c| nine(c.index()))
        .collect();
    assert_eq!(
        split(&digits, &samples, &blanks),
        PaperSplit::Covered { cells: lit }
    );
}

/// A sample whose glyph is a 4x8 block with the pixels `holes` left out.
fn holed(holes: &[usize]) -> Sample {
    let mut alpha = vec![1.0; 32];
    holes.iter().for_each(|&k| alpha[k] = 0.0);
    let coverage = Coverage {
        width: 4,
        height: 8,
        alpha,
    };
    Sample {
        glyph: Glyph::from_coverage(&coverage),
        holes: Holes::of(&coverage),
        coverage,
        ..sample([200, 40, 40], [255, 255, 255], 0.13)
    }
}

#[test]
fn a_red_glyph_nearer_the_entries_by_noise_says_nothing_when_the_app_draws_both_alike() {
    // One face for givens and entries: a given's 6 and an entry's 6 differ by two pixels, and the
    // red 6 lies a pixel nearer the entry's. That is noise, not the entries' face.
    let samples = [holed(&[9]), holed(&[22]), holed(&[22, 14])];
    let refs: Vec<&Sample> = samples.iter().collect();
    let six = Digit::new(6).unwrap();
    let at = |i: usize| Cell::from_index(i).unwrap();
    let digits = [
        (at(0), six, Ink::Given),
        (at(40), six, Ink::Entered),
        (at(80), six, Ink::Marked),
    ];
    let (g, e) = (
        samples[2].glyph.similarity(&samples[0].glyph),
        samples[2].glyph.similarity(&samples[1].glyph),
    );
    assert!(
        e > g + GLYPH_MARGIN,
        "the red glyph is nearer the entry's: {g} {e}"
    );
    assert_eq!(looks_given(2, &digits, &refs), 0);
    // Faces apart (the entry's glyph far from the given's): the nearer one speaks.
    let apart = [
        holed(&[9]),
        holed(&[22, 14, 3, 27, 30]),
        holed(&[22, 14, 3, 27]),
    ];
    let refs: Vec<&Sample> = apart.iter().collect();
    assert_eq!(looks_given(2, &digits, &refs), -1);
}

/// A hyper's windows: the cells of rows and columns 2-4 and 6-8 (from 1).
fn in_window(i: usize) -> bool {
    let inner = |k: usize| (1..4).contains(&k) || (5..8).contains(&k);
    inner(i / 9) && inner(i % 9)
}

const WINDOW: [u8; 3] = [252, 240, 200];

#[test]
fn givens_on_a_hypers_windows_and_plain_paper_that_blanks_show_too_are_no_split_by_paper() {
    // Too few givens for a classic puzzle (the windows' rules make it one): neither paper's digits
    // nor all of them are a classic puzzle, yet both papers lie under blanks, so neither is a cue.
    let (mut digits, mut samples, blanks) = papered(
        |_| false,
        |i, _| if in_window(i) { WINDOW } else { LAVENDER },
    );
    digits.drain(..4);
    samples.drain(..4);
    assert_eq!(split(&digits, &samples, &blanks), PaperSplit::Same);
}

#[test]
fn a_jigsaws_region_colours_and_a_selected_given_are_no_split_by_paper() {
    // Five region papers, each under blanks, and the selected given in blue: only the blue lies
    // under digits alone, and one selection explains it.
    let selected = PUZZLE.bytes().position(|b| b != b'.').unwrap();
    let region = |i: usize| ((i / 9 + 2 * (i % 9)) % 5) as u8;
    let (digits, samples, blanks) = papered(
        |_| false,
        |i, _| match i == selected {
            true => BLUE,
            false => [200 + 10 * region(i), 230, 230],
        },
    );
    assert_eq!(split(&digits, &samples, &blanks), PaperSplit::Same);
}

#[test]
fn givens_tinted_on_the_largest_paper_beside_entries_on_the_blanks_paper_are_not_all_givens() {
    // Every given tinted (one peer blank tinted alike by a highlight), a few entries on the plain
    // paper most blanks show, one entry selected: the largest paper is the givens' cue, so the
    // plain paper's blanks excuse nothing and the ink's split (every digit a given) cannot stand.
    let entries = [0, 13, 44];
    let selected = 78;
    let tinted_blank = PUZZLE.bytes().position(|b| b == b'.').unwrap() + 1;
    let (digits, samples, blanks) = papered(
        |i| entries.contains(&i) || i == selected,
        |i, given| match () {
            _ if i == selected => GREEN,
            _ if given || i == tinted_blank => BLUE,
            _ => LAVENDER,
        },
    );
    assert!(
        matches!(
            split(&digits, &samples, &blanks),
            PaperSplit::Unexplained { .. }
        ),
        "{:?}",
        split(&digits, &samples, &blanks)
    );
}
