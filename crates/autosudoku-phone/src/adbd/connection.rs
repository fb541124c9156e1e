//! One host connection, device side: the CNXN handshake (version and max-payload negotiation,
//! optional RSA AUTH), then routing OPEN/OKAY/WRTE/CLSE to the streams, one service thread per
//! stream (AOSP protocol.txt, adb.cpp `handle_packet`). Any protocol violation is logged and ends
//! this connection only; the phone keeps accepting others.

use super::auth::{self, AuthKeys};
use super::message::{Command, Message, MessageError, MAX_PAYLOAD, VERSION_SKIP_CHECKSUM};
use super::stream::{Outbox, Routes, StreamIo};
use crate::device::Device;
use crate::services;
use std::io::BufReader;
use std::net::TcpStream;
use std::sync::Arc;

/// Our protocol version (adb.h `A_VERSION`): checksums may be skipped by peers that also allow it.
const VERSION: u32 = VERSION_SKIP_CHECKSUM;
/// AUTH message types (adb.h `ADB_AUTH_*`).
const AUTH_TOKEN: u32 = 1;
const AUTH_SIGNATURE: u32 = 2;
const AUTH_RSAPUBLICKEY: u32 = 3;
/// adbd gives up on a host after this many failed signatures.
const MAX_AUTH_ATTEMPTS: usize = 64;
/// Streams one connection may hold open at once; each is a thread. A host opening more gets
/// CLSE for the extra ones (adb itself keeps a handful open), and the phone keeps its threads.
pub const MAX_STREAMS: usize = 256;
/// How long a new connection may take to finish CNXN (and AUTH, until the point where adbd would ask
/// the user about an unknown key): a socket that connects and says
/// nothing would otherwise hold a thread forever. After the handshake an idle host is normal.
pub const HANDSHAKE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// Why a connection ended early.
#[derive(Debug, thiserror::Error)]
pub enum ConnectionError {
    #[error(transparent)]
    Message(#[from] MessageError),
    #[error("{0} before the CNXN handshake finished; a host must start with CNXN")]
    BeforeHandshake(&'static str),
    #[error("too many failed AUTH signatures; check the host's key against the --auth key file")]
    TooManyAuthAttempts,
    #[error("{0} is not supported by this phone (no TLS, no USB sync)")]
    Unsupported(&'static str),
    #[error("socket setup failed: {0}")]
    Io(#[from] std::io::Error),
}

/// Serves one accepted socket until the host leaves or breaks the protocol.
pub fn serve(socket: TcpStream, device: Arc<Device>, conn: u64) {
    let peer = socket
        .peer_addr()
        .map(|a| a.to_string())
        .unwrap_or_else(|_| "?".into());
    let routes: Routes = Arc::default();
    match run(socket, &device, conn, &routes) {
        Ok(()) | Err(ConnectionError::Message(MessageError::Closed)) => {
            tracing::info!(conn, %peer, "host disconnected")
        }
        Err(err) => tracing::error!(conn, %peer, "closing connection: {err}"),
    }
    // Wake every service of this connection: their reads and writes now fail.
    for (_, route) in routes.lock().unwrap_or_else(|p| p.into_inner()).drain() {
        route.hangup.raise();
    }
}

struct Link {
    outbox: Arc<Outbox>,
    version: u32,
    max_payload: usize,
}

fn run(
    socket: TcpStream,
    device: &Arc<Device>,
    conn: u64,
    routes: &Routes,
) -> Result<(), ConnectionError> {
    socket.set_nodelay(true)?;
    // A phone just cut off answers no handshake until it is back: the host sees it "offline".
    device.faults().wait_online();
    socket.set_read_timeout(Some(HANDSHAKE_TIMEOUT))?;
    socket.set_write_timeout(Some(device.write_timeout()))?;
    let mut reader = BufReader::new(socket.try_clone()?);
    let outbox = Arc::new(Outbox::new(socket.try_clone()?));
    let result = handshake(&mut reader, &outbox, device).and_then(|link| {
        socket.set_read_timeout(None)?;
        tracing::info!(
            conn,
            version = format!("{:#x}", link.version),
            max_payload = link.max_payload,
            "host connected"
        );
        device.trace_event(conn, "connect", "", None);
        serve_streams(&mut reader, &link, device, conn, routes)
    });
    outbox.shutdown();
    result
}

fn handshake(
    reader: &mut BufReader<TcpStream>,
    outbox: &Arc<Outbox>,
    device: &Device,
) -> Result<Link, ConnectionError> {
    let mut link: Option<Link> = None;
    let mut token = auth::new_token();
    let mut attempts = 0;
    loop {
        let msg = Message::read_from(reader, MAX_PAYLOAD, None)?;
        match (msg.command, &link) {
            (Command::Cnxn, _) => {
                let version = msg.arg0.min(VERSION);
                let max_payload = msg.arg1.clamp(1, MAX_PAYLOAD) as usize;
                let new = Link {
                    outbox: outbox.clone(),
                    version,
                    max_payload,
                };
                match device.auth_keys() {
                    None => return connected(new, device),
                    Some(_) => {
                        outbox.send(&Message::new(Command::Auth, AUTH_TOKEN, 0, token.to_vec()))?;
                        link = Some(new);
                    }
                }
            }
            (Command::Auth, Some(_)) => {
                let keys: &AuthKeys = device
                    .auth_keys()
                    .expect("AUTH only when keys are configured");
                std::thread::sleep(device.faults().authorizing());
                match msg.arg0 {
                    AUTH_SIGNATURE if keys.verify(&token, &msg.payload) => {
                        return connected(link.take().expect("set"), device)
                    }
                    AUTH_SIGNATURE => {
                        attempts += 1;
                        if attempts > MAX_AUTH_ATTEMPTS {
                            return Err(ConnectionError::TooManyAuthAttempts);
                        }
                        // As adbd: a fresh token for the host's next key.
                        token = auth::new_token();
                        outbox.send(&Message::new(Command::Auth, AUTH_TOKEN, 0, token.to_vec()))?;
                    }
                    AUTH_RSAPUBLICKEY if keys.accepts_public_key(&msg.payload) => {
                        return connected(link.take().expect("set"), device)
                    }
                    // adbd would now ask the user; an unlisted key counts as "not allowed", and like
                    // an unanswered prompt the connection stays open and unauthorized for as long
                    // as the host waits: no handshake timeout (a host that reads on after our close
                    // would otherwise see an endless end-of-file instead of its own timeout).
                    AUTH_RSAPUBLICKEY => {
                        tracing::warn!(
                            "host key {:?} is not in the --auth key file; the connection stays unauthorized",
                            String::from_utf8_lossy(&msg.payload).trim_end_matches('\0').split_whitespace().nth(1).unwrap_or("?")
                        );
                        reader.get_ref().set_read_timeout(None)?;
                    }
                    other => tracing::warn!("ignoring AUTH message of unknown type {other}"),
                }
            }
            (Command::Stls, _) => return Err(ConnectionError::Unsupported("STLS")),
            (other, _) => return Err(ConnectionError::BeforeHandshake(other.name())),
        }
    }
}

fn connected(link: Link, device: &Device) -> Result<Link, ConnectionError> {
    let banner = device.banner();
    link.outbox.send(&Message::new(
        Command::Cnxn,
        VERSION,
        MAX_PAYLOAD,
        banner.into_bytes(),
    ))?;
    Ok(link)
}

fn serve_streams(
    reader: &mut BufReader<TcpStream>,
    link: &Link,
    device: &Arc<Device>,
    conn: u64,
    routes: &Routes,
) -> Result<(), ConnectionError> {
    let mut next_id: u32 = 1;
    loop {
        let msg = Message::read_from(reader, MAX_PAYLOAD, Some(link.version))?;
        let remote = msg.arg0;
        match msg.command {
            Command::Open => {
                let name = String::from_utf8_lossy(&msg.payload)
                    .trim_end_matches('\0')
                    .to_string();
                device.trace_event(conn, "open", &name, None);
                let open = routes.lock().unwrap_or_else(|p| p.into_inner()).len();
                if open >= MAX_STREAMS {
                    tracing::warn!(conn, "refusing OPEN {name:?}: {open} streams already open");
                    link.outbox
                        .send(&Message::new(Command::Clse, 0, remote, Vec::new()))?;
                    continue;
                }
                let service = match services::parse(&name, device) {
                    Ok(service) if remote != 0 => service,
                    Ok(_) => {
                        tracing::error!(conn, "OPEN with local id 0 for {name:?}; refused");
                        continue;
                    }
                    Err(err) => {
                        // A host polling a port until the Monkey listens is routine, not a fault.
                        if matches!(err, services::OpenError::NoListener(_)) {
                            tracing::debug!(conn, "refusing OPEN {name:?}: {err}");
                        } else {
                            tracing::warn!(conn, "refusing OPEN {name:?}: {err}");
                        }
                        link.outbox
                            .send(&Message::new(Command::Clse, 0, remote, Vec::new()))?;
                        continue;
                    }
                };
                let id = next_id;
                next_id = next_id.checked_add(1).unwrap_or(1);
                let io = StreamIo::open(
                    id,
                    remote,
                    link.max_payload,
                    link.outbox.clone(),
                    routes.clone(),
                );
                link.outbox
                    .send(&Message::new(Command::Okay, id, remote, Vec::new()))?;
                let device = device.clone();
                std::thread::Builder::new()
                    .name(format!("phone-{conn}-{id}"))
                    .spawn(move || service.run(io, &device, conn))?;
            }
            Command::Wrte | Command::Okay | Command::Clse => route(msg, link, routes, conn)?,
            Command::Cnxn | Command::Auth => {
                tracing::debug!(conn, "ignoring {} after the handshake", msg.command.name())
            }
            Command::Stls => return Err(ConnectionError::Unsupported("STLS")),
            Command::Sync => return Err(ConnectionError::Unsupported("SYNC")),
        }
    }
}

/// Delivers a stream message to its service; messages for unknown streams are logged, and a WRTE
/// to one is answered with CLSE so the host drops its end too.
fn route(msg: Message, link: &Link, routes: &Routes, conn: u64) -> Result<(), ConnectionError> {
    let (remote, local) = (msg.arg0, msg.arg1);
    let mut table = routes.lock().unwrap_or_else(|p| p.into_inner());
    let known = table.get(&local).filter(|r| r.remote_id == remote);
    match (msg.command, known) {
        (Command::Wrte, Some(r)) => {
            let _ = r.data.send(msg.payload);
        }
        (Command::Okay, Some(r)) => {
            let _ = r.acks.send(());
        }
        (Command::Clse, Some(_)) => {
            if let Some(r) = table.remove(&local) {
                r.hangup.raise();
            }
        }
        (Command::Wrte, None) => {
            drop(table);
            tracing::error!(
                conn,
                local,
                remote,
                "WRTE for a stream that is not open; closing it"
            );
            link.outbox
                .send(&Message::new(Command::Clse, 0, remote, Vec::new()))?;
        }
        // OKAY/CLSE racing a stream we already closed are normal (adb_client acknowledges CLSE).
        (command, _) => tracing::debug!(
            conn,
            local,
            remote,
            "{} for a closed stream ignored",
            command.name()
        ),
    }
    Ok(())
}
