//! The `keys` backend: hardware key codes only, many in one `input keyevent` call (D-pad moves and
//! digits), for apps that take keyboard input. It cannot tap.

use super::super::error::DeviceError;
use super::super::geometry::{Point, ScreenMap};
use super::super::Device;
use super::log::SentLog;
use super::{keyevent_command, run_input, text_command, Input, InputKind, InputStats, Key, Sent};

/// Keys per `input keyevent` call: one JVM start per call on old Androids, so make calls count,
/// while keeping the command line short.
const KEYS_PER_CALL: usize = 64;

pub struct KeysInput {
    device: Box<dyn Device>,
    stats: InputStats,
    log: SentLog,
}

impl KeysInput {
    pub(super) fn new(device: Box<dyn Device>) -> Self {
        KeysInput {
            device,
            stats: InputStats::default(),
            log: SentLog::default(),
        }
    }

    /// Runs one command carrying `inputs` keys.
    fn run(&mut self, command: &str, inputs: usize) -> Result<(), DeviceError> {
        self.stats.round_trips += 1;
        let at = self
            .log
            .sent(InputKind::Keys, command, inputs, self.stats.round_trips);
        run_input(&mut *self.device, command)?;
        self.log.confirm(at, inputs);
        Ok(())
    }
}

impl Input for KeysInput {
    fn kind(&self) -> InputKind {
        InputKind::Keys
    }

    fn set_screen(&mut self, _map: ScreenMap) {}

    fn taps(&mut self, _points: &[Point]) -> Result<usize, DeviceError> {
        Err(DeviceError::Unsupported {
            backend: "keys",
            what: "tap the screen",
            hint: "choose a tapping backend with --input auto|shell|monkey|tap|sendevent".into(),
        })
    }

    fn keys(&mut self, keys: &[Key]) -> Result<(), DeviceError> {
        for chunk in keys.chunks(KEYS_PER_CALL) {
            self.run(&keyevent_command(chunk), chunk.len())?;
            self.stats.keys += chunk.len();
        }
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
