//! `autosudoku doctor`: whether this computer has what autosudoku needs — the adb program and its
//! version, an adb server answering (and of that version), the adb key phones are asked to trust,
//! Tesseract with its English data, and ffmpeg — each with what to do when it is missing. adb and
//! Tesseract are essential (nothing plays without them); a stopped server on 127.0.0.1, a missing
//! key (both made by the first `adb start-server`), two adb versions and ffmpeg (only `--record
//! x.mp4`) are warnings.

use crate::device::adb_versions;
use crate::device::display;
use crate::device::server::{is_program, ServerConfig};
use crate::device::wire::{RequestError, ServerLink};
use crate::device::{capture, CaptureFormat, Device, DeviceError};
use crate::vision::ocr::tesseract::{self, Charset, Engine};
use crate::vision::screen::scene;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// One thing checked.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Check {
    pub name: &'static str,
    pub ok: bool,
    /// Whether autosudoku cannot play without it (doctor then exits non-zero).
    pub essential: bool,
    /// What was found (a version, a path) or what went wrong.
    pub detail: String,
    /// What to do about it; `None` when it is fine.
    pub fix: Option<String>,
}

fn check(name: &'static str, essential: bool, found: Result<String, String>, fix: &str) -> Check {
    let ok = found.is_ok();
    let (Ok(detail) | Err(detail)) = found;
    Check {
        name,
        ok,
        essential,
        detail,
        fix: (!ok).then(|| fix.to_owned()),
    }
}

/// The lines of `program args` on stdout that contain one of `want` (all of its first line when
/// none does), or why it did not run.
fn version_of(program: &Path, args: &[&str], want: &[&str]) -> Result<String, String> {
    if !is_program(program) {
        return Err(format!(
            "no program {} (not a file, not on PATH)",
            program.display()
        ));
    }
    let out = Command::new(program)
        .args(args)
        .output()
        .map_err(|e| format!("{} does not run: {e}", program.display()))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines: Vec<&str> = text
        .lines()
        .filter(|l| want.iter().any(|w| l.contains(w)))
        .map(str::trim)
        .collect();
    if lines.is_empty() {
        lines.extend(text.lines().next());
    }
    match lines.is_empty() {
        true => Err(format!("{} printed nothing", program.display())),
        false => Ok(format!("{}: {}", program.display(), lines.join("; "))),
    }
}

/// The adb server's protocol version (`host:version` answers it in hex, e.g. `0029` = 41).
fn server_protocol(server: &ServerConfig) -> Result<u32, String> {
    let link = ServerLink {
        addr: server.addr,
        connect_timeout: Duration::from_secs(2),
        io_timeout: Duration::from_secs(2),
    };
    match link.query("host:version") {
        Ok(hex) => u32::from_str_radix(hex.trim(), 16)
            .map_err(|_| format!("{} answered host:version with {hex:?}", server.addr)),
        Err(RequestError::Io(e)) => Err(format!("{}: {e}", server.addr)),
        Err(RequestError::Fail(why)) => Err(format!("{} refused host:version: {why}", server.addr)),
    }
}

/// Whether the adb on PATH and the running server are one version.
fn one_adb(
    client: &Result<String, String>,
    server: &Result<u32, String>,
) -> Result<String, String> {
    let ours = client
        .as_deref()
        .ok()
        .and_then(adb_versions::protocol_named);
    match (ours, server) {
        (Some(c), Ok(s)) => match adb_versions::program_against_server(c, *s) {
            None => Ok(format!("adb and its server are both version 1.0.{c}")),
            Some(two) => Err(two),
        },
        _ => Ok("not compared (no adb program or no server answering)".into()),
    }
}

/// Runs every check. `adb_key` is where adb keeps its private key (`~/.android/adbkey`).
pub fn run(server: &ServerConfig, adb_key: Option<&Path>) -> Vec<Check> {
    let adb = version_of(
        &server.adb,
        &["version"],
        &["Android Debug Bridge", "Version"],
    );
    let key = match adb_key {
        Some(p) if p.is_file() => Ok(p.display().to_string()),
        Some(p) => Err(format!("no key at {}", p.display())),
        None => Err("no home folder to look for ~/.android/adbkey in".into()),
    };
    let protocol = server_protocol(server);
    let same = one_adb(&adb, &protocol);
    let answers = protocol
        .as_ref()
        .map(|v| format!("{} answers, protocol version {v}", server.addr))
        .map_err(Clone::clone);
    let ffmpeg = PathBuf::from("ffmpeg");
    // adb starts a server itself only on 127.0.0.1; elsewhere a stopped server stops play.
    let remote_server = *server.addr.ip() != std::net::Ipv4Addr::LOCALHOST;
    vec![
        check("adb", true, adb, "install Android platform-tools (Debian/Ubuntu: `apt install adb`; or the SDK's platform-tools) or set ADB to the adb program"),
        check("adb server", remote_server, answers, "run `adb start-server` (autosudoku starts one itself on a loopback address); for another server set -H/-P or ADB_SERVER_SOCKET"),
        check("adb versions", false, same, adb_versions::FIX),
        check("adb key", false, key, "run `adb start-server` once: it writes ~/.android/adbkey, which the phone asks you to allow"),
        tesseract_check(),
        check("ffmpeg", false, version_of(&ffmpeg, &["-version"], &["ffmpeg version"]), "install ffmpeg (`apt install ffmpeg`, `brew install ffmpeg`): `play --record x.mp4` uses it to write H.264 that browsers play"),
    ]
}

/// The phone's own checks, for `doctor -s SERIAL`: whether it answers and is authorized (`opened`,
/// with the device error that says what to do), whether its screen is on and unlocked, and whether
/// a capture shows anything (a black capture of an awake phone is a window the app protects).
pub fn phone(opened: Result<Box<dyn Device>, DeviceError>, format: CaptureFormat) -> Vec<Check> {
    let mut device = match opened {
        Ok(d) => d,
        Err(e) => {
            return vec![check(
                "phone",
                true,
                Err(e.to_string()),
                "see the message: connect, authorize or name the phone, then run doctor again",
            )]
        }
    };
    let serial = device.serial().to_string();
    let screen = match display::hidden(&mut *device) {
        Ok(None) => Ok(format!("{serial}: on and unlocked")),
        Ok(Some(by)) => Err(format!("{serial}: {by}")),
        Err(e) => Err(format!("{serial}: {e}")),
    };
    let shot = capture(&mut *device, format).map_err(|e| format!("{serial}: {e}"));
    let shows = shot.and_then(|s| match scene::app_window_black(&s.image) {
        false => Ok(format!(
            "{serial}: {}x{} captured",
            s.image.width(),
            s.image.height()
        )),
        true => Err(format!("{serial}: the capture is black")),
    });
    vec![
        check("phone", true, Ok(format!("{serial}: ready")), ""),
        check("phone screen", true, screen, "turn the screen on and unlock the phone (keep it awake while charging: Developer options, Stay awake)"),
        check("phone capture", true, shows, scene::PROTECTED_FIX),
    ]
}

/// libtesseract, opened as a screen read opens it (its soname, its version), then an engine with
/// the English data: each failure with its own fix.
fn tesseract_check() -> Check {
    let library = match tesseract::load_library() {
        Ok(lib) => lib,
        Err(e) => return check("tesseract", true, Err(e), tesseract::INSTALL),
    };
    let found = format!("libtesseract {} ({})", library.version, library.file);
    let engine = Engine::english(Charset::Digits)
        .map(|_| format!("{found} with eng data"))
        .map_err(|e| format!("{found}: {e}"));
    check("tesseract", true, engine, "install Tesseract's English data (Debian/Ubuntu: `apt install tesseract-ocr-eng`; Fedora: `dnf install tesseract-langpack-eng`; macOS: `brew install tesseract`), or set TESSDATA_PREFIX to the folder holding eng.traineddata")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_adb_program_of_another_version_than_its_server_is_two_installations() {
        let debian: Result<String, String> =
            Ok("/usr/bin/adb: Android Debug Bridge version 1.0.41; Version 34.0.5".into());
        assert!(one_adb(&debian, &Ok(41)).is_ok());
        let fight = one_adb(&debian, &Ok(40)).unwrap_err();
        assert!(
            fight.contains("1.0.41") && fight.contains("1.0.40"),
            "{fight}"
        );
        assert!(one_adb(&Err("no adb".into()), &Ok(40)).is_ok());
    }
}
