//! What the agent derives from a phone, in one object, as `doctor --json` states it: the screen
//! facts (size apps see, density, rotation, Android release), whether the screen is on, the home
//! app, which app is in front, whether a capture decodes, the touchscreen `getevent -lp` lists (its axes, and
//! whether it reports pressure, which a written touch must then carry), and which input backends
//! would work. Read-only: nothing is typed into the app in front.

use super::display::{self, Wakefulness};
use super::facts::AndroidVersion;
use super::foreground::{self, Foreground};
use super::home::HomeApp;
use super::input::touchscreen::{self, Touchscreen};
use super::input::usable::{self, Usable};
use super::{capture, read_facts, CaptureFormat, Device, DeviceError, Rotation, Size};
use serde::Serialize;
use std::collections::BTreeMap;

/// The phone as the agent sees it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Derived {
    pub serial: String,
    pub model: String,
    pub manufacturer: String,
    /// The display size apps see (a `wm size` override if set), natural orientation.
    pub size: Size,
    pub density: u32,
    /// Degrees counter-clockwise from the natural orientation.
    pub rotation: Rotation,
    pub android: AndroidVersion,
    pub screen: ScreenState,
    /// The app HOME opens (`cmd package resolve-activity`); `None` when the phone names none.
    pub home: Option<HomeApp>,
    pub foreground: Option<Foreground>,
    pub capture: Capture,
    pub touch: Option<Touch>,
    pub input: Vec<Usable>,
}

/// The screen's state, from `dumpsys power` and the keyguard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScreenState {
    On,
    Off,
    Locked,
    Dozing,
    Dreaming,
}

/// A capture in the configured format: its size, or why it failed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Capture {
    pub ok: bool,
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub reason: Option<String>,
}

/// The touchscreen: its node, driver name, declared axes (label → [min, max]) and whether it
/// reports pressure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Touch {
    pub device: String,
    pub name: String,
    pub axes: BTreeMap<&'static str, [i32; 2]>,
    pub pressure: bool,
}

impl From<Touchscreen> for Touch {
    fn from(t: Touchscreen) -> Touch {
        let r = t.range;
        let declared = [
            ("ABS_MT_POSITION_X", Some((r.min_x, r.max_x))),
            ("ABS_MT_POSITION_Y", Some((r.min_y, r.max_y))),
            ("ABS_MT_PRESSURE", t.pressure),
            ("ABS_MT_TOUCH_MAJOR", t.touch_major),
            ("ABS_PRESSURE", t.single_pressure),
        ];
        Touch {
            pressure: t.reports_pressure(),
            device: t.path,
            name: t.name,
            axes: declared
                .into_iter()
                .filter_map(|(label, range)| range.map(|(lo, hi)| (label, [lo, hi])))
                .collect(),
        }
    }
}

/// Everything above, read from `device`. Fails only when the phone is lost or its facts cannot
/// be read at all.
pub fn derive(device: &mut dyn Device, format: CaptureFormat) -> Result<Derived, DeviceError> {
    let facts = read_facts(device)?;
    let screen = screen_state(device)?;
    let focus = device.shell(foreground::focus_command(&facts.android))?;
    let foreground = foreground::parse(&focus, facts.home.as_ref());
    let capture = match capture(device, format) {
        Ok(shot) => Capture {
            ok: true,
            width: Some(shot.image.width()),
            height: Some(shot.image.height()),
            reason: None,
        },
        Err(e) if e.is_lost() => return Err(e),
        Err(e) => Capture {
            ok: false,
            width: None,
            height: None,
            reason: Some(e.to_string()),
        },
    };
    Ok(Derived {
        serial: device.serial().to_owned(),
        size: facts.effective_size(),
        density: facts.effective_density(),
        rotation: facts.rotation,
        screen,
        foreground,
        capture,
        touch: touchscreen::probe(device)?.map(Touch::from),
        input: usable::backends(device)?,
        model: facts.model,
        manufacturer: facts.manufacturer,
        android: facts.android,
        home: facts.home,
    })
}

/// On, off, dozing or dreaming from the power dump (on when it does not say), locked from the
/// keyguard.
fn screen_state(device: &mut dyn Device) -> Result<ScreenState, DeviceError> {
    Ok(
        match display::wakefulness(&device.shell("dumpsys power")?) {
            Some(Wakefulness::Asleep) => ScreenState::Off,
            Some(Wakefulness::Dozing) => ScreenState::Dozing,
            Some(Wakefulness::Dreaming) => ScreenState::Dreaming,
            _ if display::locked(device)? => ScreenState::Locked,
            _ => ScreenState::On,
        },
    )
}
