//! Which physical display to capture on a phone with several (foldables, flip phones, some
//! emulators). `screencap` without `-d` takes "the first display found" and warns that this is
//! not guaranteed to stay the same (AOSP frameworks/base/cmds/screencap/screencap.cpp, 14+).
//! Apps open on logical display 0 (`Display.DEFAULT_DISPLAY`), and a foldable swaps the physical
//! screen behind it when folded (LogicalDisplayMapper), so the game's screen is the physical
//! display behind logical display 0: `dumpsys display` names it in that display's
//! `DisplayInfo{…, displayId 0, …, uniqueId "local:ID", …}` (DisplayInfo.toString), and
//! `screencap -d ID` takes that id. Android 12 and some 13 builds print a stray quote after the
//! id (`displayId 0", displayGroupId 0`: the toString appended `"\", displayGroupId "`), so the
//! id ends at a comma or a quote.

use super::error::DeviceError;
use super::Device;
use std::fmt;

/// The command whose answer names the displays.
pub const DISPLAYS_COMMAND: &str = "dumpsys display";

/// SurfaceFlinger's id of a physical display: what `screencap -d` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PhysicalDisplayId(pub u64);

impl fmt::Display for PhysicalDisplayId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Whether the text a phone printed before a capture is `screencap`'s warning that it chose one
/// of several displays.
pub fn warns_of_several_displays(text: &str) -> bool {
    text.contains("Multiple displays were found")
}

/// The physical display behind logical display 0 in a `dumpsys display` answer; `None` when no
/// `DisplayInfo` of display 0 names a built-in (`local:`) display.
pub fn parse_default_display(dump: &str) -> Option<PhysicalDisplayId> {
    dump.lines()
        .filter_map(|line| line.split_once("DisplayInfo{").map(|(_, info)| info))
        .filter(|info| names_display_zero(info))
        .find_map(|info| {
            let rest = info.split_once("uniqueId \"local:")?.1;
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok().map(PhysicalDisplayId)
        })
}

/// Whether a `DisplayInfo{…}` is logical display 0's, with or without the stray quote.
fn names_display_zero(info: &str) -> bool {
    info.contains(", displayId 0,") || info.contains(", displayId 0\",")
}

/// Asks the phone which physical display the game is on.
pub fn default_display(device: &mut dyn Device) -> Result<Option<PhysicalDisplayId>, DeviceError> {
    Ok(parse_default_display(&device.shell(DISPLAYS_COMMAND)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Logical displays as a Galaxy Z Flip on Android 14 lists them, the cover screen second.
    const FLIP: &str = "Logical Displays: size=2\n  Display 0:\n    mDisplayId=0\n    \
        mBaseDisplayInfo=DisplayInfo{\"Built-in Screen\", displayId 0, displayGroupId 0, \
        FLAG_SECURE, real 1080 x 2640, type INTERNAL, uniqueId \"local:4619827259835644672\", \
        app 1080 x 2640, density 420}\n  Display 1:\n    mDisplayId=1\n    \
        mBaseDisplayInfo=DisplayInfo{\"Cover Screen\", displayId 1, displayGroupId 1, \
        real 720 x 748, type INTERNAL, uniqueId \"local:4619827551948147201\", app 720 x 748}\n";

    #[test]
    fn the_game_display_is_the_one_behind_logical_display_zero() {
        assert_eq!(
            parse_default_display(FLIP),
            Some(PhysicalDisplayId(4619827259835644672))
        );
    }

    /// An Android 13 emulator's logical displays as its `dumpsys display` printed them (cut to
    /// the fields that matter), the stray quote after each id included.
    const STRAY_QUOTE: &str = "  Display 0:\n    mDisplayId=0\n    \
        mBaseDisplayInfo=DisplayInfo{\"Built-in Screen\", displayId 0\", displayGroupId 0, \
        FLAG_SECURE, real 1080 x 600, state ON, type INTERNAL, \
        uniqueId \"local:4619827259835644672\", app 1080 x 600}\n  Display 2:\n    \
        mBaseDisplayInfo=DisplayInfo{\"HDMI Screen\", displayId 2\", displayGroupId 0, \
        real 400 x 600, type EXTERNAL, uniqueId \"local:4619827551948147201\"}\n";

    #[test]
    fn a_stray_quote_after_the_display_id_still_names_display_zero() {
        assert_eq!(
            parse_default_display(STRAY_QUOTE),
            Some(PhysicalDisplayId(4619827259835644672))
        );
        let no_zero = STRAY_QUOTE.replace("displayId 0\"", "displayId 10\"");
        assert_eq!(parse_default_display(&no_zero), None);
    }

    #[test]
    fn a_display_zero_that_is_not_built_in_or_absent_names_none() {
        let virtual_only = FLIP.replace("local:4619827259835644672", "virtual:com.x:1");
        assert_eq!(parse_default_display(&virtual_only), None);
        assert_eq!(parse_default_display("Logical Displays: size=0\n"), None);
    }

    #[test]
    fn the_several_displays_warning_is_known() {
        assert!(warns_of_several_displays(
            "[Warning] Multiple displays were found, but no display id was specified!\n"
        ));
        assert!(!warns_of_several_displays(
            "WARNING: linker: unused DT entry\n"
        ));
    }
}
