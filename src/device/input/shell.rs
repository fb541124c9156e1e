//! The `shell` backend: taps and keys streamed as `input` commands through one long-lived shell
//! session, each confirmed by an echoed marker. Saves the stream setup per tap; on Android ≤ 11 each
//! `input` still starts a JVM, from Android 12 it is a fast `cmd input` call.

use super::super::error::DeviceError;
use super::super::geometry::{Point, ScreenMap};
use super::super::Device;
use super::session::ShellSession;
use super::{
    keyevent_command, tap_command, text_command, Input, InputKind, InputStats, Key, Settings,
};

pub struct ShellInput {
    session: ShellSession,
    settings: Settings,
    stats: InputStats,
}

impl ShellInput {
    pub(super) fn new(device: Box<dyn Device>, settings: Settings) -> Self {
        ShellInput {
            session: ShellSession::new(device),
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
        let result = self.session.run(&items, self.settings.gap);
        self.stats.taps += match &result {
            Ok(n) => *n,
            Err(e) => e.confirmed_taps(),
        };
        self.stats.round_trips = self.session.round_trips;
        result
    }

    fn keys(&mut self, keys: &[Key]) -> Result<(), DeviceError> {
        self.session
            .run(&[keyevent_command(keys)], self.settings.gap)?;
        self.stats.keys += keys.len();
        self.stats.round_trips = self.session.round_trips;
        Ok(())
    }

    fn text(&mut self, text: &str) -> Result<(), DeviceError> {
        self.session
            .run(&[text_command(text)?], self.settings.gap)
            .map(drop)
    }

    fn stats(&self) -> InputStats {
        self.stats
    }
}
