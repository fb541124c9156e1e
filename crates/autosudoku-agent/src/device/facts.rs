//! What a phone says about its screen and build: parsers for `wm size`, `wm density`, the display
//! rotation from `dumpsys input`, and `getprop` lines, plus the `ScreenFacts` they make up (with
//! the home app, `home.rs`).

use super::geometry::{Rotation, Size};
use super::home::{self, HomeApp};
use serde::Serialize;

/// The shell command whose output `ScreenFacts::parse` reads, one round trip for everything.
/// Sections are separated by marker lines so a missing command cannot shift the others. No pipes:
/// `dumpsys input` is read whole (some shells, like the virtual phone's, have no `|`). The home
/// app's command (`home::COMMAND`) comes last.
pub const FACTS_COMMAND: &str = "wm size; echo @@density; wm density; echo @@rotation; dumpsys input; \
echo @@props; getprop ro.build.version.release; getprop ro.build.version.sdk; getprop ro.product.model; \
getprop ro.product.manufacturer; echo @@windows; dumpsys window displays; echo @@home; \
cmd package resolve-activity --brief -a android.intent.action.MAIN -c android.intent.category.HOME";

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScreenFacts {
    /// Panel size, natural orientation (`Physical size`).
    pub physical: Size,
    /// `wm size` override, if any; this is what apps and `input tap` use.
    pub override_size: Option<Size>,
    pub density: u32,
    pub override_density: Option<u32>,
    pub rotation: Rotation,
    pub android: AndroidVersion,
    pub model: String,
    pub manufacturer: String,
    /// The app HOME opens, when the phone names one.
    pub home: Option<HomeApp>,
    /// The logical display the app in front is on (section `windows`; `connected::read_facts`
    /// judges it, as `foreground` does): 0 on almost every phone.
    #[serde(skip)]
    pub game_display: u32,
}

impl ScreenFacts {
    /// The display size apps see, natural orientation.
    pub fn effective_size(&self) -> Size {
        self.override_size.unwrap_or(self.physical)
    }

    pub fn effective_density(&self) -> u32 {
        self.override_density.unwrap_or(self.density)
    }

    /// Parses the output of `FACTS_COMMAND`.
    pub fn parse(output: &str) -> Result<Self, FactsError> {
        let section = |name| section(output, name);
        let size_text = output.split("@@density").next().unwrap_or("");
        let (physical, override_size) = parse_wm_size(size_text)?;
        let (density, override_density) = parse_wm_density(section("density"))?;
        let rotation = parse_rotation(section("rotation")).unwrap_or_default();
        let mut props = section("props").lines().map(str::trim);
        let release = props.next().unwrap_or("").to_owned();
        let sdk = props.next().and_then(|s| s.parse().ok());
        let model = props.next().unwrap_or("").to_owned();
        let manufacturer = props.next().unwrap_or("").to_owned();
        Ok(ScreenFacts {
            physical,
            override_size,
            density,
            override_density,
            rotation,
            android: AndroidVersion { release, sdk },
            model,
            manufacturer,
            home: home::parse(section("home")),
            game_display: 0,
        })
    }
}

/// The lines after `echo @@NAME` in the output of commands joined with such markers, up to the
/// next marker; empty when there is no such section.
pub fn section<'a>(output: &'a str, name: &str) -> &'a str {
    let Some(start) = output
        .find(&format!("@@{name}\n"))
        .map(|i| i + name.len() + 3)
    else {
        return "";
    };
    let end = output[start..]
        .find("@@")
        .map_or(output.len(), |e| start + e);
    &output[start..end]
}

/// `ro.build.version.release` and `ro.build.version.sdk`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AndroidVersion {
    pub release: String,
    pub sdk: Option<u32>,
}

impl AndroidVersion {
    /// Android 8.1 (API 27) added the colour-space word to the raw screencap header.
    pub fn screencap_header_has_colorspace(&self) -> Option<bool> {
        self.sdk.map(|s| s >= 27)
    }

    /// From Android 12 (API 31) `input` runs through `cmd input`, without a JVM start per call.
    pub fn has_fast_input(&self) -> bool {
        self.sdk.is_some_and(|s| s >= 31)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FactsError {
    #[error("`wm size` printed no \"Physical size: WxH\" line (got {0:?}); is this an Android device with a display?")]
    NoSize(String),
    #[error("`wm density` printed no \"Physical density: N\" line (got {0:?})")]
    NoDensity(String),
}

/// `Physical size: 1080x2400` and optionally `Override size: 720x1600`.
pub fn parse_wm_size(text: &str) -> Result<(Size, Option<Size>), FactsError> {
    let value = |key: &str| {
        text.lines()
            .find_map(|l| l.trim().strip_prefix(key))
            .and_then(|v| {
                let (w, h) = v.trim().split_once('x')?;
                Some(Size::new(w.trim().parse().ok()?, h.trim().parse().ok()?))
            })
    };
    let physical = value("Physical size:").ok_or_else(|| FactsError::NoSize(snippet(text)))?;
    Ok((physical, value("Override size:")))
}

/// `Physical density: 420` and optionally `Override density: 320`.
pub fn parse_wm_density(text: &str) -> Result<(u32, Option<u32>), FactsError> {
    let value = |key: &str| {
        text.lines()
            .find_map(|l| l.trim().strip_prefix(key))
            .and_then(|v| v.trim().parse().ok())
    };
    let physical =
        value("Physical density:").ok_or_else(|| FactsError::NoDensity(snippet(text)))?;
    Ok((physical, value("Override density:")))
}

/// The rotation from `dumpsys input`: the orientation of logical display 0's viewport, where the
/// game runs (`Viewport …: displayId=0, … orientation=1, …`, DisplayViewport::toString on every
/// release); a phone with several touch screens lists a viewport per display, and the first one
/// may be a cover screen's. Without such a line, the first `SurfaceOrientation: 1` (Android ≤ 12)
/// or `orientation=1`.
pub fn parse_rotation(text: &str) -> Option<Rotation> {
    let game_viewport = text
        .lines()
        .filter(|l| l.contains("displayId=0,"))
        .find_map(|l| orientation_in(l.trim()));
    game_viewport.or_else(|| text.lines().find_map(|l| orientation_in(l.trim())))
}

/// The quarter turns a `SurfaceOrientation: N` or `… orientation=N …` line names.
fn orientation_in(line: &str) -> Option<Rotation> {
    let v = line
        .strip_prefix("SurfaceOrientation:")
        .or_else(|| line.split("orientation=").nth(1))?;
    let digits: String = v.trim().chars().take_while(char::is_ascii_digit).collect();
    Rotation::from_quarter_turns(digits.parse().ok()?)
}

fn snippet(text: &str) -> String {
    text.trim().chars().take(120).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::preamble::shell_text;

    #[test]
    fn wm_size_with_and_without_override() {
        assert_eq!(
            parse_wm_size("Physical size: 1080x2400\n").unwrap(),
            (Size::new(1080, 2400), None)
        );
        assert_eq!(
            parse_wm_size("Physical size: 1440x3200\r\nOverride size: 1080x2400\r\n").unwrap(),
            (Size::new(1440, 3200), Some(Size::new(1080, 2400)))
        );
        assert!(matches!(
            parse_wm_size("/system/bin/sh: wm: not found"),
            Err(FactsError::NoSize(_))
        ));
    }

    /// WindowManagerShellCommand prints `Override density:` only when a density is forced.
    #[test]
    fn wm_density_with_and_without_override() {
        assert_eq!(
            parse_wm_density("Physical density: 420\n").unwrap(),
            (420, None)
        );
        assert_eq!(
            parse_wm_density("Physical density: 560\r\nOverride density: 420\r\n").unwrap(),
            (560, Some(420))
        );
        assert!(matches!(
            parse_wm_density("/system/bin/sh: wm: not found"),
            Err(FactsError::NoDensity(_))
        ));
    }

    /// A ROM whose linker warns before every command's output, read as `Device::shell` gives it,
    /// and a model left unset (an empty line): each prop keeps its own value.
    #[test]
    fn linker_warnings_do_not_shift_the_props() {
        let warn = "WARNING: linker: Warning: \"[vdso]\" unused DT entry: unknown processor-specific (type 0x70000001 arg 0x0) (ignoring)\n";
        let output = format!(
            "{warn}Physical size: 1280x800\n@@density\n{warn}Physical density: 160\n@@rotation\n\
             @@props\n{warn}11\n{warn}30\n{warn}\n{warn}NXP\n"
        );
        let facts = ScreenFacts::parse(&shell_text(output.as_bytes())).unwrap();
        assert_eq!(facts.physical, Size::new(1280, 800));
        assert_eq!(facts.density, 160);
        assert_eq!(
            facts.android,
            AndroidVersion {
                release: "11".into(),
                sdk: Some(30)
            }
        );
        assert_eq!(
            (facts.model.as_str(), facts.manufacturer.as_str()),
            ("", "NXP")
        );
    }

    #[test]
    fn rotation_old_and_new_dumpsys() {
        assert_eq!(
            parse_rotation("    SurfaceOrientation: 1\n"),
            Some(Rotation::R90)
        );
        assert_eq!(
            parse_rotation("  Viewport INTERNAL: displayId=0, uniqueId=local:0, port=0, orientation=3, logicalFrame=[0, 0, 2400, 1080]"),
            Some(Rotation::R270)
        );
        assert_eq!(parse_rotation(""), None);
        // Android 15 names the device's rotation (`ftl::enum_string`); the viewport's number
        // comes first and is the one read.
        let v15 = "      Viewport INTERNAL: displayId=0, uniqueId=local:1, port=0, orientation=1, \
            logicalFrame=[0, 0, 2400, 1080]\n      InputDeviceOrientation: Rotation90\n";
        assert_eq!(parse_rotation(v15), Some(Rotation::R90));
        // Android 16 prints the density after the orientation (DisplayViewport::toString).
        let v16 = "      Viewport INTERNAL: displayId=0, uniqueId=local:1, port=0, orientation=2, \
            densityDpi=420 xDpi=420.000000, yDpi=420.000000, logicalFrame=[0, 0, 1080, 2400], \
            physicalFrame=[0, 0, 1080, 2400], deviceSize=[1080, 2400], isActive=[1]\n      \
            InputDeviceOrientation: Rotation180\n";
        assert_eq!(parse_rotation(v16), Some(Rotation::R180));
    }

    #[test]
    fn the_rotation_is_the_game_displays_when_a_cover_screen_is_listed_first() {
        let fold = "  Device 3: sec_touchscreen2\n    Touch Input Mapper (mode - DIRECT):\n      \
            Viewport INTERNAL: displayId=1, uniqueId=local:2, port=1, orientation=0, \
            logicalFrame=[0, 0, 816, 2260]\n      SurfaceOrientation: 0\n  \
            Device 4: sec_touchscreen\n    Touch Input Mapper (mode - DIRECT):\n      \
            Viewport INTERNAL: displayId=0, uniqueId=local:1, port=0, orientation=3, \
            logicalFrame=[0, 0, 2208, 1768]\n      SurfaceOrientation: 3\n";
        assert_eq!(parse_rotation(fold), Some(Rotation::R270));
    }

    #[test]
    fn full_facts_output() {
        let out = "Physical size: 1080x2400\n@@density\nPhysical density: 420\n@@rotation\n    SurfaceOrientation: 0\n@@props\n11\n30\nPixel 5\nGoogle\n";
        let f = ScreenFacts::parse(out).unwrap();
        assert_eq!(f.effective_size(), Size::new(1080, 2400));
        assert_eq!(f.density, 420);
        assert_eq!(f.rotation, Rotation::R0);
        assert_eq!(
            f.android,
            AndroidVersion {
                release: "11".into(),
                sdk: Some(30)
            }
        );
        assert_eq!(
            (f.model.as_str(), f.manufacturer.as_str()),
            ("Pixel 5", "Google")
        );
        assert_eq!(f.android.screencap_header_has_colorspace(), Some(true));
        assert!(!f.android.has_fast_input());
        assert_eq!(
            f.home, None,
            "an output without the home section names none"
        );
    }

    /// The home app is read from the last section, whatever the others printed.
    #[test]
    fn the_home_app_is_the_last_section() {
        assert!(FACTS_COMMAND.ends_with(&format!("echo @@home; {}", home::COMMAND)));
        let out = "Physical size: 1080x2400\n@@density\nPhysical density: 420\n@@rotation\n@@props\n14\n34\nPixel 8\nGoogle\n\
                   @@home\npriority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n\
                   com.google.android.apps.nexuslauncher/.NexusLauncherActivity\n";
        let f = ScreenFacts::parse(out).unwrap();
        assert_eq!(f.manufacturer, "Google");
        assert_eq!(
            f.home.map(|h| h.package).as_deref(),
            Some("com.google.android.apps.nexuslauncher")
        );
        let without_cmd = out.replace(
            &out[out.find("priority").unwrap()..],
            "/system/bin/sh: cmd: not found\n",
        );
        assert_eq!(ScreenFacts::parse(&without_cmd).unwrap().home, None);
    }
}
