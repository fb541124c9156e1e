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
//! display (MuMu's keep-alive, `uniqueId "virtual:…"`) has no physical id; SurfaceFlinger knows it
//! by a virtual id of its own (bit 63 set, `VirtualDisplayId` in libs/ui DisplayId.h), which only
//! its `--displays` dump names, by the display's name. What `screencap -d` can take for it
//! depends on the release, and the dump's form tells the releases apart (frameworks/native):
//! - up to 12 `--displays` is no dumper of its own (the whole dump comes back, each display as
//!   `+ DisplayDevice{ID, virtual, "NAME"}`), and SurfaceFlinger's `captureDisplay` falls back to
//!   "the first display whose layer stack matches" (@ android-12.0.0_r1): the capture names the
//!   layer stack DisplayInfo.toString prints (`layerStack N`);
//! - 13 prints `Display ID (virtual, "NAME")` (DisplayDevice::getDebugName), dropped the layer
//!   stack fallback, and its screencap reads `-d` with `atoll`, which cannot carry an id with bit
//!   63 set: no capture reaches the display, and screencap's default is taken;
//! - 14 and later print a `Virtual Display ID` section with `name="NAME"` (utils::Dumper,
//!   @ android-14.0.0_r1), and screencap reads `-d` with `strtoull`: the capture names that id.

use super::error::DeviceError;
use super::Device;
use std::fmt;

/// The command whose answer names the displays.
pub const DISPLAYS_COMMAND: &str = "dumpsys display";

/// The command whose answer names SurfaceFlinger's ids of virtual displays.
pub const FLINGER_DISPLAYS_COMMAND: &str = "dumpsys SurfaceFlinger --displays";

/// What `screencap -d` takes: SurfaceFlinger's id of a physical display or (14+) of a virtual
/// one, or (up to 12) the layer stack of a virtual one.
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
    parse_display(dump, 0, None)
}

/// What `screencap -d` takes for logical display `logical` in a `dumpsys display` answer: the
/// physical display behind it, or, for a virtual display other than 0, what `flinger` (the
/// answer to `FLINGER_DISPLAYS_COMMAND`, when asked) says of it (see the module's note).
pub fn parse_display(dump: &str, logical: u32, flinger: Option<&str>) -> Option<ScreencapDisplay> {
    let info = display_info(dump, logical)?;
    if let Some(id) = number_after(info, "uniqueId \"local:") {
        return Some(ScreencapDisplay(id));
    }
    if logical == 0 {
        return None;
    }
    let by_flinger = virtual_name(info).and_then(|name| flinger_knows(flinger?, name));
    match by_flinger {
        Some(Flinger::Capturable(id)) => Some(ScreencapDisplay(id)),
        Some(Flinger::Uncapturable) => None,
        None => number_after(info, ", layerStack ").map(ScreencapDisplay),
    }
}

/// Whether the game's display `logical` is a virtual one, whose capture `FLINGER_DISPLAYS_COMMAND`
/// decides.
pub fn needs_flinger(dump: &str, logical: u32) -> bool {
    logical != 0 && display_info(dump, logical).and_then(virtual_name).is_some()
}

/// The `DisplayInfo{…}` text of logical display `logical`.
fn display_info(dump: &str, logical: u32) -> Option<&str> {
    dump.lines()
        .filter_map(|line| line.split_once("DisplayInfo{").map(|(_, info)| info))
        .find(|info| names_display(info, logical))
}

/// A virtual display's name: the quoted first field of its `DisplayInfo{"NAME", …}`.
fn virtual_name(info: &str) -> Option<&str> {
    if !info.contains("uniqueId \"virtual:") {
        return None;
    }
    info.strip_prefix('"')?
        .split_once('"')
        .map(|(name, _)| name)
}

/// What SurfaceFlinger's displays dump says of the virtual display named `name`.
#[derive(Debug, PartialEq, Eq)]
enum Flinger {
    /// Listed in the 14+ form: `screencap -d` takes this id.
    Capturable(u64),
    /// Listed in 13's form: no `-d` reaches it.
    Uncapturable,
}

fn flinger_knows(flinger: &str, name: &str) -> Option<Flinger> {
    let quoted = format!("\"{name}\"");
    let mut section = None;
    for line in flinger.lines().map(str::trim) {
        if let Some(id) = line.strip_prefix("Virtual Display ") {
            section = id.trim().parse().ok();
        } else if line == format!("name={quoted}") {
            if let Some(id) = section {
                return Some(Flinger::Capturable(id));
            }
        } else if line.starts_with("Display ") && line.ends_with(&format!("(virtual, {quoted})")) {
            return Some(Flinger::Uncapturable);
        } else if !line.starts_with("name=") && !line.starts_with("powerMode") {
            section = None;
        }
    }
    None
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

/// Asks the phone what `screencap -d` takes for the game's logical display (a second round trip
/// for a virtual display).
pub fn game_display(
    device: &mut dyn Device,
    logical: u32,
) -> Result<Option<ScreencapDisplay>, DeviceError> {
    let dump = device.shell(DISPLAYS_COMMAND)?;
    let flinger = if needs_flinger(&dump, logical) {
        Some(device.shell(FLINGER_DISPLAYS_COMMAND)?)
    } else {
        None
    };
    Ok(parse_display(&dump, logical, flinger.as_deref()))
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
            parse_display(FLIP, 1, None),
            Some(ScreencapDisplay(4619827551948147201))
        );
        let both = format!("{FLIP}{KEEP_ALIVE}");
        assert_eq!(parse_display(&both, 2, None), Some(ScreencapDisplay(2)));
        assert_eq!(parse_display(&both, 3, None), None);
        // Display 0 is never captured by a layer stack: that is screencap's default anyway.
        let virtual_zero = KEEP_ALIVE.replace("displayId 2", "displayId 0");
        assert_eq!(parse_display(&virtual_zero, 0, None), None);
    }

    /// SurfaceFlinger's displays dump of a phone with MuMu's keep-alive display, in the three
    /// forms of the module's note (the virtual id has bit 63 set, as every VirtualDisplayId).
    #[test]
    fn a_virtual_display_is_captured_as_its_releases_surfaceflinger_allows() {
        let id = 11529215046068469762u64;
        let v14 = format!("Display 4619827259835644672\n    name=\"Built-in Screen\"\n    powerMode=On\n\nVirtual Display {id}\n    name=\"com.autosudoku.classic\"\n    powerMode=On\n\n");
        let v13 = format!("Display 4619827259835644672 (internal, primary, \"Built-in Screen\")\n   deviceProductInfo={{}}\n   powerMode=On\n\nDisplay {id} (virtual, \"com.autosudoku.classic\")\n   powerMode=On\n");
        let v12 = format!("Displays (2 entries)\n+ DisplayDevice{{4619827259835644672, internal, primary, \"Built-in Screen\"}}\n+ DisplayDevice{{{id}, virtual, \"com.autosudoku.classic\"}}\n   powerMode=On (2)\n");
        assert!(needs_flinger(KEEP_ALIVE, 2));
        assert!(!needs_flinger(FLIP, 1) && !needs_flinger(KEEP_ALIVE, 3));
        assert_eq!(
            parse_display(KEEP_ALIVE, 2, Some(&v14)),
            Some(ScreencapDisplay(id))
        );
        assert_eq!(parse_display(KEEP_ALIVE, 2, Some(&v13)), None);
        assert_eq!(
            parse_display(KEEP_ALIVE, 2, Some(&v12)),
            Some(ScreencapDisplay(2))
        );
        // Another virtual display's section is not this one's.
        let other = v14.replace("com.autosudoku.classic", "ScreenRecorder");
        assert_eq!(
            parse_display(KEEP_ALIVE, 2, Some(&other)),
            Some(ScreencapDisplay(2))
        );
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
