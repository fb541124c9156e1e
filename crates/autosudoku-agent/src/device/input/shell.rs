//! The `shell` backend: taps and keys streamed as `input` commands through one long-lived shell
//! session, each confirmed by an echoed marker. Saves the stream setup per tap; on Android ≤ 11 each
//! `input` still starts a JVM, from Android 12 it is a fast `cmd input` call.

use super::super::error::DeviceError;
use super::super::geometry::{Point, ScreenMap};
use super::super::Device;
use super::session::ShellSession;
use super::{tap_command, Input, InputKind, InputStats, Key, Sent, Settings};

pub struct ShellInput {
    session: ShellSession,
    settings: Settings,
    stats: InputStats,
}

impl ShellInput {
    pub(super) fn new(device: Box<dyn Device>, settings: Settings) -> Self {
        ShellInput {
            session: ShellSession::new(device, InputKind::Shell),
            settings,
            stats: InputStats::default(),
        }
    }
}

impl Input for ShellInput {
    fn kind(&self) -> InputKind {
        InputKind::Shell
    }

    fn set_screen(&mut self, map: ScreenMap) {
        self.settings.map = map;
    }

    fn taps(&mut self, points: &[Point]) -> Result<usize, DeviceError> {
        let items: Vec<String> = points
            .iter()
            .map(|&p| tap_command(&self.settings.map, p))
            .collect();
        self.session
            .taps(&items, self.settings.gap, &mut self.stats)
    }

    fn keys(&mut self, keys: &[Key]) -> Result<(), DeviceError> {
        self.session.keys(keys, self.settings.gap, &mut self.stats)
    }

    fn text(&mut self, text: &str) -> Result<(), DeviceError> {
        self.session.text(text, self.settings.gap)
    }

    fn stats(&self) -> InputStats {
        self.stats
    }

    fn keep_log(&mut self, on: bool) {
        self.session.keep_log(on);
    }

    fn take_sent(&mut self) -> Vec<Sent> {
        self.session.take_sent()
    }
}
