//! The status line reader (`vision::screen::status`) on every skin of the virtual phone: frames
//! rendered in-process at several game times and mistake counts, read as regress reads them (the
//! band above the grid), and graded against the app's own state. A timer or counter read wrong
//! fails; so does one not read on a skin that draws it.

mod rig;

use autosudoku_agent::vision::screen::status::{Status, StatusReader};
use autosudoku_core::sudoku::{Board, Cell, Digit};
use autosudoku_phone::app::{App, AppArgs, MistakeLimit, SkinName};
use autosudoku_phone::screen::{Keycode, Screen, Touch};
use std::time::Duration;

/// One frame to read: how many wrong digits are typed first, and the game time it is drawn at.
struct Frame {
    limit: Option<MistakeLimit>,
    mistakes: u32,
    at: Duration,
}

/// Enough frames per skin to meet every digit of a clock in each place, with and without a limit.
fn frames() -> Vec<Frame> {
    let f = |limit, mistakes, secs| Frame {
        limit,
        mistakes,
        at: Duration::from_secs(secs),
    };
    vec![
        f(None, 0, 0),
        f(None, 1, 63),
        f(None, 2, 605),
        f(Some(MistakeLimit::After(5)), 1, 7),
        f(Some(MistakeLimit::After(5)), 2, 1_940),
    ]
}

/// Types `count` different wrong digits into the first empty cell (with the cell tapped and a
/// digit key pressed, which every skin takes), the time running from `now`.
fn mistakes(app: &mut App, count: u32, now: &mut Duration) {
    let g = app.grader();
    let (givens, solution): (Board, Board) = (g.givens(), g.solution());
    let cell = Cell::all()
        .find(|&c| givens.get(c).is_none())
        .expect("a blank");
    let right = solution.get(cell).expect("solved");
    for k in 0..count {
        let wrong = Digit::new((right.get() + k as u8) % 9 + 1).expect("digit");
        let p = app.layout().cell_center(cell);
        for touch in [Touch::Down { x: p.x, y: p.y }, Touch::Up { x: p.x, y: p.y }] {
            *now += Duration::from_millis(100);
            app.touch(touch, *now);
        }
        *now += Duration::from_millis(100);
        app.key(Keycode(7 + wrong.get() as u32), *now);
    }
}

/// The frame drawn, and what its status line shows by the app's state.
fn render(skin: SkinName, frame: &Frame) -> (image::RgbaImage, u32, Status) {
    let args = AppArgs {
        skin,
        mistake_limit: frame.limit,
        ..AppArgs::default()
    };
    let mut app = args.build().expect("app builds");
    let mut now = Duration::ZERO;
    mistakes(&mut app, frame.mistakes, &mut now);
    let g = app.grader();
    // The elapsed game time counts whole seconds from the game's start.
    let start = now.saturating_sub(Duration::from_millis(g.summary(now).elapsed_ms));
    let now = start + frame.at;
    let summary = g.summary(now);
    let rules = g.rules();
    let truth = Status {
        timer: Some(Duration::from_secs(summary.elapsed_ms / 1000)),
        mistakes: rules
            .check_mistakes
            .then_some((summary.mistakes, rules.mistake_limit)),
    };
    let grid_top = app.layout().grid.y as u32;
    (app.frame(now), grid_top, truth)
}

#[test]
fn every_skins_timer_and_mistakes_counter_read_as_the_app_draws_them() {
    let mut reader = StatusReader::default();
    let mut wrong = Vec::new();
    for skin in SkinName::ALL {
        for frame in frames() {
            let (img, grid_top, truth) = render(skin, &frame);
            assert_eq!(
                truth.mistakes.map(|m| m.0),
                truth.mistakes.map(|_| frame.mistakes),
                "{}: the app counted the mistakes typed",
                skin.as_str()
            );
            let read = reader.read(&img, Some(grid_top));
            if read != truth {
                wrong.push(format!("{}: read {read:?}, shown {truth:?}", skin.as_str()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
