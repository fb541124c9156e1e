//! An input backend started on a thread, so its start-up (the Monkey's JVM: ~0.6 s on the phone)
//! overlaps the caller's probe of the phone, first capture and read instead of preceding them. It
//! stands in for the backend until then: the first tap or key waits for the start to finish; a
//! start that failed is reported by that call and tried again, in the foreground, by the next one.

use super::super::error::DeviceError;
use super::super::facts::ScreenFacts;
use super::super::geometry::{Point, ScreenMap};
use super::super::Device;
use super::monkey::MonkeyLink;
use super::{open, open_with, Input, InputKind, InputStats, Key, Sent, Stroke};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

type Started = Result<Box<dyn Input>, DeviceError>;

pub struct Background {
    requested: InputKind,
    /// The start still running, if it is.
    starting: Option<JoinHandle<Started>>,
    input: Option<Box<dyn Input>>,
    /// What a later start needs: the transport, the phone's facts and the tap gap.
    device: Box<dyn Device>,
    facts: ScreenFacts,
    gap: Duration,
    /// The log switch, handed on once the backend runs.
    log: bool,
}

impl Background {
    /// Starts `kind` for `device` on a thread and returns once `read_facts` (on this thread)
    /// has read the phone's facts, with them. The Monkey, which needs no facts, starts at once;
    /// the rest of the start waits for them.
    pub fn start(
        kind: InputKind,
        device: Box<dyn Device>,
        gap: Duration,
        read_facts: impl FnOnce() -> Result<ScreenFacts, DeviceError>,
    ) -> Result<(Background, ScreenFacts), DeviceError> {
        let (send_facts, facts_known) = mpsc::channel::<ScreenFacts>();
        let thread_device = device.clone_box();
        let handle = std::thread::Builder::new()
            .name("input-start".into())
            .spawn(move || {
                let early = kind
                    .starts_monkey()
                    .then(|| MonkeyLink::start(thread_device.clone_box()));
                // No facts: the caller's probe failed and it returned its error.
                let facts = facts_known.recv().map_err(|_| DeviceError::Unsupported {
                    backend: kind.name(),
                    what: "start",
                    hint: "the phone's facts could not be read".into(),
                })?;
                let again = thread_device.clone_box();
                open_with(kind, thread_device, &facts, gap, move || {
                    early.unwrap_or_else(|| MonkeyLink::start(again))
                })
            })
            .map_err(|e| DeviceError::Unsupported {
                backend: kind.name(),
                what: "start in the background",
                hint: format!("no thread could be started ({e})"),
            })?;
        let facts = read_facts()?;
        // The thread ends only after a receive, so it is there to take them.
        let _ = send_facts.send(facts.clone());
        let background = Background {
            requested: kind,
            starting: Some(handle),
            input: None,
            device,
            facts: facts.clone(),
            gap,
            log: false,
        };
        Ok((background, facts))
    }

    /// The running backend: waits for the start, or starts again after a failed one.
    fn ready(&mut self) -> Result<&mut Box<dyn Input>, DeviceError> {
        match self.input {
            Some(ref mut input) => Ok(input),
            None => {
                let started = match self.starting.take() {
                    Some(handle) => handle.join().unwrap_or_else(|_| {
                        Err(DeviceError::Unsupported {
                            backend: self.requested.name(),
                            what: "start",
                            hint: "its start-up thread panicked; try another --input".into(),
                        })
                    }),
                    None => open(
                        self.requested,
                        self.device.clone_box(),
                        &self.facts,
                        self.gap,
                    ),
                };
                let mut input = started?;
                input.keep_log(self.log);
                Ok(self.input.insert(input))
            }
        }
    }
}

impl Input for Background {
    fn kind(&self) -> InputKind {
        self.input.as_ref().map_or(self.requested, |i| i.kind())
    }

    fn taps(&mut self, map: &ScreenMap, points: &[Point]) -> Result<usize, DeviceError> {
        self.ready()?.taps(map, points)
    }

    fn keys(&mut self, keys: &[Key]) -> Result<(), DeviceError> {
        self.ready()?.keys(keys)
    }

    fn strokes(&mut self, map: &ScreenMap, strokes: &[Stroke]) -> Result<usize, DeviceError> {
        self.ready()?.strokes(map, strokes)
    }

    fn text(&mut self, text: &str) -> Result<(), DeviceError> {
        self.ready()?.text(text)
    }

    fn stats(&self) -> InputStats {
        self.input.as_ref().map(|i| i.stats()).unwrap_or_default()
    }

    fn keep_log(&mut self, on: bool) {
        self.log = on;
        if let Some(input) = self.input.as_mut() {
            input.keep_log(on);
        }
    }

    fn take_sent(&mut self) -> Vec<Sent> {
        self.input
            .as_mut()
            .map(|i| i.take_sent())
            .unwrap_or_default()
    }
}
