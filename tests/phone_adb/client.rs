//! The phone through the `adb_client` crate: via our private adb server, and directly over TCP
//! with `ADBTcpDevice` (protocol version 0x01000000, checksums checked), with and without AUTH.

use crate::rig::{self, AdbServer};
use adb_client::tcp::ADBTcpDevice;
use adb_client::ADBDeviceExt;
use autosudoku_phone::adbd::auth::AuthKeys;
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

fn shell(device: &mut dyn ADBDeviceExt, command: &str) -> String {
    let mut out = Vec::new();
    device
        .shell_command(&command, Some(&mut out), None)
        .expect("shell command");
    String::from_utf8(out).unwrap()
}

/// Runs `f` on a thread and fails the test if it takes longer than 30 s.
fn within<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(30))
        .expect("adb_client call timed out")
}

/// Connects a fresh adb server to the phone `serial` and runs `check` on the `adb_client` device
/// it hands out, within the time limit.
fn through_adb_server(serial: String, check: impl FnOnce(&mut dyn ADBDeviceExt) + Send + 'static) {
    let adb = AdbServer::start();
    adb.connect(&serial);
    let mut client = adb.client();
    within(move || {
        let mut device = client
            .get_device_by_name(&serial)
            .expect("device by serial");
        check(&mut device);
    });
}

fn round_trip_files(device: &mut dyn ADBDeviceExt) {
    let data: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
    device
        .push(&mut data.as_slice(), &"/sdcard/c.bin")
        .expect("push");
    let mut back = Vec::new();
    device.pull(&"/sdcard/c.bin", &mut back).expect("pull");
    assert!(
        back == data,
        "pulled {} bytes, pushed {}",
        back.len(),
        data.len()
    );
    let names: Vec<String> = device
        .list(&"/sdcard")
        .expect("list")
        .iter()
        .map(|i| format!("{i:?}"))
        .collect();
    assert!(names.iter().any(|n| n.contains("c.bin")), "{names:?}");
}

#[test]
fn adb_client_through_the_adb_server() {
    let (phone, recorder) = rig::test_phone();
    through_adb_server(phone.serial(), |device| {
        assert_eq!(shell(device, "getprop ro.build.version.release"), "14\n");
        assert_eq!(shell(device, "input tap 5 6; echo done"), "done\n");
        round_trip_files(device);
    });
    assert!(!recorder.wait_for(2).is_empty());
}

fn direct(addr: SocketAddr, key: &Path) -> adb_client::Result<ADBTcpDevice> {
    ADBTcpDevice::new_with_custom_private_key(addr, key)
}

#[test]
fn adb_tcp_device_directly_without_auth() {
    let (phone, recorder) = rig::test_phone();
    let addr = phone.addr();
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("no-such-key");
    within(move || {
        let mut device = direct(addr, &key).expect("direct connection without auth");
        assert_eq!(
            shell(&mut device, "echo direct && wm size"),
            "direct\nPhysical size: 360x640\n"
        );
        assert_eq!(shell(&mut device, "input tap 1 2"), "");
        round_trip_files(&mut device);
    });
    assert_eq!(recorder.wait_for(2).len(), 2);
}

/// A fresh adb key pair made by the real `adb keygen`: (private key file, public key file).
/// `adb keygen`'s private key and its public half.
fn keygen(dir: &Path, name: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let private = rig::keygen(dir, name);
    let public = private.with_extension("pub");
    (private, public)
}

#[test]
fn adb_tcp_device_with_auth_accepts_listed_keys_only() {
    let dir = tempfile::tempdir().unwrap();
    let (good, good_pub) = keygen(dir.path(), "good");
    let (bad, _) = keygen(dir.path(), "bad");
    let (screen, _) = rig::TestScreen::new(360, 640);
    let keys = AuthKeys::load(&good_pub).expect("adb keygen's .pub parses");
    let phone = rig::start(rig::phone(Box::new(screen)).auth(keys));
    let addr = phone.addr();
    within(move || {
        let mut device = direct(addr, &good).expect("listed key is accepted");
        assert_eq!(shell(&mut device, "echo authed"), "authed\n");
        drop(device);
        // Like an unanswered "Allow USB debugging?" prompt: adb_client gives up after its 10 s wait.
        let refused = direct(addr, &bad);
        assert!(refused.is_err(), "an unlisted key must be refused");
    });
}

#[test]
fn real_adb_authenticates_with_a_vendor_key() {
    let dir = tempfile::tempdir().unwrap();
    let (key, key_pub) = keygen(dir.path(), "vendor");
    let (screen, _) = rig::TestScreen::new(360, 640);
    let phone = rig::start(rig::phone(Box::new(screen)).auth(AuthKeys::load(&key_pub).unwrap()));
    let adb = AdbServer::start_with_env(&[("ADB_VENDOR_KEYS", key.to_str().unwrap())]);
    adb.connect(&phone.serial());
    assert_eq!(
        adb.ok(&["-s", &phone.serial(), "shell", "echo", "ok"]),
        "ok\n"
    );
    // A server without that key stays unauthorized.
    let other = AdbServer::start();
    other.run(&["connect", &phone.serial()]);
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while other.state(&phone.serial()).as_deref() != Some("unauthorized") {
        assert!(
            std::time::Instant::now() < deadline,
            "state {:?}",
            other.state(&phone.serial())
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn adb_client_through_the_server_without_shell_v2() {
    let (screen, _) = rig::TestScreen::new(360, 640);
    let phone = rig::start(rig::phone(Box::new(screen)).shell_v2(false));
    through_adb_server(phone.serial(), |device| {
        assert_eq!(
            shell(device, "echo v1; nosuch"),
            "v1\n/system/bin/sh: nosuch: not found\n"
        );
    });
}
