//! Every parser of host bytes in the virtual phone, each behind one entry that takes untrusted
//! bytes: the ADB message codec, the shell's lexer and parser, and a whole host session over a
//! real socket (handshake, OPEN, WRTE, sync requests, whatever the bytes say). The cargo-fuzz
//! targets in `fuzz/` call these, and so do the proptests below on every `scripts/test` run. An
//! entry must return for every input, and after a hostile session the phone must still serve.

use crate::adbd::message::{Command, Message, MAX_PAYLOAD, VERSION_MIN, VERSION_SKIP_CHECKSUM};
use crate::latency::Latency;
use crate::screen::Blank;
use crate::shell::lexer::tokenize;
use crate::{Phone, PhoneHandle};
use std::io::{Cursor, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// Messages as the phone reads them from a host, before and after the handshake.
pub fn host_messages(bytes: &[u8]) {
    for version in [None, Some(VERSION_MIN), Some(VERSION_SKIP_CHECKSUM)] {
        let mut reader = Cursor::new(bytes);
        // Each message takes at least its 24-byte header, so this ends with the bytes.
        while Message::read_from(&mut reader, MAX_PAYLOAD, version).is_ok() {}
    }
}

/// A command line as `adb shell` sends it, through the lexer and the parser.
pub fn shell_line(bytes: &[u8]) {
    if let Ok(tokens) = tokenize(&String::from_utf8_lossy(bytes)) {
        let _ = crate::shell::parse(&tokens);
    }
}

/// A phone for hostile sessions: no latency, 1 MiB of storage.
pub fn target_phone() -> PhoneHandle {
    Phone::builder(Box::new(Blank(64, 96)))
        .latency(Latency::None)
        .storage(1024 * 1024)
        .start(([127, 0, 0, 1], 0).into())
        .expect("a phone on a free loopback port")
}

fn connect(phone: &PhoneHandle) -> TcpStream {
    let socket = TcpStream::connect_timeout(&phone.addr(), Duration::from_secs(2))
        .expect("the phone accepts connections");
    socket
        .set_read_timeout(Some(Duration::from_millis(200)))
        .ok();
    socket.set_write_timeout(Some(Duration::from_secs(2))).ok();
    socket
}

fn cnxn() -> Vec<u8> {
    Message::new(
        Command::Cnxn,
        VERSION_MIN,
        MAX_PAYLOAD,
        b"host::\0".to_vec(),
    )
    .encode()
}

/// One host session on `phone`: CNXN, then `bytes` as they come (with their checksums fixed
/// or not, as the bytes say), reading whatever the phone answers for at most 300 ms. Then
/// checks the phone still serves: a fresh connection gets its CNXN and `shell:echo` works.
pub fn host_session(phone: &PhoneHandle, bytes: &[u8]) {
    let mut socket = connect(phone);
    let _ = socket.write_all(&cnxn());
    let _ = socket.write_all(bytes);
    let deadline = Instant::now() + Duration::from_millis(300);
    let mut sink = [0u8; 4096];
    while Instant::now() < deadline {
        match socket.read(&mut sink) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(_) => break,
        }
    }
    drop(socket);
    assert_eq!(still_serves(phone), "ok\n", "the phone stopped serving");
}

/// What `shell:echo ok` prints on a fresh connection.
pub fn still_serves(phone: &PhoneHandle) -> String {
    let mut socket = connect(phone);
    socket.set_read_timeout(Some(Duration::from_secs(5))).ok();
    socket.write_all(&cnxn()).expect("write CNXN");
    let read = |s: &mut TcpStream| Message::read_from(s, MAX_PAYLOAD, Some(VERSION_MIN));
    let reply = read(&mut socket).expect("CNXN reply");
    assert_eq!(reply.command, Command::Cnxn);
    let open = Message::new(Command::Open, 1, 0, b"shell:echo ok\0".to_vec());
    socket.write_all(&open.encode()).expect("write OPEN");
    let mut out = Vec::new();
    while let Ok(m) = read(&mut socket) {
        match m.command {
            Command::Wrte => {
                out.extend_from_slice(&m.payload);
                let okay = Message::new(Command::Okay, 1, m.arg0, Vec::new());
                let _ = socket.write_all(&okay.encode());
            }
            Command::Clse => break,
            _ => {}
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn msg(command: Command, arg0: u32, arg1: u32, payload: &[u8]) -> Vec<u8> {
        Message::new(command, arg0, arg1, payload.to_vec()).encode()
    }

    /// A plausible session: streams opened, written to, acknowledged, closed; a sync push.
    fn session() -> Vec<u8> {
        let mut v = Vec::new();
        v.extend(msg(Command::Open, 1, 0, b"shell:echo hi; cat /sdcard/x\0"));
        v.extend(msg(Command::Open, 2, 0, b"sync:\0"));
        let mut push = b"SEND\x12\0\0\0/sdcard/x,33188".to_vec();
        push.extend(b"DATA\x03\0\0\0abcDONE\0\0\0\0");
        v.extend(msg(Command::Wrte, 2, 2, &push));
        v.extend(msg(Command::Okay, 1, 1, b""));
        v.extend(msg(Command::Open, 3, 0, b"shell:\0"));
        v.extend(msg(Command::Wrte, 3, 3, b"ls /sdcard\n"));
        v.extend(msg(Command::Clse, 1, 1, b""));
        v
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn random_and_truncated_messages_never_panic(
            bytes in proptest::collection::vec(any::<u8>(), 0..2048),
            cut in 0.0f64..1.0,
        ) {
            host_messages(&bytes);
            let s = session();
            host_messages(&s[..(s.len() as f64 * cut) as usize]);
        }

        #[test]
        fn shell_lines_never_panic(line in ".{0,200}", bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            shell_line(line.as_bytes());
            shell_line(&bytes);
        }
    }

    proptest! {
        // Each case is a real socket session (up to 300 ms): few cases, one phone.
        #![proptest_config(ProptestConfig::with_cases(12))]

        #[test]
        fn hostile_sessions_leave_the_phone_serving(
            garbage in proptest::collection::vec(any::<u8>(), 0..512),
            cut in 0.0f64..1.0,
            flip in any::<usize>(),
        ) {
            static PHONE: std::sync::OnceLock<PhoneHandle> = std::sync::OnceLock::new();
            let phone = PHONE.get_or_init(target_phone);
            host_session(phone, &garbage);
            let mut s = session();
            s.truncate((s.len() as f64 * cut) as usize);
            if !s.is_empty() {
                let i = flip % s.len();
                s[i] ^= 0x20;
            }
            host_session(phone, &s);
        }
    }
}
