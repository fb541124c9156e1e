//! The agent's only door to a phone: connecting through the adb server or directly, capture, input.
//!
//! `Phone::connect(&DeviceConfig)` resolves and opens the device; `capture()` returns a `Screenshot`,
//! `input()` the chosen `Input` backend. Below that, a `Device` opens typed ADB `Service` streams
//! over either transport (`server_device.rs` through the server, `direct_device.rs` straight to
//! adbd), each with timeouts.

pub mod adb_versions;
mod auth;
mod bounded;
mod capture_format;
mod choice;
mod connected;
pub mod derived;
pub(crate) mod direct;
mod direct_device;
pub mod display;
pub mod dump;
mod error;
mod facts;
pub mod foreground;
pub mod frame_stream;
pub mod game_display;
mod geometry;
pub mod home;
mod host;
pub mod input;
mod listing;
pub mod lock;
mod preamble;
mod private_port;
mod quote;
pub mod reconnect;
pub(crate) mod screen;
mod select;
pub(crate) mod server;
mod server_device;
pub(crate) mod wire;
mod wireless;

pub use capture_format::CaptureFormat;
pub use connected::{
    capture, capture_display, capture_on, off_main_display, open_device, read_facts, Phone,
};
pub use direct_device::{banner_model, DirectDevice};
pub use error::{DeviceError, INJECTION_FIX};
pub use facts::{AndroidVersion, FactsError, ScreenFacts};
pub use foreground::Foreground;
pub use geometry::{Point, Rotation, ScreenMap, Size, TouchRange};
pub use host::{adb_disconnect, known_devices, list_devices, picked_serial};
pub use input::{Input, InputKind, InputStats, Key, Stroke};
pub use listing::{parse_devices, DeviceEntry, DeviceTable};
pub use private_port::private_server_port;
pub use quote::{quote, QuoteError};
pub use screen::{decode_png, decode_raw, PixelFormat, RawHeader, ScreencapError, Screenshot};
pub use select::{choose, Pick};
pub use server::{resolve_ipv4, ServerAddressError, ServerConfig, ServerSources};
pub use server_device::ServerDevice;

use std::io::{self, Read, Write};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// How to reach the phone, resolved once from flags and environment (see `cli::device_args`).
#[derive(Debug, Clone)]
pub struct DeviceConfig {
    pub route: Route,
    pub input: InputKind,
    /// Minimum time between two taps (apps drop taps that come too fast).
    pub tap_gap: Duration,
    pub capture: CaptureFormat,
    pub timeouts: Timeouts,
}

impl DeviceConfig {
    /// `route` with `input` at full speed: no gap between taps, raw captures, default timeouts.
    pub fn new(route: Route, input: InputKind) -> Self {
        DeviceConfig {
            route,
            input,
            tap_gap: Duration::ZERO,
            capture: CaptureFormat::Raw,
            timeouts: Timeouts::default(),
        }
    }
}

#[derive(Debug, Clone)]
pub enum Route {
    /// Through the adb server; `serial` from `-s`/`ANDROID_SERIAL`, else the only device.
    Server {
        server: ServerConfig,
        serial: Option<String>,
    },
    /// Straight to adbd over TCP (`--direct HOST:PORT`), no server; `key` is the host's adb key
    /// (`~/.android/adbkey`) for phones that ask for AUTH.
    Direct {
        addr: SocketAddr,
        key: Option<PathBuf>,
    },
}

/// Upper bounds for every wait, so a phone that disappears gives an error, not a hang.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    pub connect: Duration,
    /// A short shell command or one read of an open stream.
    pub command: Duration,
    /// A full-screen capture (PNG of a 1440x3200 screen takes ~2 s on real phones).
    pub capture: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            connect: Duration::from_secs(5),
            command: Duration::from_secs(10),
            capture: Duration::from_secs(30),
        }
    }
}

/// Most output a short shell command may print: `dumpsys window` on a busy phone is about 1 MB.
pub const MAX_SHELL_OUTPUT: u64 = 16 * 1024 * 1024;

/// Most bytes a `screencap -p` PNG may take: far above a 16384-pixel screen's compressed size.
pub const MAX_PNG_CAPTURE: u64 = 256 * 1024 * 1024;

/// An ADB service, built from typed values; `Display` gives its wire string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Service {
    /// `shell:CMD`, v1: output until the command ends.
    Shell(String),
    /// Bare `shell:`: an interactive shell reading lines from us, on a terminal (which echoes
    /// every byte we send).
    InteractiveShell,
    /// `shell,raw:`: the same without a terminal, so nothing is echoed (adbd with shell
    /// arguments, Android 7 on; older ones refuse it).
    RawShell,
    /// `exec:CMD`: binary-safe output (`adb exec-out`).
    Exec(String),
    /// `tcp:PORT`: a socket to a port on the phone (what `adb forward` opens).
    Tcp(u16),
}

impl std::fmt::Display for Service {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Service::Shell(cmd) => write!(f, "shell:{cmd}"),
            Service::InteractiveShell => write!(f, "shell:"),
            Service::RawShell => write!(f, "shell,raw:"),
            Service::Exec(cmd) => write!(f, "exec:{cmd}"),
            Service::Tcp(port) => write!(f, "tcp:{port}"),
        }
    }
}

/// An open service stream: bytes both ways, with a timeout on every read and write.
pub trait Stream: Read + Write + Send {
    fn set_timeout(&mut self, timeout: Duration) -> io::Result<()>;
    /// Closes both directions; later reads return EOF or an error.
    fn close(&mut self);
}

/// A phone reachable over one transport. Cheap to clone: it holds addresses, not connections.
pub trait Device: Send {
    fn serial(&self) -> &str;
    fn timeouts(&self) -> Timeouts;
    /// Opens `service`, with the command timeout already set on the stream.
    fn open(&mut self, service: &Service) -> Result<Box<dyn Stream>, DeviceError>;
    /// Brings the transport back after a loss (for network phones: `adb disconnect` + `adb connect`).
    fn reconnect(&mut self) -> Result<(), DeviceError>;
    fn clone_box(&self) -> Box<dyn Device>;

    /// Runs a short shell command and returns its output (stdout and stderr mixed, as shell v1
    /// does) without the linker's warnings (`preamble::shell_text`): at most `MAX_SHELL_OUTPUT`
    /// bytes, within three command timeouts in all.
    fn shell(&mut self, command: &str) -> Result<String, DeviceError> {
        let mut stream = self.open(&Service::Shell(command.to_owned()))?;
        let out = bounded::read_all(&mut stream, MAX_SHELL_OUTPUT, self.timeouts().command * 3)
            .map_err(|e| self.io_error(&format!("running `{command}`"), e))?;
        Ok(preamble::shell_text(&out))
    }

    /// Maps a socket error to a typed one: timeouts to `Timeout`, the rest to `Lost`.
    fn io_error(&self, doing: &str, e: io::Error) -> DeviceError {
        match e.kind() {
            io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => DeviceError::Timeout {
                serial: self.serial().to_owned(),
                doing: doing.to_owned(),
                after: self.timeouts().command,
            },
            _ => DeviceError::Lost {
                serial: self.serial().to_owned(),
                doing: doing.to_owned(),
                reason: e.to_string(),
            },
        }
    }
}
