//! Which input backends would work on a phone, and why not, without typing anything into the app
//! in front (for `doctor`): the injection probe (`input keyevent 0`) for every backend that goes
//! through InputManager, the Monkey started and quit again, and the empty `sendevent` report on
//! the touchscreen.

use super::super::error::DeviceError;
use super::super::Device;
use super::monkey::MonkeyLink;
use super::{injection, sendevent, InputKind};
use serde::Serialize;

/// One backend: usable, or the reason it is not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Usable {
    pub backend: InputKind,
    pub usable: bool,
    pub reason: Option<String>,
}

impl Usable {
    fn of(backend: InputKind, found: Result<(), String>) -> Usable {
        Usable {
            backend,
            usable: found.is_ok(),
            reason: found.err(),
        }
    }
}

/// A probe's result: `Ok(Err(why))` for a backend that cannot work, `Err` for a lost phone.
fn outcome(probe: Result<(), DeviceError>) -> Result<Result<(), String>, DeviceError> {
    match probe {
        Ok(()) => Ok(Ok(())),
        Err(e) if e.is_lost() => Err(e),
        Err(e) => Ok(Err(e.to_string())),
    }
}

/// Every backend but `auto`, in `InputKind::ALL`'s order. Fails only on a lost phone.
pub fn backends(device: &mut dyn Device) -> Result<Vec<Usable>, DeviceError> {
    let injected = outcome(injection::check(device))?;
    let monkey = match &injected {
        // Dropped at once: that quits the Monkey it started.
        Ok(()) => outcome(MonkeyLink::start(device.clone_box()).map(drop))?,
        Err(why) => Err(why.clone()),
    };
    let raw = outcome(sendevent::writable_devices(device).map(drop))?;
    Ok(InputKind::ALL
        .iter()
        .filter(|k| **k != InputKind::Auto)
        .map(|&kind| {
            let found = match kind {
                InputKind::Monkey => monkey.clone(),
                InputKind::Sendevent => raw.clone(),
                _ => injected.clone(),
            };
            Usable::of(kind, found)
        })
        .collect())
}
