//! What an app is started from: every skin's layout inside its screen, size and density
//! overrides (and a screen too small for them), and puzzles refused with a reason.

use super::{cell, digit, phone, phone_with, PUZZLE};
use autosudoku_core::sudoku::Board;
use autosudoku_phone::app::{AppArgs, Dialog, SkinName};
use autosudoku_phone::screen::Screen;

#[test]
fn every_skin_lays_out_inside_its_screen_without_overlaps() {
    for skin in SkinName::ALL {
        let p = phone(skin);
        let l = p.app.layout();
        let (w, h) = p.app.size();
        let inside = |r: autosudoku_phone::app::Rect| {
            r.x >= 0.0 && r.y >= 0.0 && r.right() <= w as f32 && r.bottom() <= h as f32
        };
        assert!(inside(l.grid), "{skin:?}");
        assert!(l.grid.y >= l.app_bar.bottom());
        let buttons = l
            .keys
            .iter()
            .map(|(_, r)| *r)
            .chain(l.tools.iter().map(|(_, r)| *r));
        for r in buttons {
            assert!(inside(r), "{skin:?} {r:?}");
            let overlap = r.x < l.grid.right()
                && r.right() > l.grid.x
                && r.y < l.grid.bottom()
                && r.bottom() > l.grid.y;
            assert!(!overlap, "{skin:?}: {r:?} overlaps the grid");
        }
        for d in [
            Dialog::Solved,
            Dialog::GameOver,
            Dialog::RateUs,
            Dialog::Ad,
            Dialog::Continue,
        ] {
            for (_, r) in l.dialog(d).buttons {
                assert!(inside(r), "{skin:?} {d:?}");
            }
        }
        assert_eq!(l.keys.is_empty(), skin == SkinName::Keys);
    }
}

#[test]
fn size_and_density_override_the_skin_and_too_small_is_an_error() {
    let p = phone_with(SkinName::Classic, |a| {
        a.size = Some((720, 1600));
        a.density = Some(320);
    });
    assert_eq!(p.app.size(), (720, 1600));
    assert_eq!(p.app.density(), 320);
    assert!(p.app.layout().grid.w <= 720.0);
    let tiny = AppArgs {
        size: Some((200, 200)),
        density: Some(640),
        puzzle: Some(PUZZLE.parse().unwrap()),
        ..AppArgs::default()
    };
    let err = tiny.build().err().expect("too small").to_string();
    assert!(err.contains("200x200") && err.contains("--size"), "{err}");
}

#[test]
fn a_puzzle_without_a_single_solution_is_refused_with_a_reason() {
    let mut two = Board::empty();
    two.set(cell(0, 0), Some(digit(1)));
    let err = AppArgs {
        puzzle: Some(two),
        ..AppArgs::default()
    }
    .build()
    .err()
    .unwrap()
    .to_string();
    assert!(err.contains("more than one solution"), "{err}");
    let bad: Board = format!("11{}", &PUZZLE[2..]).parse().unwrap();
    let err = AppArgs {
        puzzle: Some(bad),
        ..AppArgs::default()
    }
    .build()
    .err()
    .unwrap()
    .to_string();
    assert!(err.contains("row 1 has two 1s"), "{err}");
}
