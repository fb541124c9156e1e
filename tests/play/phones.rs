//! The phones users own, as play meets them: a flip phone on Android 14 and a fold on 15 (two
//! displays, so `screencap` warns before its image unless told which display) are played on the
//! display the game is on, named by its id from then on; the releases other tests leave out
//! (7, 8, 12, 13, 15, 16) are won; a demo phone that quits once the game is solved
//! leaves a won game behind.

use crate::rig::{self, game::rig_on, game::rig_unplugged};
use crate::stop_of;
use autosudoku_phone::android::{AndroidVersion, Vendor};
use autosudoku_phone::Phone;
use std::time::{Duration, Instant};

/// SurfaceFlinger's id of a virtual flip's or fold's main display, as `dumpsys display` names it.
const MAIN_DISPLAY: &str = "4619827259835644672";

/// Play on `vendor`'s two-display phone at `android` wins, and every capture after the first
/// (which warns of two displays) names the main display by its id.
fn played_on_the_display_the_game_is_on(vendor: Vendor, android: AndroidVersion) {
    let rig = rig_on(
        &["--skin", "classic", "--difficulty", "easy", "--seed", "5"],
        "",
        |p| p.vendor(vendor).android(android),
    );
    rig.play_wins(&[]);
    let caps = rig.services("exec:screencap");
    let chosen = format!("exec:screencap -d {MAIN_DISPLAY}");
    assert!(caps.len() >= 2, "{caps:?}");
    assert!(caps[1..].iter().all(|c| c == &chosen), "{caps:?}");
}

cases!(played_on_the_display_the_game_is_on {
    a_flip_phone_is_played_on_the_display_the_game_is_on: (Vendor::Flip, AndroidVersion::V14);
    a_fold_phone_is_played_on_the_display_the_game_is_on: (Vendor::Fold, AndroidVersion::V15);
});

/// MuMu's keep-alive on Android 14: the game runs on virtual display 2 while display 0 shows the
/// home screen. Play finds the game's display in `dumpsys window displays`, captures it as
/// `screencap -d ID` with SurfaceFlinger's virtual id, which its `--displays` dump names (bit 63
/// and 61 set over a base id of 2 on the virtual phone), taps it with `input -d 2` (taps without
/// `-d` reach display 0 only, so a win proves they went there) and wins; `screenshot` takes
/// display 2 too. Android 12's capture by the layer stack (`-d 2`) is what the MuMu 12 of
/// dumps.rs wins with.
#[test]
fn a_game_on_a_virtual_display_of_android_14_is_captured_by_surfaceflingers_id() {
    let android = AndroidVersion::V14;
    let capture = "11529215046068469762";
    let rig = rig_on(
        &["--skin", "classic", "--difficulty", "easy", "--seed", "5"],
        "",
        |p| p.vendor(Vendor::Mumu).android(android),
    );
    rig.play_wins(&[]);
    let by_id = format!("exec:screencap -d {capture}");
    let caps = rig.services("exec:screencap");
    assert!(!caps.is_empty(), "no capture");
    assert!(caps.iter().all(|c| c.starts_with(&by_id)), "{caps:?}");
    // Every tap and key names display 2; only the injection probe (KEYCODE_UNKNOWN, which
    // changes nothing anywhere) goes without.
    let inputs: Vec<String> = rig
        .commands("input ")
        .into_iter()
        .filter(|c| c != "input keyevent 0")
        .collect();
    assert!(
        inputs.iter().any(|c| c.starts_with("input -d 2 tap ")),
        "{inputs:?}"
    );
    assert!(
        inputs.iter().all(|c| c.starts_with("input -d 2 ")),
        "an input without -d reaches display 0: {inputs:?}"
    );
    let facts = rig.doctor_facts();
    assert_eq!(facts["foreground"]["display"], 2, "{facts}");
    let before = rig.services("exec:screencap").len();
    let (out, json) = rig.json_of("screenshot");
    assert!(out.status.success(), "{}", rig::text(&out));
    assert_eq!(rig.services("exec:screencap")[before..], [by_id], "{json}");
}

/// A ROM whose linker warns on stderr as every program starts (`--faults linker-warnings=1`), so
/// its warning comes before each command's output, between a chain's, and before a shell
/// session's first answer (the shell is a program too): `doctor --json` states the same facts as
/// of the same phone without it, and play through the shell session wins with the same taps and
/// entries as without it (no marker lost or counted twice).
#[test]
fn a_rom_whose_linker_warns_before_every_output_is_read_and_played() {
    let kind = |p: Phone| p.vendor(Vendor::Pixel).android(AndroidVersion::V11);
    let game = ["--skin", "classic", "--difficulty", "easy", "--seed", "5"];
    let quiet = rig_on(&game, "", kind);
    let warned = rig_on(&game, "linker-warnings=1", kind);
    let serial = warned.phone.serial();
    let said = warned
        .server
        .ok(&["-s", &serial, "exec-out", "getprop ro.build.version.sdk"]);
    assert!(said.starts_with("WARNING: linker: "), "{said:?}");
    let (mut want, mut got) = (quiet.doctor_facts(), warned.doctor_facts());
    want["serial"] = serde_json::Value::Null;
    got["serial"] = serde_json::Value::Null;
    assert_eq!(got, want);
    assert_eq!(got["android"]["sdk"], 30, "{got}");
    let args = ["--summary", "--json"];
    let (want, got) = (
        stop_of(&quiet.play_wins(&args)),
        stop_of(&warned.play_wins(&args)),
    );
    assert!(
        !warned.services("shell,raw:").is_empty(),
        "played through a shell session"
    );
    assert_eq!(got["taps"], want["taps"], "{got}\n{want}");
    assert_eq!(warned.entries(), quiet.entries());
}

/// `autosudoku phone --exit-when solved --json` leaves the moment the game is solved: `play`
/// against it wins (exit 0, solved) instead of waiting for a lost phone, and the phone's stdout
/// holds its ready line and its final state, one JSON object each.
#[test]
fn a_phone_that_quits_once_solved_is_a_won_game() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::Stdio;
    let adb = rig::AdbServer::start();
    let mut phone = rig::phone_command(&["--skin", "compact", "--seed", "11", "--json", "-q"])
        .args(["--exit-when", "solved"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(phone.stdout.take().unwrap());
    let mut ready = String::new();
    stdout.read_line(&mut ready).unwrap();
    let ready: serde_json::Value = serde_json::from_str(&ready).unwrap();
    let serial = ready["ready"]["address"].as_str().unwrap().to_owned();
    adb.connect(&serial);
    let home = tempfile::tempdir().unwrap();
    let mut play = rig::game::autosudoku(&adb, home.path());
    play.args(["play", "-s", &serial, "--json"]);
    let started = Instant::now();
    let out = rig::run_with_timeout(&mut play, Duration::from_secs(120));
    let won = stop_of(&out);
    assert!(
        ["dialog", "phone-left"].contains(&won["won_by"].as_str().unwrap_or("")),
        "{won}"
    );
    // Not the 30 s a phone lost mid-game is waited for.
    assert!(started.elapsed() < Duration::from_secs(25), "{won}");
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    let state: serde_json::Value = serde_json::from_str(rest.trim()).unwrap();
    assert_eq!(state["phase"], "solved", "{rest}");
    assert!(phone.wait().unwrap().success());
}

/// A phone just plugged in: the real adb server lists it `authorizing` while the phone takes 2.5 s
/// to answer the host's signed token (`--auth`, `--faults authorizing=2500`). Play, started then,
/// says it waits for the phone, and wins once the phone is authorized; nothing is typed before.
/// (Android 8: the game won on 8. Each release has its won game: 7 the locked phone unlocked in
/// screen.rs, 9 most tests, 12 the keep-alive display here, 13 to 16 the Samsung, flip, fold and
/// Pixel of dumps.rs.)
#[test]
fn a_phone_still_authorizing_when_play_starts_is_waited_for_and_won() {
    let keys = tempfile::tempdir().unwrap();
    let key = rig::keygen(keys.path(), "vendor");
    let public = autosudoku_phone::adbd::auth::AuthKeys::load(&key.with_extension("pub")).unwrap();
    let rig = rig_unplugged(
        &["--skin", "classic", "--difficulty", "easy", "--seed", "4"],
        "authorizing=2500",
        &[("ADB_VENDOR_KEYS", key.to_str().unwrap())],
        |p| p.auth(public).android(AndroidVersion::V8),
    );
    let serial = rig.phone.serial();
    // `adb connect` returns only once the handshake is over: it runs aside, as the cable does.
    let mut connect = rig.server.cmd();
    connect.args(["connect", &serial]);
    let plugged =
        std::thread::spawn(move || rig::run_with_timeout(&mut connect, Duration::from_secs(30)));
    let deadline = Instant::now() + Duration::from_secs(2);
    while rig.server.state(&serial).as_deref() != Some("authorizing") {
        assert!(
            Instant::now() < deadline,
            "never authorizing: {:?}",
            rig.server.state(&serial)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = rig.play_wins(&[]);
    let log = rig::text(&out);
    assert!(
        log.contains("waiting for the phone to finish authorizing"),
        "{log}"
    );
    assert!(plugged.join().unwrap().status.success());
}
