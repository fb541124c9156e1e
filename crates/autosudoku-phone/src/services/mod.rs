//! The services a host can OPEN on this phone (AOSP SERVICES.TXT, adbd services.cpp):
//! `shell[,v2][,raw|,pty][,TERM=..]:[CMD]`, `exec:CMD`, `sync:`, `framebuffer:` and `tcp:PORT`.
//! Parsing decides whether an OPEN is refused (CLSE) before any stream exists.

mod framebuffer;
mod shell;
mod sync;

use crate::adbd::stream::StreamIo;
use crate::device::{Device, PortServer};
use std::sync::Arc;

/// How a shell stream is framed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShellRequest {
    /// Shell protocol v2: stdout/stderr/exit packets (shell_protocol.h).
    pub v2: bool,
    /// A terminal: echo, prompt, `\r\n` line ends. adbd's default for an empty command.
    pub pty: bool,
    /// Empty for an interactive session.
    pub command: String,
}

/// A parsed OPEN request.
pub enum Service {
    Shell(ShellRequest),
    Sync,
    Framebuffer,
    Tcp(u16, PortServer),
}

/// Why an OPEN is refused.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error(
        "unknown service {0:?} (this phone offers shell:, exec:, sync:, framebuffer:, tcp:PORT)"
    )]
    Unknown(String),
    #[error("shell protocol v2 asked for, but this phone runs with --no-shell-v2 and did not advertise it")]
    ShellV2Off,
    #[error("bad port in {0:?}; expected tcp:PORT with PORT 1..65535")]
    BadPort(String),
    #[error("nothing listens on port {0} inside the phone (start `monkey --port {0}` first)")]
    NoListener(u16),
}

/// Parses a service name (without its trailing NUL).
pub fn parse(name: &str, device: &Device) -> Result<Service, OpenError> {
    if let Some(command) = name.strip_prefix("exec:") {
        return Ok(Service::Shell(ShellRequest {
            v2: false,
            pty: false,
            command: command.to_string(),
        }));
    }
    if let Some(rest) = name.strip_prefix("shell") {
        if let Some((args, command)) = rest
            .split_once(':')
            .filter(|(a, _)| a.is_empty() || a.starts_with(','))
        {
            let args: Vec<&str> = args.split(',').filter(|a| !a.is_empty()).collect();
            let v2 = args.contains(&"v2");
            if v2 && !device.shell_v2() {
                return Err(OpenError::ShellV2Off);
            }
            let pty = if args.contains(&"raw") {
                false
            } else {
                args.contains(&"pty") || command.is_empty()
            };
            return Ok(Service::Shell(ShellRequest {
                v2,
                pty,
                command: command.to_string(),
            }));
        }
    }
    match name {
        "sync:" => return Ok(Service::Sync),
        "framebuffer:" => return Ok(Service::Framebuffer),
        _ => {}
    }
    if let Some(target) = name.strip_prefix("tcp:") {
        let port_text = target.rsplit(':').next().unwrap_or(target);
        let port = port_text
            .parse::<u16>()
            .ok()
            .filter(|p| *p > 0)
            .ok_or_else(|| OpenError::BadPort(name.into()))?;
        let server = device.port(port).ok_or(OpenError::NoListener(port))?;
        return Ok(Service::Tcp(port, server));
    }
    Err(OpenError::Unknown(name.to_string()))
}

impl Service {
    /// Serves the stream to its end, then closes it.
    pub fn run(self, mut io: StreamIo, device: &Arc<Device>, conn: u64) {
        match self {
            Service::Shell(request) => shell::run(&request, &mut io, device, conn),
            Service::Sync => sync::run(&mut io, device),
            Service::Framebuffer => framebuffer::run(&mut io, device),
            Service::Tcp(_, server) => server(&mut io, device),
        }
        io.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_defaults_follow_adbd() {
        let device = crate::device::testing::device();
        let shell = |n: &str| match parse(n, &device) {
            Ok(Service::Shell(r)) => r,
            _ => panic!("{n} should be a shell"),
        };
        assert_eq!(
            shell("shell:ls"),
            ShellRequest {
                v2: false,
                pty: false,
                command: "ls".into()
            }
        );
        assert_eq!(
            shell("shell:"),
            ShellRequest {
                v2: false,
                pty: true,
                command: String::new()
            }
        );
        assert_eq!(
            shell("shell,v2,TERM=xterm,raw:"),
            ShellRequest {
                v2: true,
                pty: false,
                command: String::new()
            }
        );
        assert_eq!(
            shell("shell,v2,pty:id"),
            ShellRequest {
                v2: true,
                pty: true,
                command: "id".into()
            }
        );
        assert!(matches!(
            parse("shellfish:", &device),
            Err(OpenError::Unknown(_))
        ));
        assert!(matches!(
            parse("reboot:", &device),
            Err(OpenError::Unknown(_))
        ));
        assert!(matches!(
            parse("tcp:1080", &device),
            Err(OpenError::NoListener(1080))
        ));
        assert!(matches!(
            parse("tcp:x", &device),
            Err(OpenError::BadPort(_))
        ));
    }
}
