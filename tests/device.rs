//! End-to-end tests of the device layer against the virtual phone, through the real adb server and
//! directly: every input backend lands every tap on the right pixel (portrait, landscape, a panel
//! whose ranges differ from the screen), captures match the screen, the shell session survives a
//! cut connection and says exactly what was confirmed, and a vanished or frozen phone gives a
//! clear error instead of a hang. Plus the `devices` and `screenshot` commands as a user runs them,
//! and (in `device/errors.rs`) every device error case with its message and exit code, and (in
//! `device/twins.rs`) one phone listed twice over wireless debugging.

#[path = "device/dumps.rs"]
mod dumps;
#[path = "device/errors.rs"]
mod errors;
#[path = "device/pick.rs"]
mod pick;
mod rig;
#[path = "device/twins.rs"]
mod twins;

use assert_cmd::Command as Cli;
use autosudoku_agent::device::{
    self, CaptureFormat, Device, DeviceConfig, DeviceError, InputKind, Key, Point, Route,
    ScreencapError, ServerConfig, Service, Stream, Timeouts,
};
use autosudoku_phone::screen::{Keycode, Touch};
use rig::{keygen, AdbServer, Received, Recorder, TestScreen};
use std::io::{self, Read, Write};
use std::net::{Ipv4Addr, SocketAddrV4};
use std::path::PathBuf;
use std::time::{Duration, Instant};

const TAPPING: [InputKind; 4] = [
    InputKind::Tap,
    InputKind::Shell,
    InputKind::Monkey,
    InputKind::Sendevent,
];

/// A phone showing `screen` on which `kind` can tap: `sendevent` needs a shell that may write
/// /dev/input, which Android 10 and later grant only to root (`adb root` sets service.adb.root=1).
fn phone_for(kind: InputKind, screen: TestScreen) -> autosudoku_phone::PhoneHandle {
    let phone = rig::phone(Box::new(screen));
    rig::start(match kind {
        InputKind::Sendevent => phone.prop("service.adb.root", "1"),
        _ => phone,
    })
}

fn config(route: Route, input: InputKind) -> DeviceConfig {
    DeviceConfig {
        timeouts: Timeouts {
            connect: Duration::from_secs(5),
            command: Duration::from_secs(5),
            capture: Duration::from_secs(10),
        },
        ..DeviceConfig::new(route, input)
    }
}

fn via_server(adb: &AdbServer, serial: &str) -> Route {
    Route::Server {
        server: ServerConfig {
            addr: SocketAddrV4::new(Ipv4Addr::LOCALHOST, adb.port()),
            adb: PathBuf::from("adb"),
        },
        serial: Some(serial.to_owned()),
    }
}

fn direct(handle: &autosudoku_phone::PhoneHandle) -> Route {
    Route::Direct {
        addr: handle.addr(),
        key: None,
    }
}

/// Points spread over the screen: corners, edges, centre and a few odd ones.
fn points(w: u32, h: u32) -> Vec<Point> {
    vec![
        Point::new(0, 0),
        Point::new(w - 1, 0),
        Point::new(0, h - 1),
        Point::new(w - 1, h - 1),
        Point::new(w / 2, h / 2),
        Point::new(17, h / 3),
        Point::new(w / 3, 251 % h),
        Point::new(w - 2, h / 7),
    ]
}

/// The pixels the app saw touched (finger-down positions, floored as Android's view hit test does).
fn downs(recorder: &Recorder, n: usize) -> Vec<Point> {
    recorder
        .wait_for(2 * n)
        .iter()
        .filter_map(|e| match e {
            Received::Touch(Touch::Down { x, y }) => {
                Some(Point::new(x.floor() as u32, y.floor() as u32))
            }
            _ => None,
        })
        .collect()
}

fn check_backend(route: Route, kind: InputKind, size: (u32, u32), recorder: &Recorder) {
    let mut phone =
        device::Phone::connect(&config(route, kind)).unwrap_or_else(|e| panic!("{kind:?}: {e}"));
    assert_eq!(phone.input().kind(), kind);
    let shot = phone.capture().unwrap();
    assert_eq!((shot.size.width, shot.size.height), size);
    let pts = points(size.0, size.1);
    let map = phone.screen_map();
    let confirmed = phone
        .input()
        .taps(&map, &pts)
        .unwrap_or_else(|e| panic!("{kind:?}: {e}"));
    assert_eq!(confirmed, pts.len());
    assert_eq!(downs(recorder, pts.len()), pts, "{kind:?} on {size:?}");
    let stats = phone.input().stats();
    assert_eq!(stats.taps, pts.len());
    assert!(stats.round_trips >= 1);
}

/// A keyboard cover's touchpad that getevent lists before the panel (`--faults touchpad=1`): a
/// multi-touch device InputReader takes for a pointer, not a touch screen. `sendevent` writes to
/// the panel (INPUT_PROP_DIRECT) and every tap lands; written to the touchpad, none would.
#[test]
fn sendevent_writes_to_the_panel_not_to_a_touchpad_listed_first() {
    let (screen, recorder) = TestScreen::new(360, 640);
    let touchpad = "touchpad=1".parse().unwrap();
    let phone = rig::start(
        rig::phone(Box::new(screen))
            .prop("service.adb.root", "1")
            .faults(touchpad, 0),
    );
    check_backend(direct(&phone), InputKind::Sendevent, (360, 640), &recorder);
    phone.stop();
}

#[test]
fn every_backend_taps_every_pixel_right_through_the_adb_server() {
    let adb = AdbServer::start();
    // Portrait, and a landscape panel; the touchscreen reports 0..4095 on both axes either way.
    for size in [(360, 640), (640, 360)] {
        for kind in TAPPING {
            let (screen, recorder) = TestScreen::new(size.0, size.1);
            let handle = phone_for(kind, screen);
            check_backend(via_server(&adb, &handle.serial()), kind, size, &recorder);
        }
    }
}

#[test]
fn every_backend_taps_every_pixel_right_over_direct_tcp() {
    for kind in TAPPING {
        let (screen, recorder) = TestScreen::new(360, 640);
        let handle = phone_for(kind, screen);
        check_backend(direct(&handle), kind, (360, 640), &recorder);
    }
}

#[test]
fn auto_picks_a_working_backend_and_keys_arrive_in_order() {
    let (handle, recorder) = rig::test_phone();
    let mut phone = device::Phone::connect(&config(direct(&handle), InputKind::Auto)).unwrap();
    // Every Android ships the Monkey, and it is the fastest backend.
    assert_eq!(phone.input().kind(), InputKind::Monkey);
    let map = phone.screen_map();
    phone.input().tap(&map, Point::new(100, 200)).unwrap();
    assert_eq!(downs(&recorder, 1), vec![Point::new(100, 200)]);

    let (handle, recorder) = rig::test_phone();
    let mut phone = device::Phone::connect(&config(direct(&handle), InputKind::Keys)).unwrap();
    let keys = [
        Key::digit(5).unwrap(),
        Key::DPAD_RIGHT,
        Key::digit(0).unwrap(),
        Key::DEL,
    ];
    phone.input().keys(&keys).unwrap();
    let got: Vec<Keycode> = recorder
        .wait_for(keys.len())
        .iter()
        .filter_map(|e| match e {
            Received::Key(k) => Some(*k),
            _ => None,
        })
        .collect();
    assert_eq!(got, vec![Keycode(12), Keycode(22), Keycode(7), Keycode(67)]);
    let map = phone.screen_map();
    let err = phone.input().tap(&map, Point::new(1, 1)).unwrap_err();
    assert!(
        matches!(
            err,
            DeviceError::Unsupported {
                backend: "keys",
                ..
            }
        ),
        "{err}"
    );
}

/// A phone that took the injection probe but refuses the taps after it (its answers replayed):
/// the one-process and shell-session backends read the refusal `input` printed, and the tap is
/// never counted as landed, though the session's marker still came.
#[test]
fn a_refused_tap_is_never_confirmed() {
    let refusal = "java.lang.SecurityException: Injecting input events requires the caller (or the source of the instrumentation, if any) to have the INJECT_EVENTS permission.";
    let dump = format!(
        "{{\"command\": \"input keyevent 0\", \"output\": \"\", \"exit\": 0}}\n\
         {{\"command\": \"input *\", \"output\": \"\\nException occurred while executing 'tap':\\n{refusal}\\n\", \"exit\": 255}}\n"
    );
    for kind in [InputKind::Tap, InputKind::Shell] {
        let (screen, recorder) = TestScreen::new(360, 640);
        let replay = autosudoku_phone::replay::Replay::parse(&dump).unwrap();
        let handle = rig::start(rig::phone(Box::new(screen)).replay(replay));
        let mut phone = device::Phone::connect(&config(direct(&handle), kind)).unwrap();
        let map = phone.screen_map();
        let err = phone.input().tap(&map, Point::new(10, 10)).unwrap_err();
        assert!(err.injection_denied(), "{kind:?}: {err}");
        assert!(err.to_string().contains("INJECT_EVENTS"), "{kind:?}: {err}");
        assert!(recorder.events().is_empty(), "{kind:?}");
    }
}

#[test]
fn the_tap_gap_spaces_taps_out_in_every_backend() {
    for kind in TAPPING {
        let (screen, recorder) = TestScreen::new(360, 640);
        let handle = phone_for(kind, screen);
        let mut cfg = config(direct(&handle), kind);
        cfg.tap_gap = Duration::from_millis(60);
        let mut phone = device::Phone::connect(&cfg).unwrap();
        let pts = [
            Point::new(1, 1),
            Point::new(2, 2),
            Point::new(3, 3),
            Point::new(4, 4),
        ];
        let start = Instant::now();
        let map = phone.screen_map();
        phone.input().taps(&map, &pts).unwrap();
        // Three gaps between four taps; the phone itself answers at once (--latency none).
        assert!(
            start.elapsed() >= Duration::from_millis(180),
            "{kind:?}: {:?}",
            start.elapsed()
        );
        assert_eq!(downs(&recorder, pts.len()), pts);
    }
}

#[test]
fn text_is_quoted_for_the_device_shell() {
    let (handle, _) = rig::test_phone();
    for kind in [InputKind::Shell, InputKind::Tap, InputKind::Monkey] {
        let mut phone = device::Phone::connect(&config(direct(&handle), kind)).unwrap();
        // Would run `reboot` and write a file if it escaped its quotes.
        phone
            .input()
            .text("it's 5; reboot > /sdcard/x")
            .unwrap_or_else(|e| panic!("{kind:?}: {e}"));
        let ls = phone.device().shell("ls /sdcard/x").unwrap();
        assert!(ls.contains("No such file"), "{kind:?}: {ls}");
    }
}

#[test]
fn direct_connections_authenticate_with_the_host_key() {
    let dir = tempfile::tempdir().unwrap();
    let (good, bad) = (keygen(dir.path(), "good"), keygen(dir.path(), "bad"));
    let (screen, _) = TestScreen::new(360, 640);
    let keys = autosudoku_phone::adbd::auth::AuthKeys::load(&good.with_extension("pub")).unwrap();
    let handle = rig::start(rig::phone(Box::new(screen)).auth(keys));
    let timeouts = Timeouts {
        command: Duration::from_secs(1),
        ..Timeouts::default()
    };

    let (mut dev, _) = device::DirectDevice::connect(handle.addr(), Some(&good), timeouts).unwrap();
    assert_eq!(dev.shell("echo authed").unwrap(), "authed\n");
    // An unlisted key is like an unanswered "Allow USB debugging?" prompt; no key at all too.
    for key in [Some(bad.as_path()), None] {
        let err = device::DirectDevice::connect(handle.addr(), key, timeouts).unwrap_err();
        assert!(matches!(err, DeviceError::Unauthorized { .. }), "{err}");
    }
}

#[test]
fn captures_match_the_screen_in_both_formats_and_transports() {
    let adb = AdbServer::start();
    let (handle, _) = rig::test_phone();
    for route in [via_server(&adb, &handle.serial()), direct(&handle)] {
        let mut dev = device::open_device(&route, Timeouts::default()).unwrap();
        for format in [CaptureFormat::Raw, CaptureFormat::Png] {
            let shot = device::capture(&mut *dev, format).unwrap();
            assert_eq!(shot.image.dimensions(), (360, 640));
            for (x, y) in [(0, 0), (359, 639), (123, 456)] {
                assert_eq!(
                    shot.image.get_pixel(x, y).0,
                    rig::pattern(x, y),
                    "{format:?} at {x},{y}"
                );
            }
            assert!(shot.bytes > 0);
        }
    }
}

#[test]
fn a_capture_cut_by_a_closed_connection_is_a_lost_phone_not_a_bad_capture() {
    let adb = AdbServer::start();
    for format in [CaptureFormat::Raw, CaptureFormat::Png] {
        let (screen, _) = TestScreen::new(360, 640);
        // The phone drops the connection as its first command, the screencap, runs.
        let plan = "close-after=1".parse().unwrap();
        let handle = rig::start(rig::phone(Box::new(screen)).faults(plan, 0));
        let route = via_server(&adb, &handle.serial());
        let mut dev = device::open_device(&route, Timeouts::default()).unwrap();
        let err = device::capture(&mut *dev, format).unwrap_err();
        assert!(err.is_lost(), "{format:?}: {err}");
    }
}

#[test]
fn shell_session_survives_a_cut_connection_and_reports_what_was_confirmed() {
    let adb = AdbServer::start();
    let (screen, recorder) = TestScreen::new(360, 640);
    let plan = "close-after=20".parse().unwrap();
    let handle = rig::start(rig::phone(Box::new(screen)).faults(plan, 0));
    let mut phone = device::Phone::connect(&config(
        via_server(&adb, &handle.serial()),
        InputKind::Shell,
    ))
    .unwrap();
    let pts: Vec<Point> = (0..12)
        .map(|i| Point::new(10 + 20 * i, 30 + 40 * i))
        .collect();
    let map = phone.screen_map();
    let err = phone.input().taps(&map, &pts).unwrap_err();
    let confirmed = err.confirmed_taps();
    assert!(
        matches!(err, DeviceError::Partial { total: 12, .. }),
        "{err}"
    );
    assert!(confirmed < pts.len(), "{err}");
    // The phone counts the cut after the command it closes on has run (taps land synchronously),
    // so once it is counted nothing more is in flight: compare with what the app saw.
    rig::wait_until(
        Duration::from_secs(10),
        "the phone cut the connection",
        || handle.device().faults().cuts() == 1,
    );
    let delivered = downs(&recorder, 0);
    assert!(
        delivered.len() == confirmed || delivered.len() == confirmed + 1,
        "confirmed {confirmed}, delivered {}: at most the one tap in flight may be unconfirmed",
        delivered.len()
    );
    assert_eq!(delivered, pts[..delivered.len()]);
    // The next batch reconnects (adb disconnect + connect) and finishes the job.
    let rest = &pts[delivered.len()..];
    let map = phone.screen_map();
    assert_eq!(phone.input().taps(&map, rest).unwrap(), rest.len());
    assert_eq!(downs(&recorder, pts.len()), pts);
}

#[test]
fn a_vanished_phone_is_a_clear_error_not_a_hang() {
    let adb = AdbServer::start();
    let (handle, _) = rig::test_phone();
    let serial = handle.serial();
    let mut phone =
        device::Phone::connect(&config(via_server(&adb, &serial), InputKind::Shell)).unwrap();
    let map = phone.screen_map();
    phone.input().tap(&map, Point::new(5, 5)).unwrap();
    handle.stop();
    let start = Instant::now();
    let err = phone.capture().unwrap_err();
    assert!(err.is_lost(), "{err}");
    assert!(err.to_string().contains(&serial), "{err}");
    let map = phone.screen_map();
    let err = phone.input().tap(&map, Point::new(5, 5)).unwrap_err();
    assert!(err.is_lost(), "{err}");
    assert!(
        start.elapsed() < Duration::from_secs(15),
        "took {:?}",
        start.elapsed()
    );
}

#[test]
fn a_frozen_phone_times_out() {
    let (screen, _) = TestScreen::new(360, 640);
    let plan = "slow=3000".parse().unwrap();
    let handle = rig::start(rig::phone(Box::new(screen)).faults(plan, 0));
    let mut cfg = config(direct(&handle), InputKind::Tap);
    cfg.timeouts.command = Duration::from_millis(500);
    let start = Instant::now();
    let err = device::Phone::connect(&cfg)
        .err()
        .expect("a 3 s answer must time out at 0.5 s");
    assert!(matches!(err, DeviceError::Timeout { .. }), "{err}");
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "took {:?}",
        start.elapsed()
    );
}

/// A device whose `exec:screencap` returns canned bytes, to feed the capture path bad data.
#[derive(Clone)]
struct Canned(Vec<u8>);

struct CannedStream(io::Cursor<Vec<u8>>);

impl Read for CannedStream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf)
    }
}
impl Write for CannedStream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
impl Stream for CannedStream {
    fn set_timeout(&mut self, _: Duration) -> io::Result<()> {
        Ok(())
    }
    fn close(&mut self) {}
}

impl Device for Canned {
    fn serial(&self) -> &str {
        "canned"
    }
    fn timeouts(&self) -> Timeouts {
        Timeouts::default()
    }
    fn open(&mut self, _: &Service) -> Result<Box<dyn Stream>, DeviceError> {
        Ok(Box::new(CannedStream(io::Cursor::new(self.0.clone()))))
    }
    fn reconnect(&mut self) -> Result<(), DeviceError> {
        Ok(())
    }
    fn clone_box(&self) -> Box<dyn Device> {
        Box::new(self.clone())
    }
}

#[test]
fn truncated_and_malformed_screencaps_are_explained() {
    let mut header = Vec::new();
    for w in [1080u32, 2400, 1, 0] {
        header.extend_from_slice(&w.to_le_bytes());
    }
    let mut truncated = header.clone();
    truncated.extend(std::iter::repeat_n(0u8, 1000));
    let err = device::capture(&mut Canned(truncated), CaptureFormat::Raw).unwrap_err();
    let text = err.to_string();
    assert!(
        matches!(
            err,
            DeviceError::BadScreencap {
                source: ScreencapError::Length { got: 1016, .. },
                ..
            }
        ),
        "{text}"
    );
    assert!(
        text.contains("1080x2400") && text.contains("truncated"),
        "{text}"
    );

    let mut odd = header.clone();
    odd[8] = 3; // RGB_888: not something screencap emits
    let err = device::capture(&mut Canned(odd), CaptureFormat::Raw).unwrap_err();
    assert!(err.to_string().contains("format 3"), "{err}");

    let err = device::capture(&mut Canned(b"not a png".to_vec()), CaptureFormat::Png).unwrap_err();
    assert!(err.to_string().contains("PNG"), "{err}");
}

/// The binary with no inherited server or serial settings.
fn bare() -> Cli {
    let mut cmd = Cli::cargo_bin("autosudoku").unwrap();
    cmd.env_remove("ANDROID_SERIAL")
        .env_remove("ADB_SERVER_SOCKET")
        .env_remove("ANDROID_ADB_SERVER_ADDRESS")
        .env_remove("ANDROID_ADB_SERVER_PORT")
        .timeout(Duration::from_secs(60));
    cmd
}

/// Runs `cmd`, asserts it succeeded and returns its stdout.
fn stdout_ok(cmd: &mut Cli) -> String {
    let out = cmd.assert().success().get_output().stdout.clone();
    String::from_utf8(out).unwrap()
}

/// The binary talking to `adb`'s server.
fn cli(adb: &AdbServer) -> Cli {
    let mut cmd = bare();
    cmd.env("ANDROID_ADB_SERVER_PORT", adb.port().to_string());
    cmd
}

#[test]
fn devices_and_screenshot_commands_work_as_a_user_runs_them() {
    let adb = AdbServer::start();
    let (handle, _) = rig::test_phone();
    let serial = handle.serial();
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("shot.png");

    // `-s HOST:PORT` that the server does not know yet is `adb connect`-ed first.
    cli(&adb)
        .args(["screenshot", "-s", &serial, "-o"])
        .arg(&shot)
        .assert()
        .success();
    let img = image::open(&shot).unwrap().into_rgba8();
    assert_eq!(img.dimensions(), (360, 640));
    assert_eq!(img.get_pixel(200, 300).0, rig::pattern(200, 300));

    let table = stdout_ok(cli(&adb).arg("devices"));
    assert!(table.starts_with("SERIAL"), "{table}");
    assert!(
        table.contains(&serial) && table.contains("360x640") && table.contains("0..4095"),
        "{table}"
    );

    let out = cli(&adb)
        .args(["devices", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let row: serde_json::Value =
        serde_json::from_slice(out.split(|&b| b == b'\n').next().unwrap()).unwrap();
    assert_eq!(row["serial"], serial.as_str());
    assert_eq!(row["facts"]["physical"]["width"], 360);
    assert_eq!(row["touch"]["range"]["max_x"], 4095);

    let out = cli(&adb)
        .args([
            "screenshot",
            "--direct",
            &serial,
            "--capture",
            "png",
            "--json",
            "-o",
        ])
        .arg(&shot)
        .assert()
        .success();
    let row: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(
        (row["width"].as_u64(), row["format"].as_str()),
        (Some(360), Some("png"))
    );

    // The extension names the file's format.
    let jpeg = dir.path().join("shot.jpg");
    cli(&adb)
        .args(["screenshot", "--direct", &serial, "-o"])
        .arg(&jpeg)
        .assert()
        .success();
    let bytes = std::fs::read(&jpeg).unwrap();
    assert_eq!(&bytes[..3], &[0xFF, 0xD8, 0xFF], "a JPEG file");
    assert_eq!(image::open(&jpeg).unwrap().width(), 360);
}

/// A path that cannot be written, or an extension that is no image format, is refused before
/// anything is captured (here there is not even an adb server to capture from) with exit 2, as
/// `read --image` refuses a bad path.
#[test]
fn screenshot_to_a_missing_folder_or_unknown_extension_fails_before_capturing_with_exit_2() {
    let port = rig::free_port().to_string();
    let dir = tempfile::tempdir().unwrap();
    for (path, says) in [
        (dir.path().join("no/such/dir/x.png"), "no such folder"),
        (dir.path().to_path_buf(), "it is a folder"),
        (
            dir.path().join("x.tiff"),
            "cannot save a screenshot as .tiff",
        ),
    ] {
        let out = bare()
            .args(["screenshot", "-P", &port, "--json", "-o"])
            .arg(&path)
            .env("ADB", "/nonexistent/adb")
            .assert()
            .code(2)
            .get_output()
            .clone();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(says) && stderr.contains("-o"),
            "{path:?}: {stderr}"
        );
        let error: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(error["error"]["exit"], 2, "{error}");
    }
}

#[test]
fn with_no_server_and_no_adb_it_says_how_to_install_adb() {
    // No server and no adb binary to start one: say how to install it.
    let port = rig::free_port().to_string();
    let out = Cli::cargo_bin("autosudoku")
        .unwrap()
        .args(["devices", "-P", &port])
        .env("ADB", "/nonexistent/adb")
        .timeout(Duration::from_secs(30))
        .assert()
        .code(3)
        .get_output()
        .stderr
        .clone();
    assert!(String::from_utf8(out).unwrap().contains("apt install adb"));
}

#[test]
fn a_missing_server_is_started_on_the_configured_port_only() {
    // The inherited ADB_SERVER_SOCKET points elsewhere: the spawned `adb start-server` must still
    // start the server on the port we resolved (-P), and nothing on the other one.
    let port = rig::free_port();
    let elsewhere = rig::free_port();
    let out = Cli::cargo_bin("autosudoku")
        .unwrap()
        .args(["devices", "-P", &port.to_string()])
        .env("ADB_SERVER_SOCKET", format!("tcp:{elsewhere}"))
        .env_remove("ADB")
        .timeout(Duration::from_secs(30))
        .output()
        .unwrap();
    let up = |p: u16| {
        std::net::TcpStream::connect_timeout(
            &(Ipv4Addr::LOCALHOST, p).into(),
            Duration::from_secs(1),
        )
        .is_ok()
    };
    let (started, stray) = (up(port), up(elsewhere));
    // That server knows no device: --json prints no line, and stderr still says what to do.
    let empty = Cli::cargo_bin("autosudoku")
        .unwrap()
        .args(["devices", "--json", "-P", &port.to_string()])
        .timeout(Duration::from_secs(30))
        .output()
        .unwrap();
    for p in [port, elsewhere] {
        let _ = std::process::Command::new("adb")
            .args(["-P", &p.to_string(), "kill-server"])
            .output();
    }
    assert!(
        started && !stray,
        "started={started} stray={stray}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let hint = String::from_utf8_lossy(&empty.stderr);
    assert!(empty.status.success() && empty.stdout.is_empty(), "{hint}");
    assert!(
        hint.contains("no devices") && hint.contains("adb connect"),
        "{hint}"
    );
    assert!(out.status.success(), "{out:?}");
}
