//! Two adb installations fighting over one server: the distribution's adb and an SDK's
//! platform-tools (or a vendor tool bundling its own) each kill a server of another version and
//! start their own, which drops every phone mid-game. Seen two ways: the adb program on PATH is
//! of another version than the server that answers, or the server answering after a lost phone
//! is of another version than the one before.

use super::server::{is_program, ServerConfig};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};

/// What to do about it, for every message that names it.
pub const FIX: &str = "keep one adb: remove or rename the other (`which -a adb`; Android Studio's platform-tools, a distribution package, a vendor tool bundling its own), or put the one you keep first on PATH and set ADB to it; then `adb kill-server` once";

/// The protocol version an `adb version` line names: 41 in "Android Debug Bridge version 1.0.41".
pub fn protocol_named(version: &str) -> Option<u32> {
    const LEAD: &str = "Android Debug Bridge version ";
    let at = version.find(LEAD)? + LEAD.len();
    let number = version[at..]
        .split(|c: char| c.is_whitespace() || c == ';')
        .next()?;
    number.rsplit('.').next()?.parse().ok()
}

/// The protocol version of the adb program (`adb version`), or `None` when it does not run or
/// names none.
pub fn program_protocol(adb: &Path) -> Option<u32> {
    if !is_program(adb) {
        return None;
    }
    let out = Command::new(adb)
        .arg("version")
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    protocol_named(&String::from_utf8_lossy(&out.stdout))
}

/// Why the adb program and the server answering are two installations, when they are.
pub fn program_against_server(program: u32, server: u32) -> Option<String> {
    (program != server).then(|| format!("the adb program is version 1.0.{program} but the server running is version 1.0.{server}: two adb installations take turns killing each other's server, and every phone drops when they do"))
}

/// Warns, once per process (regress opens many phones), when the adb program that would start a
/// server is of another version than the one running (`server`, from `host:version`).
pub fn warn_once_if_two(config: &ServerConfig, server: u32) {
    static WARNED: AtomicBool = AtomicBool::new(false);
    if WARNED.load(Ordering::Relaxed) {
        return;
    }
    let clash = program_protocol(&config.adb).and_then(|p| program_against_server(p, server));
    if let Some(why) = clash {
        WARNED.store(true, Ordering::Relaxed);
        tracing::warn!("{why}; {FIX}");
    }
}

/// Why a server that answers as version `now` after a lost phone, where version `before` answered
/// at the start, was restarted by another adb, when it was.
pub fn restarted_by_another(before: u32, now: u32) -> Option<String> {
    (before != now).then(|| format!("the adb server was restarted by another adb: it was version 1.0.{before}, now it is 1.0.{now}; two adb installations take turns killing each other's server"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_adb_program_of_another_version_than_its_server_is_two_installations() {
        let debian = "/usr/bin/adb: Android Debug Bridge version 1.0.41; Version 34.0.5";
        assert_eq!(protocol_named(debian), Some(41));
        assert_eq!(protocol_named("adb: command not found"), None);
        assert!(program_against_server(41, 41).is_none());
        let fight = program_against_server(41, 40).unwrap();
        assert!(
            fight.contains("1.0.41") && fight.contains("1.0.40"),
            "{fight}"
        );
    }

    #[test]
    fn a_server_of_another_version_after_a_lost_phone_was_restarted_by_another_adb() {
        assert!(restarted_by_another(41, 41).is_none());
        let why = restarted_by_another(41, 39).unwrap();
        assert!(why.contains("restarted by another adb"), "{why}");
    }
}
