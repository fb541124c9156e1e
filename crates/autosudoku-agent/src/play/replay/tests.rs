//! Replay against the fake phone: the app's event log matches the solver's trace step for step,
//! limits are refused before the first tap, notes-trial keeps a mistake-counting app alive.

use super::*;
use crate::play::fake::{puzzle, FakeApp, Logged};
use crate::play::report::Report;
use crate::play::view::{Known, Quiet};
use autosudoku_core::solve::{self, Step};
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

fn opts(strategy: Strategy) -> ReplayOptions {
    ReplayOptions {
        strategy,
        max_steps: None,
        delay: Duration::ZERO,
        notes_trial: false,
        pace: Pace {
            per_action: Pace::FRAME,
            per_batch: Duration::from_millis(5),
        },
        steps_per_batch: 16,
        fill: FillOptions {
            settle: Duration::ZERO,
            ..FillOptions::default()
        },
    }
}

fn play(app: &mut FakeApp, o: &ReplayOptions) -> (Result<Won, PlayError>, Option<Estimate>) {
    let stop = AtomicBool::new(false);
    let mut run = Run {
        agent: app,
        observer: &mut Quiet,
        stop: &stop,
    };
    let mut seen = None;
    let r = replay(&mut run, o, &mut |e| seen = Some(*e));
    (r, seen)
}

fn expected_log(board: &Board, strategy: Strategy) -> Vec<Logged> {
    let mut log = Vec::new();
    solve::trace(board, strategy, None, |s| {
        log.push(match s {
            Step::Place { cell, digit } => Logged::Entered(cell, digit),
            Step::Remove { cell } => Logged::Erased(cell),
        });
        ControlFlow::Continue(())
    });
    log
}

#[test]
fn app_log_matches_the_trace_for_each_strategy_and_style() {
    for strategy in [Strategy::Mrv, Strategy::Naive] {
        for style in [
            InputStyle::CellFirst,
            InputStyle::Keys,
            InputStyle::DigitFirst,
        ] {
            let (p, s) = puzzle();
            let mut app = FakeApp::new(&p, &s, style);
            let o = ReplayOptions {
                max_steps: Some(100_000),
                ..opts(strategy)
            };
            let (won, est) = play(&mut app, &o);
            assert_eq!(won.unwrap(), Won::Dialog, "{strategy:?} {style}");
            assert_eq!(app.log, expected_log(&p, strategy), "{strategy:?} {style}");
            let est = est.unwrap();
            assert_eq!(est.steps as usize, app.log.len());
            assert!(est.actions >= est.steps);
        }
    }
}

#[test]
fn too_long_is_refused_before_any_tap() {
    let (p, s) = puzzle();
    let mut app = FakeApp::new(&p, &s, InputStyle::CellFirst);
    let o = ReplayOptions {
        max_steps: Some(100),
        ..opts(Strategy::Naive)
    };
    let err = play(&mut app, &o).0.unwrap_err();
    assert!(err.to_string().contains("--strategy mrv"), "{err}");
    assert!(err.to_string().contains("a higher --max-steps"), "{err}");
    assert_eq!(app.actions_seen, 0);
    // Each way on the message names wins the game.
    let mrv = ReplayOptions {
        strategy: Strategy::Mrv,
        ..o.clone()
    };
    // The advice never names the strategy already in use.
    let tight = ReplayOptions {
        max_steps: Some(5),
        ..mrv.clone()
    };
    let err = play(&mut app, &tight).0.unwrap_err().to_string();
    assert!(
        err.starts_with("the mrv replay") && !err.contains("--strategy mrv"),
        "{err}"
    );
    assert!(
        err.contains("an easier puzzle, or a higher --max-steps"),
        "{err}"
    );
    assert_eq!(play(&mut app, &mrv).0.unwrap(), Won::Dialog);
    let mut app = FakeApp::new(&p, &s, InputStyle::CellFirst);
    let higher = ReplayOptions {
        max_steps: Some(100_000),
        ..o
    };
    assert_eq!(play(&mut app, &higher).0.unwrap(), Won::Dialog);
}

#[test]
fn mistake_limit_refuses_unless_notes_trial() {
    let (p, s) = puzzle();
    let mut app = FakeApp::new(&p, &s, InputStyle::CellFirst);
    app.mistake_limit = Some(3);
    let base = opts(Strategy::Naive);
    let limited = ReplayOptions {
        fill: FillOptions {
            mistake_limit: Known::Stated(Some(3)),
            ..base.fill.clone()
        },
        ..base
    };
    let err = play(&mut app, &limited).0.unwrap_err();
    assert!(err.to_string().contains("--notes-trial"), "{err}");
    assert_eq!(app.actions_seen, 0);

    let notes = ReplayOptions {
        notes_trial: true,
        ..limited
    };
    assert_eq!(play(&mut app, &notes).0.unwrap(), Won::Dialog);
    assert_eq!(app.mistakes, 0);
    assert!(app.log.iter().any(|l| matches!(l, Logged::Noted(..))));
}

#[test]
fn with_no_profile_the_limit_on_screen_refuses_the_replay_after_a_safe_probe() {
    let (p, s) = puzzle();
    let mut app = FakeApp::new(&p, &s, InputStyle::DigitFirst);
    app.mistake_limit = Some(3);
    app.shows_mistakes = true;
    app.caps.styles = vec![InputStyle::CellFirst];
    app.caps.guessed = true;
    let err = play(&mut app, &opts(Strategy::Naive)).0.unwrap_err();
    assert!(
        matches!(err, PlayError::MistakeLimit { limit: 3, .. }),
        "{err}"
    );
    // The probe entered one right digit digit-first; nothing wrong was typed.
    assert_eq!(app.mistakes, 0);
    assert_eq!(app.caps.styles, vec![InputStyle::DigitFirst]);
    assert_eq!(app.log.len(), 1);
}

#[test]
fn dropped_taps_in_a_replay_are_repaired_at_the_end() {
    let (p, s) = puzzle();
    let mut app = FakeApp::new(&p, &s, InputStyle::CellFirst);
    app.drop_every = Some(10);
    assert_eq!(play(&mut app, &opts(Strategy::Mrv)).0.unwrap(), Won::Dialog);
    assert_eq!(app.shown, s);
}

#[test]
fn a_replay_stopped_midway_resumes_where_it_stopped() {
    // The phone is lost after n inputs (a Ctrl-C stops the same way, between batches); the next
    // replay finds the board on the trace and sends only the steps after it.
    let (p, s) = puzzle();
    let expected = expected_log(&p, Strategy::Naive);
    for cut in [7, 60, 200] {
        let mut app = FakeApp::new(&p, &s, InputStyle::CellFirst);
        app.lose_after = Some(cut);
        let first = play(&mut app, &opts(Strategy::Naive)).0.unwrap_err();
        assert!(matches!(first, PlayError::DeviceLost(_)), "{first}");
        let before = app.log.len();
        assert!(before > 0 && app.shown != s, "cut {cut}");
        app.lose_after = None;
        app.log.clear();
        let (won, est) = play(&mut app, &opts(Strategy::Naive));
        assert_eq!(won.unwrap(), Won::Dialog, "cut {cut}");
        let resumed = &app.log[..];
        assert!(resumed.len() < expected.len(), "cut {cut}: started over");
        assert_eq!(
            resumed,
            &expected[expected.len() - resumed.len()..],
            "cut {cut}"
        );
        assert_eq!(est.unwrap().steps as usize, resumed.len(), "cut {cut}");
    }
}

#[test]
fn wrong_digits_off_the_trace_stop_the_replay_unless_fix_erases_them() {
    let (p, s) = puzzle();
    let mut app = FakeApp::new(&p, &s, InputStyle::CellFirst);
    // A wrong digit in the last blank: the naive search fills cells in order, so no board of its
    // trace has the last blank filled alone.
    let last = p.blanks().last().unwrap();
    let wrong = autosudoku_core::sudoku::Digit::new(s.get(last).unwrap().get() % 9 + 1).unwrap();
    app.shown.set(last, Some(wrong));
    let err = play(&mut app, &opts(Strategy::Naive)).0.unwrap_err();
    assert!(matches!(err, PlayError::WrongEntries(_)), "{err}");
    assert!(err.to_string().contains("--fix"), "{err}");
    assert_eq!(app.actions_seen, 0);
    let fix = ReplayOptions {
        fill: FillOptions {
            fix: true,
            ..opts(Strategy::Naive).fill
        },
        ..opts(Strategy::Naive)
    };
    assert_eq!(play(&mut app, &fix).0.unwrap(), Won::Dialog);
    assert_eq!(app.log.first(), Some(&Logged::Erased(last)));
    assert_eq!(app.shown, s);
}

/// The lines a replay said on `app`'s board, and how it ended.
fn replay_notes(app: &mut FakeApp) -> (Result<Won, PlayError>, Vec<String>) {
    let mut report = Report::new(None, "steps", Default::default());
    let stop = AtomicBool::new(false);
    let mut run = Run {
        agent: app,
        observer: &mut report,
        stop: &stop,
    };
    let won = replay(&mut run, &opts(Strategy::Naive), &mut |_| {});
    (won, report.notes)
}

#[test]
fn a_replay_says_how_it_treats_the_entries_on_the_board() {
    let (p, s) = puzzle();
    // A right entry in the last blank: the naive search never shows it alone.
    let last = p.blanks().last().unwrap();
    let mut app = FakeApp::new(&p, &s, InputStyle::CellFirst);
    app.shown.set(last, s.get(last));
    let (won, notes) = replay_notes(&mut app);
    assert!(won.is_ok(), "{won:?}");
    assert!(
        notes
            .iter()
            .any(|n| n.contains("1 entries are not where the search from the givens")),
        "{notes:?}"
    );
    // The same board from an app whose givens cannot be told: every digit is the puzzle's.
    let mut app = FakeApp::new(&p, &s, InputStyle::CellFirst);
    app.shown.set(last, s.get(last));
    app.givens = app.shown.clone();
    app.givens_unknown = true;
    let (won, notes) = replay_notes(&mut app);
    assert!(won.is_ok(), "{won:?}");
    assert_eq!(app.shown, s);
    assert!(
        notes
            .iter()
            .any(|n| n.contains("replays from the whole board")),
        "{notes:?}"
    );
}

#[test]
fn a_replay_stopped_midway_is_filled_with_fix_when_asked() {
    // The other way the stop message names: `play --fix` erases the trial digits and fills.
    let (p, s) = puzzle();
    let mut app = FakeApp::new(&p, &s, InputStyle::CellFirst);
    app.lose_after = Some(200);
    assert!(play(&mut app, &opts(Strategy::Naive)).0.is_err());
    app.lose_after = None;
    let stop = AtomicBool::new(false);
    let mut run = Run {
        agent: &mut app,
        observer: &mut Quiet,
        stop: &stop,
    };
    let fix = FillOptions {
        fix: true,
        ..opts(Strategy::Naive).fill
    };
    let plain = FillOptions {
        fix: false,
        ..fix.clone()
    };
    let err = crate::play::driver::fill(&mut run, &plain).unwrap_err();
    assert!(err.to_string().contains("--fix"), "{err}");
    assert_eq!(
        crate::play::driver::fill(&mut run, &fix).unwrap(),
        Won::Dialog
    );
    assert_eq!(app.shown, s);
}

#[test]
fn a_replay_told_there_is_no_mistake_limit_stops_within_two_batches_of_the_game_over() {
    // The app ends the game at 3 mistakes, but the user said it counts none: the replay must see
    // the game over on screen instead of sending the rest of the trace to it.
    let (p, s) = puzzle();
    let mut app = FakeApp::new(&p, &s, InputStyle::CellFirst);
    app.mistake_limit = Some(3);
    let o = ReplayOptions {
        max_steps: Some(100_000),
        fill: FillOptions {
            mistake_limit: Known::Stated(None),
            ..opts(Strategy::Naive).fill
        },
        ..opts(Strategy::Naive)
    };
    let err = play(&mut app, &o).0.unwrap_err();
    assert!(matches!(err, PlayError::GameOver), "{err}");
    let over_at = expected_log(&p, Strategy::Naive)
        .iter()
        .scan(0, |wrong, l| {
            *wrong += usize::from(matches!(l, Logged::Entered(c, d) if s.get(*c) != Some(*d)));
            Some(*wrong)
        })
        .position(|wrong| wrong == 3)
        .unwrap();
    assert!(
        app.log.len() <= over_at + 1 + 2 * o.steps_per_batch,
        "game over at step {over_at}, {} steps sent",
        app.log.len()
    );
}

#[test]
fn a_notes_trial_replay_stopped_with_notes_on_resumes_with_0_mistakes() {
    // The phone is lost right after a trial note: the notes toggle stays on. The next replay reads
    // it from the screen; taken for off, its first toggle would enter the trials as values.
    let (p, s) = puzzle();
    let notes = ReplayOptions {
        notes_trial: true,
        fill: FillOptions {
            mistake_limit: Known::Stated(Some(3)),
            ..opts(Strategy::Naive).fill
        },
        ..opts(Strategy::Naive)
    };
    let stopped_in_notes = (1..400).find_map(|cut| {
        let mut app = FakeApp::new(&p, &s, InputStyle::CellFirst);
        app.mistake_limit = Some(3);
        app.lose_after = Some(cut);
        play(&mut app, &notes).0.unwrap_err();
        app.notes_mode.then_some(app)
    });
    let mut app = stopped_in_notes.expect("some cut leaves the notes toggle on");
    app.lose_after = None;
    assert_eq!(play(&mut app, &notes).0.unwrap(), Won::Dialog);
    assert_eq!(app.mistakes, 0);
}
