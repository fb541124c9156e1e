//! The input backends end to end: `--trace` names the device commands each backend sent for
//! every move (Monkey lines, shell-session taps, one process per tap, sendevent, key batches),
//! and `auto` falls back at once on a phone without the Monkey.

use super::stop_of;
use crate::rig::game::{rig, rig_on, Rig};
use crate::rig::text;
use autosudoku_phone::android::{AndroidVersion, Vendor};

/// `--trace` on `skin` with `input`: every line parses, has its time, and names the device
/// commands that carried its move, as the backend sent them (each starts with one of `prefixes`,
/// the first one used at least once), sent and confirmed.
fn trace_names_the_device_commands(skin: &str, input: &str, backend: &str, prefixes: &[&str]) {
    let rig = rig(&["--skin", skin, "--difficulty", "easy", "--seed", "4"], "");
    trace_names_the_commands_on(&rig, skin, input, backend, prefixes);
}

/// `trace_names_the_device_commands` on the phone `rig` runs.
fn trace_names_the_commands_on(
    rig: &Rig,
    skin: &str,
    input: &str,
    backend: &str,
    prefixes: &[&str],
) {
    let out = rig.play_with(input, &["--trace", "steps.jsonl"]);
    assert!(out.status.success(), "{skin} {input}: {}", text(&out));
    assert!(rig.solved(), "{skin} {input}");
    let trace = std::fs::read_to_string(rig.dir.path().join("steps.jsonl")).expect("trace");
    let blanks = rig.grader.givens().blanks().count();
    assert_eq!(trace.lines().count(), blanks, "{trace}");
    let mut round_trips = std::collections::BTreeSet::new();
    let mut first_prefix_seen = false;
    for line in trace.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect(line);
        assert!(v["t"].as_f64().is_some_and(|t| t >= 0.0), "{line}");
        let device = v["device"].as_array().expect(line);
        assert!(!device.is_empty(), "{line}");
        for d in device {
            assert_eq!(d["backend"], backend, "{line}");
            let command = d["command"].as_str().expect(line);
            assert!(
                prefixes.iter().any(|p| command.starts_with(p)),
                "{command} in {line}"
            );
            first_prefix_seen |= command.starts_with(prefixes[0]);
            let (sent, confirmed) = (d["sent"].as_f64(), d["confirmed"].as_f64());
            assert!(sent.is_some() && confirmed >= sent, "{line}");
            round_trips.insert(d["round_trip"].as_u64().expect(line));
        }
    }
    assert!(first_prefix_seen, "no {} command in {trace}", prefixes[0]);
    // Batched backends carry many moves per round trip (not on keys, where every move is a tap
    // on its cell, so a lost one cannot shift the moves after it, then a key).
    if input != "tap" && skin != "keys" {
        assert!(round_trips.len() < blanks, "{round_trips:?}");
    }
}

cases!(trace_names_the_device_commands {
    trace_names_the_monkeys_tap_lines: ("classic", "monkey", "monkey", &["tap "]);
    trace_names_the_shell_sessions_input_taps: ("compact", "shell", "shell", &["input tap "]);
    trace_names_one_input_tap_process_per_tap: ("classic", "tap", "tap", &["input tap "]);
    // Every move taps its cell, then types its digit key.
    trace_names_the_keyevent_batches: ("keys", "shell", "shell", &["input keyevent ", "input tap "]);
});

/// `sendevent` where Android lets the shell write /dev/input (Android 9) on a Samsung panel, which
/// declares pressure: every tap carries one (else each would be a hover and nothing would move),
/// the game is won and the trace names the sendevent calls.
#[test]
fn trace_names_the_sendevent_calls_on_a_pressure_panel() {
    let flags = ["--skin", "classic", "--difficulty", "easy", "--seed", "4"];
    let rig = rig_on(&flags, "", |p| {
        p.android(AndroidVersion::V9).vendor(Vendor::Samsung)
    });
    let prefixes = ["sendevent /dev/input/"];
    trace_names_the_commands_on(&rig, "classic", "sendevent", "sendevent", &prefixes);
}

/// Android 10 and later deny the shell's write to /dev/input: `--input sendevent` stops before
/// typing anything, naming the reason and the backends that work; `auto` (here without the
/// Monkey) does not choose sendevent and wins with the shell session.
#[test]
fn android_10_refuses_sendevent_and_auto_does_not_choose_it() {
    let flags = ["--skin", "classic", "--difficulty", "easy", "--seed", "5"];
    let rig = rig_on(&flags, "missing=monkey", |p| {
        p.android(AndroidVersion::V10).vendor(Vendor::Pixel)
    });
    let out = rig.play_with("sendevent", &[]);
    let log = text(&out);
    assert_eq!(out.status.code(), Some(1), "{log}");
    assert!(
        log.contains("Permission denied") && log.contains("use --input monkey or shell"),
        "{log}"
    );
    assert!(rig.entries().is_empty(), "{log}");
    let out = rig.play_with("auto", &["-v"]);
    let log = text(&out);
    assert!(out.status.success() && rig.solved(), "{log}");
    assert!(log.contains("input: no sendevent"), "{log}");
    assert!(log.contains("input: shell session"), "{log}");
}

/// A Xiaomi without "USB debugging (Security settings)": `input` throws INJECT_EVENTS'
/// SecurityException and the Monkey answers OK to taps it cannot inject. Play asks `input` first
/// and stops before any tap with `input-refused` (1), naming the setting and the reboot.
fn xiaomi_refusal_is_named_before_any_tap(input: &str, android: AndroidVersion) {
    let flags = ["--skin", "classic", "--difficulty", "easy", "--seed", "6"];
    let rig = rig_on(&flags, "", |p| p.vendor(Vendor::Xiaomi).android(android));
    let out = rig.play_with(input, &["--json"]);
    let log = text(&out);
    assert_eq!(out.status.code(), Some(1), "{log}");
    assert_eq!(stop_of(&out)["stop"]["kind"], "input-refused", "{log}");
    for says in [
        "INJECT_EVENTS",
        "USB debugging (Security settings)",
        "reboot",
    ] {
        assert!(log.contains(says), "{says}: {log}");
    }
    assert!(rig.entries().is_empty(), "{log}");
}

cases!(xiaomi_refusal_is_named_before_any_tap {
    xiaomi_refusal_through_the_shell_is_named_before_any_tap: ("shell", AndroidVersion::V14);
    xiaomi_refusal_behind_the_monkeys_ok_is_named_before_any_tap: ("monkey", AndroidVersion::V11);
});

/// The same Xiaomi with the setting on (`persist.security.adbinput=1`, as the switch sets it):
/// the game is won.
#[test]
fn xiaomi_with_the_security_setting_on_wins() {
    let flags = ["--skin", "classic", "--difficulty", "easy", "--seed", "6"];
    let rig = rig_on(&flags, "", |p| {
        p.vendor(Vendor::Xiaomi)
            .prop("persist.security.adbinput", "1")
    });
    let out = rig.play_with("auto", &[]);
    assert!(out.status.success() && rig.solved(), "{}", text(&out));
}

/// A rooted Xiaomi without the setting: `input` and the Monkey are refused, but the shell may
/// write /dev/input, so `auto` plays with `sendevent` (which InputManager never sees) and wins.
#[test]
fn a_rooted_xiaomi_without_the_setting_is_played_with_sendevent() {
    let flags = ["--skin", "classic", "--difficulty", "easy", "--seed", "4"];
    let rig = rig_on(&flags, "", |p| {
        p.vendor(Vendor::Xiaomi).prop("service.adb.root", "1")
    });
    let prefixes = ["sendevent /dev/input/"];
    trace_names_the_commands_on(&rig, "classic", "auto", "sendevent", &prefixes);
}

/// A phone without the Monkey: `auto` hears it exit at once and falls back to the next backend
/// (the overlapped start hides nothing it needs); the game is won.
#[test]
fn without_the_monkey_auto_falls_back_at_once() {
    let rig = rig(
        &["--skin", "classic", "--difficulty", "easy", "--seed", "2"],
        "missing=monkey",
    );
    let out = rig.play_with("auto", &["-v"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(rig.solved());
    assert!(
        text(&out)
            .contains("`monkey --port 1080` exited at once (/system/bin/sh: monkey: not found)"),
        "{}",
        text(&out)
    );
}
