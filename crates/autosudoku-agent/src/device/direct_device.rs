//! `DirectDevice`: a phone reached straight over TCP (adbd in tcpip mode) without an adb server,
//! each stream on its own connection, and the model read from its CNXN banner.

use super::auth::HostKey;
use super::direct::{DirectLink, OpenError};
use super::error::DeviceError;
use super::{Device, Service, Stream, Timeouts};
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

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
