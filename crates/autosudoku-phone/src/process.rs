//! The phone's table of long-running commands, so that `pkill` and `kill` from another shell can
//! signal them (the agent stops `screenrecord` with `pkill -INT screenrecord`). A command that
//! registers gets a pid and polls its pending signal; it leaves the table when its guard drops.
//! Short commands never register: they finish before anyone could signal them.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};

/// The signals the phone's commands react to, with their Linux numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signal {
    Hup = 1,
    Int = 2,
    Kill = 9,
    Term = 15,
}

impl Signal {
    fn from_number(n: u8) -> Option<Signal> {
        Some(match n {
            1 => Signal::Hup,
            2 => Signal::Int,
            9 => Signal::Kill,
            15 => Signal::Term,
            _ => return None,
        })
    }
}

impl fmt::Display for Signal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Signal::Hup => "HUP",
            Signal::Int => "INT",
            Signal::Kill => "KILL",
            Signal::Term => "TERM",
        })
    }
}

/// A signal name or number this phone does not know.
#[derive(Debug, thiserror::Error)]
#[error("Unknown signal '{0}'")]
pub struct UnknownSignal(pub String);

impl FromStr for Signal {
    type Err = UnknownSignal;
    /// `INT`, `SIGINT`, `int` or `2`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let upper = s.to_ascii_uppercase();
        let name = upper.strip_prefix("SIG").unwrap_or(&upper);
        let by_number = name.parse::<u8>().ok().and_then(Signal::from_number);
        by_number
            .or(match name {
                "HUP" => Some(Signal::Hup),
                "INT" => Some(Signal::Int),
                "KILL" => Some(Signal::Kill),
                "TERM" => Some(Signal::Term),
                _ => None,
            })
            .ok_or_else(|| UnknownSignal(s.to_string()))
    }
}

#[derive(Debug)]
struct Entry {
    name: String,
    pending: Arc<AtomicU8>,
}

/// Every registered process, by pid.
#[derive(Debug)]
pub struct Processes {
    next_pid: u32,
    table: BTreeMap<u32, Entry>,
}

impl Default for Processes {
    fn default() -> Self {
        // Low pids belong to init and the system's daemons.
        Processes {
            next_pid: 4000,
            table: BTreeMap::new(),
        }
    }
}

impl Processes {
    /// Registers a process named `name`; the returned handle polls its signals.
    pub fn spawn(&mut self, name: &str) -> (u32, Arc<AtomicU8>) {
        let pid = self.next_pid;
        self.next_pid += 1;
        let pending = Arc::new(AtomicU8::new(0));
        self.table.insert(
            pid,
            Entry {
                name: name.to_string(),
                pending: pending.clone(),
            },
        );
        (pid, pending)
    }

    pub fn exit(&mut self, pid: u32) {
        self.table.remove(&pid);
    }

    /// The pids whose name matches `pattern` (the whole name with `exact`, else a substring).
    pub fn find(&self, pattern: &str, exact: bool) -> Vec<u32> {
        self.table
            .iter()
            .filter(|(_, e)| {
                if exact {
                    e.name == pattern
                } else {
                    e.name.contains(pattern)
                }
            })
            .map(|(&pid, _)| pid)
            .collect()
    }

    /// Delivers `signal` to `pid`; false if there is no such process.
    pub fn signal(&self, pid: u32, signal: Signal) -> bool {
        match self.table.get(&pid) {
            Some(entry) => {
                // A later KILL wins over a pending INT; otherwise the first signal stays.
                let _ = entry
                    .pending
                    .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |old| {
                        (old == 0 || signal == Signal::Kill).then_some(signal as u8)
                    });
                true
            }
            None => false,
        }
    }
}

/// A running process's view of its own entry: its pid and the signal it has been sent.
#[derive(Debug)]
pub struct Process<'a> {
    pub pid: u32,
    pending: Arc<AtomicU8>,
    table: &'a Mutex<Processes>,
}

impl<'a> Process<'a> {
    pub fn start(table: &'a Mutex<Processes>, name: &str) -> Process<'a> {
        let (pid, pending) = lock(table).spawn(name);
        Process {
            pid,
            pending,
            table,
        }
    }

    /// The signal received so far, if any.
    pub fn signalled(&self) -> Option<Signal> {
        Signal::from_number(self.pending.load(Ordering::SeqCst))
    }
}

impl Drop for Process<'_> {
    fn drop(&mut self) {
        lock(self.table).exit(self.pid);
    }
}

fn lock(m: &Mutex<Processes>) -> std::sync::MutexGuard<'_, Processes> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signals_parse_by_name_and_number() {
        for text in ["INT", "SIGINT", "int", "2"] {
            assert_eq!(text.parse::<Signal>().unwrap(), Signal::Int, "{text}");
        }
        assert_eq!("9".parse::<Signal>().unwrap(), Signal::Kill);
        assert!("USR1".parse::<Signal>().is_err());
        assert!("99".parse::<Signal>().is_err());
    }

    #[test]
    fn a_process_is_found_signalled_and_gone_after_it_exits() {
        let table = Mutex::new(Processes::default());
        let pid = {
            let p = Process::start(&table, "screenrecord");
            assert_eq!(lock(&table).find("screen", false), [p.pid]);
            assert!(lock(&table).find("screen", true).is_empty());
            assert_eq!(p.signalled(), None);
            assert!(lock(&table).signal(p.pid, Signal::Int));
            assert!(lock(&table).signal(p.pid, Signal::Term));
            assert_eq!(p.signalled(), Some(Signal::Int), "the first signal stays");
            assert!(lock(&table).signal(p.pid, Signal::Kill));
            assert_eq!(p.signalled(), Some(Signal::Kill), "KILL overrides");
            p.pid
        };
        assert!(lock(&table).find("screenrecord", true).is_empty());
        assert!(!lock(&table).signal(pid, Signal::Int));
    }
}
