//! Device dumps as conformance: what `doctor --dump` records of each kind of virtual phone,
//! answered by another virtual phone (`--replay`), gives the agent the same facts: size, density,
//! Android version, model and maker, the screen's state (off on a Samsung, whose power dump has
//! its own form) and the same capture, pixel for pixel.

use super::rig::{self, TestScreen};
use autosudoku_agent::device::display::{self, Hidden};
use autosudoku_agent::device::{self, dump, CaptureFormat, Device, DirectDevice, Timeouts};
use autosudoku_phone::android::Vendor;
use autosudoku_phone::replay::Replay;
use rig::AdbServer;
use serde_json::Value;
use std::path::Path;

/// What the agent derives from a phone, for comparing two.
#[derive(Debug, PartialEq)]
struct Derived {
    facts: device::ScreenFacts,
    hidden: Option<Hidden>,
    capture: (u32, u32, Vec<u8>),
}

fn derive(dev: &mut dyn Device) -> Derived {
    let shot = device::capture(dev, CaptureFormat::Raw).unwrap();
    Derived {
        facts: device::read_facts(dev).unwrap(),
        hidden: display::hidden(dev).unwrap(),
        capture: (
            shot.image.width(),
            shot.image.height(),
            shot.image.into_raw(),
        ),
    }
}

fn connect(phone: &autosudoku_phone::PhoneHandle) -> DirectDevice {
    DirectDevice::connect(phone.addr(), None, Timeouts::default())
        .unwrap()
        .0
}

#[test]
fn a_dump_of_each_vendor_replayed_gives_the_same_facts() {
    for name in ["emulator", "pixel", "samsung", "xiaomi", "fold", "flip"] {
        let vendor: Vendor = name.parse().unwrap();
        // The Samsung's screen is off: its `getWakefulnessLocked()=Asleep` must read as off.
        let off = vendor == Vendor::Samsung;
        let faults = if off { "screen=off" } else { "" };
        let (screen, _) = TestScreen::new(360, 640);
        let phone = rig::phone(Box::new(screen)).vendor(vendor);
        let original = rig::start(phone.faults(faults.parse().unwrap(), 0));
        let mut dev = connect(&original);
        let want = derive(&mut dev);
        assert_eq!(want.hidden.is_some(), off, "{name}");
        let mut file = Vec::new();
        dump::record(&mut dev, &mut file).unwrap();
        let text = String::from_utf8(file).unwrap();
        assert!(text.starts_with("{\"comment\":"), "{name}");

        // Another phone: another size, the default vendor, its screen on; only the dump speaks.
        let replay = Replay::parse(&text).unwrap();
        let (other, _) = TestScreen::new(720, 1280);
        let replaying = rig::start(rig::phone(Box::new(other)).replay(replay));
        let got = derive(&mut connect(&replaying));
        assert_eq!(got.facts, want.facts, "{name}");
        assert_eq!(got.hidden, want.hidden, "{name}");
        assert!(
            got.capture == want.capture,
            "{name}: the replayed capture differs"
        );
        original.stop();
        replaying.stop();
    }
}

/// `doctor -s SERIAL --json [--dump FILE]`: its one object, checked against its schema.
fn doctor_json(adb: &AdbServer, serial: &str, dump: Option<&Path>) -> Value {
    let mut cmd = super::cli(adb);
    cmd.args(["doctor", "-s", serial, "--json"]);
    if let Some(file) = dump {
        cmd.arg("--dump").arg(file);
    }
    let out = cmd.output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let report: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    rig::schema::check("doctor", &report);
    report
}

/// `doctor --json` on a Samsung whose screen is off, a Xiaomi that refuses injected input and a
/// flip opened from its cover screen states their facts as the agent derives them; a phone
/// replaying the dump `doctor --dump` made of each states the same ones (but the serial).
#[test]
fn doctor_json_states_the_same_facts_from_a_replayed_dump() {
    let adb = AdbServer::start();
    let dir = tempfile::tempdir().unwrap();
    for (vendor, faults) in [
        (Vendor::Samsung, "screen=off"),
        (Vendor::Xiaomi, ""),
        (Vendor::Flip, ""),
    ] {
        let (screen, _) = TestScreen::new(360, 640);
        let phone = rig::phone(Box::new(screen)).vendor(vendor);
        let original = rig::start(phone.faults(faults.parse().unwrap(), 0));
        let file = dir.path().join(format!("{vendor}.jsonl"));
        let mut want = doctor_json(&adb, &original.serial(), Some(&file));
        let facts = &want["phone"];
        assert_eq!(facts["size"]["width"], 360, "{vendor}: {want}");
        let screen = if vendor == Vendor::Samsung {
            "off"
        } else {
            "on"
        };
        assert_eq!(facts["screen"], screen, "{vendor}: {want}");
        assert_eq!(facts["touch"]["pressure"], true, "{vendor}: {want}");
        let tap = &facts["input"][0];
        assert_eq!(tap["backend"], "tap", "{vendor}: {want}");
        let refused = vendor == Vendor::Xiaomi;
        assert_eq!(tap["usable"], !refused, "{vendor}: {want}");
        assert_eq!(
            tap["reason"]
                .as_str()
                .is_some_and(|r| r.contains("INJECT_EVENTS")),
            refused,
            "{vendor}: {want}"
        );
        // The flip's cover display focuses its launcher; the main display names no app.
        assert!(facts["foreground"].is_null(), "{vendor}: {want}");

        let text = std::fs::read_to_string(&file).unwrap();
        // A Samsung's panel is set to a lower resolution: the size above is the override.
        let override_line = text.contains("Override size: 360x640");
        assert_eq!(override_line, vendor == Vendor::Samsung, "{vendor}");
        let replay = Replay::parse(&text).unwrap();
        let (other, _) = TestScreen::new(720, 1280);
        let replaying = rig::start(rig::phone(Box::new(other)).replay(replay));
        let mut got = doctor_json(&adb, &replaying.serial(), None);
        want["phone"]["serial"] = Value::Null;
        got["phone"]["serial"] = Value::Null;
        assert_eq!(got["phone"], want["phone"], "{vendor}");
        original.stop();
        replaying.stop();
    }
}
