//! The variant apps (`--skin killer|jigsaw|x|hyper|6x6|12x12|16x16`): puzzles from the variant
//! generator, whole games won by taps under the variant's rules, repeats judged by the variant's
//! units, the marks each draws (cages, region borders, shaded diagonals and windows), and boards
//! of other sizes with their boxes, keys and letters.

use super::{cell, Phone};
use autosudoku_core::sudoku::Cell;
use autosudoku_core::variant::{BoxShape, Pos, Regions, Symbol, UnitKind};
use autosudoku_phone::app::{AppArgs, Axis, Dialog, Phase, SkinName};
use autosudoku_phone::screen::Screen;
use image::{Rgba, RgbaImage};
use std::time::Duration;

/// A variant app on its generated puzzle of `seed`.
fn variant(skin: SkinName, seed: u64) -> Phone {
    let app = AppArgs {
        skin,
        seed,
        ..AppArgs::default()
    }
    .build()
    .unwrap();
    let grader = app.grader();
    Phone {
        app,
        grader,
        now: Duration::from_secs(1),
    }
}

/// Taps `cell`, then the key of `digit` (cell-first input), on a board of any side.
fn enter(p: &mut Phone, cell: Pos, digit: Symbol) {
    let l = p.app.layout().clone();
    p.tap(l.cell_center(cell));
    p.tap(l.key_center(digit).expect("a key for every digit"));
}

/// Every blank cell's answer, tapped in.
fn play_out(p: &mut Phone) {
    let (grid, solution) = (p.grader.grid(), p.grader.solution_grid());
    for c in grid.positions().filter(|&c| grid.get(c).is_none()) {
        enter(p, c, solution.get(c).unwrap());
    }
}

#[test]
fn every_variant_skin_plays_its_variant_to_the_solved_card() {
    for skin in SkinName::VARIANTS {
        let mut p = variant(skin, 3);
        let kind = skin.as_str();
        let layout = p.grader.layout();
        let plain = |side| layout.side() == side && matches!(layout.regions(), Regions::Boxes(_));
        let is_kind = match skin {
            SkinName::Killer => !layout.cages().is_empty(),
            SkinName::Jigsaw => matches!(layout.regions(), Regions::Jigsaw(_)),
            SkinName::X => layout.has_diagonals(),
            SkinName::Hyper => layout.has_windows(),
            SkinName::Six => plain(6),
            SkinName::Twelve => plain(12),
            _ => plain(16),
        };
        assert!(is_kind, "{kind}: {layout:?}");
        play_out(&mut p);
        assert_eq!(p.grader.phase(), Phase::Solved, "{kind}");
        assert_eq!(p.grader.dialog(), Some(Dialog::Solved), "{kind}");
    }
}

#[test]
fn boards_of_other_sizes_have_their_boxes_and_a_key_for_every_digit() {
    for (skin, side, boxes, rows) in [
        (SkinName::Six, 6, BoxShape::new(2, 3), 1),
        (SkinName::Twelve, 12, BoxShape::new(3, 4), 2),
        (SkinName::Sixteen, 16, BoxShape::new(4, 4), 2),
    ] {
        let p = variant(skin, 1);
        let l = p.app.layout();
        assert_eq!((l.side, l.boxes), (side, boxes));
        let labels: String = l.keys.iter().map(|(d, _)| d.to_char()).collect();
        assert_eq!(labels, "123456789ABCDEFG"[..side], "{skin:?}");
        let mut tops: Vec<u32> = l.keys.iter().map(|(_, r)| r.y as u32).collect();
        tops.dedup();
        assert_eq!(tops.len(), rows, "{skin:?} key rows");
        // Box lines: thick after every box's last row and column, thin inside.
        let img = first_frame(&mut variant(skin, 1));
        let mid = (l.grid.y + l.cell_px * 0.5) as u32;
        for c in 1..side {
            let x = (l.grid.x + l.offset(Axis::Cols, c) + l.thick_px / 2.0 - 1.0) as u32;
            let thick = darkness(*img.get_pixel(x, mid)) > 150;
            assert_eq!(
                thick,
                c % boxes.cols as usize == 0,
                "{skin:?} column line {c}"
            );
        }
    }
}

#[test]
fn letters_above_nine_come_from_keys_a_to_g_and_nine_by_nine_boards_ignore_them() {
    let mut p = variant(SkinName::Twelve, 2);
    let grid = p.grader.grid();
    let blank = grid.positions().find(|&c| grid.get(c).is_none()).unwrap();
    p.tap(p.app.layout().cell_center(blank));
    p.key(29); // KEYCODE_A
    assert_eq!(p.grader.grid().get(blank), Symbol::new(10));
    p.key(35); // KEYCODE_G: 16 is not a digit of a 12x12 board
    assert_eq!(p.grader.grid().get(blank), Symbol::new(10));
    let mut nine = variant(SkinName::X, 2);
    let before = nine.grader.grid();
    let blank = before
        .positions()
        .find(|&c| before.get(c).is_none())
        .unwrap();
    nine.tap(nine.app.layout().cell_center(blank));
    nine.key(29);
    assert_eq!(nine.grader.grid(), before);
}

#[test]
fn killer_games_start_with_almost_no_givens_and_new_games_bring_new_cages() {
    let mut p = variant(SkinName::Killer, 1);
    assert!(p.grader.givens().filled_count() <= 3);
    let first = p.grader.layout();
    play_out(&mut p);
    p.tap_dialog(Dialog::Solved, autosudoku_phone::app::DialogButton::NewGame);
    assert_eq!(p.grader.phase(), Phase::Playing);
    assert_ne!(p.grader.layout(), first);
}

/// Two cells of one hyper window that share no row, column or box.
fn window_pair(p: &Phone) -> (Cell, Cell) {
    let layout = p.grader.layout();
    let window = layout
        .units()
        .into_iter()
        .find(|u| u.kind == UnitKind::Window(0))
        .unwrap();
    let cells: Vec<Cell> = window
        .cells
        .iter()
        .map(|q| cell(q.row as usize, q.col as usize))
        .collect();
    cells
        .iter()
        .flat_map(|&a| cells.iter().map(move |&b| (a, b)))
        .find(|&(a, b)| a != b && !a.sees(b) && p.grader.board().get(a).is_none())
        .expect("a window spans two boxes")
}

#[test]
fn a_digit_repeated_in_a_hyper_window_is_marked_wrong_though_rows_and_boxes_allow_it() {
    let mut p = variant(SkinName::Hyper, 5);
    assert!(!p.grader.rules().check_mistakes);
    let (a, b) = window_pair(&p);
    let d = match p.grader.board().get(b) {
        Some(d) => d,
        None => {
            let d = p.answer(b);
            p.enter(b, d);
            d
        }
    };
    p.enter(a, d);
    assert!(p.grader.is_wrong(a), "{a:?} repeats {d:?} of {b:?}");
    assert_eq!(p.grader.phase(), Phase::Playing);
}

#[test]
fn a_classic_puzzle_on_a_variant_skin_is_refused_with_the_fix() {
    let err = AppArgs {
        skin: SkinName::Jigsaw,
        puzzle: Some(super::PUZZLE.parse().unwrap()),
        ..AppArgs::default()
    }
    .build()
    .err()
    .expect("refused")
    .to_string();
    assert!(
        err.contains("jigsaw") && err.contains("drop --puzzle"),
        "{err}"
    );
}

/// The colour in the middle of a cell's top-right quarter (clear of digits and sums).
fn backdrop(p: &Phone, img: &RgbaImage, c: Cell) -> Rgba<u8> {
    let r = p.app.layout().cell_rect(c);
    *img.get_pixel((r.x + r.w * 0.8) as u32, (r.y + r.h * 0.5) as u32)
}

/// The first frame: nothing selected yet, so no highlight covers the variant's marks.
fn first_frame(p: &mut Phone) -> RgbaImage {
    p.app.frame(Duration::from_secs(5))
}

#[test]
fn x_and_hyper_shade_their_extra_units_and_nothing_else() {
    for skin in [SkinName::X, SkinName::Hyper] {
        let mut p = variant(skin, 2);
        let img = first_frame(&mut p);
        let layout = p.grader.layout();
        let extra: Vec<Pos> = layout
            .units()
            .into_iter()
            .filter(|u| {
                !matches!(
                    u.kind,
                    UnitKind::Row(_) | UnitKind::Col(_) | UnitKind::Box(_)
                )
            })
            .flat_map(|u| u.cells)
            .collect();
        let plain = backdrop(&p, &img, cell(0, 1));
        assert!(!extra.contains(&Pos::new(0, 1)));
        for q in &extra {
            let c = cell(q.row as usize, q.col as usize);
            assert_ne!(backdrop(&p, &img, c), plain, "{skin:?} {c:?}");
        }
        for c in Cell::all().filter(|c| !extra.contains(&Pos::new(c.row(), c.col()))) {
            assert_eq!(backdrop(&p, &img, c), plain, "{skin:?} {c:?}");
        }
    }
}

/// How dark a pixel is, 0 (white) to 255.
fn darkness(px: Rgba<u8>) -> u8 {
    255 - px.0[..3].iter().copied().min().unwrap()
}

#[test]
fn jigsaw_regions_have_thick_borders_and_a_colour_each() {
    let mut p = variant(SkinName::Jigsaw, 4);
    let img = first_frame(&mut p);
    let Regions::Jigsaw(letters) = p.grader.layout().regions().clone() else {
        panic!("a jigsaw layout");
    };
    let l = p.app.layout().clone();
    for r in 0..9 {
        for c in 0..8 {
            let (a, b) = (letters[r * 9 + c], letters[r * 9 + c + 1]);
            // Just beside the boundary line: inside a thick border, clear of a thin line.
            let x = (l.grid.x + l.offset(Axis::Cols, c + 1) + l.thin_px + 1.0) as u32;
            let y = (l.grid.y + l.offset(Axis::Rows, r) + l.cell_px * 0.3) as u32;
            let dark = darkness(*img.get_pixel(x, y)) > 150;
            assert_eq!(dark, a != b, "r{}c{}|c{}", r + 1, c + 1, c + 2);
            let same = backdrop(&p, &img, cell(r, c)) == backdrop(&p, &img, cell(r, c + 1));
            assert_eq!(
                same,
                a == b,
                "colours of r{}c{} and c{}",
                r + 1,
                c + 1,
                c + 2
            );
        }
    }
}

#[test]
fn killer_cages_are_dashed_inside_the_cells_with_the_sum_in_the_first_cell() {
    let mut p = variant(SkinName::Killer, 6);
    let img = first_frame(&mut p);
    let l = p.app.layout().clone();
    let cage = p.grader.layout().cages()[0].clone();
    let first = cell(cage.cells[0].row as usize, cage.cells[0].col as usize);
    let r = l.cell_rect(first);
    let inset = (l.cell_px * 0.08).round();
    // The cage's left side, inside the cell: dark and light in turn down its length.
    let x = (r.x + inset) as u32;
    let run: Vec<bool> = ((r.y + r.h * 0.4) as u32..(r.y + r.h * 0.9) as u32)
        .map(|y| darkness(*img.get_pixel(x, y)) > 80)
        .collect();
    let flips = run.windows(2).filter(|w| w[0] != w[1]).count();
    assert!(flips >= 4, "a dashed line: {run:?}");
    // Ink in the top-left corner, right of the outline: the sum.
    let sum_ink = (r.y as u32 + 2..(r.y + r.h * 0.3) as u32)
        .flat_map(|y| ((r.x + inset * 1.5) as u32..(r.x + r.w * 0.4) as u32).map(move |x| (x, y)))
        .filter(|&(x, y)| darkness(*img.get_pixel(x, y)) > 120)
        .count();
    assert!(
        sum_ink > 10,
        "the sum {} is printed in the corner",
        cage.sum
    );
}
