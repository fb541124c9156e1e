//! A device dump as a phone to play on: `doctor --dump` records a phone of each kind where play
//! meets something of its own (a Samsung's power dump with its screen on and off, a Xiaomi that
//! refuses injected input, a flip on Android 14 with two displays, MuMu's keep-alive display; and
//! the kinds with nothing of their own: a fold, a Pixel, an emulator), and a fresh phone of the same
//! options replaying that dump (`phone --replay`) is played the way the original was: the same
//! exit code, the same stop or the same win, nothing typed where the original typed nothing. And a
//! dump written by hand from a real Xiaomi's refusal stops play the way that phone would.

use crate::rig::game::{rig_on, Rig};
use crate::stop_of;
use autosudoku_phone::android::{AndroidVersion, Vendor};
use autosudoku_phone::replay::Replay;
use autosudoku_phone::Phone;

/// How play ended, as far as the user can tell: exit code, the stop's kind (none for a win),
/// whether the game was solved and whether any digit was typed.
#[derive(Debug, PartialEq)]
struct Outcome {
    exit: Option<i32>,
    stop: serde_json::Value,
    solved: bool,
    typed: bool,
}

fn play(rig: &Rig) -> Outcome {
    let out = rig.play(&["--json"]);
    let summary = stop_of(&out);
    Outcome {
        exit: out.status.code(),
        stop: summary["stop"]["kind"].clone(),
        solved: rig.solved(),
        typed: !rig.entries().is_empty(),
    }
}

/// What `doctor --dump` recorded of `rig`'s phone, without its captures: a dump freezes the
/// screen at one moment, and a game on a frozen screen never moves, so the replaying phone shows
/// its own live app while every other answer (power, windows, displays, panel, input, props)
/// comes from the dump.
fn dump_of(rig: &Rig) -> Replay {
    let file = rig.dir.path().join("phone.jsonl");
    let out = rig
        .command()
        .args(["doctor", "-s", &rig.phone.serial(), "--dump"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(file.exists(), "{}", crate::rig::text(&out));
    let text = std::fs::read_to_string(&file).unwrap();
    let kept: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("{\"command\":\"screencap"))
        .collect();
    assert!(kept.len() < text.lines().count(), "the dump has captures");
    Replay::parse(&kept.join("\n")).unwrap()
}

fn plays_the_same_from_its_dump(kind: impl Fn(Phone) -> Phone, faults: &str, want: Outcome) {
    let flags = ["--skin", "classic", "--difficulty", "easy", "--seed", "6"];
    let original = rig_on(&flags, faults, &kind);
    let replay = dump_of(&original);
    let got = play(&original);
    assert_eq!(got, want, "the original");
    let replaying = rig_on(&flags, faults, |p| kind(p).replay(replay));
    assert_eq!(play(&replaying), want, "the phone replaying its dump");
}

fn won() -> Outcome {
    Outcome {
        exit: Some(0),
        stop: serde_json::Value::Null,
        solved: true,
        typed: true,
    }
}

fn stopped(exit: i32, kind: &str) -> Outcome {
    Outcome {
        exit: Some(exit),
        stop: kind.into(),
        solved: false,
        typed: false,
    }
}

#[test]
fn a_samsung_with_its_screen_on_is_won_from_its_dump() {
    let samsung_13 = |p: Phone| p.vendor(Vendor::Samsung).android(AndroidVersion::V13);
    plays_the_same_from_its_dump(samsung_13, "", won());
}

#[test]
fn a_samsung_with_its_screen_off_stops_the_same_from_its_dump() {
    let off = stopped(1, "elsewhere");
    let samsung_13 = |p: Phone| p.vendor(Vendor::Samsung).android(AndroidVersion::V13);
    plays_the_same_from_its_dump(samsung_13, "screen=off", off);
}

#[test]
fn a_xiaomi_refusing_input_stops_before_any_tap_from_its_dump() {
    let kind = |p: Phone| p.vendor(Vendor::Xiaomi).android(AndroidVersion::V14);
    plays_the_same_from_its_dump(kind, "", stopped(1, "input-refused"));
}

/// A phone of `vendor` on `android` that play wins on is won from its dump as on itself.
fn is_won_from_its_dump(vendor: Vendor, android: AndroidVersion) {
    plays_the_same_from_its_dump(|p| p.vendor(vendor).android(android), "", won());
}

cases!(is_won_from_its_dump {
    a_flip_on_android_14_is_won_from_its_dump: (Vendor::Flip, AndroidVersion::V14);
    a_fold_on_android_15_is_won_from_its_dump: (Vendor::Fold, AndroidVersion::V15);
    a_pixel_on_android_16_is_won_from_its_dump: (Vendor::Pixel, AndroidVersion::V16);
    an_emulator_on_android_9_is_won_from_its_dump: (Vendor::Emulator, AndroidVersion::V9);
    a_mumu_keep_alive_on_android_12_is_won_from_its_dump: (Vendor::Mumu, AndroidVersion::V12);
});

/// The refusal a real Xiaomi on Android 10 printed (`tests/fixtures/dumps/`, its `input keyevent`
/// SecurityException and exit status), answered by a phone that would otherwise take every tap:
/// play stops before any tap with `input-refused`, as on that phone.
#[test]
fn a_real_xiaomis_refusal_stops_play_before_any_tap() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/dumps/xiaomi-redmi-android10-refused.jsonl"
    );
    let replay = Replay::load(std::path::Path::new(file)).unwrap();
    let flags = ["--skin", "classic", "--difficulty", "easy", "--seed", "6"];
    let rig = rig_on(&flags, "", |p| p.replay(replay));
    assert_eq!(play(&rig), stopped(1, "input-refused"));
}
