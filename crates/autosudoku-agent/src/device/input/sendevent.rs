//! The `sendevent` backend, for rooted phones and emulators where /dev/input is writable: taps
//! written as Linux multi-touch protocol B event sequences, scaled to the touchscreen's ABS_MT
//! ranges and the panel's natural orientation, many per shell line in the long-lived session.

use super::super::error::DeviceError;
use super::super::geometry::{Point, ScreenMap};
use super::super::Device;
use super::session::ShellSession;
use super::touchscreen::{self, Touchscreen};
use super::{Input, InputKind, InputStats, Key, Sent, Settings};

// linux/input-event-codes.h
const EV_SYN: u16 = 0;
const EV_KEY: u16 = 1;
const EV_ABS: u16 = 3;
const SYN_REPORT: u16 = 0;
const BTN_TOUCH: u16 = 0x14a;
const ABS_MT_SLOT: u16 = 0x2f;
const ABS_MT_POSITION_X: u16 = 0x35;
const ABS_MT_POSITION_Y: u16 = 0x36;
const ABS_MT_TRACKING_ID: u16 = 0x39;

pub struct SendeventInput {
    session: ShellSession,
    touch: Touchscreen,
    settings: Settings,
    next_tracking_id: i32,
    stats: InputStats,
}

impl SendeventInput {
    pub(super) fn open(
        mut device: Box<dyn Device>,
        settings: Settings,
    ) -> Result<Self, DeviceError> {
        let touch = touchscreen::probe(&mut *device)?.ok_or_else(|| DeviceError::Unsupported {
            backend: "sendevent",
            what: "find a touchscreen",
            hint: "`getevent -lp` lists no device with ABS_MT_POSITION_X/Y; use --input monkey or shell".into(),
        })?;
        if !touchscreen::writable(&mut *device, &touch)? {
            return Err(DeviceError::Unsupported {
                backend: "sendevent",
                what: "write touch events",
                hint: format!(
                    "{} is not writable (needs root from Android 10); use --input monkey or shell",
                    touch.path
                ),
            });
        }
        Ok(Self::with_touchscreen(device, touch, settings))
    }

    pub(super) fn with_touchscreen(
        device: Box<dyn Device>,
        touch: Touchscreen,
        settings: Settings,
    ) -> Self {
        SendeventInput {
            session: ShellSession::new(device, InputKind::Sendevent),
            touch,
            settings,
            next_tracking_id: 1,
            stats: InputStats::default(),
        }
    }

    /// One tap: finger down in slot 0 with a new tracking id at the scaled position, then up.
    fn tap_item(&mut self, p: Point) -> String {
        let (x, y) = self.settings.map.to_touch(p, &self.touch.range);
        let id = self.next_tracking_id;
        let limit = self
            .touch
            .max_tracking_id
            .filter(|&m| m > 0)
            .unwrap_or(65535);
        self.next_tracking_id = if id >= limit { 1 } else { id + 1 };
        let events: [(u16, u16, i32); 9] = [
            (EV_ABS, ABS_MT_SLOT, 0),
            (EV_ABS, ABS_MT_TRACKING_ID, id),
            (EV_ABS, ABS_MT_POSITION_X, x),
            (EV_ABS, ABS_MT_POSITION_Y, y),
            (EV_KEY, BTN_TOUCH, 1),
            (EV_SYN, SYN_REPORT, 0),
            (EV_ABS, ABS_MT_TRACKING_ID, -1),
            (EV_KEY, BTN_TOUCH, 0),
            (EV_SYN, SYN_REPORT, 0),
        ];
        let dev = &self.touch.path;
        events
            .iter()
            .map(|(t, c, v)| format!("sendevent {dev} {t} {c} {v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

impl Input for SendeventInput {
    fn kind(&self) -> InputKind {
        InputKind::Sendevent
    }

    fn set_screen(&mut self, map: ScreenMap) {
        self.settings.map = map;
    }

    fn taps(&mut self, points: &[Point]) -> Result<usize, DeviceError> {
        let items: Vec<String> = points.iter().map(|&p| self.tap_item(p)).collect();
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
