//! The sockets of the phone's live host connections, shared by the listener (which adds and
//! removes them) and the device (whose cable fault cuts them all mid-game, as a pulled cable does).

use std::collections::HashMap;
use std::net::{Shutdown, TcpStream};
use std::sync::{Arc, Mutex, MutexGuard};

#[derive(Debug, Clone, Default)]
pub struct HostLinks(Arc<Mutex<HashMap<u64, TcpStream>>>);

impl HostLinks {
    fn map(&self) -> MutexGuard<'_, HashMap<u64, TcpStream>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub fn add(&self, conn: u64, socket: TcpStream) {
        self.map().insert(conn, socket);
    }

    pub fn remove(&self, conn: u64) {
        self.map().remove(&conn);
    }

    /// How many host connections are live.
    pub fn count(&self) -> usize {
        self.map().len()
    }

    /// Ends every live connection in both directions; their reader threads then clean up.
    pub fn cut_all(&self) {
        for (_, socket) in self.map().drain() {
            let _ = socket.shutdown(Shutdown::Both);
        }
    }
}
