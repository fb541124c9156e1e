//! `ServerDevice`: a phone reached through the adb server by serial, chosen like adb chooses,
//! with the server's `FAIL` answers typed and a reconnect that revives a network phone.

use super::adb_versions;
use super::choice::choose_settled;
use super::error::DeviceError;
use super::host::{link, list_devices, revive, wait_ready};
use super::select;
use super::server::ServerConfig;
use super::wire::{RequestError, ServerLink};
use super::{Device, Service, Stream, Timeouts};

/// A device on an adb server, by serial.
#[derive(Debug, Clone)]
pub struct ServerDevice {
    server: ServerConfig,
    serial: String,
    timeouts: Timeouts,
    /// The server's protocol version when the device was chosen: another one after a lost phone
    /// means another adb restarted the server.
    server_version: u32,
}

impl ServerDevice {
    /// Picks the device like adb does and connects network serials (`HOST:PORT`) the server does
    /// not know yet, as `adb connect` would.
    pub fn connect(
        server: &ServerConfig,
        wanted: Option<&str>,
        timeouts: Timeouts,
    ) -> Result<Self, DeviceError> {
        let server_version = server.ensure_running(timeouts.connect)?;
        adb_versions::warn_once_if_two(server, server_version);
        let entry = choose_settled(server, wanted, timeouts)?;
        tracing::info!(
            "using {} ({})",
            entry.serial,
            entry.model.as_deref().unwrap_or("unknown model")
        );
        Ok(ServerDevice {
            server: server.clone(),
            serial: entry.serial,
            timeouts,
            server_version,
        })
    }

    fn link(&self) -> ServerLink {
        link(&self.server, self.timeouts)
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
        match self.open_once(&wire) {
            // Opened in the second a phone settles: wait for it, then once more.
            Err(DeviceError::Settling { .. }) => {
                choose_settled(&self.server, Some(&self.serial), self.timeouts)?;
                self.open_once(&wire)
            }
            other => other,
        }
    }

    fn reconnect(&mut self) -> Result<(), DeviceError> {
        self.note_server_restart();
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
    /// Warns when the server answering now is of another version than the one at the start.
    fn note_server_restart(&mut self) {
        let Ok(now) = self.server.ensure_running(self.timeouts.connect) else {
            return;
        };
        if let Some(why) = adb_versions::restarted_by_another(self.server_version, now) {
            tracing::warn!("{why}; {}", adb_versions::FIX);
            self.server_version = now;
        }
    }

    fn open_once(&self, wire: &str) -> Result<Box<dyn Stream>, DeviceError> {
        match self.link().open(&self.serial, wire) {
            Ok(stream) => Ok(Box::new(stream)),
            Err(RequestError::Io(e)) => Err(self.io_error(&format!("opening {wire}"), e)),
            Err(RequestError::Fail(reason)) => Err(self.fail_error(wire, reason)),
        }
    }

    /// Whether the server still lists this device as ready.
    fn still_ready(&self) -> bool {
        list_devices(&self.server, self.timeouts)
            .is_ok_and(|list| list.iter().any(|d| d.serial == self.serial && d.is_ready()))
    }

    /// The server's `FAIL` reasons, typed: the device vanished, is unauthorized or offline.
    fn fail_error(&self, what: &str, reason: String) -> DeviceError {
        let serial = self.serial.clone();
        // adb's acquire_one_transport: "device still authorizing" / "device still connecting".
        if let Some(state) = reason.strip_prefix("device still ") {
            DeviceError::Settling {
                serial,
                state: state.trim().to_owned(),
                waited: std::time::Duration::ZERO,
            }
        } else if reason.contains("unauthorized") {
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
