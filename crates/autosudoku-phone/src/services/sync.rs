//! `sync:` (AOSP SYNC.TXT, adbd file_sync_service.cpp): 8-byte requests (4-byte id, u32 LE length)
//! for STAT, LIST, RECV, SEND and QUIT over the phone's in-memory file system.

use crate::adbd::stream::{StreamClosed, StreamIo};
use crate::device::Device;
use crate::fs::{FsError, S_IFREG};
use std::io::Read;

/// Largest DATA chunk in either direction (`SYNC_DATA_MAX`).
const SYNC_DATA_MAX: usize = 64 * 1024;
/// Longest path a request may carry (adbd's limit).
const MAX_PATH: usize = 1024;

fn packet(id: &[u8; 4], words: &[u32]) -> Vec<u8> {
    let mut out = id.to_vec();
    for w in words {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out
}

fn fail(io: &mut StreamIo, message: &str) -> Result<(), StreamClosed> {
    let mut out = packet(b"FAIL", &[message.len() as u32]);
    out.extend_from_slice(message.as_bytes());
    io.write_all(&out)
}

/// Reads one request header; `None` at end of stream.
fn request(io: &mut StreamIo) -> Option<([u8; 4], u32)> {
    let mut head = [0u8; 8];
    io.read_exact(&mut head).ok()?;
    Some((
        head[0..4].try_into().expect("4"),
        u32::from_le_bytes(head[4..8].try_into().expect("4")),
    ))
}

pub fn run(io: &mut StreamIo, device: &Device) {
    if let Err(StreamClosed) = serve(io, device) {
        tracing::debug!("sync stream closed by the host");
    }
}

fn serve(io: &mut StreamIo, device: &Device) -> Result<(), StreamClosed> {
    while let Some((id, len)) = request(io) {
        if &id == b"QUIT" {
            return Ok(());
        }
        if len as usize > MAX_PATH {
            return fail(
                io,
                &format!("path too long: {len} bytes (limit {MAX_PATH})"),
            );
        }
        let mut path = vec![0u8; len as usize];
        io.read_exact(&mut path).map_err(|_| StreamClosed)?;
        let path = String::from_utf8_lossy(&path).into_owned();
        match &id {
            b"STAT" => {
                let st = device.fs().stat(&path);
                let (mode, size, mtime) =
                    st.map(|s| (s.mode, s.size, s.mtime)).unwrap_or((0, 0, 0));
                io.write_all(&packet(b"STAT", &[mode, size, mtime]))?;
            }
            b"LIST" => list(io, device, &path)?,
            b"RECV" => recv(io, device, &path)?,
            b"SEND" => send(io, device, &path)?,
            other => {
                return fail(
                    io,
                    &format!("unknown sync request {:?}", String::from_utf8_lossy(other)),
                );
            }
        }
    }
    Ok(())
}

fn list(io: &mut StreamIo, device: &Device, path: &str) -> Result<(), StreamClosed> {
    let entries = device.fs().list(path).unwrap_or_default();
    let dir_stat = device.fs().stat(path);
    let mut out = Vec::new();
    let dots = dir_stat
        .filter(|s| s.is_dir())
        .map(|s| vec![(".".to_string(), s), ("..".to_string(), s)])
        .unwrap_or_default();
    for (name, st) in dots.into_iter().chain(entries) {
        out.extend(packet(
            b"DENT",
            &[st.mode, st.size, st.mtime, name.len() as u32],
        ));
        out.extend_from_slice(name.as_bytes());
    }
    out.extend(packet(b"DONE", &[0, 0, 0, 0]));
    io.write_all(&out)
}

fn recv(io: &mut StreamIo, device: &Device, path: &str) -> Result<(), StreamClosed> {
    let data = device.fs().read(path).map(<[u8]>::to_vec);
    let data = match data {
        Ok(d) => d,
        Err(e) => return fail(io, &format!("open failed: {}", reason(&e))),
    };
    for chunk in data.chunks(SYNC_DATA_MAX) {
        let mut out = packet(b"DATA", &[chunk.len() as u32]);
        out.extend_from_slice(chunk);
        io.write_all(&out)?;
    }
    io.write_all(&packet(b"DONE", &[0]))
}

/// `SEND path,mode`: DATA chunks then DONE(mtime); answered OKAY or FAIL.
fn send(io: &mut StreamIo, device: &Device, spec: &str) -> Result<(), StreamClosed> {
    let (path, mode) = match spec.rsplit_once(',') {
        Some((p, m)) => (p, m.parse::<u32>().unwrap_or(S_IFREG | 0o644)),
        None => (spec, S_IFREG | 0o644),
    };
    let mut data = Vec::new();
    loop {
        let (id, len) = request(io).ok_or(StreamClosed)?;
        match &id {
            // A push larger than the storage fails as soon as it cannot fit, as adbd's write()
            // does, instead of holding it all in memory first.
            b"DATA" if (data.len() + len as usize) as u64 > device.fs().free() => {
                return fail(io, "write failed: No space left on device");
            }
            b"DATA" if len as usize <= SYNC_DATA_MAX => {
                let start = data.len();
                data.resize(start + len as usize, 0);
                io.read_exact(&mut data[start..])
                    .map_err(|_| StreamClosed)?;
            }
            b"DATA" => {
                return fail(
                    io,
                    &format!("DATA chunk of {len} bytes exceeds {SYNC_DATA_MAX}"),
                )
            }
            b"DONE" => {
                // DONE carries the mtime; only regular files (or an untyped mode) are accepted.
                let kind = mode & 0o170000;
                let written = if kind != 0 && kind != S_IFREG {
                    Err(format!(
                        "{path}: only regular files can be pushed to this phone"
                    ))
                } else {
                    device
                        .fs()
                        .write(path, std::mem::take(&mut data), mode, len)
                        .map_err(|e| format!("couldn't create file: {}", reason(&e)))
                };
                return match written {
                    Ok(()) => io.write_all(&packet(b"OKAY", &[0])),
                    Err(message) => fail(io, &message),
                };
            }
            other => {
                return fail(
                    io,
                    &format!(
                        "expected DATA or DONE, got {:?}",
                        String::from_utf8_lossy(other)
                    ),
                )
            }
        }
    }
}

/// The strerror part of an FsError ("No such file or directory").
fn reason(e: &FsError) -> String {
    let text = e.to_string();
    text.rsplit_once(": ")
        .map(|(_, r)| r.to_string())
        .unwrap_or(text)
}
