//! `completions`, `man`, `doctor` and the exit codes `--help` lists, through the real binary.

use crate::rig::{self, run_with_timeout, AdbServer};
use serde_json::Value;
use std::process::{Command, Output};
use std::time::Duration;

const SUBCOMMANDS: [&str; 13] = [
    "solve",
    "generate",
    "phone",
    "devices",
    "screenshot",
    "play",
    "demo",
    "calibrate",
    "read",
    "regress",
    "doctor",
    "completions",
    "man",
];

fn autosudoku() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_autosudoku"));
    for var in [
        "RUST_LOG",
        "ADB",
        "ADB_SERVER_SOCKET",
        "ANDROID_ADB_SERVER_PORT",
    ] {
        cmd.env_remove(var);
    }
    cmd
}

fn run(cmd: &mut Command) -> (Output, String) {
    let out = run_with_timeout(cmd, Duration::from_secs(60));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    (out, text)
}

#[test]
fn completions_for_bash_zsh_and_fish_name_every_subcommand() {
    for shell in ["bash", "zsh", "fish"] {
        let (out, script) = run(autosudoku().args(["completions", shell]));
        assert!(out.status.success(), "{shell}: {out:?}");
        for sub in SUBCOMMANDS {
            assert!(script.contains(sub), "{shell} completion lacks {sub}");
        }
        // Flags of subcommands are completed too, not only their names.
        assert!(script.contains("--strategy"), "{shell}: no --strategy");
    }
    let (out, _) = run(autosudoku().args(["completions", "tcsh"]));
    assert_eq!(
        out.status.code(),
        Some(2),
        "an unknown shell is a usage error"
    );
}

#[test]
fn man_is_a_roff_page_listing_the_subcommands() {
    let (out, page) = run(autosudoku().arg("man"));
    assert!(out.status.success(), "{out:?}");
    assert!(
        page.starts_with(".ie") || page.starts_with(".TH"),
        "{}",
        &page[..80]
    );
    assert!(page.contains(".TH autosudoku 1"), "no title header");
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH SUBCOMMANDS"] {
        assert!(page.contains(section), "no {section}");
    }
    for sub in SUBCOMMANDS {
        assert!(
            page.contains(&format!("autosudoku\\-{sub}")),
            "man lacks {sub}"
        );
    }
}

#[test]
fn play_and_regress_help_list_their_exit_codes() {
    for sub in ["play", "regress"] {
        let (out, help) = run(autosudoku().args([sub, "--help"]));
        assert!(out.status.success());
        let codes = help
            .split("Exit codes:")
            .nth(1)
            .unwrap_or_else(|| panic!("{help}"));
        for code in ["0", "1", "2", "3", "130"] {
            assert!(
                codes.lines().any(|l| l.trim_start().starts_with(code)),
                "{sub} --help lacks exit code {code}:\n{codes}"
            );
        }
    }
}

/// Every check, by name, from `doctor --json`.
fn doctor_json(cmd: &mut Command) -> (Option<i32>, Vec<Value>) {
    let (out, text) = run(cmd.arg("--json"));
    let checks = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (out.status.code(), checks)
}

fn named<'a>(checks: &'a [Value], name: &str) -> &'a Value {
    checks
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no {name} check in {checks:?}"))
}

/// A PATH with neither adb nor ffmpeg: adb is essential (exit 1, FAIL and a fix), ffmpeg is not
/// (a warning with a fix); a stopped server on 127.0.0.1 is only a warning (play starts one).
#[test]
fn doctor_without_adb_fails_and_says_how_to_fix_each_part() {
    let empty = tempfile::tempdir().unwrap();
    let port = rig::free_port().to_string();
    let doctor = || {
        let mut cmd = autosudoku();
        cmd.env("PATH", empty.path())
            .env("ANDROID_USER_HOME", empty.path())
            .args(["doctor", "-P", &port]);
        cmd
    };
    let (out, text) = run(&mut doctor());
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("FAIL adb "), "{text}");
    assert!(text.contains("apt install adb"), "{text}");
    assert!(text.contains("warn ffmpeg"), "{text}");
    assert!(text.contains("warn adb server"), "{text}");
    assert!(text.contains("ok   tesseract"), "{text}");
    let (code, checks) = doctor_json(&mut doctor());
    assert_eq!(code, Some(1));
    let names: Vec<_> = checks.iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "adb",
            "adb server",
            "adb versions",
            "adb key",
            "tesseract",
            "ffmpeg"
        ]
    );
    for (name, essential) in [
        ("adb", true),
        ("adb server", false),
        ("adb key", false),
        ("ffmpeg", false),
    ] {
        let check = named(&checks, name);
        assert_eq!(check["ok"], false, "{check}");
        assert_eq!(check["essential"], essential, "{check}");
        assert!(
            check["fix"].as_str().is_some_and(|f| !f.is_empty()),
            "{check}"
        );
    }
    assert!(named(&checks, "ffmpeg")["fix"]
        .as_str()
        .unwrap()
        .contains("apt install ffmpeg"));
    let tesseract = named(&checks, "tesseract");
    assert_eq!(
        (&tesseract["ok"], &tesseract["fix"]),
        (&Value::Bool(true), &Value::Null)
    );
}

/// With adb, a running server, its key, Tesseract and ffmpeg (what scripts/setup installs) every
/// check passes and doctor exits 0.
#[test]
fn doctor_with_everything_in_place_exits_zero() {
    let server = AdbServer::start();
    let home = tempfile::tempdir().unwrap();
    std::fs::write(home.path().join("adbkey"), "not a real key").unwrap();
    let (code, checks) = doctor_json(autosudoku().env("ANDROID_USER_HOME", home.path()).args([
        "doctor",
        "-P",
        &server.port().to_string(),
    ]));
    for check in &checks {
        assert_eq!(check["ok"], true, "{check}");
    }
    assert!(named(&checks, "adb")["detail"]
        .as_str()
        .unwrap()
        .contains("Android Debug Bridge"));
    assert!(named(&checks, "adb server")["detail"]
        .as_str()
        .unwrap()
        .contains("protocol version"));
    assert_eq!(code, Some(0));
}

/// An `adb` on PATH of another version than the server running (as when an SDK's platform-tools
/// and the distribution's adb are both installed): doctor warns that they fight over the server
/// and says how to keep one; the warning alone does not fail it.
#[test]
fn doctor_names_two_adb_versions_fighting_over_the_server() {
    use std::os::unix::fs::PermissionsExt;
    let server = AdbServer::start();
    let bin = tempfile::tempdir().unwrap();
    let adb = bin.path().join("adb");
    let script =
        "#!/bin/sh\necho 'Android Debug Bridge version 1.0.39'\necho 'Version 0.0.1-4500957'\n";
    std::fs::write(&adb, script).unwrap();
    std::fs::set_permissions(&adb, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!(
        "{}:{}",
        bin.path().display(),
        std::env::var("PATH").unwrap()
    );
    let port = server.port().to_string();
    let (code, checks) = doctor_json(autosudoku().env("PATH", path).args(["doctor", "-P", &port]));
    let versions = named(&checks, "adb versions");
    assert_eq!(versions["ok"], false, "{versions}");
    let detail = versions["detail"].as_str().unwrap();
    assert!(
        detail.contains("version 39") && detail.contains("two adb installations"),
        "{detail}"
    );
    assert!(versions["fix"].as_str().unwrap().contains("which -a adb"));
    assert_eq!(code, Some(0), "{checks:?}");
}

/// `doctor -s` for a phone that is not there: the phone check fails with the device error, which
/// lists what is attached, and doctor exits 1.
#[test]
fn doctor_with_a_serial_that_is_not_attached_fails_the_phone_check() {
    let server = AdbServer::start();
    let port = server.port().to_string();
    let (out, text) = run(autosudoku().args(["doctor", "-P", &port, "-s", "no-such-phone"]));
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("FAIL phone"), "{text}");
    assert!(text.contains("no-such-phone"), "{text}");
}
