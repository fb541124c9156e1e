//! Which device to use: adb's rules over the server's device list (the given serial, else the
//! only device), with the list's table in the error when the choice fails.

use super::error::DeviceError;
use super::listing::{DeviceEntry, DeviceTable};
use std::time::Duration;

/// A device chosen as adb's `-d`, `-e` and `-t ID` choose one, by the kind of transport or its
/// id rather than by serial. The adb server itself applies the rule (adb/transport.cpp
/// `acquire_one_transport`): a USB transport for `Usb`, a local one (emulators and `adb
/// connect`-ed phones) for `Emulator`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    Usb,
    Emulator,
    TransportId(u64),
}

impl Pick {
    /// The host request prefix that asks the server about this transport (adb/SERVICES.TXT:
    /// `host-usb:`, `host-local:`, `host-transport-id:ID:`).
    pub fn host_prefix(self) -> String {
        match self {
            Pick::Usb => "host-usb:".into(),
            Pick::Emulator => "host-local:".into(),
            Pick::TransportId(id) => format!("host-transport-id:{id}:"),
        }
    }

    /// The flag as the user typed it, for messages.
    pub fn flag(self) -> String {
        match self {
            Pick::Usb => "-d (the only USB device)".into(),
            Pick::Emulator => "-e (the only emulator or network device)".into(),
            Pick::TransportId(id) => format!("-t {id} (transport id)"),
        }
    }
}

/// Picks the device: `wanted` if given, else the only ready one listed. Devices that are not
/// ready (offline, unauthorized) cannot be used, so they never make the choice ambiguous: they
/// are only told about. Not-ready states get their own error with the specific advice.
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
            None => only_ready(devices)?,
        };
    match entry.state.as_str() {
        "device" => Ok(entry),
        "unauthorized" => Err(DeviceError::Unauthorized {
            serial: entry.serial.clone(),
        }),
        state if is_settling(state) => Err(DeviceError::Settling {
            serial: entry.serial.clone(),
            state: state.to_owned(),
            waited: Duration::ZERO,
        }),
        other => Err(DeviceError::Offline {
            serial: entry.serial.clone(),
            state: other.to_owned(),
        }),
    }
}

/// The one ready device when no serial is given. A lone device that is not ready is returned so
/// that its own advice is shown; several with none ready is `NoneReady`.
fn only_ready(devices: &[DeviceEntry]) -> Result<&DeviceEntry, DeviceError> {
    let table = || DeviceTable(devices.to_vec());
    let ready: Vec<&DeviceEntry> = devices.iter().filter(|d| d.is_ready()).collect();
    match (ready.as_slice(), devices) {
        (_, []) => Err(DeviceError::NotFound {
            serial: None,
            table: table(),
        }),
        ([], [only]) => Ok(only),
        ([], _) => Err(DeviceError::NoneReady { table: table() }),
        ([one], _) => {
            for other in devices.iter().filter(|d| !d.is_ready()) {
                tracing::info!(
                    "not using {} ({}): it is not ready; pass -s to name another device",
                    other.serial,
                    other.state
                );
            }
            Ok(one)
        }
        _ => Err(DeviceError::Ambiguous { table: table() }),
    }
}

/// The states adb passes through on its own within a second or two of a phone appearing: the
/// key exchange (`authorizing`, before the prompt is answered or the key is known) and a network
/// transport's handshake (`connecting`).
pub fn is_settling(state: &str) -> bool {
    matches!(state, "authorizing" | "connecting")
}

/// The device worth waiting for when `choose` fails: `wanted` while it settles, else, with no
/// device ready, the first one that is settling.
pub fn settling<'a>(devices: &'a [DeviceEntry], wanted: Option<&str>) -> Option<&'a DeviceEntry> {
    match wanted {
        Some(serial) => devices.iter().find(|d| d.serial == serial),
        None if devices.iter().any(DeviceEntry::is_ready) => None,
        None => devices.iter().find(|d| is_settling(&d.state)),
    }
    .filter(|d| is_settling(&d.state))
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
    use crate::device::listing::{parse_devices, DeviceEntry, SAMPLE};

    #[test]
    fn selection_table() {
        let all = parse_devices(SAMPLE);
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
        // Only emulator-5554 is ready: the offline and unauthorized ones do not count.
        assert_eq!(choose(&all, None).unwrap().serial, "emulator-5554");
        let mut two_ready = all.clone();
        two_ready.push(DeviceEntry {
            serial: "emulator-5556".into(),
            ..all[0].clone()
        });
        assert!(matches!(
            choose(&two_ready, None),
            Err(DeviceError::Ambiguous { .. })
        ));
        assert!(matches!(
            choose(&all[1..], None),
            Err(DeviceError::NoneReady { .. })
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
        let all = parse_devices(SAMPLE);
        let msg = choose(&all[1..], None).unwrap_err().to_string();
        assert!(
            msg.contains("no device is ready")
                && msg.contains("R58M12345")
                && msg.contains("unauthorized")
                && msg.contains("-s SERIAL"),
            "{msg}"
        );
        let msg = choose(&all, Some("R58M12345")).unwrap_err().to_string();
        assert!(msg.contains("accept the"), "{msg}");
    }

    #[test]
    fn authorizing_and_connecting_are_waited_for() {
        let all = parse_devices(crate::device::listing::WIRELESS);
        let authorizing = &all[2];
        assert!(matches!(
            choose(&all, Some(&authorizing.serial)),
            Err(DeviceError::Settling { .. })
        ));
        assert_eq!(settling(&all, Some(&authorizing.serial)), Some(authorizing));
        // A ready phone is chosen over waiting for one that may never be.
        assert_eq!(settling(&all, None), None);
        assert_eq!(settling(&all[2..], None), Some(authorizing));
        assert!(matches!(
            choose(&all[2..], None),
            Err(DeviceError::Settling { .. })
        ));
        assert_eq!(settling(&all, Some("192.168.1.23:41235")), None);
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
