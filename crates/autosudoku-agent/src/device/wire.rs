//! The adb server's client protocol ("smart socket"): a 4-hex-digit length then `host:...`, answered
//! by `OKAY` or `FAIL` + length + reason; `host:transport:SERIAL` then a service turns the socket
//! into a raw device stream. Every socket gets connect, read and write timeouts.

use super::Stream;
use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddrV4, TcpStream};
use std::time::Duration;

/// What went wrong with one request to the server.
#[derive(Debug)]
pub enum RequestError {
    /// The socket failed (refused, reset, timed out).
    Io(io::Error),
    /// The server answered `FAIL` with this reason.
    Fail(String),
}

impl From<io::Error> for RequestError {
    fn from(e: io::Error) -> Self {
        RequestError::Io(e)
    }
}

/// Longest body we accept from the server (4 hex digits cannot say more anyway).
const MAX_BODY: usize = 0xffff;

#[derive(Debug, Clone, Copy)]
pub struct ServerLink {
    pub addr: SocketAddrV4,
    pub connect_timeout: Duration,
    pub io_timeout: Duration,
}

impl ServerLink {
    fn connect(&self) -> io::Result<TcpStream> {
        let s = TcpStream::connect_timeout(&self.addr.into(), self.connect_timeout)?;
        s.set_nodelay(true)?;
        s.set_read_timeout(Some(self.io_timeout))?;
        s.set_write_timeout(Some(self.io_timeout))?;
        Ok(s)
    }

    /// A host request that answers with a length-prefixed text (`host:devices-l`, `host:connect:..`).
    pub fn query(&self, request: &str) -> Result<String, RequestError> {
        query_on(&mut self.connect()?, request)
    }

    /// A device stream: `host:transport:SERIAL`, then `service`.
    pub fn open(&self, serial: &str, service: &str) -> Result<ServerStream, RequestError> {
        let mut s = self.connect()?;
        send(&mut s, &format!("host:transport:{serial}"))?;
        send(&mut s, service)?;
        Ok(ServerStream(s))
    }
}

/// One host request and its length-prefixed answer on an open connection (any byte source: the
/// fuzz targets feed a hostile server's bytes here).
pub fn query_on(s: &mut (impl Read + Write), request: &str) -> Result<String, RequestError> {
    send(s, request)?;
    read_body(s)
}

/// Writes one request and reads `OKAY`, or the `FAIL` reason.
fn send(s: &mut (impl Read + Write), request: &str) -> Result<(), RequestError> {
    s.write_all(format!("{:04x}{request}", request.len()).as_bytes())?;
    let mut status = [0u8; 4];
    s.read_exact(&mut status)?;
    match &status {
        b"OKAY" => Ok(()),
        b"FAIL" => Err(RequestError::Fail(read_body(s)?)),
        other => Err(RequestError::Io(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "adb server answered {:?} instead of OKAY/FAIL",
                String::from_utf8_lossy(other)
            ),
        ))),
    }
}

fn read_body(s: &mut impl Read) -> Result<String, RequestError> {
    let mut len = [0u8; 4];
    s.read_exact(&mut len)?;
    let len = std::str::from_utf8(&len)
        .ok()
        .and_then(|h| usize::from_str_radix(h, 16).ok())
        .filter(|&l| l <= MAX_BODY)
        .ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidData, "adb server sent a bad length")
        })?;
    let mut body = vec![0u8; len];
    s.read_exact(&mut body)?;
    Ok(String::from_utf8_lossy(&body).into_owned())
}

/// A device stream through the server: after the handshake it is the service's raw bytes.
#[derive(Debug)]
pub struct ServerStream(TcpStream);

impl Read for ServerStream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf)
    }
}

impl Write for ServerStream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

impl Stream for ServerStream {
    fn set_timeout(&mut self, timeout: Duration) -> io::Result<()> {
        self.0.set_read_timeout(Some(timeout))?;
        self.0.set_write_timeout(Some(timeout))
    }

    fn close(&mut self) {
        let _ = self.0.shutdown(Shutdown::Both);
    }
}
