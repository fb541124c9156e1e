//! Recording while the agent plays, in a thread with its own connection to the phone, so the play
//! itself never waits for a frame. With the phone's `screenrecord` the thread runs it (`.mp4`:
//! `screenrecord`; `.gif`: `from_video`, when ffmpeg is there to decode it); without, it captures
//! the screen as fast as the phone allows (capped at `--fps`) and feeds a GIF (`HeldGif`) or
//! ffmpeg. Tap markers and the step label come from the agent through shared state (`timeline`),
//! placed on the frames that show their moves (`credit`; host captures wait for them in `held`).

use super::held::HeldGif;
use super::timeline::{StepLabel, Taps};
use super::{from_video, join, screenrecord, GifOptions, RecordError, Tap, Watcher, HOLD_LAST};
use crate::device::{capture_on, off_main_display, CaptureFormat, Device, Phone, Screenshot};
use image::RgbaImage;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A `.mp4` from host captures is written at this rate (ffmpeg repeats frames to keep it).
const MP4_FPS: u32 = 10;

/// Where the agent's taps go, and the label its batches are told by (`None` when the phone
/// records an `.mp4` itself and nothing is drawn on the host).
pub struct TapLog(Option<(Taps, StepLabel)>);

impl Watcher for TapLog {
    fn screen(&mut self, _shot: &Screenshot) {}
    fn sending(&mut self) {
        if let Some((_, label)) = self.0.as_ref() {
            label.sending(Instant::now());
        }
    }
    fn taps(&mut self, taps: &[Tap]) {
        if let Some(Ok(mut t)) = self.0.as_ref().map(|(t, _)| t.lock()) {
            t.extend_from_slice(taps);
        }
    }
}

pub struct LiveRecorder {
    stop: Arc<AtomicBool>,
    thread: Thread,
    taps: TapLog,
}

/// Where frames go.
enum Sink {
    /// Boxed: the writer holds its palette and frames, far larger than the ffmpeg child.
    Gif {
        gif: Option<Box<HeldGif>>,
        path: PathBuf,
        options: GifOptions,
        taps: Taps,
        label: StepLabel,
    },
    Ffmpeg(Option<Child>, PathBuf, u32, u32),
}

/// Whether the phone's `screenrecord` runs, or why not.
fn phone_records(phone: &mut Phone) -> Result<(), String> {
    match phone.device().shell(&screenrecord::probe_command()) {
        Ok(out) => screenrecord::probe_result(&out),
        Err(e) => Err(format!("could not probe for screenrecord: {e}")),
    }
}

/// What every recorder thread needs: its own connection, the file, the stop flag, the taps and
/// label to draw, the GIF's size and pace.
struct Job {
    device: Box<dyn Device>,
    output: PathBuf,
    stop: Arc<AtomicBool>,
    taps: Taps,
    label: StepLabel,
    gif: GifOptions,
}

type Thread = JoinHandle<Result<String, RecordError>>;

impl Job {
    /// Whether the phone's `screenrecord` makes the recording: it runs, and for a GIF ffmpeg is
    /// there to decode its video. Says why not when it does not.
    fn phone_can(&self, records: &Result<(), String>, mp4: bool, ffmpeg: bool) -> bool {
        let path = self.output.display();
        match (records, mp4, ffmpeg) {
            (Ok(()), true, _) => {
                tracing::info!("recording {path} with the phone's screenrecord");
                true
            }
            (Ok(()), false, true) => {
                let GifOptions { fps, width } = self.gif;
                tracing::info!(
                    "recording {path} from the phone's screenrecord at {fps} fps, {width} px wide"
                );
                true
            }
            (Ok(()), false, false) => {
                tracing::info!("ffmpeg is not on PATH to decode the phone's screenrecord; recording {path} from host captures");
                false
            }
            (Err(why), _, _) => {
                tracing::info!(
                    "the phone cannot record itself ({why}); recording {path} from host captures"
                );
                false
            }
        }
    }

    /// The thread running the phone's `screenrecord`, straight to `.mp4` or decoded into a GIF;
    /// `ready` hears when it has started. The taps are drawn only on a GIF.
    fn on_phone(self, mp4: bool, ready: Sender<()>) -> std::io::Result<(Thread, TapLog)> {
        let thread = std::thread::Builder::new().name("screenrecord".into());
        if mp4 {
            let run = move || screenrecord::run(self.device, self.output, self.stop, ready);
            return Ok((thread.spawn(run)?, TapLog(None)));
        }
        let log = TapLog(Some((self.taps.clone(), self.label.clone())));
        let run = move || {
            let Job {
                device,
                output,
                stop,
                taps,
                label,
                gif,
            } = self;
            from_video::run(device, output, stop, ready, taps, label, gif)
        };
        Ok((thread.spawn(run)?, log))
    }

    /// The thread capturing the screen from the host, into a GIF or ffmpeg's `.mp4`.
    fn on_host(self, mp4: bool) -> std::io::Result<(Thread, TapLog)> {
        let log = TapLog(Some((self.taps.clone(), self.label.clone())));
        let (sink, fps) = if mp4 {
            (Sink::Ffmpeg(None, self.output, 0, 0), MP4_FPS)
        } else {
            let gif = Sink::Gif {
                gif: None,
                path: self.output,
                options: self.gif,
                taps: self.taps,
                label: self.label,
            };
            (gif, self.gif.fps)
        };
        let (device, stop) = (self.device, self.stop);
        let run = move || capture_loop(device, sink, stop, fps);
        let thread = std::thread::Builder::new()
            .name("recorder".into())
            .spawn(run)?;
        Ok((thread, log))
    }
}

/// Whether `path` asks for an `.mp4` (else a `.gif`); any other extension is refused.
pub fn wants_mp4(path: &Path) -> Result<bool, RecordError> {
    let is = |ext: &str| {
        path.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case(ext))
    };
    match (is("mp4"), is("gif")) {
        (true, _) => Ok(true),
        (false, true) => Ok(false),
        (false, false) => Err(RecordError::Format(path.to_owned())),
    }
}

impl LiveRecorder {
    /// Starts recording `phone`'s screen to `path`: `.gif` (sized and paced by `gif`) or `.mp4`,
    /// from the phone's `screenrecord` when it has one, else from host captures.
    pub fn start(
        phone: &mut Phone,
        path: &Path,
        label: StepLabel,
        gif: GifOptions,
    ) -> Result<LiveRecorder, RecordError> {
        let mp4 = wants_mp4(path)?;
        let file_error = |source| RecordError::File {
            path: path.to_owned(),
            source,
        };
        // Fail now, not after the game, when the file cannot be written.
        File::create(path).map_err(file_error)?;
        let stop = Arc::new(AtomicBool::new(false));
        let job = Job {
            device: phone.device().clone_box(),
            output: path.to_owned(),
            stop: stop.clone(),
            taps: Taps::default(),
            label,
            gif,
        };
        let records = phone_records(phone);
        let ffmpeg = join::on_path("ffmpeg", std::env::var_os("PATH").as_deref());
        if job.phone_can(&records, mp4, ffmpeg.is_some()) {
            let (ready, started) = std::sync::mpsc::channel();
            let (thread, taps) = job.on_phone(mp4, ready).map_err(file_error)?;
            // The video should show the game from its start; a recorder that fails says why
            // when it is finished.
            let _ = started.recv_timeout(screenrecord::START_WAIT);
            return Ok(LiveRecorder { stop, thread, taps });
        }
        let (thread, taps) = job.on_host(mp4).map_err(file_error)?;
        Ok(LiveRecorder { stop, thread, taps })
    }

    /// The agent's side: taps are reported here.
    pub fn watcher(&mut self) -> &mut TapLog {
        &mut self.taps
    }

    /// Takes a last frame, closes the file; says what was written.
    pub fn finish(self) -> Result<String, RecordError> {
        self.stop.store(true, Ordering::SeqCst);
        self.thread.join().unwrap_or(Err(RecordError::Thread))
    }
}

fn capture_loop(
    mut device: Box<dyn Device>,
    mut sink: Sink,
    stop: Arc<AtomicBool>,
    fps: u32,
) -> Result<String, RecordError> {
    let start = Instant::now();
    let mut frames = 0usize;
    let mut failures = 0usize;
    // The game's display is found once: asking for it costs round trips a frame cannot spare.
    let display = off_main_display(&mut *device).unwrap_or(None);
    loop {
        // The stop flag is read before capturing so the last frame shows the final screen.
        let last = stop.load(Ordering::SeqCst);
        let tick = Instant::now();
        match capture_on(&mut *device, CaptureFormat::Raw, display) {
            Ok(shot) => {
                // Taken between the two instants: it may show any input sent before the second.
                sink.push(&shot.image, start.elapsed(), tick, Instant::now())?;
                frames += 1;
            }
            Err(e) => {
                failures += 1;
                tracing::debug!("recorder: capture failed: {e}");
                if failures > 20 && frames == 0 {
                    return Err(RecordError::Capture(e.to_string()));
                }
                // After a lost connection the device reconnects on the next call; wait a little.
                std::thread::sleep(Duration::from_millis(200));
            }
        }
        if last {
            break;
        }
        let min = Duration::from_secs(1) / fps.max(1);
        if let Some(rest) = min.checked_sub(tick.elapsed()) {
            std::thread::sleep(rest);
        }
    }
    sink.finish(start.elapsed(), frames)
}

impl Sink {
    /// Adds the screen captured between `asked` and `taken`, `at` into the recording.
    fn push(
        &mut self,
        img: &RgbaImage,
        at: Duration,
        asked: Instant,
        taken: Instant,
    ) -> Result<(), RecordError> {
        match self {
            Sink::Gif {
                gif,
                path,
                options,
                taps,
                label,
            } => {
                if gif.is_none() {
                    let file = File::create(&*path).map_err(|source| RecordError::File {
                        path: path.clone(),
                        source,
                    })?;
                    let out = BufWriter::new(file);
                    let held = HeldGif::new(out, img, options.width, taps.clone(), label.clone())?;
                    *gif = Some(Box::new(held));
                }
                match gif.as_mut() {
                    Some(g) => g.push(img, at, asked, taken),
                    None => Ok(()),
                }
            }
            Sink::Ffmpeg(child, path, w, h) => {
                if child.is_none() {
                    (*w, *h) = (img.width(), img.height());
                    *child = Some(start_ffmpeg(path, *w, *h)?);
                }
                if img.dimensions() != (*w, *h) {
                    return Ok(()); // rotated mid-run: a video keeps one size
                }
                let stdin = child.as_mut().and_then(|c| c.stdin.as_mut());
                if let Some(stdin) = stdin {
                    // Constant-rate video: ffmpeg stamps frames by wall clock (see start_ffmpeg).
                    let _ = at;
                    stdin
                        .write_all(img.as_raw())
                        .map_err(|source| RecordError::File {
                            path: path.clone(),
                            source,
                        })?;
                }
                Ok(())
            }
        }
    }

    fn finish(self, took: Duration, frames: usize) -> Result<String, RecordError> {
        let path = match self {
            Sink::Gif { gif, path, .. } => {
                if let Some(g) = gif {
                    g.finish(HOLD_LAST)?;
                }
                path
            }
            Sink::Ffmpeg(child, path, _, _) => {
                if let Some(mut c) = child {
                    drop(c.stdin.take());
                    let status = c.wait().map_err(|source| RecordError::File {
                        path: path.clone(),
                        source,
                    })?;
                    if !status.success() {
                        return Err(RecordError::Ffmpeg(format!("ffmpeg exited with {status}")));
                    }
                }
                path
            }
        };
        Ok(format!(
            "recorded {frames} frames over {:.1} s to {}",
            took.as_secs_f64(),
            path.display()
        ))
    }
}

/// ffmpeg reading raw RGBA frames on stdin, timestamped by arrival (`-use_wallclock_as_timestamps`),
/// written as H.264 (libx264) at a constant 10 fps.
fn start_ffmpeg(path: &Path, width: u32, height: u32) -> Result<Child, RecordError> {
    Command::new("ffmpeg")
        .args(["-loglevel", "error", "-y", "-use_wallclock_as_timestamps", "1"])
        .args(["-f", "rawvideo", "-pix_fmt", "rgba", "-s", &format!("{width}x{height}"), "-i", "-"])
        .args(["-vf", "scale=trunc(iw/4)*2:trunc(ih/4)*2", "-r", "10"])
        // H.264 named, not left to ffmpeg's default for .mp4 (MPEG-4 part 2 in builds without x264).
        .args(["-c:v", "libx264", "-pix_fmt", "yuv420p"])
        .arg(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .map_err(|e| {
            RecordError::Ffmpeg(format!(
                "cannot start ffmpeg ({e}); install it (Debian: `sudo apt install ffmpeg`) or record a .gif instead"
            ))
        })
}
