//! `regress`'s progress on stderr: one bar per device under one `MultiProgress` (hidden when
//! stderr is not a terminal), failures printed above the bars; without bars and unless `-q`,
//! failures and each device's totals as plain lines.

use autosudoku_agent::regress::fleet::FleetProgress;
use autosudoku_agent::regress::plan::{Job, Schedule};
use autosudoku_agent::regress::progress::{Progress, Stage};
use autosudoku_agent::regress::{Case, DeviceRun, Status};
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::time::Duration;

/// The bars of one run.
pub struct Bars {
    multi: MultiProgress,
    /// The longest serial, so the bars line up.
    width: usize,
    /// Plain lines instead of bars.
    lines: bool,
}

impl Bars {
    pub fn new(jobs: &[Job], bars: bool, quiet: bool) -> Bars {
        Bars {
            multi: MultiProgress::with_draw_target(if bars {
                ProgressDrawTarget::stderr()
            } else {
                ProgressDrawTarget::hidden()
            }),
            width: jobs
                .iter()
                .map(|j| j.target.serial.len())
                .max()
                .unwrap_or(8),
            lines: !bars && !quiet,
        }
    }
}

impl FleetProgress for Bars {
    fn worker(&self, job: &Job) -> Box<dyn Progress + '_> {
        let len = job.schedule.count().map(|n| n as u64);
        let bar = self.multi.add(ProgressBar::with_draw_target(
            len,
            ProgressDrawTarget::hidden(),
        ));
        let (serial, width) = (&job.target.serial, self.width);
        let template = match len {
            Some(_) => format!("{{spinner}} {serial:<width$} [{{elapsed_precise}}] {{bar:30}} {{pos}}/{{len}} {{msg}}"),
            None => format!("{{spinner}} {serial:<width$} [{{elapsed_precise}}] {{msg}}"),
        };
        bar.set_style(
            ProgressStyle::with_template(&template)
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        Box::new(Bar {
            bar,
            serial: serial.clone(),
            games: job.schedule.clone(),
            lines: self.lines,
        })
    }
}

/// A worker's progress bar; failures are printed above the bars (or as lines without bars).
struct Bar {
    bar: ProgressBar,
    serial: String,
    games: Schedule,
    lines: bool,
}

impl Bar {
    /// A line above the bar, or alone without bars.
    fn say(&self, line: String) {
        if self.lines {
            eprintln!("{line}");
        } else {
            self.bar.println(line);
        }
    }
}

impl Progress for Bar {
    fn game(&self, number: u32, stage: Stage) {
        if let Schedule::Games(numbers) = &self.games {
            // Games done: those before this one in the device's schedule.
            let done = numbers.iter().take_while(|&&n| n != number).count();
            self.bar.set_position(done as u64);
        }
        self.bar.set_message(format!("game {number}: {stage}"));
    }

    fn case(&self, case: &Case) {
        if matches!(case.status, Status::Failed | Status::Error) {
            let kind = if case.status == Status::Failed {
                "FAIL"
            } else {
                "ERROR"
            };
            let line = format!(
                "{kind} {}: {}",
                case.name(),
                case.message.as_deref().unwrap_or("")
            );
            self.say(line);
        }
    }

    fn finished(&self, run: &DeviceRun) {
        let c = run.counts();
        self.bar
            .finish_with_message(format!("{} game(s): {c}", run.games));
        if self.lines {
            eprintln!("{}: {} game(s), {c}", self.serial, run.games);
        }
        // Why the device's games were not played (it went away, another autosudoku drives it).
        if let Some(why) = run.stopped.as_ref().or(run.refused.as_ref()) {
            self.say(format!("{}: stopped: {why}", self.serial));
        }
    }
}
