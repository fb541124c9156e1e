//! A proxy in front of a real adb server that lists devices as a wireless-debugging phone shows
//! in `adb devices`, which Debian's adb 29.0.6 (no mDNS, no TLS transports) cannot produce: a
//! device renamed to its mDNS service name (`adb-SERIAL-XXXXXX (2)._adb-tls-connect._tcp`, a space
//! in it once the name was taken: defold/defold issue 12723) and an extra line (the same phone's
//! mDNS twin beside its `HOST:PORT`: viarotel-org/escrcpy issue 425). Every request is passed on
//! to the real server with the renamed serial put back, so each service (transport, shell, exec,
//! forward) reaches the real phone behind it: the client path is the real one.

use std::io::{self, Read, Write};
use std::net::{Ipv4Addr, Shutdown, TcpListener, TcpStream};

/// What the proxy changes in the device lists.
#[derive(Clone, Default)]
pub struct Listing {
    /// (the real serial, the name it is listed as).
    pub rename: Option<(String, String)>,
    /// A `devices -l` line (without its newline) added after the real devices.
    pub extra: Option<String>,
}

/// Starts a proxy for the adb server on `real` that lists devices as `listing` says. Returns its
/// port.
pub fn start(real: u16, listing: Listing) -> u16 {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for client in listener.incoming().flatten() {
            let listing = listing.clone();
            std::thread::spawn(move || serve(client, real, &listing));
        }
    });
    port
}

/// One client connection: a device list as `listing` says, or the request passed through.
fn serve(mut client: TcpStream, real: u16, listing: &Listing) -> io::Result<()> {
    let mut request = read_request(&mut client)?;
    if let Some((serial, name)) = &listing.rename {
        request = request.replace(name.as_str(), serial);
    }
    let mut server = TcpStream::connect((Ipv4Addr::LOCALHOST, real))?;
    server.write_all(format!("{:04x}{request}", request.len()).as_bytes())?;
    let extra = listing.extra.as_deref();
    let added = match request.as_str() {
        "host:devices-l" => extra.map(|line| format!("{line}\n")).unwrap_or_default(),
        "host:devices" => extra
            .map(|line| format!("{}\tdevice\n", line.split(' ').next().unwrap_or_default()))
            .unwrap_or_default(),
        _ => return pump(client, server),
    };
    let mut head = [0u8; 8];
    server.read_exact(&mut head)?;
    let len =
        usize::from_str_radix(std::str::from_utf8(&head[4..]).unwrap_or("0"), 16).unwrap_or(0);
    let mut body = vec![0u8; len];
    server.read_exact(&mut body)?;
    let mut list = String::from_utf8_lossy(&body).into_owned();
    if let Some((serial, name)) = &listing.rename {
        list = list.replace(serial.as_str(), name);
    }
    list.push_str(&added);
    client.write_all(format!("OKAY{:04x}", list.len()).as_bytes())?;
    client.write_all(list.as_bytes())
}

/// A request as the smart socket protocol frames it: four hex digits of length, then the text.
fn read_request(client: &mut TcpStream) -> io::Result<String> {
    let mut len = [0u8; 4];
    client.read_exact(&mut len)?;
    let len = usize::from_str_radix(std::str::from_utf8(&len).unwrap_or("0"), 16).unwrap_or(0);
    let mut text = vec![0u8; len];
    client.read_exact(&mut text)?;
    Ok(String::from_utf8_lossy(&text).into_owned())
}

/// Bytes both ways until either side closes.
fn pump(client: TcpStream, server: TcpStream) -> io::Result<()> {
    let (mut up_from, mut up_to) = (client.try_clone()?, server.try_clone()?);
    let up = std::thread::spawn(move || {
        let _ = io::copy(&mut up_from, &mut up_to);
        let _ = up_to.shutdown(Shutdown::Write);
    });
    let (mut down_from, mut down_to) = (server, client);
    let _ = io::copy(&mut down_from, &mut down_to);
    let _ = down_to.shutdown(Shutdown::Write);
    let _ = up.join();
    Ok(())
}
