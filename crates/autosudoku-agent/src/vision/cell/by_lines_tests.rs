use super::*;
use crate::vision::cell::classify::tests::{samples, verdict};

fn cell(r: usize, c: usize) -> Cell {
    Cell::new(r, c).expect("on the board")
}

/// Three loose 1s at r1c1, r2c4, r3c7, then certain `others` (digit, cell) ; the verdicts after.
fn settled(loose_at: &[Cell], others: &[(u8, Cell)]) -> Vec<Verdict> {
    let ds: Vec<u8> = loose_at
        .iter()
        .map(|_| 1)
        .chain(others.iter().map(|o| o.0))
        .collect();
    let drawn = samples(&ds);
    let refs: Vec<&Sample> = drawn.iter().collect();
    let cells: Vec<Cell> = loose_at
        .iter()
        .copied()
        .chain(others.iter().map(|o| o.1))
        .collect();
    let mut verdicts: Vec<Verdict> = loose_at
        .iter()
        .map(|_| verdict(Some(1), 0.5))
        .chain(others.iter().map(|o| verdict(Some(o.0), 0.95)))
        .collect();
    settle_by_lines(&refs, &cells, &mut verdicts);
    verdicts
}

const LOOSE: [(usize, usize); 3] = [(0, 0), (1, 3), (2, 6)];

fn loose() -> Vec<Cell> {
    LOOSE.iter().map(|&(r, c)| cell(r, c)).collect()
}

/// Every digit but 1 once, in the first row or column of the loose copies' lines.
fn every_other_digit() -> Vec<(u8, Cell)> {
    (2..=9u8)
        .map(|d| (d, cell(usize::from(d) - 1, 0)))
        .collect()
}

#[test]
fn copies_of_one_glyph_are_the_digit_their_rows_and_columns_leave() {
    let v = settled(&loose(), &every_other_digit());
    assert!(v[..3].iter().all(|v| v.confidence >= CERTAIN), "{v:?}");
    assert!(v[..3].iter().all(|v| v.digit == Digit::new(1)));
}

#[test]
fn a_digit_the_board_holds_nowhere_certain_keeps_the_doubt() {
    let without_seven: Vec<(u8, Cell)> = every_other_digit()
        .into_iter()
        .filter(|o| o.0 != 7)
        .collect();
    let v = settled(&loose(), &without_seven);
    assert!(v[..3].iter().all(|v| v.confidence < CERTAIN), "{v:?}");
}

#[test]
fn copies_sharing_a_line_or_a_sure_copy_elsewhere_keep_the_doubt() {
    let same_row = [cell(0, 0), cell(0, 4), cell(2, 6)];
    let v = settled(&same_row, &every_other_digit());
    assert!(v[..3].iter().all(|v| v.confidence < CERTAIN), "{v:?}");
    let mut with_sure_one = every_other_digit();
    with_sure_one.push((1, cell(8, 8)));
    let v = settled(&loose(), &with_sure_one);
    assert!(v[..3].iter().all(|v| v.confidence < CERTAIN), "{v:?}");
}

#[test]
fn a_lone_loose_glyph_is_its_cells_trouble() {
    let v = settled(&loose()[..1], &every_other_digit());
    assert!(v[0].confidence < CERTAIN, "{v:?}");
}
