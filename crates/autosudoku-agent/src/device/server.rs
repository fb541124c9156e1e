//! Where the adb server is, decided once like `adb` itself does (`-H/-P`, then `ADB_SERVER_SOCKET`,
//! then `ANDROID_ADB_SERVER_ADDRESS`/`_PORT`, then 127.0.0.1:5037), and starting it with
//! `adb start-server` (the port in the child's environment, bounded by our own timeout) when
//! nothing answers on a loopback address.

use super::error::DeviceError;
use super::wire::{RequestError, ServerLink};
use std::collections::HashMap;
use std::net::{Ipv4Addr, SocketAddrV4, TcpStream, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub const DEFAULT_PORT: u16 = 5037;
/// How long `adb start-server` may take: it forks the server and waits until it listens, which
/// takes well under a second on a warm machine and a few seconds when adb must also write a key.
const START_SERVER_LIMIT: Duration = Duration::from_secs(20);

/// The raw sources of the server address, in the order `adb` consults them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ServerSources {
    /// `-H HOST`
    pub flag_host: Option<String>,
    /// `-P PORT`
    pub flag_port: Option<u16>,
    /// `ADB_SERVER_SOCKET`, e.g. `tcp:localhost:5038` or `tcp:5038`
    pub server_socket: Option<String>,
    /// `ANDROID_ADB_SERVER_ADDRESS`
    pub env_host: Option<String>,
    /// `ANDROID_ADB_SERVER_PORT`
    pub env_port: Option<String>,
    /// `ADB`: the adb binary; else `adb` from PATH.
    pub adb: Option<PathBuf>,
}

/// The resolved server: an IPv4 address (adb's own server listens on IPv4 only) and
/// the binary that can start it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerConfig {
    pub addr: SocketAddrV4,
    pub adb: PathBuf,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ServerAddressError {
    #[error("ADB_SERVER_SOCKET={0:?} is not tcp:HOST:PORT or tcp:PORT; fix or unset it")]
    BadSocket(String),
    #[error("ANDROID_ADB_SERVER_PORT={0:?} is not a port number (1-65535); fix or unset it")]
    BadPort(String),
    #[error("adb server host {0:?} does not resolve to an IPv4 address; use an IPv4 address or a name with one (e.g. 127.0.0.1)")]
    NoIpv4(String),
}

impl ServerSources {
    /// Applies the precedence: each of host and port comes from the first source that gives it.
    pub fn resolve(&self) -> Result<ServerConfig, ServerAddressError> {
        let (socket_host, socket_port) = match &self.server_socket {
            Some(s) => parse_server_socket(s)?,
            None => (None, None),
        };
        let env_port = match &self.env_port {
            Some(p) if !p.trim().is_empty() => Some(
                p.trim()
                    .parse::<u16>()
                    .ok()
                    .filter(|&p| p != 0)
                    .ok_or_else(|| ServerAddressError::BadPort(p.clone()))?,
            ),
            _ => None,
        };
        let host = self
            .flag_host
            .clone()
            .or(socket_host)
            .or_else(|| self.env_host.clone().filter(|h| !h.trim().is_empty()))
            .unwrap_or_else(|| "127.0.0.1".to_owned());
        let port = self
            .flag_port
            .or(socket_port)
            .or(env_port)
            .unwrap_or(DEFAULT_PORT);
        Ok(ServerConfig {
            addr: SocketAddrV4::new(resolve_ipv4(&host)?, port),
            adb: self.adb.clone().unwrap_or_else(|| PathBuf::from("adb")),
        })
    }
}

fn parse_server_socket(s: &str) -> Result<(Option<String>, Option<u16>), ServerAddressError> {
    let bad = || ServerAddressError::BadSocket(s.to_owned());
    let rest = s.strip_prefix("tcp:").ok_or_else(bad)?;
    let (host, port) = match rest.rsplit_once(':') {
        Some((h, p)) => (Some(h.to_owned()), p),
        None => (None, rest),
    };
    let port = port
        .parse::<u16>()
        .ok()
        .filter(|&p| p != 0)
        .ok_or_else(bad)?;
    Ok((host.filter(|h| !h.is_empty()), Some(port)))
}

/// `localhost` and other names → their first IPv4 address.
pub fn resolve_ipv4(host: &str) -> Result<Ipv4Addr, ServerAddressError> {
    if let Ok(ip) = host.parse::<Ipv4Addr>() {
        return Ok(ip);
    }
    if host.eq_ignore_ascii_case("localhost") {
        return Ok(Ipv4Addr::LOCALHOST);
    }
    (host, 0)
        .to_socket_addrs()
        .ok()
        .and_then(|mut addrs| {
            addrs.find_map(|a| match a {
                std::net::SocketAddr::V4(v4) => Some(*v4.ip()),
                std::net::SocketAddr::V6(_) => None,
            })
        })
        .ok_or_else(|| ServerAddressError::NoIpv4(host.to_owned()))
}

/// The oldest server we talk to: `host:devices-l` and `host:transport:` as we use them came with
/// adb 1.0.31 (`host:version` answers 31).
pub const MIN_SERVER_VERSION: u32 = 31;

/// What one `host:version` request found at the server address.
enum Probe {
    /// An adb server of this version (`adb version` shows 1.0.N).
    Adb(u32),
    /// Nothing accepts connections there.
    Down(std::io::Error),
    /// Something accepted the connection but does not speak the adb server protocol.
    Other(String),
}

impl ServerConfig {
    fn probe(&self, timeout: Duration) -> Probe {
        if let Err(e) = TcpStream::connect_timeout(&self.addr.into(), timeout) {
            return Probe::Down(e);
        }
        let link = ServerLink {
            addr: self.addr,
            connect_timeout: timeout,
            io_timeout: timeout,
        };
        match link.query("host:version") {
            Ok(text) => match u32::from_str_radix(text.trim(), 16) {
                Ok(version) => Probe::Adb(version),
                Err(_) => Probe::Other(format!("it answered host:version with {text:?}")),
            },
            Err(RequestError::Fail(reason)) => {
                Probe::Other(format!("it refused host:version: {reason}"))
            }
            Err(RequestError::Io(e)) => Probe::Other(match e.kind() {
                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut => format!(
                    "it accepted the connection but did not answer host:version within {} s",
                    timeout.as_secs_f32()
                ),
                std::io::ErrorKind::UnexpectedEof => {
                    "it closed the connection without answering host:version".into()
                }
                _ => e.to_string(),
            }),
        }
    }

    /// Makes sure an adb server answers and is recent enough: `host:version` (so every later host
    /// request goes to a server that just answered, and a port where something else listens is
    /// named as such). With nothing listening on 127.0.0.1, run `adb start-server` and try again;
    /// adb listens on 127.0.0.1 only, so for any other address we start nothing.
    pub fn ensure_running(&self, timeout: Duration) -> Result<u32, DeviceError> {
        let first = match self.probe(timeout) {
            Probe::Down(e) => e,
            found => return self.judge(found),
        };
        let addr = self.addr.to_string();
        if *self.addr.ip() != Ipv4Addr::LOCALHOST {
            let next = if self.addr.ip().is_loopback() {
                format!("adb starts servers on 127.0.0.1 only, so use -H 127.0.0.1 (or start a server that listens on {addr} yourself)")
            } else {
                "a remote server must be started on its own host (`adb -a -P PORT server nodaemon` there)".to_owned()
            };
            return Err(DeviceError::NoServer {
                addr,
                reason: first.to_string(),
                next,
            });
        }
        let adb = self
            .adb
            .to_str()
            .filter(|_| is_program(&self.adb))
            .ok_or_else(|| DeviceError::ServerUnavailable {
                addr: addr.clone(),
                reason: format!(
                    "connecting: {first}; no program {} was found (not a file, not on PATH, or not a UTF-8 path)",
                    self.adb.display()
                ),
            })?;
        tracing::info!(
            "no adb server at {addr}; running `{adb} start-server` for port {}",
            self.addr.port()
        );
        let ran = self.start_server(adb, START_SERVER_LIMIT);
        match self.probe(timeout) {
            Probe::Down(e) => {
                self.kill_started(adb);
                Err(DeviceError::NoServer {
                    addr,
                    reason: format!("ran `{adb} start-server` ({ran}; its messages are above), but connecting still fails: {e}"),
                    next: format!("run `{adb} -P {} start-server` yourself to see why", self.addr.port()),
                })
            }
            found => self.judge(found),
        }
    }

    /// Runs `adb start-server` for this port and waits at most `limit` (a wedged adb must not hang
    /// play); says how it ended, for the error when the server still does not answer.
    fn start_server(&self, adb: &str, limit: Duration) -> String {
        let mut child = match Command::new(adb)
            .arg("start-server")
            .envs(self.child_env())
            .stdin(Stdio::null())
            .spawn()
        {
            Ok(child) => child,
            Err(e) => return format!("it did not start: {e}"),
        };
        let start = Instant::now();
        loop {
            match child.try_wait() {
                Ok(Some(status)) => return format!("it {status}"),
                Ok(None) if start.elapsed() < limit => {
                    std::thread::sleep(Duration::from_millis(20))
                }
                Ok(None) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return format!(
                        "it was still running after {} s and was stopped",
                        limit.as_secs()
                    );
                }
                Err(e) => return format!("waiting for it failed: {e}"),
            }
        }
    }

    /// The child's environment picks the port: ADB_SERVER_SOCKET overrides any inherited
    /// ANDROID_ADB_SERVER_* (adb's own precedence), so the server starts on this port and never
    /// on 5037 (`adb -P` would too, but not for a server that adb forks later by itself). adb's
    /// messages go to our stderr.
    fn child_env(&self) -> HashMap<String, String> {
        let port = self.addr.port().to_string();
        HashMap::from([
            ("ADB_SERVER_SOCKET".to_owned(), format!("tcp:{port}")),
            ("ANDROID_ADB_SERVER_PORT".to_owned(), port),
        ])
    }

    /// A server we started that does not answer is ours to stop: nothing stays behind.
    fn kill_started(&self, adb: &str) {
        let _ = Command::new(adb)
            .arg("kill-server")
            .envs(self.child_env())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }

    fn judge(&self, found: Probe) -> Result<u32, DeviceError> {
        let addr = self.addr.to_string();
        match found {
            Probe::Adb(version) if version < MIN_SERVER_VERSION => Err(DeviceError::ServerTooOld {
                addr,
                version,
                minimum: MIN_SERVER_VERSION,
            }),
            Probe::Adb(version) => Ok(version),
            Probe::Other(detail) => Err(DeviceError::NotAdbServer { addr, detail }),
            Probe::Down(e) => Err(DeviceError::NoServer {
                addr,
                reason: e.to_string(),
                next: "check that the adb server is running (`adb start-server`)".into(),
            }),
        }
    }
}

/// Whether `adb` names an existing file, directly or through PATH (checked first, to say what is
/// missing rather than quote a bare spawn error).
pub(crate) fn is_program(adb: &Path) -> bool {
    if adb.components().count() > 1 {
        return adb.is_file();
    }
    std::env::var_os("PATH")
        .map(|paths| std::env::split_paths(&paths).any(|dir| dir.join(adb).is_file()))
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addr(s: &ServerSources) -> String {
        s.resolve().unwrap().addr.to_string()
    }

    #[test]
    fn defaults_to_loopback_5037() {
        assert_eq!(addr(&ServerSources::default()), "127.0.0.1:5037");
    }

    #[test]
    fn precedence_per_field() {
        let mut s = ServerSources {
            env_host: Some("localhost".into()),
            env_port: Some("6001".into()),
            ..Default::default()
        };
        assert_eq!(addr(&s), "127.0.0.1:6001");
        s.server_socket = Some("tcp:5999".into());
        assert_eq!(addr(&s), "127.0.0.1:5999");
        s.server_socket = Some("tcp:10.0.0.2:5998".into());
        assert_eq!(addr(&s), "10.0.0.2:5998");
        s.flag_port = Some(7000);
        assert_eq!(addr(&s), "10.0.0.2:7000");
        s.flag_host = Some("127.0.0.3".into());
        assert_eq!(addr(&s), "127.0.0.3:7000");
    }

    #[test]
    fn bad_values_are_named() {
        let s = ServerSources {
            server_socket: Some("localabstract:adb".into()),
            ..Default::default()
        };
        assert_eq!(
            s.resolve(),
            Err(ServerAddressError::BadSocket("localabstract:adb".into()))
        );
        let s = ServerSources {
            env_port: Some("50370".into()),
            ..Default::default()
        };
        assert_eq!(addr(&s), "127.0.0.1:50370");
        let s = ServerSources {
            env_port: Some("abc".into()),
            ..Default::default()
        };
        assert_eq!(s.resolve(), Err(ServerAddressError::BadPort("abc".into())));
    }

    #[test]
    fn missing_adb_binary_explains_how_to_install() {
        // Port 1 on loopback: nothing listens there, and the binary does not exist.
        let cfg = ServerConfig {
            addr: SocketAddrV4::new(Ipv4Addr::LOCALHOST, 1),
            adb: PathBuf::from("/nonexistent/adb"),
        };
        let err = cfg.ensure_running(Duration::from_millis(200)).unwrap_err();
        assert!(err.to_string().contains("apt install adb"), "{err}");
    }

    /// A fake `adb` in a fresh folder whose `start-server` runs `body`.
    fn fake_adb(body: &str) -> (tempfile::TempDir, String) {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let adb = dir.path().join("adb");
        std::fs::write(&adb, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&adb, std::fs::Permissions::from_mode(0o755)).unwrap();
        let path = adb.to_str().unwrap().to_owned();
        (dir, path)
    }

    #[test]
    fn a_wedged_start_server_is_stopped_at_the_limit() {
        let (_dir, adb) = fake_adb("exec sleep 30");
        let cfg = ServerConfig {
            addr: SocketAddrV4::new(Ipv4Addr::LOCALHOST, 1),
            adb: PathBuf::from(&adb),
        };
        let start = Instant::now();
        let ran = cfg.start_server(&adb, Duration::from_millis(300));
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
        assert!(ran.contains("still running after"), "{ran}");
        let (_dir, adb) = fake_adb("echo \"$ADB_SERVER_SOCKET\" >&2; exit 3");
        let ran = cfg.start_server(&adb, Duration::from_secs(5));
        assert!(ran.contains("exit status: 3"), "{ran}");
    }
}
