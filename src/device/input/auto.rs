//! `--input auto`: probe what the phone allows and pick the fastest backend that works —
//! `sendevent` when the touchscreen node is writable, else the Monkey, else the shell session.

use super::super::error::DeviceError;
use super::super::facts::ScreenFacts;
use super::super::Device;
use super::monkey::MonkeyInput;
use super::sendevent::SendeventInput;
use super::shell::ShellInput;
use super::touchscreen;
use super::{Input, Settings};

pub(super) fn pick(
    mut device: Box<dyn Device>,
    facts: &ScreenFacts,
    settings: Settings,
) -> Result<Box<dyn Input>, DeviceError> {
    if let Some(ts) = touchscreen::probe(&mut *device)? {
        if touchscreen::writable(&mut *device, &ts)? {
            tracing::info!("input: sendevent on {} ({}), writable", ts.path, ts.name);
            return Ok(Box::new(SendeventInput::with_touchscreen(
                device, ts, settings,
            )));
        }
        tracing::debug!("input: {} is not writable; no sendevent", ts.path);
    }
    match MonkeyInput::start(device.clone_box(), settings) {
        Ok(m) => {
            tracing::info!("input: monkey (one on-device process, no root)");
            return Ok(Box::new(m));
        }
        Err(e) if e.is_lost() => return Err(e),
        Err(e) => tracing::info!("input: monkey unavailable ({e})"),
    }
    tracing::info!(
        "input: shell session{}",
        if facts.android.has_fast_input() {
            " (Android 12+: fast `input`)"
        } else {
            ""
        }
    );
    Ok(Box::new(ShellInput::new(device, settings)))
}
