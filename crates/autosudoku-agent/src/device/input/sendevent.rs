//! The `sendevent` encoding, for rooted phones and emulators where /dev/input is writable: taps
//! written as Linux multi-touch protocol B event sequences, scaled to the touchscreen's ABS_MT
//! ranges and the panel's natural orientation, with a pressure and contact size where the panel
//! declares them (else Android reads the contact as a hover); sent many per line through the
//! shell session;
//! keys on a writable keypad as `EV_KEY` events (keypad.rs), else as `input keyevent` batches.

use super::super::error::DeviceError;
use super::super::geometry::{Point, ScreenMap};
use super::super::Device;
use super::command::Command;
use super::encoding::{keyevent_commands, Encoding};
use super::evdev::{
    events_line, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_PRESSURE, ABS_MT_SLOT,
    ABS_MT_TOUCH_MAJOR, ABS_MT_TRACKING_ID, ABS_PRESSURE, BTN_TOUCH, EV_ABS, EV_KEY, EV_SYN,
    SYN_REPORT,
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
    if let Some(said) = touchscreen::write_refusal(device, &touch.path)? {
        return Err(DeviceError::Unsupported {
            backend: "sendevent",
            what: "write touch events",
            hint: format!(
                "the shell may not write {} (sendevent said: {said}); Android 10 and later let only root write /dev/input; use --input monkey or shell",
                touch.path
            ),
        });
    }
    // An empty report changes nothing on a key device either; it is refused where not writable.
    let keypad = match keypad::parse_getevent(&listing) {
        Some(pad) if touchscreen::write_refusal(device, &pad.path)?.is_none() => Some(pad),
        _ => None,
    };
    Ok((touch, keypad))
}

/// The declared contact axes of a finger down: a pressure halfway up the declared range (a
/// firm press; never 0, which is a hover) and a touch size of a sixteenth of its range (a
/// fingertip, as panels report one), each at least 1 and within the range.
fn contact_axes(touch: &Touchscreen) -> Vec<(u16, u16, i32)> {
    let within = |(min, max): (i32, i32), v: i32| v.max(min.max(1)).min(max);
    let mut events = Vec::new();
    if let Some(range) = touch.touch_major {
        events.push((EV_ABS, ABS_MT_TOUCH_MAJOR, within(range, range.1 / 16)));
    }
    if let Some(range) = touch.pressure {
        events.push((
            EV_ABS,
            ABS_MT_PRESSURE,
            within(range, (range.0 + range.1) / 2),
        ));
    }
    if let Some(range) = touch.single_pressure {
        events.push((EV_ABS, ABS_PRESSURE, within(range, (range.0 + range.1) / 2)));
    }
    events
}

impl Encoding for Sendevent {
    /// One tap: finger down in slot 0 with a new tracking id at the scaled position (with the
    /// declared contact axes filled in), then the protocol B release: tracking id -1, BTN_TOUCH 0.
    fn tap(&mut self, map: &ScreenMap, p: Point) -> Result<Command, DeviceError> {
        let (x, y) = map.to_touch(p, &self.touch.range);
        let id = self.next_tracking_id;
        let limit = self
            .touch
            .max_tracking_id
            .filter(|&m| m > 0)
            .unwrap_or(65535);
        self.next_tracking_id = if id >= limit { 1 } else { id + 1 };
        let mut events: Vec<(u16, u16, i32)> = vec![
            (EV_ABS, ABS_MT_SLOT, 0),
            (EV_ABS, ABS_MT_TRACKING_ID, id),
            (EV_ABS, ABS_MT_POSITION_X, x),
            (EV_ABS, ABS_MT_POSITION_Y, y),
        ];
        events.extend(contact_axes(&self.touch));
        events.extend([
            (EV_KEY, BTN_TOUCH, 1),
            (EV_SYN, SYN_REPORT, 0),
            (EV_ABS, ABS_MT_TRACKING_ID, -1),
            (EV_KEY, BTN_TOUCH, 0),
            (EV_SYN, SYN_REPORT, 0),
        ]);
        Ok(Command::new(events_line(&self.touch.path, &events)?, 1))
    }

    /// On the keypad when it has every one of `keys` (native processes, no JVM start), else
    /// as `input keyevent` batches.
    fn keys(&self, keys: &[Key]) -> Vec<Command> {
        self.keypad
            .as_ref()
            .and_then(|pad| keys.iter().map(|&k| pad.press(k)).collect())
            .unwrap_or_else(|| keyevent_commands(keys, None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::geometry::{Rotation, Size, TouchRange};

    fn panel(pressure: Option<(i32, i32)>, touch_major: Option<(i32, i32)>) -> Touchscreen {
        Touchscreen {
            path: "/dev/input/event2".into(),
            name: "sec_touchscreen".into(),
            range: TouchRange {
                min_x: 0,
                max_x: 1439,
                min_y: 0,
                max_y: 2959,
            },
            slots: Some(10),
            max_tracking_id: Some(65535),
            pressure,
            touch_major,
            single_pressure: None,
        }
    }

    #[test]
    fn a_tap_carries_pressure_and_size_where_the_panel_declares_them() {
        let map = ScreenMap::new(Size::new(1440, 2960), Size::new(1440, 2960), Rotation::R0);
        let mut samsung = Sendevent::new(panel(Some((0, 63)), Some((0, 255))), None);
        let line = samsung.tap(&map, Point::new(720, 1480)).unwrap().line;
        let dev = "sendevent /dev/input/event2";
        assert!(
            line.contains(&format!(
                "{dev} 3 48 15; {dev} 3 58 31; {dev} 1 330 1; {dev} 0 0 0"
            )),
            "{line}"
        );
        // The release: tracking id -1, BTN_TOUCH up, report.
        assert!(
            line.ends_with(&format!("{dev} 3 57 -1; {dev} 1 330 0; {dev} 0 0 0")),
            "{line}"
        );
        let mut plain = Sendevent::new(panel(None, None), None);
        let line = plain.tap(&map, Point::new(720, 1480)).unwrap().line;
        assert!(
            !line.contains(" 3 58 ") && !line.contains(" 3 48 "),
            "{line}"
        );
        // A range that starts above 1 and a tiny one stay inside what the panel declares.
        let odd = contact_axes(&panel(Some((5, 9)), Some((0, 1))));
        assert_eq!(
            odd,
            [
                (EV_ABS, ABS_MT_TOUCH_MAJOR, 1),
                (EV_ABS, ABS_MT_PRESSURE, 7)
            ]
        );
    }
}
