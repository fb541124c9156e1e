//! One ADB stream seen from a service thread: reading the host's WRTE payloads (each answered by
//! OKAY once taken, which is the stop-and-wait flow control of protocol.txt) and writing ours in
//! WRTE chunks no larger than the host's max payload, waiting for the host's OKAY after each.

use super::message::{Command, Message};
use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The sending half of one TCP connection, shared by the reader and every stream of it.
#[derive(Debug)]
pub struct Outbox {
    socket: Mutex<TcpStream>,
    dead: AtomicBool,
}

impl Outbox {
    pub fn new(socket: TcpStream) -> Outbox {
        Outbox {
            socket: Mutex::new(socket),
            dead: AtomicBool::new(false),
        }
    }

    /// Sends one whole message (header and payload in one write, so streams never interleave bytes).
    pub fn send(&self, message: &Message) -> io::Result<()> {
        if self.dead.load(Ordering::SeqCst) {
            return Err(io::ErrorKind::NotConnected.into());
        }
        let bytes = message.encode();
        let mut socket = self.socket.lock().unwrap_or_else(|p| p.into_inner());
        let sent = socket.write_all(&bytes);
        if sent.is_err() {
            // A half-written message (a host that stopped reading: the write timed out) leaves
            // the byte stream unusable: end the connection, which wakes its reader to clean up.
            self.dead.store(true, Ordering::SeqCst);
            let _ = socket.shutdown(Shutdown::Both);
        }
        sent
    }

    /// Ends the connection in both directions; the reader thread then cleans up every stream.
    pub fn shutdown(&self) {
        self.dead.store(true, Ordering::SeqCst);
        let socket = self.socket.lock().unwrap_or_else(|p| p.into_inner());
        let _ = socket.shutdown(Shutdown::Both);
    }
}

/// Set when the host closed a stream (CLSE) or the whole connection; long commands poll it.
#[derive(Debug, Clone, Default)]
pub struct Hangup(Arc<AtomicBool>);

impl Hangup {
    pub fn raise(&self) {
        self.0.store(true, Ordering::SeqCst);
    }
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
    /// Sleeps for `total` unless hung up earlier; returns false if it was.
    pub fn sleep(&self, total: Duration) -> bool {
        let step = Duration::from_millis(20);
        let mut left = total;
        while !left.is_zero() {
            if self.is_raised() {
                return false;
            }
            let now = left.min(step);
            std::thread::sleep(now);
            left -= now;
        }
        !self.is_raised()
    }
}

/// What the connection reader keeps per open stream, to route the host's messages to it.
#[derive(Debug)]
pub struct Route {
    pub remote_id: u32,
    pub data: Sender<Vec<u8>>,
    pub acks: Sender<()>,
    pub hangup: Hangup,
}

/// The open streams of one connection, by our (local) id.
pub type Routes = Arc<Mutex<HashMap<u32, Route>>>;

/// The service side of one stream.
#[derive(Debug)]
pub struct StreamIo {
    local_id: u32,
    remote_id: u32,
    max_payload: usize,
    outbox: Arc<Outbox>,
    routes: Routes,
    data: Receiver<Vec<u8>>,
    acks: Receiver<()>,
    hangup: Hangup,
    pending: Vec<u8>,
    pending_at: usize,
    awaiting_ack: bool,
}

/// The host closed the stream or the connection.
#[derive(Debug, thiserror::Error)]
#[error("the host closed the stream")]
pub struct StreamClosed;

impl From<StreamClosed> for io::Error {
    fn from(_: StreamClosed) -> io::Error {
        io::ErrorKind::BrokenPipe.into()
    }
}

impl StreamIo {
    /// Opens stream `local_id` for the host's `remote_id`: registers its route in `routes` so the
    /// connection reader can hand it the host's data, acks and hangup.
    pub fn open(
        local_id: u32,
        remote_id: u32,
        max_payload: usize,
        outbox: Arc<Outbox>,
        routes: Routes,
    ) -> StreamIo {
        let (data_tx, data) = mpsc::channel();
        let (ack_tx, acks) = mpsc::channel();
        let hangup = Hangup::default();
        routes.lock().unwrap_or_else(|p| p.into_inner()).insert(
            local_id,
            Route {
                remote_id,
                data: data_tx,
                acks: ack_tx,
                hangup: hangup.clone(),
            },
        );
        StreamIo {
            local_id,
            remote_id,
            max_payload,
            outbox,
            routes,
            data,
            acks,
            hangup,
            pending: Vec::new(),
            pending_at: 0,
            awaiting_ack: false,
        }
    }

    pub fn hangup(&self) -> &Hangup {
        &self.hangup
    }

    /// The connection this stream rides on (the close-after fault ends it).
    pub fn outbox(&self) -> &Arc<Outbox> {
        &self.outbox
    }

    /// The next WRTE payload from the host, acknowledged; `None` once the host closed the stream.
    pub fn read_packet(&mut self) -> Option<Vec<u8>> {
        let data = self.data.recv().ok()?;
        self.outbox
            .send(&Message::new(
                Command::Okay,
                self.local_id,
                self.remote_id,
                Vec::new(),
            ))
            .ok()?;
        Some(data)
    }

    /// Sends `data` as WRTE messages. Stop-and-wait: each WRTE goes out only after the host
    /// acknowledged the previous one; the last one is not waited for, as adbd does, because some
    /// hosts (adb_client's sync) never acknowledge a final reply before sending their next request.
    pub fn write_all(&mut self, data: &[u8]) -> Result<(), StreamClosed> {
        for chunk in data.chunks(self.max_payload.max(1)) {
            if self.awaiting_ack {
                self.acks.recv().map_err(|_| StreamClosed)?;
            }
            self.outbox
                .send(&Message::new(
                    Command::Wrte,
                    self.local_id,
                    self.remote_id,
                    chunk.to_vec(),
                ))
                .map_err(|_| StreamClosed)?;
            self.awaiting_ack = true;
        }
        Ok(())
    }

    /// Ends the stream from our side: CLSE unless the host closed it first.
    pub fn close(self) {
        let ours = self
            .routes
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&self.local_id);
        if ours.is_some() && !self.hangup.is_raised() {
            let _ = self.outbox.send(&Message::new(
                Command::Clse,
                self.local_id,
                self.remote_id,
                Vec::new(),
            ));
        }
    }
}

impl Read for StreamIo {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending_at >= self.pending.len() {
            match self.read_packet() {
                Some(data) => {
                    self.pending = data;
                    self.pending_at = 0;
                }
                None => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len() - self.pending_at);
        buf[..n].copy_from_slice(&self.pending[self.pending_at..self.pending_at + n]);
        self.pending_at += n;
        Ok(n)
    }
}
