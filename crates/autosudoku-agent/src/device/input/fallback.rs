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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::geometry::Size;

    /// A backend that either cannot start again or confirms everything.
    struct Fake {
        kind: InputKind,
        works: bool,
        taps: usize,
    }

    impl Fake {
        fn answer(&mut self, n: usize) -> Result<usize, DeviceError> {
            if !self.works {
                return Err(DeviceError::Partial {
                    confirmed: 0,
                    total: n,
                    source: Box::new(DeviceError::Unsupported {
                        backend: "monkey",
                        what: "start the on-device Monkey",
                        hint: "`monkey --port 1080` exited at once".into(),
                    }),
                });
            }
            self.taps += n;
            Ok(n)
        }
    }

    impl Input for Fake {
        fn kind(&self) -> InputKind {
            self.kind
        }
        fn taps(&mut self, _: &ScreenMap, points: &[Point]) -> Result<usize, DeviceError> {
            self.answer(points.len())
        }
        fn keys(&mut self, keys: &[Key]) -> Result<(), DeviceError> {
            self.answer(keys.len()).map(drop)
        }
        fn strokes(&mut self, _: &ScreenMap, strokes: &[Stroke]) -> Result<usize, DeviceError> {
            self.answer(strokes.len())
        }
        fn text(&mut self, _: &str) -> Result<(), DeviceError> {
            self.answer(1).map(drop)
        }
        fn stats(&self) -> InputStats {
            InputStats {
                taps: self.taps,
                ..InputStats::default()
            }
        }
        fn keep_log(&mut self, _: bool) {}
        fn take_sent(&mut self) -> Vec<Sent> {
            Vec::new()
        }
    }

    fn fake(kind: InputKind, works: bool) -> Box<dyn Input> {
        Box::new(Fake {
            kind,
            works,
            taps: 0,
        })
    }

    #[test]
    fn a_monkey_that_cannot_come_back_hands_over_to_the_next_backend() {
        let next: Next = Box::new(|| Ok(fake(InputKind::Shell, true)));
        let mut input = Fallback::new(fake(InputKind::Monkey, false), next);
        let size = Size::new(100, 200);
        let map = ScreenMap::new(size, size, Default::default());
        let points = [Point::new(1, 2), Point::new(3, 4)];
        assert_eq!(input.taps(&map, &points).unwrap(), 2);
        assert_eq!(input.kind(), InputKind::Shell);
        assert_eq!(input.stats().taps, 2);
        // Only once: a next backend that fails too reports its own error, every time.
        let next: Next = Box::new(|| Ok(fake(InputKind::Shell, false)));
        let mut twice = Fallback::new(fake(InputKind::Monkey, false), next);
        assert!(twice.taps(&map, &points).is_err());
        assert!(twice.taps(&map, &points).is_err());
    }
}
