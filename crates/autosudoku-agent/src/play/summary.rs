//! `--summary`: the puzzle, its solution, the work done and the time per phase, as text on stderr or
//! one JSON object on stdout (with `stop`, why play stopped, when it did not win). It opens with the
//! outcome. Its phases do not overlap and add up to the total: capture and read are measured inside
//! every look (those of verifying and waiting included), solve, plan and input around their work,
//! and `other` is the rest (waiting for the screen to settle, comparing boards, connecting). The
//! game's physical limit, at this run's own capture time, says how far the run was from the
//! fastest any player could be.

use super::driver::Won;
use super::estimate::{physical_limit, Human};
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
        let total = report.elapsed();
        let measured = [
            ("capture", times.capture),
            ("read", times.read),
            ("solve", phase(Phase::Solve)),
            ("plan", phase(Phase::Plan)),
            ("input", phase(Phase::Input)),
        ];
        let other = total.saturating_sub(measured.iter().map(|(_, d)| *d).sum());
        let mut rows = measured.to_vec();
        rows.push(("other", other));
        let inputs = times.taps + times.keys;
        let rate = inputs as f64 / phase(Phase::Input).as_secs_f64().max(1e-9);
        let mut json = json!({
            "serial": serial,
            "solved": result.is_ok(),
            "puzzle": report.puzzle,
            "solution": report.solution,
            "done": report.done,
            "todo": report.todo,
            "moves": report.moves,
            "taps": times.taps,
            "keys": times.keys,
            "batches": times.batches,
            "captures": times.captures,
            "frame_checks": times.frame_checks,
            "repairs": report.repairs,
            "reconnects": reconnects,
            "profile": report.profile,
            "learned": report.learned,
            "givens_known": report.givens_known,
            "inputs_per_second": (rate * 10.0).round() / 10.0,
            "seconds": rows.iter().map(|(k, d)| (k.to_string(), json!((d.as_secs_f64() * 1000.0).round() / 1000.0)))
                .chain([("total".to_string(), json!((total.as_secs_f64() * 1000.0).round() / 1000.0))])
                .collect::<serde_json::Map<_, _>>(),
        });
        let limit = Limit::of(times, total);
        json["limit"] = limit.json();
        match result {
            Ok(won) => json["won_by"] = json!(won.by()),
            Err(e) => json["stop"] = stop_json(e, report),
        }
        let mut text = outcome_line(result);
        let or_dash = |s: Option<String>| s.unwrap_or_else(|| "-".into());
        text.push_str(&format!("puzzle    {}\n", or_dash(report.puzzle.clone())));
        text.push_str(&format!("solution  {}\n", or_dash(report.solution.clone())));
        if let Some(p) = &report.profile {
            let name = p.name.as_deref().unwrap_or("none");
            text.push_str(&format!("profile   {name} ({})\n", p.reason));
        }
        for line in report.learned.iter().flat_map(|l| l.lines()) {
            text.push_str(&format!("learned   {line}\n"));
        }
        text.push_str(&format!(
            "work      {}/{} done, {} moves, {} taps + {} keys in {} batches ({rate:.1} inputs/s while sending), {} captures, {} checks seen on the screen stream\n",
            report.done, report.todo, report.moves, times.taps, times.keys, times.batches, times.captures, times.frame_checks
        ));
        text.push_str(&format!(
            "recovery  {} wrong digit(s) repaired, {reconnects} reconnect(s)\n",
            report.repairs
        ));
        text.push_str(&limit.line());
        for (name, d) in rows {
            text.push_str(&format!("{name:<9} {}\n", Human(d)));
        }
        text.push_str(&format!("total     {}", Human(total)));
        for note in &report.notes {
            text.push_str(&format!("\nnote      {note}"));
        }
        Summary { json, text }
    }

    /// The error the caller made of the stop (`kind`, `message`, `exit`, `artifact`, as every
    /// command's failed `--json` result carries it), as `error` and its exit code as `stop.exit`.
    pub fn with_error(mut self, error: serde_json::Value) -> Summary {
        if let Some(stop) = self.json.get_mut("stop") {
            stop["exit"] = error["exit"].clone();
        }
        self.json["error"] = error;
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

/// The summary's first line: how the game ended.
fn outcome_line(result: Result<&Won, &PlayError>) -> String {
    match result {
        Ok(won) => format!("outcome   solved ({}; won by {})\n", won.how(), won.by()),
        Err(e) => format!("outcome   not solved: stopped ({})\n", e.kind()),
    }
}

/// The game's physical limit (`estimate::physical_limit`) for the inputs this run sent, each
/// capture at the mean of this run's whole captures, and the run's time over it.
struct Limit {
    inputs: u64,
    capture: Duration,
    limit: Duration,
    /// The run's total over the limit: 1.0 is as fast as the phone allows.
    ratio: f64,
}

impl Limit {
    fn of(times: &AgentTimes, total: Duration) -> Limit {
        let inputs = times.taps + times.keys;
        let capture = times
            .whole_capture
            .checked_div(times.whole_captures)
            .unwrap_or_default();
        let limit = physical_limit(inputs, capture);
        let ratio = total.as_secs_f64() / limit.as_secs_f64().max(1e-9);
        Limit {
            inputs,
            capture,
            limit,
            ratio,
        }
    }

    fn json(&self) -> serde_json::Value {
        let ms = |d: Duration| (d.as_secs_f64() * 1000.0).round() / 1000.0;
        json!({
            "seconds": ms(self.limit),
            "inputs": self.inputs,
            "capture_seconds": ms(self.capture),
            "ratio": (self.ratio * 100.0).round() / 100.0,
        })
    }

    fn line(&self) -> String {
        format!(
            "limit     {} ({} inputs at one a 60 Hz frame + 2 captures of {}); this run took {:.2}x it\n",
            Human(self.limit),
            self.inputs,
            Human(self.capture),
            self.ratio
        )
    }
}

/// Why play stopped, with what the run still knows when the stop itself does not: the board play
/// read (the phone went away, Ctrl-C), and for a lost phone the app in front and its last screen.
fn stop_json(e: &PlayError, report: &Report) -> serde_json::Value {
    let mut stop = e.stop();
    stop.board = stop.board.or_else(|| report.puzzle.clone());
    if matches!(e, PlayError::DeviceLost(_)) {
        stop.app = report.app.clone();
        stop.artifact = report.last_screen.clone();
    }
    serde_json::to_value(stop).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_lost_stop_carries_the_board_read_the_app_the_last_screen_and_its_error() {
        let mut report = Report::new(None, "cells", Default::default());
        let puzzle: autosudoku_core::sudoku::Board =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap();
        report.puzzle = Some(puzzle.to_line());
        report.app = Some(crate::device::Foreground {
            package: "com.example.sudoku".into(),
            activity: "com.example.sudoku.Game".into(),
            home: false,
            display: 0,
        });
        report.last_screen = Some("/data/screenshots/play-1.png".into());
        let lost = PlayError::DeviceLost("connection reset by peer".into());
        let error = json!({"kind": "device-lost", "exit": 3, "message": lost.to_string()});
        let summary = Summary::new("s", &report, &AgentTimes::default(), 0, Err(&lost))
            .with_error(error.clone());
        let stop = &summary.json["stop"];
        assert_eq!(stop["kind"], "device-lost");
        assert_eq!(stop["board"], puzzle.to_line());
        assert_eq!(stop["app"]["package"], "com.example.sudoku");
        assert_eq!(stop["artifact"], "/data/screenshots/play-1.png");
        assert_eq!((&stop["exit"], &summary.json["error"]), (&json!(3), &error));
        assert!(summary
            .text
            .starts_with("outcome   not solved: stopped (device-lost)\n"));
    }

    #[test]
    fn summary_opens_with_the_outcome_and_its_phases_add_up_to_the_total() {
        let mut report = Report::new(None, "cells", Default::default());
        std::thread::sleep(Duration::from_millis(30));
        report
            .phases
            .insert(Phase::Input, Duration::from_millis(10));
        // Verify's time holds its own looks: counting it beside capture and read counted them twice.
        report
            .phases
            .insert(Phase::Verify, Duration::from_millis(25));
        let times = AgentTimes {
            capture: Duration::from_millis(8),
            read: Duration::from_millis(4),
            ..AgentTimes::default()
        };
        let summary = Summary::new("s", &report, &times, 0, Ok(&Won::Dialog));
        assert!(
            summary
                .text
                .starts_with("outcome   solved (the app shows it solved; won by dialog)\n"),
            "{}",
            summary.text
        );
        let seconds = summary.json["seconds"].as_object().unwrap();
        let parts: f64 = seconds
            .iter()
            .filter(|(k, _)| *k != "total")
            .map(|(_, v)| v.as_f64().unwrap())
            .sum();
        let total = seconds["total"].as_f64().unwrap();
        assert!((parts - total).abs() < 0.0015, "{seconds:?}");
        assert!(!seconds.contains_key("verify"), "{seconds:?}");
    }
}
