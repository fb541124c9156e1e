//! An input backend started on a thread, so its start-up (the Monkey's JVM: ~0.6 s on the phone)
//! overlaps the caller's first capture and read instead of preceding them. It stands in for the
//! backend until then: the first tap or key waits for the start to finish; a start that failed
//! is reported by that call and tried again, in the foreground, by the next one.

use super::super::error::DeviceError;
use super::super::facts::ScreenFacts;
use super::super::geometry::{Point, ScreenMap};
use super::super::Device;
use super::{open, Input, InputKind, InputStats, Key, Sent, Stroke};
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
    /// Starts `kind` for `device` on a thread and returns at once.
    pub fn start(
        kind: InputKind,
        device: Box<dyn Device>,
        facts: &ScreenFacts,
        gap: Duration,
    ) -> Result<Background, DeviceError> {
        let (thread_device, thread_facts) = (device.clone_box(), facts.clone());
        let handle = std::thread::Builder::new()
            .name("input-start".into())
            .spawn(move || open(kind, thread_device, &thread_facts, gap))
            .map_err(|e| DeviceError::Unsupported {
                backend: kind.name(),
                what: "start in the background",
                hint: format!("no thread could be started ({e})"),
            })?;
        Ok(Background {
            requested: kind,
            starting: Some(handle),
            input: None,
            device,
            facts: facts.clone(),
            gap,
            log: false,
        })
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
