//! What a regression run produced: one `Case` per check per game per device, each with its status,
//! duration and the evidence kept on failure, gathered per device into `DeviceRun`s and merged into
//! one `RunReport` that every report format (JUnit, JSON, HTML) is written from.

use super::checks::{Check, Failure};
use super::plan::Shard;
use autosudoku_core::sudoku::Cell;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Passed,
    /// The app misbehaved: the check saw something wrong.
    Failed,
    /// The check does not apply to this app or game (no timer on screen, no `--check-mistakes`).
    Skipped,
    /// The check could not run: the device went away, the board could not be read.
    Error,
    /// The run was interrupted (Ctrl-C) before the check's turn came: neither passed nor broken.
    NotRun,
}

/// Files kept for a failed check, under the run's artifacts folder.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evidence {
    /// The screen before the step that went wrong.
    pub before: Option<PathBuf>,
    /// The screen after it.
    pub after: Option<PathBuf>,
    /// The read of the screen after, drawn over it.
    pub annotated: Option<PathBuf>,
    /// The game's moves so far, as JSON Lines.
    pub trace: Option<PathBuf>,
}

impl Evidence {
    pub fn is_empty(&self) -> bool {
        *self == Evidence::default()
    }
}

/// A digit typed (by a check or by play's fill), with the cell it went to and the device commands
/// that carried it (`input tap X Y`, ...).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Typed {
    #[serde(with = "super::serial::cell_name")]
    pub cell: Cell,
    pub digit: u8,
    pub commands: Vec<String>,
}

/// One test case: a check on one game of one device (or the game itself, when it could not be
/// played: `check` is `None`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Case {
    pub device: String,
    pub game: u32,
    pub check: Option<Check>,
    pub status: Status,
    pub message: Option<String>,
    /// The cells the failure is about, as users name them ("r1c1").
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        with = "super::serial::cell_names"
    )]
    pub cells: Vec<Cell>,
    /// The board the failure is about (or the board last seen), as one line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// The puzzle dealt (its givens), as one line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
    /// The digit typed into the failure's cell (or, when that cell was never typed, the digit the
    /// app answered) and the device commands that carried it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub typed: Option<Typed>,
    #[serde(with = "super::serial::secs")]
    pub duration: Duration,
    pub evidence: Evidence,
}

impl Case {
    pub fn new(device: &str, game: u32, check: Option<Check>, status: Status) -> Case {
        Case {
            device: device.to_owned(),
            game,
            check,
            status,
            message: None,
            cells: Vec::new(),
            board: None,
            puzzle: None,
            typed: None,
            duration: Duration::ZERO,
            evidence: Evidence::default(),
        }
    }

    pub fn with_message(mut self, message: impl Into<String>) -> Case {
        self.message = Some(message.into());
        self
    }

    /// The failure's message, cells and board.
    pub fn failing(mut self, failure: Failure) -> Case {
        self.message = Some(failure.message);
        self.cells = failure.cells;
        self.board = failure.board;
        self
    }

    pub fn took(mut self, d: Duration) -> Case {
        self.duration = d;
        self
    }

    /// The name CI shows: device, game and check.
    pub fn name(&self) -> String {
        let what = self.check.map_or("game", |c| c.name());
        format!("{} game {} {what}", self.device, self.game)
    }
}

/// Everything one device's worker did.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DeviceRun {
    pub serial: String,
    /// The adb server the device was reached through.
    pub server: String,
    pub model: Option<String>,
    /// Games started (a game cut short by a lost device counts).
    pub games: u32,
    pub cases: Vec<Case>,
    /// Time per phase (capture, read, solve, plan, input, verify, wait, status, new-game).
    #[serde(with = "super::serial::phase_secs")]
    pub phases: BTreeMap<String, Duration>,
    pub captures: u64,
    pub taps: u64,
    pub keys: u64,
    #[serde(with = "super::serial::secs")]
    pub elapsed: Duration,
    /// Why the worker stopped early (device lost, could not connect).
    pub stopped: Option<String>,
    /// Why the device's game could not be read, so nothing was typed and no check ran on it (a
    /// board of another size, a variant whose rules the pixels do not give); its games stop there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

impl DeviceRun {
    pub fn new(serial: &str, server: &str) -> DeviceRun {
        DeviceRun {
            serial: serial.to_owned(),
            server: server.to_owned(),
            model: None,
            games: 0,
            cases: Vec::new(),
            phases: BTreeMap::new(),
            captures: 0,
            taps: 0,
            keys: 0,
            elapsed: Duration::ZERO,
            stopped: None,
            refused: None,
        }
    }

    pub fn add_phase(&mut self, phase: &str, d: Duration) {
        *self.phases.entry(phase.to_owned()).or_default() += d;
    }

    pub fn counts(&self) -> Counts {
        Counts::of(self.cases.iter())
    }
}

/// Test counts, as JUnit reports them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    pub tests: usize,
    pub passed: usize,
    pub failures: usize,
    pub errors: usize,
    pub skipped: usize,
    pub not_run: usize,
}

impl Counts {
    pub fn of<'a>(cases: impl Iterator<Item = &'a Case>) -> Counts {
        let mut c = Counts::default();
        for case in cases {
            c.tests += 1;
            match case.status {
                Status::Passed => c.passed += 1,
                Status::Failed => c.failures += 1,
                Status::Skipped => c.skipped += 1,
                Status::Error => c.errors += 1,
                Status::NotRun => c.not_run += 1,
            }
        }
        c
    }
}

/// "3 passed, 1 failed, 0 errors, 2 skipped" (and ", 4 not run" when some were not).
impl std::fmt::Display for Counts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} passed, {} failed, {} errors, {} skipped",
            self.passed, self.failures, self.errors, self.skipped
        )?;
        if self.not_run > 0 {
            write!(f, ", {} not run", self.not_run)?;
        }
        Ok(())
    }
}

/// The merged run: every device's, or (`regress report merge`) every shard's.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunReport {
    #[serde(with = "super::serial::unix_secs")]
    pub started: SystemTime,
    #[serde(with = "super::serial::secs")]
    pub elapsed: Duration,
    /// The machine that ran it (several, comma-separated, in a merged report).
    #[serde(default)]
    pub hostname: String,
    /// The part of the plan this run played (`--shard K/N`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// In a merged report: the shards merged, and those of the split that are missing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merged: Vec<Shard>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<Shard>,
    pub devices: Vec<DeviceRun>,
}

impl RunReport {
    /// A run on this machine, not sharded.
    pub fn new(started: SystemTime, elapsed: Duration, devices: Vec<DeviceRun>) -> RunReport {
        RunReport {
            started,
            elapsed,
            hostname: super::serial::hostname(),
            shard: None,
            merged: Vec::new(),
            missing: Vec::new(),
            devices,
        }
    }

    pub fn counts(&self) -> Counts {
        Counts::of(self.devices.iter().flat_map(|d| d.cases.iter()))
    }

    /// Whether every check passed or was skipped (and, merged, no shard is missing).
    pub fn ok(&self) -> bool {
        let c = self.counts();
        c.failures == 0 && c.errors == 0 && c.not_run == 0 && c.tests > 0 && self.missing.is_empty()
    }

    /// Per check: (check name, counts), in check order, for summaries.
    pub fn by_check(&self) -> Vec<(String, Counts)> {
        let mut names: Vec<Option<Check>> = self
            .devices
            .iter()
            .flat_map(|d| d.cases.iter().map(|c| c.check))
            .collect();
        names.sort();
        names.dedup();
        names
            .into_iter()
            .map(|check| {
                let cases = self.devices.iter().flat_map(|d| d.cases.iter());
                let name = check.map_or("game".to_owned(), |c| c.name().to_owned());
                (name, Counts::of(cases.filter(|c| c.check == check)))
            })
            .collect()
    }
}

#[cfg(test)]
pub(crate) mod sample {
    //! A small merged run used by the report tests.
    use super::*;

    pub fn run() -> RunReport {
        let mut a = DeviceRun::new("127.0.0.1:40001", "127.0.0.1:5037");
        a.games = 1;
        for check in Check::ALL {
            let status = if check == Check::MistakesCounted {
                Status::Skipped
            } else {
                Status::Passed
            };
            a.cases.push(
                Case::new(&a.serial, 1, Some(check), status).took(Duration::from_millis(120)),
            );
        }
        a.add_phase("capture", Duration::from_millis(900));
        a.add_phase("read", Duration::from_millis(1400));
        a.add_phase("input", Duration::from_millis(300));
        let mut b = DeviceRun::new("emulator-5554", "10.0.0.2:5037");
        b.games = 2;
        let mut failed = Case::new(&b.serial, 1, Some(Check::GivensFixed), Status::Failed)
            .with_message("the given 5 at r1c1 was changed to 6 by typing 6 on it <&>")
            .took(Duration::from_millis(800));
        failed.evidence.before = Some(PathBuf::from("before.png"));
        b.cases.push(failed);
        b.cases.push(
            Case::new(&b.serial, 2, None, Status::Error)
                .with_message("device lost: lost the connection to emulator-5554"),
        );
        b.add_phase("capture", Duration::from_millis(500));
        b.stopped = Some("device lost".into());
        let mut run = RunReport::new(
            SystemTime::UNIX_EPOCH + Duration::from_secs(1_790_000_000),
            Duration::from_secs(12),
            vec![a, b],
        );
        run.hostname = "ci-runner-3".into();
        run.shard = Some(Shard { index: 2, count: 3 });
        run
    }

    #[test]
    fn counts_and_names() {
        let r = run();
        assert_eq!(
            r.counts(),
            Counts {
                tests: 8,
                passed: 5,
                failures: 1,
                errors: 1,
                skipped: 1,
                not_run: 0
            }
        );
        assert!(!r.ok());
        assert_eq!(r.devices[1].cases[1].name(), "emulator-5554 game 2 game");
        assert_eq!(
            r.devices[0].cases[0].name(),
            "127.0.0.1:40001 game 1 puzzle-valid"
        );
        let by = r.by_check();
        assert_eq!(by[0].0, "game");
        assert_eq!(
            by.iter()
                .find(|(n, _)| n == "givens-fixed")
                .unwrap()
                .1
                .failures,
            1
        );
    }
}
