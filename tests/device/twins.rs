//! One phone over wireless debugging listed twice: once as the `HOST:PORT` it was connected by and
//! once as the mDNS service adb's auto-connect found for it (`adb-SERIAL-XXXXXX._adb-tls-connect._tcp`,
//! as users' `adb devices` show it: viarotel-org/escrcpy issue 425). The real adb server lists
//! mDNS names only from the network, so a proxy in front of it (`rig::adb_proxy`) adds the mDNS
//! line to every device list and passes every other request on to the real server and the
//! virtual phone behind it. `tests/play/wireless.rs` plays through the same proxy.

use super::bare;
use super::rig::{self, adb_proxy, AdbServer};

/// The virtual phone's wireless-debugging guid: the mDNS instance name adbd advertises.
const GUID: &str = "adb-VIRT0001-AbC123";

/// `screenshot` without `-s` against the proxy listing the phone's mDNS twin named `instance`.
fn screenshot_with_twin(instance: &str) -> assert_cmd::assert::Assert {
    let adb = AdbServer::start();
    let (screen, _) = rig::TestScreen::new(360, 640);
    let phone = rig::start(rig::phone(Box::new(screen)).prop("persist.adb.wifi.guid", GUID));
    adb.connect(&phone.serial());
    let twin = format!(
        "{instance}._adb-tls-connect._tcp device product:sdk_gphone64 model:Virtual_Phone device:emu64 transport_id:99"
    );
    let listing = adb_proxy::Listing {
        rename: None,
        extra: Some(twin),
    };
    let proxy = adb_proxy::start(adb.port(), listing);
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
