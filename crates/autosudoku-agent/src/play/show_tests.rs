//! Replay against the fake phone: the app's event log matches the solver's trace step for step,
//! limits are refused before the first tap, notes-trial keeps a mistake-counting app alive.

use super::*;
use crate::play::driver::tests::puzzle;
use crate::play::fake::{FakeApp, Logged};
use crate::play::probe::Known;
use crate::play::view::Quiet;
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
    assert_eq!(app.actions_seen, 0);
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
