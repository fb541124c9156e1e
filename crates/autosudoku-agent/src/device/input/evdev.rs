//! The Linux input layer as the phone's shell sees it: event types and codes
//! (linux/input-event-codes.h), `getevent -lp` split into its devices, and `sendevent` lines that
//! write events to one node. Shared by the touchscreen, the keypad and the `sendevent` encoding.

use super::super::error::DeviceError;
use super::super::quote::quote;

pub const EV_SYN: u16 = 0;
pub const EV_KEY: u16 = 1;
pub const EV_ABS: u16 = 3;
pub const SYN_REPORT: u16 = 0;
pub const BTN_TOUCH: u16 = 0x14a;
pub const ABS_PRESSURE: u16 = 0x18;
pub const ABS_MT_SLOT: u16 = 0x2f;
pub const ABS_MT_TOUCH_MAJOR: u16 = 0x30;
pub const ABS_MT_POSITION_X: u16 = 0x35;
pub const ABS_MT_POSITION_Y: u16 = 0x36;
pub const ABS_MT_TRACKING_ID: u16 = 0x39;
pub const ABS_MT_PRESSURE: u16 = 0x3a;

/// `getevent -lp` split into its `add device` blocks: each device's node and its lines, trimmed.
pub fn device_blocks(text: &str) -> Vec<(String, Vec<&str>)> {
    let mut blocks: Vec<(String, Vec<&str>)> = Vec::new();
    for line in text.lines() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("add device ") {
            let path = rest.split_once(':').map_or("", |(_, p)| p.trim());
            blocks.push((path.to_owned(), Vec::new()));
        } else if let Some((_, lines)) = blocks.last_mut() {
            lines.push(t);
        }
    }
    blocks
}

/// One shell line writing `events` (type, code, value) to the input node at `path`, quoted: the
/// path comes from the phone's `getevent`.
pub fn events_line(path: &str, events: &[(u16, u16, i32)]) -> Result<String, DeviceError> {
    let dev = quote(path)?;
    Ok(events
        .iter()
        .map(|(t, c, v)| format!("sendevent {dev} {t} {c} {v}"))
        .collect::<Vec<_>>()
        .join("; "))
}
