//! The two `Device` transports: `ServerDevice` (through the adb server, with `adb connect` for
//! network serials and reconnect after a loss) and `DirectDevice` (straight to adbd over TCP),
//! plus listing and choosing devices on a server.

use super::auth::HostKey;
use super::direct::{DirectLink, OpenError};
use super::error::DeviceError;
use super::listing::{self, DeviceEntry};
use super::select;
use super::server::ServerConfig;
use super::wire::{RequestError, ServerLink};
use super::{Device, Service, Stream, Timeouts};
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
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

fn link(server: &ServerConfig, timeouts: Timeouts) -> ServerLink {
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

/// A device on an adb server, by serial.
#[derive(Debug, Clone)]
pub struct ServerDevice {
    server: ServerConfig,
    serial: String,
    timeouts: Timeouts,
}

impl ServerDevice {
    /// Picks the device like adb does and connects network serials (`HOST:PORT`) the server does
    /// not know yet, as `adb connect` would.
    pub fn connect(
        server: &ServerConfig,
        wanted: Option<&str>,
        timeouts: Timeouts,
    ) -> Result<Self, DeviceError> {
        let devices = known_devices(server, wanted, timeouts)?;
        let entry = select::choose(&devices, wanted)?;
        tracing::info!(
            "using {} ({})",
            entry.serial,
            entry.model.as_deref().unwrap_or("unknown model")
        );
        Ok(ServerDevice {
            server: server.clone(),
            serial: entry.serial.clone(),
            timeouts,
        })
    }

    fn link(&self) -> ServerLink {
        link(&self.server, self.timeouts)
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

/// adb 29 keeps a dead TCP transport "offline" for a while; `adb disconnect` + `adb connect`
/// revives it. Returns the device list once the serial settled. The connect may still meet the
/// dead transport ("already connected") when the cut was noticed here first: `connect_twice`.
fn revive(
    server: &ServerConfig,
    serial: &str,
    timeouts: Timeouts,
) -> Result<Vec<DeviceEntry>, DeviceError> {
    let _ = link(server, timeouts).query(&format!("host:disconnect:{serial}"));
    connect_twice(server, serial, timeouts)
}

/// After `adb connect` the device shows `connecting`/`offline` until the handshake completes.
fn wait_ready(
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

impl Device for ServerDevice {
    fn serial(&self) -> &str {
        &self.serial
    }

    fn timeouts(&self) -> Timeouts {
        self.timeouts
    }

    fn open(&mut self, service: &Service) -> Result<Box<dyn Stream>, DeviceError> {
        let wire = service.to_string();
        match self.link().open(&self.serial, &wire) {
            Ok(stream) => Ok(Box::new(stream)),
            Err(RequestError::Io(e)) => Err(self.io_error(&format!("opening {wire}"), e)),
            Err(RequestError::Fail(reason)) => Err(self.fail_error(&wire, reason)),
        }
    }

    fn reconnect(&mut self) -> Result<(), DeviceError> {
        let devices = if select::network_address(&self.serial).is_some() {
            revive(&self.server, &self.serial, self.timeouts)?
        } else {
            wait_ready(&self.server, &self.serial, self.timeouts)?
        };
        select::choose(&devices, Some(&self.serial))
            .map(drop)
            .map_err(|e| match e {
                DeviceError::NotFound { .. } => DeviceError::Lost {
                    serial: self.serial.clone(),
                    doing: "reconnecting".into(),
                    reason: "the adb server no longer lists it".into(),
                },
                other => other,
            })
    }

    fn clone_box(&self) -> Box<dyn Device> {
        Box::new(self.clone())
    }
}

impl ServerDevice {
    /// Whether the server still lists this device as ready.
    fn still_ready(&self) -> bool {
        list_devices(&self.server, self.timeouts)
            .is_ok_and(|list| list.iter().any(|d| d.serial == self.serial && d.is_ready()))
    }

    /// The server's `FAIL` reasons, typed: the device vanished, is unauthorized or offline.
    fn fail_error(&self, what: &str, reason: String) -> DeviceError {
        let serial = self.serial.clone();
        if reason.contains("unauthorized") {
            DeviceError::Unauthorized { serial }
        } else if reason.contains("offline") {
            DeviceError::Offline {
                serial,
                state: "offline".into(),
            }
        } else if reason.contains("not found") || (reason == "closed" && !self.still_ready()) {
            // adb says "closed" both when the phone refuses a stream (a port nobody listens on
            // yet) and when its transport is going away; only the device list tells them apart.
            DeviceError::Lost {
                serial,
                doing: format!("opening {what}"),
                reason: format!("the adb server says: {reason}"),
            }
        } else {
            DeviceError::Refused {
                serial,
                what: what.to_owned(),
                reason,
            }
        }
    }
}

/// A phone reached straight over TCP; its serial is `HOST:PORT`.
#[derive(Debug, Clone)]
pub struct DirectDevice {
    link: DirectLink,
    serial: String,
    timeouts: Timeouts,
}

impl DirectDevice {
    /// Handshakes once to check the phone answers; returns it with its banner
    /// (`device::ro.product.model=...;features=...`).
    /// `key` is the host's adb private key (`~/.android/adbkey`), used if the phone asks for AUTH.
    pub fn connect(
        addr: SocketAddr,
        key: Option<&Path>,
        timeouts: Timeouts,
    ) -> Result<(Self, String), DeviceError> {
        let key = match key {
            Some(path) => Some(Arc::new(HostKey::load(path).map_err(|e| {
                DeviceError::Refused {
                    serial: addr.to_string(),
                    what: "a direct connection".into(),
                    reason: e.to_string(),
                }
            })?)),
            None => None,
        };
        let dev = DirectDevice {
            link: DirectLink {
                addr,
                connect_timeout: timeouts.connect,
                io_timeout: timeouts.command,
                key,
            },
            serial: addr.to_string(),
            timeouts,
        };
        let banner = dev
            .link
            .banner()
            .map_err(|e| dev.open_error("connecting", e))?;
        Ok((dev, banner))
    }

    fn open_error(&self, what: &str, e: OpenError) -> DeviceError {
        match e {
            OpenError::Io(e) if e.kind() == std::io::ErrorKind::ConnectionRefused => {
                DeviceError::Unreachable {
                    addr: self.serial.clone(),
                    reason: e.to_string(),
                }
            }
            OpenError::Io(e) => self.io_error(what, e),
            OpenError::Unauthorized(reason) => {
                tracing::warn!("{}: {reason}", self.serial);
                DeviceError::Unauthorized {
                    serial: self.serial.clone(),
                }
            }
            OpenError::Refused(reason) => DeviceError::Refused {
                serial: self.serial.clone(),
                what: what.to_owned(),
                reason,
            },
        }
    }
}

impl Device for DirectDevice {
    fn serial(&self) -> &str {
        &self.serial
    }

    fn timeouts(&self) -> Timeouts {
        self.timeouts
    }

    fn open(&mut self, service: &Service) -> Result<Box<dyn Stream>, DeviceError> {
        let wire = service.to_string();
        match self.link.open(&wire) {
            Ok(s) => Ok(Box::new(s)),
            Err(e) => Err(self.open_error(&format!("opening {wire}"), e)),
        }
    }

    fn reconnect(&mut self) -> Result<(), DeviceError> {
        // Every stream has its own connection: a fresh handshake is the whole reconnect.
        self.link
            .banner()
            .map(drop)
            .map_err(|e| self.open_error("reconnecting", e))
    }

    fn clone_box(&self) -> Box<dyn Device> {
        Box::new(self.clone())
    }
}

/// Model from a CNXN banner (`device::ro.product.name=x;ro.product.model=y;...`).
pub fn banner_model(banner: &str) -> Option<String> {
    banner
        .split([':', ';'])
        .find_map(|kv| kv.strip_prefix("ro.product.model="))
        .map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_from_banner() {
        assert_eq!(
            banner_model("device::ro.product.name=vp;ro.product.model=Virtual Phone;ro.product.device=vp;features=shell_v2"),
            Some("Virtual Phone".into())
        );
        assert_eq!(banner_model("device::"), None);
    }
}
