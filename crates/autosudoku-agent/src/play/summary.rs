//! `--summary`: the puzzle, its solution, the work done and the time per phase, as text on stderr or
//! one JSON object on stdout (with `stop`, why play stopped, when it did not win). Capture and read are measured inside every look; verify and wait are
//! the looks after input (so they include their own capture and read time).

use super::driver::Won;
use super::estimate::Human;
use super::phone_agent::AgentTimes;
use super::report::Report;
use super::view::Phase;
use super::PlayError;
use serde_json::json;
use std::io::Write;
use std::time::Duration;

pub struct Summary {
    json: serde_json::Value,
    text: String,
}

impl Summary {
    /// `reconnects`: how often the phone was lost mid-game and reached again.
    pub fn new(
        serial: &str,
        report: &Report,
        times: &AgentTimes,
        reconnects: u32,
        result: Result<&Won, &PlayError>,
    ) -> Summary {
        let phase = |p: Phase| report.phases.get(&p).copied().unwrap_or_default();
        let rows: [(&str, Duration); 7] = [
            ("capture", times.capture),
            ("read", times.read),
            ("solve", phase(Phase::Solve)),
            ("plan", phase(Phase::Plan)),
            ("input", phase(Phase::Input)),
            ("verify", phase(Phase::Verify)),
            ("wait", phase(Phase::Wait)),
        ];
        let total = report.elapsed();
        let inputs = times.taps + times.keys;
        let rate = inputs as f64 / phase(Phase::Input).as_secs_f64().max(1e-9);
        let line = |b: &Option<autosudoku_core::sudoku::Board>| b.as_ref().map(|b| b.to_line());
        let mut json = json!({
            "serial": serial,
            "solved": result.is_ok(),
            "puzzle": line(&report.puzzle),
            "solution": line(&report.solution),
            "done": report.done,
            "todo": report.todo,
            "moves": report.moves,
            "taps": times.taps,
            "keys": times.keys,
            "batches": times.batches,
            "captures": times.captures,
            "repairs": report.repairs,
            "reconnects": reconnects,
            "profile": report.profile,
            "learned": report.learned,
            "inputs_per_second": (rate * 10.0).round() / 10.0,
            "seconds": rows.iter().map(|(k, d)| (k.to_string(), json!((d.as_secs_f64() * 1000.0).round() / 1000.0)))
                .chain([("total".to_string(), json!((total.as_secs_f64() * 1000.0).round() / 1000.0))])
                .collect::<serde_json::Map<_, _>>(),
        });
        if let Err(e) = result {
            json["stop"] = serde_json::to_value(e.stop()).unwrap_or_default();
        }
        let mut text = String::new();
        let or_dash = |s: Option<String>| s.unwrap_or_else(|| "-".into());
        text.push_str(&format!("puzzle    {}\n", or_dash(line(&report.puzzle))));
        text.push_str(&format!("solution  {}\n", or_dash(line(&report.solution))));
        if let Some(p) = &report.profile {
            let name = p.name.as_deref().unwrap_or("none");
            text.push_str(&format!("profile   {name} ({})\n", p.reason));
        }
        for line in report.learned.iter().flat_map(|l| l.lines()) {
            text.push_str(&format!("learned   {line}\n"));
        }
        text.push_str(&format!(
            "work      {}/{} done, {} moves, {} taps + {} keys in {} batches ({rate:.1} inputs/s while sending), {} captures\n",
            report.done, report.todo, report.moves, times.taps, times.keys, times.batches, times.captures
        ));
        text.push_str(&format!(
            "recovery  {} wrong digit(s) repaired, {reconnects} reconnect(s)\n",
            report.repairs
        ));
        for (name, d) in rows {
            text.push_str(&format!("{name:<9} {}\n", Human(d)));
        }
        text.push_str(&format!("total     {}", Human(total)));
        for note in &report.notes {
            text.push_str(&format!("\nnote      {note}"));
        }
        Summary { json, text }
    }

    /// The stop's exit code, which the caller decides, in its JSON (`stop.exit`).
    pub fn with_exit(mut self, exit: i32) -> Summary {
        if let Some(stop) = self.json.get_mut("stop") {
            stop["exit"] = json!(exit);
        }
        self
    }

    /// JSON on stdout or text on stderr; a closed stdout is returned, not a panic.
    pub fn print(&self, json: bool) -> std::io::Result<()> {
        if json {
            let mut out = std::io::stdout().lock();
            writeln!(out, "{}", self.json)?;
            out.flush()
        } else {
            eprintln!("{}", self.text);
            Ok(())
        }
    }
}
