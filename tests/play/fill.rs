//! Fill games: with no profile (the input style and mistake limit learned from the screen, per
//! skin), with the shipped profiles, on landscape phones, and as an installed binary.

use super::stop_of;
use crate::rig::game::rig;
use crate::rig::{run_with_timeout, text};
use std::time::Duration;

fn fill_wins(skin: &str, style: &str, limit: Option<u64>) {
    fill_wins_on(
        &["--skin", skin, "--difficulty", "medium", "--seed", "3"],
        style,
        limit,
    );
}

/// With no profile, a fill on the app `phone` describes ends solved with no mistake, and the
/// summary says what was learned: the input style, and the mistake limit the screen shows. The
/// digits were learned from the screen too, not matched against the shipped sets captured from
/// the phone's skins (with those, a shipped skin's digits read certain and nothing is learned).
fn fill_wins_on(phone: &[&str], style: &str, limit: Option<u64>) {
    let rig = rig(phone, "");
    let out = rig.play_unprofiled(&["--summary", "--json"]);
    assert!(out.status.success(), "{phone:?}: {}", text(&out));
    assert!(
        rig.solved(),
        "{phone:?}: the app never reached Solved\n{}",
        text(&out)
    );
    assert_eq!(rig.grader.mistakes(), 0, "{phone:?}");
    // A proper puzzle's givens hold at least eight of the nine digits.
    let digits = rig.learned_digits();
    assert!(digits.len() >= 8, "{phone:?}: learned only {digits:?}");
    let summary = stop_of(&out);
    let learned = &summary["learned"];
    assert_eq!(learned["input"]["value"], style, "{phone:?}: {summary}");
    if let Some(limit) = limit {
        assert_eq!(
            learned["mistake_limit"]["value"], limit,
            "{phone:?}: {summary}"
        );
    }
    assert_eq!(
        rig.cwd_entries(),
        Vec::<std::path::PathBuf>::new(),
        "{phone:?}"
    );
}

cases!(fill_wins {
    fill_wins_on_classic_with_no_profile: ("classic", "cell-first", Some(3));
    fill_wins_on_night_with_no_profile: ("night", "cell-first", None);
    fill_wins_on_compact_with_no_profile: ("compact", "cell-first", Some(5));
    fill_wins_on_paper_with_no_profile_learning_digit_first: ("paper", "digit-first", Some(5));
    fill_wins_on_tablet_with_no_profile: ("tablet", "cell-first", Some(3));
    fill_wins_on_edge_borderless_digit_first_with_no_profile: ("edge", "digit-first", Some(3));
    fill_wins_on_blocks_panels_through_jpeg_with_no_profile: ("blocks", "cell-first", Some(5));
    fill_wins_on_keys_with_no_profile: ("keys", "keys", None);
});

cases!(fill_wins_on {
    // Classic laid out sideways on a 2400x1080 phone: keypad beside the grid, a short screen
    // whose dialogs still read as text.
    fill_wins_on_a_landscape_phone: (
        &["--skin", "classic", "--size", "2400x1080", "--difficulty", "medium", "--seed", "3"],
        "cell-first",
        None,
    );
    // Paper sideways: no word on the ad closes it, its lone × does; used-up keys grey out, so
    // the last digits are tapped where their keys were seen.
    fill_wins_on_a_landscape_paper_through_an_ad_and_greyed_keys: (
        &["--skin", "paper", "--size", "2400x1080", "--popup", "ad", "--difficulty", "medium", "--seed", "7"],
        "digit-first",
        None,
    );
    // A generated app whose seed draws a window on a 1366x768 desktop, the board small inside
    // it: every tap lands in the window through the screen's coordinates.
    fill_wins_on_a_generated_app_in_a_desktop_window: (
        &["--skin", "random", "--seed", "1000011"],
        "cell-first",
        None,
    );
});

/// With the shipped profiles (and `extra` flags), a fill on `skin` ends solved with no mistake.
fn fill_wins_with_profile(skin: &str, extra: &[&str]) {
    let rig = rig(
        &["--skin", skin, "--difficulty", "medium", "--seed", "3"],
        "",
    );
    let out = rig.play(extra);
    assert!(out.status.success(), "{skin}: {}", text(&out));
    assert!(rig.solved(), "{skin}: {}", text(&out));
    assert_eq!(rig.grader.mistakes(), 0, "{skin}");
}

cases!(fill_wins_with_profile {
    fill_wins_on_paper_digit_first_from_its_profile: ("paper", &[]);
    fill_wins_on_classic_with_hardware_keys: ("classic", &["--input-style", "keys"]);
});

/// Installed use: the binary copied out of the checkout, run from an empty folder with an empty
/// HOME and no AUTOSUDOKU_HOME, plays a digit-first app with the profile and font built into it,
/// wins, and leaves the folder as it found it (what it learns goes to HOME's data folder).
#[test]
fn an_installed_binary_wins_from_an_empty_folder_and_writes_nothing_there() {
    let rig = rig(
        &["--skin", "paper", "--difficulty", "medium", "--seed", "3"],
        "",
    );
    let installed = tempfile::tempdir().expect("temp dir");
    let bin = installed.path().join("autosudoku");
    std::fs::copy(env!("CARGO_BIN_EXE_autosudoku"), &bin).expect("copy the binary");
    let home = tempfile::tempdir().expect("temp dir");
    let mut cmd = std::process::Command::new(&bin);
    cmd.current_dir(rig.dir.path())
        .env("HOME", home.path())
        .env("ANDROID_ADB_SERVER_PORT", rig.server.port().to_string())
        .env_remove("AUTOSUDOKU_HOME")
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("XDG_DATA_HOME")
        .env_remove("ANDROID_SERIAL")
        .args(["play", "-s", &rig.phone.serial(), "--input", "shell", "-v"]);
    let out = run_with_timeout(&mut cmd, Duration::from_secs(180));
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("profile paper"), "{}", text(&out));
    assert!(rig.solved(), "{}", text(&out));
    assert_eq!(rig.grader.mistakes(), 0);
    assert_eq!(rig.cwd_entries(), Vec::<std::path::PathBuf>::new());
}

#[test]
fn summary_shows_the_games_physical_limit_and_the_runs_ratio_to_it() {
    // The limit: the run's inputs at one per 60 Hz frame, plus a capture to read and one to
    // confirm at this run's mean capture time; the ratio is the run's total over it.
    let rig = rig(&["--skin", "classic", "--seed", "3"], "");
    let out = rig.play_wins(&["--summary", "--json"]);
    let summary = stop_of(&out);
    let limit = &summary["limit"];
    let inputs = summary["taps"].as_u64().unwrap() + summary["keys"].as_u64().unwrap();
    assert_eq!(limit["inputs"].as_u64(), Some(inputs), "{summary}");
    let capture = limit["capture_seconds"].as_f64().unwrap();
    assert!(capture > 0.0, "{summary}");
    let seconds = limit["seconds"].as_f64().unwrap();
    let expected = inputs as f64 / 60.0 + 2.0 * capture;
    assert!((seconds - expected).abs() < 0.01, "{summary}");
    let total = summary["seconds"]["total"].as_f64().unwrap();
    let ratio = limit["ratio"].as_f64().unwrap();
    assert!((ratio - total / seconds).abs() < 0.02, "{summary}");
    let plain = rig.play(&["--summary"]);
    assert!(
        String::from_utf8_lossy(&plain.stderr).contains("limit     "),
        "{}",
        text(&plain)
    );
}

#[test]
fn no_fault_fill_sees_every_digit_change_on_the_screen_stream_and_captures_only_to_read_and_confirm(
) {
    // Each digit change is confirmed by a frame of `screenrecord --output-format=frames`, not by
    // a screencap: one capture reads the game, one sees every digit but the last in place, one
    // confirms it solved.
    let rig = rig(
        &["--skin", "classic", "--difficulty", "hard", "--seed", "1"],
        "",
    );
    let out = rig.play_wins(&["--summary", "--json"]);
    let summary = stop_of(&out);
    // One more sees every digit but the last in place before the last goes alone; at most one
    // more: the first run's glance, when the stream was not up yet (a loaded machine).
    let captures = summary["captures"].as_u64().unwrap();
    assert!(captures <= 4, "{captures} captures: {summary}");
    // Every screencap the phone ran was one play waited for: none started and dropped.
    let screencaps = rig.services("exec:screencap").len() as u64;
    assert_eq!(screencaps, captures, "screencaps on the phone: {summary}");
    let digits = summary["frame_checks"].as_u64().unwrap();
    assert!(
        digits >= 8,
        "{digits} digit changes seen on the stream: {summary}"
    );
    assert_eq!(rig.grader.mistakes(), 0);
}

/// However the app ends the game (words play knows, words it does not, the board replaced, a
/// flash, nothing), it is a win, judged from the last digit alone changing the screen after every
/// other was seen in place, and play says which ending it saw.
fn a_win_is_known_when_the_app_ends_with(ending: &str, won_by: &str) {
    let rig = rig(&["--skin", "keys", "--seed", "3", "--ending", ending], "");
    let out = rig.play_wins(&["--json"]);
    let summary = stop_of(&out);
    assert_eq!(summary["won_by"], won_by, "{ending}: {summary}");
}

cases!(a_win_is_known_when_the_app_ends_with {
    a_win_is_known_by_a_dialog_in_words_play_knows: ("well-done", "dialog");
    a_win_is_known_by_a_dialog_in_words_play_does_not_know: ("foreign", "board-covered");
    a_win_is_known_when_a_stats_screen_replaces_the_board: ("stats", "board-gone");
    a_win_is_known_by_a_flash_over_the_complete_board: ("flash", "board-complete");
    a_win_is_known_when_the_app_shows_no_ending_at_all: ("none", "board-complete");
});
