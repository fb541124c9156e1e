//! `autosudoku play` end to end: the real binary, a private real adb server, and the virtual phone
//! started in-process so the test can grade the game (board, phase, event log) without going
//! through ADB. Every test uses `--latency none` and easy or medium puzzles to stay quick.

mod common;

use autosudoku_core::solve::{self, Step, Strategy};
use autosudoku_phone::app::{AppArgs, Event, ExitWhen, Grader, Layout};
use autosudoku_phone::faults::FaultPlan;
use autosudoku_phone::launcher::app_icon;
use autosudoku_phone::PhoneHandle;
use clap::Parser;
use common::{run_with_timeout, AdbServer};
use std::ops::ControlFlow;
use std::process::Output;
use std::time::Duration;

#[derive(Parser)]
struct AppCli {
    #[command(flatten)]
    app: AppArgs,
}

/// A virtual phone running the app the flags describe, connected to a private adb server.
struct Rig {
    server: AdbServer,
    phone: PhoneHandle,
    grader: Grader,
    /// Where the app draws everything, for taps a test makes as the user.
    layout: Layout,
    /// The folder play runs in: nothing may be written here unless a test names a path in it.
    dir: tempfile::TempDir,
    /// AUTOSUDOKU_HOME: the user's profiles, learned glyphs and kept screenshots.
    home: tempfile::TempDir,
}

fn rig(app_flags: &[&str], faults: &str) -> Rig {
    let args = AppCli::try_parse_from(std::iter::once("app").chain(app_flags.iter().copied()))
        .expect("app flags")
        .app;
    let app = args.build().expect("build the app");
    let grader = app.grader();
    let layout = app.layout().clone();
    let plan: FaultPlan = faults.parse().expect("fault plan");
    let phone = common::start(common::phone(Box::new(app)).faults(plan, 7));
    let server = AdbServer::start();
    server.connect(&phone.serial());
    Rig {
        server,
        phone,
        grader,
        layout,
        dir: tempfile::tempdir().expect("temp dir"),
        home: tempfile::tempdir().expect("temp dir"),
    }
}

impl Rig {
    fn play(&self, args: &[&str]) -> Output {
        self.play_with("shell", args)
    }

    /// `play` with the input backend `input`.
    fn play_with(&self, input: &str, args: &[&str]) -> Output {
        let mut cmd = self.command();
        cmd.args(["play", "-s", &self.phone.serial(), "--input", input])
            .args(args);
        run_with_timeout(&mut cmd, Duration::from_secs(180))
    }

    /// `play --profile none`: the app is learned from its screen, not from a shipped profile.
    fn play_unprofiled(&self, args: &[&str]) -> Output {
        self.play_with("shell", &[&["--profile", "none"], args].concat())
    }

    /// The binary, run in `dir` with `home` as AUTOSUDOKU_HOME, on this rig's adb server.
    fn command(&self) -> std::process::Command {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_autosudoku"));
        cmd.current_dir(self.dir.path())
            .env("ANDROID_ADB_SERVER_PORT", self.server.port().to_string())
            .env("AUTOSUDOKU_HOME", self.home.path())
            .env_remove("ANDROID_SERIAL");
        cmd
    }

    /// Screenshots play kept in the user's screenshots folder, named `<what>-<time>.png`.
    fn kept(&self, what: &str) -> Vec<std::path::PathBuf> {
        std::fs::read_dir(self.home.path().join("screenshots"))
            .into_iter()
            .flatten()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with(&format!("{what}-")))
            })
            .collect()
    }

    /// What is in the folder play ran in.
    fn cwd_entries(&self) -> Vec<std::path::PathBuf> {
        std::fs::read_dir(self.dir.path())
            .expect("cwd")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect()
    }

    fn solved(&self) -> bool {
        self.grader.reached(ExitWhen::Solved)
    }

    /// Digits entered and erased, in order, as the solver's steps would produce them.
    fn entries(&self) -> Vec<Step> {
        self.grader
            .events()
            .into_iter()
            .filter_map(|l| match l.event {
                Event::DigitEntered { cell, digit, .. } => Some(Step::Place { cell, digit }),
                Event::Erased { cell } => Some(Step::Remove { cell }),
                _ => None,
            })
            .collect()
    }
}

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

fn text(out: &Output) -> String {
    format!(
        "exit {:?}\nstdout: {}\nstderr: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn fill_wins(skin: &str, style: &str, limit: Option<u64>) {
    fill_wins_on(
        &["--skin", skin, "--difficulty", "medium", "--seed", "3"],
        style,
        limit,
    );
}

/// With no profile, a fill on the app `phone` describes ends solved with no mistake, and the
/// summary says what was learned: the input style, and the mistake limit the screen shows.
fn fill_wins_on(phone: &[&str], style: &str, limit: Option<u64>) {
    let rig = rig(phone, "");
    let out = rig.play_unprofiled(&["--summary", "--json"]);
    assert!(out.status.success(), "{phone:?}: {}", text(&out));
    assert!(
        rig.solved(),
        "{phone:?}: the app never reached Solved\n{}",
        text(&out)
    );
    assert_eq!(rig.grader.mistakes(), 0, "{phone:?}");
    let summary = stop_of(&out);
    let learned = &summary["learned"];
    assert_eq!(learned["input"]["value"], style, "{phone:?}: {summary}");
    if let Some(limit) = limit {
        assert_eq!(
            learned["mistake_limit"]["value"], limit,
            "{phone:?}: {summary}"
        );
    }
    assert_eq!(
        rig.cwd_entries(),
        Vec::<std::path::PathBuf>::new(),
        "{phone:?}"
    );
}

#[test]
fn fill_wins_on_classic_with_no_profile() {
    fill_wins("classic", "cell-first", Some(3));
}

#[test]
fn fill_wins_on_night_with_no_profile() {
    fill_wins("night", "cell-first", None);
}

#[test]
fn fill_wins_on_compact_with_no_profile() {
    fill_wins("compact", "cell-first", None);
}

/// With the shipped profiles (and `extra` flags), a fill on `skin` ends solved with no mistake.
fn fill_wins_with_profile(skin: &str, extra: &[&str]) {
    let rig = rig(
        &["--skin", skin, "--difficulty", "medium", "--seed", "3"],
        "",
    );
    let out = rig.play(extra);
    assert!(out.status.success(), "{skin}: {}", text(&out));
    assert!(rig.solved(), "{skin}: {}", text(&out));
    assert_eq!(rig.grader.mistakes(), 0, "{skin}");
}

#[test]
fn fill_wins_on_paper_digit_first_from_its_profile() {
    fill_wins_with_profile("paper", &[]);
}

/// Installed use: the binary copied out of the checkout, run from an empty folder with an empty
/// HOME and no AUTOSUDOKU_HOME, plays a digit-first app with the profile and font built into it,
/// wins, and leaves the folder as it found it (what it learns goes to HOME's data folder).
#[test]
fn an_installed_binary_wins_from_an_empty_folder_and_writes_nothing_there() {
    let rig = rig(
        &["--skin", "paper", "--difficulty", "medium", "--seed", "3"],
        "",
    );
    let installed = tempfile::tempdir().expect("temp dir");
    let bin = installed.path().join("autosudoku");
    std::fs::copy(env!("CARGO_BIN_EXE_autosudoku"), &bin).expect("copy the binary");
    let home = tempfile::tempdir().expect("temp dir");
    let mut cmd = std::process::Command::new(&bin);
    cmd.current_dir(rig.dir.path())
        .env("HOME", home.path())
        .env("ANDROID_ADB_SERVER_PORT", rig.server.port().to_string())
        .env_remove("AUTOSUDOKU_HOME")
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("XDG_DATA_HOME")
        .env_remove("ANDROID_SERIAL")
        .args(["play", "-s", &rig.phone.serial(), "--input", "shell", "-v"]);
    let out = run_with_timeout(&mut cmd, Duration::from_secs(180));
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("profile paper"), "{}", text(&out));
    assert!(rig.solved(), "{}", text(&out));
    assert_eq!(rig.grader.mistakes(), 0);
    assert_eq!(rig.cwd_entries(), Vec::<std::path::PathBuf>::new());
}

#[test]
fn fill_wins_on_paper_with_no_profile_learning_digit_first() {
    fill_wins("paper", "digit-first", Some(5));
}

#[test]
fn fill_wins_on_tablet_with_no_profile() {
    fill_wins("tablet", "cell-first", Some(3));
}

#[test]
fn fill_wins_on_edge_borderless_digit_first_with_no_profile() {
    fill_wins("edge", "digit-first", Some(3));
}

#[test]
#[ignore = "the grid finder does not find box panels with gaps yet (issue 13 item 2)"]
fn fill_wins_on_blocks_panels_through_jpeg_with_no_profile() {
    fill_wins("blocks", "cell-first", Some(5));
}

#[test]
fn fill_wins_on_a_landscape_phone() {
    // Classic laid out sideways on a 2400x1080 phone: keypad beside the grid, a short screen
    // whose dialogs still read as text.
    let phone = ["--skin", "classic", "--size", "2400x1080"];
    fill_wins_on(
        &[&phone[..], &["--difficulty", "medium", "--seed", "3"]].concat(),
        "cell-first",
        None,
    );
}

#[test]
#[ignore = "regressed by the frameless grid finder (vision/lattice.rs, d9f49d9..cbc208a): a later read loses the given 5 at r5c9 on the 2400x1080 paper with an ad; see issue 13 note"]
fn fill_wins_on_a_landscape_paper_through_an_ad_and_greyed_keys() {
    // Paper sideways: no word on the ad closes it, its lone × does; used-up keys grey out, so
    // the last digits are tapped where their keys were seen.
    let phone = ["--skin", "paper", "--size", "2400x1080", "--popup", "ad"];
    fill_wins_on(
        &[&phone[..], &["--difficulty", "medium", "--seed", "7"]].concat(),
        "digit-first",
        None,
    );
}

#[test]
fn fill_wins_on_keys_with_no_profile() {
    fill_wins("keys", "keys", None);
}

/// The phone records itself: `play` runs its `screenrecord`, stops it with SIGINT, pulls the chunk,
/// deletes it on the phone and leaves one H.264 MP4 ffprobe reads at the screen's size.
#[test]
fn record_mp4_uses_the_phones_screenrecord() {
    let rig = rig(
        &["--skin", "classic", "--difficulty", "easy", "--seed", "5"],
        "",
    );
    let out = rig.play(&["-v", "--record", "demo.mp4"]);
    let log = text(&out);
    assert!(out.status.success(), "{log}");
    assert!(rig.solved(), "{log}");
    assert!(log.contains("with the phone's screenrecord"), "{log}");
    assert!(
        log.contains("with the phone's screenrecord: wrote"),
        "{log}"
    );
    assert!(!log.contains("cannot record itself"), "{log}");
    // The virtual phone writes PNG frames; the host transcodes them to H.264 for browsers.
    assert!(log.contains("transcoded from mp4v to H.264"), "{log}");
    let probe = common::ffprobe(&rig.dir.path().join("demo.mp4"));
    assert!(probe.contains("codec_name=h264"), "{probe}");
    let (width, height) = rig.phone.device().size();
    assert_eq!(common::probed(&probe, "width"), f64::from(width), "{probe}");
    assert_eq!(
        common::probed(&probe, "height"),
        f64::from(height),
        "{probe}"
    );
    assert!(
        common::probed(&probe, "nb_read_frames") >= 2.0,
        "{probe}\n{log}"
    );
    assert!(common::probed(&probe, "duration") > 0.0, "{probe}");
    let chunk = "/sdcard/autosudoku-rec-1.mp4";
    assert!(
        rig.phone.device().fs().stat(chunk).is_none(),
        "{chunk} left on the phone"
    );
    let videos: Vec<_> = std::fs::read_dir(rig.dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("demo"))
        .collect();
    assert_eq!(videos, ["demo.mp4"], "no chunk or concat list is left");
}

/// A GIF from the phone's own recording: `play` runs `screenrecord`, and ffmpeg decodes it at
/// `--fps` and `--width` into the GIF once the game is over; no video is left behind.
#[test]
fn record_gif_is_made_from_the_phones_screenrecord_at_fps_and_width() {
    let rig = rig(
        &["--skin", "classic", "--difficulty", "easy", "--seed", "5"],
        "",
    );
    let out = rig.play(&["-v", "--record", "demo.gif", "--fps", "8", "--width", "240"]);
    let log = text(&out);
    assert!(out.status.success(), "{log}");
    assert!(rig.solved(), "{log}");
    assert!(
        log.contains("from the phone's screenrecord at 8 fps, 240 px wide"),
        "{log}"
    );
    assert!(
        log.contains("GIF frames (") && log.contains("sampled at 8 fps"),
        "{log}"
    );
    let probe = common::ffprobe(&rig.dir.path().join("demo.gif"));
    assert!(probe.contains("codec_name=gif"), "{probe}");
    assert_eq!(common::probed(&probe, "width"), 240.0, "{probe}");
    assert_eq!(common::probed(&probe, "height"), 532.0, "{probe}");
    assert!(
        common::probed(&probe, "nb_read_frames") >= 3.0,
        "{probe}\n{log}"
    );
    let files: Vec<_> = std::fs::read_dir(rig.dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("demo"))
        .collect();
    assert_eq!(files, ["demo.gif"], "no recording is left beside the GIF");
}

/// A phone without `screenrecord` (as some ROMs), so `.mp4` falls back to host frames.
#[test]
fn record_mp4_falls_back_to_host_frames_without_screenrecord() {
    let rig = rig(
        &["--skin", "classic", "--difficulty", "easy", "--seed", "5"],
        "missing=screenrecord",
    );
    let out = rig.play(&["-v", "--record", "demo.mp4"]);
    let log = text(&out);
    assert!(out.status.success(), "{log}");
    assert!(rig.solved(), "{log}");
    assert!(
        log.contains("the phone cannot record itself (screenrecord: not found"),
        "{log}"
    );
    let video = rig.dir.path().join("demo.mp4");
    let ffmpeg = std::process::Command::new("ffmpeg")
        .arg("-version")
        .output()
        .is_ok();
    if ffmpeg {
        let probe = common::ffprobe(&video);
        assert!(probe.contains("codec_name=h264"), "{probe}");
        assert!(
            common::probed(&probe, "nb_read_frames") >= 1.0,
            "{probe}\n{log}"
        );
    } else {
        assert!(log.contains("cannot start ffmpeg"), "{log}");
    }
}

#[test]
fn replay_log_matches_the_solver_trace_step_for_step() {
    let rig = rig(
        &["--skin", "night", "--difficulty", "easy", "--seed", "5"],
        "",
    );
    let trace_file = rig.dir.path().join("steps.jsonl");
    let out = rig.play(&[
        "--mode",
        "replay",
        "--strategy",
        "mrv",
        "--trace",
        trace_file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(rig.solved());
    let mut expected = Vec::new();
    solve::trace(&rig.grader.givens(), Strategy::Mrv, None, |s| {
        expected.push(s);
        ControlFlow::Continue(())
    });
    assert_eq!(rig.entries(), expected);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("replay: {} steps", expected.len())),
        "{stderr}"
    );
    let lines = std::fs::read_to_string(&trace_file).unwrap();
    assert_eq!(lines.lines().count(), expected.len());
}

/// A naive replay (seed 2: 81 placements and 39 removals) on `skin` wins, and the app's log of
/// entries and erases is the solver's trace step for step. `phone` adds app flags, `play` adds
/// play flags (skins with a mistake limit are run with checking off).
fn replay_matches_the_trace(skin: &str, phone: &[&str], play: &[&str]) {
    let mut flags = vec!["--skin", skin, "--difficulty", "easy", "--seed", "2"];
    flags.extend_from_slice(phone);
    let rig = rig(&flags, "");
    let mut args = vec!["--mode", "replay", "--strategy", "naive"];
    args.extend_from_slice(play);
    let out = rig.play(&args);
    assert!(out.status.success(), "{skin}: {}", text(&out));
    assert!(rig.solved(), "{skin}");
    let mut expected = Vec::new();
    solve::trace(&rig.grader.givens(), Strategy::Naive, None, |s| {
        expected.push(s);
        ControlFlow::Continue(())
    });
    assert!(expected.iter().any(|s| matches!(s, Step::Remove { .. })));
    assert_eq!(rig.entries(), expected, "{skin}");
}

/// Turns the app's mistake checking off (a phone flag), and tells play so (its flag, which
/// overrides the profile's limit).
const UNCHECKED: [&str; 2] = ["--mistake-limit", "off"];

#[test]
fn replay_with_erases_matches_the_trace_on_night() {
    replay_matches_the_trace("night", &[], &[]);
}

#[test]
fn replay_with_erases_matches_the_trace_on_keys() {
    replay_matches_the_trace("keys", &[], &[]);
}

#[test]
fn replay_with_erases_matches_the_trace_on_classic() {
    replay_matches_the_trace("classic", &UNCHECKED, &UNCHECKED);
}

#[test]
fn replay_with_erases_matches_the_trace_on_compact() {
    replay_matches_the_trace("compact", &UNCHECKED, &UNCHECKED);
}

#[test]
fn replay_with_erases_matches_the_trace_on_tablet() {
    replay_matches_the_trace("tablet", &UNCHECKED, &UNCHECKED);
}

#[test]
fn replay_with_erases_matches_the_trace_digit_first_on_paper() {
    replay_matches_the_trace("paper", &UNCHECKED, &UNCHECKED);
}

#[test]
fn fill_wins_on_classic_with_hardware_keys() {
    fill_wins_with_profile("classic", &["--input-style", "keys"]);
}

#[test]
fn mistake_limit_refuses_replay_before_any_tap() {
    let rig = rig(
        &["--skin", "classic", "--difficulty", "medium", "--seed", "3"],
        "",
    );
    // The limit comes from the classic profile (config/classic.toml: mistake_limit = 3).
    let out = rig.play(&["--mode", "replay", "--strategy", "naive"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("--notes-trial"), "{}", text(&out));
    assert!(rig.entries().is_empty());
}

/// A fill on the app `app` describes (its skin and rules) under `faults`: verify-and-repair still
/// ends it solved.
fn lost_input_is_repaired(app: &[&str], faults: &str) -> Rig {
    let skin = app.join(" ");
    let rig = rig(
        &[app, &["--difficulty", "medium", "--seed", "4"]].concat(),
        faults,
    );
    let out = rig.play(&["--summary"]);
    assert!(out.status.success(), "{skin}: {}", text(&out));
    assert!(rig.solved(), "{skin}");
    assert!(
        text(&out).contains("repair round"),
        "{skin}: {}",
        text(&out)
    );
    rig
}

#[test]
fn dropped_taps_are_repaired_by_verify() {
    // Night checks no mistakes, so every dropped tap shows on the board, not in a counter.
    lost_input_is_repaired(&["--skin", "night"], "drop-taps=0.1");
}

#[test]
fn dropped_taps_cost_no_mistake_on_an_app_that_counts_them() {
    // Classic ends the game at 3 mistakes. A lost select tap would send the digit to the cell
    // still selected; filling digit by digit and parking on a given between digits makes that
    // harmless (the old row-by-row order made 2 mistakes here).
    let rig = lost_input_is_repaired(&["--skin", "classic"], "drop-taps=0.1");
    assert_eq!(rig.grader.mistakes(), 0);
}

#[test]
fn lost_key_presses_cost_no_mistake_on_the_keys_skin() {
    // The keys skin has no keypad: digits go in as key presses, one in five of them lost, beside
    // lost select taps. A lost digit key leaves its cell blank for the next round, never a digit
    // in another cell. The phone counts wrong digits (a limit no game reaches) to show any.
    let app = ["--skin", "keys", "--mistake-limit", "99"];
    let rig = lost_input_is_repaired(&app, "drop-taps=0.1,drop-keys=0.2");
    assert_eq!(rig.grader.mistakes(), 0);
}

#[test]
fn connection_lost_mid_game_then_play_again_ends_solved() {
    // The cut falls on different commands: reading the screen facts, a capture, a tap batch.
    for cut in [2, 5, 12] {
        let rig = rig(
            &["--skin", "classic", "--difficulty", "medium", "--seed", "6"],
            &format!("close-after={cut}"),
        );
        let first = rig.play(&[]);
        let second = if first.status.success() {
            first
        } else {
            assert_eq!(first.status.code(), Some(3), "cut {cut}: {}", text(&first));
            assert!(!rig.solved());
            rig.play(&[])
        };
        assert!(second.status.success(), "cut {cut}: {}", text(&second));
        assert!(rig.solved(), "cut {cut}");
        // Nothing typed twice into a cell: every entry was the answer and went in once.
        let placed: Vec<_> = rig.entries();
        let mut cells: Vec<_> = placed
            .iter()
            .map(|s| match s {
                Step::Place { cell, .. } | Step::Remove { cell } => *cell,
            })
            .collect();
        let n = cells.len();
        cells.sort();
        cells.dedup();
        assert_eq!(
            cells.len(),
            n,
            "cut {cut}: a cell was typed twice: {placed:?}"
        );
    }
}

/// A game on classic with `popup` coming up partway: play closes it and wins.
fn pop_up_is_dismissed(popup: &str) {
    let rig = rig(
        &[
            "--skin",
            "classic",
            "--difficulty",
            "medium",
            "--seed",
            "3",
            "--popup",
            popup,
        ],
        "",
    );
    let out = rig.play(&[]);
    assert!(out.status.success(), "{popup}: {}", text(&out));
    assert!(rig.solved(), "{popup}");
    let dismissed = rig
        .grader
        .events()
        .iter()
        .any(|l| matches!(l.event, Event::DialogDismissed { .. }));
    assert!(
        dismissed,
        "{popup}: the pop-up never came up or was never closed"
    );
}

#[test]
fn a_rate_us_pop_up_is_dismissed() {
    pop_up_is_dismissed("rate-us");
}

#[test]
fn an_ad_is_closed_by_its_small_x() {
    pop_up_is_dismissed("ad");
}

#[test]
fn a_continue_dialog_is_answered() {
    pop_up_is_dismissed("continue");
}

#[test]
fn ctrl_c_leaves_the_game_consistent_and_play_again_finishes_it() {
    let rig = rig(
        &["--skin", "night", "--difficulty", "medium", "--seed", "8"],
        "",
    );
    // A gap between taps makes the fill last a few seconds, so the interrupt lands mid-game.
    let mut cmd = rig.command();
    cmd.args([
        "play",
        "-s",
        &rig.phone.serial(),
        "--input",
        "shell",
        "--tap-gap",
        "40",
    ])
    .stdout(std::process::Stdio::null())
    .stderr(std::process::Stdio::piped());
    let child = cmd.spawn().expect("start play");
    // Wait for the first digit to land, then interrupt.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while rig.entries().is_empty() {
        assert!(
            std::time::Instant::now() < deadline,
            "no digit was ever entered"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill -INT");
    assert!(killed.success());
    let out = child.wait_with_output().expect("wait for play");
    assert_eq!(out.status.code(), Some(130), "{}", text(&out));
    assert!(
        !rig.solved(),
        "finished before the interrupt; make the game longer"
    );
    // Every digit on the board is right: nothing half-typed or wrong was left behind.
    let (board, solution) = (rig.grader.board(), rig.grader.solution());
    for (cell, digit) in board.filled() {
        assert_eq!(
            solution.get(cell),
            Some(digit),
            "{cell} holds a wrong digit"
        );
    }
    let again = rig.play(&[]);
    assert!(again.status.success(), "{}", text(&again));
    assert!(rig.solved());
}

#[test]
fn ctrl_c_in_a_replay_then_play_again_resumes_the_replay_and_ends_solved() {
    // Seed 2 has a naive trace with removals; a pause per step puts the interrupt
    // mid-search, with trial digits on the board that a fill would call wrong.
    let rig = rig(
        &["--skin", "night", "--difficulty", "easy", "--seed", "2"],
        "",
    );
    let replay = ["--mode", "replay", "--strategy", "naive"];
    let mut cmd = rig.command();
    cmd.args(["play", "-s", &rig.phone.serial(), "--input", "shell"])
        .args(replay)
        .args(["--delay", "150"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    let child = cmd.spawn().expect("start play");
    let deadline = std::time::Instant::now() + Duration::from_secs(90);
    while rig.entries().len() < 20 {
        assert!(
            std::time::Instant::now() < deadline,
            "the replay never got going"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill -INT");
    assert!(killed.success());
    let out = child.wait_with_output().expect("wait for play");
    assert_eq!(out.status.code(), Some(130), "{}", text(&out));
    assert!(text(&out).contains("a replay resumes"), "{}", text(&out));
    let stopped = rig.entries();
    assert!(!rig.solved(), "finished before the interrupt");
    let again = rig.play(&[&replay[..], &["--summary"]].concat());
    assert!(again.status.success(), "{}", text(&again));
    assert!(rig.solved());
    assert!(
        text(&again).contains("resuming the replay"),
        "{}",
        text(&again)
    );
    let mut expected = Vec::new();
    solve::trace(&rig.grader.givens(), Strategy::Naive, None, |s| {
        expected.push(s);
        ControlFlow::Continue(())
    });
    // The second run sent the rest of the trace, not all of it again.
    let resumed = &rig.entries()[stopped.len()..];
    assert!(resumed.len() < expected.len(), "the replay started over");
    assert_eq!(resumed, &expected[expected.len() - resumed.len()..]);
}

#[test]
fn calibrate_learns_digit_first_and_play_uses_the_profile() {
    let rig = rig(
        &["--skin", "paper", "--difficulty", "medium", "--seed", "3"],
        "",
    );
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

/// The user presses Home: the launcher comes to the front and the game waits behind it.
fn press_home(rig: &Rig) {
    let serial = rig.phone.serial();
    rig.server
        .ok(&["-s", &serial, "shell", "input", "keyevent", "KEYCODE_HOME"]);
}

/// The user taps the Sudoku icon on the home screen: the game comes back as it was.
fn reopen_app(rig: &Rig) {
    let (size, density) = rig.phone.with_screen(|s| (s.size(), s.density()));
    let (x, y) = app_icon(size, density).center().to_pixels();
    let serial = rig.phone.serial();
    let (x, y) = (x.to_string(), y.to_string());
    rig.server
        .ok(&["-s", &serial, "shell", "input", "tap", &x, &y]);
}

#[test]
fn the_home_screen_stops_play_before_any_tap() {
    let rig = rig(
        &["--skin", "classic", "--difficulty", "easy", "--seed", "2"],
        "",
    );
    press_home(&rig);
    let out = rig.play(&[]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("not on screen"), "{}", text(&out));
    assert!(
        rig.kept("play").len() == 1,
        "the screen play stopped on is saved"
    );
    assert!(rig.entries().is_empty(), "{:?}", rig.entries());
    reopen_app(&rig);
    let again = rig.play(&[]);
    assert!(again.status.success(), "{}", text(&again));
    assert!(rig.solved());
}

#[test]
fn leaving_the_app_mid_game_stops_play_and_play_again_finishes() {
    let rig = rig(
        &["--skin", "classic", "--difficulty", "medium", "--seed", "5"],
        "home-after=30",
    );
    let first = rig.play(&[]);
    assert_eq!(first.status.code(), Some(1), "{}", text(&first));
    assert!(text(&first).contains("not on screen"), "{}", text(&first));
    assert!(!rig.solved());
    assert_eq!(rig.grader.mistakes(), 0);
    reopen_app(&rig);
    let again = rig.play(&[]);
    assert!(again.status.success(), "{}", text(&again));
    assert!(rig.solved());
    assert_eq!(rig.grader.mistakes(), 0);
}

/// Taps `at` as the user would, through `adb shell input tap`.
fn user_tap(rig: &Rig, at: autosudoku_phone::app::Point) {
    let (x, y) = at.to_pixels();
    let (x, y) = (x.to_string(), y.to_string());
    rig.server
        .ok(&["-s", &rig.phone.serial(), "shell", "input", "tap", &x, &y]);
}

#[test]
fn a_half_played_game_with_a_wrong_entry_is_reported_then_fixed() {
    // Night checks no mistakes, so the user's wrong digit stays on the board like a right one.
    let rig = rig(
        &["--skin", "night", "--difficulty", "medium", "--seed", "8"],
        "",
    );
    let solution = rig.grader.solution();
    let blanks: Vec<_> = rig.grader.board().blanks().take(6).collect();
    let digit = |cell| solution.get(cell).expect("a solved cell");
    for &cell in &blanks[..5] {
        user_tap(&rig, rig.layout.cell_center(cell));
        user_tap(&rig, rig.layout.key_center(digit(cell)).expect("a key"));
    }
    let wrong_cell = blanks[5];
    let wrong = autosudoku_core::sudoku::Digit::all()
        .find(|&d| d != digit(wrong_cell))
        .expect("another digit");
    user_tap(&rig, rig.layout.cell_center(wrong_cell));
    user_tap(&rig, rig.layout.key_center(wrong).expect("a key"));
    let by_user = rig.entries().len();
    assert_eq!(by_user, 6, "the user's taps landed");

    let out = rig.play(&[]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains(&wrong_cell.to_string()),
        "{}",
        text(&out)
    );
    assert!(text(&out).contains("--fix"), "{}", text(&out));
    assert_eq!(
        rig.entries().len(),
        by_user,
        "nothing typed on a refused board"
    );

    let fixed = rig.play(&["--fix"]);
    assert!(fixed.status.success(), "{}", text(&fixed));
    assert!(rig.solved());
    // The user's right entries stand; only the wrong cell was erased and retyped.
    let after: Vec<Step> = rig.entries().split_off(by_user);
    for step in &after {
        let cell = match step {
            Step::Place { cell, .. } | Step::Remove { cell } => *cell,
        };
        assert!(
            !blanks[..5].contains(&cell),
            "{cell} was typed again: {after:?}"
        );
    }
    assert!(after.contains(&Step::Place {
        cell: wrong_cell,
        digit: digit(wrong_cell)
    }));
}

/// `--trace` on `skin` with `input`: every line parses, has its time, and names the device
/// commands that carried its move, as the backend sent them (each starts with one of `prefixes`,
/// the first one used at least once), sent and confirmed.
fn trace_names_the_device_commands(skin: &str, input: &str, backend: &str, prefixes: &[&str]) {
    let rig = rig(&["--skin", skin, "--difficulty", "easy", "--seed", "4"], "");
    let out = rig.play_with(input, &["--trace", "steps.jsonl"]);
    assert!(out.status.success(), "{skin} {input}: {}", text(&out));
    assert!(rig.solved(), "{skin} {input}");
    let trace = std::fs::read_to_string(rig.dir.path().join("steps.jsonl")).expect("trace");
    let blanks = rig.grader.givens().blanks().count();
    assert_eq!(trace.lines().count(), blanks, "{trace}");
    let mut round_trips = std::collections::BTreeSet::new();
    let mut first_prefix_seen = false;
    for line in trace.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect(line);
        assert!(v["t"].as_f64().is_some_and(|t| t >= 0.0), "{line}");
        let device = v["device"].as_array().expect(line);
        assert!(!device.is_empty(), "{line}");
        for d in device {
            assert_eq!(d["backend"], backend, "{line}");
            let command = d["command"].as_str().expect(line);
            assert!(
                prefixes.iter().any(|p| command.starts_with(p)),
                "{command} in {line}"
            );
            first_prefix_seen |= command.starts_with(prefixes[0]);
            let (sent, confirmed) = (d["sent"].as_f64(), d["confirmed"].as_f64());
            assert!(sent.is_some() && confirmed >= sent, "{line}");
            round_trips.insert(d["round_trip"].as_u64().expect(line));
        }
    }
    assert!(first_prefix_seen, "no {} command in {trace}", prefixes[0]);
    // Batched backends carry many moves per round trip (not on keys, where every move is a tap
    // on its cell, so a lost one cannot shift the moves after it, then a key).
    if input != "tap" && skin != "keys" {
        assert!(round_trips.len() < blanks, "{round_trips:?}");
    }
}

#[test]
fn trace_names_the_monkeys_tap_lines() {
    trace_names_the_device_commands("classic", "monkey", "monkey", &["tap "]);
}

#[test]
fn trace_names_the_shell_sessions_input_taps() {
    trace_names_the_device_commands("compact", "shell", "shell", &["input tap "]);
}

#[test]
fn trace_names_one_input_tap_process_per_tap() {
    trace_names_the_device_commands("classic", "tap", "tap", &["input tap "]);
}

#[test]
fn trace_names_the_sendevent_calls() {
    trace_names_the_device_commands(
        "classic",
        "sendevent",
        "sendevent",
        &["sendevent /dev/input/"],
    );
}

#[test]
fn trace_names_the_keyevent_batches() {
    // Every move taps its cell, then types its digit key.
    trace_names_the_device_commands("keys", "shell", "shell", &["input keyevent ", "input tap "]);
}

/// The profile follows the app in front (`dumpsys window`), even on a screen of another app's
/// profile: night at 1080x2400 is classic's size, and used to get classic's profile by size.
#[test]
fn the_profile_is_chosen_by_the_app_in_front_not_the_screen_size() {
    let rig = rig(
        &[
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
        ],
        "",
    );
    let out = rig.play(&["-v", "--summary", "--json"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(rig.solved());
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
    let rig = rig(
        &[
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
        ],
        "missing=dumpsys",
    );
    let out = rig.play(&["--summary"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(rig.solved());
    assert!(
        text(&out).contains("profile   night (the phone did not say which app is in front; the screen shows its title 'Night Sudoku')"),
        "{}",
        text(&out)
    );
}

/// On the home screen the phone says a launcher is in front: play stops, naming it.
#[test]
fn the_launcher_in_front_is_the_app_left() {
    let rig = rig(
        &["--skin", "night", "--difficulty", "easy", "--seed", "2"],
        "",
    );
    press_home(&rig);
    let out = rig.play(&["--summary", "--json"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let stop = &stop_of(&out)["stop"];
    assert_eq!(stop["kind"], "elsewhere", "{stop}");
    assert_eq!(stop["detail"]["kind"], "launcher", "{stop}");
    assert_eq!(stop["app"]["package"], "com.android.launcher3", "{stop}");
    assert!(
        text(&out).contains("the home screen is in front, com.android.launcher3/"),
        "{}",
        text(&out)
    );
    assert!(rig.entries().is_empty());
}

#[test]
fn notes_trial_replay_wins_a_mistake_limited_game_with_trial_digits_as_notes() {
    // Classic allows 3 mistakes (its profile says so); the notes button is found on screen, with no
    // button points in the profile. Medium seed 4 makes MRV guess wrong a few times in ~60 steps.
    let rig = rig(
        &["--skin", "classic", "--difficulty", "medium", "--seed", "4"],
        "",
    );
    let solution = rig.grader.solution();
    let mut wrong_trials = 0;
    solve::trace(&rig.grader.givens(), Strategy::Mrv, None, |s| {
        if let Step::Place { cell, digit } = s {
            wrong_trials += usize::from(solution.get(cell) != Some(digit));
        }
        ControlFlow::Continue(())
    });
    assert!(wrong_trials > 0, "the puzzle must make MRV guess wrong");
    let out = rig.play(&["--mode", "replay", "--strategy", "mrv", "--notes-trial"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(rig.solved(), "{}", text(&out));
    assert_eq!(rig.grader.mistakes(), 0, "{}", text(&out));
    let events = rig.grader.events();
    let notes_on = events
        .iter()
        .filter(|l| matches!(l.event, Event::NoteToggled { on: true, .. }))
        .count();
    assert_eq!(
        notes_on, wrong_trials,
        "every wrong trial went in as a note"
    );
    let wrong_entries = events
        .iter()
        .filter(|l| matches!(l.event, Event::DigitEntered { correct: false, .. }))
        .count();
    assert_eq!(wrong_entries, 0);
}

/// A phone without the Monkey: `auto` hears it exit at once and falls back to the next backend
/// (the overlapped start hides nothing it needs); the game is won.
#[test]
fn without_the_monkey_auto_falls_back_at_once() {
    let rig = rig(
        &["--skin", "classic", "--difficulty", "easy", "--seed", "2"],
        "missing=monkey",
    );
    let out = rig.play_with("auto", &["-v"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(rig.solved());
    assert!(
        text(&out)
            .contains("`monkey --port 1080` exited at once (/system/bin/sh: monkey: not found)"),
        "{}",
        text(&out)
    );
}

#[test]
fn an_uncertain_read_refuses_to_tap() {
    // A redraw glitch wipes the right half of the first given digit (a 1 at r1c1 in this puzzle):
    // the agent cannot be sure what it is, says where, keeps the annotated screenshot and taps
    // nothing.
    let rig = rig(
        &[
            "--skin",
            "classic",
            "--difficulty",
            "medium",
            "--seed",
            "3",
            "--bug",
            "smudged-given",
        ],
        "",
    );
    let out = rig.play(&["--json"]);
    assert_eq!(out.status.code(), Some(4), "{}", text(&out));
    let json = stop_of(&out);
    assert_eq!(json["solved"], false);
    let stop = &json["stop"];
    assert_eq!(stop["kind"], "uncertain", "{stop}");
    assert_eq!(stop["cells"], serde_json::json!(["r1c1"]), "{stop}");
    assert_eq!(stop["exit"], 4, "{stop}");
    let kept = rig.kept("play");
    assert_eq!(kept.len(), 1);
    assert_eq!(stop["artifact"], kept[0].to_str().unwrap(), "{stop}");
    let error = &json_lines(&out)[1]["error"];
    assert_eq!(error["kind"], "unreadable", "{error}");
    assert_eq!(error["artifact"], stop["artifact"], "{error}");
    assert!(rig.entries().is_empty(), "{:?}", rig.entries());
}
