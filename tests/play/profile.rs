//! Which profile play uses: chosen by the app in front (or by the title on screen when the phone
//! does not say), and the one `calibrate` writes.

use crate::rig::game::rig;
use crate::rig::{run_with_timeout, text};
use std::time::Duration;

/// The night skin on a screen of classic's size and density.
const NIGHT_AT_CLASSICS_SIZE: [&str; 10] = [
    "--skin",
    "night",
    "--size",
    "1080x2400",
    "--density",
    "420",
    "--difficulty",
    "easy",
    "--seed",
    "3",
];

/// The profile follows the app in front (`dumpsys window`), even on a screen of another app's
/// profile: night at 1080x2400 is classic's size, and used to get classic's profile by size.
#[test]
fn the_profile_is_chosen_by_the_app_in_front_not_the_screen_size() {
    let rig = rig(&NIGHT_AT_CLASSICS_SIZE, "");
    let out = rig.play_wins(&["-v", "--summary", "--json"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let summary: serde_json::Value =
        serde_json::from_str(stdout.lines().last().expect("summary")).expect("json");
    assert_eq!(summary["profile"]["name"], "night", "{summary}");
    let reason = summary["profile"]["reason"].as_str().unwrap_or_default();
    assert!(
        reason.contains("com.autosudoku.night/com.autosudoku.night.GameActivity"),
        "{reason}"
    );
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("profile night: the app in front is"),
        "{}",
        text(&out)
    );
}

/// A phone without `dumpsys` does not say which app is in front: the title on screen decides
/// (night at classic's screen size still gets night's profile), and the summary says so.
#[test]
fn without_dumpsys_the_title_on_screen_chooses_the_profile() {
    let rig = rig(&NIGHT_AT_CLASSICS_SIZE, "missing=dumpsys");
    let out = rig.play_wins(&["--summary"]);
    assert!(
        text(&out).contains("profile   night (the phone did not say which app is in front; the screen shows its title 'Night Sudoku')"),
        "{}",
        text(&out)
    );
}

#[test]
fn calibrate_learns_digit_first_and_play_uses_the_profile() {
    let rig = rig(
        &["--skin", "paper", "--difficulty", "medium", "--seed", "3"],
        "",
    );
    // The phone labels no button: its icons, in the user's template folder, find them.
    crate::rig::icons::put_virtual_phone_icons(&rig.home.path().join("templates"));
    let mut cmd = rig.command();
    cmd.args(["calibrate", "-s", &rig.phone.serial(), "--name", "mypaper"]);
    let out = run_with_timeout(&mut cmd, Duration::from_secs(120));
    assert!(out.status.success(), "{}", text(&out));
    let toml = std::fs::read_to_string(rig.home.path().join("profiles/mypaper.toml")).unwrap();
    assert!(toml.contains("input = [\"digit-first\"]"), "{toml}");
    // Paper's status line shows "Mistakes: 0/5".
    assert!(toml.contains("mistake_limit = 5"), "{toml}");
    assert!(
        toml.contains("package = \"com.autosudoku.paper\""),
        "{toml}"
    );
    // The toolbar found on screen, written as points for this screen size.
    for button in ["erase = [", "notes = [", "undo = ["] {
        assert!(toml.contains(button), "{toml}");
    }
    assert_eq!(rig.kept("calibrate").len(), 1);
    assert_eq!(rig.cwd_entries(), Vec::<std::path::PathBuf>::new());
    assert_eq!(rig.grader.mistakes(), 0);
    // Play with the written profile (not the shipped ones), found by the app in front.
    let mut cmd = rig.command();
    cmd.args(["play", "-s", &rig.phone.serial(), "-v"]);
    let out = run_with_timeout(&mut cmd, Duration::from_secs(120));
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("profile mypaper: the app in front is com.autosudoku.paper/"),
        "{}",
        text(&out)
    );
    assert!(rig.solved());
}
