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
    pub transport_id: Option<u32>,
}

impl DeviceEntry {
    pub fn is_ready(&self) -> bool {
        self.state == "device"
    }
}

/// Parses `host:devices-l` output: `SERIAL STATE [usb:..] [product:X model:Y device:Z] [transport_id:N]`.
pub fn parse_devices(text: &str) -> Vec<DeviceEntry> {
    text.lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let serial = words.next()?.to_owned();
            let mut state = words.next()?.to_owned();
            let mut entry = DeviceEntry {
                serial,
                state: String::new(),
                model: None,
                product: None,
                transport_id: None,
            };
            for w in words {
                if let Some(v) = w.strip_prefix("model:") {
                    entry.model = Some(v.to_owned());
                } else if let Some(v) = w.strip_prefix("product:") {
                    entry.product = Some(v.to_owned());
                } else if let Some(v) = w.strip_prefix("transport_id:") {
                    entry.transport_id = v.parse().ok();
                } else if !w.contains(':') && entry.model.is_none() && state == "no" {
                    // "no permissions" is the one two-word state.
                    state = format!("no {w}");
                }
            }
            entry.state = state;
            Some(entry)
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_line_shape() {
        let d = parse_devices(SAMPLE);
        assert_eq!(d.len(), 4);
        assert_eq!(d[0].model.as_deref(), Some("sdk_gphone64_x86_64"));
        assert_eq!(d[0].transport_id, Some(1));
        assert_eq!(d[1].state, "offline");
        assert_eq!(d[2].state, "unauthorized");
        assert_eq!(d[3].state, "no permissions");
        assert!(parse_devices("").is_empty());
    }
}
