//! `autosudoku play` end to end, by seam: the real binary, a private real adb server, and the
//! virtual phone started in-process so the test can grade the game (board, phase, event log)
//! without going through ADB (`rig::game`). Every test uses `--latency none` and easy or medium
//! puzzles to stay quick. Put a new play test into the module of its seam.

#[macro_use]
mod rig;

#[path = "play/dumps.rs"]
mod dumps;
#[path = "play/faults.rs"]
mod faults;
#[path = "play/fill.rs"]
mod fill;
#[path = "play/input.rs"]
mod input;
#[path = "play/next_game.rs"]
mod next_game;
#[path = "play/one_agent.rs"]
mod one_agent;
#[path = "play/phones.rs"]
mod phones;
#[path = "play/profile.rs"]
mod profile;
#[path = "play/record.rs"]
mod record;
#[path = "play/replay.rs"]
mod replay;
#[path = "play/replay_gif.rs"]
mod replay_gif;
#[path = "play/screen.rs"]
mod screen;
#[path = "play/variants.rs"]
mod variants;
#[path = "play/wireless.rs"]
mod wireless;

use std::process::Output;

/// The JSON Lines `play --json` printed on stdout.
fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    let stdout = String::from_utf8_lossy(&out.stdout);
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {stdout:?}")))
        .collect()
}

/// The one object `play --json` prints (with `stop` and `error` when it did not win), checked
/// against `docs/json/play.schema.json` and the exit code.
/// A summary's phases do not overlap: with `other` they add up to the total (each is rounded to
/// the millisecond), and `other` is never what hides an excess.
fn phases_add_up(json: &serde_json::Value) {
    let Some(seconds) = json["seconds"].as_object() else {
        return;
    };
    let total = seconds["total"].as_f64().unwrap();
    let measured: f64 = ["capture", "read", "solve", "plan", "input"]
        .iter()
        .map(|k| seconds[*k].as_f64().unwrap())
        .sum();
    let other = seconds["other"].as_f64().unwrap();
    assert!(measured <= total + 0.006, "phases over the total: {json}");
    assert!((measured + other - total).abs() <= 0.006, "{json}");
}

fn stop_of(out: &Output) -> serde_json::Value {
    let lines = json_lines(out);
    assert_eq!(lines.len(), 1, "one object per play: {lines:?}");
    let json = lines.into_iter().next().unwrap_or_default();
    rig::schema::check("play", &json);
    phases_add_up(&json);
    let code = out.status.code().unwrap_or(-1);
    if code == 0 {
        assert!(
            json.get("error").is_none() && json["solved"] == true,
            "{json}"
        );
    } else {
        let (stop, error) = (&json["stop"], &json["error"]);
        assert_eq!(error["exit"], code, "{json}");
        assert_eq!(
            (&stop["exit"], &stop["message"]),
            (&error["exit"], &error["message"]),
            "{json}"
        );
        assert_eq!(
            stop.get("artifact"),
            error.get("artifact").filter(|a| !a.is_null()),
            "{json}"
        );
    }
    json
}
