//! The `sendevent` encoding, for rooted phones and emulators where /dev/input is writable: taps
//! written as Linux multi-touch protocol B event sequences, scaled to the touchscreen's ABS_MT
//! ranges and the panel's natural orientation (sent many per line through the shell session);
//! keys on a writable keypad as `EV_KEY` events (keypad.rs), else as `input keyevent` batches.

use super::super::error::DeviceError;
use super::super::geometry::{Point, ScreenMap};
use super::super::Device;
use super::command::Command;
use super::encoding::{keyevent_commands, Encoding};
use super::evdev::{
    events_line, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_SLOT, ABS_MT_TRACKING_ID, BTN_TOUCH,
    EV_ABS, EV_KEY, EV_SYN, SYN_REPORT,
};
use super::keypad::{self, Keypad};
use super::touchscreen::{self, Touchscreen};
use super::Key;

pub struct Sendevent {
    touch: Touchscreen,
    keypad: Option<Keypad>,
    next_tracking_id: i32,
}

impl Sendevent {
    pub fn new(touch: Touchscreen, keypad: Option<Keypad>) -> Sendevent {
        Sendevent {
            touch,
            keypad,
            next_tracking_id: 1,
        }
    }
}

/// The phone's writable touchscreen (else why not) and writable key device, from one
/// `getevent -lp` listing.
pub fn writable_devices(
    device: &mut dyn Device,
) -> Result<(Touchscreen, Option<Keypad>), DeviceError> {
    let listing = device.shell("getevent -lp")?;
    let touch = touchscreen::parse_getevent(&listing).ok_or_else(|| DeviceError::Unsupported {
        backend: "sendevent",
        what: "find a touchscreen",
        hint:
            "`getevent -lp` lists no device with ABS_MT_POSITION_X/Y; use --input monkey or shell"
                .into(),
    })?;
    if !touchscreen::writable(device, &touch.path)? {
        return Err(DeviceError::Unsupported {
            backend: "sendevent",
            what: "write touch events",
            hint: format!(
                "{} is not writable (needs root from Android 10); use --input monkey or shell",
                touch.path
            ),
        });
    }
    // An empty report changes nothing on a key device either; it is refused where not writable.
    let keypad = match keypad::parse_getevent(&listing) {
        Some(pad) if touchscreen::writable(device, &pad.path)? => Some(pad),
        _ => None,
    };
    Ok((touch, keypad))
}

impl Encoding for Sendevent {
    /// One tap: finger down in slot 0 with a new tracking id at the scaled position, then up.
    fn tap(&mut self, map: &ScreenMap, p: Point) -> Result<Command, DeviceError> {
        let (x, y) = map.to_touch(p, &self.touch.range);
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
        Ok(Command::new(events_line(&self.touch.path, &events)?, 1))
    }

    /// On the keypad when it has every one of `keys` (native processes, no JVM start), else
    /// as `input keyevent` batches.
    fn keys(&self, keys: &[Key]) -> Vec<Command> {
        self.keypad
            .as_ref()
            .and_then(|pad| keys.iter().map(|&k| pad.press(k)).collect())
            .unwrap_or_else(|| keyevent_commands(keys))
    }
}
