//! The shell-session transport: one long-lived interactive shell session that runs command items
//! and confirms each with an echoed marker, so the host knows exactly which items the phone
//! executed. Carries the `shell` and `sendevent` backends; puts the tap gap on the phone as
//! `sleep`. Reopens itself (after a reconnect if needed) when the stream was lost.
//!
//! The session is `shell,raw:` (no terminal) where adbd takes it, else a terminal's `shell:`: a
//! terminal's echo can cost a round trip per byte of every line (docs/notes/input.md).

use super::super::error::DeviceError;
use super::super::{Device, Service, Stream};
use super::command::Command;
use super::injection;
use super::log::Batch;
use super::sleep_arg;
use super::transport::Transport;
use std::io::{Read, Write};
use std::time::Duration;

/// The marker prefix. Sent as `echo AS_OK_""N`: the shell prints `AS_OK_N`, while the terminal's
/// echo of our own input shows `AS_OK_""N`, which can never be mistaken for a confirmation.
const MARK: &[u8] = b"AS_OK_";
/// Items chained on one line; keeps lines far below the 4095-byte tty line limit.
const ITEMS_PER_LINE: usize = 8;
/// Lines written ahead of the confirmations.
const WINDOW: usize = 2;

pub struct ShellSession {
    device: Box<dyn Device>,
    stream: Option<Box<dyn Stream>>,
    next_id: u64,
    pending: Vec<u8>,
    round_trips: usize,
    /// The phone refused `shell,raw:`: sessions are terminal ones.
    no_raw: bool,
}

impl ShellSession {
    pub fn new(device: Box<dyn Device>) -> Self {
        ShellSession {
            device,
            stream: None,
            next_id: 1,
            pending: Vec::new(),
            round_trips: 0,
            no_raw: false,
        }
    }

    fn stream(&mut self) -> Result<&mut Box<dyn Stream>, DeviceError> {
        if self.stream.is_none() {
            let s = match self.open() {
                Ok(s) => s,
                Err(first) if first.is_lost() => {
                    tracing::info!("shell session lost ({first}); reconnecting");
                    self.device.reconnect()?;
                    self.open()?
                }
                Err(e) => return Err(e),
            };
            self.pending.clear();
            self.stream = Some(s);
        }
        Ok(self.stream.as_mut().expect("just opened"))
    }

    /// A raw session, else (once the phone refused one) a terminal session.
    fn open(&mut self) -> Result<Box<dyn Stream>, DeviceError> {
        if !self.no_raw {
            match self.device.open(&Service::RawShell) {
                Err(e) if !e.is_lost() => {
                    tracing::debug!("no raw shell session ({e}); using a terminal one");
                    self.no_raw = true;
                }
                other => return other,
            }
        }
        self.device.open(&Service::InteractiveShell)
    }

    /// Runs the batch's items in order, `gap` apart, and returns once all are confirmed. On
    /// failure the error is `Partial` with the number of items confirmed; the session reopens on
    /// the next call.
    fn run(&mut self, batch: &mut Batch, gap: Duration) -> Result<usize, DeviceError> {
        let first = self.next_id;
        self.next_id += batch.len() as u64;
        let lines = build_lines(batch.commands(), first, gap);
        let mut confirmed = 0usize;
        let result = self.drive(batch, &lines, first, &mut confirmed);
        match result {
            Ok(()) => Ok(confirmed),
            Err(source) => {
                if let Some(mut s) = self.stream.take() {
                    s.close();
                }
                Err(DeviceError::Partial {
                    confirmed,
                    total: batch.len(),
                    source: Box::new(source),
                })
            }
        }
    }

    fn drive(
        &mut self,
        batch: &mut Batch,
        lines: &[(String, usize)],
        first: u64,
        confirmed: &mut usize,
    ) -> Result<(), DeviceError> {
        let total = batch.len();
        let mut written = 0;
        while *confirmed < total {
            // Keep up to WINDOW lines in flight.
            while written < lines.len()
                && (written == 0 || lines[written - 1].1 <= *confirmed + WINDOW * ITEMS_PER_LINE)
            {
                let line = lines[written].0.clone();
                let stream = self.stream()?;
                if let Err(e) = stream.write_all(line.as_bytes()) {
                    return Err(self
                        .device
                        .io_error("sending input to the shell session", e));
                }
                self.round_trips += 1;
                let from = if written == 0 {
                    0
                } else {
                    lines[written - 1].1
                };
                for i in from..lines[written].1 {
                    batch.written(i, self.round_trips);
                }
                written += 1;
            }
            let mut buf = [0u8; 4096];
            let stream = self.stream()?;
            let n = match stream.read(&mut buf) {
                Ok(0) => {
                    return Err(DeviceError::Lost {
                        serial: self.device.serial().to_owned(),
                        doing: "waiting for the shell session to confirm input".into(),
                        reason: "the session was closed".into(),
                    })
                }
                Ok(n) => n,
                Err(e) => {
                    return Err(self
                        .device
                        .io_error("waiting for the shell session to confirm input", e))
                }
            };
            self.pending.extend_from_slice(&buf[..n]);
            let (ids, consumed) = scan_markers(&self.pending);
            // A refused injection still echoes its marker: what it printed says so, and none of
            // this read's markers counts.
            let printed = String::from_utf8_lossy(&self.pending[..consumed]);
            if let Some(said) = injection::refusal(&printed) {
                let said = said.to_owned();
                self.pending.clear();
                return Err(DeviceError::InjectionDenied { said });
            }
            self.pending.drain(..consumed);
            for id in ids {
                if id >= first && id < first + total as u64 {
                    // Items run in order: a marker confirms every item before it.
                    *confirmed = (*confirmed).max((id - first + 1) as usize);
                }
            }
            batch.confirmed(*confirmed);
        }
        Ok(())
    }
}

impl Transport for ShellSession {
    fn send(&mut self, batch: &mut Batch, gap: Duration) -> Result<usize, DeviceError> {
        self.run(batch, gap)
    }

    fn paces_on_phone(&self) -> bool {
        true
    }

    fn round_trips(&self) -> usize {
        self.round_trips
    }

    fn device(&mut self) -> &mut dyn Device {
        &mut *self.device
    }
}

impl Drop for ShellSession {
    fn drop(&mut self) {
        if let Some(mut s) = self.stream.take() {
            let _ = s.write_all(b"exit\n");
            s.close();
        }
    }
}

/// Item `i` gets marker `first + i`; returns lines with the count of items up to and including them.
fn build_lines(items: &[Command], first: u64, gap: Duration) -> Vec<(String, usize)> {
    let mut lines = Vec::new();
    for (chunk_no, chunk) in items.chunks(ITEMS_PER_LINE).enumerate() {
        let mut line = String::new();
        for (j, item) in chunk.iter().enumerate() {
            let i = chunk_no * ITEMS_PER_LINE + j;
            if i > 0 && !gap.is_zero() {
                line.push_str(&format!("sleep {}; ", sleep_arg(gap)));
            }
            line.push_str(&format!(
                "{}; echo {}\"\"{}; ",
                item.line,
                String::from_utf8_lossy(MARK),
                first + i as u64
            ));
        }
        line.push('\n');
        lines.push((line, chunk_no * ITEMS_PER_LINE + chunk.len()));
    }
    lines
}

/// Finds complete markers (`AS_OK_` digits then CR or LF) and returns their ids and how many bytes
/// can be dropped (everything before a possibly incomplete marker at the end).
fn scan_markers(buf: &[u8]) -> (Vec<u64>, usize) {
    let mut ids = Vec::new();
    let mut i = 0;
    let mut keep_from = buf.len().saturating_sub(MARK.len() + 20);
    while let Some(off) = find(&buf[i..], MARK) {
        let start = i + off + MARK.len();
        let digits = buf[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        match buf.get(start + digits) {
            Some(b'\r' | b'\n') if digits > 0 => {
                if let Some(id) = std::str::from_utf8(&buf[start..start + digits])
                    .ok()
                    .and_then(|s| s.parse().ok())
                {
                    ids.push(id);
                }
                i = start + digits;
                keep_from = keep_from.max(i);
            }
            None => {
                // Cut mid-marker: keep it for the next read.
                keep_from = keep_from.min(i + off);
                break;
            }
            Some(_) => i = start,
        }
    }
    (ids, keep_from.min(buf.len()))
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_chain_items_with_markers_and_gaps() {
        let items: Vec<Command> = (0..10)
            .map(|i| Command::new(format!("input tap {i} {i}"), 1))
            .collect();
        let lines = build_lines(&items, 5, Duration::ZERO);
        assert_eq!(lines.len(), 2);
        assert!(lines[0]
            .0
            .starts_with("input tap 0 0; echo AS_OK_\"\"5; input tap 1 1; echo AS_OK_\"\"6;"));
        assert_eq!((lines[0].1, lines[1].1), (8, 10));
        let gapped = build_lines(&items[..2], 1, Duration::from_millis(50));
        assert_eq!(
            gapped[0].0,
            "input tap 0 0; echo AS_OK_\"\"1; sleep 0.050; input tap 1 1; echo AS_OK_\"\"2; \n"
        );
    }

    #[test]
    fn markers_ignore_the_terminal_echo_and_keep_partial_ones() {
        let out = b"$ input tap 1 1; echo AS_OK_\"\"7; input tap 2 2; echo AS_OK_\"\"8\r\nAS_OK_7\r\nAS_OK_8\r\n$ AS_OK_1";
        let (ids, consumed) = scan_markers(out);
        assert_eq!(ids, vec![7, 8]);
        // The unfinished marker is kept, and nothing already counted is seen again.
        let mut rest = out[consumed..].to_vec();
        rest.extend_from_slice(b"7\r\n");
        assert_eq!(scan_markers(&rest).0, vec![17]);
        // Output glued to an echo line without a newline still counts.
        let (ids, _) = scan_markers(b"echo AS_OK_\"\"12AS_OK_12\n");
        assert_eq!(ids, vec![12]);
        // "AS_OK_1" must not be read from an unfinished "AS_OK_17".
        let (ids, consumed) = scan_markers(b"AS_OK_1");
        assert!(ids.is_empty());
        assert_eq!(consumed, 0);
    }
}
