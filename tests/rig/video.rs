//! What ffprobe says about a video a test made (the recording tests check size and frames).

use std::process::Command;

/// ffprobe's answer (`key=value` lines) about the first video stream of `video`, counting its
/// frames. ffprobe comes with ffmpeg, which scripts/setup installs; without it the test fails
/// and says so rather than passing untested.
pub fn ffprobe(video: &std::path::Path) -> String {
    let out = Command::new("ffprobe")
        .args(["-v", "error", "-count_frames", "-select_streams", "v:0"])
        .args([
            "-show_entries",
            "stream=codec_name,width,height,nb_read_frames,duration",
        ])
        .args(["-of", "default=noprint_wrappers=1"])
        .arg(video)
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run ffprobe ({e}): install ffmpeg (scripts/setup does) to run this test")
        });
    assert!(
        out.status.success(),
        "ffprobe rejects {}: {}",
        video.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// One `key=value` of an ffprobe answer, as a number.
pub fn probed(answer: &str, key: &str) -> f64 {
    answer
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{key}=")))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no numeric {key} in ffprobe's answer:\n{answer}"))
}
