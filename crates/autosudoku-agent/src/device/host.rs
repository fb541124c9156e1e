//! The adb server's `host:` requests: the device list (`host:devices-l`, starting the server if
//! needed), and `adb connect`/`disconnect` of network serials with the waits and retries a network
//! phone needs after a cut (adb 29 keeps a dead transport "offline" for a while).

use super::error::DeviceError;
use super::listing::{self, DeviceEntry};
use super::select;
use super::server::ServerConfig;
use super::wire::{RequestError, ServerLink};
use super::Timeouts;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// Lists what the server knows (`adb devices -l`), starting the server if needed.
pub fn list_devices(
    server: &ServerConfig,
    timeouts: Timeouts,
) -> Result<Vec<DeviceEntry>, DeviceError> {
    server.ensure_running(timeouts.connect)?;
    let link = link(server, timeouts);
    let text = link
        .query("host:devices-l")
        .map_err(|e| server_error(server, "listing devices", e))?;
    Ok(listing::parse_devices(&text))
}

/// The serial of the device `pick` names, as the server answers `get-serialno` for it; adb's
/// reason when none or several match, with the device table.
pub fn picked_serial(
    server: &ServerConfig,
    pick: select::Pick,
    timeouts: Timeouts,
) -> Result<String, DeviceError> {
    let devices = list_devices(server, timeouts)?;
    let request = format!("{}get-serialno", pick.host_prefix());
    match link(server, timeouts).query(&request) {
        Ok(serial) => Ok(serial),
        Err(RequestError::Fail(reason)) => Err(DeviceError::NotPicked {
            pick: pick.flag(),
            // adb's words: "more than one device", "... emulator", "... device/emulator".
            ambiguous: reason.starts_with("more than one"),
            reason,
            table: listing::DeviceTable(devices),
        }),
        Err(e) => Err(server_error(server, "choosing a device", e)),
    }
}

pub(super) fn link(server: &ServerConfig, timeouts: Timeouts) -> ServerLink {
    ServerLink {
        addr: server.addr,
        connect_timeout: timeouts.connect,
        io_timeout: timeouts.command,
    }
}

fn server_error(server: &ServerConfig, doing: &str, e: RequestError) -> DeviceError {
    match e {
        RequestError::Io(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::InvalidData | std::io::ErrorKind::UnexpectedEof
            ) =>
        {
            DeviceError::NotAdbServer {
                addr: server.addr.to_string(),
                detail: format!("{doing}: {e}"),
            }
        }
        RequestError::Io(e) => DeviceError::NoServer {
            addr: server.addr.to_string(),
            reason: format!("{doing}: {e}"),
            next: "check that the adb server is still running (`adb devices`), then retry".into(),
        },
        RequestError::Fail(reason) => DeviceError::Refused {
            serial: format!("the adb server at {}", server.addr),
            what: doing.to_owned(),
            reason,
        },
    }
}

/// The server's device list, after `adb connect`-ing `wanted` if it is a network serial
/// (`HOST:PORT`) the server does not list yet, or lists as offline. A transport we added that did
/// not become ready is disconnected again (nothing is left behind that the user did not ask for);
/// the list returned still shows the state it reached, for `choose` to explain.
pub fn known_devices(
    server: &ServerConfig,
    wanted: Option<&str>,
    timeouts: Timeouts,
) -> Result<Vec<DeviceEntry>, DeviceError> {
    let devices = list_devices(server, timeouts)?;
    let Some(serial) = wanted.filter(|s| select::network_address(s).is_some()) else {
        return Ok(devices);
    };
    let state = devices
        .iter()
        .find(|d| d.serial == serial)
        .map(|d| d.state.as_str());
    let devices = match state {
        None => {
            tracing::info!("{serial} is not known to the adb server; running adb connect {serial}");
            connect_twice(server, serial, timeouts)
        }
        // adb 29 keeps a network device "offline" after its adbd restarted; disconnect and
        // connect again revives it (what a user would do by hand).
        Some("offline") => {
            tracing::info!("{serial} is offline; running adb disconnect and adb connect {serial}");
            revive(server, serial, timeouts)
        }
        Some(_) => return Ok(devices),
    };
    let ready = devices
        .as_ref()
        .is_ok_and(|list| list.iter().any(|d| d.serial == serial && d.is_ready()));
    if !ready {
        disconnect(server, serial, timeouts);
    }
    devices
}

/// `adb connect` until the serial is ready, a second time if the first answer ("already connected
/// to …") came from a transport that was still being torn down after a lost connection and then
/// vanished from the list (seen under load right after a cut).
fn connect_twice(
    server: &ServerConfig,
    serial: &str,
    timeouts: Timeouts,
) -> Result<Vec<DeviceEntry>, DeviceError> {
    adb_connect(server, serial, timeouts)?;
    let devices = wait_ready(server, serial, timeouts)?;
    if devices.iter().any(|d| d.serial == serial) {
        return Ok(devices);
    }
    tracing::info!("{serial} vanished after adb connect; connecting again");
    adb_connect(server, serial, timeouts)?;
    wait_ready(server, serial, timeouts)
}

/// `host:connect:HOST:PORT`; the server answers with text, "connected to" on success. A phone
/// that answered but refused us is listed (adb 29: "failed to authenticate to ..." and the
/// serial `unauthorized`): that state is the truth to tell, not "unreachable".
fn adb_connect(server: &ServerConfig, serial: &str, timeouts: Timeouts) -> Result<(), DeviceError> {
    let no_handshake = |within: String| DeviceError::Unreachable {
        addr: serial.to_owned(),
        reason: format!(
            "it accepted the TCP connection but did not finish the ADB handshake {within}"
        ),
    };
    let answer = match link(server, timeouts).query(&format!("host:connect:{serial}")) {
        Ok(answer) => answer,
        // adb 29 waits up to 10 s for the handshake before it answers.
        Err(RequestError::Io(e))
            if matches!(
                e.kind(),
                std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock
            ) =>
        {
            return Err(no_handshake(format!(
                "within {} s",
                timeouts.command.as_secs_f32()
            )))
        }
        Err(e) => return Err(server_error(server, &format!("connecting {serial}"), e)),
    };
    if answer.contains("connected to") {
        return Ok(());
    }
    let listed = list_devices(server, timeouts)?;
    match listed.iter().find(|d| d.serial == serial) {
        Some(entry) if matches!(entry.state.as_str(), "offline" | "connecting") => Err(
            no_handshake(format!("(the adb server says {:?})", answer.trim())),
        ),
        Some(entry) => select::choose(std::slice::from_ref(entry), Some(serial)).map(drop),
        None => Err(DeviceError::Unreachable {
            addr: serial.to_owned(),
            reason: answer.trim().to_owned(),
        }),
    }
}

/// `host:disconnect:SERIAL`, best effort (the serial may already be gone).
fn disconnect(server: &ServerConfig, serial: &str, timeouts: Timeouts) {
    tracing::info!("{serial} did not become ready; running adb disconnect {serial}");
    let _ = link(server, timeouts).query(&format!("host:disconnect:{serial}"));
}

/// `adb disconnect SERIAL` for a network phone this run connected, best effort.
pub fn adb_disconnect(server: &ServerConfig, serial: &str, timeouts: Timeouts) {
    let _ = link(server, timeouts).query(&format!("host:disconnect:{serial}"));
}

/// adb 29 keeps a dead TCP transport "offline" for a while; `adb disconnect` + `adb connect`
/// revives it. Returns the device list once the serial settled. The connect may still meet the
/// dead transport ("already connected") when the cut was noticed here first: `connect_twice`.
pub(super) fn revive(
    server: &ServerConfig,
    serial: &str,
    timeouts: Timeouts,
) -> Result<Vec<DeviceEntry>, DeviceError> {
    let _ = link(server, timeouts).query(&format!("host:disconnect:{serial}"));
    connect_twice(server, serial, timeouts)
}

/// After `adb connect` the device shows `connecting`/`offline` until the handshake completes.
pub(super) fn wait_ready(
    server: &ServerConfig,
    serial: &str,
    timeouts: Timeouts,
) -> Result<Vec<DeviceEntry>, DeviceError> {
    let deadline = Instant::now() + timeouts.connect;
    loop {
        let devices = list_devices(server, timeouts)?;
        let state = devices
            .iter()
            .find(|d| d.serial == serial)
            .map(|d| d.state.clone());
        let settled = matches!(state.as_deref(), Some("device" | "unauthorized"));
        if settled || Instant::now() >= deadline {
            return Ok(devices);
        }
        sleep(Duration::from_millis(50));
    }
}
