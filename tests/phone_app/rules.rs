//! The game's rules through the `Screen` trait: entries, mistakes and their limit, erase, notes,
//! undo, used-up keys, digit-first and hardware-key input, Android's click semantics, pop-ups,
//! pause, and whole games to the "solved" dialog and the next one.

use super::{cell, digit, phone, phone_with, Phone};
use autosudoku_core::sudoku::{Cell, Digit};
use autosudoku_phone::app::{
    AppArgs, Dialog, DialogButton, Event, ExitWhen, Phase, SkinName, Tool,
};
use autosudoku_phone::screen::{Screen, Touch};
use std::time::Duration;

#[test]
fn a_given_cell_rejects_input() {
    let mut p = phone(SkinName::Classic);
    let given = p.grader.givens().filled().next().unwrap().0;
    let before = p.grader.board();
    p.enter(given, digit(1));
    p.tap_tool(Tool::Erase);
    assert_eq!(p.grader.board(), before);
    assert!(p.events().iter().any(
        |e| matches!(e, Event::Rejected { cell: Some(c), reason: "given cell" } if *c == given.into())
    ));
}

#[test]
fn a_tapped_digit_lands_in_the_selected_cell_and_counts_mistakes_until_game_over() {
    let mut p = phone(SkinName::Classic);
    let blanks = p.blanks();
    let right = p.answer(blanks[0]);
    p.enter(blanks[0], right);
    assert_eq!(p.grader.board().get(blanks[0]), Some(right));
    assert_eq!(p.grader.mistakes(), 0);
    for (i, &c) in blanks[1..4].iter().enumerate() {
        let w = p.wrong(c);
        p.enter(c, w);
        assert_eq!(p.grader.mistakes(), i as u32 + 1);
    }
    assert_eq!(p.grader.phase(), Phase::GameOver);
    assert_eq!(p.grader.dialog(), Some(Dialog::GameOver));
    assert!(p.grader.reached(ExitWhen::GameOver) && !p.grader.reached(ExitWhen::Solved));
    // The dialog swallows board taps; its button starts a new game.
    let selected = p.grader.selected();
    p.tap_cell(blanks[5]);
    assert_eq!(p.grader.selected(), selected);
    p.tap_dialog(Dialog::GameOver, DialogButton::NewGame);
    assert_eq!(p.grader.phase(), Phase::Playing);
    assert_eq!(p.grader.mistakes(), 0);
    assert!(p
        .events()
        .iter()
        .any(|e| matches!(e, Event::NewGame { seed: 2 })));
}

#[test]
fn without_mistake_checking_wrong_digits_stay_uncounted() {
    let mut p = phone(SkinName::Night);
    for &c in &p.blanks()[..4] {
        let w = p.wrong(c);
        p.enter(c, w);
    }
    assert_eq!(p.grader.mistakes(), 0);
    assert_eq!(p.grader.phase(), Phase::Playing);
    let mut strict = phone_with(SkinName::Night, |a| {
        a.mistake_limit = Some("2".parse_limit())
    });
    for &c in &strict.blanks()[..2] {
        let w = strict.wrong(c);
        strict.enter(c, w);
    }
    assert_eq!(strict.grader.phase(), Phase::GameOver);
}

trait ParseLimit {
    fn parse_limit(self) -> autosudoku_phone::app::MistakeLimit;
}
impl ParseLimit for &str {
    fn parse_limit(self) -> autosudoku_phone::app::MistakeLimit {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            app: AppArgs,
        }
        Cli::try_parse_from(["x", "--mistake-limit", self])
            .unwrap()
            .app
            .mistake_limit
            .unwrap()
    }
}

#[test]
fn erase_notes_and_undo_restore_the_board() {
    let mut p = phone(SkinName::Classic);
    let blanks = p.blanks();
    let (a, b) = (blanks[0], blanks[1]);
    let start = p.grader.board();
    p.enter(a, p.answer(a));
    p.tap_tool(Tool::Erase);
    assert_eq!(p.grader.board(), start);
    p.tap_tool(Tool::Undo);
    assert_eq!(p.grader.board().get(a), Some(p.answer(a)));
    p.tap_tool(Tool::Undo);
    assert_eq!(p.grader.board(), start);

    p.tap_cell(b);
    p.tap_tool(Tool::Notes);
    assert!(p.grader.notes_mode());
    p.tap_key(digit(2));
    p.tap_key(digit(7));
    assert_eq!(p.grader.notes(b), vec![digit(2), digit(7)]);
    assert_eq!(p.grader.board(), start);
    p.tap_key(digit(2));
    assert_eq!(p.grader.notes(b), vec![digit(7)]);
    p.tap_tool(Tool::Undo);
    assert_eq!(p.grader.notes(b), vec![digit(2), digit(7)]);
    p.tap_tool(Tool::Notes);
    p.tap_tool(Tool::Erase);
    assert!(p.grader.notes(b).is_empty());
}

/// Fills every blank whose answer is `d`, leaving other digits alone.
fn place_all(p: &mut Phone, d: Digit) {
    for c in p.blanks() {
        if p.answer(c) == d {
            p.enter(c, d);
        }
    }
}

/// Pixels of `colour` inside a key's rectangle.
fn ink(p: &mut Phone, d: Digit, colour: [u8; 3]) -> usize {
    let r = p.app.layout().key_rect(d).unwrap();
    let now = p.now;
    let img = p.app.frame(now);
    let mut n = 0;
    for y in r.y as u32..r.bottom() as u32 {
        for x in r.x as u32..r.right() as u32 {
            let px = img.get_pixel(x, y).0;
            n += usize::from(px[..3] == colour);
        }
    }
    n
}

#[test]
fn a_keypad_digit_greys_out_once_all_nine_are_placed() {
    let mut p = phone(SkinName::Classic);
    let d = digit(5);
    let blue = [0x2F, 0x62, 0xD6];
    assert!(ink(&mut p, d, blue) > 50);
    place_all(&mut p, d);
    assert_eq!(
        p.grader.board().filled().filter(|&(_, x)| x == d).count(),
        9
    );
    assert_eq!(ink(&mut p, d, blue), 0, "the used-up key is drawn grey");
    // A greyed key does nothing.
    let other = p.blanks()[0];
    p.enter(other, d);
    assert_eq!(p.grader.board().get(other), None);
}

#[test]
fn night_hides_used_up_keys() {
    let mut p = phone(SkinName::Night);
    let d = digit(3);
    let amber = [0xFF, 0xB5, 0x47];
    assert!(ink(&mut p, d, amber) > 50);
    place_all(&mut p, d);
    assert_eq!(ink(&mut p, d, amber), 0);
    assert_eq!(ink(&mut p, d, [0x10, 0x13, 0x17]) as f32, {
        let r = p.app.layout().key_rect(d).unwrap();
        // The whole key area shows the background (rounded to whole pixels).
        (r.bottom() as u32 - r.y as u32) as f32 * (r.right() as u32 - r.x as u32) as f32
    });
}

#[test]
fn digit_first_input_puts_the_picked_digit_in_every_tapped_cell() {
    let mut p = phone(SkinName::Paper);
    let d = digit(8);
    let targets: Vec<Cell> = p
        .blanks()
        .into_iter()
        .filter(|&c| p.answer(c) == d)
        .collect();
    p.tap_key(d);
    for &c in &targets {
        p.tap_cell(c);
    }
    for &c in &targets {
        assert_eq!(p.grader.board().get(c), Some(d));
    }
    // Tapping a cell holding the picked digit takes it out again.
    p.tap_cell(targets[0]);
    assert_eq!(p.grader.board().get(targets[0]), None);
    // Tapping the digit again disarms it: cells are only selected.
    p.tap_key(d);
    p.tap_cell(targets[0]);
    assert_eq!(p.grader.board().get(targets[0]), None);
    assert_eq!(p.grader.selected(), Some(targets[0]));
}

#[test]
fn hardware_keys_move_enter_and_erase() {
    let mut p = phone(SkinName::Keys);
    assert!(
        p.app.layout().keys.is_empty(),
        "the keys skin has no on-screen keypad"
    );
    let target = p
        .blanks()
        .into_iter()
        .find(|c| c.row() > 0 && c.col() > 0)
        .unwrap();
    p.key(20); // the first D-pad press selects r1c1
    assert_eq!(p.grader.selected(), Some(cell(0, 0)));
    p.key(19); // and the edges hold
    p.key(21);
    assert_eq!(p.grader.selected(), Some(cell(0, 0)));
    for _ in 0..target.row() {
        p.key(20);
    }
    for _ in 0..target.col() {
        p.key(22);
    }
    p.key(21);
    p.key(22);
    p.key(19);
    p.key(20);
    assert_eq!(p.grader.selected(), Some(target));
    let d = p.answer(target);
    p.key(7 + d.get() as u32);
    assert_eq!(p.grader.board().get(target), Some(d));
    p.key(67);
    assert_eq!(p.grader.board().get(target), None);
    p.key(144 + d.get() as u32); // numpad
    assert_eq!(p.grader.board().get(target), Some(d));
}

#[test]
fn a_swipe_or_a_lift_elsewhere_is_not_a_tap() {
    let mut p = phone(SkinName::Classic);
    let l = p.app.layout().clone();
    let (a, b) = (l.cell_center(cell(0, 0)), l.cell_center(cell(0, 3)));
    let now = p.tick();
    p.app.touch(Touch::Down { x: a.x, y: a.y }, now);
    p.app.touch(Touch::Move { x: b.x, y: b.y }, now);
    p.app.touch(Touch::Up { x: a.x, y: a.y }, now);
    p.app.touch(Touch::Down { x: a.x, y: a.y }, now);
    p.app.touch(Touch::Up { x: b.x, y: b.y }, now);
    assert_eq!(p.grader.selected(), None);
    // A small jitter inside the slop is still a tap.
    p.app.touch(Touch::Down { x: a.x, y: a.y }, now);
    p.app.touch(
        Touch::Move {
            x: a.x + 3.0,
            y: a.y + 2.0,
        },
        now,
    );
    p.app.touch(
        Touch::Up {
            x: a.x + 3.0,
            y: a.y + 2.0,
        },
        now,
    );
    assert_eq!(p.grader.selected(), Some(cell(0, 0)));
}

#[test]
fn pop_ups_swallow_taps_until_dismissed_by_their_button() {
    let mut p = phone_with(SkinName::Classic, |a| {
        a.popup = vec![Dialog::RateUs, Dialog::Ad, Dialog::Continue];
        a.popup_seed = 7;
    });
    let blanks = p.blanks();
    let mut shown = Vec::new();
    for &c in &blanks {
        if let Some(d) = p.grader.dialog() {
            shown.push(d);
            let selected = p.grader.selected();
            p.tap_cell(c);
            p.tap_key(p.answer(c));
            assert_eq!(p.grader.selected(), selected, "{d:?} let a tap through");
            assert_eq!(p.grader.board().get(c), None);
            let button = *d.buttons().last().unwrap();
            p.tap_dialog(d, button);
            assert_eq!(p.grader.dialog(), None);
        }
        let d = p.answer(c);
        p.enter(c, d);
    }
    assert_eq!(shown, vec![Dialog::RateUs, Dialog::Ad, Dialog::Continue]);
    assert!(
        p.events()
            .iter()
            .filter(|e| matches!(e, Event::TapSwallowed { .. }))
            .count()
            >= 6
    );
    assert_eq!(p.grader.phase(), Phase::Solved);
}

#[test]
fn the_pause_button_stops_the_clock_until_continue() {
    let mut p = phone(SkinName::Tablet);
    let pause = p.app.layout().pause.center();
    p.tap(pause);
    assert_eq!(p.grader.dialog(), Some(Dialog::Continue));
    assert_eq!(p.grader.phase(), Phase::Paused);
    let paused_at = p.grader.summary(p.now).elapsed_ms;
    p.now += Duration::from_secs(60);
    assert_eq!(p.grader.summary(p.now).elapsed_ms, paused_at);
    p.tap_dialog(Dialog::Continue, DialogButton::Continue);
    assert_eq!(p.grader.phase(), Phase::Playing);
    assert!(p.grader.summary(p.now + Duration::from_secs(1)).elapsed_ms >= paused_at + 1000);
}

#[test]
fn pop_ups_are_reproducible_from_their_seed() {
    let moments = |seed| {
        let mut p = phone_with(SkinName::Classic, |a| {
            a.popup = vec![Dialog::Ad];
            a.popup_seed = seed;
        });
        for (i, c) in p.blanks().into_iter().enumerate() {
            if p.grader.dialog().is_some() {
                return i;
            }
            let d = p.answer(c);
            p.enter(c, d);
        }
        usize::MAX
    };
    assert_eq!(moments(3), moments(3));
    assert!((2..=12).contains(&moments(3)));
}

#[test]
fn a_full_game_reaches_solved_on_every_skin() {
    for skin in SkinName::ALL {
        let mut p = phone(skin);
        for c in p.blanks() {
            let d = p.answer(c);
            match skin {
                SkinName::Keys => {
                    p.tap_cell(c);
                    p.key(7 + d.get() as u32);
                }
                SkinName::Paper | SkinName::Edge => {
                    if p.grader.events().iter().rev().find_map(|l| match l.event {
                        Event::DigitPicked { digit } => Some(digit),
                        _ => None,
                    }) != Some(Some(d.into()))
                    {
                        p.tap_key(d);
                    }
                    p.tap_cell(c);
                }
                _ => p.enter(c, d),
            }
        }
        assert_eq!(p.grader.phase(), Phase::Solved, "{skin:?}");
        assert_eq!(p.grader.dialog(), Some(Dialog::Solved), "{skin:?}");
        assert_eq!(p.grader.board(), p.grader.solution());
        let summary = p.grader.summary(p.now);
        assert!(summary.elapsed_ms > 0);
        assert!(p
            .events()
            .iter()
            .any(|e| matches!(e, Event::GameSolved { .. })));
    }
}

#[test]
fn new_game_after_solving_a_generated_puzzle_takes_the_next_seed() {
    let mut p = phone_with(SkinName::Compact, |a| {
        a.puzzle = None;
        a.seed = 41;
    });
    let first = p.grader.givens();
    assert!(first.filled_count() >= 17);
    for c in p.blanks() {
        let d = p.answer(c);
        p.enter(c, d);
    }
    assert_eq!(p.grader.dialog(), Some(Dialog::Solved));
    p.tap_dialog(Dialog::Solved, DialogButton::NewGame);
    assert_eq!(p.grader.phase(), Phase::Playing);
    assert_eq!(p.grader.summary(p.now).seed, 42);
    assert_ne!(p.grader.givens(), first);
    assert_eq!(p.grader.board(), p.grader.givens());
}
