//! The virtual phone under stress: a host that sends garbage, opens thousands
//! of streams, says nothing, or pushes more than the phone's storage gets an error or a closed
//! connection, and one that stops reading stalls only its own streams and is dropped once a write
//! to it makes no progress for the phone's write timeout, while the phone keeps serving its other
//! connections; paths outside its file system are refused.

use super::protocol::{collect, Host};
use crate::rig::{self, AdbServer};
use autosudoku_phone::adbd::connection::{HANDSHAKE_TIMEOUT, MAX_STREAMS};
use autosudoku_phone::adbd::message::{Command, Message};
use std::io::Read;
use std::net::TcpStream;
use std::time::{Duration, Instant};

#[test]
fn garbage_from_one_host_leaves_the_phones_other_connections_serving() {
    let (phone, _) = rig::test_phone();
    let mut good = Host::connect(&phone);
    let mut huge = Message::new(Command::Wrte, 1, 1, Vec::new()).encode();
    huge[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    let noise: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    for garbage in [&b"GET / HTTP/1.1\r\nHost: phone\r\n\r\n"[..], &huge, &noise] {
        let mut bad = Host::connect(&phone);
        bad.send_raw(garbage);
        assert!(bad.closed(), "a connection sending garbage must be closed");
    }
    let id = good.open(1, "exec:echo still here").unwrap();
    assert_eq!(
        collect(&mut good, &[(1, id)]),
        [(1, b"still here\n".to_vec())]
    );
}

#[test]
fn thousands_of_streams_on_one_connection_are_capped_and_the_phone_keeps_serving() {
    let (phone, _) = rig::test_phone();
    let mut host = Host::connect(&phone);
    const OPENS: u32 = 3000;
    for id in 1..=OPENS {
        host.send(&Message::new(Command::Open, id, 0, b"shell:\0".to_vec()));
    }
    let (mut opened, mut refused) = (0, 0);
    while opened + refused < OPENS as usize {
        let m = host.recv().expect("an answer to every OPEN");
        match m.command {
            Command::Okay => opened += 1,
            Command::Clse if m.arg0 == 0 => refused += 1,
            _ => {}
        }
    }
    assert_eq!(
        (opened, refused),
        (MAX_STREAMS, OPENS as usize - MAX_STREAMS)
    );
    // Another host is served meanwhile, and this one still can close a stream and open one.
    let mut other = Host::connect(&phone);
    let id = other.open(1, "exec:echo ok").unwrap();
    assert_eq!(collect(&mut other, &[(1, id)]), [(1, b"ok\n".to_vec())]);
}

#[test]
fn a_host_that_never_finishes_the_handshake_is_dropped() {
    let (phone, _) = rig::test_phone();
    let mut silent = TcpStream::connect(phone.addr()).unwrap();
    silent
        .set_read_timeout(Some(HANDSHAKE_TIMEOUT + Duration::from_secs(5)))
        .unwrap();
    let start = Instant::now();
    let mut byte = [0u8; 1];
    let closed = matches!(silent.read(&mut byte), Ok(0) | Err(_));
    assert!(closed && start.elapsed() < HANDSHAKE_TIMEOUT + Duration::from_secs(4));
    let mut host = Host::connect(&phone);
    assert!(host.open(1, "exec:true").is_some());
}

#[test]
fn a_host_that_stops_reading_holds_only_its_own_streams_and_gets_them_when_it_reads_again() {
    let (phone, _) = rig::test_phone();
    let mut host = Host::connect(&phone);
    // 32 screen captures of ~0.9 MB each, none of it read: more than the socket buffers take at
    // first, so the phone's writes to this host stall.
    const CAPTURES: u32 = 32;
    capture_unread(&mut host, CAPTURES);
    let mut other = Host::connect(&phone);
    assert_served(&mut other, 1);
    // Reading again, the host gets every capture whole: stalled, not lost. Each fits one WRTE.
    let mut captured = std::collections::BTreeSet::new();
    while captured.len() < CAPTURES as usize {
        let m = host
            .recv()
            .expect("the stalled captures come once the host reads");
        if m.command == Command::Wrte {
            assert!(m.payload.len() > 360 * 640 * 4, "{} bytes", m.payload.len());
            captured.insert(m.arg1);
        }
    }
    assert_eq!(captured, (1..=CAPTURES).collect());
}

/// Opens `count` screen captures (~0.9 MB each) on `host`, as streams 1 to `count`, reading none.
fn capture_unread(host: &mut Host, count: u32) {
    for id in 1..=count {
        let open = Message::new(Command::Open, id, 0, b"exec:screencap\0".to_vec());
        host.send(&open);
    }
}

/// The phone answers a command on `host`'s stream `id`.
fn assert_served(host: &mut Host, id: u32) {
    let stream = host.open(id, "exec:echo ok").unwrap();
    assert_eq!(collect(host, &[(id, stream)]), [(id, b"ok\n".to_vec())]);
}

/// A socket to the phone whose receive buffer is 4 KB and stays so: Linux grows a receive buffer
/// left to itself while unread data arrives, so the phone's writes keep making a little progress
/// and its write timeout never fires (measured: no drop within 45 s).
fn small_window_socket(phone: &autosudoku_phone::PhoneHandle) -> TcpStream {
    let addr = phone.addr();
    let socket = socket2::Socket::new(
        socket2::Domain::for_address(addr),
        socket2::Type::STREAM,
        None,
    )
    .unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    socket.connect(&addr.into()).unwrap();
    socket.into()
}

#[test]
fn a_host_that_stops_reading_is_dropped_after_the_write_timeout_while_others_are_served() {
    let timeout = Duration::from_secs(1);
    let (screen, _) = rig::TestScreen::new(360, 640);
    let phone = rig::start(rig::phone(Box::new(screen)).write_timeout(timeout));
    let mut stalled = Host::over(small_window_socket(&phone));
    // 16 captures of ~0.9 MB, none read: more than the phone's send buffer (4 MB at most) and
    // the host's 4 KB window take, so a write to this host stops making progress.
    const CAPTURES: u32 = 16;
    let stalled_at = Instant::now();
    capture_unread(&mut stalled, CAPTURES);
    let mut other = Host::connect(&phone);
    assert_served(&mut other, 1);
    let links = phone.device().links();
    assert_eq!(links.count(), 2, "both hosts connected while one stalls");
    rig::wait_until(
        timeout + Duration::from_secs(30),
        "the stalled host dropped",
        || links.count() == 1,
    );
    assert!(
        stalled_at.elapsed() >= timeout,
        "dropped before its write timeout"
    );
    // What the phone wrote before it gave up is still there to read, then the end: not all of it.
    let mut whole = 0;
    while let Some(m) = stalled.recv() {
        whole += usize::from(m.command == Command::Wrte && m.payload.len() > 360 * 640 * 4);
    }
    assert!(stalled.closed(), "the stalled host's connection still open");
    assert!(whole < CAPTURES as usize, "{whole} captures came whole");
    // The other host is still served.
    assert_served(&mut other, 2);
}

#[test]
fn a_push_larger_than_the_storage_fails_with_no_space_and_the_phone_keeps_serving() {
    let (screen, _) = rig::TestScreen::new(360, 640);
    let phone = rig::start(rig::phone(Box::new(screen)).storage(1024 * 1024));
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.bin");
    std::fs::write(&big, vec![7u8; 3 * 1024 * 1024]).unwrap();
    let out = adb.run(&["-s", &s, "push", big.to_str().unwrap(), "/sdcard/big.bin"]);
    let said =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{said}");
    assert!(said.contains("No space left on device"), "{said}");
    assert!(!adb
        .ok(&["-s", &s, "shell", "ls", "/sdcard"])
        .contains("big.bin"));
    // What fits still goes.
    let small = dir.path().join("small.bin");
    std::fs::write(&small, vec![1u8; 1000]).unwrap();
    adb.ok(&[
        "-s",
        &s,
        "push",
        small.to_str().unwrap(),
        "/sdcard/small.bin",
    ]);
    let back = dir.path().join("back.bin");
    adb.ok(&[
        "-s",
        &s,
        "pull",
        "/sdcard/small.bin",
        back.to_str().unwrap(),
    ]);
    assert_eq!(std::fs::read(&back).unwrap().len(), 1000);
}

#[test]
fn paths_outside_the_phones_file_system_are_refused() {
    let (phone, _) = rig::test_phone();
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("f.txt");
    std::fs::write(&file, "x").unwrap();
    let escape = dir.path().join("escaped.txt");
    let target = format!("/sdcard/../../../..{}", escape.display());
    let out = adb.run(&["-s", &s, "push", file.to_str().unwrap(), &target]);
    assert!(!out.status.success(), "{out:?}");
    assert!(!escape.exists(), "the push reached the host's disk");
    let pulled = dir.path().join("passwd");
    let out = adb.run(&[
        "-s",
        &s,
        "pull",
        "/../../../etc/passwd",
        pulled.to_str().unwrap(),
    ]);
    assert!(!out.status.success(), "{out:?}");
    assert!(!pulled.exists());
    let out = adb.run(&["-s", &s, "shell", "cat", "/sdcard/../../etc/passwd"]);
    assert!(String::from_utf8_lossy(&out.stdout).is_empty(), "{out:?}");
    assert_ne!(out.status.code(), Some(0));
}
