//! The phone's optional machinery seen from outside: the Monkey's network protocol through
//! `adb forward`, `monkey -f`, touch dots, faults (reproducible dropped taps, a connection closed
//! after N commands and the adb 29 reconnect), the trace file with simulated costs, and the CLI.

use crate::rig::{self, AdbServer, Received};
use autosudoku_phone::android::AndroidVersion;
use autosudoku_phone::faults::FaultPlan;
use autosudoku_phone::latency::Latency;
use autosudoku_phone::screen::{Keycode, Touch};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

#[test]
fn monkey_network_protocol_through_adb_forward() {
    let (phone, recorder) = rig::test_phone();
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    // Left running in the background, as `adb shell "monkey --port 1080 &"` does on a phone.
    adb.ok(&["-s", &s, "shell", "monkey --port 1080 &"]);
    let local = rig::free_port();
    adb.ok(&["-s", &s, "forward", &format!("tcp:{local}"), "tcp:1080"]);
    let deadline = Instant::now() + Duration::from_secs(10);
    let (mut writer, mut reader) = loop {
        let socket = TcpStream::connect(("127.0.0.1", local)).unwrap();
        socket
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        let mut reader = BufReader::new(socket.try_clone().unwrap());
        let mut writer = socket;
        let mut line = String::new();
        // Until the Monkey listens, the forward's stream is refused and the socket closes.
        if writer.write_all(b"wake\n").is_ok()
            && reader.read_line(&mut line).is_ok()
            && line == "OK\n"
        {
            break (writer, reader);
        }
        assert!(Instant::now() < deadline, "monkey never answered");
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut ask = |command: &str| {
        writer.write_all(format!("{command}\n").as_bytes()).unwrap();
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        line
    };
    assert_eq!(ask("tap 10 20"), "OK\n");
    assert_eq!(ask("press KEYCODE_7"), "OK\n");
    assert_eq!(ask("key down 67"), "OK\n");
    assert_eq!(ask("key up 67"), "OK\n");
    assert_eq!(ask("touch down 1 2"), "OK\n");
    assert_eq!(ask("touch up 3 4"), "OK\n");
    assert_eq!(ask("type 12"), "OK\n");
    // A second Monkey on the same port cannot bind it: Monkey.run prints this and returns -5.
    let second = adb.run(&["-s", &s, "shell", "monkey --port 1080"]);
    assert_eq!(
        String::from_utf8_lossy(&second.stdout),
        "Error binding to network socket.\n"
    );
    assert_eq!(second.status.code(), Some(251));
    // An unknown command gets no answer at all (MonkeySourceNetwork.translateCommand): the line
    // read is quit's answer.
    assert_eq!(ask("frobnicate\nquit"), "OK\n");
    assert_eq!(
        recorder.wait_for(8),
        [
            Received::Touch(Touch::Down { x: 10.0, y: 20.0 }),
            Received::Touch(Touch::Up { x: 10.0, y: 20.0 }),
            Received::Key(Keycode(14)),
            Received::Key(Keycode(67)),
            Received::Touch(Touch::Down { x: 1.0, y: 2.0 }),
            Received::Touch(Touch::Up { x: 3.0, y: 4.0 }),
            Received::Key(Keycode(8)),
            Received::Key(Keycode(9)),
        ]
    );
}

#[test]
fn monkey_script_and_show_touches() {
    let (phone, recorder) = rig::test_phone();
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    let script = "type= raw events\ncount= 3\nspeed= 1.0\nstart data >>\nTap(30, 40)\nUserWait(10)\nDispatchPress(KEYCODE_3)\n";
    adb.ok(&[
        "-s",
        &s,
        "shell",
        &format!("echo '{script}' > /sdcard/s.txt"),
    ]);
    let out = adb.ok(&["-s", &s, "shell", "monkey -f /sdcard/s.txt 2"]);
    assert!(out.contains("Events injected: 6"), "{out}");
    assert_eq!(recorder.wait_for(6).len(), 6);
    assert_eq!(
        adb.ok(&["-s", &s, "shell", "settings get system show_touches"]),
        "null\n"
    );
    adb.ok(&["-s", &s, "shell", "settings put system show_touches 1"]);
    adb.ok(&["-s", &s, "shell", "input tap 200 300"]);
    let png = adb.run(&["-s", &s, "exec-out", "screencap -p"]).stdout;
    let img = image::load_from_memory(&png).unwrap().to_rgba8();
    assert_ne!(
        img.get_pixel(200, 300).0,
        rig::pattern(200, 300),
        "a touch dot is drawn at the tap"
    );
    assert_eq!(
        img.get_pixel(20, 600).0,
        rig::pattern(20, 600),
        "away from the dot the app shows"
    );
}

fn taps_seen(plan: &str, seed: u64) -> Vec<bool> {
    let (screen, recorder) = rig::TestScreen::new(100, 100);
    let phone = rig::start(rig::phone(Box::new(screen)).faults(plan.parse().unwrap(), seed));
    (0..30)
        .map(|i| {
            let before = recorder.events().len();
            phone.device().tap(i as f32, 1.0);
            recorder.events().len() > before
        })
        .collect()
}

#[test]
fn dropped_taps_are_seeded_and_reproducible() {
    let a = taps_seen("drop-taps=0.3", 42);
    assert_eq!(a, taps_seen("drop-taps=0.3", 42));
    assert_ne!(a, taps_seen("drop-taps=0.3", 43));
    let lost = a.iter().filter(|seen| !**seen).count();
    assert!((3..=18).contains(&lost), "{lost} of 30 dropped");
    assert!(taps_seen("", 42).iter().all(|seen| *seen));
}

#[test]
fn close_after_n_commands_then_adb_reconnects() {
    let (screen, _) = rig::TestScreen::new(100, 100);
    let plan: FaultPlan = "close-after=2".parse().unwrap();
    let phone = rig::start(rig::phone(Box::new(screen)).faults(plan, 0));
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    assert_eq!(adb.ok(&["-s", &s, "shell", "echo one"]), "one\n");
    let second = adb.run(&["-s", &s, "shell", "echo two"]);
    assert!(
        String::from_utf8_lossy(&second.stdout).is_empty(),
        "the 2nd command's answer is lost"
    );
    // The phone keeps running: disconnect + connect (adb 29's stale-transport quirk) brings it back.
    adb.connect(&s);
    assert_eq!(adb.ok(&["-s", &s, "shell", "echo three"]), "three\n");
}

/// Under `--faults linker-warnings=1` the shell adbd starts for a session or a command warns
/// first, as every program the linker starts does; a shell builtin (`echo`) adds none.
#[test]
fn the_linker_warns_as_the_shell_starts_a_session_or_a_command() {
    const WARNING: &str = "WARNING: linker: ";
    let (screen, _) = rig::TestScreen::new(100, 100);
    let plan: FaultPlan = "linker-warnings=1".parse().unwrap();
    let phone = rig::start(rig::phone(Box::new(screen)).faults(plan, 0));
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    let said = adb.ok(&["-s", &s, "exec-out", "echo hi"]);
    assert!(
        said.starts_with(WARNING) && said.ends_with("\nhi\n"),
        "{said:?}"
    );
    assert_eq!(said.matches(WARNING).count(), 1, "{said:?}");
    let said = adb.ok(&["-s", &s, "exec-out", "getprop ro.build.version.sdk"]);
    assert_eq!(
        said.matches(WARNING).count(),
        2,
        "sh, then getprop: {said:?}"
    );
    // An interactive session (stdin not a terminal: `shell,v2,raw:`), stderr on its own channel.
    let mut session = adb.cmd();
    session
        .args(["-s", &s, "shell"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = session.spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"echo hi\nexit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "hi\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.matches(WARNING).count(), 1, "{err:?}");
}

#[test]
fn trace_records_services_commands_and_simulated_costs() {
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("trace.jsonl");
    let (screen, _) = rig::TestScreen::new(100, 100);
    let phone = rig::start(
        rig::phone(Box::new(screen))
            .latency(Latency::Realistic)
            .android(AndroidVersion::V11)
            .trace(trace.clone()),
    );
    let adb = AdbServer::start();
    adb.connect(&phone.serial());
    adb.ok(&["-s", &phone.serial(), "shell", "input tap 1 1"]);
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&trace)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines
        .iter()
        .any(|l| l["event"] == "open" && l["detail"].as_str().unwrap().ends_with("input tap 1 1")));
    let command = lines
        .iter()
        .find(|l| l["event"] == "command")
        .expect("command traced");
    assert_eq!(command["detail"], "input tap 1 1");
    // Android 11's `input` is a JVM start: hundreds of ms.
    assert!(command["cost_ms"].as_f64().unwrap() >= 300.0, "{command}");
}

#[test]
fn cli_prints_its_address_and_serves_adb() {
    let puzzle =
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";
    let mut child = rig::phone_command(&["--puzzle", puzzle, "--model", "CLI Phone"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    struct Kill(std::process::Child);
    impl Drop for Kill {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let _child = Kill(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(rig::listening_address(&mut stdout));
    });
    let serial = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("first stdout line");
    let adb = AdbServer::start();
    adb.connect(&serial);
    assert_eq!(
        adb.ok(&["-s", &serial, "shell", "getprop ro.product.model"]),
        "CLI Phone\n"
    );
    let png = adb.run(&["-s", &serial, "exec-out", "screencap -p"]).stdout;
    assert!(image::load_from_memory(&png).is_ok());
}

#[test]
fn cli_refuses_a_non_loopback_address() {
    let out = rig::run_with_timeout(
        std::process::Command::new(env!("CARGO_BIN_EXE_autosudoku")).args([
            "phone",
            "--listen",
            "0.0.0.0:0",
        ]),
        Duration::from_secs(30),
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("not a loopback address") && err.contains("--allow-remote"),
        "{err}"
    );
}
