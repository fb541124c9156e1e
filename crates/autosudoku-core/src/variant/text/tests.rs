//! The text form: the manifest's one-line maps, the block form, the round trip through `print`,
//! and errors that point at the line and column.

use super::*;
use crate::variant::{BoxShape, Cage, Grid, Layout, Pos, Puzzle, Regions, Symbol};
use proptest::prelude::*;

/// `killer6-3` of the variant screenshots, as its manifest line gives it.
const KILLER6: &str = "size 6x6
boxes 2x3
cages abccddabeffghiejkgllmjkgnnmoopqqrrop a=5,b=8,c=8,d=10,e=9,f=3,g=14,h=5,i=1,j=5,k=7,l=5,m=6,n=8,o=13,p=3,q=10,r=6
";

#[test]
fn the_manifest_forms_are_read() {
    let puzzle = parse(KILLER6).unwrap();
    assert_eq!(puzzle.kind(), "killer");
    assert_eq!(puzzle.layout.cages().len(), 18);
    let first = &puzzle.layout.cages()[0];
    assert_eq!(
        (first.sum, first.cells.clone()),
        (5, vec![Pos::new(0, 0), Pos::new(1, 0)])
    );
    let jigsaw = "size 9x9\nregions 111233333111222333144442223114555522444456666775555688977766668999777888999997888\n";
    let puzzle = parse(jigsaw).unwrap();
    assert!(matches!(puzzle.layout.regions(), Regions::Jigsaw(_)));
    assert_eq!(puzzle.grid.filled_count(), 0);
}

#[test]
fn blocks_comments_and_letters_above_nine() {
    let text = "# a 12x12 board\nsize 12\n\ngivens\n";
    let row = "A . . . . . . . . . . C\n";
    let text = format!("{text}{}", row.repeat(12));
    let puzzle = parse(&text).unwrap();
    assert_eq!(
        puzzle.layout.regions(),
        &Regions::Boxes(BoxShape::new(3, 4))
    );
    assert_eq!(puzzle.grid.get(Pos::new(11, 11)), Symbol::new(12));
    assert_eq!(puzzle.grid.get(Pos::new(3, 0)), Symbol::new(10));
}

fn samples() -> Vec<Puzzle> {
    let six = Layout::boxed(6, BoxShape::new(2, 3)).unwrap();
    let mut grid = Grid::empty(6);
    grid.set(Pos::new(2, 4), Symbol::new(6));
    let hyper = Layout::boxed(9, BoxShape::new(3, 3))
        .unwrap()
        .with_windows()
        .unwrap();
    // 64 two-cell cages: more than the map's letters, so `cage` lines.
    let pairs = (0..128)
        .map(|k| {
            Cage::new(
                17,
                vec![Pos::from_index(2 * k, 16), Pos::from_index(2 * k + 1, 16)],
            )
        })
        .collect();
    let big = Layout::boxed(16, BoxShape::new(4, 4))
        .unwrap()
        .with_cages(pairs)
        .unwrap();
    vec![
        Puzzle::new(six.clone().with_diagonals(), grid),
        Puzzle::new(hyper, Grid::empty(9)),
        parse(KILLER6).unwrap(),
        Puzzle::new(big, Grid::empty(16)),
    ]
}

#[test]
fn printed_puzzles_read_back_equal() {
    for puzzle in samples() {
        let text = print(&puzzle);
        assert_eq!(parse(&text), Ok(puzzle), "{text}");
    }
    assert!(print(&samples()[3]).contains("cage 17 r1c1 r1c2\n"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any givens on any sample layout, including letters, survive the round trip.
    #[test]
    fn givens_round_trip(kind in 0..4usize, cells in prop::collection::vec((0..256usize, 1..=16u8), 0..40)) {
        let mut puzzle = samples().swap_remove(kind);
        let n = puzzle.layout.side();
        for (i, v) in cells {
            puzzle.grid.set(Pos::from_index(i % (n * n), n), Symbol::new((v - 1) % n as u8 + 1));
        }
        prop_assert_eq!(parse(&print(&puzzle)), Ok(puzzle));
    }
}

/// The error of `text`, as shown.
fn error(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn errors_name_line_column_and_what_was_expected() {
    assert_eq!(
        error("boxes 2x3"),
        "line 1, column 1: expected `size N` (e.g. `size 9x9`) first, found `boxes`"
    );
    assert_eq!(
        error("size 7"),
        "line 1, column 1: a 7x7 board has no usual boxes: add `boxes RxC` or `regions`"
    );
    assert_eq!(
        error("size 20x20"),
        "line 1, column 6: a board is 4x4 to 16x16, not 20x20"
    );
    assert_eq!(
        error("size 4\ngivens 12.4"),
        "line 2, column 8: expected 16 characters (4 rows of 4) after `givens`, found 4"
    );
    assert_eq!(
        error("size 4\ngivens\n1 2 . .\n. 5 . .\n. . . .\n. . . .\n"),
        "line 4, column 3: expected a digit 1–4 or `.` for a blank, found `5`"
    );
    assert_eq!(
        error("size 4\ngivens\n1 2 . .\nboxes 2x2"),
        "line 4, column 1: expected row 2 of 4 of `givens`, found the directive `boxes`"
    );
    assert_eq!(
        error("size 4\ngivens\n1 2 .\n"),
        "line 3, column 1: expected 4 characters in row 1 of `givens`, found 3"
    );
    assert_eq!(error("size 4\nwindoze"), "line 2, column 1: expected a directive (boxes, regions, diagonals, windows, cages, sums, cage, givens), found `windoze`");
    assert_eq!(
        error("size 4\nwindows"),
        "line 2, column 1: hyper windows are drawn on 9x9 boards only, not 4x4"
    );
    assert_eq!(
        error("size 4\ndiagonals\ndiagonals"),
        "line 3, column 1: `diagonals` is given twice (first on line 2)"
    );
    assert_eq!(
        error("size 4\ncage 3 r1c1 r5c1"),
        "line 2, column 13: expected a cell rNcM with N and M from 1 to 4, found `r5c1`"
    );
    assert_eq!(
        error("size 4\ncage 30 r1c1 r1c2"),
        "line 2, column 1: cage r1c1–r1c2 of 2 cells cannot sum to 30 (from 3 to 7)"
    );
}

#[test]
fn map_errors_point_at_the_cell() {
    let cages = "size 4\ncages\naabb\ncc.d\n.e.d\nffgg\nsums a=3,b=7,c=4,d=5,e=1,f=3,g=7,z=3";
    assert_eq!(
        error(cages),
        "line 7, column 34: a sum for cage `z`, which the `cages` map does not have"
    );
    let missing = "size 4\ncages aabbcc.d.e.dffgg a=3,b=7,c=4,d=5,e=1,f=3";
    assert_eq!(
        error(missing),
        "line 2, column 21: cage `g` has no sum: add `g=SUM` to `sums`"
    );
    let apart = "size 4\ncages a..a............ a=3";
    assert_eq!(error(apart), "line 2, column 7: cage r1c1–r1c4 is in pieces: every cell of a cage must touch another by an edge");
    let jigsaw = "size 4\nregions\nABBB\nACCB\nDCCA\nDDDA";
    assert_eq!(error(jigsaw), "line 3, column 1: region A is in pieces: every cell of a region must touch another by an edge");
    assert_eq!(
        error("size 4\ncages aa.............. a=3\ncage 3 r1c1 r2c1"),
        "line 3, column 1: r1c1 is in two cages"
    );
}

#[test]
fn variant_text_is_told_from_a_classic_board() {
    assert!(is_variant_text("# comment\n\n  size 9x9\n"));
    assert!(!is_variant_text(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    ));
}

// The twin of fuzz/fuzz_targets/board_text.rs for the variant form: whatever is pasted, parsing
// returns, and a text cut anywhere is read or refused.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_text_and_any_cut_text_parse_without_panicking(
        words in prop::collection::vec(prop::sample::select(vec![
            "size", "4", "9x9", "16", "0x0", "boxes", "2x2", "1x16", "regions", "cages", "sums",
            "a=3", "b=99999", "=", ",", "cage", "r1c1", "r99c0", "givens", "diagonals", "windows",
            "abab", ".", "G", "\n", "#",
        ]), 0..40),
        cut in 0usize..400,
    ) {
        let text = words.join(" ");
        let _ = parse(&text);
        for puzzle in samples() {
            let whole = print(&puzzle);
            let _ = parse(&whole.chars().take(cut).collect::<String>());
        }
    }
}
