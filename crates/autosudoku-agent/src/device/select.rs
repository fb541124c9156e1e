//! Which device to use: parse the server's `host:devices-l` list and apply adb's rules (the given
//! serial, else the only device), with a table of what is there when the choice fails.

use super::error::DeviceError;
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

/// Picks the device: `wanted` if given, else the only one listed. Not-ready states get their own
/// error with the specific advice.
pub fn choose<'a>(
    devices: &'a [DeviceEntry],
    wanted: Option<&str>,
) -> Result<&'a DeviceEntry, DeviceError> {
    let table = || DeviceTable(devices.to_vec());
    let entry =
        match wanted {
            Some(serial) => devices.iter().find(|d| d.serial == serial).ok_or_else(|| {
                DeviceError::NotFound {
                    serial: Some(serial.to_owned()),
                    table: table(),
                }
            })?,
            None => match devices {
                [] => {
                    return Err(DeviceError::NotFound {
                        serial: None,
                        table: table(),
                    })
                }
                [only] => only,
                _ => return Err(DeviceError::Ambiguous { table: table() }),
            },
        };
    match entry.state.as_str() {
        "device" => Ok(entry),
        "unauthorized" | "authorizing" => Err(DeviceError::Unauthorized {
            serial: entry.serial.clone(),
        }),
        other => Err(DeviceError::Offline {
            serial: entry.serial.clone(),
            state: other.to_owned(),
        }),
    }
}

/// Whether a serial names a network device (`HOST:PORT`) that `adb connect` can add.
pub fn network_address(serial: &str) -> Option<(&str, u16)> {
    let (host, port) = serial.rsplit_once(':')?;
    let port = port.parse().ok()?;
    (!host.is_empty() && !host.contains(':')).then_some((host, port))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIST: &str = "emulator-5554          device product:sdk_gphone64 model:sdk_gphone64_x86_64 device:emu64x transport_id:1\n\
127.0.0.1:40111        offline transport_id:3\n\
R58M12345              unauthorized usb:1-1 transport_id:4\n\
0123456789ABCDEF       no permissions (user in plugdev group; are your udev rules wrong?); see [http://developer.android.com/tools/device.html] usb:1-2 transport_id:5\n";

    #[test]
    fn parses_every_line_shape() {
        let d = parse_devices(LIST);
        assert_eq!(d.len(), 4);
        assert_eq!(d[0].model.as_deref(), Some("sdk_gphone64_x86_64"));
        assert_eq!(d[0].transport_id, Some(1));
        assert_eq!(d[1].state, "offline");
        assert_eq!(d[2].state, "unauthorized");
        assert_eq!(d[3].state, "no permissions");
        assert!(parse_devices("").is_empty());
    }

    #[test]
    fn selection_table() {
        let all = parse_devices(LIST);
        let one = &all[..1];
        // (devices, wanted) → outcome
        assert_eq!(choose(one, None).unwrap().serial, "emulator-5554");
        assert_eq!(
            choose(&all, Some("emulator-5554")).unwrap().serial,
            "emulator-5554"
        );
        assert!(matches!(
            choose(&[], None),
            Err(DeviceError::NotFound { serial: None, .. })
        ));
        assert!(matches!(
            choose(&all, None),
            Err(DeviceError::Ambiguous { .. })
        ));
        assert!(matches!(
            choose(&all, Some("R58M12345")),
            Err(DeviceError::Unauthorized { .. })
        ));
        assert!(matches!(
            choose(&all, Some("127.0.0.1:40111")),
            Err(DeviceError::Offline { .. })
        ));
        assert!(matches!(
            choose(&all, Some("0123456789ABCDEF")),
            Err(DeviceError::Offline { .. })
        ));
        assert!(matches!(
            choose(&all, Some("nope")),
            Err(DeviceError::NotFound {
                serial: Some(_),
                ..
            })
        ));
        assert!(matches!(
            choose(&all[2..3], None),
            Err(DeviceError::Unauthorized { .. })
        ));
    }

    #[test]
    fn errors_show_the_table_and_the_way_out() {
        let all = parse_devices(LIST);
        let msg = choose(&all, None).unwrap_err().to_string();
        assert!(
            msg.contains("R58M12345") && msg.contains("unauthorized") && msg.contains("-s SERIAL"),
            "{msg}"
        );
        let msg = choose(&all, Some("R58M12345")).unwrap_err().to_string();
        assert!(msg.contains("accept the"), "{msg}");
    }

    #[test]
    fn network_serials() {
        assert_eq!(network_address("127.0.0.1:5555"), Some(("127.0.0.1", 5555)));
        assert_eq!(
            network_address("phone.lan:40000"),
            Some(("phone.lan", 40000))
        );
        assert_eq!(network_address("emulator-5554"), None);
        assert_eq!(network_address("R58M12345"), None);
    }
}
