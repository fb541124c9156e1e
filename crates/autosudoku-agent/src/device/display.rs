//! Whether the phone shows anything at all: the screen's power (`dumpsys power`) and the lock
//! screen: the KeyguardController's `mKeyguardShowing=true` in `dumpsys activity activities`
//! (Android 8+: the controller came with 8), and before it PhoneWindowManager's
//! `mShowingLockscreen=true` in `dumpsys window policy` (Android 7; 8 dropped the field). Asked
//! only when a capture shows no game, to say what hides it.
//!
//! The power dump names the wakefulness in one of several forms, read in this order: AOSP's
//! `mWakefulness=Awake` (PowerManagerService.dumpInternal, Android 7–16), Samsung's
//! `getWakefulnessLocked()=Awake`, either with the number instead of the word on ROMs that print
//! the raw value (PowerManagerInternal: 0 asleep, 1 awake, 2 dreaming, 3 dozing), and last the
//! display's own power state (`Display Power: state=ON|OFF|DOZE|DOZE_SUSPEND`), which every
//! version since 5 prints further down the same dump.

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

/// The power manager's wakefulness (PowerManagerInternal.WAKEFULNESS_*).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Wakefulness {
    Awake,
    Asleep,
    /// A screensaver (daydream) is showing.
    Dreaming,
    /// The always-on display: the screen is dim and shows no app.
    Dozing,
}

/// What hides the app on `device`, if anything (two `dumpsys` round trips); `None` when the phone
/// says the screen is on and unlocked, or does not say.
pub fn hidden(device: &mut dyn Device) -> Result<Option<Hidden>, DeviceError> {
    if wakefulness(&device.shell("dumpsys power")?).is_some_and(|w| w != Wakefulness::Awake) {
        return Ok(Some(Hidden::ScreenOff));
    }
    locked(device).map(|l| l.then_some(Hidden::Locked))
}

/// The window policy's dump, where Android 7 says whether the lock screen shows.
pub const POLICY_COMMAND: &str = "dumpsys window policy";

/// Whether the lock screen shows (`false` when neither dump says): the activity dump's keyguard
/// line, else, on a phone that prints none (Android 7), the window policy's.
pub fn locked(device: &mut dyn Device) -> Result<bool, DeviceError> {
    if let Some(showing) = keyguard_showing(&device.shell("dumpsys activity activities")?) {
        return Ok(showing);
    }
    Ok(lockscreen_showing(&device.shell(POLICY_COMMAND)?).unwrap_or(false))
}

/// The wakefulness a power dump states, in whichever of its known forms it comes first.
pub fn wakefulness(dump: &str) -> Option<Wakefulness> {
    ["mWakefulness=", "getWakefulnessLocked()="]
        .iter()
        .find_map(|key| field(dump, key).and_then(Wakefulness::parse))
        .or_else(|| field(dump, "Display Power: state=").and_then(Wakefulness::from_display_state))
}

impl Wakefulness {
    /// A word of PowerManagerInternal.wakefulnessToString, or the raw number it falls back to.
    fn parse(word: &str) -> Option<Wakefulness> {
        Some(match word {
            "Awake" | "1" => Wakefulness::Awake,
            "Asleep" | "0" => Wakefulness::Asleep,
            "Dreaming" | "2" => Wakefulness::Dreaming,
            "Dozing" | "3" => Wakefulness::Dozing,
            _ => return None,
        })
    }

    /// Display.stateToString: ON and VR show the app; DOZE and DOZE_SUSPEND are the always-on
    /// display; OFF is off.
    fn from_display_state(word: &str) -> Option<Wakefulness> {
        Some(match word {
            "ON" | "VR" | "ON_SUSPEND" => Wakefulness::Awake,
            "OFF" => Wakefulness::Asleep,
            "DOZE" | "DOZE_SUSPEND" => Wakefulness::Dozing,
            _ => return None,
        })
    }
}

/// `mKeyguardShowing=true|false` of an activity dump.
fn keyguard_showing(dump: &str) -> Option<bool> {
    field(dump, "mKeyguardShowing=")?.parse().ok()
}

/// `mShowingLockscreen=true|false` of a window policy dump (PhoneWindowManager.dump up to 7).
fn lockscreen_showing(dump: &str) -> Option<bool> {
    field(dump, "mShowingLockscreen=")?.parse().ok()
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
        assert_eq!(wakefulness(power), Some(Wakefulness::Asleep));
        let activities = "ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\n  isHomeRecentsComponent=true  KeyguardController:\n    mKeyguardShowing=true\n    mAodShowing=false\n";
        assert_eq!(keyguard_showing(activities), Some(true));
        assert_eq!(keyguard_showing("ResumedActivity: null"), None);
    }

    /// Android 7 has no KeyguardController: its window policy dump says it, on a line shared
    /// with the dream's state (PhoneWindowManager.dump, a 7.x tree).
    #[test]
    fn android_7_says_the_lock_screen_in_its_window_policy() {
        let policy = "WINDOW MANAGER POLICY STATE (dumpsys window policy)\n    mDockLayer=268435456 mStatusBarLayer=161000\n    mShowingLockscreen=true mShowingDream=false mDreamingLockscreen=true mDreamingSleepToken=null\n    mStatusBar=Window{5a7c3e1 u0 StatusBar} isStatusBarKeyguard=true\n";
        assert_eq!(lockscreen_showing(policy), Some(true));
        let unlocked = policy.replace("mShowingLockscreen=true", "mShowingLockscreen=false");
        assert_eq!(lockscreen_showing(&unlocked), Some(false));
        assert_eq!(
            lockscreen_showing("    mShowingDream=false mDreamingLockscreen=false\n"),
            None
        );
    }

    /// Each form a power dump is known to print, with the screen off and on.
    #[test]
    fn reads_every_known_form_of_the_wakefulness() {
        let dump = |line: &str| {
            format!("POWER MANAGER (dumpsys power)\n\nPower Manager State:\n  mDirty=0x0\n  {line}\n  mIsPowered=true\n")
        };
        for (line, want) in [
            ("mWakefulness=Awake", Wakefulness::Awake),
            ("mWakefulness=Dozing", Wakefulness::Dozing),
            ("mWakefulness=Dreaming", Wakefulness::Dreaming),
            ("mWakefulness=0", Wakefulness::Asleep),
            ("getWakefulnessLocked()=Asleep", Wakefulness::Asleep),
            ("getWakefulnessLocked()=Awake", Wakefulness::Awake),
            ("getWakefulnessLocked()=3", Wakefulness::Dozing),
            ("getWakefulnessLocked()=1", Wakefulness::Awake),
        ] {
            assert_eq!(wakefulness(&dump(line)), Some(want), "{line}");
        }
        let only_display = "Power Manager State:\n  mDirty=0x0\n\nDisplay Power: state=OFF\n";
        assert_eq!(wakefulness(only_display), Some(Wakefulness::Asleep));
        let doze = "Display Power: state=DOZE_SUSPEND\n";
        assert_eq!(wakefulness(doze), Some(Wakefulness::Dozing));
        // The wakefulness line wins over the display line further down.
        let both = "  getWakefulnessLocked()=Awake\nDisplay Power: state=OFF\n";
        assert_eq!(wakefulness(both), Some(Wakefulness::Awake));
        assert_eq!(wakefulness("  mWakefulness=Sideways\n"), None);
        assert_eq!(wakefulness("Can't find service: power\n"), None);
    }
}
