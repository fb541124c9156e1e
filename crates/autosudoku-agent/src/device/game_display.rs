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
//!
//! A game on another logical display (see `foreground`) is captured the same way when a physical
//! display is behind it (a desktop mode's monitor, an emulator's second screen). A virtual
//! display (MuMu's keep-alive, `uniqueId "virtual:…"`) has no physical id; Android 12's
//! SurfaceFlinger takes a layer stack instead ("Fall back to first display whose layer stack
//! matches", `captureDisplay(uint64_t displayIdOrLayerStack, …)` in SurfaceFlinger.cpp @
//! android-12.0.0_r1, frameworks/native; gone @ android-13.0.0_r1), and DisplayInfo.toString
//! prints it (`layerStack N`), so there the capture names the layer stack.

use super::error::DeviceError;
use super::Device;
use std::fmt;

/// The command whose answer names the displays.
pub const DISPLAYS_COMMAND: &str = "dumpsys display";

/// What `screencap -d` takes: SurfaceFlinger's id of a physical display, or (Android 12) the
/// layer stack of a virtual one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScreencapDisplay(pub u64);

impl fmt::Display for ScreencapDisplay {
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
pub fn parse_default_display(dump: &str) -> Option<ScreencapDisplay> {
    parse_display(dump, 0)
}

/// What `screencap -d` takes for logical display `logical` in a `dumpsys display` answer: the
/// physical display behind it, or, for another display than 0 with none, its layer stack.
pub fn parse_display(dump: &str, logical: u32) -> Option<ScreencapDisplay> {
    let info = dump
        .lines()
        .filter_map(|line| line.split_once("DisplayInfo{").map(|(_, info)| info))
        .find(|info| names_display(info, logical))?;
    number_after(info, "uniqueId \"local:")
        .or_else(|| {
            (logical != 0)
                .then(|| number_after(info, ", layerStack "))
                .flatten()
        })
        .map(ScreencapDisplay)
}

/// The digits right after `key` in `text`.
fn number_after(text: &str, key: &str) -> Option<u64> {
    let rest = text.split_once(key)?.1;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Whether a `DisplayInfo{…}` is logical display `id`'s, with or without the stray quote.
fn names_display(info: &str, id: u32) -> bool {
    info.contains(&format!(", displayId {id},")) || info.contains(&format!(", displayId {id}\","))
}

/// Asks the phone what `screencap -d` takes for the game's logical display.
pub fn game_display(
    device: &mut dyn Device,
    logical: u32,
) -> Result<Option<ScreencapDisplay>, DeviceError> {
    Ok(parse_display(&device.shell(DISPLAYS_COMMAND)?, logical))
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
            Some(ScreencapDisplay(4619827259835644672))
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
            Some(ScreencapDisplay(4619827259835644672))
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

    /// MuMu's keep-alive display as DisplayInfo.toString prints a virtual display (Android 12's
    /// field order, cut): no physical id, its layer stack after the density.
    const KEEP_ALIVE: &str = "  Display 2:\n    mDisplayId=2\n    \
        mBaseDisplayInfo=DisplayInfo{\"com.autosudoku.classic\", displayId 2\", displayGroupId 2, \
        FLAG_PRIVATE, real 1080 x 1920, state ON, type VIRTUAL, \
        uniqueId \"virtual:com.mumu.launcher,10045,keepalive-2,0\", app 1080 x 1920, \
        density 320 (320.0 x 320.0) dpi, layerStack 2, colorMode 0}\n";

    #[test]
    fn another_display_is_captured_by_its_physical_id_or_its_layer_stack() {
        assert_eq!(
            parse_display(FLIP, 1),
            Some(ScreencapDisplay(4619827551948147201))
        );
        let both = format!("{FLIP}{KEEP_ALIVE}");
        assert_eq!(parse_display(&both, 2), Some(ScreencapDisplay(2)));
        assert_eq!(parse_display(&both, 3), None);
        // Display 0 is never captured by a layer stack: that is screencap's default anyway.
        let virtual_zero = KEEP_ALIVE.replace("displayId 2", "displayId 0");
        assert_eq!(parse_display(&virtual_zero, 0), None);
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
