//! Shell streams: one command or an interactive session, framed as v1 (stdout and stderr mixed,
//! no exit code), as shell protocol v2 packets (`[u8 id][u32 LE length][payload]`; ids 0 stdin,
//! 1 stdout, 2 stderr, 3 exit, 4 close stdin, 5 window size; AOSP adb/shell_protocol.h), or as a
//! pty (echo, a prompt, `\r\n` line ends).

use super::ShellRequest;
use crate::adbd::stream::{StreamClosed, StreamIo};
use crate::device::Device;
use crate::shell::{Output, Shell};
use std::io::Read;
use std::sync::Arc;

const ID_STDIN: u8 = 0;
const ID_STDOUT: u8 = 1;
const ID_STDERR: u8 = 2;
const ID_EXIT: u8 = 3;
const ID_CLOSE_STDIN: u8 = 4;

/// Output into a stream, in the request's framing.
struct Framed<'a> {
    io: &'a mut StreamIo,
    v2: bool,
    pty: bool,
}

impl Framed<'_> {
    fn send(&mut self, id: u8, data: &[u8]) -> Result<(), StreamClosed> {
        if data.is_empty() {
            return Ok(());
        }
        let converted;
        let data = if self.pty {
            converted = to_crlf(data);
            &converted
        } else {
            data
        };
        if self.v2 {
            let mut packet = Vec::with_capacity(5 + data.len());
            packet.push(id);
            packet.extend_from_slice(&(data.len() as u32).to_le_bytes());
            packet.extend_from_slice(data);
            self.io.write_all(&packet)
        } else {
            self.io.write_all(data)
        }
    }

    /// The next stdin bytes; `None` when stdin or the stream closed.
    fn stdin(&mut self) -> Option<Vec<u8>> {
        if !self.v2 {
            return self.io.read_packet();
        }
        loop {
            let mut head = [0u8; 5];
            self.io.read_exact(&mut head).ok()?;
            let len = u32::from_le_bytes(head[1..5].try_into().expect("4 bytes")) as usize;
            let mut payload = vec![0u8; len.min(16 << 20)];
            self.io.read_exact(&mut payload).ok()?;
            match head[0] {
                ID_STDIN => return Some(payload),
                ID_CLOSE_STDIN => return None,
                _ => {} // window size changes and unknown ids are ignored, as adbd does
            }
        }
    }
}

impl Output for Framed<'_> {
    fn stdout(&mut self, data: &[u8]) -> Result<(), StreamClosed> {
        self.send(ID_STDOUT, data)
    }
    fn stderr(&mut self, data: &[u8]) -> Result<(), StreamClosed> {
        // v1 and pty have one channel: stderr goes where stdout goes.
        self.send(if self.v2 { ID_STDERR } else { ID_STDOUT }, data)
    }
}

/// `\n` → `\r\n`, what a pty's ONLCR does.
fn to_crlf(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + 16);
    for &b in data {
        if b == b'\n' {
            out.push(b'\r');
        }
        out.push(b);
    }
    out
}

pub fn run(request: &ShellRequest, io: &mut StreamIo, device: &Arc<Device>, conn: u64) {
    let mut shell = Shell::new(
        device.clone(),
        conn,
        io.hangup().clone(),
        io.outbox().clone(),
    );
    let mut out = Framed {
        io,
        v2: request.v2,
        pty: request.pty,
    };
    let finished = shell
        .start(&mut out)
        .and_then(|()| match request.command.is_empty() {
            true => interactive(&mut shell, &mut out, device),
            false => shell.run_line(&request.command, &mut out).map(|_| ()),
        });
    if finished.is_ok() && request.v2 {
        let _ = out.io.write_all(&[ID_EXIT, 1, 0, 0, 0, shell.status as u8]);
    }
}

/// Reads command lines until `exit`, end of stdin or hang-up.
fn interactive(shell: &mut Shell, out: &mut Framed, device: &Device) -> Result<(), StreamClosed> {
    let prompt = format!("{}:/ $ ", device.prop("ro.product.device"));
    if out.pty {
        out.stdout(prompt.as_bytes())?;
    }
    let mut line = Vec::new();
    while let Some(mut chunk) = out.stdin() {
        if out.pty {
            // The terminal's Enter is \r (ICRNL makes it \n); echo what was typed.
            chunk = String::from_utf8_lossy(&chunk)
                .replace("\r\n", "\n")
                .replace('\r', "\n")
                .into_bytes();
            out.stdout(&chunk)?;
        }
        line.extend(chunk);
        while let Some(end) = line.iter().position(|&b| b == b'\n') {
            let text: Vec<u8> = line.drain(..=end).collect();
            shell.run_line(&String::from_utf8_lossy(&text), out)?;
            if shell.exited {
                return Ok(());
            }
            if out.pty {
                out.stdout(prompt.as_bytes())?;
            }
        }
    }
    if !line.is_empty() {
        shell.run_line(&String::from_utf8_lossy(&line), out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::adbd::message::{Command, Message};
    use crate::adbd::stream::{Outbox, Routes, StreamIo};
    use crate::device::testing;
    use crate::services::{parse, Service};
    use std::net::{TcpListener, TcpStream};
    use std::sync::Arc;

    #[test]
    fn exec_carries_what_a_command_streams_as_it_is_written_byte_for_byte() {
        let device = Arc::new(testing::device());
        device.key(crate::screen::Keycode(3)); // the home screen: pixels that are not all zero
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let phone = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (mut host, _) = listener.accept().unwrap();
        let routes = Routes::default();
        let io = StreamIo::open(1, 9, 4096, Arc::new(Outbox::new(phone)), routes.clone());
        // A width of 10 puts a `\n` byte in the frame header, which a pty would turn into `\r\n`.
        let command = "exec:screenrecord --output-format=frames --size 10x20 -";
        let Ok(service @ Service::Shell(_)) = parse(command, &device) else {
            panic!("{command} is a shell service");
        };
        let phone_side = device.clone();
        let recorder = std::thread::spawn(move || service.run(io, &phone_side, 1));
        let mut got = Vec::new();
        while got.len() < 20 + 10 * 20 * 3 {
            let message = Message::read_from(&mut host, 1 << 20, None).unwrap();
            assert_eq!(message.command, Command::Wrte);
            got.extend(message.payload);
            // The host's OKAY, as the connection reader hands it to the stream.
            routes.lock().unwrap()[&1].acks.send(()).unwrap();
        }
        assert!(
            !recorder.is_finished(),
            "the frame came while screenrecord runs"
        );
        assert_eq!(got[..8], [0x68, 2, 0, 0, 10, 0, 0, 0]);
        let pixels = crate::video::frames::fit(&device.frame(), 10, 20).into_raw();
        assert_eq!(got[20..], pixels[..]);
        // The host's CLSE.
        routes.lock().unwrap().remove(&1).unwrap().hangup.raise();
        recorder.join().unwrap();
    }
}
