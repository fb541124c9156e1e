//! Every ```console block of README.md, run and compared, so the README cannot go stale.
//!
//! A block is a list of `$ COMMAND` lines, each followed by what it prints (stdout and stderr in
//! one stream, as a terminal shows them). In the expected text `...` alone on a line stands for
//! any number of lines and `[..]` for any text within a line (trycmd's conventions), for timings
//! and rates; runs of spaces count as one, so a table may line up differently. Every command must
//! exit 0. Commands run through `sh` in an empty folder next to a link to `../shared`, with
//! `autosudoku` on PATH. A block that names the README's virtual phone, `127.0.0.1:6520`, runs
//! against a fresh `autosudoku phone` (on a free port, written in its place) connected to a private
//! adb server.

use crate::rig::{phone_command, run_with_timeout, AdbServer};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The address the README gives the virtual phone.
const README_PHONE: &str = "127.0.0.1:6520";

/// One `$ command` and what it prints.
#[derive(Debug)]
struct Example {
    command: String,
    expected: Vec<String>,
    /// README.md's line of the command, for the failure message.
    line: usize,
}

/// The console blocks of `markdown`, each as its examples.
fn console_blocks(markdown: &str) -> Vec<Vec<Example>> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<Example>> = None;
    for (n, line) in markdown.lines().enumerate() {
        match (&mut current, line.trim_end()) {
            (None, "```console") => current = Some(Vec::new()),
            (Some(_), "```") => blocks.extend(current.take()),
            (Some(block), text) => match text.strip_prefix("$ ") {
                Some(command) => block.push(Example {
                    command: command.to_owned(),
                    expected: Vec::new(),
                    line: n + 1,
                }),
                None => block
                    .last_mut()
                    .unwrap_or_else(|| panic!("README.md:{}: output before any `$ ` line", n + 1))
                    .expected
                    .push(text.to_owned()),
            },
            (None, _) => {}
        }
    }
    assert!(current.is_none(), "README.md ends inside a console block");
    blocks
}

fn squeeze(line: &str) -> String {
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `line` matches `pattern`, where `[..]` in the pattern matches any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let (pattern, line) = (squeeze(pattern), squeeze(line));
    let parts: Vec<&str> = pattern.split("[..]").collect();
    let (first, rest) = parts.split_first().expect("split gives one part at least");
    let Some(mut left) = line.strip_prefix(first) else {
        return false;
    };
    for (i, part) in rest.iter().enumerate() {
        if i + 1 == rest.len() {
            return left.ends_with(part);
        }
        match left.find(part) {
            Some(at) => left = &left[at + part.len()..],
            None => return false,
        }
    }
    left.is_empty()
}

/// Whether `lines` match `expected`, where a `...` line matches any number of lines.
fn lines_match(expected: &[String], lines: &[&str]) -> bool {
    match expected.split_first() {
        None => lines.is_empty(),
        Some((dots, rest)) if dots == "..." => {
            (0..=lines.len()).any(|skip| lines_match(rest, &lines[skip..]))
        }
        Some((pattern, rest)) => lines
            .split_first()
            .is_some_and(|(line, more)| line_matches(pattern, line) && lines_match(rest, more)),
    }
}

/// `autosudoku phone` on a free port, connected to `server`; stopped when dropped.
struct VirtualPhone {
    child: Child,
    serial: String,
}

impl VirtualPhone {
    fn start(server: &AdbServer) -> VirtualPhone {
        let mut child = phone_command(&["--json"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start autosudoku phone");
        let mut ready = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut ready)
            .expect("the phone prints its ready line");
        let ready: serde_json::Value = serde_json::from_str(&ready).expect("a JSON ready line");
        let serial = ready["ready"]["address"].as_str().unwrap().to_owned();
        server.connect(&serial);
        VirtualPhone { child, serial }
    }
}

impl Drop for VirtualPhone {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The folder the examples run in: an empty `checkout/` beside a link to the real `../shared`.
fn workplace() -> (tempfile::TempDir, PathBuf) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../shared");
    assert!(
        shared.join("puzzles").is_dir(),
        "the README's examples read {}: it must sit beside the checkout",
        shared.display()
    );
    let dir = tempfile::tempdir().unwrap();
    let cwd = dir.path().join("checkout");
    std::fs::create_dir(&cwd).unwrap();
    std::os::unix::fs::symlink(shared.canonicalize().unwrap(), dir.path().join("shared")).unwrap();
    (dir, cwd)
}

fn run_block(block: &[Example], cwd: &Path, failures: &mut Vec<String>) {
    let needs_phone = block.iter().any(|e| {
        e.command.contains(README_PHONE) || e.expected.iter().any(|l| l.contains(README_PHONE))
    });
    let server = needs_phone.then(AdbServer::start);
    let phone = server.as_ref().map(VirtualPhone::start);
    let serial = phone.as_ref().map_or(README_PHONE, |p| p.serial.as_str());
    let bin = Path::new(env!("CARGO_BIN_EXE_autosudoku"))
        .parent()
        .unwrap();
    let path = std::env::join_paths(std::iter::once(bin.to_owned()).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .unwrap();
    for example in block {
        let command = example.command.replace(README_PHONE, serial);
        let mut cmd = Command::new("sh");
        cmd.args(["-c", &format!("exec 2>&1; {command}")])
            .current_dir(cwd)
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .env_remove("RUST_LOG")
            .env_remove("ANDROID_SERIAL");
        if let Some(server) = &server {
            cmd.env("ANDROID_ADB_SERVER_PORT", server.port().to_string());
        }
        let out = run_with_timeout(&mut cmd, Duration::from_secs(60));
        let text = String::from_utf8_lossy(&out.stdout);
        let lines: Vec<&str> = text.lines().collect();
        let expected: Vec<String> = example
            .expected
            .iter()
            .map(|l| l.replace(README_PHONE, serial))
            .collect();
        if !out.status.success() || !lines_match(&expected, &lines) {
            failures.push(format!(
                "README.md:{}: `{}` ({})\n--- README says:\n{}\n--- it prints:\n{}",
                example.line,
                example.command,
                out.status,
                example.expected.join("\n"),
                text.trim_end()
            ));
        }
    }
}

#[test]
fn every_console_example_in_the_readme_prints_what_it_says() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let blocks = console_blocks(&readme);
    assert!(
        blocks.len() >= 3,
        "found only {} console blocks",
        blocks.len()
    );
    let (_dir, cwd) = workplace();
    let mut failures = Vec::new();
    for block in &blocks {
        run_block(block, &cwd, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_matcher_follows_trycmds_wildcards() {
    let exp = |s: &str| s.lines().map(str::to_owned).collect::<Vec<_>>();
    assert!(lines_match(&exp("a\n...\nz"), &["a", "b", "c", "z"]));
    assert!(lines_match(&exp("a\n...\nz"), &["a", "z"]));
    assert!(!lines_match(&exp("a\nz"), &["a", "b", "z"]));
    assert!(lines_match(
        &exp("in [..] ms ([..]/s)"),
        &["in 475 ms (12.5/s)"]
    ));
    assert!(!lines_match(&exp("in [..] ms"), &["in 475 s"]));
    assert!(lines_match(&exp("A  B   C"), &["A B C"]));
    assert!(!lines_match(&exp("x"), &[]));
    let blocks = console_blocks("text\n```console\n$ a\none\n$ b\n```\n```sh\n$ c\n```\n");
    assert_eq!(blocks.len(), 1);
    assert_eq!(
        (blocks[0][0].command.as_str(), blocks[0][0].expected.len()),
        ("a", 1)
    );
    assert_eq!((blocks[0][1].line, blocks[0][1].expected.len()), (5, 0));
}

/// The README's words for counts and defaults that no console block shows.
fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap()
}

/// The skins `phone --help` lists: the README counts them in words and has a row for each.
#[test]
fn the_readme_counts_the_skins_phone_offers_and_lists_each() {
    let out = Command::new(env!("CARGO_BIN_EXE_autosudoku"))
        .args(["phone", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    let values = help
        .split("--skin <SKIN>")
        .nth(1)
        .unwrap()
        .split("Possible values:")
        .nth(1)
        .unwrap();
    let skins: Vec<&str> = values
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("--"))
        .filter_map(|l| l.strip_prefix("- ")?.split(':').next())
        .collect();
    let words = [
        "",
        "One",
        "Two",
        "Three",
        "Four",
        "Five",
        "Six",
        "Seven",
        "Eight",
        "Nine",
        "Ten",
        "Eleven",
        "Twelve",
        "Thirteen",
        "Fourteen",
        "Fifteen",
        "Sixteen",
        "Seventeen",
    ];
    let readme = readme();
    assert!(
        readme.contains(&format!("{} skins", words[skins.len()])),
        "README does not say {} skins: {skins:?}",
        words[skins.len()]
    );
    for skin in &skins {
        assert!(
            readme.contains(&format!("| `{skin}` |")),
            "README has no row for {skin}"
        );
    }
}

/// The data folder's cap on kept screenshots, as the README and the man pages say it.
#[test]
fn the_readme_and_man_pages_say_the_screenshot_cap_the_code_keeps() {
    let cap = autosudoku_agent::home::KEPT_SCREENSHOTS;
    assert!(
        readme().contains(&format!("the last {cap}")),
        "README does not say the last {cap}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_autosudoku"))
        .args(["man", "read"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains(&format!("the last {cap}")));
}

/// The `code  meaning` rows of a `--help`'s `Exit codes:` table.
fn help_exit_rows(help: &str) -> Vec<(i32, String)> {
    help.rsplit("Exit codes:")
        .next()
        .unwrap_or_default()
        .lines()
        .filter_map(|l| {
            let (code, meaning) = l.trim().split_once(' ')?;
            Some((code.parse().ok()?, meaning.trim().to_owned()))
        })
        .collect()
}

/// README's `## Exit codes` table is the table `autosudoku --help` ends with, row for row.
#[test]
fn the_readme_exit_code_table_is_the_help_table() {
    let out = Command::new(env!("CARGO_BIN_EXE_autosudoku"))
        .arg("--help")
        .output()
        .unwrap();
    let help = help_exit_rows(&String::from_utf8_lossy(&out.stdout));
    let text = readme();
    let section = text
        .split("\n## Exit codes\n")
        .nth(1)
        .expect("## Exit codes");
    let readme: Vec<(i32, String)> = section
        .lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.trim().trim_matches('|').split('|').collect();
            match cells.as_slice() {
                [code, meaning] => Some((code.trim().parse().ok()?, meaning.trim().to_owned())),
                _ => None,
            }
        })
        .collect();
    assert_eq!(readme, help);
    let codes: Vec<i32> = help.iter().map(|r| r.0).collect();
    assert_eq!(codes, [0, 1, 2, 3, 4, 130]);
}

/// Every subcommand's `--help` and man page give each code the top table's meaning (then, after
/// a colon, what it means there), and the man page's EXIT STATUS holds the same rows as `--help`.
#[test]
fn every_help_and_man_page_gives_each_exit_code_the_one_meaning() {
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_autosudoku"))
            .args(args)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let top: std::collections::BTreeMap<i32, String> = help_exit_rows(&run(&["--help"]))
        .into_iter()
        .map(|(code, meaning)| (code, meaning.split(':').next().unwrap().to_owned()))
        .collect();
    for sub in autosudoku::cli::command().get_subcommands() {
        let name = sub.get_name();
        let rows = help_exit_rows(&run(&[name, "--help"]));
        assert!(!rows.is_empty(), "{name} --help lists no exit codes");
        let man = run(&["man", name]);
        let status = man
            .split(".SH \"EXIT STATUS\"\n")
            .nth(1)
            .unwrap_or_default();
        for (code, meaning) in &rows {
            let one = &top[code];
            assert!(
                meaning == one || meaning.starts_with(&format!("{one}: ")),
                "{name} --help: {code} {meaning:?} is not {one:?}"
            );
            // `--help` wraps long rows; the row's first line starts the man page's.
            let roff = meaning.replace('-', "\\-");
            assert!(
                status.contains(&format!(".TP\n{code}\n{roff}")),
                "man {name} lacks {code} {meaning:?}:\n{status}"
            );
        }
    }
}
