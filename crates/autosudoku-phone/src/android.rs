//! Which Android the phone pretends to be: the release (it changes `input`'s cost, the SDK level
//! and what commands print), the vendor whose changes it carries (Samsung's power dump, Xiaomi's
//! injection setting, a foldable's second display, its home app...), and the system properties
//! `getprop` and the CNXN banner report.

use crate::component::Component;
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// The Android releases the phone can imitate (7 to 16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum AndroidVersion {
    V7,
    V8,
    V9,
    V10,
    V11,
    V12,
    V13,
    V14,
    V15,
    V16,
}

const RELEASES: [(AndroidVersion, u32, u32); 10] = [
    (AndroidVersion::V7, 7, 24),
    (AndroidVersion::V8, 8, 26),
    (AndroidVersion::V9, 9, 28),
    (AndroidVersion::V10, 10, 29),
    (AndroidVersion::V11, 11, 30),
    (AndroidVersion::V12, 12, 31),
    (AndroidVersion::V13, 13, 33),
    (AndroidVersion::V14, 14, 34),
    (AndroidVersion::V15, 15, 35),
    (AndroidVersion::V16, 16, 36),
];

impl AndroidVersion {
    fn row(self) -> (AndroidVersion, u32, u32) {
        RELEASES
            .into_iter()
            .find(|(v, _, _)| *v == self)
            .expect("every version has a row")
    }

    /// `ro.build.version.sdk` (API level; the first release of each version).
    pub fn sdk(self) -> u32 {
        self.row().2
    }

    /// `ro.build.version.release`.
    pub fn release(self) -> u32 {
        self.row().1
    }

    /// Whether raw `screencap` writes a colour-space word after the format (and adbd's
    /// `framebuffer:` sends header version 2 with it): from 8.1, which `V8` (8.0, SDK 26) is not.
    /// adb/framebuffer_service.cpp reads screencap's words: three at android-8.0.0_r1, four at
    /// android-8.1.0_r1 (system/core).
    pub fn screencap_writes_colour_space(self) -> bool {
        self > AndroidVersion::V8
    }
}

impl fmt::Display for AndroidVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.release())
    }
}

/// An Android version outside 7..16.
#[derive(Debug, thiserror::Error)]
#[error("unsupported Android version {0:?}; choose a release from 7 to 16")]
pub struct BadAndroidVersion(pub String);

impl FromStr for AndroidVersion {
    type Err = BadAndroidVersion;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let release: Option<u32> = s.trim().parse().ok();
        RELEASES
            .into_iter()
            .find(|(_, r, _)| Some(*r) == release)
            .map(|(v, _, _)| v)
            .ok_or_else(|| BadAndroidVersion(s.to_string()))
    }
}

/// Whose build of Android the phone runs: AOSP as an emulator ships it, or a vendor's changes.
/// Each vendor's behaviours live beside the command they change and name their source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Vendor {
    /// An AOSP build as the SDK's emulator runs it (the default).
    #[default]
    Emulator,
    /// A Pixel: AOSP with Google's panel (declares pressure and touch size).
    Pixel,
    /// Samsung One UI: its own `dumpsys power` lines up to Android 13, a WQHD+ panel set to FHD+.
    Samsung,
    /// Xiaomi MIUI / HyperOS: injection refused until "USB debugging (Security settings)" is on.
    Xiaomi,
    /// A book-style foldable (Galaxy Z Fold, Pixel Fold): two displays.
    Fold,
    /// A flip phone (Galaxy Z Flip): a cover display with its own focus.
    Flip,
    /// MuMu Player 12 (an Android 12 emulator) with keep-alive on: each app runs on a virtual
    /// display of its own while display 0 shows the emulator's home screen, so captures of
    /// display 0 show only the home screen (users' reports: docs/android.md).
    Mumu,
}

const VENDORS: [(Vendor, &str, &str, &str, &str); 7] = [
    // (vendor, name, manufacturer, brand, model)
    (
        Vendor::Emulator,
        "emulator",
        "autosudoku",
        "autosudoku",
        "Virtual Sudoku Phone",
    ),
    (Vendor::Pixel, "pixel", "Google", "google", "Pixel 8"),
    (Vendor::Samsung, "samsung", "samsung", "samsung", "SM-S918B"),
    (Vendor::Xiaomi, "xiaomi", "Xiaomi", "Redmi", "23078RKD5C"),
    (Vendor::Fold, "fold", "samsung", "samsung", "SM-F946B"),
    (Vendor::Flip, "flip", "samsung", "samsung", "SM-F731B"),
    // The emulator's props here are the virtual phone's own, not quoted from one.
    (Vendor::Mumu, "mumu", "Netease", "MuMu", "MuMu Player 12"),
];

impl Vendor {
    fn row(
        self,
    ) -> (
        Vendor,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
    ) {
        VENDORS
            .into_iter()
            .find(|row| row.0 == self)
            .expect("every vendor has a row")
    }

    /// The name `--vendor` takes.
    pub fn name(self) -> &'static str {
        self.row().1
    }

    /// Whether the phone has a second display (a foldable's or a flip's cover screen).
    pub fn has_cover_display(self) -> bool {
        matches!(self, Vendor::Fold | Vendor::Flip)
    }

    /// The logical display the game app runs on: 0, but for MuMu's keep-alive display (2, the
    /// first id after the ones a phone's own displays take).
    pub fn app_display(self) -> u32 {
        if self == Vendor::Mumu {
            2
        } else {
            0
        }
    }

    /// Whether the vendor's ROM is Samsung's One UI.
    pub fn is_samsung(self) -> bool {
        self.row().2 == "samsung"
    }

    /// The home app the vendor ships (the activity HOME opens), as recent releases name it in
    /// `dumpsys window` and `cmd package resolve-activity`: AOSP's Launcher3 (Quickstep), the
    /// Pixel Launcher, Samsung's One UI Home (Launcher3-based since One UI 3), MIUI's home.
    pub fn home(self) -> Component {
        match self {
            Vendor::Emulator => "com.android.launcher3/.uioverrides.QuickstepLauncher",
            Vendor::Pixel => "com.google.android.apps.nexuslauncher/.NexusLauncherActivity",
            Vendor::Samsung | Vendor::Fold | Vendor::Flip => {
                "com.sec.android.app.launcher/com.android.launcher3.uioverrides.QuickstepLauncher"
            }
            Vendor::Xiaomi => "com.miui.home/.launcher.Launcher",
            // The virtual phone's stand-in for the emulator's home app.
            Vendor::Mumu => "com.mumu.launcher/.Launcher",
        }
        .parse()
        .expect("every vendor's home app is a component")
    }
}

impl fmt::Display for Vendor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A vendor name `--vendor` does not know.
#[derive(Debug, thiserror::Error)]
#[error("unknown vendor {0:?}; choose emulator, pixel, samsung, xiaomi, fold or flip")]
pub struct BadVendor(pub String);

impl FromStr for Vendor {
    type Err = BadVendor;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        VENDORS
            .into_iter()
            .find(|row| row.1 == s.trim())
            .map(|row| row.0)
            .ok_or_else(|| BadVendor(s.to_string()))
    }
}

/// The property table: defaults of an emulator-like phone, the version's build properties, the
/// vendor's names, then the caller's overrides (`--prop KEY=VALUE`, `--model`).
pub fn properties(
    version: AndroidVersion,
    vendor: Vendor,
    density: u32,
    overrides: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let release = version.release();
    let (_, _, manufacturer, brand, model) = vendor.row();
    let mut props: BTreeMap<String, String> = [
        ("ro.product.name", "autosudoku_phone".to_string()),
        ("ro.product.model", model.to_string()),
        ("ro.product.device", "vsphone".to_string()),
        ("ro.product.brand", brand.to_string()),
        ("ro.product.manufacturer", manufacturer.to_string()),
        ("ro.product.cpu.abi", "x86_64".to_string()),
        ("ro.build.version.sdk", version.sdk().to_string()),
        ("ro.build.version.release", release.to_string()),
        ("ro.build.type", "user".to_string()),
        ("ro.build.tags", "release-keys".to_string()),
        (
            "ro.build.fingerprint",
            format!("{brand}/autosudoku_phone/vsphone:{release}/VSP{release}A/1:user/release-keys"),
        ),
        ("ro.sf.lcd_density", density.to_string()),
        ("ro.secure", "1".to_string()),
        ("ro.debuggable", "0".to_string()),
        ("ro.serialno", "VSPHONE0001".to_string()),
        ("sys.boot_completed", "1".to_string()),
        ("init.svc.bootanim", "stopped".to_string()),
        ("persist.sys.locale", "en-US".to_string()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    if vendor == Vendor::Xiaomi {
        // "USB debugging (Security settings)" off, as a new phone ships (shell/injection.rs).
        props.insert("persist.security.adbinput".into(), "0".into());
    }
    props.extend(overrides.iter().map(|(k, v)| (k.clone(), v.clone())));
    props
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_release_from_7_to_16_parses_with_its_sdk() {
        for (release, sdk) in [(7, 24), (9, 28), (10, 29), (12, 31), (15, 35), (16, 36)] {
            let v: AndroidVersion = release.to_string().parse().unwrap();
            assert_eq!((v.release(), v.sdk()), (release, sdk));
        }
        assert!("6".parse::<AndroidVersion>().is_err());
        assert!("17".parse::<AndroidVersion>().is_err());
    }

    #[test]
    fn vendors_parse_by_name_and_set_the_manufacturer() {
        for row in VENDORS {
            assert_eq!(row.1.parse::<Vendor>().unwrap(), row.0);
        }
        let props = properties(AndroidVersion::V14, Vendor::Samsung, 440, &BTreeMap::new());
        assert_eq!(props["ro.product.manufacturer"], "samsung");
        assert!("nokia".parse::<Vendor>().is_err());
        for row in VENDORS {
            assert!(!row.0.home().package.is_empty());
        }
    }
}
