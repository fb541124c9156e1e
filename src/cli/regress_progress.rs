//! `regress`'s progress on stderr: one bar per device under one `MultiProgress` (hidden when
//! stderr is not a terminal), failures printed above the bars; without bars and unless `-q`,
//! failures and each device's totals as plain lines.

use autosudoku_agent::regress::fleet::{FleetProgress, Target};
use autosudoku_agent::regress::options::Budget;
use autosudoku_agent::regress::progress::{Progress, Stage};
use autosudoku_agent::regress::{Case, DeviceRun, Status};
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::time::Duration;

/// The bars of one run.
pub struct Bars {
    multi: MultiProgress,
    /// The longest serial, so the bars line up.
    width: usize,
    budget: Budget,
    /// Plain lines instead of bars.
    lines: bool,
}

impl Bars {
    pub fn new(targets: &[Target], budget: Budget, bars: bool, quiet: bool) -> Bars {
        Bars {
            multi: MultiProgress::with_draw_target(if bars {
                ProgressDrawTarget::stderr()
            } else {
                ProgressDrawTarget::hidden()
            }),
            width: targets.iter().map(|t| t.serial.len()).max().unwrap_or(8),
            budget,
            lines: !bars && !quiet,
        }
    }
}

impl FleetProgress for Bars {
    fn worker(&self, target: &Target) -> Box<dyn Progress + '_> {
        let len = match self.budget {
            Budget::Games(n) => Some(u64::from(n)),
            Budget::Time(_) => None,
        };
        let bar = self.multi.add(ProgressBar::with_draw_target(
            len,
            ProgressDrawTarget::hidden(),
        ));
        let (serial, width) = (&target.serial, self.width);
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
            serial: target.serial.clone(),
            budget: self.budget,
            lines: self.lines,
        })
    }
}

/// A worker's progress bar; failures are printed above the bars (or as lines without bars).
struct Bar {
    bar: ProgressBar,
    serial: String,
    budget: Budget,
    lines: bool,
}

impl Progress for Bar {
    fn game(&self, number: u32, stage: Stage) {
        if let Budget::Games(n) = self.budget {
            self.bar
                .set_position(u64::from(number.saturating_sub(1)).min(u64::from(n)));
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
            if self.lines {
                eprintln!("{line}");
            } else {
                self.bar.println(line);
            }
        }
    }

    fn finished(&self, run: &DeviceRun) {
        let c = run.counts();
        self.bar
            .finish_with_message(format!("{} game(s): {c}", run.games));
        if self.lines {
            eprintln!("{}: {} game(s), {c}", self.serial, run.games);
        }
    }
}
