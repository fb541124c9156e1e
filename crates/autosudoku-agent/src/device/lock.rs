//! One agent per device: `play` and `regress` hold a lock on the phone they drive, so a second run
//! on the same phone stops at once, naming the first, instead of typing into the same game (both
//! would lose it). The lock is an OS file lock (`File::try_lock`, `flock` on Linux) on a file per
//! (adb server, serial) in the user's lock folder (`Home::locks`): the kernel drops it when its
//! process ends, however it ends, so a lock left by a dead process never blocks. The file holds the
//! holder's pid and command line, for the second run's message.

use super::{open_device, DeviceConfig, DeviceError, Phone, Route};
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error("{serial} is already being driven by another autosudoku ({holder}); two agents on one phone both lose the game: wait for it to finish or stop it (kill {pid}), then run again", pid = .holder.pid.map_or("it".to_owned(), |p| p.to_string()))]
    Busy { serial: String, holder: Holder },
    #[error("cannot lock {serial} for this run ({path}): {source}; check that the folder can be written, or set AUTOSUDOKU_HOME")]
    Io {
        serial: String,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// Who holds a lock, as its file says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Holder {
    pub pid: Option<u32>,
    pub command: String,
}

impl std::fmt::Display for Holder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.pid {
            Some(pid) => write!(f, "pid {pid}: {}", self.command),
            // Between its lock and its first write: the holder has not said who it is yet.
            None => f.write_str("a process that is just starting"),
        }
    }
}

/// Connecting to drive a phone alone failed: the phone, or its lock.
#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error(transparent)]
    Device(#[from] DeviceError),
    #[error(transparent)]
    Lock(#[from] LockError),
}

/// Where this process keeps its locks (`Home::locks`) and the command line a second run is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claimant {
    pub dir: PathBuf,
    pub command: String,
}

/// Chooses the device `config` names and takes its lock before anything starts on it (a second
/// Monkey would end the first one's), then connects; `overlapped`: input starts on a thread
/// behind the first look (`Phone::connect_overlapped`).
pub fn connect_alone(
    config: &DeviceConfig,
    claimant: &Claimant,
    overlapped: bool,
) -> Result<(Phone, DeviceLock), ConnectError> {
    let device = open_device(&config.route, config.timeouts)?;
    let lock = claim(
        &claimant.dir,
        &config.route,
        device.serial(),
        &claimant.command,
    )?;
    let phone = if overlapped {
        Phone::open_overlapped(device, config)?
    } else {
        Phone::open(device, config)?
    };
    Ok((phone, lock))
}

/// A held lock; dropping it (or the process ending) releases the device.
#[derive(Debug)]
pub struct DeviceLock {
    _file: File,
}

/// Takes the lock of the device `serial` reached by `route`, in `dir`, for this process, whose
/// command line `command` is (shown to a second run).
pub fn claim(
    dir: &Path,
    route: &Route,
    serial: &str,
    command: &str,
) -> Result<DeviceLock, LockError> {
    let path = dir.join(file_name(route, serial));
    let io = |source| LockError::Io {
        serial: serial.to_owned(),
        path: path.clone(),
        source,
    };
    std::fs::create_dir_all(dir).map_err(io)?;
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(io)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            let mut text = String::new();
            let _ = file.read_to_string(&mut text);
            return Err(LockError::Busy {
                serial: serial.to_owned(),
                holder: holder(&text),
            });
        }
        Err(TryLockError::Error(e)) => return Err(io(e)),
    }
    file.set_len(0).map_err(io)?;
    file.rewind().map_err(io)?;
    writeln!(file, "{}\n{command}", std::process::id()).map_err(io)?;
    Ok(DeviceLock { _file: file })
}

/// The lock file's name: the adb server and the serial (or the direct address), in characters
/// every file system takes.
fn file_name(route: &Route, serial: &str) -> String {
    let key = match route {
        Route::Server { server, .. } => format!("adb-{}-{serial}", server.addr),
        Route::Direct { addr, .. } => format!("direct-{addr}"),
    };
    format!("{}.lock", file_safe(&key))
}

/// `text` (a serial, `host:port`) as part of a file name every file system takes: letters, digits,
/// `-` and `.` kept, anything else `_`.
pub fn file_safe(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The holder a lock file names: its pid on the first line, its command on the second.
fn holder(text: &str) -> Holder {
    let mut lines = text.lines();
    Holder {
        pid: lines.next().and_then(|l| l.trim().parse().ok()),
        command: lines.next().unwrap_or_default().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::ServerConfig;

    fn route() -> Route {
        Route::Server {
            server: ServerConfig {
                addr: "127.0.0.1:5037".parse().unwrap(),
                adb: "adb".into(),
            },
            serial: None,
        }
    }

    #[test]
    fn a_second_claim_names_the_first_and_a_released_lock_is_free() {
        let dir = tempfile::tempdir().unwrap();
        let first = claim(dir.path(), &route(), "127.0.0.1:6520", "autosudoku play").unwrap();
        let busy = claim(dir.path(), &route(), "127.0.0.1:6520", "autosudoku regress").unwrap_err();
        let LockError::Busy { holder, .. } = &busy else {
            panic!("{busy}");
        };
        assert_eq!(holder.pid, Some(std::process::id()));
        assert_eq!(holder.command, "autosudoku play");
        assert!(busy.to_string().contains("kill"), "{busy}");
        // Another phone, or the same serial on another adb server, is another lock.
        claim(dir.path(), &route(), "emulator-5554", "x").unwrap();
        drop(first);
        claim(dir.path(), &route(), "127.0.0.1:6520", "again").unwrap();
    }

    #[test]
    fn lock_files_are_named_by_server_and_serial_in_plain_characters() {
        assert_eq!(
            file_name(&route(), "127.0.0.1:6520"),
            "adb-127.0.0.1_5037-127.0.0.1_6520.lock"
        );
    }
}
