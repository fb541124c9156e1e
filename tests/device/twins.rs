//! One phone over wireless debugging listed twice: once as the `HOST:PORT` it was connected by and
//! once as the mDNS service adb's auto-connect found for it (`adb-SERIAL-XXXXXX._adb-tls-connect._tcp`,
//! as users' `adb devices` show it: viarotel-org/escrcpy issue 425). The real adb server lists
//! mDNS names only from the network, so a proxy in front of it adds the mDNS line to every device
//! list and passes every other request on to the real server and the virtual phone behind it.

use super::bare;
use super::rig::{self, AdbServer};
use std::io::{self, Read, Write};
use std::net::{Ipv4Addr, Shutdown, TcpListener, TcpStream};

/// The virtual phone's wireless-debugging guid: the mDNS instance name adbd advertises.
const GUID: &str = "adb-VIRT0001-AbC123";

/// A proxy for the adb server on `real` that lists `extra` (a `devices -l` line without its
/// newline) after the real devices. Returns its port.
fn listing_proxy(real: u16, extra: String) -> u16 {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for client in listener.incoming().flatten() {
            let extra = extra.clone();
            std::thread::spawn(move || serve(client, real, &extra));
        }
    });
    port
}

/// One client connection: a device list with `extra` added, or anything else passed through.
fn serve(mut client: TcpStream, real: u16, extra: &str) -> io::Result<()> {
    let request = read_request(&mut client)?;
    let mut server = TcpStream::connect((Ipv4Addr::LOCALHOST, real))?;
    server.write_all(format!("{:04x}{request}", request.len()).as_bytes())?;
    let line = match request.as_str() {
        "host:devices-l" => format!("{extra}\n"),
        "host:devices" => format!("{}\tdevice\n", extra.split(' ').next().unwrap_or_default()),
        _ => return pump(client, server),
    };
    let mut head = [0u8; 8];
    server.read_exact(&mut head)?;
    let len =
        usize::from_str_radix(std::str::from_utf8(&head[4..]).unwrap_or("0"), 16).unwrap_or(0);
    let mut body = vec![0u8; len];
    server.read_exact(&mut body)?;
    body.extend_from_slice(line.as_bytes());
    client.write_all(format!("OKAY{:04x}", body.len()).as_bytes())?;
    client.write_all(&body)
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

/// `screenshot` without `-s` against the proxy listing the phone's mDNS twin named `instance`.
fn screenshot_with_twin(instance: &str) -> assert_cmd::assert::Assert {
    let adb = AdbServer::start();
    let (screen, _) = rig::TestScreen::new(360, 640);
    let phone = rig::start(rig::phone(Box::new(screen)).prop("persist.adb.wifi.guid", GUID));
    adb.connect(&phone.serial());
    let twin = format!(
        "{instance}._adb-tls-connect._tcp device product:sdk_gphone64 model:Virtual_Phone device:emu64 transport_id:99"
    );
    let proxy = listing_proxy(adb.port(), twin);
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("shot.png");
    let mut cmd = bare();
    cmd.env("ANDROID_ADB_SERVER_PORT", proxy.to_string()).args([
        "screenshot",
        "-v",
        "-o",
        file.to_str().unwrap(),
    ]);
    let assert = cmd.assert();
    // The phone stays up until the command is done.
    drop(phone);
    assert
}

#[test]
fn one_phone_listed_twice_is_one_phone_and_is_used_by_its_host_port() {
    let done = screenshot_with_twin(GUID).success();
    let log = String::from_utf8_lossy(&done.get_output().stderr).into_owned();
    assert!(
        log.contains("is the same phone as its HOST:PORT serial"),
        "{log}"
    );
    assert!(log.contains("360x640"), "the capture was taken: {log}");
}

#[test]
fn a_twin_of_another_phone_is_a_second_phone() {
    // Another phone's instance name: two phones, and no serial given, is a usage error.
    let refused = screenshot_with_twin("adb-OTHER0002-XyZ789").code(2);
    let text = String::from_utf8_lossy(&refused.get_output().stderr).into_owned();
    assert!(
        text.contains("adb-OTHER0002-XyZ789._adb-tls-connect._tcp"),
        "{text}"
    );
}
