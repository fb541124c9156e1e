//! What a run shows and leaves behind: its progress (cells filled or steps replayed, told to a
//! [`Progress`] the binary draws as a bar), the `--trace FILE.jsonl` log (every move with its time, its actions and the
//! device commands that carried them, as the input backend logged them), and the per-phase totals
//! `--summary` prints.

use super::moves::Move;
use super::profile::Choice;
use super::view::{Learned, Observer, Phase};
use crate::device::input::Sent;
use crate::device::Foreground;
use crate::record::StepLabel;
use autosudoku_core::sudoku::Board;
use autosudoku_core::variant::Grid;
use serde_json::json;
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Where a run's progress is shown (the binary's bar on stderr); the library only tells it.
pub trait Progress {
    /// `todo` units of work lie ahead.
    fn start(&mut self, todo: u64);
    /// `done` units of work are done.
    fn done(&mut self, done: u64);
    /// A line for the user, shown above the progress.
    fn say(&mut self, text: &str);
    /// The run is over: the progress goes away.
    fn finish(&mut self);
}

/// The observer `play` uses: any of progress, trace file and phase totals.
pub struct Report {
    start: Instant,
    bar: Option<Box<dyn Progress>>,
    trace: Option<BufWriter<File>>,
    trace_error: Option<std::io::Error>,
    /// The device commands of the next `sent` moves, one per action.
    delivered: Vec<Sent>,
    pub phases: BTreeMap<Phase, Duration>,
    /// The board as first read and its answer, as lines (`Board::to_line`, `Grid::to_line`).
    pub puzzle: Option<String>,
    pub solution: Option<String>,
    pub todo: u64,
    pub done: u64,
    pub moves: u64,
    pub actions: u64,
    /// Wrong digits that landed (lost taps) and were erased and corrected.
    pub repairs: u64,
    /// Which app profile is used, and why.
    pub profile: Option<Choice>,
    /// What was learned about an app no profile describes.
    pub learned: Option<Learned>,
    /// Whether the game's givens were told from its entries, once the game was read.
    pub givens_known: Option<bool>,
    /// Lines worth showing (repairs, dialogs), kept for the summary.
    pub notes: Vec<String>,
    /// The app in front when play started, and the last screen it saw, saved when the phone went
    /// away: what a device-lost stop can still tell.
    pub app: Option<Foreground>,
    pub last_screen: Option<PathBuf>,
    /// The step counter the recorder draws ("steps 120/845"), as the phone confirmed each move.
    pub label: StepLabel,
    unit: &'static str,
}

impl Report {
    /// `bar` shows the progress (none: notes go to the log); `unit` names what it counts
    /// ("cells", "steps"); `label` is where the step counter for the recorder is kept.
    pub fn new(bar: Option<Box<dyn Progress>>, unit: &'static str, label: StepLabel) -> Report {
        Report {
            start: Instant::now(),
            bar,
            trace: None,
            trace_error: None,
            delivered: Vec::new(),
            phases: BTreeMap::new(),
            puzzle: None,
            solution: None,
            todo: 0,
            done: 0,
            moves: 0,
            actions: 0,
            repairs: 0,
            profile: None,
            learned: None,
            givens_known: None,
            app: None,
            last_screen: None,
            notes: Vec::new(),
            label,
            unit,
        }
    }

    /// What the bar counts ("cells", "steps").
    pub fn unit(&self) -> &'static str {
        self.unit
    }

    /// Writes every move to `path` as JSON Lines.
    pub fn trace_to(&mut self, path: &Path) -> std::io::Result<()> {
        self.trace = Some(BufWriter::new(File::create(path)?));
        Ok(())
    }

    /// Flushes the trace; the first write error, if any, is returned here.
    pub fn finish(&mut self) -> std::io::Result<()> {
        if let Some(mut bar) = self.bar.take() {
            bar.finish();
        }
        if let Some(e) = self.trace_error.take() {
            return Err(e);
        }
        match self.trace.as_mut() {
            Some(t) => t.flush(),
            None => Ok(()),
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Seconds since the run started, to the millisecond.
    fn secs(&self, at: Instant) -> f64 {
        (at.saturating_duration_since(self.start).as_secs_f64() * 1000.0).round() / 1000.0
    }

    /// The trace's `device` list for one move's inputs: each command once (a key batch carries
    /// many actions), with its backend, round trip and times.
    fn device_json(&self, inputs: &[Sent]) -> serde_json::Value {
        let mut out: Vec<serde_json::Value> = Vec::new();
        let mut last: Option<&Sent> = None;
        for s in inputs {
            if last.is_some_and(|l| l.round_trip == s.round_trip && l.command == s.command) {
                continue;
            }
            last = Some(s);
            out.push(json!({
                "backend": s.backend.name(),
                "command": &*s.command,
                "round_trip": s.round_trip,
                "sent": self.secs(s.sent_at),
                "confirmed": s.confirmed_at.map(|t| self.secs(t)),
            }));
        }
        serde_json::Value::Array(out)
    }

    /// A line for the user: above the progress, else in the log.
    fn say(&mut self, text: &str) {
        match self.bar.as_mut() {
            Some(bar) => bar.say(text),
            None => tracing::info!("{text}"),
        }
    }

    /// The board as first read (a line), its answer, and `todo` units ahead.
    fn begin(&mut self, puzzle: String, solution: String, todo: u64) {
        self.puzzle = Some(puzzle);
        self.solution = Some(solution);
        self.todo = todo;
        if let Some(bar) = self.bar.as_mut() {
            bar.start(todo);
        }
        self.set_label(Instant::now(), self.done);
    }

    /// The step counter reads `done` from `at` on.
    fn set_label(&self, at: Instant, done: u64) {
        let text = format!("{} {}/{}", self.unit, done, self.todo);
        self.label.set(at, text);
    }

    /// The step counter after each of `moves`, which took the count from `before` to `done`:
    /// one more a move (the last one `done`), from when the phone confirmed the move's last
    /// input (`inputs`, one per action, as the trace has them). A batch's count so rises with
    /// its digits, not all at once after the batch.
    fn label_moves(&self, moves: &[Move], inputs: &[Sent], before: u64) {
        let now = Instant::now();
        if moves.is_empty() {
            self.set_label(now, self.done);
        }
        let mut inputs = inputs;
        for (i, m) in moves.iter().enumerate() {
            let (mine, rest) = inputs.split_at(m.actions.len().min(inputs.len()));
            inputs = rest;
            let confirmed = mine
                .iter()
                .map(|s| s.confirmed_at.unwrap_or(s.sent_at))
                .max();
            let count = match i + 1 == moves.len() {
                true => self.done,
                false => (before + i as u64 + 1).min(self.done),
            };
            self.set_label(confirmed.unwrap_or(now), count);
        }
    }
}

impl Observer for Report {
    fn start(&mut self, puzzle: &Board, solution: &Board, todo: u64) {
        self.begin(puzzle.to_line(), solution.to_line(), todo);
    }

    fn start_grid(&mut self, puzzle: &Grid, solution: &Grid, todo: u64) {
        self.begin(puzzle.to_line(), solution.to_line(), todo);
    }

    fn sent_taps(&mut self, moves: u64, inputs: u64, done: u64) {
        self.done = done;
        self.moves += moves;
        self.actions += inputs;
        if let Some(bar) = self.bar.as_mut() {
            bar.done(done);
        }
        self.set_label(Instant::now(), done);
        self.label.told();
    }

    fn sent(&mut self, moves: &[Move], done: u64) {
        let before = std::mem::replace(&mut self.done, done);
        self.moves += moves.len() as u64;
        self.actions += moves.iter().map(|m| m.actions.len() as u64).sum::<u64>();
        if let Some(bar) = self.bar.as_mut() {
            bar.done(done);
        }
        let delivered = std::mem::take(&mut self.delivered);
        self.label_moves(moves, &delivered, before);
        self.label.told();
        if self.trace.is_none() {
            return;
        }
        let t = self.secs(Instant::now());
        let mut inputs = &delivered[..];
        let mut lines = Vec::with_capacity(moves.len());
        for m in moves {
            let (mine, rest) = inputs.split_at(m.actions.len().min(inputs.len()));
            inputs = rest;
            lines.push(
                json!({ "t": t, "cell": m.cell.to_string(), "outcome": m.outcome,
                               "actions": m.actions, "device": self.device_json(mine) }),
            );
        }
        let Some(out) = self.trace.as_mut() else {
            return;
        };
        for line in lines {
            if let Err(e) = writeln!(out, "{line}") {
                self.trace_error.get_or_insert(e);
            }
        }
    }

    fn delivered(&mut self, inputs: Vec<Sent>) {
        self.delivered.extend(inputs);
    }

    fn phase(&mut self, phase: Phase, took: Duration) {
        *self.phases.entry(phase).or_default() += took;
    }

    fn repaired(&mut self, wrong: u64) {
        self.repairs += wrong;
    }

    fn split(&mut self, known: bool) {
        self.givens_known = Some(known);
    }

    fn note(&mut self, text: &str) {
        self.say(text);
        self.notes.push(text.to_owned());
    }

    fn learned(&mut self, learned: &Learned) {
        for line in learned.lines() {
            self.say(&format!("learned: {line}"));
        }
        let mut all = self.learned.take().unwrap_or_default();
        all.input = learned.input.clone().or(all.input);
        all.mistake_limit = learned.mistake_limit.clone().or(all.mistake_limit);
        self.learned = Some(all);
    }
}
