//! `autosudoku solve` and `autosudoku generate` through the real binary: output, messages and exit
//! codes (0 all solved, 1 some puzzle failed, 2 usage).

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Write;

const LEETCODE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// `solve` with the article's naive backtracking (the strategy whose counts the tests know).
const SOLVE_NAIVE: [&str; 3] = ["solve", "--strategy", "naive"];

fn autosudoku() -> Command {
    let mut cmd = Command::cargo_bin("autosudoku").unwrap();
    cmd.env_remove("RUST_LOG");
    cmd
}

/// `autosudoku ARGS` with `input` on stdin, expecting exit `code`: its stdout.
fn run_with_stdin(args: &[&str], input: String, code: i32) -> String {
    let out = autosudoku()
        .args(args)
        .write_stdin(input)
        .assert()
        .code(code)
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

/// `autosudoku ARGS`, expecting exit `code` and, when it fails, nothing on stdout: its stderr.
fn stderr_of(args: &[&str], code: i32) -> String {
    let assert = autosudoku().args(args).assert().code(code);
    let out = assert.get_output();
    if code != 0 {
        assert!(
            out.stdout.is_empty(),
            "stdout of a failure: {:?}",
            out.stdout
        );
    }
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// `autosudoku ARGS`, expecting success and one JSON value on stdout.
fn json_of(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&run_with_stdin(args, String::new(), 0)).unwrap()
}

/// One JSON value a line.
fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn solves_one_puzzle_and_draws_the_grid() {
    autosudoku()
        .args(["solve", LEETCODE])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with(
            "5 3 4 | 6 7 8 | 9 1 2\n6 7 2 | 1 9 5 | 3 4 8\n",
        ));
}

#[test]
fn naive_reports_the_article_counts_and_steps_of_both() {
    let args = [
        &SOLVE_NAIVE[..],
        &["--steps", "--count-solutions", LEETCODE],
    ]
    .concat();
    let stderr = stderr_of(&args, 0);
    for line in [
        "solved by naive backtracking: 4208 placements, 4157 removals (8365 steps)",
        "mrv: 51 placements, 0 removals",
        "solutions: exactly 1",
    ] {
        assert!(stderr.contains(line), "{line:?} not in {stderr}");
    }
}

#[test]
fn json_output_for_one_puzzle() {
    let v = json_of(&[&SOLVE_NAIVE[..], &["--json", LEETCODE]].concat());
    assert_eq!(v["status"], "solved");
    assert_eq!(v["solution"], SOLUTION);
    assert_eq!(
        (v["placements"].as_u64(), v["removals"].as_u64()),
        (Some(4208), Some(4157))
    );
}

#[test]
fn bad_puzzles_exit_1_naming_what_is_wrong() {
    let cases = [
        // A letter in row 4.
        (
            31..32,
            "x",
            "error: character 'x' at row 4, column 5 is not a digit",
        ),
        // Row 3 with two 7s.
        (18..27, ".7.....7.", "row 3 has two 7s, at columns 2 and 8"),
    ];
    for (range, text, message) in cases {
        let mut line = LEETCODE.to_string();
        line.replace_range(range, text);
        let stderr = stderr_of(&["solve", &line], 1);
        assert!(stderr.contains(message), "{message:?} not in {stderr}");
    }
}

#[test]
fn gives_up_after_max_steps() {
    let args = [&SOLVE_NAIVE[..], &["--max-steps", "100", LEETCODE]].concat();
    let stderr = stderr_of(&args, 1);
    assert!(stderr.contains("gave up after 100 steps"), "{stderr}");
}

#[test]
fn file_with_a_bad_line_in_the_middle_solves_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("puzzles.txt");
    let unsolvable = format!("12345678.........9{}", ".".repeat(63));
    std::fs::write(
        &path,
        format!("{LEETCODE}\n{}\n{unsolvable}\n{LEETCODE}\n", &LEETCODE[1..]),
    )
    .unwrap();
    autosudoku()
        .args(["solve", "--file"])
        .arg(&path)
        .assert()
        .code(1)
        .stdout(format!(
            "{SOLUTION}\nerror: line 2 has 80 cells, expected 81\nerror: line 3: the puzzle has no solution\n{SOLUTION}\n"
        ))
        .stderr(predicate::str::contains("line 2 has 80 cells, expected 81"))
        .stderr(predicate::str::contains(
            "line 3: the puzzle has no solution",
        ))
        .stderr(predicate::str::contains(
            "4 puzzles: 2 solved, 1 unsolvable, 1 invalid, 0 gave up",
        ));
}

#[test]
fn file_from_stdin_with_json_lines() {
    let out = run_with_stdin(
        &["solve", "--file", "-", "--json"],
        format!("{LEETCODE}\n\n{LEETCODE}\n"),
        0,
    );
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["line"], 3);
    assert_eq!(lines[1]["solution"], SOLUTION);
}

#[test]
fn file_output_lines_up_with_input_through_csv_comments_and_blanks() {
    let conflicting = LEETCODE.replacen("53", "55", 1);
    let input = format!(
        "quizzes,solutions\n# from Kaggle\n{LEETCODE},{SOLUTION}\n\n{}\r\n{conflicting}",
        LEETCODE.replace('.', "0")
    );
    let text = run_with_stdin(&["solve", "--file", "-"], input.clone(), 1);
    let expected = format!(
        "quizzes,solutions\n# from Kaggle\n{SOLUTION}\n\n{SOLUTION}\nerror: line 6: invalid puzzle: row 1 has two 5s, at columns 1 and 2; box 1 has two 5s, at r1c1 and r1c2\n"
    );
    assert_eq!(text, expected);
    let objects = json_lines(&run_with_stdin(
        &["solve", "--file", "-", "--json"],
        input,
        1,
    ));
    let lines: Vec<_> = objects
        .iter()
        .map(|v| v["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [3, 5, 6]);
    assert_eq!(objects[0]["puzzle"], LEETCODE);
    assert_eq!(objects[1]["solution"], SOLUTION);
    assert_eq!(objects[2]["status"], "invalid");
}

/// Every 7th puzzle of a hard set with bad lines among them: two threads give the one thread's
/// output, line for line.
#[test]
fn jobs_keep_the_input_order() {
    let set = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles/top1465.txt"),
    )
    .unwrap();
    let mut input = String::new();
    for (i, line) in set.lines().step_by(7).enumerate() {
        input.push_str(if i % 50 == 49 { &line[1..] } else { line });
        input.push('\n');
    }
    let run = |jobs: &str| {
        let args = ["solve", "--file", "-", "--count-solutions", "--jobs", jobs];
        run_with_stdin(&args, input.clone(), 1)
    };
    let one = run("1");
    assert_eq!(one.lines().count(), input.lines().count());
    assert_eq!(one.matches("error: ").count(), 4);
    assert_eq!(one, run("2"));
}

/// `solve --file big | head -1`: the reader leaving is not an error (as ripgrep does it).
#[test]
fn stdout_closed_early_ends_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command as Std, Stdio};
    let mut child = Std::new(assert_cmd::cargo::cargo_bin("autosudoku"))
        .args(["solve", "--file", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // Several blocks of input: output is still being written when the reader goes.
        for _ in 0..40_000 {
            if writeln!(stdin, "{LEETCODE}").is_err() {
                break;
            }
        }
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first.trim_end(), SOLUTION);
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn one_puzzle_from_stdin_as_a_drawn_grid() {
    let grid = autosudoku()
        .args(["solve", LEETCODE, "--strategy", "mrv"])
        .output()
        .unwrap()
        .stdout;
    // The solved grid pasted back in is its own solution.
    autosudoku()
        .args(["solve", "-"])
        .write_stdin(grid.clone())
        .assert()
        .code(0)
        .stdout(String::from_utf8(grid).unwrap());
}

#[test]
fn trace_file_has_one_json_step_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("steps.jsonl");
    autosudoku()
        .args(SOLVE_NAIVE)
        .arg("--trace")
        .arg(&path)
        .arg(LEETCODE)
        .assert()
        .code(0);
    let text = std::fs::read_to_string(&path).unwrap();
    let steps = json_lines(&text);
    assert_eq!(steps.len(), 4208 + 4157);
    assert_eq!(
        steps[0],
        serde_json::json!({"op":"place","row":1,"col":3,"digit":1})
    );
    let removes = steps.iter().filter(|s| s["op"] == "remove").count();
    assert_eq!(removes, 4157);
}

#[test]
fn usage_errors_exit_2() {
    autosudoku().arg("solve").assert().code(2);
    autosudoku()
        .args(["solve", "--trace", "t.jsonl", LEETCODE])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--strategy naive or mrv"));
    autosudoku()
        .args(["solve", "--jobs", "2", LEETCODE])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("give --file FILE"));
    autosudoku()
        .args(["solve", "--file", "/nonexistent/puzzles.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot read /nonexistent/puzzles.txt",
        ));
    autosudoku()
        .args(["generate", "--difficulty", "extreme"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("use easy, medium, hard or expert"));
}

#[test]
fn generate_is_reproducible_and_its_puzzles_are_unique() {
    let run = || {
        autosudoku()
            .args([
                "generate",
                "--difficulty",
                "hard",
                "--seed",
                "7",
                "--count",
                "3",
            ])
            .assert()
            .code(0)
            .get_output()
            .stdout
            .clone()
    };
    let first = run();
    assert_eq!(first, run());
    assert_eq!(String::from_utf8_lossy(&first).lines().count(), 3);
    let out = autosudoku()
        .args(["solve", "--file", "-", "--count-solutions", "--json"])
        .write_stdin(first)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    for line in String::from_utf8(out).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["solutions"], "one", "{line}");
    }
}

#[test]
fn generate_json_has_the_solution() {
    let v = json_of(&["generate", "--difficulty", "easy", "--seed", "3", "--json"]);
    assert_eq!(v["difficulty"], "easy");
    assert_eq!(v["seed"], 3);
    let clues = v["clues"].as_u64().unwrap();
    assert!((36..=40).contains(&clues), "{clues}");
    assert_eq!(v["solution"].as_str().unwrap().len(), 81);
}

/// Runs the binary with its stdout a pipe whose reader is already gone (`| true`, `| head -c0`).
fn with_closed_stdout(args: &[&str]) -> std::process::Output {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("autosudoku"))
        .args(args)
        .env_remove("RUST_LOG")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        assert!(
            std::time::Instant::now() < deadline,
            "{args:?} hangs on a closed stdout"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn a_closed_stdout_ends_every_command_quietly_with_exit_0() {
    let templates = tempfile::tempdir().unwrap();
    let screen = "tests/fixtures/screens/phone-classic-native-half.png";
    let templates = templates.path().to_str().unwrap();
    for args in [
        &["solve", LEETCODE][..],
        &["--json", "solve", LEETCODE],
        &["generate", "--difficulty", "easy", "--count", "500"],
        &[
            "read",
            "--image",
            screen,
            "--json",
            "--templates",
            templates,
        ],
        &["read", "--image", screen, "--templates", templates],
    ] {
        let out = with_closed_stdout(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
            "{args:?}: {stderr}"
        );
    }
}

/// The binary is position-independent (ELF type `ET_DYN`), so the loader places its code at a random
/// address like every shared library's: it decodes third-party images, runs Tesseract and serves TCP
/// as the virtual phone, and distribution hardening checks reject a fixed-address executable.
#[cfg(target_os = "linux")]
#[test]
fn the_binary_is_position_independent() {
    let bytes = std::fs::read(env!("CARGO_BIN_EXE_autosudoku")).expect("the binary is readable");
    assert_eq!(&bytes[..4], b"\x7fELF", "not an ELF file");
    // e_type, at offset 16, in the file's byte order (byte 5: 1 little-endian, 2 big-endian).
    let e_type = match bytes[5] {
        1 => u16::from_le_bytes([bytes[16], bytes[17]]),
        _ => u16::from_be_bytes([bytes[16], bytes[17]]),
    };
    const ET_DYN: u16 = 3;
    assert_eq!(
        e_type, ET_DYN,
        "the binary is not position-independent (ELF type {e_type})"
    );
}

#[path = "cli_solve/variants.rs"]
mod variants;
