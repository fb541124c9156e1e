//! The phone's `screenrecord` through the real adb: a recording stopped by its time limit, by
//! `pkill -INT` from another shell or by the phone stopping is a complete MP4 that ffprobe reads
//! with the display's size (or `--size`'s), fetched with `adb pull`; the answers to bad input.

use crate::rig::{self, AdbServer};
use std::time::{Duration, Instant};

#[test]
fn a_time_limited_recording_pulls_as_an_mp4_ffprobe_reads() {
    let (phone, _) = rig::test_phone();
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    let started = Instant::now();
    let out = adb.run(&[
        "-s",
        &s,
        "shell",
        "screenrecord",
        "--time-limit",
        "2",
        "/sdcard/x.mp4",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let took = started.elapsed();
    assert!(
        (Duration::from_secs(2)..Duration::from_secs(10)).contains(&took),
        "a 2 s recording took {took:?}"
    );
    let dir = tempfile::tempdir().unwrap();
    let local = dir.path().join("x.mp4");
    adb.ok(&["-s", &s, "pull", "/sdcard/x.mp4", local.to_str().unwrap()]);
    let probe = rig::ffprobe(&local);
    assert_eq!(rig::probed(&probe, "width"), 360.0, "{probe}");
    assert_eq!(rig::probed(&probe, "height"), 640.0, "{probe}");
    assert!(rig::probed(&probe, "nb_read_frames") >= 1.0, "{probe}");
    let duration = rig::probed(&probe, "duration");
    assert!((1.9..2.2).contains(&duration), "{probe}");
}

#[test]
fn pkill_int_from_another_shell_stops_it_with_a_complete_file() {
    let (phone, _) = rig::test_phone();
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    let mut recording = adb
        .cmd()
        .args([
            "-s",
            &s,
            "shell",
            "screenrecord --size 180x320 /sdcard/y.mp4",
        ])
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while adb
        .run(&["-s", &s, "shell", "pidof", "screenrecord"])
        .status
        .code()
        != Some(0)
    {
        assert!(
            Instant::now() < deadline,
            "screenrecord never showed up in pidof"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(500));
    adb.ok(&["-s", &s, "shell", "pkill", "-INT", "screenrecord"]);
    let stopped = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = recording.try_wait().unwrap() {
            break status;
        }
        assert!(
            Instant::now() < stopped,
            "screenrecord did not stop on SIGINT"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status}");
    // Nothing left to signal: pkill finds no process and says so with exit 1.
    let again = adb.run(&["-s", &s, "shell", "pkill", "-INT", "screenrecord"]);
    assert_eq!(again.status.code(), Some(1));
    let dir = tempfile::tempdir().unwrap();
    let local = dir.path().join("y.mp4");
    adb.ok(&["-s", &s, "pull", "/sdcard/y.mp4", local.to_str().unwrap()]);
    let probe = rig::ffprobe(&local);
    assert_eq!(rig::probed(&probe, "width"), 180.0, "{probe}");
    assert_eq!(rig::probed(&probe, "height"), 320.0, "{probe}");
    assert!(rig::probed(&probe, "duration") >= 0.4, "{probe}");
}

#[test]
fn help_bad_options_and_unwritable_paths() {
    let (phone, _) = rig::test_phone();
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    let help = adb.run(&["-s", &s, "shell", "screenrecord", "--help"]);
    assert_eq!(help.status.code(), Some(0));
    let usage = String::from_utf8_lossy(&help.stderr);
    assert!(
        usage.starts_with("Usage: screenrecord [options] <filename>"),
        "{usage}"
    );
    for (args, code, message) in [
        (
            "screenrecord --fps 30 /sdcard/a.mp4",
            2,
            "unrecognized option '--fps'",
        ),
        ("screenrecord", 2, "Must specify output file"),
        (
            "screenrecord --time-limit 500 /sdcard/a.mp4",
            2,
            "outside acceptable range [0,180]",
        ),
        (
            "screenrecord /system/a.mp4",
            1,
            "Unable to open '/system/a.mp4': Permission denied",
        ),
    ] {
        let out = adb.run(&["-s", &s, "shell", args]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args}: {err}");
        assert!(err.contains(message), "{args}: {err}");
    }
}

#[test]
fn a_phone_that_stops_finishes_the_recording_first() {
    let (phone, _) = rig::test_phone();
    let device = phone.device().clone();
    let adb = AdbServer::start();
    let s = phone.serial();
    adb.connect(&s);
    let mut recording = adb
        .cmd()
        .args(["-s", &s, "shell", "screenrecord /sdcard/z.mp4"])
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while device
        .processes()
        .lock()
        .unwrap()
        .find("screenrecord", true)
        .is_empty()
    {
        assert!(Instant::now() < deadline, "screenrecord never started");
        std::thread::sleep(Duration::from_millis(20));
    }
    phone.stop();
    // The cut connection hangs up the shell: SIGHUP, which screenrecord handles like SIGINT.
    while !device
        .processes()
        .lock()
        .unwrap()
        .find("screenrecord", true)
        .is_empty()
    {
        assert!(
            Instant::now() < deadline,
            "screenrecord kept running on a stopped phone"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = recording.kill();
    let _ = recording.wait();
    let file = device.fs().read("/sdcard/z.mp4").unwrap().to_vec();
    let dir = tempfile::tempdir().unwrap();
    let local = dir.path().join("z.mp4");
    std::fs::write(&local, file).unwrap();
    let probe = rig::ffprobe(&local);
    assert_eq!(rig::probed(&probe, "width"), 360.0, "{probe}");
}
