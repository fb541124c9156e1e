//! One phone over wireless debugging, listed twice: once as the `HOST:PORT` it was connected by
//! and once as the mDNS service the adb server found for it
//! (`adb-SERIAL-XXXXXX._adb-tls-connect._tcp`, ` (2)` before the dot when the name was taken).
//! The service's instance name is the phone's `persist.adb.wifi.guid` (adbd's mDNS registration,
//! `adb-` + `ro.serialno` + `-` + six random characters), so the `HOST:PORT` transport's own
//! properties say whether the two are one phone: its guid is the instance name, or its serial
//! number is the one inside it. Two phones of one model never match this way.

use super::listing::DeviceEntry;

/// The mDNS service types adb connects to (adb/client/transport_mdns.cpp).
const SERVICES: [&str; 2] = ["._adb-tls-connect._tcp", "._adb._tcp"];

/// What a `HOST:PORT` transport says it is: `getprop ro.serialno` and `persist.adb.wifi.guid`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Identity {
    pub serialno: String,
    pub guid: String,
}

/// The command that reads an `Identity` (one round trip; one value a line).
pub const IDENTITY_COMMAND: &str = "getprop ro.serialno; getprop persist.adb.wifi.guid";

impl Identity {
    /// The output of `IDENTITY_COMMAND`.
    pub fn parse(output: &str) -> Identity {
        let mut lines = output.lines().map(str::trim);
        Identity {
            serialno: lines.next().unwrap_or_default().to_owned(),
            guid: lines.next().unwrap_or_default().to_owned(),
        }
    }

    /// Whether the mDNS instance `instance` advertises this phone.
    fn advertised_as(&self, instance: &str) -> bool {
        let inner = instance
            .strip_prefix("adb-")
            .and_then(|rest| rest.rsplit_once('-'))
            .map(|(serial, _)| serial);
        (!self.guid.is_empty() && self.guid == instance)
            || (!self.serialno.is_empty() && inner == Some(self.serialno.as_str()))
    }
}

/// The instance name of an mDNS serial (`adb-2233fd19-9mU6UL (2)._adb-tls-connect._tcp` →
/// `adb-2233fd19-9mU6UL`), `None` for any other serial.
pub fn mdns_instance(serial: &str) -> Option<&str> {
    let name = SERVICES.iter().find_map(|s| serial.strip_suffix(s))?;
    // mDNS renames a taken name `NAME (2)`, `NAME (3)`… (RFC 6762 §9).
    let base = match name.rsplit_once(" (") {
        Some((base, n))
            if n.strip_suffix(')')
                .is_some_and(|n| n.parse::<u32>().is_ok()) =>
        {
            base
        }
        _ => name,
    };
    Some(base)
}

/// The ready mDNS entries that are the same phone as a ready `HOST:PORT` entry, asking
/// `identify` about the `HOST:PORT` ones (only when an mDNS entry is ready beside them).
pub fn twins(
    devices: &[DeviceEntry],
    mut identify: impl FnMut(&str) -> Option<Identity>,
) -> Vec<String> {
    let ready = || devices.iter().filter(|d| d.is_ready());
    let named: Vec<(&str, &str)> = ready()
        .filter_map(|d| Some((d.serial.as_str(), mdns_instance(&d.serial)?)))
        .collect();
    if named.is_empty() {
        return Vec::new();
    }
    let mut same = Vec::new();
    for addressed in ready().filter(|d| mdns_instance(&d.serial).is_none()) {
        if super::select::network_address(&addressed.serial).is_none() {
            continue;
        }
        let Some(identity) = identify(&addressed.serial) else {
            continue;
        };
        for (serial, instance) in &named {
            if identity.advertised_as(instance) && !same.iter().any(|s| s == serial) {
                same.push((*serial).to_owned());
            }
        }
    }
    same
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::listing::{parse_devices, WIRELESS};
    use crate::device::preamble::shell_text;

    #[test]
    fn names_the_instance_inside_an_mdns_serial() {
        assert_eq!(
            mdns_instance("adb-2233fd19-9mU6UL (2)._adb-tls-connect._tcp"),
            Some("adb-2233fd19-9mU6UL")
        );
        assert_eq!(
            mdns_instance("adb-R58M12345-AbC123._adb-tls-connect._tcp"),
            Some("adb-R58M12345-AbC123")
        );
        assert_eq!(mdns_instance("192.168.1.23:41235"), None);
        assert_eq!(mdns_instance("emulator-5554"), None);
    }

    #[test]
    fn one_phone_listed_twice_is_found_by_its_own_properties() {
        let devices = parse_devices(WIRELESS);
        let mut asked = Vec::new();
        let by_serial = twins(&devices, |s| {
            asked.push(s.to_owned());
            Some(Identity::parse("2233fd19\n\n"))
        });
        assert_eq!(by_serial, ["adb-2233fd19-9mU6UL (2)._adb-tls-connect._tcp"]);
        assert_eq!(asked, ["192.168.1.23:41235"]);
        let by_guid = twins(&devices, |_| {
            Some(Identity::parse("unknown\nadb-2233fd19-9mU6UL\n"))
        });
        assert_eq!(by_guid.len(), 1);
        // A ROM whose linker warns before each output: the values keep their places.
        let warn = "WARNING: linker: Warning: unused DT entry (ignoring)\n";
        let warned = twins(&devices, |_| {
            let out = format!("{warn}2233fd19\n{warn}\n");
            Some(Identity::parse(&shell_text(out.as_bytes())))
        });
        assert_eq!(warned, by_serial);
        // Another phone of the same model (same product and model fields) is not a twin.
        let other = twins(&devices, |_| {
            Some(Identity::parse("98AX1Q2\nadb-98AX1Q2-kLm0Pq\n"))
        });
        assert!(other.is_empty());
        // Nothing is asked when no mDNS entry is ready.
        let plain = parse_devices(crate::device::listing::SAMPLE);
        assert!(twins(&plain, |_| panic!("asked")).is_empty());
    }
}
