//! The progress bar `play` draws on stderr (cells filled or steps replayed, inputs/s, ETA): the
//! library tells a `play::report::Progress`, and this is the one the binary gives it.

use autosudoku_agent::play::report::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar on stderr counting `unit`s ("cells", "steps").
pub struct Bar(ProgressBar);

impl Bar {
    pub fn new(unit: &'static str) -> Bar {
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} {msg} ({per_sec}, ETA {eta})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_message(unit);
        Bar(bar)
    }
}

impl Progress for Bar {
    fn start(&mut self, todo: u64) {
        self.0.set_length(todo);
    }

    fn done(&mut self, done: u64) {
        self.0.set_position(done);
    }

    fn say(&mut self, text: &str) {
        self.0.println(text);
    }

    fn finish(&mut self) {
        self.0.finish_and_clear();
    }
}
