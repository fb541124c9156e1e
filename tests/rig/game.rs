//! A Sudoku game on a virtual phone, as play and regress see it: the app built from the phone's
//! own flags (`--skin classic --seed 3 …`), started in-process on a private adb server, and the
//! real binary run against it with its own folder and AUTOSUDOKU_HOME. The test grades the game
//! through the app's grader (board, phase, event log), not through ADB.

use super::{run_with_timeout, AdbServer};
use autosudoku_core::solve::Step;
use autosudoku_core::variant::solve::VariantStep;
use autosudoku_phone::app::{App, AppArgs, Event, ExitWhen, Grader, Layout};
use autosudoku_phone::faults::FaultPlan;
use autosudoku_phone::{Phone, PhoneHandle};
use clap::Parser;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

/// What play says on stderr when it takes a Ctrl-C.
const TOOK: &str = "interrupted (Ctrl-C)";

#[derive(Parser)]
struct AppCli {
    #[command(flatten)]
    app: AppArgs,
}

/// The app the phone's flags describe (`autosudoku phone`'s app flags).
pub fn app(flags: &[&str]) -> App {
    AppCli::try_parse_from(std::iter::once("app").chain(flags.iter().copied()))
        .expect("app flags")
        .app
        .build()
        .expect("build the app")
}

/// A virtual phone running `app` under the fault plan `faults`, connected to `server`.
pub fn start_app(server: &AdbServer, app: App, faults: &str) -> PhoneHandle {
    let phone = start_traced(app, faults, None, |p| p);
    server.connect(&phone.serial());
    phone
}

/// `start_app`, with the phone's trace of every service and command written to `trace`, and the
/// phone's kind set by `kind` (Android version, vendor, properties).
fn start_traced(
    app: App,
    faults: &str,
    trace: Option<PathBuf>,
    kind: impl FnOnce(Phone) -> Phone,
) -> PhoneHandle {
    let plan: FaultPlan = faults.parse().expect("fault plan");
    let mut phone = kind(super::phone(Box::new(app)).faults(plan, 7));
    if let Some(path) = trace {
        phone = phone.trace(path);
    }
    super::start(phone)
}

/// The binary on `server`'s port, with `home` as AUTOSUDOKU_HOME and no ANDROID_SERIAL.
pub fn autosudoku(server: &AdbServer, home: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_autosudoku"));
    cmd.env("ANDROID_ADB_SERVER_PORT", server.port().to_string())
        .env("AUTOSUDOKU_HOME", home)
        .env_remove("ANDROID_SERIAL");
    cmd
}

/// A virtual phone running the app the flags describe, connected to a private adb server.
pub struct Rig {
    pub server: AdbServer,
    pub phone: PhoneHandle,
    pub grader: Grader,
    /// Where the app draws everything, for taps a test makes as the user.
    pub layout: Layout,
    /// The folder play runs in: nothing may be written here unless a test names a path in it.
    pub dir: tempfile::TempDir,
    /// AUTOSUDOKU_HOME: the user's profiles, learned glyphs and kept screenshots.
    pub home: tempfile::TempDir,
    /// The phone's trace (`Rig::services`), outside the folder play runs in.
    logs: tempfile::TempDir,
}

/// The rig for the app `app_flags` describe, its phone under the fault plan `faults`.
pub fn rig(app_flags: &[&str], faults: &str) -> Rig {
    rig_on(app_flags, faults, |p| p)
}

/// `rig` on a phone of the kind `kind` makes of the default one (`|p| p.android(V9)`).
pub fn rig_on(app_flags: &[&str], faults: &str, kind: impl FnOnce(Phone) -> Phone) -> Rig {
    let rig = rig_unplugged(app_flags, faults, &[], kind);
    rig.server.connect(&rig.phone.serial());
    rig
}

/// `rig_on` through a server started with `env` (`ADB_VENDOR_KEYS` for a phone with `--auth`)
/// that has not connected the phone: the test plugs it in its own way.
pub fn rig_unplugged(
    app_flags: &[&str],
    faults: &str,
    env: &[(&str, &str)],
    kind: impl FnOnce(Phone) -> Phone,
) -> Rig {
    let app = app(app_flags);
    let grader = app.grader();
    let layout = app.layout().clone();
    let server = AdbServer::start_with_env(env);
    let logs = tempfile::tempdir().expect("temp dir");
    let trace = logs.path().join("phone-trace.jsonl");
    let phone = start_traced(app, faults, Some(trace), kind);
    Rig {
        server,
        phone,
        grader,
        layout,
        dir: tempfile::tempdir().expect("temp dir"),
        home: tempfile::tempdir().expect("temp dir"),
        logs,
    }
}

impl Rig {
    /// The services the phone opened so far whose name starts with `prefix`
    /// (`"exec:screencap"`), from its trace.
    pub fn services(&self, prefix: &str) -> Vec<String> {
        self.traced("open", prefix)
    }

    /// The shell commands the phone ran so far (a session's lines one by one) that start with
    /// `prefix`, from its trace.
    pub fn commands(&self, prefix: &str) -> Vec<String> {
        self.traced("command", prefix)
    }

    /// The details of the trace's `event` entries that start with `prefix`.
    fn traced(&self, event: &str, prefix: &str) -> Vec<String> {
        let text = std::fs::read_to_string(self.logs.path().join("phone-trace.jsonl"))
            .expect("the phone's trace");
        text.lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter(|e| e["event"] == event)
            .filter_map(|e| e["detail"].as_str().map(str::to_owned))
            .filter(|name| name.starts_with(prefix))
            .collect()
    }

    pub fn play(&self, args: &[&str]) -> Output {
        self.play_with("shell", args)
    }

    /// `play` with the input backend `input`.
    pub fn play_with(&self, input: &str, args: &[&str]) -> Output {
        let mut cmd = self.command();
        cmd.args(["play", "-s", &self.phone.serial(), "--input", input])
            .args(args);
        run_with_timeout(&mut cmd, Duration::from_secs(180))
    }

    /// `play ARGS`, which must win the game: what it printed.
    pub fn play_wins(&self, args: &[&str]) -> Output {
        let out = self.play(args);
        let log = super::text(&out);
        assert!(out.status.success(), "{log}");
        assert!(self.solved(), "the app never reached Solved\n{log}");
        out
    }

    /// `play ARGS`, which must stop with exit `code` and say `says`: what it printed.
    pub fn play_stops(&self, args: &[&str], code: i32, says: &str) -> Output {
        let out = self.play(args);
        let log = super::text(&out);
        assert_eq!(out.status.code(), Some(code), "{log}");
        assert!(log.contains(says), "{says:?} not said:\n{log}");
        out
    }

    /// `play --profile none`: the app is learned from its screen, not from a shipped profile, and
    /// (implied by `none`) read without the digit templates shipped with the program (captured
    /// from this virtual phone's own skins); no icon ships, so buttons only by label.
    pub fn play_unprofiled(&self, args: &[&str]) -> Output {
        self.play_with("shell", &[&["--profile", "none"][..], args].concat())
    }

    /// The digits (1-9) whose glyphs were learned into the rig's home folder (`templates/<set>/
    /// <d>.png`, `<d>-<k>.png`).
    pub fn learned_digits(&self) -> std::collections::BTreeSet<u8> {
        let root = self.home.path().join("templates");
        let sets = std::fs::read_dir(&root).into_iter().flatten().flatten();
        let files = sets.flat_map(|set| {
            std::fs::read_dir(set.path())
                .into_iter()
                .flatten()
                .flatten()
        });
        files
            .filter_map(|f| {
                let name = f.file_name().to_string_lossy().into_owned();
                let stem = name.strip_suffix(".png")?;
                stem.split('-')
                    .next()?
                    .parse()
                    .ok()
                    .filter(|d| (1..=9).contains(d))
            })
            .collect()
    }

    /// `play ARGS` interrupted like Ctrl-C (SIGINT) once the app logged `entries` digits entered
    /// or erased (failing after `within`); what play printed then.
    pub fn play_interrupted(&self, args: &[&str], entries: usize, within: Duration) -> Output {
        self.play_interrupted_when(args, |r| r.entries().len() >= entries, within)
    }

    /// `play ARGS` interrupted like Ctrl-C (SIGINT) once `ready` holds of the game (failing after
    /// `within`); what play printed then.
    pub fn play_interrupted_when(
        &self,
        args: &[&str],
        ready: impl Fn(&Rig) -> bool,
        within: Duration,
    ) -> Output {
        self.play_signalled(args, ready, within, 1)
    }

    /// `play ARGS` sent SIGINT `times` times once `ready` holds of the game, as a user who
    /// presses Ctrl-C and again: each after play said on stderr that it took the one before (two
    /// signals sent together can arrive as one); what play printed then.
    pub fn play_signalled(
        &self,
        args: &[&str],
        ready: impl Fn(&Rig) -> bool,
        within: Duration,
        times: usize,
    ) -> Output {
        let mut cmd = self.command();
        cmd.args(["play", "-s", &self.phone.serial()])
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        let mut child = cmd.spawn().expect("start play");
        let stdout = super::Drain::new(child.stdout.take().expect("piped stdout"));
        let stderr = super::Drain::new(child.stderr.take().expect("piped stderr"));
        let entries = || self.entries().len();
        super::wait_until(within, "play's game reaching the point", || ready(self));
        for taken in 0..times {
            let said = || stderr.text().matches(TOOK).count();
            let what = format!(
                "play saying it took interrupt {taken} ({} entries)",
                entries()
            );
            super::wait_until(within, &what, || said() >= taken);
            let killed = Command::new("kill")
                .args(["-INT", &child.id().to_string()])
                .status()
                .expect("kill -INT");
            assert!(killed.success());
        }
        let status = child.wait().expect("wait for play");
        Output {
            status,
            stdout: stdout.finish(),
            stderr: stderr.finish(),
        }
    }

    /// `COMMAND -s SERIAL --json` on this rig's phone: what it printed, and its one object.
    pub fn json_of(&self, command: &str) -> (Output, serde_json::Value) {
        let out = self
            .command()
            .args([command, "-s", &self.phone.serial(), "--json"])
            .output()
            .expect("run the binary");
        let json = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{e}: {}", super::text(&out)));
        (out, json)
    }

    /// `doctor -s SERIAL --json`'s facts of the phone.
    pub fn doctor_facts(&self) -> serde_json::Value {
        self.json_of("doctor").1["phone"].clone()
    }

    /// The binary, run in `dir` with `home` as AUTOSUDOKU_HOME, on this rig's adb server.
    pub fn command(&self) -> Command {
        let mut cmd = autosudoku(&self.server, self.home.path());
        cmd.current_dir(self.dir.path());
        cmd
    }

    /// Screenshots play kept in the user's screenshots folder, named `<what>-<time>.png`.
    pub fn kept(&self, what: &str) -> Vec<PathBuf> {
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
    pub fn cwd_entries(&self) -> Vec<PathBuf> {
        std::fs::read_dir(self.dir.path())
            .expect("cwd")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect()
    }

    pub fn solved(&self) -> bool {
        self.grader.reached(ExitWhen::Solved)
    }

    /// Digits entered and erased, in order, as the solver's steps would produce them.
    pub fn entries(&self) -> Vec<Step> {
        self.grader
            .events()
            .into_iter()
            .filter_map(|l| match l.event {
                Event::DigitEntered { cell, digit, .. } => Some(Step::Place {
                    cell: cell.cell()?,
                    digit: digit.digit()?,
                }),
                Event::Erased { cell } => Some(Step::Remove { cell: cell.cell()? }),
                _ => None,
            })
            .collect()
    }

    /// Digits entered and erased, in order, as the variant solver's steps (boards of any side).
    pub fn variant_entries(&self) -> Vec<VariantStep> {
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
