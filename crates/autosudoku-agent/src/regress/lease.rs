//! Phones leased from a device farm by its own tools (`--devices-from CMD`, `--release CMD`): the
//! lease command, or a file, lists serials or `host:port` addresses, one a line; the run `adb
//! connect`s the addresses (the device layer does, as for any `-s HOST:PORT`), and afterwards, also
//! after Ctrl-C, a failed start or a crashed worker, disconnects them and runs the release command.
//!
//! The commands run through the shell the user chose (`sh -c CMD` by default), as the user wrote
//! them; the leased names reach the release command on its stdin and in `AUTOSUDOKU_LEASED`, never
//! pasted into a command line, and never into a device's shell.

use crate::device::{adb_disconnect, ServerConfig, Timeouts};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

#[derive(Debug, thiserror::Error)]
pub enum LeaseError {
    #[error("cannot run the lease command {command:?} with {shell}")]
    Start {
        command: String,
        shell: String,
        #[source]
        source: std::io::Error,
    },
    #[error("the lease command {command:?} failed ({status}): {stderr}")]
    Failed {
        command: String,
        status: String,
        stderr: String,
    },
    #[error("cannot read the device list {path}")]
    Read {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("the lease {from:?} named no device (it must print serials or host:port, one a line)")]
    Empty { from: String },
}

/// Phones held from a farm until released (on `release`, or when dropped).
#[derive(Debug)]
pub struct Lease {
    shell: String,
    release: Option<String>,
    devices: Vec<String>,
    server: ServerConfig,
    timeouts: Timeouts,
    done: bool,
}

impl Lease {
    /// Takes the devices `from` names: a file's lines if it is a file, else a command's output.
    pub fn take(
        shell: &str,
        from: &str,
        release: Option<String>,
        server: ServerConfig,
        timeouts: Timeouts,
    ) -> Result<Lease, LeaseError> {
        let text = if Path::new(from).is_file() {
            std::fs::read_to_string(from).map_err(|source| LeaseError::Read {
                path: from.to_owned(),
                source,
            })?
        } else {
            run(shell, from, "", &[])?
        };
        let devices: Vec<String> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_owned)
            .collect();
        let lease = Lease {
            shell: shell.to_owned(),
            release,
            devices,
            server,
            timeouts,
            done: false,
        };
        if lease.devices.is_empty() {
            // Nothing to use, but the farm may still hold a reservation: give it back.
            drop(lease);
            return Err(LeaseError::Empty {
                from: from.to_owned(),
            });
        }
        Ok(lease)
    }

    /// The serials and addresses leased, in the farm's order.
    pub fn devices(&self) -> &[String] {
        &self.devices
    }

    /// Disconnects the leased network phones and runs the release command; once.
    pub fn release(&mut self) -> Result<(), LeaseError> {
        if std::mem::replace(&mut self.done, true) {
            return Ok(());
        }
        for address in self.devices.iter().filter(|d| d.contains(':')) {
            adb_disconnect(&self.server, address, self.timeouts);
        }
        let Some(command) = &self.release else {
            return Ok(());
        };
        let list = self.devices.join("\n") + "\n";
        run(&self.shell, command, &list, &[("AUTOSUDOKU_LEASED", &list)]).map(|_| ())
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let Err(e) = self.release() {
            tracing::warn!("{e}");
        }
    }
}

/// `shell -c command` with `input` on stdin; its stdout.
fn run(
    shell: &str,
    command: &str,
    input: &str,
    env: &[(&str, &str)],
) -> Result<String, LeaseError> {
    let start = |source| LeaseError::Start {
        command: command.to_owned(),
        shell: shell.to_owned(),
        source,
    };
    let mut child = Command::new(shell)
        .arg("-c")
        .arg(command)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(start)?;
    if let Some(mut stdin) = child.stdin.take() {
        // A command that does not read its stdin closes it early: that is fine.
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().map_err(start)?;
    if !out.status.success() {
        return Err(LeaseError::Failed {
            command: command.to_owned(),
            status: out.status.to_string(),
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_owned(),
        });
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::ServerSources;

    fn server() -> ServerConfig {
        // A port nothing listens on: disconnects fail quietly.
        ServerSources {
            flag_host: Some("127.0.0.1".into()),
            flag_port: Some(1),
            ..ServerSources::default()
        }
        .resolve()
        .unwrap()
    }

    #[test]
    fn a_lease_lists_what_the_farm_printed_and_gives_it_back_once() {
        let dir = tempfile::tempdir().unwrap();
        let back = dir.path().join("back");
        let release = format!(
            "cat > '{}'; echo \"$AUTOSUDOKU_LEASED\" >> '{}'",
            back.display(),
            back.display()
        );
        let mut lease = Lease::take(
            "sh",
            "printf 'emulator-5554\\n# a comment\\n\\n10.0.0.7:5555\\n'",
            Some(release),
            server(),
            Timeouts::default(),
        )
        .unwrap();
        assert_eq!(lease.devices(), ["emulator-5554", "10.0.0.7:5555"]);
        lease.release().unwrap();
        let got = std::fs::read_to_string(&back).unwrap();
        assert_eq!(got.matches("10.0.0.7:5555").count(), 2, "{got}");
        std::fs::remove_file(&back).unwrap();
        drop(lease);
        assert!(!back.exists(), "released once");
    }

    #[test]
    fn a_file_lists_devices_and_an_empty_lease_is_refused_and_released() {
        let dir = tempfile::tempdir().unwrap();
        let list = dir.path().join("phones.txt");
        std::fs::write(&list, "a:1\nb:2\n").unwrap();
        let from = list.to_str().unwrap();
        let lease = Lease::take("sh", from, None, server(), Timeouts::default()).unwrap();
        assert_eq!(lease.devices(), ["a:1", "b:2"]);
        let marker = dir.path().join("released");
        let release = format!("touch '{}'", marker.display());
        let e = Lease::take("sh", "true", Some(release), server(), Timeouts::default());
        assert!(matches!(e, Err(LeaseError::Empty { .. })));
        assert!(marker.exists());
        let failed = Lease::take(
            "sh",
            "echo no phones >&2; exit 3",
            None,
            server(),
            Timeouts::default(),
        );
        assert!(failed.unwrap_err().to_string().contains("no phones"));
    }
}
