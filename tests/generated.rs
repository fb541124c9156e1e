//! Generated apps (`autosudoku phone --skin random`): the real binary draws a still of each seed
//! of a small range with its labels and reads it cold, through `scripts/score-generated`. The test
//! fails on any certain read with a wrong digit, on more certain reads with wrong givens than the
//! range had when the floor was set, and when fewer proper puzzles are playable than the floor
//! (docs/notes/generated-apps.md has the figures; raise the floors as reads improve, never lower
//! them, and never pick seeds: the range is the first of the benchmark's). And the words of a
//! generated app's solved card are read where regress must find its "New game" button.

use std::path::Path;
use std::process::Command;

/// The seeds read: the first of `scripts/score-generated`'s default range.
const FIRST_SEED: &str = "1000000";
const SEEDS: &str = "20";
/// Least share of the range's proper puzzles playable, in percent (measured: see the note).
const PLAYABLE_FLOOR: &str = "80";
/// Certain reads with wrong givens the range still has (measured: see the note).
const GWRONG_ALLOWED: &str = "0";

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

/// Regress could not start a second game on the generated app of seed 3 (a 2560x1440 desktop
/// window, JPEG q55, a serif font): its dialog words were read from the screen scaled to 1080 px
/// wide, where the card's "New game" read as nothing.
#[test]
fn the_new_game_button_of_a_generated_app_in_a_desktop_window_is_read_on_its_solved_card() {
    let dir = tempfile::tempdir().unwrap();
    let still = dir.path().join("solved.png");
    draw(3, &["--snapshot-moves", "81"], &still);
    let img = image::open(&still).expect("the still").to_rgba8();
    assert_eq!(
        img.dimensions(),
        (2560, 1440),
        "the seed draws a desktop window"
    );
    let words = autosudoku_agent::vision::screen::words::WordReader::new().words(&img);
    let texts: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
    assert!(
        autosudoku_agent::play::new_game::find(&words, "New game").is_some(),
        "read: {texts:?}"
    );
}

/// Seed 233 draws rounded tiles on a light screen, and the edges of the row of tiles under the
/// board fit the lines' lattice one cell low: the board's first row fell outside the grid and a
/// bare row inside it, and the givens clashed. The digits' own lattice puts the grid back.
#[test]
fn tiles_whose_lines_fit_one_cell_out_of_phase_are_put_back_on_the_digits_lattice() {
    let dir = tempfile::tempdir().unwrap();
    let still = dir.path().join("tiles.png");
    draw(233, &[], &still);
    let labels: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(still.with_extension("json")).unwrap())
            .unwrap();
    assert_eq!(labels["style"]["lines"], "tiles", "the seed draws tiles");
    let read = Command::new(env!("CARGO_BIN_EXE_autosudoku"))
        .env("AUTOSUDOKU_HOME", dir.path())
        .args([
            "--json",
            "-q",
            "read",
            "--no-shipped-templates",
            "--templates",
        ])
        .arg(dir.path())
        .arg("--image")
        .arg(&still)
        .output()
        .expect("autosudoku read runs");
    let json: serde_json::Value = serde_json::from_slice(&read.stdout).expect("one JSON object");
    assert_eq!(json["certain"], true, "{json}");
    assert_eq!(json["line"], labels["board"], "{json}");
}

/// The still of generated app `seed` (with `more` options) at `still`, and its labels beside it.
fn draw(seed: u32, more: &[&str], still: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_autosudoku"))
        .args([
            "-q",
            "phone",
            "--skin",
            "random",
            "--seed",
            &seed.to_string(),
        ])
        .args(more)
        .arg("--snapshot")
        .arg(still)
        .output()
        .expect("autosudoku phone --snapshot runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
