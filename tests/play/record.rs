//! `play --record`: the phone's own screenrecord (an H.264 MP4, or a GIF at `--fps`/`--width`),
//! and host frames where the phone has none.

use crate::rig::game::{rig, Rig};
use crate::rig::text;

/// An easy classic game on a phone with `faults`, won by `play -v --record …` (`args`): the rig
/// and what play printed.
fn recorded(faults: &str, args: &[&str]) -> (Rig, String) {
    let rig = rig(
        &["--skin", "classic", "--difficulty", "easy", "--seed", "5"],
        faults,
    );
    let out = rig.play_wins(&[&["-v", "--record"][..], args].concat());
    let log = text(&out);
    (rig, log)
}

/// The names in the play's folder that start with `demo`: the recording and anything beside it.
fn demo_files(rig: &Rig) -> Vec<String> {
    rig.cwd_entries()
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .filter(|name| name.starts_with("demo"))
        .collect()
}

/// The phone records itself: `play` runs its `screenrecord`, stops it with SIGINT, pulls the chunk,
/// deletes it on the phone and leaves one H.264 MP4 ffprobe reads at the screen's size.
#[test]
fn record_mp4_uses_the_phones_screenrecord() {
    let (rig, log) = recorded("", &["demo.mp4"]);
    assert!(log.contains("with the phone's screenrecord"), "{log}");
    assert!(
        log.contains("with the phone's screenrecord: wrote"),
        "{log}"
    );
    assert!(!log.contains("cannot record itself"), "{log}");
    // The virtual phone writes PNG frames; the host transcodes them to H.264 for browsers.
    assert!(
        log.contains("transcoded from PNG frames (mp4v) to H.264"),
        "{log}"
    );
    let probe = crate::rig::ffprobe(&rig.dir.path().join("demo.mp4"));
    assert!(probe.contains("codec_name=h264"), "{probe}");
    let (width, height) = rig.phone.device().size();
    assert_eq!(
        crate::rig::probed(&probe, "width"),
        f64::from(width),
        "{probe}"
    );
    assert_eq!(
        crate::rig::probed(&probe, "height"),
        f64::from(height),
        "{probe}"
    );
    assert!(
        crate::rig::probed(&probe, "nb_read_frames") >= 2.0,
        "{probe}\n{log}"
    );
    assert!(crate::rig::probed(&probe, "duration") > 0.0, "{probe}");
    let chunk = "/sdcard/autosudoku-rec-1.mp4";
    assert!(
        rig.phone.device().fs().stat(chunk).is_none(),
        "{chunk} left on the phone"
    );
    assert_eq!(
        demo_files(&rig),
        ["demo.mp4"],
        "no chunk or concat list is left"
    );
}

/// A GIF from the phone's own recording: `play` runs `screenrecord`, and ffmpeg decodes it at
/// `--fps` and `--width` into the GIF once the game is over; no video is left behind.
#[test]
fn record_gif_is_made_from_the_phones_screenrecord_at_fps_and_width() {
    let (rig, log) = recorded("", &["demo.gif", "--fps", "8", "--width", "240"]);
    assert!(
        log.contains("from the phone's screenrecord at 8 fps, 240 px wide"),
        "{log}"
    );
    assert!(
        log.contains("GIF frames (") && log.contains("sampled at 8 fps"),
        "{log}"
    );
    let probe = crate::rig::ffprobe(&rig.dir.path().join("demo.gif"));
    assert!(probe.contains("codec_name=gif"), "{probe}");
    assert_eq!(crate::rig::probed(&probe, "width"), 240.0, "{probe}");
    assert_eq!(crate::rig::probed(&probe, "height"), 532.0, "{probe}");
    assert!(
        crate::rig::probed(&probe, "nb_read_frames") >= 3.0,
        "{probe}\n{log}"
    );
    assert_eq!(
        demo_files(&rig),
        ["demo.gif"],
        "no recording is left beside the GIF"
    );
}

/// A phone without `screenrecord` (as some ROMs), so `.mp4` falls back to host frames.
#[test]
fn record_mp4_falls_back_to_host_frames_without_screenrecord() {
    let (rig, log) = recorded("missing=screenrecord", &["demo.mp4"]);
    assert!(
        log.contains("the phone cannot record itself (screenrecord: not found"),
        "{log}"
    );
    let video = rig.dir.path().join("demo.mp4");
    let ffmpeg = std::process::Command::new("ffmpeg")
        .arg("-version")
        .output()
        .is_ok();
    if ffmpeg {
        let probe = crate::rig::ffprobe(&video);
        assert!(probe.contains("codec_name=h264"), "{probe}");
        assert!(
            crate::rig::probed(&probe, "nb_read_frames") >= 1.0,
            "{probe}\n{log}"
        );
    } else {
        assert!(log.contains("cannot start ffmpeg"), "{log}");
    }
}
