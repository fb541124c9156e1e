//! Whether the phone shows anything at all: the screen's power (`dumpsys power`:
//! `mWakefulness=Awake`, else `Asleep`, `Dozing` or `Dreaming`) and the lock screen (`dumpsys
//! activity activities`: the KeyguardController's `mKeyguardShowing=true`, Android 8+). Asked only
//! when a capture shows no game, to say what hides it.

use super::{Device, DeviceError};
use serde::Serialize;

/// What the display shows instead of the app in front, when it shows nothing of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Hidden {
    /// The screen is off (asleep, dozing or showing a screensaver).
    ScreenOff,
    /// The lock screen is in front.
    Locked,
}

/// What hides the app on `device`, if anything (two `dumpsys` round trips); `None` when the phone
/// says the screen is on and unlocked, or does not say.
pub fn hidden(device: &mut dyn Device) -> Result<Option<Hidden>, DeviceError> {
    if wakefulness(&device.shell("dumpsys power")?).is_some_and(|w| w != "Awake") {
        return Ok(Some(Hidden::ScreenOff));
    }
    let locked = keyguard_showing(&device.shell("dumpsys activity activities")?);
    Ok(locked.unwrap_or(false).then_some(Hidden::Locked))
}

/// `mWakefulness=WORD` of a power dump.
fn wakefulness(dump: &str) -> Option<&str> {
    field(dump, "mWakefulness=")
}

/// `mKeyguardShowing=true|false` of an activity dump.
fn keyguard_showing(dump: &str) -> Option<bool> {
    field(dump, "mKeyguardShowing=")?.parse().ok()
}

/// The word after `key` on the first line that starts with it.
fn field<'a>(dump: &'a str, key: &str) -> Option<&'a str> {
    dump.lines()
        .find_map(|l| l.trim().strip_prefix(key))
        .and_then(|rest| rest.split_whitespace().next())
}

impl std::fmt::Display for Hidden {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Hidden::ScreenOff => "the phone's screen is off: turn it on with the power button or `adb shell input keyevent KEYCODE_WAKEUP`, and unlock it",
            Hidden::Locked => "the phone is locked: unlock it with a swipe up or its PIN",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_wakefulness_and_the_keyguard_from_their_dumps() {
        let power = "POWER MANAGER (dumpsys power)\n\nPower Manager State:\n  mDirty=0x0\n  mWakefulness=Asleep\n  mWakefulnessChanging=false\n";
        assert_eq!(wakefulness(power), Some("Asleep"));
        let activities = "ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\n  isHomeRecentsComponent=true  KeyguardController:\n    mKeyguardShowing=true\n    mAodShowing=false\n";
        assert_eq!(keyguard_showing(activities), Some(true));
        assert_eq!(keyguard_showing("ResumedActivity: null"), None);
    }
}
