//! `autosudoku play` end to end, by seam: the real binary, a private real adb server, and the
//! virtual phone started in-process so the test can grade the game (board, phase, event log)
//! without going through ADB (`rig::game`). Every test uses `--latency none` and easy or medium
//! puzzles to stay quick. Put a new play test into the module of its seam.

#[macro_use]
mod rig;

#[path = "play/faults.rs"]
mod faults;
#[path = "play/fill.rs"]
mod fill;
#[path = "play/input.rs"]
mod input;
#[path = "play/profile.rs"]
mod profile;
#[path = "play/record.rs"]
mod record;
#[path = "play/replay.rs"]
mod replay;
#[path = "play/screen.rs"]
mod screen;

use std::process::Output;

/// The JSON Lines `play --json` printed on stdout.
fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    let stdout = String::from_utf8_lossy(&out.stdout);
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {stdout:?}")))
        .collect()
}

/// The summary `play --json` prints first (with `stop` when it did not win); a failed play's last
/// line is the `{"error":…}` every command prints.
fn stop_of(out: &Output) -> serde_json::Value {
    let lines = json_lines(out);
    if !out.status.success() {
        let error = &lines.last().expect("an error line")["error"];
        assert_eq!(error["exit"], out.status.code().unwrap(), "{error}");
    }
    lines.into_iter().next().expect("a summary line")
}
