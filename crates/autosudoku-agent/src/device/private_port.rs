//! A free loopback port for a private adb server, below the range the OS hands out to outgoing
//! connections. On such a port, `adb start-server`'s first probe, made before anything listens,
//! can be given that same port as its own source and connect to itself (TCP's simultaneous open):
//! it then reads back its own request, and fails with "protocol fault (status 30 30 30 63?!)",
//! the hex length `000c` of `host:version`.

use std::io;
use std::net::{Ipv4Addr, TcpListener};
use std::sync::atomic::{AtomicU32, Ordering};

/// The lowest port handed out; the ports below are often taken by services.
const LOWEST: u16 = 10_000;
/// The emulator's console and adb ports, which adb servers scan on their own.
const EMULATOR_PORTS: std::ops::RangeInclusive<u16> = 5554..=5585;
/// Where Linux starts its ephemeral ports by default; macOS and Windows start higher.
const DEFAULT_EPHEMERAL_FLOOR: u16 = 32_768;

/// A port on 127.0.0.1 that was free when asked, between 10000 and the OS's ephemeral floor.
/// Processes start at different places (by process id) and one process never hands out a port
/// twice in a row, so servers started side by side by tests do not race for one port.
pub fn private_server_port() -> io::Result<u16> {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let floor = ephemeral_floor();
    if floor <= LOWEST + 1_000 {
        return Ok(TcpListener::bind((Ipv4Addr::LOCALHOST, 0))?
            .local_addr()?
            .port());
    }
    let span = u32::from(floor - LOWEST);
    let start = std::process::id().wrapping_mul(7_919) % span;
    for _ in 0..span {
        let step = NEXT.fetch_add(1, Ordering::Relaxed);
        let port = LOWEST + ((start + step) % span) as u16;
        if !EMULATOR_PORTS.contains(&port) && TcpListener::bind((Ipv4Addr::LOCALHOST, port)).is_ok()
        {
            return Ok(port);
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AddrNotAvailable,
        format!("no free port on 127.0.0.1 between {LOWEST} and {floor}"),
    ))
}

/// The first ephemeral port, from Linux's `ip_local_port_range` where it can be read.
fn ephemeral_floor() -> u16 {
    std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range")
        .ok()
        .and_then(|range| range.split_whitespace().next()?.parse().ok())
        .unwrap_or(DEFAULT_EPHEMERAL_FLOOR)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ports_are_below_the_ephemeral_range_free_and_not_repeated() {
        let floor = ephemeral_floor();
        let ports: Vec<u16> = (0..20).map(|_| private_server_port().unwrap()).collect();
        for &port in &ports {
            assert!(
                floor <= LOWEST + 1_000 || (LOWEST..floor).contains(&port),
                "{port}"
            );
            assert!(
                TcpListener::bind((Ipv4Addr::LOCALHOST, port)).is_ok(),
                "{port} taken"
            );
        }
        let mut unique = ports.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), ports.len(), "{ports:?}");
    }
}
