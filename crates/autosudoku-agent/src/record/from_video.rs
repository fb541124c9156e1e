//! `--record x.gif` on a phone that has `screenrecord`: the phone records the run as video (on a
//! real phone an H.264 stream that costs the link a few Mbit/s, where a raw capture of a 1440x3200
//! screen is 18 MB and so at most about 1.4 a second), and once play has ended ffmpeg decodes it at
//! `--fps` and `--width` into frames for the GIF encoder, with the taps and the step label drawn
//! on the frames that show their moves (`timeline`). Play itself never waits for a frame.

use super::credit::Credit;
use super::gif::GifWriter;
use super::timeline::{StepLabel, Taps, Timeline};
use super::{h264, join, screenrecord, GifOptions, RecordError, HOLD_LAST};
use crate::device::Device;
use std::fs::File;
use std::io::{BufWriter, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The recorder thread's body: records with `screenrecord` until `stop`, then writes `output`.
pub fn run(
    mut device: Box<dyn Device>,
    output: PathBuf,
    stop: Arc<AtomicBool>,
    ready: Sender<()>,
    taps: Taps,
    label: StepLabel,
    options: GifOptions,
) -> Result<String, RecordError> {
    let ffmpeg = join::on_path("ffmpeg", std::env::var_os("PATH").as_deref())
        .ok_or_else(|| RecordError::Ffmpeg("ffmpeg is not on PATH".into()))?;
    let recorded = screenrecord::record_chunks(&mut *device, &stop, ready)?;
    let stem = output.file_stem().unwrap_or_default().to_string_lossy();
    let video = output.with_file_name(format!("{stem}.rec.mp4"));
    let parts = screenrecord::pull_chunks(&mut *device, &recorded.chunks, &video)?;
    join::join(&parts, &video, Some(&ffmpeg))?;
    let timeline = Timeline::new(
        std::mem::take(&mut *taps.lock().map_err(|_| RecordError::Thread)?),
        label.changes(),
    );
    let written = to_gif(
        &ffmpeg,
        &video,
        &output,
        &options,
        &timeline,
        recorded.began,
    );
    let _ = std::fs::remove_file(&video);
    let (frames, took) = written?;
    Ok(format!(
        "recorded {:.1} s with the phone's screenrecord: {frames} GIF frames ({} sampled at {} fps, {} px wide) to {}",
        took.as_secs_f64(),
        (took.as_secs_f64() * f64::from(options.fps)).round(),
        options.fps,
        options.width,
        output.display()
    ))
}

/// The GIF size for a `video`-sized recording: `width` wide at most, even sides (yuv420p video).
fn gif_size(video: (u32, u32), width: u32) -> (u32, u32) {
    let w = (width.min(video.0) & !1).max(2);
    let h = ((u64::from(video.1) * u64::from(w) / u64::from(video.0.max(1))) as u32 & !1).max(2);
    (w, h)
}

/// Decodes `video` at `options.fps` into `output`; returns the GIF frames written and the length.
fn to_gif(
    ffmpeg: &Path,
    video: &Path,
    output: &Path,
    options: &GifOptions,
    timeline: &Timeline,
    began: Instant,
) -> Result<(usize, Duration), RecordError> {
    let file_error = |path: &Path| {
        let path = path.to_owned();
        move |source| RecordError::File { path, source }
    };
    let bytes = std::fs::read(video).map_err(file_error(video))?;
    let size = h264::frame_size(&bytes).ok_or_else(|| {
        RecordError::Phone(format!("{} has no video track size", video.display()))
    })?;
    let (w, h) = gif_size(size, options.width);
    let mut child = Command::new(ffmpeg)
        .args(["-loglevel", "error", "-i"])
        .arg(video)
        // Scaled before the rate is set, so a frame ffmpeg repeats is scaled once (a third of the
        // CPU of the other order, measured on a 1440x3200 recording). Rounded up, sample n is
        // the screen as it was at n/fps (ffmpeg's default rounds to the nearest, so a sample
        // could show what happened up to half a sample later than the label drawn on it).
        .args([
            "-vf",
            &format!("scale={w}:{h}:flags=bilinear,fps={}:round=up", options.fps),
        ])
        .args(["-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| RecordError::Ffmpeg(format!("cannot start ffmpeg: {e}")))?;
    let mut frames = child.stdout.take().expect("stdout is piped");
    let (start, moves, loose) = timeline.moves();
    let scale = (w as f32 / size.0 as f32, h as f32 / size.1 as f32);
    let mut credit = Credit::new(start, moves, loose, scale);
    let mut writer: Option<GifWriter<BufWriter<File>>> = None;
    let mut buffer = vec![0u8; (w * h * 4) as usize];
    let (mut n, mut before) = (0u32, None);
    let mut shown: (Vec<u8>, String) = (Vec::new(), String::new());
    while frames.read_exact(&mut buffer).is_ok() {
        let at = Duration::from_secs(u64::from(n)) / options.fps;
        let frame = image::RgbaImage::from_raw(w, h, buffer.clone()).expect("sized to the frame");
        let (label, taps) = credit.frame(&frame, began + at);
        (n, before) = (n + 1, Some(at));
        // A repeated frame with nothing to draw on it would only lengthen the previous one.
        if taps.is_empty() && shown.0 == buffer && shown.1 == label {
            continue;
        }
        if writer.is_none() {
            let file = File::create(output).map_err(file_error(output))?;
            writer = Some(GifWriter::new(BufWriter::new(file), &frame, w)?);
        }
        if let Some(gif) = writer.as_mut() {
            gif.push(&frame, at, &label, &taps)?;
        }
        shown = (buffer.clone(), label);
    }
    let status = child.wait().map_err(file_error(video))?;
    let Some(gif) = writer.filter(|_| status.success()) else {
        return Err(RecordError::Ffmpeg(format!(
            "ffmpeg could not decode the phone's recording ({status}, {n} frames)"
        )));
    };
    let frames = gif.frames();
    gif.finish(HOLD_LAST)?;
    Ok((frames + 1, before.unwrap_or_default()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gif_sides_are_even_and_keep_the_aspect() {
        assert_eq!(gif_size((1440, 3200), 480), (480, 1066));
        assert_eq!(gif_size((1080, 2400), 481), (480, 1066));
        assert_eq!(gif_size((300, 600), 480), (300, 600));
    }
}
