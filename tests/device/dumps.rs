//! Device dumps as conformance: what `doctor --dump` records of each kind of virtual phone,
//! answered by another virtual phone (`--replay`), gives the agent the same facts: size, density,
//! Android version, model and maker, the screen's state (off on a Samsung, whose power dump has
//! its own form) and the same capture, pixel for pixel. And dumps written by hand from what real
//! devices printed (`tests/fixtures/dumps/`, each naming its sources in its first line) give the
//! facts their quotes imply, and their captures decode.

use super::rig::{self, TestScreen};
use autosudoku_agent::device::display::{self, Hidden};
use autosudoku_agent::device::{self, dump, home, CaptureFormat, Device, DirectDevice, Timeouts};
use autosudoku_phone::android::{AndroidVersion, Vendor};
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

/// The release each vendor's phone runs here: the Samsung Android 13, whose `dumpsys power` has
/// Samsung's own `getWakefulnessLocked()=` line (One UI's Android 14 prints AOSP's), MuMu 12's
/// Android 12.
fn release_of(vendor: Vendor) -> AndroidVersion {
    match vendor {
        Vendor::Samsung => AndroidVersion::V13,
        Vendor::Mumu => AndroidVersion::V12,
        _ => AndroidVersion::V14,
    }
}

#[test]
fn a_dump_of_each_vendor_replayed_gives_the_same_facts() {
    for name in [
        "emulator", "pixel", "samsung", "xiaomi", "fold", "flip", "mumu",
    ] {
        let vendor: Vendor = name.parse().unwrap();
        // The Samsung's screen is off: its `getWakefulnessLocked()=Asleep` must read as off.
        let off = vendor == Vendor::Samsung;
        let faults = if off { "screen=off" } else { "" };
        let (screen, _) = TestScreen::new(360, 640);
        let phone = rig::phone(Box::new(screen))
            .vendor(vendor)
            .android(release_of(vendor));
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
        let phone = rig::phone(Box::new(screen))
            .vendor(vendor)
            .android(release_of(vendor));
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
        // Each vendor's home app, as `cmd package resolve-activity` names it; the dump keeps it.
        let launcher = if vendor == Vendor::Xiaomi {
            "com.miui.home"
        } else {
            "com.sec.android.app.launcher"
        };
        assert_eq!(facts["home"]["package"], launcher, "{vendor}: {want}");

        let text = std::fs::read_to_string(&file).unwrap();
        assert!(
            text.contains(home::COMMAND),
            "{vendor}: the dump records the home query"
        );
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

/// What a hand-written dump of a real device (`tests/fixtures/dumps/`, each naming its sources in
/// its first line) implies: the facts `doctor --json` must state of a phone replaying it.
struct RealDump {
    file: &'static str,
    size: Option<(u32, u32)>,
    density: Option<u32>,
    /// `ro.build.version.release`, `ro.build.version.sdk` and `ro.product.manufacturer` (when
    /// the dump holds it).
    android: (&'static str, u32, Option<&'static str>),
    /// The app in front: package and activity.
    foreground: Option<(&'static str, &'static str)>,
    screen: &'static str,
    /// The touch screen's name and whether it declares a pressure axis.
    touch: Option<(&'static str, bool)>,
    /// Whether `input` refuses injection, and the words of the refusal.
    refused: Option<&'static str>,
    /// The capture in the dump (after any text the phone printed before it).
    capture: Option<(u32, u32)>,
    /// The command whose answer is the game display's capture: `screencap -d ID` on a phone
    /// whose first display is not the one the game is on.
    captured_by: &'static str,
}

const REAL_DUMPS: [RealDump; 8] = [
    RealDump {
        file: "android14-second-display-listed-first.jsonl",
        size: Some((1080, 2400)),
        density: Some(320),
        android: ("14", 34, None),
        foreground: None,
        screen: "on",
        touch: None,
        refused: None,
        capture: Some((27, 60)),
        captured_by: "screencap",
    },
    RealDump {
        file: "android13-landscape-1280x720.jsonl",
        size: Some((1280, 720)),
        density: Some(180),
        android: ("13", 33, None),
        foreground: None,
        screen: "on",
        touch: None,
        refused: None,
        capture: Some((64, 36)),
        captured_by: "screencap",
    },
    RealDump {
        file: "samsung-screen-off.jsonl",
        size: Some((1080, 2400)),
        density: Some(420),
        android: ("13", 33, Some("samsung")),
        foreground: None,
        screen: "off",
        touch: Some(("sec_touchscreen", false)),
        refused: None,
        capture: Some((36, 64)),
        captured_by: "screencap",
    },
    RealDump {
        file: "xiaomi-redmi-android10-refused.jsonl",
        size: None,
        density: None,
        android: ("10", 29, Some("Xiaomi")),
        foreground: None,
        screen: "on",
        touch: None,
        refused: Some("INJECT_EVENTS"),
        capture: None,
        captured_by: "screencap",
    },
    RealDump {
        file: "pixel-fold-two-displays.jsonl",
        size: None,
        density: None,
        android: ("14", 34, Some("Google")),
        foreground: None,
        screen: "on",
        touch: Some(("fts_ts", true)),
        refused: None,
        capture: Some((36, 64)),
        captured_by: "screencap",
    },
    RealDump {
        file: "linker-warnings-landscape.jsonl",
        size: Some((1280, 800)),
        density: Some(160),
        android: ("11", 30, Some("NXP")),
        foreground: None,
        screen: "on",
        touch: None,
        refused: None,
        capture: Some((40, 25)),
        captured_by: "screencap",
    },
    RealDump {
        file: "android12-camera-in-front.jsonl",
        size: Some((720, 1650)),
        density: Some(320),
        android: ("12", 31, None),
        foreground: Some((
            "org.codeaurora.snapcam",
            "com.android.camera.CameraLauncher",
        )),
        screen: "on",
        touch: None,
        refused: None,
        capture: None,
        captured_by: "screencap",
    },
    RealDump {
        file: "samsung-fold-cover-listed-first.jsonl",
        size: None,
        density: None,
        android: ("14", 34, Some("samsung")),
        foreground: None,
        screen: "on",
        touch: None,
        refused: None,
        capture: Some((44, 55)),
        captured_by: "screencap -d 19261213734341249",
    },
];

fn fixture(file: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/dumps")
        .join(file)
}

/// `doctor --json` on a phone replaying each hand-written dump states the facts its quotes imply;
/// its report.
fn check_doctor_facts(adb: &AdbServer, serial: &str, want: &RealDump) -> Value {
    let name = want.file;
    let report = doctor_json(adb, serial, None);
    let facts = &report["phone"];
    if let Some((w, h)) = want.size {
        assert_eq!(
            facts["size"],
            serde_json::json!({"width": w, "height": h}),
            "{name}: {report}"
        );
    }
    if let Some(dpi) = want.density {
        assert_eq!(facts["density"], dpi, "{name}: {report}");
    }
    let (release, sdk, maker) = want.android;
    let android = serde_json::json!({"release": release, "sdk": sdk});
    assert_eq!(facts["android"], android, "{name}: {report}");
    if let Some(maker) = maker {
        assert_eq!(facts["manufacturer"], maker, "{name}: {report}");
    }
    if let Some((package, activity)) = want.foreground {
        let app = serde_json::json!({"package": package, "activity": activity});
        assert_eq!(facts["foreground"], app, "{name}: {report}");
    }
    assert_eq!(facts["screen"], want.screen, "{name}: {report}");
    if let Some((panel, pressure)) = want.touch {
        assert_eq!(facts["touch"]["name"], panel, "{name}: {report}");
        assert_eq!(facts["touch"]["pressure"], pressure, "{name}: {report}");
    }
    let tap = &facts["input"][0];
    assert_eq!(tap["backend"], "tap", "{name}: {report}");
    assert_eq!(tap["usable"], want.refused.is_none(), "{name}: {report}");
    if let Some(words) = want.refused {
        let reason = tap["reason"].as_str().unwrap_or_default();
        assert!(reason.contains(words), "{name}: {report}");
    }
    if let Some((w, h)) = want.capture {
        let capture = &facts["capture"];
        assert_eq!(
            (&capture["width"], &capture["height"]),
            (&w.into(), &h.into()),
            "{name}: {report}"
        );
    }
    report
}

/// `screenshot` decodes the capture a hand-written dump holds, past any text before it, of the
/// display the game is on.
fn check_screenshot(adb: &AdbServer, serial: &str, want: &RealDump, (w, h): (u32, u32)) {
    let file = want.file;
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("shot.png");
    super::stdout_ok(
        super::cli(adb)
            .args(["screenshot", "-s", serial, "-o"])
            .arg(&shot),
    );
    let img = image::open(&shot).unwrap().into_rgba8();
    assert_eq!(img.dimensions(), (w, h), "{file}");
    let recorded = Replay::load(&fixture(file)).unwrap();
    let words: Vec<String> = want.captured_by.split(' ').map(String::from).collect();
    let (bytes, _) = recorded.answer(&words).unwrap();
    let pixels = &bytes[bytes.len() - (w * h * 4) as usize..];
    assert!(
        img.as_raw() == pixels,
        "{file}: the decoded capture differs from the dump's"
    );
}

/// Dumps written by hand from what real devices printed (a Samsung whose screen is off, a Xiaomi
/// refusing injected input on Android 10, a two-display Pixel Fold whose capture starts with a
/// warning, a Galaxy Z Fold whose first display is its closed cover screen, an Android 14 phone
/// whose second display is listed first and whose density is overridden, an Android 13 landscape
/// system), replayed by a phone
/// that is none of them: `doctor --json` states their facts and `screenshot` decodes their
/// captures, of the display the game is on.
#[test]
fn dumps_of_real_devices_give_their_facts_and_captures() {
    let adb = AdbServer::start();
    for want in &REAL_DUMPS {
        let replay = Replay::load(&fixture(want.file)).unwrap();
        let (screen, _) = TestScreen::new(360, 640);
        let phone = rig::start(rig::phone(Box::new(screen)).replay(replay));
        check_doctor_facts(&adb, &phone.serial(), want);
        if let Some(size) = want.capture {
            check_screenshot(&adb, &phone.serial(), want, size);
        }
        phone.stop();
    }
}

/// The dumps of real devices hold no home query (their sources did not quote one): on a phone
/// without `cmd`, replaying each names no home app and still states every fact its quotes imply
/// (the app in front judged by the launcher name rule then).
#[test]
fn dumps_of_real_devices_without_the_home_query_keep_their_facts() {
    let adb = AdbServer::start();
    for want in &REAL_DUMPS {
        let text = std::fs::read_to_string(fixture(want.file)).unwrap();
        assert!(!text.contains("resolve-activity"), "{}", want.file);
        let replay = Replay::parse(&text).unwrap();
        let (screen, _) = TestScreen::new(360, 640);
        let without_cmd = "missing=cmd".parse().unwrap();
        let phone = rig::start(
            rig::phone(Box::new(screen))
                .replay(replay)
                .faults(without_cmd, 0),
        );
        let report = check_doctor_facts(&adb, &phone.serial(), want);
        assert!(report["phone"]["home"].is_null(), "{}: {report}", want.file);
        phone.stop();
    }
}
