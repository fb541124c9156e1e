//! The touchscreen as `getevent -lp` describes it: its `/dev/input/eventN` node, the declared
//! `ABS_MT_POSITION_X/Y` ranges (often not the screen size), the pressure and contact-size axes a
//! written touch must fill in, plus whether we may write to it.

use super::super::error::DeviceError;
use super::super::geometry::TouchRange;
use super::super::quote::quote;
use super::super::Device;
use super::evdev::device_blocks;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Touchscreen {
    pub path: String,
    pub name: String,
    pub range: TouchRange,
    /// `ABS_MT_SLOT` max + 1 (fingers), if declared.
    pub slots: Option<u32>,
    /// `ABS_MT_TRACKING_ID` max, if declared.
    pub max_tracking_id: Option<i32>,
    /// `ABS_MT_PRESSURE` (min, max), if declared: then Android takes a contact written with
    /// pressure 0 as a hover, not a touch (MultiTouchInputMapper `syncTouch`).
    pub pressure: Option<(i32, i32)>,
    /// `ABS_MT_TOUCH_MAJOR` (min, max), if declared: the contact's size.
    pub touch_major: Option<(i32, i32)>,
    /// The single-touch `ABS_PRESSURE` (min, max), if the panel declares it too.
    pub single_pressure: Option<(i32, i32)>,
}

impl Touchscreen {
    /// Whether a written touch must carry a pressure to be a touch at all.
    pub fn reports_pressure(&self) -> bool {
        self.pressure.is_some() || self.single_pressure.is_some()
    }
}

/// One `add device` block while parsing: its node, name, the axes we look for and whether it is
/// a direct-touch device.
struct Block {
    path: String,
    name: String,
    /// The `AXES` as (min, max), in that order.
    axes: [Option<(i32, i32)>; 7],
    /// `INPUT_PROP_DIRECT` among its `input props:` (getevent prints the property's label with or
    /// without `-l`, toolbox/getevent.c `print_input_props`).
    direct: bool,
}

const AXES: [&str; 7] = [
    "ABS_MT_POSITION_X",
    "ABS_MT_POSITION_Y",
    "ABS_MT_SLOT",
    "ABS_MT_TRACKING_ID",
    "ABS_MT_PRESSURE",
    "ABS_MT_TOUCH_MAJOR",
    "ABS_PRESSURE",
];

impl Block {
    fn touchscreen(self) -> Option<Touchscreen> {
        let ((min_x, max_x), (min_y, max_y)) = (self.axes[0]?, self.axes[1]?);
        Some(Touchscreen {
            path: self.path,
            name: self.name,
            range: TouchRange {
                min_x,
                max_x,
                min_y,
                max_y,
            },
            slots: self.axes[2].map(|(_, max)| (max + 1).max(1) as u32),
            max_tracking_id: self.axes[3].map(|(_, max)| max),
            pressure: self.axes[4],
            touch_major: self.axes[5],
            single_pressure: self.axes[6],
        })
    }
}

/// Parses `getevent -lp` and returns the touch screen: of the devices declaring both multi-touch
/// position axes, the first with `INPUT_PROP_DIRECT`, else the first. InputReader calls a
/// multi-touch device a touch screen only when it is direct; without the property it is a pointer
/// (a keyboard cover's touchpad, a game controller's) unless an IDC file says `touch.deviceType =
/// touchScreen` (TouchInputMapper `computeDeviceType`, frameworks/native lineage-22.0), which is
/// what the fallback trusts. getevent lists the nodes in the directory's order, so a touchpad may
/// come first.
pub fn parse_getevent(text: &str) -> Option<Touchscreen> {
    let mut found: Vec<(bool, Touchscreen)> = device_blocks(text)
        .into_iter()
        .filter_map(|(path, lines)| {
            let block = parse_block(path, &lines);
            let direct = block.direct;
            Some((direct, block.touchscreen()?))
        })
        .collect();
    let at = found.iter().position(|(direct, _)| *direct).unwrap_or(0);
    (!found.is_empty()).then(|| found.swap_remove(at).1)
}

/// The name, the axes we look for and the direct property of one device's lines.
fn parse_block(path: String, lines: &[&str]) -> Block {
    let mut block = Block {
        path,
        name: String::new(),
        axes: [None; 7],
        direct: false,
    };
    for t in lines {
        if let Some(name) = t.strip_prefix("name:") {
            block.name = name.trim().trim_matches('"').to_owned();
        }
        block.direct |= *t == "INPUT_PROP_DIRECT";
        // "ABS (0003): ABS_MT_SLOT : value 0, min 0, max 9, ..." or a continuation line.
        let axis_part = t.rsplit_once("): ").map_or(*t, |(_, r)| r);
        let first = axis_part.split_whitespace().next();
        if let Some(i) = AXES.iter().position(|a| Some(*a) == first) {
            block.axes[i] = min_max(axis_part);
        }
    }
    block
}

fn min_max(line: &str) -> Option<(i32, i32)> {
    let field = |key: &str| {
        line.split(',')
            .find_map(|f| f.trim().strip_prefix(key))
            .and_then(|v| v.trim().parse::<i32>().ok())
    };
    Some((field("min ")?, field("max ")?))
}

/// Finds the touchscreen on the phone (`None` if it has none or hides /dev/input).
pub fn probe(device: &mut dyn Device) -> Result<Option<Touchscreen>, DeviceError> {
    Ok(parse_getevent(&device.shell("getevent -lp")?))
}

/// Why the shell user may not write the input node at `path`, or `None` if it may (Android up to
/// 9, a phone whose adbd runs as root): writes an empty report (`EV_SYN SYN_REPORT 0`, which
/// changes nothing); `sendevent` prints "could not open ..., Permission denied" where sepolicy
/// denies the write (Android 10 and later).
pub fn write_refusal(device: &mut dyn Device, path: &str) -> Result<Option<String>, DeviceError> {
    let out = device.shell(&format!("sendevent {} 0 0 0", quote(path)?))?;
    Ok(match out.trim() {
        "" => None,
        said => Some(said.lines().next().unwrap_or(said).to_owned()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PIXEL: &str = r#"add device 1: /dev/input/event3
  name:     "gpio-keys"
  events:
    KEY (0001): KEY_VOLUMEDOWN        KEY_VOLUMEUP          KEY_POWER
  input props:
    <none>
add device 2: /dev/input/event2
  name:     "fts_ts"
  events:
    KEY (0001): BTN_TOUCH
    ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                ABS_MT_TOUCH_MAJOR    : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0
                ABS_MT_POSITION_X     : value 0, min 0, max 4095, fuzz 0, flat 0, resolution 0
                ABS_MT_POSITION_Y     : value 0, min 0, max 4095, fuzz 0, flat 0, resolution 0
                ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
  input props:
    INPUT_PROP_DIRECT
"#;

    #[test]
    fn finds_the_multitouch_device_and_its_ranges() {
        let ts = parse_getevent(PIXEL).unwrap();
        assert_eq!(ts.path, "/dev/input/event2");
        assert_eq!(ts.name, "fts_ts");
        assert_eq!(
            ts.range,
            TouchRange {
                min_x: 0,
                max_x: 4095,
                min_y: 0,
                max_y: 4095
            }
        );
        assert_eq!((ts.slots, ts.max_tracking_id), (Some(10), Some(65535)));
        assert_eq!((ts.touch_major, ts.pressure), (Some((0, 255)), None));
        assert!(!ts.reports_pressure());
    }

    /// A Galaxy's panel as `getevent -lp` printed it (quoted in a public project's notes).
    const SAMSUNG: &str = r#"add device 3: /dev/input/event3
  name:     "sec_touchscreen"
  events:
    KEY (0001): BTN_TOUCH             BTN_TOOL_FINGER
    ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
                ABS_MT_TOUCH_MAJOR    : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0
                ABS_MT_TOUCH_MINOR    : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0
                ABS_MT_POSITION_X     : value 0, min 0, max 1439, fuzz 0, flat 0, resolution 0
                ABS_MT_POSITION_Y     : value 0, min 0, max 2959, fuzz 0, flat 0, resolution 0
                ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
                ABS_MT_PRESSURE       : value 0, min 0, max 63, fuzz 0, flat 0, resolution 0
                003e                  : value 126, min 0, max 65535, fuzz 0, flat 0, resolution 0
  input props:
    INPUT_PROP_DIRECT
"#;

    #[test]
    fn a_samsung_panel_declares_pressure_and_touch_size() {
        let ts = parse_getevent(SAMSUNG).unwrap();
        assert_eq!(ts.name, "sec_touchscreen");
        assert_eq!(ts.range.max_y, 2959);
        assert_eq!(ts.pressure, Some((0, 63)));
        assert_eq!(ts.touch_major, Some((0, 255)));
        assert!(ts.reports_pressure());
    }

    /// A clickpad as the kernel describes one (INPUT_PROP_POINTER and INPUT_PROP_BUTTONPAD,
    /// BTN_LEFT, BTN_TOOL_FINGER), in getevent's format: a tablet's keyboard cover or a game
    /// controller, listed before the panel because getevent follows the directory's order.
    const TOUCHPAD: &str = r#"add device 1: /dev/input/event9
  name:     "Keyboard Cover Touchpad"
  events:
    KEY (0001): BTN_LEFT              BTN_TOOL_FINGER       BTN_TOUCH             BTN_TOOL_DOUBLETAP
    ABS (0003): ABS_X                 : value 0, min 0, max 2559, fuzz 0, flat 0, resolution 31
                ABS_Y                 : value 0, min 0, max 1279, fuzz 0, flat 0, resolution 31
                ABS_MT_SLOT           : value 0, min 0, max 4, fuzz 0, flat 0, resolution 0
                ABS_MT_POSITION_X     : value 0, min 0, max 2559, fuzz 0, flat 0, resolution 31
                ABS_MT_POSITION_Y     : value 0, min 0, max 1279, fuzz 0, flat 0, resolution 31
                ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
  input props:
    INPUT_PROP_POINTER
    INPUT_PROP_BUTTONPAD
"#;

    /// InputReader takes a multi-touch device without INPUT_PROP_DIRECT for a pointer: the panel
    /// listed after a touchpad is the touch screen; with no direct device the first one is kept
    /// (an IDC file may make it a touch screen).
    #[test]
    fn a_touchpad_listed_first_is_not_the_touch_screen() {
        let ts = parse_getevent(&format!("{TOUCHPAD}{SAMSUNG}")).unwrap();
        assert_eq!(
            (ts.path.as_str(), ts.name.as_str()),
            ("/dev/input/event3", "sec_touchscreen")
        );
        let no_props = SAMSUNG.replace("    INPUT_PROP_DIRECT\n", "    <none>\n");
        let ts = parse_getevent(&format!("{TOUCHPAD}{no_props}")).unwrap();
        assert_eq!(ts.name, "Keyboard Cover Touchpad");
    }

    #[test]
    fn axis_on_the_abs_line_itself_and_no_touchscreen() {
        let text = "add device 1: /dev/input/event0\n  name: \"ts\"\n  events:\n    ABS (0003): ABS_MT_POSITION_X : value 0, min 10, max 1089, fuzz 0\n                ABS_MT_POSITION_Y : value 0, min -5, max 2394, fuzz 0\n";
        let ts = parse_getevent(text).unwrap();
        assert_eq!(
            ts.range,
            TouchRange {
                min_x: 10,
                max_x: 1089,
                min_y: -5,
                max_y: 2394
            }
        );
        assert_eq!(
            parse_getevent("add device 1: /dev/input/event3\n  name: \"keys\"\n"),
            None
        );
        assert_eq!(parse_getevent("getevent: permission denied"), None);
    }
}
