use super::super::tests::{counting, run, sample, style, PUZZLE, SOLVED};
use super::super::Ink;
use super::{by_cue, CueSplit};
use crate::vision::cell::ink::Sample;
use autosudoku_core::sudoku::{Cell, Digit};

const WHITE: [u8; 3] = [250, 250, 250];
const DISC: [u8; 3] = [236, 236, 236];
const SELECTED: [u8; 3] = [171, 233, 192];

/// Every digit of `SOLVED` in one ink, each with its ring's paper and its backdrop as `look`
/// says from its index and whether `PUZZLE` gives it.
fn board(look: impl Fn(usize, bool) -> ([u8; 3], [u8; 3])) -> (Vec<(Cell, Digit)>, Vec<Sample>) {
    (0..81)
        .map(|i| {
            let given = PUZZLE.as_bytes()[i] != b'.';
            let (ring, backdrop) = look(i, given);
            let digit = Digit::new(SOLVED.as_bytes()[i] - b'0').unwrap();
            let s = Sample {
                ring,
                backdrop,
                ..sample([20, 20, 20], ring, 0.13)
            };
            ((Cell::from_index(i).unwrap(), digit), s)
        })
        .unzip()
}

fn cue(digits: &[(Cell, Digit)], samples: &[Sample]) -> Option<CueSplit> {
    let refs: Vec<&Sample> = samples.iter().collect();
    let all: Vec<usize> = (0..digits.len()).collect();
    by_cue(digits, &all, &refs)
}

fn givens() -> Vec<usize> {
    (0..81).filter(|&i| PUZZLE.as_bytes()[i] != b'.').collect()
}

#[test]
fn givens_on_faint_discs_beside_entries_on_the_paper_are_the_givens() {
    let (digits, samples) = board(|_, given| (WHITE, if given { DISC } else { WHITE }));
    assert_eq!(cue(&digits, &samples), Some(CueSplit::Givens(givens())));
}

#[test]
fn a_digit_whose_highlight_may_hide_its_disc_is_named_not_guessed() {
    let selected = (0..81).find(|&i| PUZZLE.as_bytes()[i] == b'.').unwrap();
    let (digits, samples) = board(|i, given| match () {
        _ if i == selected => (SELECTED, SELECTED),
        _ => (WHITE, if given { DISC } else { WHITE }),
    });
    let cells = vec![Cell::from_index(selected).unwrap()];
    assert_eq!(cue(&digits, &samples), Some(CueSplit::Hidden(cells)));
}

#[test]
fn a_tiles_gradient_is_no_cue() {
    // Backdrops spread from the ring's colour to past the threshold, with no gap between.
    let (digits, samples) = board(|i, _| {
        let shade = 240 - (i % 8) as u8;
        (WHITE.map(|_| 240), [shade; 3])
    });
    assert_eq!(cue(&digits, &samples), None);
}

#[test]
fn discs_on_fewer_cells_than_one_digit_holds_are_a_highlight_not_a_cue() {
    let (digits, samples) = board(|i, _| (WHITE, if i < 9 { DISC } else { WHITE }));
    assert_eq!(cue(&digits, &samples), None);
}

#[test]
fn dark_red_entries_beside_a_bright_red_clash_are_entries() {
    let mut s = style(30, [30, 30, 30], WHITE);
    s.extend(style(20, [163, 51, 43], WHITE));
    s.extend(style(2, [229, 40, 40], WHITE));
    let got = run(&s, &counting(s.len()));
    assert!(got[..30].iter().all(|&i| i == Ink::Given), "{got:?}");
    assert!(got[30..50].iter().all(|&i| i == Ink::Entered), "{got:?}");
    assert!(got[50..].iter().all(|&i| i == Ink::Marked), "{got:?}");
}

#[test]
fn a_clashing_given_in_a_second_red_is_still_the_clashs() {
    let mut s = style(30, [30, 30, 30], WHITE);
    s.extend(style(1, [163, 51, 43], WHITE));
    s.extend(style(1, [229, 40, 40], WHITE));
    let got = run(&s, &counting(s.len()));
    assert!(got[30..].iter().all(|&i| i == Ink::Marked), "{got:?}");
}
