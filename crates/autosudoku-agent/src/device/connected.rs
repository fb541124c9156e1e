//! `Phone`: one connected device with its screen facts, capture and chosen input backend — the
//! interface the rest of the agent uses.

use super::capture_format::CaptureFormat;
use super::direct_device::DirectDevice;
use super::display;
use super::error::DeviceError;
use super::facts::{section, ScreenFacts, FACTS_COMMAND};
use super::foreground::{self, Foreground};
use super::game_display::{self, warns_of_several_displays, ScreencapDisplay};
use super::geometry::{ScreenMap, Size};
use super::input::{self, Background, Input};
use super::preamble::split_preamble;
use super::screen::{self, ReadRawError, ScreencapError, Screenshot};
use super::server_device::ServerDevice;
use super::{bounded, Device, DeviceConfig, Route, Service, Timeouts, MAX_PNG_CAPTURE};
use std::time::{Instant, SystemTime};

pub struct Phone {
    device: Box<dyn Device>,
    facts: ScreenFacts,
    map: ScreenMap,
    input: Box<dyn Input>,
    capture: CaptureFormat,
    /// The display captured, once a capture warned of several (see `game_display`).
    display: Option<ScreencapDisplay>,
}

impl Phone {
    /// Finds and opens the device `config` names, reads its screen facts and sets up input.
    pub fn connect(config: &DeviceConfig) -> Result<Phone, DeviceError> {
        Phone::open(open_device(&config.route, config.timeouts)?, config)
    }

    /// Like `connect`, but the input backend starts on a thread while the caller captures and
    /// reads: the Monkey's ~0.6 s start-up then overlaps the first look instead of preceding it.
    /// A backend that fails to start says so at the first tap or key.
    pub fn connect_overlapped(config: &DeviceConfig) -> Result<Phone, DeviceError> {
        Phone::start(open_device(&config.route, config.timeouts)?, config, true)
    }

    /// `connect_overlapped` on an already chosen device (one `open_device` chose and the caller
    /// locked: `device::lock`).
    pub fn open_overlapped(
        device: Box<dyn Device>,
        config: &DeviceConfig,
    ) -> Result<Phone, DeviceError> {
        Phone::start(device, config, true)
    }

    /// Sets up a phone on an already chosen device.
    pub fn open(device: Box<dyn Device>, config: &DeviceConfig) -> Result<Phone, DeviceError> {
        Phone::start(device, config, false)
    }

    /// Reads the screen facts and starts input, now or (`background`) on a thread.
    fn start(
        mut device: Box<dyn Device>,
        config: &DeviceConfig,
        background: bool,
    ) -> Result<Phone, DeviceError> {
        let (kind, link, gap) = (config.input, device.clone_box(), config.tap_gap);
        let (input, facts): (Box<dyn Input>, _) = if background {
            let (input, facts) = Background::start(kind, link, gap, || read_facts(&mut *device))?;
            (Box::new(input), facts)
        } else {
            let facts = read_facts(&mut *device)?;
            (input::open(kind, link, &facts, gap)?, facts)
        };
        let map = initial_map(&facts);
        Ok(Phone::assemble(device, facts, map, input, config))
    }

    fn assemble(
        device: Box<dyn Device>,
        facts: ScreenFacts,
        map: ScreenMap,
        input: Box<dyn Input>,
        config: &DeviceConfig,
    ) -> Phone {
        tracing::info!(
            "{}: {} Android {} {} {} dpi rotation {}, input {}",
            device.serial(),
            facts.model,
            facts.android.release,
            facts.effective_size(),
            facts.effective_density(),
            facts.rotation,
            input.kind().name()
        );
        Phone {
            device,
            facts,
            map,
            input,
            capture: config.capture,
            display: None,
        }
    }

    pub fn serial(&self) -> &str {
        self.device.serial()
    }

    pub fn screen_facts(&self) -> &ScreenFacts {
        &self.facts
    }

    /// The mapping for the last capture (or the display, before any): what taps read on that
    /// capture are sent with.
    pub fn screen_map(&self) -> ScreenMap {
        self.map
    }

    pub fn input(&mut self) -> &mut dyn Input {
        &mut *self.input
    }

    pub fn device(&mut self) -> &mut dyn Device {
        &mut *self.device
    }

    /// The app in front (one `dumpsys window` round trip), judged against the home app the facts
    /// named; `None` when the phone does not say.
    pub fn foreground(&mut self) -> Result<Option<Foreground>, DeviceError> {
        let dump = self
            .device
            .shell(foreground::focus_command(&self.facts.android))?;
        Ok(foreground::parse(&dump, self.facts.home.as_ref()))
    }

    /// Whether the screen is off or locked (two `dumpsys` round trips).
    pub fn hidden(&mut self) -> Result<Option<display::Hidden>, DeviceError> {
        display::hidden(&mut *self.device)
    }

    /// Captures the screen on a thread, over its own stream, while the caller goes on sending
    /// input: a glance at some moment of those sends (see `play::checked`). As taken, with no
    /// fallback and no change to the screen mapping.
    pub fn capture_behind(&self) -> std::thread::JoinHandle<Result<Screenshot, DeviceError>> {
        let (mut device, format, display) = (self.device.clone_box(), self.capture, self.display);
        std::thread::spawn(move || capture_display(&mut *device, format, display))
    }

    /// Captures the screen in the configured format (raw falls back to PNG when the phone's raw
    /// output is in a format we do not read). Updates the screen mapping; re-reads the rotation
    /// when the picture's orientation changed.
    pub fn capture(&mut self) -> Result<Screenshot, DeviceError> {
        if self.display.is_none() && self.facts.game_display != 0 {
            self.display = screencap_display(&mut *self.device, self.facts.game_display)?;
        }
        let mut shot = self.capture_in_format()?;
        if self.display.is_none() {
            self.display = display_to_choose(&mut *self.device, &shot)?;
            if self.display.is_some() {
                shot = self.capture_in_format()?;
            }
        }
        if shot.size != self.map.screenshot {
            self.facts = read_facts(&mut *self.device)?;
        }
        self.map = ScreenMap::new(shot.size, self.facts.effective_size(), self.facts.rotation);
        Ok(Screenshot {
            rotation: self.facts.rotation,
            ..shot
        })
    }

    /// One capture of the chosen display in the configured format (raw falls back to PNG when the
    /// phone's raw output is in a format we do not read).
    fn capture_in_format(&mut self) -> Result<Screenshot, DeviceError> {
        Ok(
            match capture_display(&mut *self.device, self.capture, self.display) {
                Err(DeviceError::BadScreencap {
                    source:
                        source @ (ScreencapError::UnknownFormat { .. } | ScreencapError::BadSize { .. }),
                    ..
                }) if self.capture == CaptureFormat::Raw => {
                    tracing::warn!("raw capture unusable ({source}); falling back to PNG");
                    self.capture = CaptureFormat::Png;
                    capture_display(&mut *self.device, CaptureFormat::Png, self.display)?
                }
                other => other?,
            },
        )
    }
}

/// Opens the device a route names: through the server (choosing, `adb connect`-ing) or directly.
pub fn open_device(route: &Route, timeouts: Timeouts) -> Result<Box<dyn Device>, DeviceError> {
    Ok(match route {
        Route::Server { server, serial } => {
            Box::new(ServerDevice::connect(server, serial.as_deref(), timeouts)?)
        }
        Route::Direct { addr, key } => {
            Box::new(DirectDevice::connect(*addr, key.as_deref(), timeouts)?.0)
        }
    })
}

/// A stream that ends early looks the same whether the command printed little or the
/// connection to the phone went away mid-command; one cheap shell round trip
/// tells them apart, so a lost phone is reported as lost (and reconnected) rather than as a bad
/// capture.
fn gone_or(device: &mut dyn Device, empty: DeviceError) -> DeviceError {
    match device.shell("echo") {
        Err(e) if e.is_lost() => e,
        _ => empty,
    }
}

/// Reads size, density, rotation, build properties, the home app and the display the app in
/// front is on in one shell round trip.
pub fn read_facts(device: &mut dyn Device) -> Result<ScreenFacts, DeviceError> {
    let out = device.shell(FACTS_COMMAND)?;
    // A v1 shell cut mid-command ends like one that printed less: ask before blaming the output.
    let mut facts = ScreenFacts::parse(&out).map_err(|e| gone_or(device, e.into()))?;
    facts.game_display = foreground::parse(section(&out, "windows"), facts.home.as_ref())
        .map_or(0, |app| app.display);
    Ok(facts)
}

fn initial_map(facts: &ScreenFacts) -> ScreenMap {
    let natural = facts.effective_size();
    let current = if facts.rotation.is_quarter() {
        natural.transposed()
    } else {
        natural
    };
    ScreenMap::new(current, natural, facts.rotation)
}

/// One capture of the game's screen in `format`: of the display the app in front is on when it
/// is not display 0 (see `off_main_display`), else as `capture_on` takes it.
pub fn capture(device: &mut dyn Device, format: CaptureFormat) -> Result<Screenshot, DeviceError> {
    let display = off_main_display(device)?;
    capture_on(device, format, display)
}

/// One capture of `display`, or, without one, of screencap's default: on a phone with several
/// displays that capture warns so, and the display behind logical display 0 is then asked for
/// and captured by its id.
pub fn capture_on(
    device: &mut dyn Device,
    format: CaptureFormat,
    display: Option<ScreencapDisplay>,
) -> Result<Screenshot, DeviceError> {
    if display.is_some() {
        return capture_display(device, format, display);
    }
    let shot = capture_display(device, format, None)?;
    match display_to_choose(device, &shot)? {
        Some(id) => capture_display(device, format, Some(id)),
        None => Ok(shot),
    }
}

/// What `screencap -d` takes for the display the app in front is on, when that is not display
/// 0 (two round trips: the SDK and home app, then the focus dump; a third for the displays).
pub fn off_main_display(device: &mut dyn Device) -> Result<Option<ScreencapDisplay>, DeviceError> {
    match foreground::ask(device)? {
        Some(app) if app.display != 0 => screencap_display(device, app.display),
        _ => Ok(None),
    }
}

/// What `screencap -d` takes for logical display `logical` (not 0), logged either way.
fn screencap_display(
    device: &mut dyn Device,
    logical: u32,
) -> Result<Option<ScreencapDisplay>, DeviceError> {
    let id = game_display::game_display(device, logical)?;
    match id {
        Some(id) => tracing::info!("{}: the app in front is on display {logical}; capturing it as `screencap -d {id}`", device.serial()),
        None => tracing::warn!("{}: the app in front is on display {logical}, which `dumpsys display` names no capture id for; capturing screencap's default", device.serial()),
    }
    Ok(id)
}

/// The display to capture instead, when `shot` (taken without `-d`) warns of several.
fn display_to_choose(
    device: &mut dyn Device,
    shot: &Screenshot,
) -> Result<Option<ScreencapDisplay>, DeviceError> {
    if !warns_of_several_displays(&shot.printed_first) {
        return Ok(None);
    }
    let id = game_display::game_display(device, 0)?;
    match id {
        Some(id) => tracing::info!("{}: several displays; capturing display {id}, the one behind logical display 0", device.serial()),
        None => tracing::warn!("{}: several displays, and `dumpsys display` names none behind logical display 0; capturing the first", device.serial()),
    }
    Ok(id)
}

/// `screencap`'s words for a capture in `format` of `display`.
fn screencap_command(format: CaptureFormat, display: Option<ScreencapDisplay>) -> String {
    let mut command = String::from("screencap");
    if let Some(id) = display {
        command.push_str(&format!(" -d {id}"));
    }
    if format == CaptureFormat::Png {
        command.push_str(" -p");
    }
    command
}

/// One capture in `format` of `display` (`None`: screencap's default), timed; `-v` logs bytes
/// and milliseconds.
pub fn capture_display(
    device: &mut dyn Device,
    format: CaptureFormat,
    display: Option<ScreencapDisplay>,
) -> Result<Screenshot, DeviceError> {
    let start = Instant::now();
    let captured_at = SystemTime::now();
    let mut stream = device.open(&Service::Exec(screencap_command(format, display)))?;
    let timeout = device.timeouts().capture;
    stream
        .set_timeout(timeout)
        .map_err(|e| device.io_error("setting the capture timeout", e))?;
    let bad = |device: &dyn Device, source| DeviceError::BadScreencap {
        serial: device.serial().to_owned(),
        source,
    };
    let lost =
        |device: &dyn Device, e: std::io::Error| match device.io_error("capturing the screen", e) {
            DeviceError::Timeout { serial, doing, .. } => DeviceError::Timeout {
                serial,
                doing,
                after: timeout,
            },
            other => other,
        };
    let (image, bytes, printed_first) = match format {
        CaptureFormat::Raw => match screen::read_raw(&mut stream) {
            Ok(r) => (r.image, r.bytes, r.said.text),
            Err(ReadRawError::Io(e)) => return Err(lost(device, e)),
            Err(ReadRawError::Data(e @ ScreencapError::TooShort { got: 0, .. })) => {
                let empty = bad(device, e);
                return Err(gone_or(device, empty));
            }
            Err(ReadRawError::Data(e)) => return Err(bad(device, e)),
        },
        CaptureFormat::Png => {
            let data = bounded::read_all(&mut stream, MAX_PNG_CAPTURE, timeout)
                .map_err(|e| lost(device, e))?;
            match screen::decode_png(&data) {
                Ok(image) => (image, data.len(), split_preamble(&data).0.to_owned()),
                Err(e) => {
                    let err = bad(device, e);
                    return Err(if data.is_empty() {
                        gone_or(device, err)
                    } else {
                        err
                    });
                }
            }
        }
    };
    let took = start.elapsed();
    if !printed_first.is_empty() {
        tracing::debug!(
            "screencap printed before its image: {}",
            printed_first.trim()
        );
    }
    let size = Size::new(image.width(), image.height());
    tracing::info!(
        "captured {size} as {format:?}: {bytes} bytes in {} ms",
        took.as_millis()
    );
    Ok(Screenshot {
        image,
        size,
        rotation: Default::default(),
        captured_at,
        took,
        bytes,
        format,
        printed_first,
    })
}
