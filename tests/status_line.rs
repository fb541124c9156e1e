//! The status line reader (`vision::screen::status`) on every skin of the virtual phone: frames
//! rendered in-process at several game times and mistake counts, read as regress reads them (the
//! band above the grid), and graded against the app's own state. A timer or counter read wrong
//! fails; so does one not read on a skin that draws it.

mod rig;

use autosudoku_agent::geometry::Rect;
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
/// digit key pressed, which every skin takes), the time running from `now`. Touches are on the
/// screen, which a desktop app's window is only part of.
fn mistakes(app: &mut App, count: u32, now: &mut Duration) {
    let g = app.grader();
    let (givens, solution): (Board, Board) = (g.givens(), g.solution());
    let cell = Cell::all()
        .find(|&c| givens.get(c).is_none())
        .expect("a blank");
    let right = solution.get(cell).expect("solved");
    for k in 0..count {
        let wrong = Digit::new((right.get() + k as u8) % 9 + 1).expect("digit");
        let (dx, dy) = app.window_at();
        let p = app.layout().cell_center(cell);
        let (x, y) = (p.x + dx as f32, p.y + dy as f32);
        for touch in [Touch::Down { x, y }, Touch::Up { x, y }] {
            *now += Duration::from_millis(100);
            app.touch(touch, *now);
        }
        *now += Duration::from_millis(100);
        app.key(Keycode(7 + wrong.get() as u32), *now);
    }
}

/// The frame drawn, the grid's bounds on it, and what its status line shows by the app's state.
fn render(skin: SkinName, seed: u64, frame: &Frame) -> (image::RgbaImage, Rect, Status) {
    let args = AppArgs {
        skin,
        seed,
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
    let (r, (dx, dy)) = (app.layout().grid, app.window_at());
    let grid = Rect {
        x: r.x as u32 + dx,
        y: r.y as u32 + dy,
        width: r.w as u32,
        height: r.h as u32,
    };
    (app.frame(now), grid, truth)
}

/// The reads of every frame of `skin` drawn from `seed` that differ from what the app shows.
fn misreads(reader: &mut StatusReader, skin: SkinName, seed: u64) -> Vec<String> {
    let mut wrong = Vec::new();
    for frame in frames() {
        let (img, grid, truth) = render(skin, seed, &frame);
        let read = reader.read(&img, Some(grid));
        if read != truth {
            let (w, h) = img.dimensions();
            let skin = skin.as_str();
            wrong.push(format!(
                "{skin} seed {seed} {w}x{h}: read {read:?}, shown {truth:?}"
            ));
        }
    }
    wrong
}

#[test]
fn every_skins_timer_and_mistakes_counter_read_as_the_app_draws_them() {
    let mut reader = StatusReader::default();
    let mut wrong = Vec::new();
    for skin in SkinName::ALL {
        for frame in frames() {
            let (_, _, truth) = render(skin, 1, &frame);
            assert_eq!(
                truth.mistakes.map(|m| m.0),
                truth.mistakes.map(|_| frame.mistakes),
                "{}: the app counted the mistakes typed",
                skin.as_str()
            );
        }
        wrong.extend(misreads(&mut reader, skin, 1));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Generated apps (`--skin random`): other fonts, sizes and places, phones, tablets and a desktop
/// window round the app (seed 3, 2560x1440, whose dark desktop once made every row's background
/// dark and hid the small status line).
#[test]
fn generated_apps_timer_and_mistakes_counter_read_as_the_app_draws_them() {
    let mut reader = StatusReader::default();
    let wrong: Vec<String> = (1..=8)
        .flat_map(|seed| misreads(&mut reader, SkinName::Random, seed))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
