//! The `monkey` backend: the Monkey that ships on every Android has a network mode (AOSP
//! development/cmds/monkey/README.NETWORK.txt). We start `monkey --port N` once, reach it through
//! the ADB `tcp:N` service (what `adb forward` opens, without a host port), and send `tap x y`
//! lines, each answered `OK`: one process for the whole game instead of a JVM per tap, no root.
//! The `OK` comes when the Monkey queues the event, before it injects it; it reads the next line
//! only once its queue is empty, so each batch ends with a line whose answer proves the last
//! input injected. This file is the transport; `encoding::MonkeyLines` writes the lines.

use super::super::error::DeviceError;
use super::super::preamble::shell_text;
use super::super::{Device, Service, Stream};
use super::log::Batch;
use super::transport::Transport;
use std::io::{BufRead, BufReader, Read, Write};
use std::time::{Duration, Instant};

/// The port from the Monkey's README. Only reachable from the phone itself (and through adb).
pub const MONKEY_PORT: u16 = 1080;
/// A line that changes nothing, sent after every batch: its answer comes once the batch's last
/// event was injected (MonkeySourceNetwork.getNextEvent drains the queue before reading on).
const PROOF: &str = "sleep 0";
/// The Monkey's JVM needs a moment before it listens.
const START_TIMEOUT: Duration = Duration::from_secs(8);
/// How often its port is tried meanwhile: a try is one adb round trip, and the first tap waits
/// for the port, so a coarse poll would add half its period to every game's start.
const START_POLL: Duration = Duration::from_millis(15);

pub struct MonkeyLink {
    device: Box<dyn Device>,
    /// The `shell:monkey --port N` stream: the process lives while it is open.
    process: Option<Box<dyn Stream>>,
    link: Option<BufReader<StreamIo>>,
    round_trips: usize,
}

/// `Box<dyn Stream>` as a plain `Read + Write` for `BufReader`.
struct StreamIo(Box<dyn Stream>);

impl Read for StreamIo {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.0.read(buf)
    }
}

impl MonkeyLink {
    pub(super) fn start(device: Box<dyn Device>) -> Result<Self, DeviceError> {
        let mut m = MonkeyLink {
            device,
            process: None,
            link: None,
            round_trips: 0,
        };
        m.connect()?;
        Ok(m)
    }

    /// Opens `tcp:N`; starts the Monkey first if nothing listens yet. After a cut the Monkey from
    /// before usually still runs and holds its port: it is reused. One that holds the port but no
    /// longer answers makes a new one exit at once: it is stopped and one more is started.
    fn connect(&mut self) -> Result<(), DeviceError> {
        if let Ok(s) = self.device.open(&Service::Tcp(MONKEY_PORT)) {
            if self.round_trips > 0 {
                tracing::info!("reusing the Monkey still listening on port {MONKEY_PORT}");
            }
            self.link = Some(BufReader::new(StreamIo(s)));
            return Ok(());
        }
        // A process stream from before a cut is dead whether or not its Monkey is.
        let mut printed = Vec::new();
        if self.exited(&mut printed) || self.round_trips > 0 {
            self.process = None;
        }
        match self.start_and_wait() {
            Err(DeviceError::Unsupported { hint, .. }) if port_taken(&hint) => {
                tracing::warn!("an old Monkey holds port {MONKEY_PORT}; stopping it");
                let _ = self.device.shell("pkill -f com.android.commands.monkey");
                std::thread::sleep(Duration::from_millis(300));
                self.start_and_wait()
            }
            other => other,
        }
    }

    /// Starts `monkey --port N` (unless its process runs) and waits until the port opens.
    fn start_and_wait(&mut self) -> Result<(), DeviceError> {
        if self.process.is_none() {
            tracing::debug!("starting monkey --port {MONKEY_PORT}");
            self.process = Some(
                self.device
                    .open(&Service::Shell(format!("monkey --port {MONKEY_PORT}")))?,
            );
        }
        let deadline = Instant::now() + START_TIMEOUT;
        let mut printed = Vec::new();
        loop {
            match self.device.open(&Service::Tcp(MONKEY_PORT)) {
                Ok(s) => {
                    self.link = Some(BufReader::new(StreamIo(s)));
                    return Ok(());
                }
                Err(e) if e.is_lost() => return Err(e),
                // A Monkey that exited (missing, refused) will never listen: say so now.
                Err(_) if self.exited(&mut printed) => {
                    self.process = None;
                    return Err(exited_at_once(&printed));
                }
                Err(e) if Instant::now() >= deadline => {
                    return Err(DeviceError::Unsupported {
                        backend: "monkey",
                        what: "start the on-device Monkey",
                        hint: format!(
                            "port {MONKEY_PORT} did not open within {} s ({e}); use --input shell",
                            START_TIMEOUT.as_secs()
                        ),
                    })
                }
                Err(_) => std::thread::sleep(START_POLL),
            }
        }
    }

    /// Whether the Monkey's process stream has ended (the process exited), keeping what it printed.
    fn exited(&mut self, printed: &mut Vec<u8>) -> bool {
        let Some(process) = self.process.as_mut() else {
            return false;
        };
        // Only what is already there: a running Monkey prints nothing and keeps the stream open.
        if process.set_timeout(Duration::from_millis(1)).is_err() {
            return false;
        }
        let mut buf = [0u8; 512];
        let ended = loop {
            match process.read(&mut buf) {
                Ok(0) => break true,
                // A process that prints without end is running, and must not fill our memory.
                Ok(_) if printed.len() >= MAX_PRINTED => break false,
                Ok(n) => printed.extend_from_slice(&buf[..n]),
                Err(_) => break false,
            }
        };
        let _ = process.set_timeout(self.device.timeouts().command);
        ended
    }

    /// Sends the batch's lines at once and reads one answer per line; returns how many were
    /// `OK`, or with the error how many were before it.
    /// Sends the batch and the proof line after it; an input counts as confirmed once the answer
    /// to the line after it came (see `PROOF`).
    fn exchange(&mut self, batch: &mut Batch) -> Result<usize, (usize, DeviceError)> {
        if self.link.is_none() {
            self.connect().map_err(|e| (0, e))?;
        }
        let link = self.link.as_mut().expect("connected above");
        let mut text = String::new();
        for c in batch.commands() {
            text.push_str(&c.line);
            text.push('\n');
        }
        text.push_str(PROOF);
        text.push('\n');
        self.round_trips += 1;
        for i in 0..batch.len() {
            batch.written(i, self.round_trips);
        }
        if let Err(e) = link.get_mut().0.write_all(text.as_bytes()) {
            let err = self.device.io_error("sending to the Monkey", e);
            self.link = None;
            return Err((0, err));
        }
        for answered in 0..=batch.len() {
            // The answers so far prove all inputs but the last answered one injected.
            let confirmed = answered.saturating_sub(1);
            let answer = self.answer().map_err(|e| (confirmed, e))?;
            if !is_ok(&answer) {
                let command = match answered < batch.len() {
                    true => batch.command(answered).line.clone(),
                    false => PROOF.to_owned(),
                };
                let serial = self.device.serial().to_owned();
                let detail = format!("the Monkey answered {answer:?}");
                let err = DeviceError::Unexpected {
                    serial,
                    command,
                    detail,
                };
                return Err((confirmed, err));
            }
            if answered > 0 {
                batch.confirmed(answered);
            }
        }
        Ok(batch.len())
    }

    /// The Monkey's next answer line, trimmed; a closed or failed link is the phone lost.
    fn answer(&mut self) -> Result<String, DeviceError> {
        let mut answer = String::new();
        let link = self.link.as_mut().expect("connected");
        match read_answer(link, &mut answer) {
            Ok(0) => {
                self.link = None;
                Err(DeviceError::Lost {
                    serial: self.device.serial().to_owned(),
                    doing: "waiting for the Monkey's OK".into(),
                    reason: "the Monkey closed the connection".into(),
                })
            }
            Err(e) => {
                self.link = None;
                Err(self.device.io_error("waiting for the Monkey's OK", e))
            }
            Ok(_) => Ok(answer.trim().to_owned()),
        }
    }
}

impl Transport for MonkeyLink {
    fn send(&mut self, batch: &mut Batch, _gap: Duration) -> Result<usize, DeviceError> {
        let total = batch.len();
        self.exchange(batch)
            .map_err(|(confirmed, source)| DeviceError::Partial {
                confirmed,
                total,
                source: Box::new(source),
            })
    }

    fn round_trips(&self) -> usize {
        self.round_trips
    }

    fn device(&mut self) -> &mut dyn Device {
        &mut *self.device
    }
}

impl Drop for MonkeyLink {
    fn drop(&mut self) {
        if let Some(link) = self.link.as_mut() {
            let _ = link.get_mut().0.write_all(b"quit\n");
            link.get_mut().0.close();
        }
        if let Some(mut p) = self.process.take() {
            p.close();
        }
    }
}

/// The error for a Monkey that exited before it listened, with what it printed.
fn exited_at_once(printed: &[u8]) -> DeviceError {
    let said = shell_text(printed);
    DeviceError::Unsupported {
        backend: "monkey",
        what: "start the on-device Monkey",
        hint: format!(
            "`monkey --port {MONKEY_PORT}` exited at once{}; use --input shell",
            match said.trim() {
                "" => String::new(),
                text => format!(" ({})", text.chars().take(200).collect::<String>()),
            }
        ),
    }
}

/// Whether a Monkey that exited at once said its port was taken: Monkey.run prints this when
/// MonkeySourceNetwork cannot bind the port, and exits with -5 (development/cmds/monkey
/// Monkey.java @ android-7.0.0_r1 and android-14.0.0_r1).
fn port_taken(said: &str) -> bool {
    said.contains("Error binding to network socket.")
}

/// Longest answer line we wait for: the Monkey says `OK`, `OK:value` or `ERROR`; anything longer
/// is not the Monkey, and reading on would let a runaway peer fill our memory.
const MAX_ANSWER: u64 = 4096;

/// Most of the Monkey process's own output we keep, for the error that says why it exited.
const MAX_PRINTED: usize = 64 * 1024;

/// Reads one answer line, at most `MAX_ANSWER` bytes (a longer one comes back cut, without its
/// newline, and is then rejected as not OK).
pub fn read_answer(link: &mut impl BufRead, answer: &mut String) -> std::io::Result<usize> {
    link.take(MAX_ANSWER).read_line(answer)
}

/// Whether an answer line (trimmed) confirms the command.
pub fn is_ok(answer: &str) -> bool {
    answer == "OK" || answer.starts_with("OK:")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_monkey_that_cannot_bind_its_port_is_known_by_aosps_words() {
        let said = exited_at_once(b"Error binding to network socket.\n");
        let DeviceError::Unsupported { hint, .. } = said else {
            panic!("{said:?}")
        };
        assert!(port_taken(&hint), "{hint}");
        assert!(!port_taken(
            "`monkey --port 1080` exited at once (monkey: not found)"
        ));
    }
}
