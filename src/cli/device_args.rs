//! The device options every phone-facing command shares (`devices`, `screenshot`, `play`, `read`,
//! `regress` flatten them), resolved once into a typed `device::DeviceConfig`, and the mapping of
//! device errors to exit codes.

use crate::exit::{self, Exit};
use autosudoku_agent::device::lock::{self, Claimant, ConnectError, DeviceLock};
use autosudoku_agent::device::{
    picked_serial, CaptureFormat, DeviceConfig, DeviceError, InputKind, Phone, Pick, Route,
    ServerAddressError, ServerSources, Timeouts,
};
use autosudoku_agent::home::Home;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::Args;
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::PathBuf;
use std::time::Duration;

/// Which adb server to use: `-H/-P`, then `ADB_SERVER_SOCKET`, then
/// `ANDROID_ADB_SERVER_ADDRESS`/`_PORT`, then 127.0.0.1:5037 (adb's own precedence).
#[derive(Debug, Clone, Default, Args)]
pub struct ServerArgs {
    /// adb server host (default: ADB_SERVER_SOCKET, ANDROID_ADB_SERVER_ADDRESS, else 127.0.0.1).
    #[arg(short = 'H', long = "adb-host", value_name = "HOST")]
    pub adb_host: Option<String>,
    /// adb server port (default: ADB_SERVER_SOCKET, ANDROID_ADB_SERVER_PORT, else 5037).
    #[arg(short = 'P', long = "adb-port", value_name = "PORT")]
    pub adb_port: Option<u16>,
    #[arg(long, env = "ADB_SERVER_SOCKET", hide = true)]
    pub adb_server_socket: Option<String>,
    #[arg(long, env = "ANDROID_ADB_SERVER_ADDRESS", hide = true)]
    pub adb_server_address: Option<String>,
    #[arg(long, env = "ANDROID_ADB_SERVER_PORT", hide = true)]
    pub adb_server_port: Option<String>,
    /// The adb binary used to start a server (default: `adb` on PATH).
    #[arg(long = "adb", env = "ADB", value_name = "PATH", hide = true)]
    pub adb: Option<PathBuf>,
}

impl ServerArgs {
    /// Whether the user named a server at all (flags or environment).
    pub fn chosen(&self) -> bool {
        self.adb_host.is_some()
            || self.adb_port.is_some()
            || self.adb_server_socket.is_some()
            || self.adb_server_address.is_some()
            || self.adb_server_port.is_some()
    }

    pub fn sources(&self) -> ServerSources {
        ServerSources {
            flag_host: self.adb_host.clone(),
            flag_port: self.adb_port,
            server_socket: self.adb_server_socket.clone(),
            env_host: self.adb_server_address.clone(),
            env_port: self.adb_server_port.clone(),
            adb: self.adb.clone(),
        }
    }
}

/// How to reach the phone: serial, adb server, or direct TCP.
#[derive(Debug, Clone, Args)]
pub struct ConnectionArgs {
    /// Device serial as `adb devices` lists it; HOST:PORT is `adb connect`-ed first
    /// (default: ANDROID_SERIAL, else the only device).
    #[arg(
        short = 's',
        long = "serial",
        visible_alias = "device",
        value_name = "SERIAL"
    )]
    pub serial: Option<String>,
    /// The only device on USB, as `adb -d` (ANDROID_SERIAL is then not used).
    #[arg(short = 'd', long = "usb", conflicts_with_all = ["serial", "emulator", "transport_id", "direct"])]
    pub usb: bool,
    /// The only emulator or network (`adb connect`-ed) device, as `adb -e`.
    #[arg(short = 'e', long = "emulator", conflicts_with_all = ["serial", "transport_id", "direct"])]
    pub emulator: bool,
    /// The device with this transport id, as `adb -t ID` (`autosudoku devices -l` lists them).
    #[arg(short = 't', long = "transport-id", value_name = "ID", conflicts_with_all = ["serial", "direct"])]
    pub transport_id: Option<u64>,
    #[command(flatten)]
    pub server: ServerArgs,
    /// Talk straight to the phone's adbd at HOST:PORT (tcpip mode), without an adb server.
    #[arg(long, value_name = "HOST:PORT", conflicts_with_all = ["adb_host", "adb_port"])]
    pub direct: Option<String>,
    /// Seconds to wait for any single answer from the phone before giving up.
    #[arg(long = "device-timeout", value_name = "SECS", default_value_t = 10.0)]
    pub device_timeout: f64,
}

/// Connection plus how to drive the phone.
#[derive(Debug, Clone, Args)]
pub struct DeviceArgs {
    #[command(flatten)]
    pub connection: ConnectionArgs,
    /// Input backend; `auto` probes the phone and picks the fastest that works.
    #[arg(long, value_parser = input_kinds(), default_value_t = InputKind::Auto)]
    pub input: InputKind,
    /// Minimum milliseconds between two taps (some apps drop taps that come faster).
    #[arg(long = "tap-gap", value_name = "MS", default_value_t = 0)]
    pub tap_gap: u64,
    /// Screen capture format: raw pixels (fast) or PNG (the fallback).
    #[arg(long, value_parser = capture_formats(), default_value_t = CaptureFormat::Raw)]
    pub capture: CaptureFormat,
}

/// `--input`'s values: the library's backends by name, each with its help line.
pub fn input_kinds() -> impl TypedValueParser<Value = InputKind> {
    named(InputKind::ALL, InputKind::name, InputKind::about)
}

/// `--capture`'s values: the library's capture formats by name, each with its help line.
pub fn capture_formats() -> impl TypedValueParser<Value = CaptureFormat> {
    named(
        CaptureFormat::ALL,
        CaptureFormat::name,
        CaptureFormat::about,
    )
}

/// A clap value parser over every value of a library enum, by the names it gives them.
fn named<T: Copy + Send + Sync + 'static, const N: usize>(
    all: [T; N],
    name: fn(T) -> &'static str,
    about: fn(T) -> &'static str,
) -> impl TypedValueParser<Value = T> {
    let values = all.map(|v| PossibleValue::new(name(v)).help(about(v)));
    PossibleValuesParser::new(values).map(move |typed| {
        all.into_iter()
            .find(|&v| name(v) == typed)
            .expect("clap accepts only the names listed")
    })
}

#[derive(Debug, thiserror::Error)]
pub enum DeviceArgsError {
    #[error(transparent)]
    Server(#[from] ServerAddressError),
    #[error("--direct {0:?} is not HOST:PORT with a host that resolves (e.g. 127.0.0.1:5555)")]
    BadDirect(String),
    #[error("--device-timeout {0} must be a positive number of seconds")]
    BadTimeout(f64),
}

impl ConnectionArgs {
    pub fn timeouts(&self) -> Result<Timeouts, DeviceArgsError> {
        if !(self.device_timeout.is_finite() && self.device_timeout > 0.0) {
            return Err(DeviceArgsError::BadTimeout(self.device_timeout));
        }
        let command = Duration::from_secs_f64(self.device_timeout);
        let default = Timeouts::default();
        Ok(Timeouts {
            connect: default.connect.min(command.max(Duration::from_secs(1))),
            command,
            capture: default.capture.max(command),
        })
    }

    /// The serial named by `-s`, else by ANDROID_SERIAL; adb reads the variable only when no
    /// `-d`/`-e`/`-t` is given (client/commandline.cpp), so it is read here, not by the parser
    /// (which refuses `-s` typed together with one of them).
    pub fn serial(&self) -> Option<String> {
        let env = || match self.pick() {
            Some(_) => None,
            None => std::env::var("ANDROID_SERIAL").ok(),
        };
        self.serial.clone().or_else(env).filter(|s| !s.is_empty())
    }

    /// `-d`, `-e` or `-t ID`, if one was given.
    pub fn pick(&self) -> Option<Pick> {
        match (self.usb, self.emulator, self.transport_id) {
            (true, _, _) => Some(Pick::Usb),
            (_, true, _) => Some(Pick::Emulator),
            (_, _, id) => id.map(Pick::TransportId),
        }
    }

    /// The route, with the serial that `-d`/`-e`/`-t` name asked of the adb server; usage errors
    /// exit 2, a device that cannot be chosen exits as `device_failure` says.
    pub fn route(&self) -> anyhow::Result<Route> {
        let route = self.parsed_route().map_err(usage)?;
        let (Some(pick), Route::Server { server, .. }) = (self.pick(), &route) else {
            return Ok(route);
        };
        let timeouts = self.timeouts().map_err(usage)?;
        let serial = picked_serial(server, pick, timeouts).map_err(device_failure)?;
        Ok(Route::Server {
            server: server.clone(),
            serial: Some(serial),
        })
    }

    fn parsed_route(&self) -> Result<Route, DeviceArgsError> {
        if let Some(direct) = &self.direct {
            if let Some(serial) = &self.serial() {
                tracing::warn!("--direct {direct}: ignoring serial {serial}");
            }
            return Ok(Route::Direct {
                addr: resolve_direct(direct)?,
                key: default_adb_key(),
            });
        }
        let server = self.server.sources().resolve()?;
        Ok(Route::Server {
            server,
            serial: self.serial(),
        })
    }
}

/// adb's own key, where adb keeps it: `$ANDROID_USER_HOME/adbkey`, else `~/.android/adbkey`
/// (`None` if there is none; a phone that asks for AUTH then gets a clear error).
fn default_adb_key() -> Option<PathBuf> {
    let dir = std::env::var_os("ANDROID_USER_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".android")))?;
    let key = dir.join("adbkey");
    key.is_file().then_some(key)
}

fn resolve_direct(text: &str) -> Result<SocketAddr, DeviceArgsError> {
    let bad = || DeviceArgsError::BadDirect(text.to_owned());
    let addrs: Vec<SocketAddr> = text.to_socket_addrs().map_err(|_| bad())?.collect();
    addrs
        .iter()
        .find(|a| a.is_ipv4())
        .or(addrs.first())
        .copied()
        .ok_or_else(bad)
}

impl DeviceArgs {
    /// Resolves flags and environment once; nothing later reads them again.
    pub fn resolve(&self) -> anyhow::Result<DeviceConfig> {
        Ok(DeviceConfig {
            route: self.connection.route()?,
            input: self.input,
            tap_gap: Duration::from_millis(self.tap_gap),
            capture: self.capture,
            timeouts: self.connection.timeouts().map_err(usage)?,
        })
    }
}

/// A usage error (exit 2) from bad device options.
pub fn usage(err: DeviceArgsError) -> anyhow::Error {
    exit::with_code(Exit::Usage, err)
}

/// Wraps a device error with its exit code: 3 when the phone is gone or cannot be reached
/// (lost, timed out, offline, unauthorized or still authorizing, none ready, not found, no server), 2 when the user must choose a
/// device or named something that is not an adb server, 1 otherwise (a server too old).
pub fn device_failure(err: DeviceError) -> anyhow::Error {
    let code = match &err {
        DeviceError::Ambiguous { .. }
        | DeviceError::NotPicked {
            ambiguous: true, ..
        }
        | DeviceError::NotAdbServer { .. } => Exit::Usage,
        DeviceError::NotPicked { .. } => Exit::DeviceLost,
        DeviceError::NotFound { .. }
        | DeviceError::NoneReady { .. }
        | DeviceError::Unauthorized { .. }
        | DeviceError::Settling { .. } => Exit::DeviceLost,
        e if e.is_lost() => Exit::DeviceLost,
        _ => Exit::Failure,
    };
    exit::with_code(code, err)
}

/// Who this process is to a second run on its phone: the lock folder and its command line.
pub fn claimant(home: &Home) -> Claimant {
    Claimant {
        dir: home.locks().to_path_buf(),
        command: std::env::args().collect::<Vec<_>>().join(" "),
    }
}

/// `lock::connect_alone` with input starting behind the first look; another autosudoku driving
/// the phone makes it unreachable for this run (exit 3, as `regress` ends), and is named.
pub fn connect_alone(config: &DeviceConfig, home: &Home) -> anyhow::Result<(Phone, DeviceLock)> {
    lock::connect_alone(config, &claimant(home), true).map_err(|e| match e {
        ConnectError::Device(d) => device_failure(d),
        ConnectError::Lock(l) => exit::with_code(Exit::DeviceLost, l),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Cli {
        #[command(flatten)]
        device: DeviceArgs,
    }

    fn parse(args: &[&str]) -> DeviceArgs {
        Cli::try_parse_from(std::iter::once("t").chain(args.iter().copied()))
            .unwrap()
            .device
    }

    #[test]
    fn flags_resolve_to_a_typed_config() {
        let a = parse(&[
            "-s",
            "127.0.0.1:6520",
            "-P",
            "5099",
            "--input",
            "monkey",
            "--tap-gap",
            "40",
        ]);
        let cfg = a.resolve().unwrap();
        match cfg.route {
            Route::Server { server, serial } => {
                assert_eq!(server.addr.port(), 5099);
                assert_eq!(serial.as_deref(), Some("127.0.0.1:6520"));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            (cfg.input, cfg.tap_gap),
            (InputKind::Monkey, Duration::from_millis(40))
        );
        let a = parse(&["--device", "emulator-5554", "-H", "localhost"]);
        assert_eq!(a.connection.serial.as_deref(), Some("emulator-5554"));
    }

    #[test]
    fn direct_and_bad_values() {
        let cfg = parse(&["--direct", "localhost:6520"]).resolve().unwrap();
        assert!(matches!(cfg.route, Route::Direct { addr, .. } if addr.port() == 6520));
        assert!(matches!(
            parse(&["--direct", "nonsense"]).connection.parsed_route(),
            Err(DeviceArgsError::BadDirect(_))
        ));
        assert!(matches!(
            parse(&["--device-timeout", "0"]).connection.timeouts(),
            Err(DeviceArgsError::BadTimeout(_))
        ));
        let cli = Cli::try_parse_from(["t", "--direct", "127.0.0.1:1", "-P", "5"]);
        assert!(cli.is_err(), "--direct with -P must be refused");
    }

    #[test]
    fn adbs_device_flags_are_one_choice() {
        assert_eq!(parse(&["-d"]).connection.pick(), Some(Pick::Usb));
        assert_eq!(parse(&["-e"]).connection.pick(), Some(Pick::Emulator));
        let t = parse(&["-t", "7"]).connection;
        assert_eq!(t.pick(), Some(Pick::TransportId(7)));
        assert_eq!(t.serial(), None, "ANDROID_SERIAL is not read with -t");
        assert_eq!(parse(&[]).connection.pick(), None);
        for two in [
            &["-d", "-e"][..],
            &["-s", "X", "-d"],
            &["-t", "1", "-e"],
            &["-t", "1", "--direct", "127.0.0.1:1"],
        ] {
            let cli = Cli::try_parse_from(std::iter::once("t").chain(two.iter().copied()));
            assert!(cli.is_err(), "{two:?} must be refused");
        }
    }
}
