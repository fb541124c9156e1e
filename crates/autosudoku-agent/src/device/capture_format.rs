//! `CaptureFormat`: how the screen is fetched, raw `screencap` pixels or the phone's PNG, with the
//! names the CLI's `--capture` shows.

use serde::Serialize;

/// How the screen was fetched (`--capture`), named like `InputKind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CaptureFormat {
    /// `exec:screencap`: raw pixels, no encoding on the phone (fastest).
    Raw,
    /// `exec:screencap -p`: PNG, smaller on the wire but slow to encode on the phone.
    Png,
}

impl CaptureFormat {
    pub const ALL: [CaptureFormat; 2] = [CaptureFormat::Raw, CaptureFormat::Png];

    /// The name users type and reports show.
    pub const fn name(self) -> &'static str {
        match self {
            CaptureFormat::Raw => "raw",
            CaptureFormat::Png => "png",
        }
    }

    /// One line on what it does, for `--help`.
    pub const fn about(self) -> &'static str {
        match self {
            CaptureFormat::Raw => {
                "`exec:screencap`: raw pixels, no encoding on the phone (fastest)"
            }
            CaptureFormat::Png => {
                "`exec:screencap -p`: PNG, smaller on the wire but slow to encode on the phone"
            }
        }
    }
}

impl std::fmt::Display for CaptureFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
