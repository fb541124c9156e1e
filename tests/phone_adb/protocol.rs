//! The phone's transport spoken to directly over a socket: handshake, many streams at once,
//! `framebuffer:`, and malformed input that must close a stream or the connection, never panic
//! or hang (a fresh connection still works afterwards).

use autosudoku_phone::adbd::message::{Command, Message, MAX_PAYLOAD, VERSION_MIN};
use autosudoku_phone::PhoneHandle;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// A bare-bones host: one socket, messages in and out, 5 s read timeout.
pub struct Host {
    socket: TcpStream,
}

impl Host {
    pub fn connect(phone: &PhoneHandle) -> Host {
        Host::over(TcpStream::connect(phone.addr()).unwrap())
    }

    /// A host on a socket already connected to the phone: the handshake, then messages.
    pub fn over(socket: TcpStream) -> Host {
        socket
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        let mut host = Host { socket };
        host.send(&Message::new(
            Command::Cnxn,
            VERSION_MIN,
            MAX_PAYLOAD,
            b"host::features=shell_v2\0".to_vec(),
        ));
        let reply = host.recv().expect("CNXN reply");
        assert_eq!(reply.command, Command::Cnxn);
        let banner = String::from_utf8(reply.payload).unwrap();
        assert!(
            banner.starts_with("device::ro.product.name=") && banner.contains(";features=shell_v2"),
            "{banner}"
        );
        assert!(!banner.contains("delayed_ack"));
        host
    }

    pub fn send(&mut self, msg: &Message) {
        self.socket.write_all(&msg.encode()).unwrap();
    }

    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.socket.write_all(bytes).unwrap();
    }

    /// The next message; checks the byte-sum, as adb_client does at version 0x01000000.
    pub fn recv(&mut self) -> Option<Message> {
        Message::read_from(&mut self.socket, MAX_PAYLOAD, Some(VERSION_MIN)).ok()
    }

    /// Whether the phone closed the connection (EOF, not a timeout).
    pub fn closed(&mut self) -> bool {
        let mut byte = [0u8; 1];
        matches!(self.socket.read(&mut byte), Ok(0))
            || matches!(self.socket.read(&mut byte), Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset)
    }

    /// Opens `service` as stream `id`; returns the phone's id, or None if refused.
    pub fn open(&mut self, id: u32, service: &str) -> Option<u32> {
        self.send(&Message::new(
            Command::Open,
            id,
            0,
            format!("{service}\0").into_bytes(),
        ));
        let reply = self.recv().expect("answer to OPEN");
        match reply.command {
            Command::Okay => {
                assert_eq!(reply.arg1, id);
                Some(reply.arg0)
            }
            Command::Clse => {
                assert_eq!((reply.arg0, reply.arg1), (0, id));
                None
            }
            other => panic!("unexpected {other:?}"),
        }
    }
}

/// Reads until `local`'s stream closes, acknowledging each WRTE; returns the bytes per stream id.
pub fn collect(host: &mut Host, streams: &[(u32, u32)]) -> Vec<(u32, Vec<u8>)> {
    let mut open: Vec<u32> = streams.iter().map(|s| s.0).collect();
    let mut got = Vec::new();
    while !open.is_empty() {
        let msg = host.recv().expect("stream data before timeout");
        match msg.command {
            Command::Wrte => {
                host.send(&Message::new(Command::Okay, msg.arg1, msg.arg0, Vec::new()));
                got.push((msg.arg1, msg.payload));
            }
            Command::Clse => open.retain(|id| *id != msg.arg1),
            _ => {}
        }
    }
    got
}

#[test]
fn many_streams_run_at_once_on_one_connection() {
    let (phone, _) = crate::rig::test_phone();
    let mut host = Host::connect(&phone);
    let slow = host.open(1, "shell:sleep 0.3; echo slow").unwrap();
    let fast = host.open(2, "exec:echo fast").unwrap();
    let got = collect(&mut host, &[(1, slow), (2, fast)]);
    assert_eq!(got, [(2, b"fast\n".to_vec()), (1, b"slow\n".to_vec())]);
}

#[test]
fn framebuffer_sends_a_v2_header_and_rgba_pixels() {
    let (phone, _) = crate::rig::test_phone();
    let mut host = Host::connect(&phone);
    let fb = host.open(1, "framebuffer:").unwrap();
    let bytes: Vec<u8> = collect(&mut host, &[(1, fb)])
        .into_iter()
        .flat_map(|(_, b)| b)
        .collect();
    let word = |i: usize| u32::from_le_bytes(bytes[i * 4..i * 4 + 4].try_into().unwrap());
    let header: Vec<u32> = (0..14).map(word).collect();
    assert_eq!(
        header,
        [2, 32, 0, 360 * 640 * 4, 360, 640, 0, 8, 16, 8, 8, 8, 24, 8]
    );
    assert_eq!(bytes.len(), 56 + 360 * 640 * 4);
    let px = 56 + (10 * 360 + 20) * 4;
    assert_eq!(bytes[px..px + 4], crate::rig::pattern(20, 10));
}

/// Android 8.0's screencap writes width, height and format; 8.1 added the colour space, and adbd's
/// `framebuffer:` header went from version 1 to 2 with it (framebuffer_service.cpp at
/// android-8.0.0_r1 and android-8.1.0_r1).
#[test]
fn android_8_0_writes_the_12_byte_screencap_header_and_a_version_1_framebuffer() {
    use autosudoku_phone::android::AndroidVersion;
    for (android, screencap_header, fb_words) in
        [(AndroidVersion::V8, 12, 13), (AndroidVersion::V9, 16, 14)]
    {
        let (screen, _) = crate::rig::TestScreen::new(36, 64);
        let phone = crate::rig::start(crate::rig::phone(Box::new(screen)).android(android));
        let mut host = Host::connect(&phone);
        // One stream at a time: a second OPEN's answer could come after the first's data.
        let mut bytes = |id, service| -> Vec<u8> {
            let remote = host.open(id, service).unwrap();
            let got = collect(&mut host, &[(id, remote)]);
            got.into_iter().flat_map(|(_, b)| b).collect()
        };
        let (cap, fb) = (bytes(1, "exec:screencap"), bytes(2, "framebuffer:"));
        assert_eq!(cap.len(), screencap_header + 36 * 64 * 4, "{android}");
        assert_eq!(
            cap[..12],
            [36, 0, 0, 0, 64, 0, 0, 0, 1, 0, 0, 0],
            "{android}"
        );
        assert_eq!(fb.len(), fb_words * 4 + 36 * 64 * 4, "{android}");
        assert_eq!(
            u32::from_le_bytes(fb[..4].try_into().unwrap()),
            fb_words as u32 - 12
        );
    }
}

#[test]
fn unknown_services_are_refused_and_the_connection_lives_on() {
    let (phone, _) = crate::rig::test_phone();
    let mut host = Host::connect(&phone);
    assert_eq!(host.open(1, "reboot:"), None);
    assert_eq!(host.open(2, "nonsense"), None);
    assert_eq!(host.open(3, "tcp:1080"), None, "nothing listens on 1080");
    let id = host.open(4, "exec:echo still here").unwrap();
    assert_eq!(
        collect(&mut host, &[(4, id)]),
        [(4, b"still here\n".to_vec())]
    );
}

#[test]
fn wrte_to_a_stream_that_is_not_open_is_answered_with_clse() {
    let (phone, _) = crate::rig::test_phone();
    let mut host = Host::connect(&phone);
    host.send(&Message::new(Command::Wrte, 9, 77, b"hello".to_vec()));
    let reply = host.recv().expect("CLSE");
    assert_eq!(
        (reply.command, reply.arg0, reply.arg1),
        (Command::Clse, 0, 9)
    );
    // OKAY and CLSE for unknown streams are ignored; the connection still serves.
    host.send(&Message::new(Command::Okay, 9, 77, Vec::new()));
    host.send(&Message::new(Command::Clse, 9, 77, Vec::new()));
    let id = host.open(5, "exec:echo ok").unwrap();
    assert_eq!(collect(&mut host, &[(5, id)]), [(5, b"ok\n".to_vec())]);
}

fn assert_connection_closed_by(bad: impl FnOnce(&mut Host)) {
    let (phone, _) = crate::rig::test_phone();
    let mut host = Host::connect(&phone);
    bad(&mut host);
    assert!(
        host.closed(),
        "the phone must close a connection that broke the protocol"
    );
    // The phone itself is fine.
    let mut again = Host::connect(&phone);
    let id = again.open(1, "exec:echo alive").unwrap();
    assert_eq!(collect(&mut again, &[(1, id)]), [(1, b"alive\n".to_vec())]);
}

#[test]
fn bad_magic_closes_the_connection() {
    assert_connection_closed_by(|host| {
        let mut bytes = Message::new(Command::Okay, 1, 1, Vec::new()).encode();
        bytes[20] ^= 0xff;
        host.send_raw(&bytes);
    });
}

#[test]
fn unknown_command_closes_the_connection() {
    assert_connection_closed_by(|host| {
        let mut bytes = Message::new(Command::Okay, 1, 1, Vec::new()).encode();
        bytes[0..4].copy_from_slice(b"JUNK");
        let magic = u32::from_le_bytes(*b"JUNK") ^ 0xffff_ffff;
        bytes[20..24].copy_from_slice(&magic.to_le_bytes());
        host.send_raw(&bytes);
    });
}

#[test]
fn oversized_length_closes_the_connection_without_waiting_for_the_payload() {
    assert_connection_closed_by(|host| {
        let mut bytes = Message::new(Command::Wrte, 1, 1, Vec::new()).encode();
        bytes[12..16].copy_from_slice(&(64u32 << 20).to_le_bytes());
        host.send_raw(&bytes);
    });
}

#[test]
fn a_wrong_checksum_at_version_0x01000000_closes_the_connection() {
    assert_connection_closed_by(|host| {
        let mut bytes = Message::new(Command::Open, 1, 0, b"shell:echo\0".to_vec()).encode();
        bytes[16] ^= 1;
        host.send_raw(&bytes);
    });
}

#[test]
fn garbage_before_the_handshake_closes_the_connection() {
    let (phone, _) = crate::rig::test_phone();
    let mut socket = TcpStream::connect(phone.addr()).unwrap();
    socket
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    socket
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let mut buf = Vec::new();
    assert!(socket.read_to_end(&mut buf).is_ok() && buf.is_empty());
    let mut host = Host::connect(&phone);
    assert!(host.open(1, "exec:true").is_some());
}
