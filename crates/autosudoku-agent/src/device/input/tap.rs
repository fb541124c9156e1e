//! The `tap` backend: one `shell:input tap X Y` stream per tap, as every existing bot does it.
//! The baseline the faster backends are measured against; works everywhere.

use super::super::error::DeviceError;
use super::super::geometry::{Point, ScreenMap};
use super::super::Device;
use super::log::SentLog;
use super::{
    keyevent_command, run_input, tap_command, text_command, Input, InputKind, InputStats, Key,
    Sent, Settings,
};
use std::time::Instant;

pub struct TapInput {
    device: Box<dyn Device>,
    settings: Settings,
    stats: InputStats,
    last_tap: Option<Instant>,
    log: SentLog,
}

impl TapInput {
    pub(super) fn new(device: Box<dyn Device>, settings: Settings) -> Self {
        TapInput {
            device,
            settings,
            stats: InputStats::default(),
            last_tap: None,
            log: SentLog::default(),
        }
    }

    /// Runs one command carrying `inputs` taps or keys; `input` prints nothing on success, so
    /// any output is its error.
    fn run(&mut self, command: &str, inputs: usize) -> Result<(), DeviceError> {
        self.stats.round_trips += 1;
        let at = self
            .log
            .sent(InputKind::Tap, command, inputs, self.stats.round_trips);
        run_input(&mut *self.device, command)?;
        self.log.confirm(at, inputs);
        Ok(())
    }
}

impl Input for TapInput {
    fn kind(&self) -> InputKind {
        InputKind::Tap
    }

    fn set_screen(&mut self, map: ScreenMap) {
        self.settings.map = map;
    }

    fn taps(&mut self, points: &[Point]) -> Result<usize, DeviceError> {
        for (i, &p) in points.iter().enumerate() {
            if let Some(last) = self.last_tap {
                std::thread::sleep(self.settings.gap.saturating_sub(last.elapsed()));
            }
            let command = tap_command(&self.settings.map, p);
            if let Err(e) = self.run(&command, 1) {
                return Err(DeviceError::Partial {
                    confirmed: i,
                    total: points.len(),
                    source: Box::new(e),
                });
            }
            self.last_tap = Some(Instant::now());
            self.stats.taps += 1;
        }
        Ok(points.len())
    }

    fn keys(&mut self, keys: &[Key]) -> Result<(), DeviceError> {
        self.run(&keyevent_command(keys), keys.len())?;
        self.stats.keys += keys.len();
        Ok(())
    }

    fn text(&mut self, text: &str) -> Result<(), DeviceError> {
        self.run(&text_command(text)?, 0)
    }

    fn stats(&self) -> InputStats {
        self.stats
    }

    fn keep_log(&mut self, on: bool) {
        self.log.set(on);
    }

    fn take_sent(&mut self) -> Vec<Sent> {
        self.log.take()
    }
}
