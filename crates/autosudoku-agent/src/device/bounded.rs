//! Reading a whole stream from a phone with the two bounds a per-read socket timeout does not
//! give: a size cap (a runaway or hostile stream cannot fill our memory) and a total deadline (a
//! stream that trickles one byte per timeout cannot hang us).

use std::io::{self, Read};
use std::time::{Duration, Instant};

/// Reads `stream` to its end: at most `max` bytes, within `within` in total.
pub fn read_all(stream: &mut dyn Read, max: u64, within: Duration) -> io::Result<Vec<u8>> {
    let deadline = Instant::now() + within;
    let mut out = Vec::new();
    let mut buf = [0u8; 64 * 1024];
    loop {
        if Instant::now() > deadline {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("the output did not end within {} s", within.as_secs_f32()),
            ));
        }
        let n = match stream.read(&mut buf) {
            Ok(0) => return Ok(out),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if out.len() as u64 + n as u64 > max {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("the phone sent more than {max} bytes, more than this command ever prints"),
            ));
        }
        out.extend_from_slice(&buf[..n]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Endless bytes, one small read at a time, optionally slowly.
    struct Endless(Duration);

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            std::thread::sleep(self.0);
            buf[0] = b'x';
            Ok(1)
        }
    }

    #[test]
    fn a_runaway_stream_is_cut_at_the_cap_and_a_trickle_at_the_deadline() {
        let err =
            read_all(&mut Endless(Duration::ZERO), 1000, Duration::from_secs(10)).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        let err = read_all(
            &mut Endless(Duration::from_millis(5)),
            u64::MAX,
            Duration::from_millis(50),
        )
        .unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        assert_eq!(
            read_all(&mut &b"ok\n"[..], 3, Duration::from_secs(1)).unwrap(),
            b"ok\n"
        );
    }
}
