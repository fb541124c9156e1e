//! A private adb server per test: a free port, `adb` commands with timeouts, `connect` that
//! waits for the `device` state, and the server killed on drop. Phones listen outside 5555-5585,
//! so a test's adb server only reaches the phones it `connect`s explicitly.

use super::run_with_timeout;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A TCP port free right now on 127.0.0.1, below the OS's ephemeral range: a client probing it
/// while nothing listens cannot be given it as its own source port and connect to itself.
pub fn free_port() -> u16 {
    autosudoku_agent::device::private_server_port().expect("a free port on 127.0.0.1")
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
    /// A port free when picked may be taken before the server binds it (tests start servers and
    /// phones at once): a server that met someone else's listener starts again on another port.
    pub fn start_with_env(env: &[(&str, &str)]) -> AdbServer {
        // adb creates ~/.android on first start, and servers starting together race for it
        // (`Cannot mkdir '~/.android': File exists`): make it before any of them starts.
        if let Some(home) = std::env::var_os("HOME") {
            let _ = std::fs::create_dir_all(Path::new(&home).join(".android"));
        }
        let mut tries = 0;
        loop {
            let server = AdbServer {
                port: free_port(),
                dir: tempfile::tempdir().expect("temp dir"),
            };
            let mut cmd = server.cmd();
            cmd.arg("start-server").envs(env.iter().copied());
            let out = run_with_timeout(&mut cmd, Duration::from_secs(20));
            let stderr = String::from_utf8_lossy(&out.stderr);
            tries += 1;
            if out.status.success() {
                return server;
            }
            let port_taken = stderr.contains("protocol fault") || stderr.contains("cannot bind");
            assert!(port_taken && tries < 3, "adb start-server failed: {stderr}");
        }
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
    /// Asks the server to go, waiting at most a few seconds: a server stuck on a phone that
    /// stopped answering answers no kill-server either, and a test's end must not hang on it.
    fn drop(&mut self) {
        let Ok(mut client) = self
            .cmd()
            .arg("kill-server")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
        else {
            return;
        };
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if !matches!(client.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = client.kill();
        let _ = client.wait();
    }
}

/// `adb keygen DIR/NAME`: a private key at the returned path, its public half beside it (.pub).
pub fn keygen(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    let out = run_with_timeout(
        Command::new("adb").arg("keygen").arg(&path),
        Duration::from_secs(30),
    );
    assert!(out.status.success(), "adb keygen: {out:?}");
    path
}
