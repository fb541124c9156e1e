//! The phone a run uses, chosen on the adb server's list as the user means it: one phone over
//! wireless debugging listed twice counts once, and a phone still `authorizing` or `connecting`
//! (the second or two after it is plugged in or connected) is waited for, a bounded while, with a
//! line that says so, instead of refused at once.

use super::error::DeviceError;
use super::host::{known_devices, link};
use super::listing::DeviceEntry;
use super::preamble::shell_text;
use super::select;
use super::server::ServerConfig;
use super::wireless::{self, Identity};
use super::Timeouts;
use std::io::Read;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// How long a settling phone is waited for: adb shows `authorizing` for about a second after the
/// key exchange starts; the rest is room for a slow phone or a user reaching for the prompt.
pub const SETTLE: Duration = Duration::from_secs(6);

/// The chosen device's entry, after waiting out a settling state.
pub fn choose_settled(
    server: &ServerConfig,
    wanted: Option<&str>,
    timeouts: Timeouts,
) -> Result<DeviceEntry, DeviceError> {
    let start = Instant::now();
    let mut told = false;
    loop {
        let devices = one_per_phone(
            server,
            known_devices(server, wanted, timeouts)?,
            wanted,
            timeouts,
        );
        let err = match select::choose(&devices, wanted) {
            Ok(entry) => return Ok(entry.clone()),
            Err(e) => e,
        };
        let Some(entry) = select::settling(&devices, wanted) else {
            return Err(err);
        };
        if start.elapsed() >= SETTLE {
            return Err(DeviceError::Settling {
                serial: entry.serial.clone(),
                state: entry.state.clone(),
                waited: start.elapsed(),
            });
        }
        if !told {
            tracing::warn!(
                "waiting for the phone to finish {}… ({})",
                entry.state,
                entry.serial
            );
            told = true;
        }
        sleep(Duration::from_millis(100));
    }
}

/// `devices` without the mDNS twins of the `HOST:PORT` phones, when no serial was given (with
/// one, either name is used as given).
fn one_per_phone(
    server: &ServerConfig,
    mut devices: Vec<DeviceEntry>,
    wanted: Option<&str>,
    timeouts: Timeouts,
) -> Vec<DeviceEntry> {
    if wanted.is_some() {
        return devices;
    }
    let twins = wireless::twins(&devices, |serial| {
        exec(server, serial, wireless::IDENTITY_COMMAND, timeouts).map(|out| Identity::parse(&out))
    });
    for twin in &twins {
        tracing::info!("{twin} is the same phone as its HOST:PORT serial; using that one");
    }
    devices.retain(|d| !twins.contains(&d.serial));
    devices
}

/// `exec:COMMAND` on `serial` through the server, its output read as `Device::shell` reads it;
/// `None` when it could not run. (Before a phone is chosen there is no `Device` to ask.)
fn exec(server: &ServerConfig, serial: &str, command: &str, timeouts: Timeouts) -> Option<String> {
    let mut stream = link(server, timeouts)
        .open(serial, &format!("exec:{command}"))
        .ok()?;
    let mut out = Vec::new();
    stream.read_to_end(&mut out).ok()?;
    Some(shell_text(&out))
}
