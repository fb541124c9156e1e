//! `--json`: one object per result, success or failure, following `docs/json/`'s schemas, with
//! its `error` agreeing with the exit code; every example of `docs/json.md` follows its schema; no
//! flag combination of `solve` and `read` panics.

use crate::rig::{run_with_timeout, schema};
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// Givens that keep the rules but leave r1c9 without a candidate: every search ends at once.
const UNSOLVABLE: &str =
    "12345678.........9...............................................................";
const SEVERAL: &str =
    "1................................................................................";

fn autosudoku(home: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_autosudoku"));
    cmd.env_remove("RUST_LOG").env("AUTOSUDOKU_HOME", home);
    cmd
}

fn run(cmd: &mut Command) -> Output {
    run_with_timeout(cmd, Duration::from_secs(60))
}

/// The objects on stdout, one a line; panics on anything else there (or on a panic).
fn objects(out: &Output, what: &str) -> Vec<Value> {
    assert_ne!(out.status.code(), Some(101), "{what} panicked: {out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    stdout
        .lines()
        .map(|l| match serde_json::from_str::<Value>(l) {
            Ok(v) if v.is_object() => v,
            _ => panic!("{what}: not one JSON object a line: {stdout:?}"),
        })
        .collect()
}

/// Checks that the one object of a command follows `name` (or, without a result, the failure
/// object) and that its `error` agrees with the exit code and stderr.
fn one_result(out: &Output, name: &str, what: &str) -> Value {
    let objects = objects(out, what);
    assert_eq!(objects.len(), 1, "{what}: {objects:?}");
    let object = objects.into_iter().next().unwrap_or_default();
    let failure = object.as_object().is_some_and(|o| o.len() == 1) && object["error"].is_object();
    schema::check(if failure { "failure" } else { name }, &object);
    agrees(out, &object, what);
    object
}

fn agrees(out: &Output, object: &Value, what: &str) {
    let code = out.status.code().unwrap_or(-1);
    match object.get("error") {
        None => assert_eq!(code, 0, "{what}: exit {code} without an error: {object}"),
        Some(error) => {
            assert_eq!(error["exit"], code, "{what}: {object}");
            let message = error["message"].as_str().unwrap_or_default();
            let stderr = String::from_utf8_lossy(&out.stderr);
            // clap's own usage text is printed as it is, without the prefix.
            assert!(
                stderr.contains(message.trim_end()),
                "{what}: stderr does not say {message:?}: {stderr}"
            );
        }
    }
}

/// The `json NAME` blocks of `docs/json.md`: (schema name, example).
fn doc_examples() -> Vec<(String, String)> {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/json.md"))
        .expect("docs/json.md");
    let mut examples = Vec::new();
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        if let Some(name) = line.strip_prefix("```json ") {
            let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
            examples.push((name.to_owned(), body.join("\n")));
        }
    }
    examples
}

#[test]
fn every_docs_json_example_follows_its_schema() {
    let examples = doc_examples();
    let mut names: Vec<&str> = examples.iter().map(|(n, _)| n.as_str()).collect();
    names.dedup();
    for command in [
        "solve",
        "read",
        "play",
        "screenshot",
        "generate",
        "devices",
        "doctor",
    ] {
        assert!(
            names.contains(&command),
            "docs/json.md has no {command} example"
        );
    }
    for (name, text) in &examples {
        let value: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"));
        schema::check(name, &value);
    }
}

#[test]
fn solve_json_steps_with_max_steps_is_one_object_not_a_panic() {
    let home = tempfile::tempdir().unwrap();
    for strategy in [["naive", "100"], ["mrv", "10"]] {
        let out = run(autosudoku(home.path()).args([
            "solve",
            "--json",
            "--steps",
            "--strategy",
            strategy[0],
            "--max-steps",
            strategy[1],
            PUZZLE,
        ]));
        let what = format!("{strategy:?}");
        let object = one_result(&out, "solve", &what);
        assert_eq!(out.status.code(), Some(1), "{what}: {object}");
        assert_eq!(object["status"], "gave_up", "{what}: {object}");
        assert_eq!(object["gave_up_after"], strategy[1].parse::<u64>().unwrap());
        for traced in ["naive", "mrv"] {
            assert!(object["steps"][traced]["outcome"].is_string(), "{object}");
        }
    }
}

/// A puzzle with several solutions is not solved, whoever asks: text, JSON, `--file`'s line and
/// summary, and the exit code.
#[test]
fn count_solutions_with_several_solutions_is_one_answer_everywhere() {
    let home = tempfile::tempdir().unwrap();
    let text = run(autosudoku(home.path()).args(["solve", "--count-solutions", SEVERAL]));
    assert_eq!(text.status.code(), Some(1), "{text:?}");
    assert!(text.stdout.is_empty(), "no grid is drawn: {text:?}");
    let stderr = String::from_utf8_lossy(&text.stderr);
    assert!(
        stderr.contains("error: the puzzle has more than one solution"),
        "{stderr}"
    );
    let json = run(autosudoku(home.path()).args(["solve", "--json", "--count-solutions", SEVERAL]));
    let object = one_result(&json, "solve", "--json");
    assert_eq!(
        (&object["status"], &object["solutions"]),
        (&"ambiguous".into(), &"many".into())
    );
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), format!("{PUZZLE}\n{SEVERAL}\n")).unwrap();
    let args = ["solve", "--count-solutions", "--file"];
    let lines = run(autosudoku(home.path()).args(args).arg(file.path()));
    assert_eq!(lines.status.code(), Some(1), "{lines:?}");
    let stdout = String::from_utf8_lossy(&lines.stdout);
    assert_eq!(
        stdout.lines().nth(1),
        Some("error: line 2: the puzzle has more than one solution")
    );
    let stderr = String::from_utf8_lossy(&lines.stderr);
    assert!(
        stderr.contains("2 puzzles: 1 solved, 0 unsolvable, 0 invalid, 0 gave up, 1 with more than one solution"),
        "{stderr}"
    );
    let file_json = run(autosudoku(home.path())
        .args(args)
        .arg(file.path())
        .arg("--json"));
    let statuses: Vec<Value> = objects(&file_json, "--file --json")
        .iter()
        .map(|o| o["status"].clone())
        .collect();
    assert_eq!(statuses, ["solved", "ambiguous"]);
    assert_eq!(file_json.status.code(), Some(1));
}

/// One `solve` run of the walk: its flags, and whether it reads a file of every kind of puzzle.
fn solve_walk_case(flags: &[String], file: Option<&Path>, puzzle: &str, home: &Path) {
    let mut cmd = autosudoku(home);
    cmd.args(["solve", "--json"]).args(flags);
    match file {
        Some(path) => cmd.arg("--file").arg(path),
        None => cmd.arg(puzzle),
    };
    let what = format!(
        "solve {flags:?} {}",
        file.map_or(puzzle.to_owned(), |p| p.display().to_string())
    );
    let out = run(&mut cmd);
    let found = objects(&out, &what);
    let usage = out.status.code() == Some(2);
    if file.is_none() || usage {
        one_result(&out, "solve", &what);
        return;
    }
    assert_eq!(found.len(), 4, "{what}: {found:?}");
    for object in &found {
        schema::check("solve", object);
    }
    let failed = found.iter().any(|o| o.get("error").is_some());
    assert_eq!(
        out.status.code(),
        Some(i32::from(failed)),
        "{what}: {found:?}"
    );
}

/// Every combination of `solve`'s flags, on one puzzle of each kind and on a file of them.
#[test]
fn solve_flag_combinations_never_panic_and_print_one_object_a_result() {
    let home = tempfile::tempdir().unwrap();
    let trace = home.path().join("trace.jsonl");
    let file = home.path().join("puzzles.txt");
    std::fs::write(&file, format!("{PUZZLE}\n{UNSOLVABLE}\n{SEVERAL}\n11.\n")).unwrap();
    let puzzles = [PUZZLE, UNSOLVABLE, SEVERAL, "11", "[[\"5\"]]"];
    let mut runs = 0;
    for strategy in ["fast", "naive", "mrv"] {
        for bits in 0..16u32 {
            let mut flags = vec!["--strategy".to_owned(), strategy.to_owned()];
            let on = |k: u32| bits & (1 << k) != 0;
            if on(0) {
                flags.push("--steps".into());
            }
            if on(1) {
                flags.push("--count-solutions".into());
            }
            if on(2) {
                flags.extend(["--max-steps".into(), "40".into()]);
            }
            if on(3) {
                flags.extend(["--trace".into(), trace.display().to_string()]);
            }
            for puzzle in puzzles {
                solve_walk_case(&flags, None, puzzle, home.path());
                runs += 1;
            }
            solve_walk_case(&flags, Some(&file), "", home.path());
            let jobs = [&flags[..], &["--jobs".into(), "2".into()]].concat();
            solve_walk_case(&jobs, Some(&file), "", home.path());
            runs += 2;
        }
    }
    assert_eq!(runs, 3 * 16 * 7);
}

/// Every combination of `read`'s flags that matter without a phone, on a certain screen, a
/// refused one, a picture that is not a screenshot, a file that is not an image and no file.
#[test]
fn read_flag_combinations_never_panic_and_print_one_object() {
    let home = tempfile::tempdir().unwrap();
    let screens = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/screens");
    let not_image = home.path().join("notes.txt");
    std::fs::write(&not_image, "not a picture").unwrap();
    let blank = home.path().join("blank.png");
    image::RgbaImage::from_pixel(200, 300, image::Rgba([250, 250, 250, 255]))
        .save(&blank)
        .unwrap();
    let images = [
        screens.join("phone-classic-alt-fresh.png"),
        screens.join("phone-classic-alt-dialog.png"),
        blank,
        not_image,
        home.path().join("missing.png"),
    ];
    let annotate = [
        None,
        Some(home.path().join("a.png")),
        Some(home.path().join("no/such/dir/a.png")),
    ];
    for image in &images {
        for out_png in &annotate {
            for profile in [None, Some("classic"), Some("no-such-app")] {
                for no_learn in [false, true] {
                    let mut cmd = autosudoku(home.path());
                    cmd.args(["--json", "read", "--image"]).arg(image);
                    if let Some(p) = out_png {
                        cmd.arg("--annotate").arg(p);
                    }
                    if let Some(p) = profile {
                        cmd.args(["--profile", p]);
                    }
                    if no_learn {
                        cmd.arg("--no-learn");
                    }
                    let what = format!("{cmd:?}");
                    one_result(&run(&mut cmd), "read", &what);
                }
            }
        }
    }
}

#[test]
fn clean_empties_the_cache_of_kept_screenshots_in_one_object() {
    let home = tempfile::tempdir().unwrap();
    let shots = home.path().join("screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    for n in 0..3 {
        std::fs::write(shots.join(format!("read-{n}.png")), b"12345").unwrap();
    }
    let out = run(autosudoku(home.path()).args(["clean", "--json"]));
    let object = one_result(&out, "clean", "clean");
    assert_eq!(
        (&object["files"], &object["bytes"]),
        (&3.into(), &15.into()),
        "{object}"
    );
    assert_eq!(std::fs::read_dir(&shots).unwrap().count(), 0);
}

#[test]
fn a_board_of_another_side_is_one_read_object_with_its_layout() {
    let home = tempfile::tempdir().unwrap();
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/screens-variants/havipizza-2.png");
    if !file.is_file() {
        eprintln!("skipped: no {}", file.display());
        return;
    }
    let out = run(autosudoku(home.path())
        .args(["--json", "read", "--no-learn", "--image"])
        .arg(&file));
    let object = one_result(&out, "read", "read of a 6x6 board");
    assert_eq!(object["read"]["layout"]["size"], "6x6", "{object}");
    assert_eq!(object["read"]["layout"]["box"], "2x3", "{object}");
    assert_eq!(object["line"].as_str().map(str::len), Some(36), "{object}");
}
