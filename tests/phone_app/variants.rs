//! The variant apps (`--skin killer|jigsaw|x|hyper`): puzzles from the variant generator, whole
//! games won by taps under the variant's rules, repeats judged by the variant's units, and the
//! marks each draws (cages, region borders, shaded diagonals and windows).

use super::{cell, Phone};
use autosudoku_core::sudoku::Cell;
use autosudoku_core::variant::{Pos, Regions, UnitKind};
use autosudoku_phone::app::{AppArgs, Dialog, Phase, SkinName};
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

#[test]
fn every_variant_skin_plays_its_variant_to_the_solved_card() {
    for skin in SkinName::VARIANTS {
        let mut p = variant(skin, 3);
        let kind = skin.as_str();
        let layout = p.grader.layout();
        match skin {
            SkinName::Killer => assert!(!layout.cages().is_empty()),
            SkinName::Jigsaw => assert!(matches!(layout.regions(), Regions::Jigsaw(_))),
            SkinName::X => assert!(layout.has_diagonals()),
            _ => assert!(layout.has_windows()),
        }
        for c in p.blanks() {
            let d = p.answer(c);
            p.enter(c, d);
        }
        assert_eq!(p.grader.phase(), Phase::Solved, "{kind}");
        assert_eq!(p.grader.dialog(), Some(Dialog::Solved), "{kind}");
    }
}

#[test]
fn killer_games_start_with_almost_no_givens_and_new_games_bring_new_cages() {
    let mut p = variant(SkinName::Killer, 1);
    assert!(p.grader.givens().filled_count() <= 3);
    let first = p.grader.layout();
    for c in p.blanks() {
        let d = p.answer(c);
        p.enter(c, d);
    }
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
            .filter(|u| !matches!(u.kind, UnitKind::Row(_) | UnitKind::Col(_) | UnitKind::Box(_)))
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
            let x = (l.grid.x + l.offset(c + 1) + l.thin_px + 1.0) as u32;
            let y = (l.grid.y + l.offset(r) + l.cell_px * 0.3) as u32;
            let dark = darkness(*img.get_pixel(x, y)) > 150;
            assert_eq!(dark, a != b, "r{}c{}|c{}", r + 1, c + 1, c + 2);
            let same = backdrop(&p, &img, cell(r, c)) == backdrop(&p, &img, cell(r, c + 1));
            assert_eq!(same, a == b, "colours of r{}c{} and c{}", r + 1, c + 1, c + 2);
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
    assert!(sum_ink > 10, "the sum {} is printed in the corner", cage.sum);
}
