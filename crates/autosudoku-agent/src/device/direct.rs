//! Direct TCP to a phone's adbd, without a server (`--direct HOST:PORT`): the 24-byte message
//! protocol (CNXN, OPEN, OKAY, WRTE, CLSE; AOSP protocol.txt), one TCP connection per stream so no
//! demultiplexing is needed. Every read and write has a timeout.

use super::auth::HostKey;
use super::Stream;
use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::Duration;

const CNXN: u32 = 0x4e58_4e43;
const AUTH: u32 = 0x4854_5541;
const OPEN: u32 = 0x4e45_504f;
const OKAY: u32 = 0x5941_4b4f;
const CLSE: u32 = 0x4553_4c43;
const WRTE: u32 = 0x4554_5257;
const STLS: u32 = 0x534c_5453;
/// AUTH arg0 values (adb.h).
const AUTH_SIGNATURE: u32 = 2;
const AUTH_RSAPUBLICKEY: u32 = 3;
/// Version with optional checksums; we still send correct sums for older devices.
const VERSION: u32 = 0x0100_0001;
const OUR_MAX_PAYLOAD: u32 = 256 * 1024;
/// Anything larger than this in a header is corruption, not data.
const MAX_ACCEPTED_PAYLOAD: u32 = 1024 * 1024;
const LOCAL_ID: u32 = 1;

#[derive(Debug, Clone)]
pub struct DirectLink {
    pub addr: SocketAddr,
    pub connect_timeout: Duration,
    pub io_timeout: Duration,
    /// The host key for devices that ask for AUTH (every real phone in tcpip mode).
    pub key: Option<Arc<HostKey>>,
}

/// Why a direct stream could not be opened.
#[derive(Debug)]
pub enum OpenError {
    Io(io::Error),
    /// The device wants what direct mode does not do (TLS), or closed the service.
    Refused(String),
    /// The device did not accept our key (the user has not allowed this computer).
    Unauthorized(String),
}

impl From<io::Error> for OpenError {
    fn from(e: io::Error) -> Self {
        OpenError::Io(e)
    }
}

impl DirectLink {
    /// Connects, handshakes and returns the device banner (`device::ro.product.model=...;`).
    fn handshake(&self) -> Result<(TcpStream, u32, String), OpenError> {
        let mut sock = TcpStream::connect_timeout(&self.addr, self.connect_timeout)?;
        sock.set_nodelay(true)?;
        sock.set_read_timeout(Some(self.io_timeout))?;
        sock.set_write_timeout(Some(self.io_timeout))?;
        let (max, banner) = self.greet(&mut sock)?;
        Ok((sock, max, banner))
    }

    /// CNXN (and AUTH if asked) on a connected socket; returns the device's max payload and
    /// banner. Generic over the socket so the fuzz targets can play a hostile phone.
    pub fn greet(&self, sock: &mut (impl Read + Write)) -> Result<(u32, String), OpenError> {
        write_message(sock, CNXN, VERSION, OUR_MAX_PAYLOAD, b"host::\0")?;
        let m = read_message(sock)?;
        match m.command {
            CNXN => {
                let max = m.arg1.clamp(256, OUR_MAX_PAYLOAD);
                Ok((max, String::from_utf8_lossy(&m.payload).into_owned()))
            }
            AUTH => {
                let (max, banner) = self.authenticate(sock, &m.payload)?;
                Ok((max.clamp(256, OUR_MAX_PAYLOAD), banner))
            }
            STLS => Err(OpenError::Refused(
                "the device asks for TLS (wireless debugging); pair and connect with `adb pair`/`adb connect`, then use -s".into(),
            )),
            other => Err(OpenError::Io(bad_data(format!("expected CNXN, got {}", name(other))))),
        }
    }

    /// Answers AUTH like adb: the token signed with our key; if the device does not know the key,
    /// our public key, which makes it ask the user. Returns the device's max payload and banner.
    fn authenticate(
        &self,
        sock: &mut (impl Read + Write),
        token: &[u8],
    ) -> Result<(u32, String), OpenError> {
        let key = self.key.as_deref().ok_or_else(|| {
            OpenError::Unauthorized("it asks for RSA authorization and no adb key was found (~/.android/adbkey; any adb command creates one)".into())
        })?;
        let signature = key.sign(token).ok_or_else(|| {
            OpenError::Unauthorized(format!("{} cannot sign the AUTH token", key.path.display()))
        })?;
        write_message(sock, AUTH, AUTH_SIGNATURE, 0, &signature)?;
        let mut m = read_message(sock)?;
        if m.command == AUTH {
            let public = key.public_payload().ok_or_else(|| {
                OpenError::Unauthorized(format!(
                    "it does not know the key {} and there is no .pub file to offer",
                    key.path.display()
                ))
            })?;
            write_message(sock, AUTH, AUTH_RSAPUBLICKEY, 0, &public)?;
            // Now the phone shows "Allow USB debugging?": wait as long as for any answer.
            m = read_message(sock).map_err(|e| match e.kind() {
                std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock => {
                    OpenError::Unauthorized(format!(
                        "nobody allowed the key {} on the phone within {} s",
                        key.path.display(),
                        self.io_timeout.as_secs()
                    ))
                }
                _ => OpenError::Io(e),
            })?;
        }
        match m.command {
            CNXN => Ok((m.arg1, String::from_utf8_lossy(&m.payload).into_owned())),
            other => Err(OpenError::Io(bad_data(format!(
                "expected CNXN after AUTH, got {}",
                name(other)
            )))),
        }
    }

    /// The device banner, for `devices` in direct mode.
    pub fn banner(&self) -> Result<String, OpenError> {
        let (sock, _, banner) = self.handshake()?;
        let _ = sock.shutdown(Shutdown::Both);
        Ok(banner)
    }

    pub fn open(&self, service: &str) -> Result<DirectStream, OpenError> {
        let (mut sock, max_payload, _) = self.handshake()?;
        let mut dest = service.as_bytes().to_vec();
        dest.push(0);
        write_message(&mut sock, OPEN, LOCAL_ID, 0, &dest)?;
        let m = read_message(&mut sock)?;
        match m.command {
            OKAY if m.arg1 == LOCAL_ID => Ok(DirectStream {
                sock,
                remote_id: m.arg0,
                max_payload: max_payload as usize,
                buf: Vec::new(),
                pos: 0,
                closed: false,
            }),
            CLSE => Err(OpenError::Refused(format!(
                "the device closed service {service:?} at once (not available?)"
            ))),
            other => Err(OpenError::Io(bad_data(format!(
                "expected OKAY for OPEN, got {}",
                name(other)
            )))),
        }
    }
}

pub struct Message {
    pub command: u32,
    pub arg0: u32,
    pub arg1: u32,
    pub payload: Vec<u8>,
}

fn write_message(
    sock: &mut impl Write,
    command: u32,
    arg0: u32,
    arg1: u32,
    payload: &[u8],
) -> io::Result<()> {
    let sum: u32 = payload.iter().map(|&b| u32::from(b)).sum();
    let mut m = Vec::with_capacity(24 + payload.len());
    for word in [
        command,
        arg0,
        arg1,
        payload.len() as u32,
        sum,
        command ^ 0xffff_ffff,
    ] {
        m.extend_from_slice(&word.to_le_bytes());
    }
    m.extend_from_slice(payload);
    sock.write_all(&m)
}

/// One message from the device, checked (magic, length limit, checksum) before it is believed.
pub fn read_message(sock: &mut impl Read) -> io::Result<Message> {
    let mut h = [0u8; 24];
    sock.read_exact(&mut h)?;
    let w = |i: usize| u32::from_le_bytes([h[4 * i], h[4 * i + 1], h[4 * i + 2], h[4 * i + 3]]);
    let (command, arg0, arg1, len, sum, magic) = (w(0), w(1), w(2), w(3), w(4), w(5));
    if magic != command ^ 0xffff_ffff {
        return Err(bad_data(format!(
            "bad message magic {magic:#x} for command {command:#x}"
        )));
    }
    if len > MAX_ACCEPTED_PAYLOAD {
        return Err(bad_data(format!(
            "message payload of {len} bytes is over the 1 MiB limit"
        )));
    }
    let mut payload = vec![0u8; len as usize];
    sock.read_exact(&mut payload)?;
    if sum != 0 && sum != payload.iter().map(|&b| u32::from(b)).sum::<u32>() {
        return Err(bad_data(format!(
            "checksum mismatch in a {} message",
            name(command)
        )));
    }
    Ok(Message {
        command,
        arg0,
        arg1,
        payload,
    })
}

fn bad_data(msg: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, msg)
}

fn name(command: u32) -> String {
    String::from_utf8_lossy(&command.to_le_bytes()).into_owned()
}

/// One open service on its own connection. Reads acknowledge each WRTE; writes wait for the
/// device's OKAY (stop-and-wait), keeping any data that arrives meanwhile.
#[derive(Debug)]
pub struct DirectStream {
    sock: TcpStream,
    remote_id: u32,
    max_payload: usize,
    buf: Vec<u8>,
    pos: usize,
    closed: bool,
}

impl DirectStream {
    /// Handles one incoming message; returns whether it was the OKAY for our last write.
    fn pump(&mut self) -> io::Result<bool> {
        let m = read_message(&mut self.sock)?;
        match m.command {
            WRTE => {
                if self.pos == self.buf.len() {
                    self.buf.clear();
                    self.pos = 0;
                }
                self.buf.extend_from_slice(&m.payload);
                write_message(&mut self.sock, OKAY, LOCAL_ID, self.remote_id, &[])?;
                Ok(false)
            }
            OKAY => Ok(true),
            CLSE => {
                if !self.closed {
                    self.closed = true;
                    let _ = write_message(&mut self.sock, CLSE, LOCAL_ID, self.remote_id, &[]);
                }
                Ok(false)
            }
            other => Err(bad_data(format!(
                "unexpected {} on an open stream",
                name(other)
            ))),
        }
    }
}

/// Messages without data (stray OKAYs, empty WRTEs) one read tolerates: a device that sends only
/// those would otherwise keep a read busy forever, each one resetting the socket timeout.
const MAX_EMPTY_MESSAGES: usize = 64;

impl Read for DirectStream {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let mut empty = 0;
        while self.pos == self.buf.len() && !self.closed {
            self.pump()?;
            empty += 1;
            if empty > MAX_EMPTY_MESSAGES && self.pos == self.buf.len() {
                return Err(bad_data(format!(
                    "the device sent {empty} messages without data on an open stream"
                )));
            }
        }
        let n = out.len().min(self.buf.len() - self.pos);
        out[..n].copy_from_slice(&self.buf[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

impl Write for DirectStream {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        if self.closed {
            return Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "the device closed the stream",
            ));
        }
        let n = data.len().min(self.max_payload);
        write_message(&mut self.sock, WRTE, LOCAL_ID, self.remote_id, &data[..n])?;
        while !self.pump()? {
            if self.closed {
                return Err(io::Error::new(
                    io::ErrorKind::BrokenPipe,
                    "the device closed the stream",
                ));
            }
        }
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Stream for DirectStream {
    fn set_timeout(&mut self, timeout: Duration) -> io::Result<()> {
        self.sock.set_read_timeout(Some(timeout))?;
        self.sock.set_write_timeout(Some(timeout))
    }

    fn close(&mut self) {
        if !self.closed {
            self.closed = true;
            let _ = write_message(&mut self.sock, CLSE, LOCAL_ID, self.remote_id, &[]);
        }
        let _ = self.sock.shutdown(Shutdown::Both);
    }
}

impl Drop for DirectStream {
    fn drop(&mut self) {
        self.close();
    }
}
