//! Device errors that tell the truth, each case a test named after it: the
//! message names what is wrong and the next step, the exit code is the documented one (3 device
//! lost or unreachable, 2 usage), and nothing stays running or connected that the user did not
//! start. Fake servers here are plain TCP listeners that answer like the thing they imitate.

use super::rig::{self, AdbServer};
use super::{bare, cli, keygen, stdout_ok};
use assert_cmd::Command as Cli;
use std::io::{Read, Write};
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::time::Duration;

/// A listener on 127.0.0.1 that greets every connection with `greeting`, reads one request and
/// answers `reply(request)`, then closes. Returns its port.
fn fake_server(greeting: &'static [u8], reply: fn(&[u8]) -> Vec<u8>) -> u16 {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for mut socket in listener.incoming().flatten() {
            let _ = socket.set_read_timeout(Some(Duration::from_secs(2)));
            let _ = socket.write_all(greeting);
            let mut request = [0u8; 512];
            let n = socket.read(&mut request).unwrap_or(0);
            let _ = socket.write_all(&reply(&request[..n]));
        }
    });
    port
}

/// What an adb server (adb 1.0.41) answers `request` with when it lists `devices`.
fn adb_answer(request: &[u8], devices: &[u8]) -> Vec<u8> {
    let body: &[u8] = if request.ends_with(b"host:version") {
        b"0029"
    } else {
        devices
    };
    let mut reply = format!("OKAY{:04x}", body.len()).into_bytes();
    reply.extend_from_slice(body);
    reply
}

/// Whether anything accepts connections on 127.0.0.1:`port`.
fn listening(port: u16) -> bool {
    TcpStream::connect_timeout(&(Ipv4Addr::LOCALHOST, port).into(), Duration::from_secs(1)).is_ok()
}

fn stderr_of(cmd: &mut Cli, code: i32) -> String {
    let out = cmd.assert().code(code).get_output().stderr.clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn devices_dash_s_host_port_connects_the_phone_and_lists_it() {
    let adb = AdbServer::start();
    let (phone, _) = rig::test_phone();
    let serial = phone.serial();
    let table = stdout_ok(cli(&adb).args(["devices", "-s", &serial]));
    assert!(
        table.contains(&serial) && table.contains("360x640"),
        "{table}"
    );
}

#[test]
fn devices_with_an_unknown_serial_fails_with_the_table_and_exit_3() {
    let adb = AdbServer::start();
    let (phone, _) = rig::test_phone();
    adb.connect(&phone.serial());
    let text = stderr_of(cli(&adb).args(["devices", "-s", "R58M-nope"]), 3);
    assert!(
        text.contains("no device \"R58M-nope\"") && text.contains(&phone.serial()),
        "{text}"
    );
}

#[test]
fn no_device_connected_fails_with_exit_3_and_how_to_connect_one() {
    let adb = AdbServer::start();
    let text = stderr_of(cli(&adb).args(["screenshot", "-o", "/dev/null"]), 3);
    assert!(
        text.contains("no device is connected") && text.contains("adb connect"),
        "{text}"
    );
}

#[test]
fn a_server_host_other_than_127_0_0_1_starts_no_server_anywhere() {
    let port = rig::free_port();
    let text = stderr_of(
        bare().args(["devices", "-H", "127.0.0.2", "-P", &port.to_string()]),
        3,
    );
    let started = listening(port);
    if started {
        let _ = std::process::Command::new("adb")
            .args(["-P", &port.to_string(), "kill-server"])
            .output();
    }
    assert!(!started, "a server was left running on 127.0.0.1:{port}");
    assert!(
        text.contains("127.0.0.2") && text.contains("-H 127.0.0.1"),
        "{text}"
    );
}

#[test]
fn a_port_where_something_other_than_adb_answers_is_named_not_install_adb() {
    let ssh = fake_server(b"SSH-2.0-OpenSSH_9.2p1\r\n", |_| Vec::new());
    let http = fake_server(b"", |_| {
        b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".to_vec()
    });
    for port in [ssh, http] {
        let text = stderr_of(bare().args(["devices", "-P", &port.to_string()]), 2);
        assert!(
            text.contains("not an adb server") && !text.contains("apt install"),
            "{text}"
        );
    }
}

#[test]
fn an_adb_server_too_old_is_named_with_its_version() {
    // adb 1.0.20 answers host:version with 0014.
    let old = fake_server(b"", |_| b"OKAY00040014".to_vec());
    let text = stderr_of(bare().args(["devices", "-P", &old.to_string()]), 1);
    assert!(
        text.contains("1.0.20") && text.contains("kill-server"),
        "{text}"
    );
}

#[test]
fn an_unauthorized_phone_through_the_server_is_told_to_allow_it_not_tcpip() {
    let dir = tempfile::tempdir().unwrap();
    let key = keygen(dir.path(), "phone-knows-this");
    let keys = autosudoku_phone::adbd::auth::AuthKeys::load(&key.with_extension("pub")).unwrap();
    let (screen, _) = rig::TestScreen::new(360, 640);
    let phone = rig::start(rig::phone(Box::new(screen)).auth(keys));
    // This server's key is not the phone's: it stays unauthorized.
    let adb = AdbServer::start();
    let serial = phone.serial();
    let text = stderr_of(
        cli(&adb).args(["screenshot", "-s", &serial, "-o", "/dev/null"]),
        3,
    );
    assert!(
        text.contains("unauthorized")
            && text.contains("Allow USB debugging")
            && !text.contains("tcpip"),
        "{text}"
    );
    // We `adb connect`-ed it; it did not become ready, so it is disconnected again.
    assert_eq!(adb.state(&serial), None, "left connected");
}

#[test]
fn a_phone_that_never_finishes_the_handshake_is_unreachable_with_exit_3_and_disconnected() {
    // Accepts the TCP connection and never answers the ADB handshake.
    let silent = TcpListener::bind((Ipv4Addr::LOCALHOST, rig::free_port())).unwrap();
    let serial = silent.local_addr().unwrap().to_string();
    let held = std::thread::spawn(move || {
        let sockets: Vec<_> = silent.incoming().take(4).flatten().collect();
        std::thread::sleep(Duration::from_secs(30));
        drop(sockets);
    });
    let adb = AdbServer::start();
    let text = stderr_of(
        cli(&adb).args([
            "screenshot",
            "-s",
            &serial,
            "--device-timeout",
            "2",
            "-o",
            "/dev/null",
        ]),
        3,
    );
    assert!(
        text.contains(&format!("could not reach {serial}"))
            && text.contains("did not finish the ADB handshake")
            && !text.contains("no adb server"),
        "{text}"
    );
    assert_eq!(adb.state(&serial), None, "left connected");
    drop(held);
}

#[test]
fn an_offline_device_is_named_offline_with_exit_3() {
    // An adb server (adb 1.0.41) whose only device is a USB phone gone offline.
    let server = fake_server(b"", |request| {
        adb_answer(request, b"R58M12345 offline usb:1-1 transport_id:3\n")
    });
    let text = stderr_of(
        bare().args(["screenshot", "-P", &server.to_string(), "-o", "/dev/null"]),
        3,
    );
    assert!(
        text.contains("device R58M12345 is offline") && text.contains("reconnect the cable"),
        "{text}"
    );
}

#[test]
fn one_ready_phone_and_two_offline_ones_the_ready_one_is_chosen() {
    // Two network phones that went away stay listed "offline" by adb 29; they cannot be used,
    // so they must not make the choice ambiguous.
    let adb = AdbServer::start();
    let (ready, _) = rig::test_phone();
    adb.connect(&ready.serial());
    for _ in 0..2 {
        let (gone, _) = rig::test_phone();
        let serial = gone.serial();
        adb.connect(&serial);
        gone.stop();
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while adb.state(&serial).as_deref() != Some("offline") {
            assert!(
                std::time::Instant::now() < deadline,
                "{serial} never went offline"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("shot.png");
    cli(&adb)
        .args(["screenshot", "-o"])
        .arg(&shot)
        .assert()
        .success();
    assert!(shot.exists());
}

#[test]
fn no_ready_device_and_two_offline_ones_says_none_is_ready_with_exit_3() {
    // An adb server (adb 1.0.41) that lists two phones, both offline.
    let server = fake_server(b"", |request| {
        adb_answer(
            request,
            b"A offline transport_id:1\nB offline transport_id:2\n",
        )
    });
    let text = stderr_of(
        bare().args(["screenshot", "-P", &server.to_string(), "-o", "/dev/null"]),
        3,
    );
    assert!(
        text.contains("no device is ready")
            && text.contains("A ")
            && text.contains("offline")
            && !text.contains("more than one device"),
        "{text}"
    );
}

#[test]
fn two_ready_devices_and_no_serial_is_a_usage_error_naming_both_and_dash_s() {
    let server = fake_server(b"", |request| {
        adb_answer(
            request,
            b"A device transport_id:1\nB device transport_id:2\n",
        )
    });
    let port = server.to_string();
    let text = stderr_of(bare().args(["play", "-P", &port]), 2);
    assert!(
        text.contains("A") && text.contains("B") && text.contains("-s"),
        "{text}"
    );
    // A recording the recorder cannot write is a usage error before any phone is asked.
    let text = stderr_of(bare().args(["play", "-P", &port, "--record", "run.avi"]), 2);
    assert!(text.contains(".gif or .mp4"), "{text}");
}

#[test]
fn a_phone_still_authorizing_is_waited_for_with_a_line_then_named_with_exit_3() {
    // Android 15 wireless debugging: an mDNS serial with a space, stuck in adb's "authorizing".
    let server = fake_server(b"", |request| {
        adb_answer(
            request,
            b"adb-R58M12345-AbC123 (2)._adb-tls-connect._tcp authorizing transport_id:9\n",
        )
    });
    let started = std::time::Instant::now();
    let text = stderr_of(
        bare().args(["screenshot", "-P", &server.to_string(), "-o", "/dev/null"]),
        3,
    );
    assert!(
        started.elapsed() >= Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    assert!(
        text.contains("waiting for the phone to finish authorizing")
            && text.contains(
                "device adb-R58M12345-AbC123 (2)._adb-tls-connect._tcp is still authorizing"
            )
            && text.contains("Allow USB debugging"),
        "{text}"
    );
}

/// A phone that answers the host's key late (`--faults authorizing=2500`) is listed `authorizing`
/// by the real adb server (adb.cpp sets kCsAuthorizing on the phone's AUTH TOKEN, until its CNXN):
/// `screenshot` without `-s` waits for it with a line that says so, then captures.
#[test]
fn a_phone_authorizing_in_the_real_adb_server_is_waited_for_then_captured() {
    let dir = tempfile::tempdir().unwrap();
    let key = keygen(dir.path(), "vendor");
    let keys = autosudoku_phone::adbd::auth::AuthKeys::load(&key.with_extension("pub")).unwrap();
    let (screen, _) = rig::TestScreen::new(360, 640);
    let late = "authorizing=2500".parse().unwrap();
    let phone = rig::start(rig::phone(Box::new(screen)).auth(keys).faults(late, 0));
    let adb = AdbServer::start_with_env(&[("ADB_VENDOR_KEYS", key.to_str().unwrap())]);
    let serial = phone.serial();
    // adb 29's `adb connect` answers only once the handshake is over: run it aside, as the phone
    // being plugged in, while the server lists it.
    let mut connect = adb.cmd();
    connect.args(["connect", &serial]);
    let plugged =
        std::thread::spawn(move || rig::run_with_timeout(&mut connect, Duration::from_secs(30)));
    let deadline = std::time::Instant::now() + Duration::from_secs(2);
    while adb.state(&serial).as_deref() != Some("authorizing") {
        assert!(
            std::time::Instant::now() < deadline,
            "never authorizing: {:?}",
            adb.state(&serial)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let png = dir.path().join("shot.png");
    let out = cli(&adb)
        .args(["screenshot", "-o", png.to_str().unwrap()])
        .assert()
        .code(0)
        .get_output()
        .clone();
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains("waiting for the phone to finish authorizing"),
        "{text}"
    );
    assert!(std::fs::metadata(&png).unwrap().len() > 0);
    assert!(plugged.join().unwrap().status.success());
}

#[test]
fn a_serial_with_a_space_is_one_device_not_a_wrong_serial_and_state() {
    // `host:devices-l` as adb lists an mDNS-named phone whose name was taken once.
    let server = fake_server(b"", |request| {
        adb_answer(
            request,
            b"adb-2233fd19-9mU6UL (2)._adb-tls-connect._tcp offline transport_id:4\n",
        )
    });
    let text = stderr_of(
        bare().args(["screenshot", "-P", &server.to_string(), "-o", "/dev/null"]),
        3,
    );
    assert!(
        text.contains("device adb-2233fd19-9mU6UL (2)._adb-tls-connect._tcp is offline"),
        "{text}"
    );
}
