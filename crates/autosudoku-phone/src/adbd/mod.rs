//! adbd, the device side of the ADB transport: the TCP listener that accepts host connections
//! (what a phone in `adb tcpip` mode runs), the message codec, connections, streams and AUTH.

pub mod auth;
pub mod connection;
pub mod links;
pub mod message;
pub mod stream;

use crate::device::Device;
use links::HostLinks;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// The running listener and the sockets of its live connections.
#[derive(Debug)]
pub struct Listener {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    live: HostLinks,
    thread: Option<JoinHandle<()>>,
}

impl Listener {
    /// Starts accepting on `listener`; each connection gets its own thread.
    pub fn start(listener: TcpListener, device: Arc<Device>) -> std::io::Result<Listener> {
        let addr = listener.local_addr()?;
        let stop = Arc::new(AtomicBool::new(false));
        let live = device.links().clone();
        let (stop2, live2) = (stop.clone(), live.clone());
        let thread = std::thread::Builder::new()
            .name("phone-accept".into())
            .spawn(move || {
                let next = AtomicU64::new(1);
                for socket in listener.incoming() {
                    if stop2.load(Ordering::SeqCst) {
                        break;
                    }
                    let socket = match socket {
                        Ok(s) => s,
                        Err(e) => {
                            tracing::warn!("accept failed: {e}");
                            continue;
                        }
                    };
                    let conn = next.fetch_add(1, Ordering::SeqCst);
                    if let Ok(copy) = socket.try_clone() {
                        live2.add(conn, copy);
                    }
                    let (device, live) = (device.clone(), live2.clone());
                    let spawned = std::thread::Builder::new()
                        .name(format!("phone-conn-{conn}"))
                        .spawn(move || {
                            connection::serve(socket, device, conn);
                            live.remove(conn);
                        });
                    if let Err(e) = spawned {
                        tracing::error!("cannot start a connection thread: {e}");
                    }
                }
            })?;
        Ok(Listener {
            addr,
            stop,
            live,
            thread: Some(thread),
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Cuts every live host connection (as a USB unplug or adbd restart would); the listener stays.
    pub fn drop_connections(&self) {
        self.live.cut_all();
    }

    /// Stops accepting and cuts every connection.
    pub fn stop(&mut self) {
        if self.stop.swap(true, Ordering::SeqCst) {
            return;
        }
        // Wake the blocking accept with a connection of our own.
        let _ = TcpStream::connect(self.addr);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        self.drop_connections();
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.stop();
    }
}
