//! The one rig of the end-to-end tests, shared by every test binary (each uses a subset):
//! a private adb server per test (`adb`) and a proxy listing its devices as wireless debugging
//! does (`adb_proxy`), in-process virtual phones with a recording test screen
//! (`screen`), a Sudoku game on a phone for play and regress (`game`), the golden-file rule
//! (`golden`), the virtual phone's toolbar icons as templates (`icons`), `autosudoku phone` as a
//! process (`phone_cli`), the vision corpus generator (`corpus`), ffprobe (`video`), commands with timeouts
//! so nothing hangs, and `cases!` for tables of cases.
#![allow(dead_code, unused_imports, unused_macros)] // each test binary uses a different subset

pub mod adb;
pub mod adb_proxy;
pub mod corpus;
pub mod game;
pub mod golden;
pub mod icons;
pub mod phone_cli;
pub mod schema;
pub mod screen;
pub mod video;

pub use adb::{free_port, keygen, AdbServer};
pub use phone_cli::{listening_address, phone_command};
pub use screen::{pattern, phone, start, test_phone, Received, Recorder, TestScreen};
pub use video::{ffprobe, probed};

use std::io::Read;
use std::process::{Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A table of test cases over one check: each row becomes a `#[test]` named by the row (with the
/// row's attributes, such as `#[ignore = "why"]`) that calls `check` with the row's arguments.
///
/// `cases!(fill_wins { fill_wins_on_night: ("night", "cell-first", None); });`
macro_rules! cases {
    ($check:path { $($(#[$meta:meta])* $name:ident: ($($arg:expr),* $(,)?);)* }) => {
        $(
            #[test]
            $(#[$meta])*
            fn $name() {
                $check($($arg),*)
            }
        )*
    };
}

/// One JSON value a line of `text` (a `--json` command's stdout).
pub fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l:?}")))
        .collect()
}

/// A command's exit code, stdout and stderr, for assertion messages.
pub fn text(out: &Output) -> String {
    format!(
        "exit {:?}\nstdout: {}\nstderr: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Polls `ready` every 10 ms until it holds; panics saying `what` did not happen within `within`.
/// Tests wait on an event this way, never by sleeping a fixed time and assuming.
pub fn wait_until(within: Duration, what: &str, mut ready: impl FnMut() -> bool) {
    let deadline = Instant::now() + within;
    while !ready() {
        assert!(Instant::now() < deadline, "{what}: not within {within:?}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Runs `cmd` and returns its output, killing it and panicking after `timeout`.
pub fn run_with_timeout(cmd: &mut Command, timeout: Duration) -> Output {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    let out = Drain::new(child.stdout.take().unwrap());
    let err = Drain::new(child.stderr.take().unwrap());
    let deadline = Instant::now() + timeout;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for child") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{cmd:?} did not finish within {timeout:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Output {
        status,
        stdout: out.finish(),
        stderr: err.finish(),
    }
}

/// A child's pipe read to its end on a thread of its own; what it said so far can be looked at
/// meanwhile (a test waiting for a line of the child's stderr).
pub struct Drain {
    bytes: Arc<Mutex<Vec<u8>>>,
    reader: std::thread::JoinHandle<()>,
}

impl Drain {
    pub fn new(mut pipe: impl Read + Send + 'static) -> Drain {
        let bytes = Arc::new(Mutex::new(Vec::new()));
        let sink = bytes.clone();
        let reader = std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n @ 1..) = pipe.read(&mut chunk) {
                sink.lock().unwrap().extend_from_slice(&chunk[..n]);
            }
        });
        Drain { bytes, reader }
    }

    /// What the pipe carried so far.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes.lock().unwrap()).into_owned()
    }

    /// Everything the pipe carried, once it closed.
    pub fn finish(self) -> Vec<u8> {
        self.reader.join().expect("the pipe's reader");
        std::mem::take(&mut *self.bytes.lock().unwrap())
    }
}
