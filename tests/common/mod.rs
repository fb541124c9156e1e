//! Shared helpers for end-to-end tests: a private adb server per test (free port, killed on drop),
//! commands with timeouts so nothing hangs, and in-process virtual phones with a recording test
//! screen. Phones listen outside 5555-5585, so a test's adb server only reaches the phones it
//! `connect`s explicitly.
#![allow(dead_code)] // each test binary uses a different subset

use autosudoku_phone::latency::Latency;
use autosudoku_phone::screen::{Keycode, Screen, Touch};
use autosudoku_phone::{Phone, PhoneHandle};
use image::{Rgba, RgbaImage};
use std::io::Read;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The one rule for every golden file of the tests: `REGENERATE=1` rewrites them (each test
/// binary does it once, before any test reads them), any other value or none compares.
pub fn regenerating() -> bool {
    std::env::var_os("REGENERATE").is_some_and(|v| v == "1")
}

/// A TCP port free right now on 127.0.0.1 (outside the emulator range by construction of the OS's
/// ephemeral range; checked anyway).
pub fn free_port() -> u16 {
    loop {
        let port = TcpListener::bind("127.0.0.1:0")
            .expect("bind an ephemeral port")
            .local_addr()
            .unwrap()
            .port();
        if !(5555..=5585).contains(&port) {
            return port;
        }
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
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out_thread = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let err_thread = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
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
        stdout: out_thread.join().unwrap(),
        stderr: err_thread.join().unwrap(),
    }
}

/// An adb server on a private port, killed when dropped.
pub struct AdbServer {
    port: u16,
    /// Holds the `adb` wrapper script for adb_client (which runs plain `adb start-server`).
    dir: tempfile::TempDir,
}

impl AdbServer {
    /// Starts `adb -P PORT start-server` on a free port.
    pub fn start() -> AdbServer {
        AdbServer::start_with_env(&[])
    }

    /// Starts the server with extra environment (e.g. `ADB_VENDOR_KEYS` for AUTH tests).
    pub fn start_with_env(env: &[(&str, &str)]) -> AdbServer {
        let server = AdbServer {
            port: free_port(),
            dir: tempfile::tempdir().expect("temp dir"),
        };
        let mut cmd = server.cmd();
        cmd.arg("start-server").envs(env.iter().copied());
        let out = run_with_timeout(&mut cmd, Duration::from_secs(20));
        assert!(
            out.status.success(),
            "adb start-server failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        server
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// `adb -P PORT` with ANDROID_ADB_SERVER_PORT set too (for anything it spawns).
    pub fn cmd(&self) -> Command {
        let mut cmd = Command::new("adb");
        cmd.arg("-P")
            .arg(self.port.to_string())
            .env("ANDROID_ADB_SERVER_PORT", self.port.to_string());
        cmd
    }

    /// Runs `adb -P PORT ARGS...` with a 30 s timeout.
    pub fn run(&self, args: &[&str]) -> Output {
        run_with_timeout(self.cmd().args(args), Duration::from_secs(30))
    }

    /// Runs and returns stdout as text, asserting success.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(
            out.status.success(),
            "adb {args:?} failed ({:?}): {}{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// `adb connect SERIAL`, then waits until `adb devices` lists it as `device`. If adb 29 keeps
    /// a stale transport `offline` (after a device-side restart), disconnects and connects again.
    pub fn connect(&self, serial: &str) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            self.run(&["connect", serial]);
            for _ in 0..20 {
                if self.state(serial).as_deref() == Some("device") {
                    return;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            assert!(
                Instant::now() < deadline,
                "{serial} never became `device` (state {:?})",
                self.state(serial)
            );
            self.run(&["disconnect", serial]);
        }
    }

    /// The state `adb devices` shows for `serial`.
    pub fn state(&self, serial: &str) -> Option<String> {
        let list = String::from_utf8_lossy(&self.run(&["devices"]).stdout).into_owned();
        list.lines().find_map(|l| {
            let mut parts = l.split_whitespace();
            (parts.next() == Some(serial)).then(|| parts.next().unwrap_or("").to_string())
        })
    }

    /// Path of an `adb` wrapper bound to this server, for `adb_client::ADBServer::new_from_path`
    /// (adb_client runs `adb start-server` itself and would otherwise touch port 5037).
    pub fn adb_wrapper(&self) -> String {
        let path: PathBuf = self.dir.path().join("adb");
        if !path.exists() {
            std::fs::write(
                &path,
                format!("#!/bin/sh\nexec adb -P {} \"$@\"\n", self.port),
            )
            .unwrap();
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        path.to_string_lossy().into_owned()
    }

    /// An adb_client handle on this server.
    pub fn client(&self) -> adb_client::server::ADBServer {
        adb_client::server::ADBServer::new_from_path(
            std::net::SocketAddrV4::new(std::net::Ipv4Addr::LOCALHOST, self.port),
            Some(self.adb_wrapper()),
        )
    }
}

impl Drop for AdbServer {
    fn drop(&mut self) {
        let _ = self
            .cmd()
            .arg("kill-server")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
}

/// What the test screen received.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Received {
    Touch(Touch),
    Key(Keycode),
}

/// A screen that records every touch and key and shows a known pattern:
/// pixel (x, y) = (x mod 256, y mod 256, (x + y) mod 256, 255).
pub struct TestScreen {
    size: (u32, u32),
    log: Arc<Mutex<Vec<Received>>>,
}

/// The test screen's record, readable while the phone owns the screen.
#[derive(Clone, Default)]
pub struct Recorder(Arc<Mutex<Vec<Received>>>);

impl Recorder {
    pub fn events(&self) -> Vec<Received> {
        self.0.lock().unwrap().clone()
    }

    /// Waits up to 5 s until at least `n` events arrived.
    pub fn wait_for(&self, n: usize) -> Vec<Received> {
        let deadline = Instant::now() + Duration::from_secs(5);
        while self.events().len() < n && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        self.events()
    }
}

/// The pattern pixel of the test screen at (x, y).
pub fn pattern(x: u32, y: u32) -> [u8; 4] {
    [(x % 256) as u8, (y % 256) as u8, ((x + y) % 256) as u8, 255]
}

impl TestScreen {
    pub fn new(width: u32, height: u32) -> (TestScreen, Recorder) {
        let recorder = Recorder::default();
        (
            TestScreen {
                size: (width, height),
                log: recorder.0.clone(),
            },
            recorder,
        )
    }
}

impl Screen for TestScreen {
    fn size(&self) -> (u32, u32) {
        self.size
    }
    fn density(&self) -> u32 {
        320
    }
    fn frame(&mut self, _now: Duration) -> RgbaImage {
        RgbaImage::from_fn(self.size.0, self.size.1, |x, y| Rgba(pattern(x, y)))
    }
    fn touch(&mut self, touch: Touch, _now: Duration) {
        self.log.lock().unwrap().push(Received::Touch(touch));
    }
    fn key(&mut self, key: Keycode, _now: Duration) {
        self.log.lock().unwrap().push(Received::Key(key));
    }
}

/// A phone builder around `screen` with `--latency none`, as e2e tests want it.
pub fn phone(screen: Box<dyn Screen>) -> Phone {
    Phone::builder(screen).latency(Latency::None)
}

/// Starts `phone` on a free loopback port.
pub fn start(phone: Phone) -> PhoneHandle {
    phone
        .start("127.0.0.1:0".parse().unwrap())
        .expect("start the virtual phone")
}

/// A running test phone (size 360x640) and its recorder.
pub fn test_phone() -> (PhoneHandle, Recorder) {
    let (screen, recorder) = TestScreen::new(360, 640);
    (start(phone(Box::new(screen))), recorder)
}

/// ffprobe's answer (`key=value` lines) about the first video stream of `video`, counting its
/// frames. ffprobe comes with ffmpeg, which scripts/setup installs; without it the test fails
/// and says so rather than passing untested.
pub fn ffprobe(video: &std::path::Path) -> String {
    let out = Command::new("ffprobe")
        .args(["-v", "error", "-count_frames", "-select_streams", "v:0"])
        .args([
            "-show_entries",
            "stream=codec_name,width,height,nb_read_frames,duration",
        ])
        .args(["-of", "default=noprint_wrappers=1"])
        .arg(video)
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run ffprobe ({e}): install ffmpeg (scripts/setup does) to run this test")
        });
    assert!(
        out.status.success(),
        "ffprobe rejects {}: {}",
        video.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// One `key=value` of an ffprobe answer, as a number.
pub fn probed(answer: &str, key: &str) -> f64 {
    answer
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{key}=")))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no numeric {key} in ffprobe's answer:\n{answer}"))
}
