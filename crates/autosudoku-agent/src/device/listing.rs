//! The adb server's device list: `host:devices-l` parsed into one `DeviceEntry` per line, and the
//! `DeviceTable` printed when a device cannot be chosen.

use serde::Serialize;
use std::fmt;

/// One line of `adb devices -l`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeviceEntry {
    pub serial: String,
    /// `device`, `offline`, `unauthorized`, `authorizing`, `connecting`, `recovery`, ...
    pub state: String,
    pub model: Option<String>,
    pub product: Option<String>,
    /// The device's code name (`ro.product.device`).
    pub device: Option<String>,
    /// The USB port path, for a USB transport on Linux.
    pub usb: Option<String>,
    /// The server's id for the transport, which `-t ID` names (adb 1.0.40 and later).
    pub transport_id: Option<u64>,
}

impl DeviceEntry {
    pub fn is_ready(&self) -> bool {
        self.state == "device"
    }
}

/// Every state adb's `to_string(ConnectionState)` prints (adb/transport.cpp), but the two-word
/// `no permissions (…); see […]`, which `parse_line` finds by its words.
const STATES: [&str; 12] = [
    "offline",
    "bootloader",
    "device",
    "host",
    "recovery",
    "rescue",
    "sideload",
    "unauthorized",
    "authorizing",
    "connecting",
    "detached",
    "unknown",
];

/// Parses `host:devices` or `host:devices-l` output (`adb devices [-l]` without its header).
pub fn parse_devices(text: &str) -> Vec<DeviceEntry> {
    text.lines()
        .filter(|l| !l.starts_with("List of devices") && !l.starts_with("* "))
        .filter_map(parse_line)
        .collect()
}

/// One line. adb writes `SERIAL\tSTATE` for `devices`, and for `devices -l` the serial padded to
/// 22 columns, a space, the state, then `usb:PATH product:X model:Y device:Z transport_id:N`
/// (each present or not; transport_id last). A serial may hold spaces (Android 15's wireless
/// debugging: `adb-2233fd19-9mU6UL (2)._adb-tls-connect._tcp`), so the line is read from the
/// end: the `key:value` fields, then the state, and what is left is the serial.
fn parse_line(line: &str) -> Option<DeviceEntry> {
    let line = line.trim_end();
    if let Some((serial, state)) = line.split_once('\t') {
        return entry(serial, state, &[]);
    }
    let words: Vec<(usize, &str)> = line
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - line.as_ptr() as usize, w))
        .collect();
    let fields = words.iter().rev().take_while(|(_, w)| is_field(w)).count();
    let (head, tail) = words.split_at(words.len() - fields);
    let tail: Vec<&str> = tail.iter().map(|(_, w)| *w).collect();
    if let Some(at) = line.find(" no permissions") {
        return entry(&line[..at], "no permissions", &tail);
    }
    let &(at, state) = head.last()?;
    entry(&line[..at], state, &tail)
}

/// A `key:value` word of the long listing (`usb:1-1`, `model:Pixel_8`, `transport_id:3`).
fn is_field(word: &str) -> bool {
    word.split_once(':').is_some_and(|(key, _)| {
        !key.is_empty() && key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
    })
}

fn entry(serial: &str, state: &str, fields: &[&str]) -> Option<DeviceEntry> {
    let serial = serial.trim();
    let state = state.trim();
    if serial.is_empty() || state.is_empty() {
        return None;
    }
    let state = match state.starts_with("no permissions") {
        true => "no permissions",
        false => state,
    };
    if !STATES.contains(&state) && state != "no permissions" {
        tracing::debug!("adb lists {serial:?} in a state unknown here: {state:?}");
    }
    let field = |key: &str| fields.iter().find_map(|w| w.strip_prefix(key));
    Some(DeviceEntry {
        serial: serial.to_owned(),
        state: state.to_owned(),
        model: field("model:").map(str::to_owned),
        product: field("product:").map(str::to_owned),
        device: field("device:").map(str::to_owned),
        usb: field("usb:").map(str::to_owned),
        transport_id: field("transport_id:").and_then(|v| v.parse().ok()),
    })
}

/// The devices the server knows, printable as the table shown when a choice fails.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct DeviceTable(pub Vec<DeviceEntry>);

impl fmt::Display for DeviceTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return write!(f, "  (the adb server lists no devices; plug one in with USB debugging on, or `adb connect HOST:PORT`)");
        }
        let w = self
            .0
            .iter()
            .map(|e| e.serial.len())
            .max()
            .unwrap_or(6)
            .max(6);
        write!(f, "  {:<w$}  {:<12}  MODEL", "SERIAL", "STATE")?;
        for e in &self.0 {
            write!(
                f,
                "\n  {:<w$}  {:<12}  {}",
                e.serial,
                e.state,
                e.model.as_deref().unwrap_or("-")
            )?;
        }
        Ok(())
    }
}

/// `adb devices -l` with every line shape: ready, offline, unauthorized and the two-word state.
#[cfg(test)]
pub(super) const SAMPLE: &str = "emulator-5554          device product:sdk_gphone64 model:sdk_gphone64_x86_64 device:emu64x transport_id:1\n\
127.0.0.1:40111        offline transport_id:3\n\
R58M12345              unauthorized usb:1-1 transport_id:4\n\
0123456789ABCDEF       no permissions (user in plugdev group; are your udev rules wrong?); see [http://developer.android.com/tools/device.html] usb:1-2 transport_id:5\n";

/// Android 15's wireless debugging: one phone as `ip:port` and as its mDNS name, which holds a
/// space when the name was taken (adb's mDNS renames ` (2)`), plus a plain `devices` listing.
#[cfg(test)]
pub(super) const WIRELESS: &str = "192.168.1.23:41235      device product:husky model:Pixel_8_Pro device:husky transport_id:7\n\
adb-2233fd19-9mU6UL (2)._adb-tls-connect._tcp device product:husky model:Pixel_8_Pro device:husky transport_id:8\n\
adb-0A041JEC-xYz12Q._adb-tls-connect._tcp authorizing transport_id:9\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_line_shape() {
        let d = parse_devices(SAMPLE);
        assert_eq!(d.len(), 4);
        assert_eq!(d[0].model.as_deref(), Some("sdk_gphone64_x86_64"));
        assert_eq!(d[0].transport_id, Some(1));
        assert_eq!(d[0].device.as_deref(), Some("emu64x"));
        assert_eq!(d[0].usb, None);
        assert_eq!(d[2].usb.as_deref(), Some("1-1"));
        assert_eq!(d[1].state, "offline");
        assert_eq!(d[2].state, "unauthorized");
        assert_eq!(d[3].state, "no permissions");
        assert!(parse_devices("").is_empty());
    }

    #[test]
    fn serials_with_spaces_keep_their_state_and_fields() {
        let d = parse_devices(WIRELESS);
        assert_eq!(d.len(), 3);
        assert_eq!(d[0].serial, "192.168.1.23:41235");
        assert_eq!(d[1].serial, "adb-2233fd19-9mU6UL (2)._adb-tls-connect._tcp");
        assert_eq!(d[1].state, "device");
        assert_eq!(d[1].model.as_deref(), Some("Pixel_8_Pro"));
        assert_eq!(d[1].transport_id, Some(8));
        assert_eq!(d[2].state, "authorizing");
        // `host:devices`: tab-separated, no fields.
        let short = "adb-2233fd19-9mU6UL (2)._adb-tls-connect._tcp\tdevice\nR58M12345\tunauthorized\n\
                     0123456789ABCDEF\tno permissions (missing udev rules? user is in the plugdev group); see [http://developer.android.com/tools/device.html]\n";
        let d = parse_devices(short);
        assert_eq!(d[0].serial, "adb-2233fd19-9mU6UL (2)._adb-tls-connect._tcp");
        assert_eq!(d[0].state, "device");
        assert_eq!(d[1].state, "unauthorized");
        assert_eq!(d[2].state, "no permissions");
        // `adb devices -l` as printed, header included; a serial-less device.
        let printed = "List of devices attached\nemulator-5554          offline transport_id:2\n(no serial number)     device usb:3-2 transport_id:4\n\n";
        let d = parse_devices(printed);
        assert_eq!(d.len(), 2);
        assert_eq!(d[0].state, "offline");
        assert_eq!(d[1].serial, "(no serial number)");
    }
}
