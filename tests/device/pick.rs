//! Choosing a device as adb users do: `-d` (the only USB device), `-e` (the only emulator or
//! network device), `-t ID` (a transport id from `devices -l`), with adb's own words and the
//! documented exit codes when none or several match; `devices -l` and the serial list the shell
//! completion of `-s` reads.

use super::rig::{self, json_lines as json_rows, AdbServer};
use super::{cli, stdout_ok};

#[test]
fn dash_e_and_dash_t_choose_the_phone_and_ignore_android_serial() {
    let adb = AdbServer::start();
    let (phone, _) = rig::test_phone();
    let serial = phone.serial();
    adb.connect(&serial);
    let rows = json_rows(&stdout_ok(cli(&adb).args(["devices", "-l", "--json"])));
    assert_eq!(rows.len(), 1, "{rows:?}");
    let id = rows[0]["transport_id"].as_u64().expect("a transport id");
    // ANDROID_SERIAL is what adb reads only without -d/-e/-t.
    for pick in [vec!["-e".to_string()], vec!["-t".into(), id.to_string()]] {
        let rows = json_rows(&stdout_ok(
            cli(&adb)
                .arg("devices")
                .args(&pick)
                .arg("--json")
                .env("ANDROID_SERIAL", "R58M-not-here"),
        ));
        assert_eq!(rows[0]["serial"], serial.as_str(), "{pick:?}");
    }
    let table = stdout_ok(cli(&adb).args(["devices", "-l"]));
    let header = table.lines().next().unwrap();
    assert!(
        header.contains("PRODUCT") && header.contains("TRANSPORT_ID"),
        "{table}"
    );
    assert!(table.contains(&format!("  {id}  ")), "{table}");
    // The list the completion of `-s` offers: ready serials only, nothing else.
    assert_eq!(
        stdout_ok(cli(&adb).args(["devices", "--serials"])),
        format!("{serial}\n")
    );
}

#[test]
fn none_or_several_matching_is_adbs_error_with_the_table_and_exit_code() {
    let adb = AdbServer::start();
    let (a, _) = rig::test_phone();
    let (b, _) = rig::test_phone();
    adb.connect(&a.serial());
    adb.connect(&b.serial());
    let stderr = |args: &[&str], code: i32| {
        let out = cli(&adb)
            .args(args)
            .assert()
            .code(code)
            .get_output()
            .clone();
        String::from_utf8(out.stderr).unwrap()
    };
    // Two phones and no -s: choose (exit 2), with the table; a serial that is not there: exit 3.
    let text = stderr(&["screenshot", "-o", "/dev/null"], 2);
    assert!(
        text.contains("more than one device")
            && text.contains(&a.serial())
            && text.contains("-s SERIAL"),
        "{text}"
    );
    let text = stderr(&["screenshot", "-s", "R58M-nope", "-o", "/dev/null"], 3);
    assert!(
        text.contains("no device \"R58M-nope\"") && text.contains(&b.serial()),
        "{text}"
    );
    // Two network phones: -e is ambiguous (choose: exit 2), -d finds no USB device (exit 3).
    let text = stderr(&["screenshot", "-e", "-o", "/dev/null"], 2);
    assert!(
        text.contains("more than one") && text.contains(&a.serial()) && text.contains("-t ID"),
        "{text}"
    );
    let text = stderr(&["screenshot", "-d", "-o", "/dev/null"], 3);
    assert!(
        text.contains("no devices") && text.contains(&b.serial()),
        "{text}"
    );
    let text = stderr(&["play", "-t", "999999"], 3);
    assert!(text.contains("999999"), "{text}");
    // -s with -d is two answers to one question.
    let text = stderr(&["read", "-s", &a.serial(), "-d"], 2);
    assert!(text.contains("cannot be used with"), "{text}");
}
