//! `getevent -p/-lp` (the phone's input devices as AOSP system/core/toolbox/getevent.c prints
//! them: a gpio-keys device and the vendor's multi-touch panel, panel.rs) and `sendevent` (one
//! `input_event` written to a device, decoded by the kernel's protocol B rules in touch.rs), which
//! the shell may do only where Android lets it open /dev/input for writing.

use super::Ctx;
use crate::android::AndroidVersion;
use crate::latency::Cost;
use crate::panel::Panel;
use crate::touch::BTN_TOUCH;

const KEYS_DEVICE: &str = "/dev/input/event0";
const TOUCH_DEVICE: &str = "/dev/input/event1";
/// The node of the touchpad `--faults touchpad=1` attaches.
const TOUCHPAD_DEVICE: &str = "/dev/input/event3";

/// KEY_VOLUMEDOWN, KEY_VOLUMEUP, KEY_POWER on the gpio-keys device.
const BUTTONS: [(u16, &str); 3] = [
    (114, "KEY_VOLUMEDOWN"),
    (115, "KEY_VOLUMEUP"),
    (116, "KEY_POWER"),
];

pub fn getevent(ctx: &mut Ctx, args: &[String]) -> i32 {
    ctx.pay(Cost::NativeProcess);
    let letters: String = args.iter().filter_map(|a| a.strip_prefix('-')).collect();
    if !letters.contains('p') || letters.chars().any(|c| !"plq".contains(c)) {
        ctx.complain("getevent: only 'getevent -p' and 'getevent -lp' (device listing) are supported by this virtual phone; streaming events is not\n");
        return 1;
    }
    let labels = letters.contains('l');
    let name = |code: u16, label: &str| {
        if labels {
            format!(" {label:<20}")
        } else {
            format!(" {code:04x} ")
        }
    };
    // getevent lists /dev/input in the directory's order, not by number: the touchpad first.
    let mut text = String::new();
    if ctx.device.faults().touchpad() {
        text.push_str(&touchpad_block(&name));
    }
    let number = |n: usize| n + usize::from(ctx.device.faults().touchpad());
    text.push_str(&format!(
        "add device {}: {KEYS_DEVICE}\n  name:     \"gpio-keys\"\n  events:\n    KEY (0001):",
        number(1)
    ));
    for (code, label) in BUTTONS {
        text.push_str(&name(code, label));
    }
    let panel = Panel::of(ctx.device.vendor());
    text.push_str(&format!(
        "\n  input props:\n    <none>\nadd device {}: {TOUCH_DEVICE}\n  name:     \"{}\"\n  events:\n    KEY (0001):",
        number(2),
        panel.name
    ));
    text.push_str(&name(BTN_TOUCH, "BTN_TOUCH"));
    let axes = panel.axes.iter().map(|a| (a.code, a.label, a.min, a.max));
    text.push_str(&abs_lines(axes.collect(), &name));
    text.push_str("\n  input props:\n    INPUT_PROP_DIRECT\n");
    ctx.say(&text);
    0
}

/// A keyboard cover's clickpad as the kernel describes one: multi-touch positions, BTN_LEFT and
/// BTN_TOOL_FINGER, INPUT_PROP_POINTER and INPUT_PROP_BUTTONPAD (a pointer to InputReader,
/// TouchInputMapper `computeDeviceType`, not a touch screen).
fn touchpad_block(name: &dyn Fn(u16, &str) -> String) -> String {
    let mut text =
        format!("add device 1: {TOUCHPAD_DEVICE}\n  name:     \"Keyboard Cover Touchpad\"\n  events:\n    KEY (0001):");
    for (code, label) in [
        (0x110, "BTN_LEFT"),
        (0x145, "BTN_TOOL_FINGER"),
        (BTN_TOUCH, "BTN_TOUCH"),
    ] {
        text.push_str(&name(code, label));
    }
    let axes = vec![
        (0x2f, "ABS_MT_SLOT", 0, 4),
        (0x35, "ABS_MT_POSITION_X", 0, 2559),
        (0x36, "ABS_MT_POSITION_Y", 0, 1279),
        (0x39, "ABS_MT_TRACKING_ID", 0, 65535),
    ];
    text.push_str(&abs_lines(axes, name));
    text.push_str("\n  input props:\n    INPUT_PROP_POINTER\n    INPUT_PROP_BUTTONPAD\n");
    text
}

/// The `ABS (0003):` lines of a device's axes (code, label, min, max), in getevent's format.
fn abs_lines(axes: Vec<(u16, &str, i32, i32)>, name: &dyn Fn(u16, &str) -> String) -> String {
    let mut text = String::from("\n    ABS (0003):");
    for (i, (code, label, min, max)) in axes.into_iter().enumerate() {
        if i > 0 {
            text.push_str("\n               ");
        }
        text.push_str(&format!(
            "{} : value 0, min {min}, max {max}, fuzz 0, flat 0, resolution 0",
            name(code, label)
        ));
    }
    text
}

/// C's `atoi`: optional sign and leading digits, 0 if none (sendevent takes decimal only).
fn atoi(s: &str) -> i64 {
    let s = s.trim_start();
    let (sign, digits) = match s.strip_prefix('-') {
        Some(rest) => (-1, rest),
        None => (1, s.strip_prefix('+').unwrap_or(s)),
    };
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    sign * digits[..end].chars().fold(0i64, |n, c| {
        (n * 10 + i64::from(c as u8 - b'0')).min(1 << 40)
    })
}

pub fn sendevent(ctx: &mut Ctx, args: &[String]) -> i32 {
    ctx.pay(Cost::NativeProcess);
    let [device, kind, code, value] = args else {
        ctx.complain("usage: sendevent device type code value\n");
        return 1;
    };
    let (kind, code, value) = (atoi(kind) as u16, atoi(code) as u16, atoi(value) as i32);
    let touchpad = ctx.device.faults().touchpad().then_some(TOUCHPAD_DEVICE);
    let known = [Some(TOUCH_DEVICE), Some(KEYS_DEVICE), touchpad].contains(&Some(device.as_str()));
    if known && !shell_may_write_input(ctx) {
        // From Android 8 sendevent is toybox's: xopen(O_RDWR) fails and perror_exit prints
        // "NAME: PATH: strerror(EACCES)" (toybox lib/xwrap.c, toys/android/sendevent.c).
        ctx.complain(&format!("sendevent: {device}: Permission denied\n"));
        return 1;
    }
    match device.as_str() {
        TOUCH_DEVICE => ctx.device.input_event(kind, code, value),
        // Hardware buttons reach no app on this phone, nor does a touchpad (it moves a pointer).
        KEYS_DEVICE => {}
        TOUCHPAD_DEVICE if known => {}
        other => {
            ctx.complain(&format!(
                "could not open {other}, No such file or directory\n"
            ));
            return 1;
        }
    }
    0
}

/// Whether the shell may open /dev/input/eventN for writing. The nodes are `0660 root input` and
/// shell is in group `input`; up to Android 9 sepolicy lets it write, from Android 10 shell.te
/// grants input_device only reads (getevent) and the write is denied. A phone whose adbd runs as
/// root (`adb root` sets `service.adb.root=1`; `--prop service.adb.root=1` here) may write on every
/// version.
fn shell_may_write_input(ctx: &Ctx) -> bool {
    ctx.device.android() <= AndroidVersion::V9 || ctx.device.prop("service.adb.root") == "1"
}
