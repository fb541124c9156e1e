//! An input backend with a second one behind it: when the first cannot come back after a lost
//! connection (a Monkey that will not start again), the next one `auto` would have picked takes
//! over by itself and the call is made again there, so the game goes on without the user.

use super::super::error::DeviceError;
use super::super::geometry::{Point, ScreenMap};
use super::{Input, InputKind, InputStats, Key, Sent, Stroke};

/// Builds the backend to fall back to, when it is needed.
pub type Next = Box<dyn FnOnce() -> Result<Box<dyn Input>, DeviceError> + Send>;

pub struct Fallback {
    input: Box<dyn Input>,
    next: Option<Next>,
    /// What the backends given up on had counted and logged.
    before: InputStats,
    sent: Vec<Sent>,
    log: bool,
}

impl Fallback {
    pub fn new(input: Box<dyn Input>, next: Next) -> Fallback {
        Fallback {
            input,
            next: Some(next),
            before: InputStats::default(),
            sent: Vec::new(),
            log: false,
        }
    }

    /// Makes `call` on the backend; if that backend cannot come back, once on the next one.
    fn run<T>(
        &mut self,
        mut call: impl FnMut(&mut dyn Input) -> Result<T, DeviceError>,
    ) -> Result<T, DeviceError> {
        let e = match call(&mut *self.input) {
            Err(e) if cannot_come_back(&e) && self.next.is_some() => e,
            other => return other,
        };
        let next = self.next.take().expect("checked above");
        let mut input = next()?;
        input.keep_log(self.log);
        tracing::warn!(
            "the {} input did not come back ({e}); going on with {}",
            self.input.kind(),
            input.kind()
        );
        let old = self.input.stats();
        self.before.taps += old.taps;
        self.before.keys += old.keys;
        self.before.round_trips += old.round_trips;
        self.sent.extend(self.input.take_sent());
        self.input = input;
        call(&mut *self.input)
    }
}

/// A backend that failed to start again, before anything of the call was delivered.
fn cannot_come_back(e: &DeviceError) -> bool {
    match e {
        DeviceError::Unsupported { .. } => true,
        DeviceError::Partial {
            confirmed: 0,
            source,
            ..
        } => matches!(**source, DeviceError::Unsupported { .. }),
        _ => false,
    }
}

impl Input for Fallback {
    fn kind(&self) -> InputKind {
        self.input.kind()
    }

    fn taps(&mut self, map: &ScreenMap, points: &[Point]) -> Result<usize, DeviceError> {
        self.run(|i| i.taps(map, points))
    }

    fn keys(&mut self, keys: &[Key]) -> Result<(), DeviceError> {
        self.run(|i| i.keys(keys))
    }

    fn strokes(&mut self, map: &ScreenMap, strokes: &[Stroke]) -> Result<usize, DeviceError> {
        self.run(|i| i.strokes(map, strokes))
    }

    fn text(&mut self, text: &str) -> Result<(), DeviceError> {
        self.run(|i| i.text(text))
    }

    fn stats(&self) -> InputStats {
        let now = self.input.stats();
        InputStats {
            taps: self.before.taps + now.taps,
            keys: self.before.keys + now.keys,
            round_trips: self.before.round_trips + now.round_trips,
        }
    }

    fn keep_log(&mut self, on: bool) {
        self.log = on;
        self.input.keep_log(on);
    }

    fn take_sent(&mut self) -> Vec<Sent> {
        let mut sent = std::mem::take(&mut self.sent);
        sent.extend(self.input.take_sent());
        sent
    }
}
