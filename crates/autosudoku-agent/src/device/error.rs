//! `DeviceError`: everything that can go wrong between the agent and a phone, each with the next step.

use super::facts::FactsError;
use super::listing::DeviceTable;
use super::quote::QuoteError;
use super::screen::ScreencapError;
use std::time::Duration;

#[derive(Debug, thiserror::Error)]
pub enum DeviceError {
    #[error("no adb server answers at {addr} and none could be started ({reason}); install the Android platform tools (Debian/Ubuntu: `sudo apt install adb`, others: https://developer.android.com/tools/releases/platform-tools) or point ADB=/path/to/adb at one, or use --direct HOST:PORT")]
    ServerUnavailable { addr: String, reason: String },

    #[error("no adb server answers at {addr} ({reason}); {next}")]
    NoServer {
        addr: String,
        reason: String,
        next: String,
    },

    #[error("something answers at {addr}, but it is not an adb server ({detail}); point -H/-P (or ADB_SERVER_SOCKET, ANDROID_ADB_SERVER_ADDRESS/_PORT) at the adb server, 127.0.0.1:5037 by default")]
    NotAdbServer { addr: String, detail: String },

    #[error("the adb server at {addr} is version 1.0.{version}, older than 1.0.{minimum} that autosudoku needs; stop it with `adb -P {port} kill-server` and use a newer adb (the Android platform tools)", port = addr.rsplit(':').next().unwrap_or("5037"))]
    ServerTooOld {
        addr: String,
        version: u32,
        minimum: u32,
    },

    #[error("{}\n{table}\nchoose one with -s SERIAL (or ANDROID_SERIAL); for a phone on the network run `adb connect HOST:PORT` or pass -s HOST:PORT", match serial { Some(s) => format!("no device {s:?} is connected"), None => "no device is connected".to_string() })]
    NotFound {
        serial: Option<String>,
        table: DeviceTable,
    },

    #[error("more than one device is connected:\n{table}\nchoose one with -s SERIAL (or set ANDROID_SERIAL)")]
    Ambiguous { table: DeviceTable },

    #[error("{pick}: the adb server says \"{reason}\":\n{table}\nchoose one with -s SERIAL or -t ID (`autosudoku devices -l` lists the transport ids)")]
    NotPicked {
        pick: String,
        reason: String,
        ambiguous: bool,
        table: DeviceTable,
    },

    #[error("no device is ready:\n{table}\nan offline device needs its cable put back (or for a network phone `adb disconnect SERIAL` and `adb connect SERIAL`); an unauthorized one needs the \"Allow USB debugging?\" prompt accepted on the phone; then check `adb devices`, or choose another with -s SERIAL")]
    NoneReady { table: DeviceTable },

    #[error("device {serial} is unauthorized: accept the \"Allow USB debugging?\" prompt on the phone (tick \"Always allow from this computer\"), then retry; if no prompt shows, revoke USB debugging authorizations in Developer options and reconnect")]
    Unauthorized { serial: String },

    #[error("device {serial} is still {state} after waiting {} s: accept the \"Allow USB debugging?\" prompt on the phone if it shows, check the cable or Wi-Fi, then retry (`adb devices` shows its state)", waited.as_secs())]
    Settling {
        serial: String,
        state: String,
        waited: Duration,
    },

    #[error("device {serial} is {state}: reconnect the cable, or for a network phone run `adb disconnect {serial}` and `adb connect {serial}`, then check `adb devices`")]
    Offline { serial: String, state: String },

    #[error("lost the connection to {serial} while {doing}: {reason}; check the cable or network and `adb devices`, then retry")]
    Lost {
        serial: String,
        doing: String,
        reason: String,
    },

    #[error("{serial} did not answer within {} s while {doing}; the phone may be frozen, asleep or gone: check it and `adb devices`, then retry", after.as_secs_f32())]
    Timeout {
        serial: String,
        doing: String,
        after: Duration,
    },

    #[error("could not reach {addr} ({reason}); is the phone listening there (`adb tcpip 5555` on a real phone, `autosudoku phone --listen` for the virtual one)?")]
    Unreachable { addr: String, reason: String },

    #[error("{serial} refused {what}: {reason}")]
    Refused {
        serial: String,
        what: String,
        reason: String,
    },

    #[error("capture from {serial} failed: {source}")]
    BadScreencap {
        serial: String,
        #[source]
        source: ScreencapError,
    },

    #[error("the screen stream of {serial} (`screenrecord --output-format=frames`) is not usable: {reason}; play goes on with screencap")]
    BadFrames { serial: String, reason: String },

    #[error("{serial} gave an unexpected answer to `{command}`: {detail}")]
    Unexpected {
        serial: String,
        command: String,
        detail: String,
    },

    #[error(transparent)]
    Facts(#[from] FactsError),

    #[error(transparent)]
    Quote(#[from] QuoteError),

    #[error("the {backend} input backend cannot {what}; {hint}")]
    Unsupported {
        backend: &'static str,
        what: &'static str,
        hint: String,
    },

    #[error("the phone refuses injected input: `input` said \"{said}\", so no tap could reach the game; {}", INJECTION_FIX)]
    InjectionDenied { said: String },

    #[error("only {confirmed} of {total} inputs (taps, keys) were confirmed by the phone before: {source}")]
    Partial {
        confirmed: usize,
        total: usize,
        #[source]
        source: Box<DeviceError>,
    },
}

/// What to do about a phone that refuses injected input: the one setting Xiaomi phones need, and
/// what else can block it.
pub const INJECTION_FIX: &str = "on Xiaomi, Redmi and POCO phones turn on \"USB debugging (Security settings)\" in Developer options (it asks for a SIM card and a Mi account), then reboot the phone; on others check that no app draws over the game and that no setting blocks input from USB; then run again";

impl DeviceError {
    /// Whether the phone said it refuses injected input, itself or as what cut a batch short.
    pub fn injection_denied(&self) -> bool {
        match self {
            DeviceError::InjectionDenied { .. } => true,
            DeviceError::Partial { source, .. } => source.injection_denied(),
            _ => false,
        }
    }

    /// Whether the phone went away or cannot be reached (the CLI maps these to exit code 3).
    pub fn is_lost(&self) -> bool {
        match self {
            DeviceError::Lost { .. }
            | DeviceError::Timeout { .. }
            | DeviceError::Unreachable { .. }
            | DeviceError::Offline { .. }
            | DeviceError::ServerUnavailable { .. }
            | DeviceError::NoServer { .. } => true,
            DeviceError::Partial { source, .. } => source.is_lost(),
            // A capture cut short is a connection cut mid-transfer.
            DeviceError::BadScreencap {
                source: ScreencapError::Length { got, expected, .. },
                ..
            } => *got < expected[0],
            _ => false,
        }
    }

    /// Inputs (taps, keys) the phone confirmed before a batch failed (0 for any other error).
    pub fn confirmed_taps(&self) -> usize {
        match self {
            DeviceError::Partial { confirmed, .. } => *confirmed,
            _ => 0,
        }
    }
}
