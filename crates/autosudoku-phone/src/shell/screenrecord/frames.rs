//! `screenrecord --output-format=frames|raw-frames`: the display as uncompressed RGB888 frames,
//! to stdout for the file name `-` (what `adb exec-out` carries as it is written) or into a file.
//! As on a phone, where SurfaceFlinger hands the recorder's virtual display a buffer only when
//! something was composed, a frame is written when the screen changed: the first at once, later
//! ones at the 60 Hz vsync after a change. `frames` puts before each the header of AOSP
//! FrameOutput::copyFrame, five u32 LE: the bytes that follow the first word (16 + pixels), width,
//! height, stride in bytes (width x 3) and pixel format 3 (PIXEL_FORMAT_RGB_888); `raw-frames`
//! writes the pixels alone. Each frame pays its read-back and its trip over the adb link before
//! it is written (counted from the tick, so the simulator's own rendering is inside that cost,
//! not added to it), and the recorder waits on that write, so a change in between is not sent on
//! its own: the next tick renders the newest state.

use super::options::{Format, Options, STDOUT};
use super::{reason, say_display, ticks, uncaught, Ctx, Stop};
use crate::latency::{Cost, FRAME};
use crate::process::{Process, Signal};
use crate::video::frames::{fit, stamp};
use image::RgbaImage;
use std::time::{Duration, Instant};

/// `HAL_PIXEL_FORMAT_RGB_888`, the header's last word.
const RGB_888: u32 = 3;
/// How long the recorder trusts an unchanged change count: the app's clocks and timers redraw
/// it without any input, so an idle screen is still rendered four times a second.
const REFRESH: Duration = Duration::from_millis(250);

/// Where the frames go.
enum Sink {
    Stdout,
    File(String),
}

/// Streams frames of video `size` until a stop; the exit status.
pub fn stream(ctx: &mut Ctx, options: &Options, size: (u32, u32)) -> i32 {
    let Some(sink) = open(ctx, options) else {
        return 1;
    };
    if options.verbose {
        say_display(ctx);
    }
    let process = Process::start(ctx.device.processes(), "screenrecord");
    let mut frames = Frames {
        options,
        size,
        sink,
        last: None,
        rendered: None,
        written: 0,
    };
    // screenrecord.cpp's frames loop runs `while (!gStopRequested)`: no time limit applies.
    let stop = ticks(ctx, None, FRAME, &process, Instant::now(), |ctx, at| {
        frames.tick(ctx, at)
    });
    uncaught(ctx, options, stop).unwrap_or(0)
}

/// The output as screenrecord.cpp's prepareRawOutput opens it; `None` once it said why not.
fn open(ctx: &mut Ctx, options: &Options) -> Option<Sink> {
    if options.file == STDOUT {
        if options.verbose {
            // Verbose lines would land among the frames.
            ctx.complain("ERROR: verbose output and '-' not compatible\n");
            return None;
        }
        return Some(Sink::Stdout);
    }
    let path = options.file.clone();
    let created = ctx
        .device
        .fs()
        .write(&path, Vec::new(), 0o660, crate::fs::now());
    match created {
        Ok(()) => Some(Sink::File(path)),
        Err(e) => {
            ctx.complain(&format!("fopen raw failed: {}\n", reason(&e)));
            None
        }
    }
}

/// The stream in progress.
struct Frames<'a> {
    options: &'a Options,
    size: (u32, u32),
    sink: Sink,
    /// The display frame last written.
    last: Option<RgbaImage>,
    /// The device's change count and the time when the display was last rendered.
    rendered: Option<(u64, Duration)>,
    written: u64,
}

impl Frames<'_> {
    /// At a vsync `at` into the recording: renders the display if it may have changed and
    /// writes it if it did.
    fn tick(&mut self, ctx: &mut Ctx, at: Duration) -> Result<(), Stop> {
        let changes = ctx.device.changes();
        let fresh = |(seen, when): (u64, Duration)| seen == changes && at < when + REFRESH;
        if self.rendered.is_some_and(fresh) {
            return Ok(());
        }
        self.rendered = Some((changes, at));
        let started = Instant::now();
        let frame = ctx.device.display_zero_frame();
        if self.last.as_ref() == Some(&frame) {
            return Ok(());
        }
        let bytes = self.encode(&frame, at);
        let cost = Cost::StreamFrame {
            bytes: bytes.len() as u64,
        };
        ctx.pay_since(cost, started);
        self.write(ctx, &bytes)?;
        self.last = Some(frame);
        self.written += 1;
        Ok(())
    }

    /// The display frame fitted to the video size, as one frame of the output format.
    fn encode(&self, frame: &RgbaImage, at: Duration) -> Vec<u8> {
        let mut video = fit(frame, self.size.0, self.size.1);
        if self.options.bugreport {
            stamp(&mut video, at, self.written);
        }
        let pixels = video.into_raw();
        if self.options.format == Format::RawFrames {
            return pixels;
        }
        let mut bytes = header(self.size, pixels.len());
        bytes.extend_from_slice(&pixels);
        bytes
    }

    /// A closed stream ends the recording as the SIGHUP it brings on a phone does.
    fn write(&self, ctx: &mut Ctx, bytes: &[u8]) -> Result<(), Stop> {
        match &self.sink {
            Sink::Stdout => ctx.stream_out(bytes).map_err(|_| Stop::Signal(Signal::Hup)),
            Sink::File(path) => ctx
                .device
                .fs()
                .append(path, bytes)
                .map_err(|e| Stop::Failed(format!("writing failed: {e}"))),
        }
    }
}

/// FrameOutput::copyFrame's header for `pixels` bytes of RGB888 at `width` x `height`.
fn header((width, height): (u32, u32), pixels: usize) -> Vec<u8> {
    // A u32 holds the frame of any display (8192 x 8192 x 3 bytes is 201 MB).
    let after = (4 * 4 + pixels) as u32;
    let words = [after, width, height, width * 3, RGB_888];
    let mut bytes = Vec::with_capacity(4 * words.len() + pixels);
    for word in words {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::super::tests::{assert_left_the_process_table, file, run, run_into, signal};
    use super::*;
    use crate::adbd::stream::StreamClosed;
    use crate::device::{testing, Device};
    use crate::screen::Keycode;
    use crate::shell::Output;
    use std::sync::{Arc, Mutex};

    /// The host end of the stream: every write and when it came (shared by its clones, so a test
    /// can wait on them while the recorder writes), or a host that has gone.
    #[derive(Default, Clone)]
    struct Host {
        writes: Arc<Mutex<Vec<(Instant, Vec<u8>)>>>,
        gone: bool,
    }

    impl Host {
        fn writes(&self) -> Vec<(Instant, Vec<u8>)> {
            self.writes.lock().unwrap().clone()
        }

        /// Waits until `n` frames came; panics after 10 s.
        fn wait_for(&self, n: usize) {
            let deadline = Instant::now() + Duration::from_secs(10);
            while self.writes.lock().unwrap().len() < n {
                assert!(Instant::now() < deadline, "{n} frames not sent within 10 s");
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }

    impl Output for Host {
        fn stdout(&mut self, data: &[u8]) -> Result<(), StreamClosed> {
            if self.gone {
                return Err(StreamClosed);
            }
            self.writes
                .lock()
                .unwrap()
                .push((Instant::now(), data.to_vec()));
            Ok(())
        }
        fn stderr(&mut self, _: &[u8]) -> Result<(), StreamClosed> {
            Ok(())
        }
    }

    /// The five header words and the pixels of one `frames` frame.
    fn split(frame: &[u8]) -> ([u32; 5], &[u8]) {
        let word = |i: usize| u32::from_le_bytes(frame[4 * i..4 * i + 4].try_into().unwrap());
        ([0, 1, 2, 3, 4].map(word), &frame[20..])
    }

    /// What the display shows now, fitted as the recorder fits it.
    fn fitted(device: &Device, width: u32, height: u32) -> Vec<u8> {
        fit(&device.display_zero_frame(), width, height).into_raw()
    }

    #[test]
    fn frames_on_stdout_carry_the_header_and_the_display_fitted_to_the_size() {
        let device = Arc::new(testing::device());
        device.key(Keycode(3)); // the launcher's home screen: bands, a clock, an icon
        let mut host = Host::default();
        let seen = host.clone();
        let (status, out, err) = run_into(
            &device,
            "--output-format=frames --size 50x60 -",
            Some(&mut host),
            |_, hangup, _| {
                seen.wait_for(1);
                // Watched past a refresh: a still screen is not sent again.
                std::thread::sleep(2 * REFRESH);
                hangup.raise();
            },
        );
        assert_eq!((status, out.as_str(), err.as_str()), (0, "", ""));
        let writes = host.writes();
        assert_eq!(writes.len(), 1, "a still screen is written once");
        let (words, pixels) = split(&writes[0].1);
        assert_eq!(words, [16 + 50 * 60 * 3, 50, 60, 150, RGB_888]);
        assert_eq!(pixels, fitted(&device, 50, 60).as_slice());
        assert_left_the_process_table(&device);
    }

    #[test]
    fn a_tap_is_streamed_at_the_next_vsync_and_a_still_screen_sends_nothing() {
        let device = Arc::new(testing::device());
        device.put_setting("system", "show_touches", "1");
        let mut host = Host::default();
        let seen = host.clone();
        let mut tapped = None;
        let (status, _, _) = run_into(
            &device,
            "--output-format=raw-frames -",
            Some(&mut host),
            |d, hangup, _| {
                seen.wait_for(1);
                // Longer than REFRESH: the idle screen is rendered again but not sent.
                std::thread::sleep(Duration::from_millis(400));
                tapped = Some(Instant::now());
                d.tap(50.0, 100.0);
                seen.wait_for(2);
                hangup.raise();
            },
        );
        assert_eq!(status, 0);
        let tapped = tapped.unwrap();
        let writes = host.writes();
        let [(first, before), (second, dot)] = writes.as_slice() else {
            panic!("{} frames, not the first and the tap's", writes.len());
        };
        assert!(*first < tapped);
        let delay = second.duration_since(tapped);
        assert!(
            delay < Duration::from_millis(100),
            "the tap's frame came {delay:?} after it"
        );
        assert_eq!(before.len(), 100 * 200 * 3, "raw frames have no header");
        assert_ne!(before, dot, "the touch dot is drawn");
    }

    /// Frames know no time limit: `--time-limit 1` still runs until the signal at 1.3 s.
    #[test]
    fn raw_frames_to_a_file_hold_the_same_bytes_and_outlast_the_time_limit() {
        let device = Arc::new(testing::device());
        let args = "--verbose --time-limit 1 --output-format raw-frames /sdcard/f.raw";
        let (status, out, _) = run(&device, args, |d, _, pid| {
            std::thread::sleep(Duration::from_millis(1300));
            assert!(!d
                .processes()
                .lock()
                .unwrap()
                .find("screenrecord", false)
                .is_empty());
            signal(d, pid, Signal::Int)
        });
        assert_eq!(status, 0, "{out}");
        assert!(!out.contains("Time limit reached"), "{out}");
        assert_eq!(file(&device, "/sdcard/f.raw"), fitted(&device, 100, 200));
    }

    #[test]
    fn sigint_and_a_closed_stream_end_it_with_0_and_sigterm_kills_it() {
        let device = Arc::new(testing::device());
        let args = "--output-format=frames -";
        let interrupt = |d: &Arc<Device>, _: &_, pid| signal(d, pid, Signal::Int);
        let (status, _, _) = run_into(&device, args, Some(&mut Host::default()), interrupt);
        assert_eq!(status, 0);
        let terminate = |d: &Arc<Device>, _: &_, pid| signal(d, pid, Signal::Term);
        let (status, _, _) = run_into(&device, args, Some(&mut Host::default()), terminate);
        assert_eq!(status, 143);
        let mut gone = Host {
            gone: true,
            ..Host::default()
        };
        let started = Instant::now();
        let (status, _, _) = run_into(&device, args, Some(&mut gone), |_, _, _| {});
        assert_eq!(status, 0);
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "the failed write ended it"
        );
    }

    #[test]
    fn dash_is_for_frames_only_and_never_with_verbose() {
        let device = Arc::new(testing::device());
        let refused = |args: &str| {
            let (status, out, err) = run(&device, args, |_, _, pid| assert_eq!(pid, None));
            assert_eq!(out, "");
            (status, err)
        };
        assert_eq!(
            refused("--verbose --output-format=frames -"),
            (1, "ERROR: verbose output and '-' not compatible\n".into())
        );
        // mp4 opens `-` in adbd's working directory, `/`, as the real tool does.
        assert_eq!(
            refused("-"),
            (1, "Unable to open '-': Permission denied\n".into())
        );
        assert_eq!(
            refused("--output-format=frames /system/f"),
            (1, "fopen raw failed: Permission denied\n".into())
        );
        let (status, err) = refused("--output-format=h264 -");
        assert_eq!(status, 2);
        assert!(err.contains("not supported by this virtual phone"), "{err}");
        assert!(device.fs().stat("/-").is_none());
    }
}
