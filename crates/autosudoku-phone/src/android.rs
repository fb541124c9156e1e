//! Which Android the phone pretends to be: the version (it changes `input`'s cost and the SDK
//! level) and the system properties `getprop` and the CNXN banner report.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// The Android releases the phone can imitate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum AndroidVersion {
    V11,
    V12,
    V13,
    V14,
}

impl AndroidVersion {
    /// `ro.build.version.sdk` (API level).
    pub fn sdk(self) -> u32 {
        match self {
            AndroidVersion::V11 => 30,
            AndroidVersion::V12 => 31,
            AndroidVersion::V13 => 33,
            AndroidVersion::V14 => 34,
        }
    }

    /// `ro.build.version.release`.
    pub fn release(self) -> u32 {
        match self {
            AndroidVersion::V11 => 11,
            AndroidVersion::V12 => 12,
            AndroidVersion::V13 => 13,
            AndroidVersion::V14 => 14,
        }
    }
}

impl fmt::Display for AndroidVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.release())
    }
}

/// An Android version outside 11..14.
#[derive(Debug, thiserror::Error)]
#[error("unsupported Android version {0:?}; choose 11, 12, 13 or 14")]
pub struct BadAndroidVersion(pub String);

impl FromStr for AndroidVersion {
    type Err = BadAndroidVersion;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "11" => Ok(AndroidVersion::V11),
            "12" => Ok(AndroidVersion::V12),
            "13" => Ok(AndroidVersion::V13),
            "14" => Ok(AndroidVersion::V14),
            other => Err(BadAndroidVersion(other.to_string())),
        }
    }
}

/// The property table: defaults of an emulator-like phone, the version's build properties,
/// then the caller's overrides (`--prop KEY=VALUE`, `--model`).
pub fn properties(
    version: AndroidVersion,
    density: u32,
    overrides: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let release = version.release();
    let mut props: BTreeMap<String, String> = [
        ("ro.product.name", "autosudoku_phone".to_string()),
        ("ro.product.model", "Virtual Sudoku Phone".to_string()),
        ("ro.product.device", "vsphone".to_string()),
        ("ro.product.brand", "autosudoku".to_string()),
        ("ro.product.manufacturer", "autosudoku".to_string()),
        ("ro.product.cpu.abi", "x86_64".to_string()),
        ("ro.build.version.sdk", version.sdk().to_string()),
        ("ro.build.version.release", release.to_string()),
        ("ro.build.type", "user".to_string()),
        ("ro.build.tags", "release-keys".to_string()),
        (
            "ro.build.fingerprint",
            format!(
                "autosudoku/autosudoku_phone/vsphone:{release}/VSP{release}A/1:user/release-keys"
            ),
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
    props.extend(overrides.iter().map(|(k, v)| (k.clone(), v.clone())));
    props
}
