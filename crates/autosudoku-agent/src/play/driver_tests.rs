//! The fill loop's decisions against the fake phone: every style wins, drops are repaired,
//! half-played games resume, wrong entries need --fix, dialogs are closed, stops are clean.

use super::*;
use crate::play::fake::{puzzle, FakeApp, Logged};
use crate::play::report::Report;
use crate::play::view::Quiet;
use crate::vision::screen::scene::Doubt;
use autosudoku_core::solve::fast;
use autosudoku_core::sudoku::{Cell, Digit};
use std::sync::atomic::AtomicBool;

fn play(app: &mut FakeApp, opts: &FillOptions) -> Result<Won, PlayError> {
    let stop = AtomicBool::new(false);
    let mut run = Run {
        agent: app,
        observer: &mut Quiet,
        stop: &stop,
    };
    fill(&mut run, opts)
}

fn quick() -> FillOptions {
    FillOptions {
        settle: Duration::ZERO,
        ..FillOptions::default()
    }
}

#[test]
fn every_style_wins_in_one_round() {
    for style in [
        InputStyle::CellFirst,
        InputStyle::DigitFirst,
        InputStyle::Keys,
    ] {
        let (p, s) = puzzle();
        let mut app = FakeApp::new(&p, &s, style);
        assert_eq!(play(&mut app, &quick()).unwrap(), Won::Dialog, "{style}");
        assert_eq!(app.shown, s);
        assert_eq!(app.mistakes, 0, "{style}");
        // One look to read, one per digit (its armed key or parked selection seen before its
        // cells), one to see every digit but the last in place, at most one for the last digit's
        // own set-up, one after it.
        let digits: std::collections::BTreeSet<_> = p.blanks().filter_map(|c| s.get(c)).collect();
        assert!(
            app.looks <= 4 + digits.len(),
            "{style}: {} looks",
            app.looks
        );
        assert!(
            app.looks >= 3 + digits.len(),
            "{style}: {} looks",
            app.looks
        );
    }
}

#[test]
fn a_lost_tap_on_a_digit_key_never_sends_the_next_cells_the_old_digit() {
    // One input in five lost at random, many seeds: whichever tap that hits (a digit key, a park
    // on a given, a select), no wrong digit lands, in any style, on an app that ends the game at
    // the first.
    for style in [
        InputStyle::DigitFirst,
        InputStyle::CellFirst,
        InputStyle::Keys,
    ] {
        for seed in 1..=20 {
            let (p, s) = puzzle();
            let mut app = FakeApp::new(&p, &s, style);
            app.drop_random = Some((5, seed));
            app.mistake_limit = Some(1);
            let opts = FillOptions {
                repair_rounds: 8,
                ..quick()
            };
            let won = play(&mut app, &opts);
            assert_eq!(app.mistakes, 0, "{style}, seed {seed}");
            assert_eq!(won.unwrap(), Won::Dialog, "{style}, seed {seed}");
        }
    }
}

#[test]
fn checks_a_frame_confirms_need_no_look_and_lost_taps_still_type_no_wrong_digit() {
    for style in [InputStyle::DigitFirst, InputStyle::CellFirst] {
        let (p, s) = puzzle();
        let mut app = FakeApp::new(&p, &s, style);
        app.streams = true;
        assert_eq!(play(&mut app, &quick()).unwrap(), Won::Dialog, "{style}");
        // One look to read, one to see every digit but the last in place, one after the last;
        // every digit change was seen on the stream. (A cell-first app that showed no selection
        // yet is glanced at once, a look for the fake.)
        let glances = usize::from(style == InputStyle::CellFirst);
        assert_eq!((app.looks, app.mistakes), (3 + glances, 0), "{style}");
        assert!(app.seen >= 8, "{style}: {} checks seen", app.seen);
        for seed in 1..=20 {
            let mut app = FakeApp::new(&p, &s, style);
            (app.streams, app.drop_random, app.mistake_limit) = (true, Some((5, seed)), Some(1));
            let opts = FillOptions {
                repair_rounds: 8,
                ..quick()
            };
            assert_eq!(
                play(&mut app, &opts).unwrap(),
                Won::Dialog,
                "{style}, seed {seed}"
            );
            assert_eq!(app.mistakes, 0, "{style}, seed {seed}");
        }
    }
}

#[test]
fn a_lost_dpad_key_never_shifts_the_walk() {
    // An app that takes no taps on its grid and tells its cursor only by drawing it: a lost D-pad
    // key leaves the cursor short, and a lost DEL or digit key leaves a cell as it was. The walk
    // starts again from the highlighted cell; no digit lands in a cell it was not meant for.
    for seed in 1..=20 {
        let (p, s) = puzzle();
        let mut app = FakeApp::new(&p, &s, InputStyle::Keys);
        app.caps.cell_taps = false;
        app.drawn_selection_only = true;
        app.selected = Cell::new(4, 4);
        // A wrong entry of the user's, so that DEL is walked to as well.
        let blank = p.blanks().next().unwrap();
        let wrong = Digit::all().find(|&d| s.get(blank) != Some(d)).unwrap();
        app.shown.set(blank, Some(wrong));
        app.drop_random = Some((5, seed));
        app.mistake_limit = Some(1);
        let opts = FillOptions {
            fix: true,
            repair_rounds: 8,
            ..quick()
        };
        let won = play(&mut app, &opts);
        assert_eq!(app.mistakes, 0, "seed {seed}");
        assert_eq!(won.unwrap(), Won::Dialog, "seed {seed}");
        let typed = app.log.iter().filter_map(|l| match l {
            Logged::Entered(c, d) => Some((*c, *d)),
            _ => None,
        });
        assert!(
            typed.clone().count() > 0 && typed.clone().all(|(c, d)| s.get(c) == Some(d)),
            "seed {seed}"
        );
    }
}

#[test]
fn a_dpad_app_with_no_cursor_asks_for_a_tap_and_then_wins() {
    // What the refusal says: tap any cell on the phone once and run again.
    let (p, s) = puzzle();
    let mut app = FakeApp::new(&p, &s, InputStyle::Keys);
    app.caps.cell_taps = false;
    app.drawn_selection_only = true;
    let err = play(&mut app, &quick()).unwrap_err();
    assert!(err.to_string().contains("tap any cell"), "{err}");
    assert_eq!(app.actions_seen, 0);
    app.selected = Cell::new(8, 0);
    assert_eq!(play(&mut app, &quick()).unwrap(), Won::Dialog);
    assert_eq!(app.mistakes, 0);
}

#[test]
fn an_app_that_draws_no_highlight_is_played_blind_not_in_circles() {
    for style in [InputStyle::DigitFirst, InputStyle::CellFirst] {
        let (p, s) = puzzle();
        let mut app = FakeApp::new(&p, &s, style);
        app.blind = true;
        assert_eq!(play(&mut app, &quick()).unwrap(), Won::Dialog, "{style}");
        assert_eq!(app.mistakes, 0, "{style}");
        // Cell-first: one read, one glance during the first digit's run (after three of its
        // taps and the park, so showing nothing is four misses at once), one to verify.
        // And one more to see every digit but the last in place before the last.
        let most = if style == InputStyle::CellFirst { 4 } else { 9 };
        assert!(app.looks <= most, "{style}: {} looks", app.looks);
    }
}

#[test]
fn dropped_taps_are_repaired() {
    let (p, s) = puzzle();
    let mut app = FakeApp::new(&p, &s, InputStyle::CellFirst);
    app.drop_every = Some(10);
    assert_eq!(play(&mut app, &quick()).unwrap(), Won::Dialog);
    assert_eq!(app.shown, s);
    assert!(app.looks > 2);
}

#[test]
fn half_played_game_is_finished_without_retyping() {
    let (p, s) = puzzle();
    let mut app = FakeApp::new(&p, &s, InputStyle::CellFirst);
    let blanks: Vec<_> = p.blanks().collect();
    for &c in &blanks[..20] {
        app.shown.set(c, s.get(c));
    }
    play(&mut app, &quick()).unwrap();
    let typed: Vec<_> = app
        .log
        .iter()
        .filter_map(|l| match l {
            crate::play::fake::Logged::Entered(c, _) => Some(*c),
            _ => None,
        })
        .collect();
    assert_eq!(typed.len(), blanks.len() - 20);
    assert!(typed.iter().all(|c| !blanks[..20].contains(c)));
}

#[test]
fn a_game_whose_givens_are_unknown_is_filled_and_says_so() {
    // Every digit on screen reads as a given (the split could not be told): the board's one
    // completion is filled, and the run tells why no entry was judged.
    let (p, s) = puzzle();
    let mut app = FakeApp::new(&p, &s, InputStyle::CellFirst);
    let blanks: Vec<_> = p.blanks().collect();
    for &c in &blanks[..10] {
        app.shown.set(c, s.get(c));
    }
    app.givens = app.shown.clone();
    app.givens_unknown = true;
    let mut report = Report::new(None, "cells", Default::default());
    let stop = AtomicBool::new(false);
    let mut run = Run {
        agent: &mut app,
        observer: &mut report,
        stop: &stop,
    };
    fill(&mut run, &quick()).unwrap();
    assert_eq!(app.shown, s);
    assert_eq!(report.givens_known, Some(false));
    assert!(
        report.notes.iter().any(|n| n.contains("could not be told")),
        "{:?}",
        report.notes
    );
}

#[test]
fn wrong_entries_stop_without_fix_and_are_corrected_with_it() {
    let (p, s) = puzzle();
    let cell = p.blanks().next().unwrap();
    let wrong = autosudoku_core::sudoku::Digit::new(s.get(cell).unwrap().get() % 9 + 1).unwrap();
    let mut app = FakeApp::new(&p, &s, InputStyle::CellFirst);
    app.shown.set(cell, Some(wrong));
    let err = play(&mut app, &quick()).unwrap_err();
    assert!(
        matches!(err, PlayError::WrongEntries(ref w) if w.len() == 1),
        "{err}"
    );
    assert!(err.to_string().contains("--fix"), "{err}");
    assert_eq!(app.actions_seen, 0);
    let opts = FillOptions {
        fix: true,
        ..quick()
    };
    assert_eq!(play(&mut app, &opts).unwrap(), Won::Dialog);
}

#[test]
fn a_dialog_is_dismissed_mid_game() {
    let (p, s) = puzzle();
    let mut app = FakeApp::new(&p, &s, InputStyle::DigitFirst);
    app.dialog_at_look = Some(1);
    app.drop_every = Some(7);
    assert_eq!(play(&mut app, &quick()).unwrap(), Won::Dialog);
}

#[test]
fn lost_connection_then_rerun_ends_solved() {
    let (p, s) = puzzle();
    let mut app = FakeApp::new(&p, &s, InputStyle::CellFirst);
    app.lose_after = Some(31);
    let err = play(&mut app, &quick()).unwrap_err();
    assert!(matches!(err, PlayError::DeviceLost(_)), "{err}");
    app.lose_after = None;
    assert_eq!(play(&mut app, &quick()).unwrap(), Won::Dialog);
    // Nothing was typed twice into a cell that already held its answer.
    let mut seen = std::collections::HashSet::new();
    for l in &app.log {
        if let crate::play::fake::Logged::Entered(c, _) = l {
            assert!(seen.insert(*c), "{c} typed twice");
        }
    }
}

#[test]
fn ctrl_c_stops_before_sending() {
    let (p, s) = puzzle();
    let mut app = FakeApp::new(&p, &s, InputStyle::CellFirst);
    let stop = AtomicBool::new(true);
    let mut run = Run {
        agent: &mut app,
        observer: &mut Quiet,
        stop: &stop,
    };
    assert!(matches!(
        fill(&mut run, &quick()),
        Err(PlayError::Interrupted)
    ));
    assert_eq!(app.actions_seen, 0);
}

#[test]
fn unsolvable_and_ambiguous_boards_are_refused() {
    let (p, s) = puzzle();
    let mut bad = p.clone();
    let cell = p.blanks().next().unwrap();
    // The digit of a given in the same row makes a duplicate.
    let dup = p.filled().find(|(c, _)| c.row() == cell.row()).unwrap().1;
    bad.set(cell, Some(dup));
    let mut app = FakeApp::new(&bad, &s, InputStyle::CellFirst);
    let err = play(&mut app, &quick()).unwrap_err();
    assert!(matches!(err, PlayError::Unsolvable { .. }), "{err}");

    let empty = Board::empty();
    let first = fast::solve(&empty).unwrap();
    let mut app = FakeApp::new(&empty, &first, InputStyle::CellFirst);
    let err = play(&mut app, &quick()).unwrap_err();
    assert!(err.to_string().contains("--first-solution"), "{err}");
    assert_eq!(app.actions_seen, 0);
    // What the message suggests wins the game.
    let suggested = FillOptions {
        first_solution: true,
        ..quick()
    };
    assert_eq!(play(&mut app, &suggested).unwrap(), Won::Dialog);
    assert_eq!(app.shown, first);
}

/// A phone whose screen always reads uncertain.
struct Blurry(usize);

impl Agent for Blurry {
    fn look(&mut self) -> Result<Screen, PlayError> {
        Ok(Screen::Uncertain {
            doubt: Doubt::Cells {
                cells: vec![Cell::new(0, 0).unwrap()],
            },
            artifact: None,
        })
    }
    fn send(&mut self, _: &[crate::play::moves::Action]) -> Result<(), PlayError> {
        self.0 += 1;
        Ok(())
    }
    fn dismiss(&mut self) -> Result<bool, PlayError> {
        Ok(false)
    }
}

#[test]
fn an_uncertain_read_refuses_to_tap() {
    let mut phone = Blurry(0);
    let stop = AtomicBool::new(false);
    let mut run = Run {
        agent: &mut phone,
        observer: &mut Quiet,
        stop: &stop,
    };
    let err = fill(&mut run, &quick()).unwrap_err();
    assert!(matches!(err, PlayError::Uncertain { .. }), "{err}");
    assert!(err.to_string().contains("r1c1"), "{err}");
    let stop = err.stop();
    assert_eq!(
        (stop.kind, stop.cells),
        ("uncertain", vec![Cell::new(0, 0).unwrap()])
    );
    assert_eq!(phone.0, 0);
}
