//! `--trace FILE.jsonl`: one JSON object per line for every connection, service opened and shell
//! command, with the phone-clock time and the simulated cost. For tests and benchmarks only; the
//! ADB side never sees it.

use serde::Serialize;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

/// One trace line.
#[derive(Debug, Serialize)]
struct Event<'a> {
    /// Milliseconds since the phone started.
    t_ms: f64,
    conn: u64,
    event: &'a str,
    detail: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    cost_ms: Option<f64>,
}

/// The open trace file.
#[derive(Debug)]
pub struct Trace {
    out: Mutex<BufWriter<File>>,
}

impl Trace {
    pub fn create(path: &Path) -> std::io::Result<Trace> {
        Ok(Trace {
            out: Mutex::new(BufWriter::new(File::create(path)?)),
        })
    }

    /// Appends one event and flushes, so the file is complete even if the phone is killed.
    pub fn log(&self, now: Duration, conn: u64, event: &str, detail: &str, cost: Option<Duration>) {
        let line = Event {
            t_ms: now.as_secs_f64() * 1000.0,
            conn,
            event,
            detail,
            cost_ms: cost.map(|c| c.as_secs_f64() * 1000.0),
        };
        let mut out = self.out.lock().unwrap_or_else(|p| p.into_inner());
        let written = serde_json::to_writer(&mut *out, &line)
            .map_err(std::io::Error::from)
            .and_then(|_| out.write_all(b"\n"))
            .and_then(|_| out.flush());
        if let Err(e) = written {
            tracing::warn!("trace write failed: {e}");
        }
    }
}
