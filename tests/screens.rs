//! Real third-party screenshots (`../shared/screens`, labelled by hand): the real binary reads every
//! one, cold and again from the templates it learned, through `scripts/score-screens`. The test fails
//! on any certain read that differs from its label, on any negative (no board in play) read as a
//! certain board, and when fewer boards read exactly than the floor in
//! `tests/fixtures/screens-floor.txt` (raise it as reads improve; never lower it).

use std::path::Path;
use std::process::Command;

#[test]
fn real_app_screenshots_never_read_certain_but_wrong_and_stay_above_the_floor() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = root.join("../shared/screens");
    assert!(
        corpus.join("manifest.tsv").is_file(),
        "{} with its manifest.tsv is needed: the labelled corpus sits beside the repository",
        corpus.display()
    );
    let out = Command::new(root.join("scripts/score-screens"))
        .arg(&corpus)
        .args(["--bin", env!("CARGO_BIN_EXE_autosudoku")])
        .arg("--floor")
        .arg(root.join("tests/fixtures/screens-floor.txt"))
        .output()
        .expect("scripts/score-screens runs (python3 is needed)");
    let report = String::from_utf8_lossy(&out.stdout);
    let problems = String::from_utf8_lossy(&out.stderr);
    println!("{report}");
    assert!(out.status.success(), "{problems}\n{report}");
}
