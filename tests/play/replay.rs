//! Replays of the solver's search on the phone: the app's log of entries and erases is the trace
//! step for step (per skin), trial digits go in as notes on an app that counts mistakes, and a
//! mistake limit refuses a naive replay before any tap.

use crate::rig::game::rig;
use crate::rig::text;
use autosudoku_core::solve::{self, Step, Strategy};
use autosudoku_phone::app::Event;
use std::ops::ControlFlow;

#[test]
fn replay_log_matches_the_solver_trace_step_for_step() {
    let rig = rig(
        &["--skin", "night", "--difficulty", "easy", "--seed", "5"],
        "",
    );
    let trace_file = rig.dir.path().join("steps.jsonl");
    let out = rig.play_wins(&[
        "--mode",
        "replay",
        "--strategy",
        "mrv",
        "--trace",
        trace_file.to_str().unwrap(),
    ]);
    let mut expected = Vec::new();
    solve::trace(&rig.grader.givens(), Strategy::Mrv, None, |s| {
        expected.push(s);
        ControlFlow::Continue(())
    });
    assert_eq!(rig.entries(), expected);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("replay: {} steps", expected.len())),
        "{stderr}"
    );
    let lines = std::fs::read_to_string(&trace_file).unwrap();
    assert_eq!(lines.lines().count(), expected.len());
}

/// A naive replay (seed 2: 81 placements and 39 removals) on `skin` wins, and the app's log of
/// entries and erases is the solver's trace step for step. `phone` adds app flags, `play` adds
/// play flags (skins with a mistake limit are run with checking off).
fn replay_matches_the_trace(skin: &str, phone: &[&str], play: &[&str]) {
    let mut flags = vec!["--skin", skin, "--difficulty", "easy", "--seed", "2"];
    flags.extend_from_slice(phone);
    let rig = rig(&flags, "");
    let mut args = vec!["--mode", "replay", "--strategy", "naive"];
    args.extend_from_slice(play);
    let out = rig.play(&args);
    assert!(out.status.success(), "{skin}: {}", text(&out));
    assert!(rig.solved(), "{skin}");
    let mut expected = Vec::new();
    solve::trace(&rig.grader.givens(), Strategy::Naive, None, |s| {
        expected.push(s);
        ControlFlow::Continue(())
    });
    assert!(expected.iter().any(|s| matches!(s, Step::Remove { .. })));
    assert_eq!(rig.entries(), expected, "{skin}");
}

/// Turns the app's mistake checking off (a phone flag), and tells play so (its flag, which
/// overrides the profile's limit).
pub(crate) const UNCHECKED: [&str; 2] = ["--mistake-limit", "off"];

cases!(replay_matches_the_trace {
    replay_with_erases_matches_the_trace_on_night: ("night", &[], &[]);
    replay_with_erases_matches_the_trace_on_keys: ("keys", &[], &[]);
    replay_with_erases_matches_the_trace_on_classic: ("classic", &UNCHECKED, &UNCHECKED);
    replay_with_erases_matches_the_trace_on_compact: ("compact", &UNCHECKED, &UNCHECKED);
    replay_with_erases_matches_the_trace_on_tablet: ("tablet", &UNCHECKED, &UNCHECKED);
    replay_with_erases_matches_the_trace_digit_first_on_paper: ("paper", &UNCHECKED, &UNCHECKED);
});

#[test]
fn notes_trial_replay_wins_a_mistake_limited_game_with_trial_digits_as_notes() {
    // Classic allows 3 mistakes (its profile says so); the notes button is found on screen, with no
    // button points in the profile. Medium seed 4 makes MRV guess wrong a few times in ~60 steps.
    let rig = rig(
        &["--skin", "classic", "--difficulty", "medium", "--seed", "4"],
        "",
    );
    // The phone labels no button: its icons, in the user's template folder, find the toggle.
    crate::rig::icons::put_virtual_phone_icons(&rig.home.path().join("templates"));
    let solution = rig.grader.solution();
    let mut wrong_trials = 0;
    solve::trace(&rig.grader.givens(), Strategy::Mrv, None, |s| {
        if let Step::Place { cell, digit } = s {
            wrong_trials += usize::from(solution.get(cell) != Some(digit));
        }
        ControlFlow::Continue(())
    });
    assert!(wrong_trials > 0, "the puzzle must make MRV guess wrong");
    let out = rig.play_wins(&["--mode", "replay", "--strategy", "mrv", "--notes-trial"]);
    assert_eq!(rig.grader.mistakes(), 0, "{}", text(&out));
    let events = rig.grader.events();
    let notes_on = events
        .iter()
        .filter(|l| matches!(l.event, Event::NoteToggled { on: true, .. }))
        .count();
    assert_eq!(
        notes_on, wrong_trials,
        "every wrong trial went in as a note"
    );
    let wrong_entries = events
        .iter()
        .filter(|l| matches!(l.event, Event::DigitEntered { correct: false, .. }))
        .count();
    assert_eq!(wrong_entries, 0);
}

#[test]
fn mistake_limit_refuses_replay_before_any_tap() {
    let rig = rig(
        &["--skin", "classic", "--difficulty", "medium", "--seed", "3"],
        "",
    );
    // The limit comes from the classic profile (config/classic.toml: mistake_limit = 3).
    rig.play_stops(
        &["--mode", "replay", "--strategy", "naive"],
        1,
        "--notes-trial",
    );
    assert!(rig.entries().is_empty());
}

#[test]
fn game_over_replay_stops_within_100_of_its_1086_steps() {
    // Classic ends the game at 3 mistakes; the user says it counts none, so the replay is not
    // refused. Medium seed 4's naive trace is 1086 steps, and its third wrong trial digit comes
    // within its first few dozen: the replay must see the game over on screen and stop there.
    let rig = rig(&["--difficulty", "medium", "--seed", "4"], "");
    let steps = rig.dir.path().join("steps.jsonl");
    let naive = ["--mode", "replay", "--strategy", "naive"];
    let args = [
        &naive[..],
        &UNCHECKED,
        &["--trace", steps.to_str().unwrap()],
    ]
    .concat();
    let out = rig.play_stops(&args, 1, "game over");
    assert!(text(&out).contains("replay: 1086 steps"), "{}", text(&out));
    let sent = std::fs::read_to_string(&steps).unwrap().lines().count();
    assert!(sent <= 100, "{sent} of 1086 steps sent\n{}", text(&out));
}
