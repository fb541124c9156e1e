//! The screen as a stream: `screenrecord --output-format=frames --size WxH -` over `exec:`, read on
//! a thread of its own. The phone writes a frame each time its display changes (RGB888 after a
//! 20-byte header: the bytes that follow its first word, width, height, stride in bytes and pixel
//! format; all u32 LE); each
//! frame is stamped with its arrival and numbered in arrival order, which is the order the phone
//! composed them in (AOSP FrameOutput::copyFrame: the header's first word counts the bytes after
//! it). A frame is small and cheap next to a `screencap`, so a check can wait for the
//! one that shows what it expects instead of capturing the whole screen again.
//!
//! A stream whose first frame does not parse as requested is refused at start, so a phone that
//! writes another layout costs one try and play goes on with `screencap`.

use super::preamble::read_preamble;
use super::{Device, DeviceError, Service, Size, Stream};
use image::RgbaImage;
use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// `PIXEL_FORMAT_RGB_888` in the frame header.
const RGB_888: u32 = 3;
const HEADER: usize = 20;
/// How long the first frame may take: process start, virtual display, one frame over the link.
const FIRST_FRAME: Duration = Duration::from_secs(3);
/// How often the reader thread looks up from a quiet stream to see whether it should stop.
const POLL: Duration = Duration::from_millis(100);

/// Frame numbers run on across streams, so a restarted stream's frames count as later ones.
static NEXT_SEQ: AtomicU64 = AtomicU64::new(1);

/// One frame of the stream: its pixels at the video size, when it arrived and in what order.
#[derive(Clone)]
pub struct Frame {
    pub seq: u64,
    pub arrived: Instant,
    /// How long its bytes took to come in: a bound on what the link adds to a frame's age.
    pub transfer: Duration,
    pub size: Size,
    rgb: Arc<Vec<u8>>,
}

impl Frame {
    pub fn to_rgba(&self) -> RgbaImage {
        let mut img = RgbaImage::new(self.size.width, self.size.height);
        for (px, rgb) in img.pixels_mut().zip(self.rgb.chunks_exact(3)) {
            px.0 = [rgb[0], rgb[1], rgb[2], 255];
        }
        img
    }
}

/// What the reader thread shares: the newest frame, and why the stream ended if it did.
#[derive(Default)]
struct Latest {
    frame: Option<Frame>,
    ended: Option<String>,
}

#[derive(Default)]
struct Shared {
    latest: Mutex<Latest>,
    arrived: Condvar,
    stop: AtomicBool,
}

/// A running frame stream; dropping it stops the phone's `screenrecord` (the stream closes, which
/// it takes as a hang-up).
pub struct FrameStream {
    shared: Arc<Shared>,
    pub size: Size,
    pub started: Instant,
}

impl FrameStream {
    /// The screenrecord command for frames of `size`.
    pub fn command(size: Size) -> String {
        format!(
            "screenrecord --output-format=frames --size {}x{} -",
            size.width, size.height
        )
    }

    /// Starts the stream and waits for its first frame, which must be of `size`.
    pub fn start(device: &mut dyn Device, size: Size) -> Result<FrameStream, DeviceError> {
        let mut stream = device.open(&Service::Exec(Self::command(size)))?;
        let bad = |reason: String| DeviceError::BadFrames {
            serial: device.serial().to_owned(),
            reason,
        };
        stream
            .set_timeout(FIRST_FRAME)
            .map_err(|e| device.io_error("starting the frame stream", e))?;
        let no_frame = || {
            Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("no frame within {} s", FIRST_FRAME.as_secs()),
            ))
        };
        let first =
            read_first_frame(&mut *stream, size, &no_frame).map_err(|e| bad(e.to_string()))?;
        stream
            .set_timeout(POLL)
            .map_err(|e| device.io_error("starting the frame stream", e))?;
        let shared = Arc::new(Shared::default());
        shared
            .latest
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .frame = Some(first);
        let reader = shared.clone();
        std::thread::Builder::new()
            .name("frame-stream".into())
            .spawn(move || read_on(stream, size, &reader))
            .map_err(|e| bad(format!("cannot start its reader thread: {e}")))?;
        Ok(FrameStream {
            shared,
            size,
            started: Instant::now(),
        })
    }

    /// The newest frame that `takes`, waiting for later ones until `until`; `None` when none came
    /// in time or the stream ended.
    pub fn newest(&self, takes: impl Fn(&Frame) -> bool, until: Instant) -> Option<Frame> {
        let mut latest = self.shared.latest.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if let Some(f) = latest.frame.as_ref().filter(|f| takes(f)) {
                return Some(f.clone());
            }
            let now = Instant::now();
            if latest.ended.is_some() || now >= until {
                return None;
            }
            latest = self
                .shared
                .arrived
                .wait_timeout(latest, until - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// The newest frame so far.
    pub fn latest(&self) -> Option<Frame> {
        let latest = self.shared.latest.lock().unwrap_or_else(|e| e.into_inner());
        latest.frame.clone()
    }

    /// Why the stream ended, once it has (the phone's time limit, a lost connection).
    pub fn ended(&self) -> Option<String> {
        let latest = self.shared.latest.lock().unwrap_or_else(|e| e.into_inner());
        latest.ended.clone()
    }
}

impl Drop for FrameStream {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
    }
}

/// The reader thread: frames into `shared` until the stream ends or the owner is gone.
fn read_on(mut stream: Box<dyn Stream>, size: Size, shared: &Shared) {
    let quiet = || match shared.stop.load(Ordering::SeqCst) {
        true => Err(io::Error::new(io::ErrorKind::Interrupted, "stopped")),
        false => Ok(()),
    };
    let ended = loop {
        match read_frame(&mut *stream, size, &quiet) {
            Ok(frame) => {
                let mut latest = shared.latest.lock().unwrap_or_else(|e| e.into_inner());
                latest.frame = Some(frame);
                shared.arrived.notify_all();
            }
            Err(e) => break e.to_string(),
        }
    };
    stream.close();
    tracing::debug!("the frame stream ended: {ended}");
    let mut latest = shared.latest.lock().unwrap_or_else(|e| e.into_inner());
    latest.ended = Some(ended);
    shared.arrived.notify_all();
}

/// What a read timeout means to the caller: go on, or this error.
type OnTimeout<'a> = &'a dyn Fn() -> io::Result<()>;

/// Reads the first frame of `size`, past any text lines the phone printed before it (a linker's
/// warnings, see `preamble`). The text and the bytes read past it are less than one frame, so
/// the frame takes them all and later frames come straight from `stream`. Text and no frame (the
/// stream ends, or `on_timeout` gives up while it is quiet) is an error that quotes the text.
fn read_first_frame(stream: &mut dyn Read, size: Size, on_timeout: OnTimeout) -> io::Result<Frame> {
    let said = read_preamble(&mut Patient { stream, on_timeout })?;
    if !said.text.is_empty() {
        tracing::debug!("the frame stream began with text: {:?}", said.text.trim());
    }
    if let Some(text) = only_text(&said.rest) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("the phone printed text and no frame: {text}"),
        ));
    }
    let mut start = io::Cursor::new(said.rest);
    let frame = read_frame(&mut (&mut start).chain(stream), size, on_timeout)?;
    match start.position() as usize == start.get_ref().len() {
        true => Ok(frame),
        false => Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "a frame smaller than its header says",
        )),
    }
}

/// `bytes` as text to quote (its first 200 characters), when they are text and not a frame's
/// start: a frame header holds NULs (see `preamble`), text none.
fn only_text(bytes: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(bytes).ok()?.trim();
    (!text.is_empty() && !bytes.contains(&0)).then(|| text.chars().take(200).collect())
}

/// A reader that asks `on_timeout` when a read times out, as `fill` does, so that text followed
/// by silence ends in `on_timeout`'s error instead of the stream's bare timeout.
struct Patient<'a> {
    stream: &'a mut dyn Read,
    on_timeout: OnTimeout<'a>,
}

impl Read for Patient<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            match self.stream.read(buf) {
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
                    ) =>
                {
                    (self.on_timeout)()?
                }
                done => return done,
            }
        }
    }
}

/// Reads one frame of `size`.
fn read_frame(stream: &mut dyn Read, size: Size, on_timeout: OnTimeout) -> io::Result<Frame> {
    let mut header = [0u8; HEADER];
    fill(stream, &mut header, on_timeout)?;
    let started = Instant::now();
    let bytes = check_header(&header, size)?;
    let mut rgb = vec![0u8; bytes];
    fill(stream, &mut rgb, on_timeout)?;
    Ok(Frame {
        seq: NEXT_SEQ.fetch_add(1, Ordering::SeqCst),
        arrived: Instant::now(),
        transfer: started.elapsed(),
        size,
        rgb: Arc::new(rgb),
    })
}

/// The pixel byte count a header announces, if it is the RGB888 frame of `size` we asked for.
fn check_header(header: &[u8; HEADER], size: Size) -> io::Result<usize> {
    let word = |i: usize| {
        let bytes: [u8; 4] = header[4 * i..4 * i + 4].try_into().unwrap_or_default();
        u64::from(u32::from_le_bytes(bytes))
    };
    let (after, w, h, stride, format) = (word(0), word(1), word(2), word(3), word(4));
    let row = u64::from(size.width) * 3;
    let pixels = row * u64::from(size.height);
    let rest = HEADER as u64 - 4;
    if (w, h) != (size.width.into(), size.height.into())
        || format != u64::from(RGB_888)
        || stride != row
        || after != rest + pixels
    {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "a frame header of {w}x{h}, stride {stride}, format {format}, {after} bytes to \
                 follow, where RGB888 {}x{} was asked for",
                size.width, size.height
            ),
        ));
    }
    Ok(pixels as usize)
}

/// Fills `buf` from `stream`; a read timeout (a still screen sends nothing) asks `on_timeout`.
fn fill(stream: &mut dyn Read, buf: &mut [u8], on_timeout: OnTimeout) -> io::Result<()> {
    let mut filled = 0;
    while filled < buf.len() {
        match stream.read(&mut buf[filled..]) {
            Ok(0) => {
                let why = if filled == 0 {
                    "the phone ended the stream"
                } else {
                    "the stream ended mid-frame"
                };
                return Err(io::Error::new(io::ErrorKind::UnexpectedEof, why));
            }
            Ok(n) => filled += n,
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
                ) =>
            {
                on_timeout()?
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn header(words: [u32; 5]) -> Vec<u8> {
        words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    fn go_on() -> io::Result<()> {
        Ok(())
    }

    #[test]
    fn a_frame_of_the_size_asked_for_is_read_with_its_pixels() {
        let size = Size::new(2, 1);
        let mut bytes = header([22, 2, 1, 6, RGB_888]);
        bytes.extend([10, 20, 30, 40, 50, 60]);
        let frame = read_frame(&mut Cursor::new(bytes), size, &go_on).unwrap();
        let img = frame.to_rgba();
        assert_eq!(img.get_pixel(1, 0).0, [40, 50, 60, 255]);
        let next = read_frame(
            &mut Cursor::new([header([22, 2, 1, 6, RGB_888]), vec![0; 6]].concat()),
            size,
            &go_on,
        )
        .unwrap();
        assert!(next.seq > frame.seq);
    }

    #[test]
    fn a_header_of_another_size_or_format_is_refused_before_its_pixels_are_read() {
        let size = Size::new(2, 1);
        for words in [
            [28, 4, 1, 12, RGB_888],
            [24, 2, 1, 8, 1],
            [600_000_000, 2, 1, 6, RGB_888],
        ] {
            let e = read_frame(&mut Cursor::new(header(words)), size, &go_on)
                .err()
                .expect("refused");
            assert_eq!(e.kind(), io::ErrorKind::InvalidData, "{words:?}");
            assert!(e.to_string().contains("RGB888 2x1 was asked for"), "{e}");
        }
    }

    #[test]
    fn a_stream_cut_mid_frame_says_so() {
        let mut bytes = header([22, 2, 1, 6, RGB_888]);
        bytes.extend([1, 2]);
        let e = read_frame(&mut Cursor::new(bytes), Size::new(2, 1), &go_on)
            .err()
            .expect("cut");
        assert!(e.to_string().contains("mid-frame"), "{e}");
    }

    /// A frame of `size` whose pixels are all `value`.
    fn frame_bytes(size: Size, value: u8) -> Vec<u8> {
        let pixels = size.width * size.height * 3;
        let mut bytes = header([
            16 + pixels,
            size.width,
            size.height,
            size.width * 3,
            RGB_888,
        ]);
        bytes.extend(std::iter::repeat_n(value, pixels as usize));
        bytes
    }

    /// Bionic's warning as a ROM's linker prints it before every program's output.
    const LINKER_LINE: &str =
        "WARNING: linker: Warning: \"[vdso]\" unused DT entry: type 0x70000001 arg 0x0\n";

    #[test]
    fn text_before_the_first_frame_is_skipped_and_later_frames_follow_straight_on() {
        // More than one 512-byte read per frame, as every real frame is.
        let size = Size::new(100, 2);
        let mut bytes = LINKER_LINE.repeat(2).into_bytes();
        bytes.extend(frame_bytes(size, 7));
        bytes.extend(frame_bytes(size, 9));
        let mut stream = Cursor::new(bytes);
        let first = read_first_frame(&mut stream, size, &go_on).unwrap();
        assert_eq!(first.to_rgba().get_pixel(99, 1).0, [7, 7, 7, 255]);
        let second = read_frame(&mut stream, size, &go_on).unwrap();
        assert_eq!(second.to_rgba().get_pixel(0, 0).0, [9, 9, 9, 255]);
        assert_eq!(stream.position() as usize, stream.get_ref().len());
    }

    #[test]
    fn text_and_no_frame_is_an_error_that_quotes_the_text() {
        let said = "/system/bin/sh: screenrecord: not found\n";
        let e = read_first_frame(&mut Cursor::new(said), Size::new(2, 1), &go_on)
            .err()
            .expect("no frame");
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert!(
            e.to_string()
                .contains("text and no frame: /system/bin/sh: screenrecord: not found"),
            "{e}"
        );
    }

    /// Text, then a stream that stays quiet.
    struct Quiet(Option<&'static str>);

    impl Read for Quiet {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.0.take() {
                Some(text) => {
                    buf[..text.len()].copy_from_slice(text.as_bytes());
                    Ok(text.len())
                }
                None => Err(io::Error::new(io::ErrorKind::TimedOut, "read timed out")),
            }
        }
    }

    #[test]
    fn text_then_silence_ends_in_the_callers_timeout() {
        let give_up = || {
            Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "no frame within 3 s",
            ))
        };
        let e = read_first_frame(&mut Quiet(Some(LINKER_LINE)), Size::new(2, 1), &give_up)
            .err()
            .expect("gave up");
        assert_eq!(e.to_string(), "no frame within 3 s");
    }
}
