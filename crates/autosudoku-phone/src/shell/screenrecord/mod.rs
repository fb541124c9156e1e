//! `screenrecord` (AOSP frameworks/av/cmds/screenrecord): records the display into an MP4 file in
//! the phone's file system, or streams it as raw frames (`--output-format=frames|raw-frames`, see
//! `frames`, which know no time limit), until its time limit (default and maximum 180 s; from
//! Android 14 `--time-limit 0` lifts it), SIGINT or SIGHUP (`pkill -INT screenrecord`, the shell stream closed), each of which
//! finishes the file properly. SIGTERM and SIGKILL leave it without its index, as on a phone.
//! An MP4 samples the display at `FRAME_RATE` and writes a sample only when the screen changed,
//! within the `--bit-rate` budget; an unchanged screen lengthens the previous sample. Options,
//! limits and error wording follow the real tool; the video is PNG in MP4 rather than H.264 (see
//! `phone::video`).

use super::Ctx;
use crate::latency::Cost;
use crate::process::{Process, Signal};
use crate::video::frames::{fit, png, stamp};
use crate::video::mp4::{Mp4Writer, MDAT_SIZE_AT};
use image::RgbaImage;
use options::{Format, Options, Refusal, MAX_SIDE, USAGE};
use std::time::{Duration, Instant};

mod frames;
mod options;

/// How often the display is sampled: enough to follow taps (the host GIF recorder takes 10 too).
/// Each sample renders the app's frame, about 0.03 CPU s at 1080x2400, so more costs the phone.
const FRAME_RATE: u32 = 10;

/// Why the recording loop ended.
enum Stop {
    TimeLimit,
    Signal(Signal),
    /// The file reached what 32-bit MP4 offsets address: it is finished with what it has.
    Full,
    /// Writing failed (the file was removed); the message says how.
    Failed(String),
}

pub fn screenrecord(ctx: &mut Ctx, args: &[String]) -> i32 {
    ctx.pay(Cost::NativeProcess);
    let options = match Options::parse(args, ctx.device.android()) {
        Ok(options) => options,
        Err(Refusal::Help) => {
            ctx.complain(USAGE);
            return 0;
        }
        Err(Refusal::Usage(message)) => {
            ctx.complain(&message);
            return 2;
        }
    };
    let size = options.size.unwrap_or(ctx.device.size());
    match options.format {
        Format::Mp4 => record_mp4(ctx, &options, size),
        Format::Frames | Format::RawFrames => frames::stream(ctx, &options, size),
    }
}

/// Records into the MP4 file `options.file`, video `width` x `height`; the exit status.
fn record_mp4(ctx: &mut Ctx, options: &Options, (width, height): (u32, u32)) -> i32 {
    if width > MAX_SIDE || height > MAX_SIDE {
        ctx.complain(&format!(
            "ERROR: the display's {width}x{height} is larger than the encoder supports \
             ({MAX_SIDE}x{MAX_SIDE}); choose a smaller --size\n"
        ));
        return 1;
    }
    let mut writer = Mp4Writer::new(width as u16, height as u16, options.bit_rate);
    let path = options.file.clone();
    let created = ctx
        .device
        .fs()
        .write(&path, writer.head(), 0o660, crate::fs::now());
    if let Err(e) = created {
        ctx.complain(&format!("Unable to open '{path}': {}\n", reason(&e)));
        return 1;
    }
    if options.verbose {
        say_display(ctx);
        ctx.say(&format!(
            "Configuring recorder for {width}x{height} image/png (in video/mp4v-es) at {:.2}Mbps\n",
            f64::from(options.bit_rate) / 1e6
        ));
    }
    // Listed (pidof, pkill) until it returns, finishing the file included.
    let process = Process::start(ctx.device.processes(), "screenrecord");
    let start = Instant::now();
    let (stop, frames) = record(ctx, options, (width, height), &process, &mut writer, start);
    let elapsed = match stop {
        Stop::TimeLimit => options.limit.unwrap_or_default(),
        _ => start.elapsed(),
    };
    if let Some(status) = uncaught(ctx, options, stop) {
        return status;
    }
    let finish = writer.finish(elapsed);
    let finished = {
        let mut fs = ctx.device.fs();
        fs.patch(&path, MDAT_SIZE_AT as usize, &finish.mdat_size)
            .and_then(|()| fs.append(&path, &finish.moov))
    };
    if let Err(e) = finished {
        ctx.complain(&format!("ERROR: cannot finish '{path}': {}\n", reason(&e)));
        return 1;
    }
    if options.verbose {
        ctx.say(&format!(
            "Stopping encoder and muxer\nEncoder stopping; recorded {frames} frames in {} seconds\n",
            elapsed.as_secs()
        ));
    }
    0
}

/// `--verbose`'s first line, what screenrecord learns of the display.
fn say_display(ctx: &mut Ctx) {
    let (width, height) = ctx.device.size();
    ctx.say(&format!(
        "Display is {width}x{height} @60.00fps (orientation=ROTATION_0), layerStack=0\n"
    ));
}

/// What a stop leaves to say; the exit status when it ends screenrecord there: killed by a
/// signal it does not catch, or a failed write. `None` for a stop it finishes properly.
fn uncaught(ctx: &mut Ctx, options: &Options, stop: Stop) -> Option<i32> {
    match stop {
        Stop::Signal(signal @ (Signal::Term | Signal::Kill)) => return Some(128 + signal as i32),
        Stop::Failed(why) => {
            ctx.complain(&format!("ERROR: {why}; the recording is incomplete\n"));
            return Some(1);
        }
        Stop::TimeLimit if options.verbose => ctx.say("Time limit reached\n"),
        Stop::Full => ctx.complain("The file is full (4 GB); recording stopped\n"),
        _ => {}
    }
    None
}

/// The file system's error without the path it repeats (`Permission denied`).
fn reason(e: &crate::fs::FsError) -> String {
    let text = e.to_string();
    text.rsplit_once(": ")
        .map_or(text.clone(), |(_, r)| r.to_string())
}

/// Calls `tick` with the time since `start` at every multiple of `period` until a signal, the
/// hang-up, the time `limit` or `tick` itself stops it. Ticks missed while one ran are skipped,
/// as a display skips the vsyncs a busy frame misses.
fn ticks(
    ctx: &mut Ctx,
    limit: Option<Duration>,
    period: Duration,
    process: &Process,
    start: Instant,
    mut tick: impl FnMut(&mut Ctx, Duration) -> Result<(), Stop>,
) -> Stop {
    let mut next = Duration::ZERO;
    loop {
        let now = start.elapsed();
        if let Some(signal) = process.signalled() {
            return Stop::Signal(signal);
        }
        if ctx.hangup.is_raised() {
            return Stop::Signal(Signal::Hup);
        }
        if limit.is_some_and(|limit| now >= limit) {
            return Stop::TimeLimit;
        }
        if now < next {
            // Short naps, so a signal is seen within 5 ms.
            std::thread::sleep((next - now).min(Duration::from_millis(5)));
            continue;
        }
        if let Err(stop) = tick(ctx, now) {
            return stop;
        }
        let (done, period) = (start.elapsed().as_nanos(), period.as_nanos().max(1));
        next = Duration::from_nanos(((done / period + 1) * period) as u64);
    }
}

/// The recording in progress: the video size, the last frame written and what it cost.
struct Recording<'a> {
    options: &'a Options,
    size: (u32, u32),
    writer: &'a mut Mp4Writer,
    last: Option<RgbaImage>,
    samples: u64,
    bytes: u64,
}

impl Recording<'_> {
    /// Writes the display as it is at `at` if it changed. Within the bit rate's budget (plus a
    /// second of burst) unless `last`: over budget a change waits for a later tick, as an
    /// encoder capped by its bit rate drops frames; the final frame is always kept.
    fn sample(&mut self, ctx: &Ctx, at: Duration, last: bool) -> Result<(), Stop> {
        if !last && self.samples > 0 && !within_budget(self.bytes, self.options.bit_rate, at) {
            return Ok(());
        }
        let frame = ctx.device.display_zero_frame();
        // With --bugreport every sample differs (the clock is drawn on it).
        if !self.options.bugreport && self.last.as_ref() == Some(&frame) {
            return Ok(());
        }
        let mut video = fit(&frame, self.size.0, self.size.1);
        if self.options.bugreport {
            stamp(&mut video, at, self.samples);
        }
        let png = png(&video);
        if !self.writer.add_sample(png.len(), at) {
            return Err(Stop::Full);
        }
        ctx.device
            .fs()
            .append(&self.options.file, &png)
            .map_err(|e| Stop::Failed(format!("writing failed: {e}")))?;
        self.samples += 1;
        self.bytes += png.len() as u64;
        self.last = Some(frame);
        Ok(())
    }
}

/// Whether `bytes` written by `at` stay within `bit_rate` (bits/s), allowing a second of burst.
fn within_budget(bytes: u64, bit_rate: u32, at: Duration) -> bool {
    bytes as f64 <= f64::from(bit_rate) / 8.0 * (at.as_secs_f64() + 1.0)
}

/// Samples the display into `writer` (video `size`) from `start` until a stop condition;
/// returns it and the number of samples written.
fn record(
    ctx: &mut Ctx,
    options: &Options,
    size: (u32, u32),
    process: &Process,
    writer: &mut Mp4Writer,
    start: Instant,
) -> (Stop, u64) {
    let mut recording = Recording {
        options,
        size,
        writer,
        last: None,
        samples: 0,
        bytes: 0,
    };
    let period = Duration::from_secs(1) / FRAME_RATE;
    let stop = ticks(ctx, options.limit, period, process, start, |ctx, at| {
        recording.sample(ctx, at, false)
    });
    let stop = match stop {
        // A stop screenrecord catches still shows the screen as it ended.
        Stop::TimeLimit | Stop::Signal(Signal::Int | Signal::Hup) => {
            let at = start.elapsed().min(options.limit.unwrap_or(Duration::MAX));
            recording.sample(ctx, at, true).err().unwrap_or(stop)
        }
        other => other,
    };
    (stop, recording.samples)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adbd::stream::Hangup;
    use crate::device::{testing, Device};
    use crate::shell::Output;
    use crate::video::mp4::HEAD_LEN;
    use std::sync::Arc;

    /// Runs `screenrecord ARGS` on its own thread; `during` runs meanwhile, given the phone, the
    /// hang-up and the recorder's pid once it registered. Returns exit status, stdout, stderr.
    pub(super) fn run(
        device: &Arc<Device>,
        args: &str,
        during: impl FnOnce(&Arc<Device>, &Hangup, Option<u32>),
    ) -> (i32, String, String) {
        run_into(device, args, None, during)
    }

    /// `run` with what screenrecord streams written into `sink` as it comes (the shell's stream).
    pub(super) fn run_into(
        device: &Arc<Device>,
        args: &str,
        sink: Option<&mut (dyn Output + Send)>,
        during: impl FnOnce(&Arc<Device>, &Hangup, Option<u32>),
    ) -> (i32, String, String) {
        let hangup = Hangup::default();
        std::thread::scope(|s| {
            let recorder = s.spawn(|| {
                let mut ctx = Ctx::new(device, 1, &hangup);
                match sink {
                    Some(sink) => ctx.streaming(sink).run(screenrecord, args),
                    None => ctx.run(screenrecord, args),
                }
            });
            let mut pid = None;
            // Up to 10 s: a starved machine may take long to start the thread.
            for _ in 0..1000 {
                let found = device
                    .processes()
                    .lock()
                    .unwrap()
                    .find("screenrecord", true);
                if let Some(&p) = found.first() {
                    pid = Some(p);
                    break;
                }
                if recorder.is_finished() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            during(device, &hangup, pid);
            recorder.join().unwrap()
        })
    }

    /// The top-level box types of a file.
    fn top_boxes(file: &[u8]) -> Vec<String> {
        let mut at = 0;
        let mut kinds = Vec::new();
        while at + 8 <= file.len() {
            let size = u32::from_be_bytes(file[at..at + 4].try_into().unwrap()) as usize;
            kinds.push(String::from_utf8_lossy(&file[at + 4..at + 8]).into_owned());
            at += if size == 0 { file.len() } else { size };
        }
        kinds
    }

    /// Sends `signal` to the recorder, registered as `pid`: by then its file holds the header
    /// (written before it registers), and a signal waits for its first check.
    pub(super) fn signal(device: &Device, pid: Option<u32>, signal: Signal) {
        let pid = pid.expect("screenrecord registered");
        assert!(device.processes().lock().unwrap().signal(pid, signal));
    }

    pub(super) fn assert_left_the_process_table(device: &Device) {
        let left = device
            .processes()
            .lock()
            .unwrap()
            .find("screenrecord", false);
        assert!(left.is_empty(), "screenrecord still listed: {left:?}");
    }

    pub(super) fn file(device: &Device, path: &str) -> Vec<u8> {
        device.fs().read(path).unwrap().to_vec()
    }

    #[test]
    fn sigint_finishes_the_file_and_the_recorder_leaves_the_process_table() {
        let device = Arc::new(testing::device());
        let (status, _, err) = run(&device, "--time-limit 30 /sdcard/r.mp4", |d, _, pid| {
            signal(d, pid, Signal::Int)
        });
        assert_eq!((status, err.as_str()), (0, ""));
        assert_eq!(
            top_boxes(&file(&device, "/sdcard/r.mp4")),
            ["ftyp", "mdat", "moov"]
        );
        assert_left_the_process_table(&device);
    }

    #[test]
    fn a_closed_stream_finishes_the_file_too() {
        let device = Arc::new(testing::device());
        // The recorder registered, its file's header written: the hang-up ends it from there.
        let (status, _, _) = run(&device, "/sdcard/h.mp4", |_, hangup, _| hangup.raise());
        assert_eq!(status, 0);
        assert_eq!(
            top_boxes(&file(&device, "/sdcard/h.mp4")),
            ["ftyp", "mdat", "moov"]
        );
    }

    #[test]
    fn sigterm_kills_it_and_leaves_the_file_without_an_index() {
        let device = Arc::new(testing::device());
        let (status, _, _) = run(&device, "/sdcard/t.mp4", |d, _, pid| {
            signal(d, pid, Signal::Term)
        });
        assert_eq!(status, 143);
        assert_eq!(top_boxes(&file(&device, "/sdcard/t.mp4")), ["ftyp", "mdat"]);
    }

    /// Runs `screenrecord --verbose --time-limit 1 ARGS`, which must end at its limit with exit 0
    /// and say so; its stdout.
    pub(super) fn run_to_time_limit(device: &Arc<Device>, args: &str) -> String {
        let started = Instant::now();
        let args = format!("--verbose --time-limit 1 {args}");
        let (status, out, err) = run(device, &args, |_, _, _| {});
        assert!(started.elapsed() >= Duration::from_secs(1));
        assert_eq!((status, err.as_str()), (0, ""), "{out}");
        assert!(out.contains("Display is 100x200"), "{out}");
        assert!(out.contains("Time limit reached"), "{out}");
        out
    }

    #[test]
    fn the_time_limit_ends_it_and_verbose_says_so() {
        let device = Arc::new(testing::device());
        let out = run_to_time_limit(&device, "--size 50x50 /sdcard/l.mp4");
        assert!(out.contains("recorded 1 frames in 1 seconds"), "{out}");
        let bytes = file(&device, "/sdcard/l.mp4");
        assert_eq!(top_boxes(&bytes), ["ftyp", "mdat", "moov"]);
        let first = &bytes[HEAD_LEN as usize..];
        let frame = image::load_from_memory_with_format(first, image::ImageFormat::Png).unwrap();
        assert_eq!((frame.width(), frame.height()), (50, 50));
    }

    #[test]
    fn the_bit_rate_budget_grows_with_time_after_a_second_of_burst() {
        // 0.8 Mbps = 100 kB/s: 100 kB at once, 200 kB by 1 s, 1.1 MB by 10 s.
        assert!(within_budget(100_000, 800_000, Duration::ZERO));
        assert!(!within_budget(100_001, 800_000, Duration::ZERO));
        assert!(within_budget(200_000, 800_000, Duration::from_secs(1)));
        assert!(!within_budget(1_200_000, 800_000, Duration::from_secs(10)));
    }

    #[test]
    fn help_bad_options_and_unwritable_paths_answer_like_the_real_tool() {
        let device = Arc::new(testing::device());
        let (status, _, err) = run(&device, "--help", |_, _, _| {});
        assert_eq!(status, 0);
        assert!(
            err.starts_with("Usage: screenrecord [options] <filename>"),
            "{err}"
        );
        let (status, _, err) = run(&device, "--fps 30 /sdcard/x.mp4", |_, _, _| {});
        assert_eq!(
            (status, err.as_str()),
            (2, "screenrecord: unrecognized option '--fps'\n")
        );
        let (status, _, err) = run(&device, "/system/x.mp4", |_, _, pid| assert_eq!(pid, None));
        assert_eq!(
            (status, err.as_str()),
            (1, "Unable to open '/system/x.mp4': Permission denied\n")
        );
    }
}
