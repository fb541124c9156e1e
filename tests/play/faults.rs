//! Play under faults of the phone and the user: lost taps and key presses repaired by verify (and
//! costing no mistake), a connection cut mid-game (waited out, or else play again finishes it),
//! a cable offline for seconds (a pause in the same play), Ctrl-C mid-game or mid-replay (play
//! again finishes the game; a replay resumes where it stopped).

use super::replay::UNCHECKED;
use crate::rig::game::{rig, Rig};
use crate::rig::text;
use autosudoku_core::solve::{self, Step, Strategy};
use std::ops::ControlFlow;
use std::time::Duration;

/// A fill on the app `app` describes (its skin and rules) under `faults`: verify-and-repair still
/// ends it solved.
fn lost_input_is_repaired(app: &[&str], faults: &str) -> Rig {
    let skin = app.join(" ");
    let rig = rig(
        &[app, &["--difficulty", "medium", "--seed", "4"]].concat(),
        faults,
    );
    let out = rig.play(&["--summary"]);
    assert!(out.status.success(), "{skin}: {}", text(&out));
    assert!(rig.solved(), "{skin}");
    assert!(
        text(&out).contains("repair round"),
        "{skin}: {}",
        text(&out)
    );
    rig
}

#[test]
fn dropped_taps_are_repaired_by_verify() {
    // Night checks no mistakes, so every dropped tap shows on the board, not in a counter.
    lost_input_is_repaired(&["--skin", "night"], "drop-taps=0.1");
}

#[test]
fn dropped_taps_cost_no_mistake_on_an_app_that_counts_them() {
    // Classic ends the game at 3 mistakes. A lost select tap would send the digit to the cell
    // still selected; filling digit by digit and parking on a given between digits makes that
    // harmless (the old row-by-row order made 2 mistakes here).
    let rig = lost_input_is_repaired(&["--skin", "classic"], "drop-taps=0.1");
    assert_eq!(rig.grader.mistakes(), 0);
}

#[test]
fn lost_key_presses_cost_no_mistake_on_the_keys_skin() {
    // The keys skin has no keypad: digits go in as key presses, one in five of them lost, beside
    // lost select taps. A lost digit key leaves its cell blank for the next round, never a digit
    // in another cell. The phone counts wrong digits (a limit no game reaches) to show any.
    let app = ["--skin", "keys", "--mistake-limit", "99"];
    let rig = lost_input_is_repaired(&app, "drop-taps=0.1,drop-keys=0.2");
    assert_eq!(rig.grader.mistakes(), 0);
}

#[test]
fn an_app_that_debounces_taps_is_won_with_the_tap_gap_the_error_names() {
    // The app takes no tap that starts within 60 ms of the last one it took: back-to-back taps
    // lose one in two, the repairs' too, so play stops and says to raise --tap-gap. Run again
    // with a wider gap, as it says, and the game is won.
    let rig = rig(
        &["--skin", "night", "--difficulty", "easy", "--seed", "4"],
        "debounce=60",
    );
    rig.play_stops(&[], 1, "raise --tap-gap");
    rig.play_wins(&["--tap-gap", "80"]);
}

/// The connection is cut after `cut` commands: play stops with exit 3 (or wins, when the cut
/// came too late to matter), and play again ends solved with nothing typed twice into a cell.
fn connection_lost_then_play_again_ends_solved(cut: usize) {
    let rig = rig(
        &["--skin", "classic", "--difficulty", "medium", "--seed", "6"],
        &format!("close-after={cut}"),
    );
    let first = rig.play(&[]);
    let second = if first.status.success() {
        first
    } else {
        assert_eq!(first.status.code(), Some(3), "cut {cut}: {}", text(&first));
        assert!(!rig.solved());
        rig.play(&[])
    };
    assert!(second.status.success(), "cut {cut}: {}", text(&second));
    assert!(rig.solved(), "cut {cut}");
    // Nothing typed twice into a cell: every entry was the answer and went in once.
    let placed: Vec<_> = rig.entries();
    let mut cells: Vec<_> = placed
        .iter()
        .map(|s| match s {
            Step::Place { cell, .. } | Step::Remove { cell } => *cell,
        })
        .collect();
    let n = cells.len();
    cells.sort();
    cells.dedup();
    assert_eq!(
        cells.len(),
        n,
        "cut {cut}: a cell was typed twice: {placed:?}"
    );
}

// The cut falls on different commands: reading the screen facts, a capture, a tap batch.
cases!(connection_lost_then_play_again_ends_solved {
    connection_lost_after_2_commands_then_play_again_ends_solved: (2);
    connection_lost_after_5_commands_then_play_again_ends_solved: (5);
    connection_lost_after_12_commands_then_play_again_ends_solved: (12);
});

#[test]
fn a_cut_cable_offline_for_seconds_with_dropped_taps_is_won_in_one_play_with_no_wrong_digit() {
    // Every connection is cut mid-fill, after the 40th input, and the phone then answers no
    // handshake for 4 s: the adb server lists it offline meanwhile; the Monkey that was typing
    // still holds its port.
    let rig = rig(
        &["--skin", "classic", "--difficulty", "medium", "--seed", "6"],
        "drop-taps=0.1,cut-after-inputs=40,offline=4000",
    );
    let out = rig.play_with("auto", &["--summary", "-v"]);
    let log = text(&out);
    assert_eq!(rig.phone.device().faults().cuts(), 1, "{log}");
    assert!(out.status.success(), "{log}");
    assert!(rig.solved(), "{log}");
    assert!(log.contains("waiting up to 30 s"), "{log}");
    assert!(log.contains("the game goes on"), "{log}");
    // Depending on when the cut lands, the Monkey from before it is reused or one is started after.
    let after_cut = &log[log.find("the game goes on").unwrap_or(0)..];
    assert!(
        after_cut.contains("reusing the Monkey still listening")
            || after_cut.contains("input: monkey"),
        "{log}"
    );
    // The cut, and maybe once more for the Monkey's socket that died with it.
    assert!(
        log.contains(" 1 reconnect(s)") || log.contains(" 2 reconnect(s)"),
        "{log}"
    );
    assert_eq!(rig.grader.mistakes(), 0, "{log}");
    let solution = rig.grader.solution();
    for step in rig.entries() {
        if let Step::Place { cell, digit } = step {
            assert_eq!(
                solution.get(cell),
                Some(digit),
                "a wrong digit in {cell}\n{log}"
            );
        }
    }
}

/// Ctrl-C mid-fill on `skin` (`play` adds play flags, which pick the input style), then the same
/// `play` again: nothing half-typed or wrong was left, and the second run reads the modes it
/// relies on (the selection, the armed digit) from the screen and finishes the game.
fn ctrl_c_mid_fill_then_play_again_wins(skin: &str, play: &[&str]) {
    let rig = rig(
        &["--skin", skin, "--difficulty", "medium", "--seed", "8"],
        "",
    );
    // A gap between taps makes the fill last a few seconds, so the interrupt lands mid-game
    // (after the first digit).
    let gap = [&["--input", "shell", "--tap-gap", "40"][..], play].concat();
    let out = rig.play_interrupted(&gap, 1, Duration::from_secs(60));
    assert_eq!(out.status.code(), Some(130), "{}", text(&out));
    assert!(
        !rig.solved(),
        "finished before the interrupt; make the game longer"
    );
    let (board, solution) = (rig.grader.board(), rig.grader.solution());
    for (cell, digit) in board.filled() {
        assert_eq!(
            solution.get(cell),
            Some(digit),
            "{cell} holds a wrong digit"
        );
    }
    rig.play_wins(play);
    assert_eq!(rig.grader.mistakes(), 0);
}

/// Ctrl-C twice mid-fill: play ends at once with 130, and `--json` still prints its one object,
/// an `interrupted` error that says what was left undone.
#[test]
fn a_second_ctrl_c_exits_at_once_with_the_one_json_object() {
    let rig = rig(&["--skin", "night", "--seed", "8"], "");
    let gap = ["--input", "shell", "--tap-gap", "500", "--json"];
    let started = |r: &Rig| !r.entries().is_empty();
    let out = rig.play_signalled(&gap, started, Duration::from_secs(60), 2);
    assert_eq!(out.status.code(), Some(130), "{}", text(&out));
    let lines = crate::json_lines(&out);
    assert_eq!(lines.len(), 1, "{}", text(&out));
    let error = &lines[0]["error"];
    assert_eq!(
        (error["kind"].as_str(), error["exit"].as_i64()),
        (Some("interrupted"), Some(130))
    );
    assert!(
        error["message"].as_str().unwrap().contains("Ctrl-C"),
        "{error}"
    );
    assert!(!rig.solved(), "finished before the interrupt");
}

cases!(ctrl_c_mid_fill_then_play_again_wins {
    ctrl_c_leaves_the_game_consistent_and_play_again_finishes_it: ("night", &[]);
    ctrl_c_mid_digit_first_fill_then_play_again_wins: ("paper", &["--input-style", "digit-first"]);
    ctrl_c_mid_keys_fill_then_play_again_wins: ("keys", &[]);
});

/// Ctrl-C in a naive replay on `skin` (`phone` adds app flags, `play` play flags), then the same
/// replay again: it resumes where it stopped and ends solved. Seed 2 has a naive trace with
/// removals; a pause per step puts the interrupt mid-search, with trial digits on the board that a
/// fill would call wrong.
fn ctrl_c_in_a_replay_resumes(skin: &str, phone: &[&str], play: &[&str]) {
    let app = [
        &["--skin", skin, "--difficulty", "easy", "--seed", "2"][..],
        phone,
    ]
    .concat();
    let rig = rig(&app, "");
    let replay = [&["--mode", "replay", "--strategy", "naive"][..], play].concat();
    let paused = [&["--input", "shell", "--delay", "150"][..], &replay[..]].concat();
    let out = rig.play_interrupted(&paused, 20, Duration::from_secs(90));
    assert_eq!(out.status.code(), Some(130), "{}", text(&out));
    assert!(text(&out).contains("a replay resumes"), "{}", text(&out));
    let stopped = rig.entries();
    assert!(!rig.solved(), "finished before the interrupt");
    let again = rig.play_wins(&[&replay[..], &["--summary"]].concat());
    assert!(
        text(&again).contains("resuming the replay"),
        "{}",
        text(&again)
    );
    let mut expected = Vec::new();
    solve::trace(&rig.grader.givens(), Strategy::Naive, None, |s| {
        expected.push(s);
        ControlFlow::Continue(())
    });
    // The second run sent the rest of the trace, not all of it again.
    let resumed = &rig.entries()[stopped.len()..];
    assert!(resumed.len() < expected.len(), "the replay started over");
    assert_eq!(resumed, &expected[expected.len() - resumed.len()..]);
}

cases!(ctrl_c_in_a_replay_resumes {
    ctrl_c_in_a_replay_then_play_again_resumes_the_replay_and_ends_solved: ("night", &[], &[]);
    ctrl_c_in_a_digit_first_replay_resumes_the_replay_and_ends_solved: ("paper", &UNCHECKED, &UNCHECKED);
    ctrl_c_in_a_keys_replay_resumes_the_replay_and_ends_solved: ("keys", &[], &[]);
});

#[test]
fn interrupted_notes_trial_replay_resumes_and_wins_with_0_mistakes() {
    // Classic ends the game at 3 mistakes and medium seed 4 makes MRV guess wrong, so trial
    // digits go in as notes. Stopped with the notes toggle on, the next run must read the toggle
    // rather than take it for off: tapping it would turn it off and enter the trials as values.
    let rig = rig(
        &["--skin", "classic", "--difficulty", "medium", "--seed", "4"],
        "",
    );
    crate::rig::icons::put_virtual_phone_icons(&rig.home.path().join("templates"));
    let replay = ["--mode", "replay", "--strategy", "mrv", "--notes-trial"];
    let paused = [&["--input", "shell", "--delay", "150"][..], &replay[..]].concat();
    let within = Duration::from_secs(90);
    let out = rig.play_interrupted_when(&paused, |r| r.grader.notes_mode(), within);
    assert_eq!(out.status.code(), Some(130), "{}", text(&out));
    assert!(rig.grader.notes_mode(), "the replay stopped with notes off");
    let again = rig.play_wins(&replay);
    assert_eq!(rig.grader.mistakes(), 0, "{}", text(&again));
}
