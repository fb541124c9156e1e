//! Generated apps (`autosudoku phone --skin random`): the real binary draws a still of each seed
//! of a small range with its labels and reads it cold, through `scripts/score-generated`. The test
//! fails on any certain read with a wrong digit, on more certain reads with wrong givens than the
//! range had when the floor was set, and when fewer proper puzzles are playable than the floor
//! (docs/notes/generated-apps.md has the figures; raise the floors as reads improve, never lower
//! them, and never pick seeds: the range is the first of the benchmark's).

use std::path::Path;
use std::process::Command;

/// The seeds read: the first of `scripts/score-generated`'s default range.
const FIRST_SEED: &str = "1000000";
const SEEDS: &str = "20";
/// Least share of the range's proper puzzles playable, in percent (measured: see the note).
const PLAYABLE_FLOOR: &str = "75";
/// Certain reads with wrong givens the range still has (measured: see the note).
const GWRONG_ALLOWED: &str = "1";

#[test]
fn generated_apps_never_read_certain_but_wrong_and_stay_playable_above_the_floor() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(root.join("scripts/score-generated"))
        .args([FIRST_SEED, SEEDS, "--bin", env!("CARGO_BIN_EXE_autosudoku")])
        .args(["--floor", PLAYABLE_FLOOR, "--allow-gwrong", GWRONG_ALLOWED])
        .output()
        .expect("scripts/score-generated runs (python3 is needed)");
    let report = String::from_utf8_lossy(&out.stdout);
    let problems = String::from_utf8_lossy(&out.stderr);
    println!("{report}");
    assert!(out.status.success(), "{problems}\n{report}");
}
