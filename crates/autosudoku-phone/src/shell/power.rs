//! `dumpsys power`: the power manager's state as its dump opens (PowerManagerService.dumpInternal),
//! in the vendor's own form. AOSP prints `mWakefulness=Awake|Asleep` (Android 7–16); Samsung
//! phones of the Android 11–13 years print the same value as `getWakefulnessLocked()=Awake` and no
//! `mWakefulness=` line (quoted from devices in flutter/flutter pull 98146), while One UI's
//! Android 14 framework prints AOSP's line again (its decompiled PowerManagerService.dumpInternal).
//! Every version ends with the display's power callbacks, `Display Power: state=ON|OFF`
//! (Display.stateToString), which the sketch keeps.

use crate::android::{AndroidVersion, Vendor};
use crate::screen::Display;

/// The dump of a phone of `vendor` on `android` whose display is in `display`'s state.
pub fn dump(display: Display, vendor: Vendor, android: AndroidVersion) -> String {
    let (wakefulness, state) = match display.awake {
        true => ("Awake", "ON"),
        false => ("Asleep", "OFF"),
    };
    let key = match vendor.is_samsung() && android < AndroidVersion::V14 {
        true => "getWakefulnessLocked()",
        false => "mWakefulness",
    };
    format!(
        "POWER MANAGER (dumpsys power)\n\nPower Manager State:\n  mDirty=0x0\n  \
         {key}={wakefulness}\n  mWakefulnessChanging=false\n  mIsPowered=true\n  \
         mPlugType=2\n  mStayOn=false\n\nSuspend Blockers: size=4\n  \
         PowerManagerService.WakeLocks: ref count=0\n  \
         PowerManagerService.Display: ref count={}\n\nDisplay Power: state={state}\n",
        u8::from(display.awake)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samsung_names_the_wakefulness_its_own_way() {
        let off = Display {
            awake: false,
            locked: false,
        };
        let aosp = dump(off, Vendor::Pixel, AndroidVersion::V13);
        assert!(aosp.contains("\n  mWakefulness=Asleep\n"));
        assert!(aosp.contains("\nDisplay Power: state=OFF\n"));
        for samsung in [Vendor::Samsung, Vendor::Fold, Vendor::Flip] {
            let one_ui_6 = dump(off, samsung, AndroidVersion::V14);
            assert!(one_ui_6.contains("\n  mWakefulness=Asleep\n"), "{samsung}");
            let text = dump(off, samsung, AndroidVersion::V13);
            assert!(
                text.contains("\n  getWakefulnessLocked()=Asleep\n"),
                "{samsung}"
            );
            assert!(!text.contains("mWakefulness="), "{samsung}");
        }
        let on = dump(Display::default(), Vendor::Samsung, AndroidVersion::V11);
        assert!(on.contains("getWakefulnessLocked()=Awake"));
    }
}
