//! End-to-end tests of the virtual phone through Debian's real `adb` (server on a private port)
//! and through `adb_client`, plus raw-socket protocol abuse. Every wait has a timeout.

#[path = "phone_adb/client.rs"]
mod client;
#[path = "phone_adb/features.rs"]
mod features;
#[path = "phone_adb/protocol.rs"]
mod protocol;
mod rig;
#[path = "phone_adb/screenrecord.rs"]
mod screenrecord;
#[path = "phone_adb/stress.rs"]
mod stress;

use autosudoku_phone::screen::{Keycode, Touch};
use rig::{pattern, AdbServer, Received};
use std::time::Duration;

fn text(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn adb_connect_lists_the_phone_with_its_model() {
    let (screen, _) = rig::TestScreen::new(360, 640);
    let phone = rig::start(rig::phone(Box::new(screen)).prop("ro.product.model", "Pixel Test"));
    let adb = AdbServer::start();
    adb.connect(&phone.serial());
    let list = adb.ok(&["devices", "-l"]);
    let line = list
        .lines()
        .find(|l| l.starts_with(&phone.serial()))
        .expect("phone listed");
    assert!(
        line.contains(" device ") && line.contains("model:Pixel_Test"),
        "{line}"
    );
    assert_eq!(
        adb.ok(&[
            "-s",
            &phone.serial(),
            "shell",
            "getprop",
            "ro.product.model"
        ]),
        "Pixel Test\n"
    );
}

#[test]
fn shell_v2_carries_exit_codes_and_separate_stderr() {
    let (phone, _) = rig::test_phone();
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    let out = adb.run(&["-s", &s, "shell", "echo", "hi"]);
    assert_eq!((out.status.code(), text(&out).as_str()), (Some(0), "hi\n"));
    assert_eq!(
        adb.run(&["-s", &s, "shell", "false"]).status.code(),
        Some(1)
    );
    assert_eq!(
        adb.run(&["-s", &s, "shell", "exit 3"]).status.code(),
        Some(3)
    );
    let out = adb.run(&["-s", &s, "shell", "nosuchcommand"]);
    assert_eq!(out.status.code(), Some(127));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "/system/bin/sh: nosuchcommand: not found\n"
    );
    assert!(out.stdout.is_empty());
    let out = adb.run(&[
        "-s",
        &s,
        "shell",
        "echo a && false || echo b; echo \"x y\" > /sdcard/t; cat /sdcard/t; false; echo $?",
    ]);
    assert_eq!(text(&out), "a\nb\nx y\n1\n");
    assert_eq!(
        adb.ok(&["-s", &s, "shell", "wm size; wm density"]),
        "Physical size: 360x640\nPhysical density: 320\n"
    );
}

#[test]
fn shell_v1_loses_exit_codes_and_mixes_stderr() {
    let (screen, _) = rig::TestScreen::new(360, 640);
    let phone = rig::start(rig::phone(Box::new(screen)).shell_v2(false));
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    let features = adb.ok(&["-s", &s, "features"]);
    assert!(!features.contains("shell_v2"), "{features}");
    assert_eq!(
        adb.run(&["-s", &s, "shell", "false"]).status.code(),
        Some(0)
    );
    let out = adb.run(&["-s", &s, "shell", "nosuchcommand"]);
    assert_eq!(text(&out), "/system/bin/sh: nosuchcommand: not found\n");
}

#[test]
fn exec_out_screencap_raw_and_png_decode_to_the_screen() {
    let (phone, _) = rig::test_phone();
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    let raw = adb.run(&["-s", &s, "exec-out", "screencap"]).stdout;
    let word = |i: usize| u32::from_le_bytes(raw[i * 4..i * 4 + 4].try_into().unwrap());
    assert_eq!((word(0), word(1), word(2)), (360, 640, 1));
    assert_eq!(raw.len(), 16 + 360 * 640 * 4);
    let at = |x: usize, y: usize| &raw[16 + (y * 360 + x) * 4..16 + (y * 360 + x) * 4 + 4];
    assert_eq!(at(300, 500), pattern(300, 500));
    let png = adb.run(&["-s", &s, "exec-out", "screencap", "-p"]).stdout;
    let img = image::load_from_memory(&png)
        .expect("PNG decodes")
        .to_rgba8();
    assert_eq!(img.dimensions(), (360, 640));
    assert_eq!(img.get_pixel(123, 456).0, pattern(123, 456));
    // To a file on the phone, then pulled.
    adb.ok(&["-s", &s, "shell", "screencap", "-p", "/sdcard/shot.png"]);
    let dir = tempfile::tempdir().unwrap();
    let local = dir.path().join("shot.png");
    adb.ok(&[
        "-s",
        &s,
        "pull",
        "/sdcard/shot.png",
        local.to_str().unwrap(),
    ]);
    assert_eq!(
        image::open(&local).unwrap().to_rgba8().dimensions(),
        (360, 640)
    );
}

#[test]
fn push_and_pull_round_trip_5_mb_byte_for_byte() {
    let (phone, _) = rig::test_phone();
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    let dir = tempfile::tempdir().unwrap();
    let data: Vec<u8> = (0..5_000_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let up = dir.path().join("up.bin");
    let down = dir.path().join("down.bin");
    std::fs::write(&up, &data).unwrap();
    adb.ok(&[
        "-s",
        &s,
        "push",
        up.to_str().unwrap(),
        "/data/local/tmp/big.bin",
    ]);
    assert_eq!(
        adb.ok(&["-s", &s, "shell", "ls", "/data/local/tmp"]),
        "big.bin\n"
    );
    adb.ok(&[
        "-s",
        &s,
        "pull",
        "/data/local/tmp/big.bin",
        down.to_str().unwrap(),
    ]);
    assert!(std::fs::read(&down).unwrap() == data, "pulled bytes differ");
    let out = adb.run(&["-s", &s, "push", up.to_str().unwrap(), "/system/big.bin"]);
    assert!(!out.status.success());
    let out = adb.run(&[
        "-s",
        &s,
        "pull",
        "/sdcard/missing.bin",
        down.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("does not exist"), "{said}");
}

#[test]
fn input_commands_reach_the_screen() {
    let (phone, recorder) = rig::test_phone();
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    adb.ok(&["-s", &s, "shell", "input", "tap", "100", "200"]);
    assert_eq!(
        recorder.wait_for(2),
        [
            Received::Touch(Touch::Down { x: 100.0, y: 200.0 }),
            Received::Touch(Touch::Up { x: 100.0, y: 200.0 })
        ]
    );
    adb.ok(&[
        "-s",
        &s,
        "shell",
        "input",
        "keyevent",
        "KEYCODE_5",
        "DEL",
        "5",
    ]);
    adb.ok(&["-s", &s, "shell", "input", "text", "42"]);
    let keys: Vec<u32> = recorder
        .wait_for(7)
        .iter()
        .filter_map(|e| match e {
            Received::Key(Keycode(k)) => Some(*k),
            _ => None,
        })
        .collect();
    assert_eq!(keys, [12, 67, 5, 11, 9]);
    let out = adb.run(&["-s", &s, "shell", "input", "keyevent", "KEYCODE_NOPE"]);
    assert_eq!(out.status.code(), Some(1));
    let out = adb.run(&["-s", &s, "shell", "input", "tap", "x"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("Invalid arguments for command: tap"));
    adb.ok(&[
        "-s", &s, "shell", "input", "swipe", "10", "10", "50", "90", "100",
    ]);
    let events = recorder.wait_for(10);
    assert!(
        matches!(events.last(), Some(Received::Touch(Touch::Up { x, y })) if *x == 50.0 && *y == 90.0)
    );
}

/// `sendevent ARGS` lines writing a protocol B tap at raw (`x`, `y`) on the touch node, with
/// `pressure` if some, chained with `&&` for one shell.
fn sendevent_tap(x: i32, y: i32, pressure: Option<i32>) -> String {
    let mut events = vec![(3, 47, 0), (3, 57, 7), (3, 53, x), (3, 54, y)];
    events.extend(pressure.map(|p| (3, 58, p)));
    events.extend([(1, 330, 1), (0, 0, 0), (3, 57, -1), (1, 330, 0), (0, 0, 0)]);
    events
        .iter()
        .map(|(t, c, v)| format!("sendevent /dev/input/event1 {t} {c} {v}"))
        .collect::<Vec<_>>()
        .join(" && ")
}

/// On Android 9 the shell may write the panel: a contact without pressure on a panel declaring
/// ABS_MT_PRESSURE is a hover (no touch), one with pressure a tap. Android 10 denies the write.
#[test]
fn getevent_and_sendevent_make_a_protocol_b_tap() {
    use autosudoku_phone::android::AndroidVersion;
    let (screen, recorder) = rig::TestScreen::new(360, 640);
    let phone = rig::start(rig::phone(Box::new(screen)).android(AndroidVersion::V9));
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    let listing = adb.ok(&["-s", &s, "shell", "getevent", "-lp"]);
    assert!(
        listing.contains("ABS_MT_POSITION_X    : value 0, min 0, max 4095")
            && listing.contains("ABS_MT_PRESSURE      : value 0, min 0, max 255"),
        "{listing}"
    );
    // (90, 160) hovers; (180, 320) on a 360x640 screen is raw (2048, 2048) and taps.
    adb.ok(&["-s", &s, "shell", &sendevent_tap(1024, 1024, None)]);
    adb.ok(&["-s", &s, "shell", &sendevent_tap(2048, 2048, Some(40))]);
    assert_eq!(
        recorder.wait_for(2),
        [
            Received::Touch(Touch::Down { x: 180.0, y: 320.0 }),
            Received::Touch(Touch::Up { x: 180.0, y: 320.0 })
        ]
    );

    let (screen, _) = rig::TestScreen::new(360, 640);
    let ten = rig::start(rig::phone(Box::new(screen)).android(AndroidVersion::V10));
    adb.connect(&ten.serial());
    let out = adb.run(&[
        "-s",
        &ten.serial(),
        "shell",
        "sendevent /dev/input/event1 0 0 0",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "sendevent: /dev/input/event1: Permission denied\n"
    );
}

/// Runs `adb ARGS` with `input` on stdin; returns (stdout, exit code). Fails after 20 s.
fn interactive(adb: &AdbServer, args: &[&str], input: &[u8]) -> (String, Option<i32>) {
    use std::io::Write;
    let mut child = adb
        .cmd()
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("adb {args:?} did not end");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code(),
    )
}

#[test]
fn interactive_shell_reads_lines_until_exit() {
    let (phone, _) = rig::test_phone();
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    // stdin is a pipe: `shell,v2,raw:`, no prompt, no echo.
    let script = b"echo one\ngetprop ro.build.version.sdk\nfalse\necho $?\nexit 4\n";
    assert_eq!(
        interactive(&adb, &["-s", &s, "shell"], script),
        ("one\n34\n1\n".to_string(), Some(4))
    );
    // `-tt` asks for a pty: prompt, echo and \r\n line ends, as a terminal shows them.
    // One line: a tty echoes input on arrival, so a second line's echo could land amid the output.
    let (out, code) = interactive(&adb, &["-s", &s, "shell", "-tt"], b"echo hi; exit 2\n");
    assert_pty_session(&out, "echo hi; exit 2", "hi");
    assert_eq!(code, Some(2));
}

/// A pty session: the prompt, the echoed command, its output on a line of its own, and only
/// `\r\n` line ends. (The echo may come all at once, as a real tty echoes input on arrival.)
fn assert_pty_session(out: &str, command: &str, output: &str) {
    assert!(
        out.starts_with(&format!("vsphone:/ $ {command}\r\n")),
        "{out:?}"
    );
    assert!(out.split("\r\n").any(|line| line == output), "{out:?}");
    assert!(
        !out.replace("\r\n", "").contains('\n'),
        "bare \\n in {out:?}"
    );
}

#[test]
fn bare_shell_without_v2_is_an_interactive_pty() {
    let (screen, _) = rig::TestScreen::new(360, 640);
    let phone = rig::start(rig::phone(Box::new(screen)).shell_v2(false));
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    let (out, _) = interactive(&adb, &["-s", &s, "shell"], b"echo v1; exit\n");
    assert_pty_session(&out, "echo v1; exit", "v1");
}

/// `dumpsys window` names the skin's app in front as Android does, then the launcher after HOME;
/// the agent's parser reads both, and `dumpsys activity activities` agrees.
#[test]
fn dumpsys_names_the_app_in_front_and_the_launcher_after_home() {
    use autosudoku_agent::device::{foreground, home};
    use autosudoku_phone::android::AndroidVersion;
    use autosudoku_phone::app::{AppArgs, SkinName};
    let app = AppArgs {
        skin: SkinName::Compact,
        ..AppArgs::default()
    }
    .build()
    .expect("app");
    let phone = rig::start(rig::phone(Box::new(app)).android(AndroidVersion::V11));
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    let displays = adb.ok(&["-s", &s, "shell", "dumpsys", "window", "displays"]);
    assert!(
        displays.contains("  mCurrentFocus=Window{")
            && displays
                .contains(" u0 com.autosudoku.compact/com.autosudoku.compact.GameActivity}\n"),
        "{displays}"
    );
    // The phone names its home app as a real one does (`cmd package resolve-activity`).
    let home_app = home::parse(&adb.ok(&["-s", &s, "shell", home::COMMAND]));
    assert_eq!(
        home_app.as_ref().map(|h| h.package.as_str()),
        Some("com.android.launcher3")
    );
    let front = foreground::parse(&displays, home_app.as_ref()).expect("parsed");
    assert_eq!(front.package, "com.autosudoku.compact");
    assert!(!front.home);
    let activities = adb.ok(&["-s", &s, "shell", "dumpsys activity activities"]);
    assert!(
        activities.contains("mResumedActivity: ActivityRecord{"),
        "{activities}"
    );
    assert_eq!(
        foreground::parse(&activities, home_app.as_ref()),
        Some(front)
    );
    adb.ok(&["-s", &s, "shell", "input", "keyevent", "KEYCODE_HOME"]);
    let window = adb.ok(&["-s", &s, "shell", "dumpsys", "window"]);
    let home = foreground::parse(&window, home_app.as_ref()).expect("launcher");
    assert!(home.home, "{home}");
    let out = adb.run(&["-s", &s, "shell", "dumpsys", "nosuchservice"]);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("Can't find service: nosuchservice"),
        "{out:?}"
    );
}

/// On a foldable of every release that lists displays, the agent's parser finds in
/// `dumpsys display` the physical display behind logical display 0: the first one
/// `dumpsys SurfaceFlinger --display-id` lists, whose id `screencap -d` takes. Android 12 and 13
/// print a stray quote after each logical id, which the parser once took for another display.
#[test]
fn the_game_display_is_found_in_every_releases_display_dump() {
    use autosudoku_agent::device::game_display;
    use autosudoku_phone::android::{AndroidVersion, Vendor};
    use autosudoku_phone::app::AppArgs;
    let adb = AdbServer::start();
    for android in [
        AndroidVersion::V11,
        AndroidVersion::V12,
        AndroidVersion::V13,
        AndroidVersion::V15,
    ] {
        let app = AppArgs::default().build().expect("app");
        let phone = rig::start(
            rig::phone(Box::new(app))
                .vendor(Vendor::Fold)
                .android(android),
        );
        let s = phone.serial();
        adb.connect(&s);
        let sf = adb.ok(&[
            "-s",
            &s,
            "shell",
            "dumpsys",
            "SurfaceFlinger",
            "--display-id",
        ]);
        let first: u64 = sf
            .split_whitespace()
            .nth(1)
            .and_then(|id| id.parse().ok())
            .unwrap_or_else(|| panic!("{sf}"));
        let dump = adb.ok(&["-s", &s, "shell", "dumpsys", "display"]);
        assert_eq!(
            game_display::parse_default_display(&dump),
            Some(game_display::ScreencapDisplay(first)),
            "{android:?}: {dump}"
        );
    }
}
