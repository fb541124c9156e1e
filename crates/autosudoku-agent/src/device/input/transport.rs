//! How device commands reach the phone, behind one `Transport` interface: `Process` runs each on
//! its own `shell:` stream (a process per command, as every existing bot does it); the long-lived
//! shell session (`session.rs`) and the Monkey's socket (`monkey.rs`) are the others. A transport
//! confirms commands in order and tells the batch's log what it wrote and what came back.

use super::super::error::DeviceError;
use super::super::Device;
use super::log::Batch;
use std::time::Duration;

pub trait Transport: Send {
    /// Sends the batch's commands in order, `gap` apart if `paces_on_phone`, and returns once the
    /// phone confirmed them all (their count). If it stops confirming, the error is
    /// `DeviceError::Partial` with how many were confirmed; the next call starts afresh.
    fn send(&mut self, batch: &mut Batch, gap: Duration) -> Result<usize, DeviceError>;

    /// Whether `send` puts the gap between commands on the phone itself; if not, the injector
    /// sends one command at a time and waits out the gap on the host.
    fn paces_on_phone(&self) -> bool {
        false
    }

    /// Times the host waited for the phone's answer (streams opened, lines confirmed).
    fn round_trips(&self) -> usize;

    /// The phone, for a command outside the transport (`input text`).
    fn device(&mut self) -> &mut dyn Device;
}

/// A process per command: one `shell:` stream each, its output read to the end. Works everywhere;
/// the baseline the faster transports are measured against.
pub struct Process {
    device: Box<dyn Device>,
    round_trips: usize,
}

impl Process {
    pub fn new(device: Box<dyn Device>) -> Process {
        Process {
            device,
            round_trips: 0,
        }
    }
}

impl Transport for Process {
    fn send(&mut self, batch: &mut Batch, _gap: Duration) -> Result<usize, DeviceError> {
        let total = batch.len();
        for i in 0..total {
            self.round_trips += 1;
            batch.written(i, self.round_trips);
            if let Err(e) = super::run_input(&mut *self.device, &batch.command(i).line) {
                return Err(DeviceError::Partial {
                    confirmed: i,
                    total,
                    source: Box::new(e),
                });
            }
            batch.confirmed(i + 1);
        }
        Ok(total)
    }

    fn round_trips(&self) -> usize {
        self.round_trips
    }

    fn device(&mut self) -> &mut dyn Device {
        &mut *self.device
    }
}
