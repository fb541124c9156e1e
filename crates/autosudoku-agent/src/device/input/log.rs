//! The log of what an input backend actually sent, for `play --trace`: one entry per input (tap or
//! key) with the device command that carried it, the round trip it went out in, and when it was
//! written and confirmed. Off by default; while off, recording costs one branch per batch. The
//! injector owns the log; a transport reports into it through the `Batch` it is sending.

use super::command::Command;
use super::InputKind;
use std::sync::Arc;
use std::time::Instant;

/// One input as it went to the phone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sent {
    pub backend: InputKind,
    /// The device command that carried this input: `input tap 540 1200`, the Monkey's `tap 540
    /// 1200`, nine `sendevent` calls, or a whole `input keyevent ...` shared by every key in it.
    pub command: Arc<str>,
    /// Which round trip (stream or written line, numbered like `InputStats::round_trips`) carried it.
    pub round_trip: usize,
    pub sent_at: Instant,
    /// When the phone confirmed it (`None`: it was sent but never confirmed).
    pub confirmed_at: Option<Instant>,
}

/// The entries a backend keeps while logging is on.
#[derive(Debug, Default)]
pub struct SentLog {
    on: bool,
    entries: Vec<Sent>,
}

impl SentLog {
    pub fn set(&mut self, on: bool) {
        self.on = on;
        if !on {
            self.entries.clear();
        }
    }

    /// Notes `count` inputs carried by `command`, written now in round trip `round_trip`; returns
    /// the index of the first, for `confirm`. The command is copied only while logging.
    pub fn sent(
        &mut self,
        backend: InputKind,
        command: &str,
        count: usize,
        round_trip: usize,
    ) -> usize {
        let first = self.entries.len();
        if self.on && count > 0 {
            let now = Instant::now();
            let command: Arc<str> = Arc::from(command);
            self.entries.extend((0..count).map(|_| Sent {
                backend,
                command: command.clone(),
                round_trip,
                sent_at: now,
                confirmed_at: None,
            }));
        }
        first
    }

    /// Marks the entries from `first` (as `sent` returned) to `first + count` confirmed now.
    pub fn confirm(&mut self, first: usize, count: usize) {
        if !self.on {
            return;
        }
        let now = Instant::now();
        let end = (first + count).min(self.entries.len());
        for e in &mut self.entries[first.min(end)..end] {
            e.confirmed_at.get_or_insert(now);
        }
    }

    /// The entries since the last call, oldest first.
    pub fn take(&mut self) -> Vec<Sent> {
        std::mem::take(&mut self.entries)
    }
}

/// One batch of commands on its way, as a transport reports it: which command went out in
/// which round trip, and how many (from the first) the phone confirmed.
pub struct Batch<'a> {
    log: &'a mut SentLog,
    backend: InputKind,
    commands: &'a [Command],
    /// Where each written command's inputs start in the log.
    logged: Vec<usize>,
    confirmed: usize,
}

impl<'a> Batch<'a> {
    pub fn new(log: &'a mut SentLog, backend: InputKind, commands: &'a [Command]) -> Batch<'a> {
        Batch {
            log,
            backend,
            commands,
            logged: Vec::new(),
            confirmed: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.commands.len()
    }

    pub fn command(&self, i: usize) -> &Command {
        &self.commands[i]
    }

    pub fn commands(&self) -> &[Command] {
        self.commands
    }

    /// Command `i` (written in order) went out in round trip `round_trip`.
    pub fn written(&mut self, i: usize, round_trip: usize) {
        debug_assert_eq!(i, self.logged.len(), "commands are written in order");
        let c = &self.commands[i];
        let at = self.log.sent(self.backend, &c.line, c.inputs, round_trip);
        self.logged.push(at);
    }

    /// The first `n` commands are confirmed (a later call with a smaller `n` changes nothing).
    pub fn confirmed(&mut self, n: usize) {
        let end = n.min(self.logged.len());
        for i in self.confirmed.min(end)..end {
            self.log.confirm(self.logged[i], self.commands[i].inputs);
        }
        self.confirmed = self.confirmed.max(end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_nothing_while_off_and_confirms_ranges() {
        let mut log = SentLog::default();
        let cmd = "input keyevent 19 12";
        log.sent(InputKind::Keys, cmd, 2, 1);
        assert!(log.take().is_empty());
        log.set(true);
        let first = log.sent(InputKind::Keys, cmd, 2, 1);
        let second = log.sent(InputKind::Keys, "input keyevent 67", 1, 2);
        log.confirm(first, 2);
        let entries = log.take();
        assert_eq!(entries.len(), 3);
        assert_eq!(second, 2);
        assert!(entries[..2].iter().all(|e| e.confirmed_at.is_some()));
        assert_eq!(entries[2].confirmed_at, None);
        assert_eq!((entries[0].round_trip, entries[2].round_trip), (1, 2));
        assert!(log.take().is_empty());
    }

    #[test]
    fn a_batch_logs_each_command_with_its_inputs() {
        let mut log = SentLog::default();
        log.set(true);
        let commands = [
            Command::new("input keyevent 12 67".into(), 2),
            Command::new("input tap 1 2".into(), 1),
        ];
        let mut batch = Batch::new(&mut log, InputKind::Shell, &commands);
        batch.written(0, 1);
        batch.written(1, 1);
        batch.confirmed(1);
        batch.confirmed(0);
        let entries = log.take();
        assert_eq!(entries.len(), 3);
        assert!(entries[..2].iter().all(|e| e.confirmed_at.is_some()));
        assert_eq!(entries[2].confirmed_at, None);
        assert_eq!(&*entries[2].command, "input tap 1 2");
    }
}
