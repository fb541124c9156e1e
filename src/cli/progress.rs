//! The progress bar `play` draws on stderr (cells filled or steps replayed, inputs/s, ETA): the
//! library tells a `play::report::Progress`, and this is the one the binary gives it. Nothing is
//! drawn until the library says how much there is to do, so no bar shows full at `0/0`.

use autosudoku_agent::play::report::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::fmt::Write;

/// A bar on stderr counting `unit`s ("cells", "steps").
pub struct Bar(ProgressBar);

impl Bar {
    pub fn new(unit: &'static str) -> Bar {
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} {msg} ({rate}, ETA {eta})",
            )
            .map(|s| {
                s.with_key("rate", |s: &ProgressState, w: &mut dyn Write| {
                    let _ = w.write_str(&rate(s.per_sec()));
                })
            })
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_message(unit);
        Bar(bar)
    }
}

/// Units per second as a person reads them, two or three significant digits: `0.42/s`, `4.7/s`,
/// `47/s` (indicatif's own `{per_sec}` prints `4.6664/s`).
fn rate(per_sec: f64) -> String {
    match per_sec {
        r if !r.is_finite() || r <= 0.0 => "-/s".into(),
        r if r < 1.0 => format!("{r:.2}/s"),
        r if r < 10.0 => format!("{r:.1}/s"),
        r => format!("{r:.0}/s"),
    }
}

impl Progress for Bar {
    fn start(&mut self, todo: u64) {
        self.0.set_length(todo);
        // Nothing to do draws nothing: a bar full at 0/0 would say work was done.
        if todo > 0 {
            self.0.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    fn done(&mut self, done: u64) {
        self.0.set_position(done);
    }

    fn say(&mut self, text: &str) {
        match self.0.is_hidden() {
            true => eprintln!("{text}"),
            false => self.0.println(text),
        }
    }

    fn finish(&mut self) {
        self.0.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_rounded_for_people() {
        assert_eq!(rate(4.6664), "4.7/s");
        assert_eq!(rate(0.4166), "0.42/s");
        assert_eq!(rate(46.664), "47/s");
        assert_eq!(rate(1234.5), "1234/s");
        assert_eq!(rate(0.0), "-/s");
        assert_eq!(rate(f64::NAN), "-/s");
    }

    #[test]
    fn nothing_is_drawn_until_there_is_something_to_do() {
        let mut bar = Bar::new("cells");
        assert!(bar.0.is_hidden(), "a bar before start would show 0/0 full");
        bar.start(0);
        assert!(bar.0.is_hidden(), "0/0 is not drawn");
        bar.start(43);
        bar.done(3);
        assert_eq!((bar.0.position(), bar.0.length()), (3, Some(43)));
    }
}
