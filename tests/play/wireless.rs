//! Wireless debugging (Android 11+) as play meets it, through the real client path: a phone whose
//! mDNS serial holds a space, and one phone listed twice (its `HOST:PORT` and its mDNS name).
//! Debian's adb 29.0.6, the server these tests run, lists neither (no mDNS, no TLS transports),
//! so `rig::adb_proxy` in front of it renames or adds the lines, and passes every request, with
//! the serial put back, to the real server and the virtual phone behind it: `play` chooses the
//! phone, opens its transport, shell, exec and forward services by that serial, and wins.

use crate::rig::{self, adb_proxy, game::rig_on, game::Rig};
use std::process::Output;
use std::time::Duration;

/// The virtual phone's wireless-debugging guid: the mDNS instance name adbd advertises.
const GUID: &str = "adb-VIRT0001-AbC123";

/// An easy game on a phone that advertises `GUID`.
fn wireless_rig() -> Rig {
    rig_on(
        &["--skin", "classic", "--difficulty", "easy", "--seed", "5"],
        "",
        |p| p.prop("persist.adb.wifi.guid", GUID),
    )
}

/// `play ARGS` on the adb server behind the proxy on `proxy`.
fn play_through(rig: &Rig, proxy: u16, args: &[&str]) -> Output {
    let mut cmd = rig.command();
    cmd.env("ANDROID_ADB_SERVER_PORT", proxy.to_string())
        .args(["play", "--input", "shell", "-v"])
        .args(args);
    rig::run_with_timeout(&mut cmd, Duration::from_secs(180))
}

/// The phone listed only by its mDNS name, taken once so adb added ` (2)`: played by that name
/// with `-s`, every service reaching it by a serial with a space.
#[test]
fn a_phone_whose_serial_holds_a_space_is_played() {
    let rig = wireless_rig();
    let name = format!("{GUID} (2)._adb-tls-connect._tcp");
    let listing = adb_proxy::Listing {
        rename: Some((rig.phone.serial(), name.clone())),
        extra: None,
    };
    let proxy = adb_proxy::start(rig.server.port(), listing);
    let out = play_through(&rig, proxy, &["-s", &name]);
    let log = rig::text(&out);
    assert!(out.status.success(), "{log}");
    assert!(rig.solved(), "never Solved\n{log}");
    assert!(
        log.contains(&name),
        "the phone is named by its serial: {log}"
    );
}

/// The phone listed as `HOST:PORT` and as its mDNS twin, and no `-s`: one phone, played by its
/// `HOST:PORT`, not "several phones".
#[test]
fn one_phone_listed_twice_is_played_as_one() {
    let rig = wireless_rig();
    let twin = format!(
        "{GUID}._adb-tls-connect._tcp device product:sdk_gphone64 model:Virtual_Phone device:emu64 transport_id:99"
    );
    let listing = adb_proxy::Listing {
        rename: None,
        extra: Some(twin),
    };
    let proxy = adb_proxy::start(rig.server.port(), listing);
    let out = play_through(&rig, proxy, &[]);
    let log = rig::text(&out);
    assert!(out.status.success(), "{log}");
    assert!(rig.solved(), "never Solved\n{log}");
    assert!(
        log.contains("is the same phone as its HOST:PORT serial"),
        "{log}"
    );
}
