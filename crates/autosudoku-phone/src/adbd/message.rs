//! The ADB message: a 24-byte header of six little-endian u32 (command, arg0, arg1, data_length,
//! data_check, magic) and its payload. Encoding, decoding and validation, as AOSP's protocol.txt
//! and adb.h define them; nothing here knows about streams or services.

use std::io::{self, Read};

/// Lowest protocol version; with it every payload carries a byte-sum checksum.
pub const VERSION_MIN: u32 = 0x0100_0000;
/// From this version the checksum may be 0 (adb.h `A_VERSION_SKIP_CHECKSUM`).
pub const VERSION_SKIP_CHECKSUM: u32 = 0x0100_0001;
/// Largest payload we accept and announce (adb.h `MAX_PAYLOAD`, 1 MiB).
pub const MAX_PAYLOAD: u32 = 1024 * 1024;
/// Largest payload an old peer (`MAX_PAYLOAD_V1`) takes; the floor of the negotiation.
pub const MAX_PAYLOAD_V1: u32 = 4096;

/// The message commands of adb.h (`A_CNXN` ...), as their little-endian ASCII tags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u32)]
pub enum Command {
    Sync = 0x434e_5953,
    Cnxn = 0x4e58_4e43,
    Auth = 0x4854_5541,
    Open = 0x4e45_504f,
    Okay = 0x5941_4b4f,
    Clse = 0x4553_4c43,
    Wrte = 0x4554_5257,
    Stls = 0x534c_5453,
}

impl Command {
    fn from_u32(value: u32) -> Option<Command> {
        [
            Command::Sync,
            Command::Cnxn,
            Command::Auth,
            Command::Open,
            Command::Okay,
            Command::Clse,
            Command::Wrte,
            Command::Stls,
        ]
        .into_iter()
        .find(|c| *c as u32 == value)
    }

    /// The four-letter name, for logs.
    pub fn name(self) -> &'static str {
        match self {
            Command::Sync => "SYNC",
            Command::Cnxn => "CNXN",
            Command::Auth => "AUTH",
            Command::Open => "OPEN",
            Command::Okay => "OKAY",
            Command::Clse => "CLSE",
            Command::Wrte => "WRTE",
            Command::Stls => "STLS",
        }
    }
}

/// Why bytes from the host are not a valid message. Every variant ends the connection.
#[derive(Debug, thiserror::Error)]
pub enum MessageError {
    #[error(
        "unknown command {0:#010x} in a message header: the peer does not speak the ADB protocol"
    )]
    UnknownCommand(u32),
    #[error("bad magic {magic:#010x} for command {command:#010x} (must be command ^ 0xffffffff)")]
    BadMagic { command: u32, magic: u32 },
    #[error("payload of {len} bytes is larger than the {max}-byte maximum this connection allows")]
    TooLong { len: u32, max: u32 },
    #[error("payload checksum {actual:#x} differs from the header's {expected:#x} (protocol version {version:#x} requires it)")]
    Checksum {
        expected: u32,
        actual: u32,
        version: u32,
    },
    #[error("the host closed the connection")]
    Closed,
    #[error("reading a message failed: {0}")]
    Io(#[from] io::Error),
}

/// One decoded message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub command: Command,
    pub arg0: u32,
    pub arg1: u32,
    pub payload: Vec<u8>,
}

/// A validated header, before its payload is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    pub command: Command,
    pub arg0: u32,
    pub arg1: u32,
    pub data_length: u32,
    pub data_check: u32,
}

/// The byte sum adb uses as `data_check` (not a CRC, despite adb_client's field name).
pub fn checksum(data: &[u8]) -> u32 {
    data.iter()
        .fold(0u32, |sum, &b| sum.wrapping_add(u32::from(b)))
}

impl Header {
    /// Decodes and checks a header: known command, matching magic, length within `max_payload`.
    pub fn decode(bytes: &[u8; 24], max_payload: u32) -> Result<Header, MessageError> {
        let word =
            |i: usize| u32::from_le_bytes(bytes[i * 4..i * 4 + 4].try_into().expect("4 bytes"));
        let raw = word(0);
        let command = Command::from_u32(raw).ok_or(MessageError::UnknownCommand(raw))?;
        let magic = word(5);
        if magic != raw ^ 0xffff_ffff {
            return Err(MessageError::BadMagic {
                command: raw,
                magic,
            });
        }
        let data_length = word(3);
        if data_length > max_payload {
            return Err(MessageError::TooLong {
                len: data_length,
                max: max_payload,
            });
        }
        Ok(Header {
            command,
            arg0: word(1),
            arg1: word(2),
            data_length,
            data_check: word(4),
        })
    }
}

impl Message {
    pub fn new(command: Command, arg0: u32, arg1: u32, payload: impl Into<Vec<u8>>) -> Message {
        Message {
            command,
            arg0,
            arg1,
            payload: payload.into(),
        }
    }

    /// The wire bytes. The checksum is always filled in: required below version 0x01000001
    /// (adb_client's direct connection checks it) and harmless above.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(24 + self.payload.len());
        let command = self.command as u32;
        let len = u32::try_from(self.payload.len()).expect("payloads are bounded by MAX_PAYLOAD");
        for word in [
            command,
            self.arg0,
            self.arg1,
            len,
            checksum(&self.payload),
            command ^ 0xffff_ffff,
        ] {
            out.extend_from_slice(&word.to_le_bytes());
        }
        out.extend_from_slice(&self.payload);
        out
    }

    /// Reads one message. `version` is the negotiated protocol version (`None` before CNXN):
    /// below 0x01000001 a wrong checksum is an error, as in adbd's `check_data`.
    pub fn read_from(
        reader: &mut impl Read,
        max_payload: u32,
        version: Option<u32>,
    ) -> Result<Message, MessageError> {
        let mut head = [0u8; 24];
        let mut filled = 0;
        while filled < head.len() {
            match reader.read(&mut head[filled..]) {
                Ok(0) if filled == 0 => return Err(MessageError::Closed),
                Ok(0) => return Err(MessageError::Io(io::ErrorKind::UnexpectedEof.into())),
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
        let header = Header::decode(&head, max_payload)?;
        let mut payload = vec![0u8; header.data_length as usize];
        reader.read_exact(&mut payload)?;
        if let Some(version) = version.filter(|v| *v < VERSION_SKIP_CHECKSUM) {
            let actual = checksum(&payload);
            if actual != header.data_check {
                return Err(MessageError::Checksum {
                    expected: header.data_check,
                    actual,
                    version,
                });
            }
        }
        Ok(Message {
            command: header.command,
            arg0: header.arg0,
            arg1: header.arg1,
            payload,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn encodes_cnxn_as_the_wire_shows_it() {
        let bytes = Message::new(Command::Cnxn, VERSION_MIN, 4096, b"ab".to_vec()).encode();
        assert_eq!(&bytes[0..4], b"CNXN");
        assert_eq!(&bytes[4..8], &VERSION_MIN.to_le_bytes());
        assert_eq!(&bytes[12..16], &2u32.to_le_bytes());
        assert_eq!(
            &bytes[16..20],
            &(u32::from(b'a') + u32::from(b'b')).to_le_bytes()
        );
        assert_eq!(
            &bytes[20..24],
            &(0x4e58_4e43u32 ^ 0xffff_ffff).to_le_bytes()
        );
        assert_eq!(&bytes[24..], b"ab");
    }

    #[test]
    fn round_trips() {
        let msg = Message::new(Command::Wrte, 7, 9, vec![1, 2, 3]);
        let back = Message::read_from(&mut msg.encode().as_slice(), MAX_PAYLOAD, Some(VERSION_MIN))
            .unwrap();
        assert_eq!(back, msg);
    }

    #[test]
    fn rejects_bad_magic_unknown_command_and_oversized_length() {
        let mut bytes = Message::new(Command::Okay, 1, 2, Vec::new()).encode();
        bytes[20] ^= 1;
        assert!(matches!(
            Message::read_from(&mut bytes.as_slice(), MAX_PAYLOAD, None),
            Err(MessageError::BadMagic { .. })
        ));
        let mut bytes = Message::new(Command::Okay, 1, 2, Vec::new()).encode();
        bytes[0..4].copy_from_slice(b"XXXX");
        assert!(matches!(
            Message::read_from(&mut bytes.as_slice(), MAX_PAYLOAD, None),
            Err(MessageError::UnknownCommand(_))
        ));
        let mut bytes = Message::new(Command::Wrte, 1, 2, Vec::new()).encode();
        bytes[12..16].copy_from_slice(&(MAX_PAYLOAD + 1).to_le_bytes());
        assert!(matches!(
            Message::read_from(&mut bytes.as_slice(), MAX_PAYLOAD, None),
            Err(MessageError::TooLong { .. })
        ));
    }

    #[test]
    fn checks_sums_only_below_skip_checksum_version() {
        let mut bytes = Message::new(Command::Wrte, 1, 2, b"xyz".to_vec()).encode();
        bytes[16] ^= 1;
        assert!(matches!(
            Message::read_from(&mut bytes.as_slice(), MAX_PAYLOAD, Some(VERSION_MIN)),
            Err(MessageError::Checksum { .. })
        ));
        assert!(Message::read_from(
            &mut bytes.as_slice(),
            MAX_PAYLOAD,
            Some(VERSION_SKIP_CHECKSUM)
        )
        .is_ok());
    }

    #[test]
    fn truncated_input_is_an_error_not_a_hang() {
        let bytes = Message::new(Command::Wrte, 1, 2, b"payload".to_vec()).encode();
        for cut in [1, 23, 25] {
            assert!(Message::read_from(&mut &bytes[..cut], MAX_PAYLOAD, None).is_err());
        }
        assert!(matches!(
            Message::read_from(&mut &bytes[..0], MAX_PAYLOAD, None),
            Err(MessageError::Closed)
        ));
    }

    proptest! {
        #[test]
        fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200), check in any::<bool>()) {
            let mut input = bytes.as_slice();
            let version = check.then_some(VERSION_MIN);
            // Read until the parser gives up: every outcome is Ok or Err, never a panic or a loop.
            for _ in 0..10 {
                if Message::read_from(&mut input, MAX_PAYLOAD_V1, version).is_err() { break; }
            }
        }

        #[test]
        fn valid_messages_survive_random_framing(payload in proptest::collection::vec(any::<u8>(), 0..300), a in any::<u32>(), b in any::<u32>()) {
            let msg = Message::new(Command::Wrte, a, b, payload);
            let back = Message::read_from(&mut msg.encode().as_slice(), MAX_PAYLOAD, Some(VERSION_MIN)).unwrap();
            prop_assert_eq!(back, msg);
        }
    }
}
