//! The agent's eye between looks: a frame stream of the screen at a quarter of its width
//! (`device::frame_stream`), started once the first game is read, and `Agent::sees` on it: the
//! first frame composed after the last trusted state that shows the selection or armed key a
//! check expects. A frame of 270x600 crosses the link in about 20 ms where a screencap takes
//! 0.4 s, and only the highlight is read from it (pure pixel work on the cells of the last read).
//!
//! Frames count only from a fence: after a look, those that arrived a stale bound (50 ms, or
//! three frame transfers) after its capture ended (a frame composed before the capture cannot
//! still be on its way then); after a confirmed check, those after its frame (frames arrive in
//! the order they were composed).

use super::PhoneAgent;
use crate::device::frame_stream::{Frame, FrameStream};
use crate::device::{Device, DeviceError, Size};
use crate::geometry::Rect;
use crate::play::moves::Expect;
use crate::vision::screen::highlight;
use autosudoku_core::sudoku::{Cell, Digit};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The narrowest stream worth reading a highlight from (cells of about 24 px).
const MIN_WIDTH: u32 = 240;
/// Streams started at most in a row that each ended soon (a phone that keeps ending them is
/// watched by looks).
const MAX_STARTS: u32 = 4;
/// A stream that ran this long ended by its time limit, not by a fault.
const LONG_LIVED: Duration = Duration::from_secs(60);
/// The least time a frame may still be on its way after it was composed: three vsyncs (the
/// frame waits for one, its read-back and the pipe take about as long again).
const MIN_STALE: Duration = Duration::from_millis(50);
/// The least time a check waits for its frame before it looks instead (a lost tap shows nothing).
const MIN_WAIT: Duration = Duration::from_millis(250);

/// Frames that count: numbered after `seq`, arrived from `not_before` on.
#[derive(Debug, Clone, Copy)]
struct Fence {
    seq: u64,
    not_before: Instant,
}

impl Fence {
    fn admits(&self, f: &Frame) -> bool {
        f.seq > self.seq && f.arrived >= self.not_before
    }
}

/// The frame stream and what the agent knows about its frames.
pub(super) struct Watch {
    stream: Option<FrameStream>,
    starting: Option<JoinHandle<Result<FrameStream, DeviceError>>>,
    fence: Fence,
    starts: u32,
    /// The phone's `screenrecord` cannot stream frames: looks only.
    refused: bool,
}

impl Default for Watch {
    fn default() -> Self {
        Watch {
            stream: None,
            starting: None,
            fence: Fence {
                seq: 0,
                not_before: Instant::now(),
            },
            starts: 0,
            refused: false,
        }
    }
}

impl Watch {
    /// Starts the stream for a screen of `screen` pixels, on a thread, unless one runs or the
    /// phone refused it.
    pub fn start(&mut self, device: Box<dyn Device>, screen: Size) {
        if self.refused || self.stream.is_some() || self.starting.is_some() {
            return;
        }
        if self.starts == MAX_STARTS {
            tracing::info!("the screen stream ended {MAX_STARTS} times: checks look instead");
            self.refused = true;
            return;
        }
        self.starts += 1;
        let size = stream_size(screen);
        let mut device = device;
        self.starting = Some(std::thread::spawn(move || {
            FrameStream::start(&mut *device, size)
        }));
    }

    /// A look's capture ended now: frames count from a stale bound later.
    pub fn looked(&mut self) {
        let latest = self.stream.as_ref().and_then(FrameStream::latest);
        self.fence = Fence {
            seq: latest.as_ref().map_or(0, |f| f.seq),
            not_before: Instant::now() + stale_bound(latest.map(|f| f.transfer)),
        };
    }

    /// The running stream, once started (waiting for a start under way); `None` when there is
    /// none or it ended (it is started again at the next `start`).
    fn stream(&mut self) -> Option<&FrameStream> {
        if let Some(job) = self.starting.take() {
            match job.join() {
                Ok(Ok(stream)) => {
                    tracing::debug!("watching the screen at {:?}", stream.size);
                    self.stream = Some(stream);
                }
                Ok(Err(e)) => {
                    tracing::info!("{e}");
                    self.refused = !e.is_lost();
                }
                Err(_) => tracing::warn!("the screen stream's start panicked"),
            }
        }
        if let Some(stream) = self.stream.take_if(|s| s.ended().is_some()) {
            let why = stream.ended().unwrap_or_default();
            tracing::info!("the screen stream ended ({why}); checks look until it is back");
            // screenrecord's own time limit (180 s) ends a stream that served well.
            if stream.started.elapsed() >= LONG_LIVED {
                self.starts = 0;
            }
        }
        self.stream.as_ref()
    }

    /// Whether a frame past the fence shows `expect`, within a short wait, on the last read's
    /// `boxes`. Moves the fence to that frame.
    pub fn sees(&mut self, expect: Expect, boxes: &Boxes) -> bool {
        let fence = self.fence;
        let Some(stream) = self.stream() else {
            return false;
        };
        let Some(frame) = first_showing(stream, fence, expect, boxes) else {
            return false;
        };
        self.fence = Fence {
            seq: frame.seq,
            not_before: frame.arrived,
        };
        true
    }
}

impl Watch {
    /// Whether a stream runs now or is starting (not waiting for the start).
    pub fn runs_or_starts(&mut self) -> bool {
        if self.starting.as_ref().is_some_and(|j| !j.is_finished()) {
            return true;
        }
        self.stream().is_some()
    }

    /// The number of the newest frame so far (0 with no stream).
    pub fn mark(&self) -> u64 {
        self.stream
            .as_ref()
            .and_then(FrameStream::latest)
            .map_or(0, |f| f.seq)
    }

    /// The cell a frame after `mark` shows selected, waiting a little for one: what a glance
    /// needs (some moment of the sends since `mark`), with no capture.
    pub fn selected_since(&mut self, mark: u64, boxes: &Boxes) -> Option<Cell> {
        let stream = self.stream()?;
        let boxes = boxes.on(stream.size);
        let until = Instant::now() + MIN_WAIT;
        let frame = stream.newest(|f| f.seq > mark, until)?;
        highlight::selected_cell(&frame.to_rgba(), &boxes.cells)
    }
}

/// The cells and keypad keys of the last read, on a screen of `screen` pixels.
pub(super) struct Boxes {
    pub screen: Size,
    pub cells: Vec<Rect>,
    pub keys: Vec<(Digit, Rect)>,
}

impl Boxes {
    /// The same boxes on a frame of `size`.
    fn on(&self, size: Size) -> Boxes {
        let scale = |r: Rect| scaled(r, self.screen, size);
        Boxes {
            screen: size,
            cells: self.cells.iter().map(|&r| scale(r)).collect(),
            keys: self.keys.iter().map(|&(d, r)| (d, scale(r))).collect(),
        }
    }

    fn show(&self, frame: &Frame, expect: Expect) -> bool {
        let img = frame.to_rgba();
        match expect {
            Expect::Selected(c) => highlight::selected_cell(&img, &self.cells) == Some(c),
            Expect::Armed(d) => highlight::armed_key(&img, &self.keys) == Some(d),
            Expect::Disarmed => false,
        }
    }
}

/// The first frame past `fence` that shows `expect`, waiting a little for it.
fn first_showing(
    stream: &FrameStream,
    mut fence: Fence,
    expect: Expect,
    boxes: &Boxes,
) -> Option<Frame> {
    let boxes = boxes.on(stream.size);
    let until = Instant::now() + wait(stream.latest().map(|f| f.transfer));
    while let Some(frame) = stream.newest(|f| fence.admits(f), until) {
        if boxes.show(&frame, expect) {
            return Some(frame);
        }
        fence.seq = frame.seq;
    }
    None
}

/// The stream's frame size for a screen: a quarter of its width, at least `MIN_WIDTH`, even sides
/// in the screen's proportions.
fn stream_size(screen: Size) -> Size {
    let even = |n: u32| (n / 2 * 2).max(2);
    let width = even((screen.width / 4).max(MIN_WIDTH).min(screen.width));
    let height =
        even((u64::from(screen.height) * u64::from(width) / u64::from(screen.width.max(1))) as u32);
    Size::new(width, height)
}

/// `r` on a screen of `from` pixels, on a frame of `to`.
fn scaled(r: Rect, from: Size, to: Size) -> Rect {
    let sx = f64::from(to.width) / f64::from(from.width.max(1));
    let sy = f64::from(to.height) / f64::from(from.height.max(1));
    let at = |v: u32, s: f64| (f64::from(v) * s).round() as u32;
    Rect::new(
        at(r.x, sx),
        at(r.y, sy),
        at(r.width, sx).max(1),
        at(r.height, sy).max(1),
    )
}

/// How long after a capture a frame composed before it may still arrive: a few of the link's
/// frame transfers, at least `MIN_STALE`.
fn stale_bound(transfer: Option<Duration>) -> Duration {
    transfer.map_or(MIN_STALE, |t| (t * 3).max(MIN_STALE))
}

/// How long a check waits for its frame.
fn wait(transfer: Option<Duration>) -> Duration {
    transfer.map_or(MIN_WAIT, |t| (t * 4).max(MIN_WAIT))
}

impl PhoneAgent<'_> {
    /// Starts watching the screen of the last look, if not yet.
    pub(super) fn watch_start(&mut self, screen: Size) {
        // screenrecord records display 0 unless told a physical display; a game on a display
        // of its own (MuMu's keep-alive) is not in its frames, so checks look instead.
        if self.phone.screen_facts().game_display != 0 {
            return;
        }
        let device = self.phone.device().clone_box();
        self.watch.start(device, screen);
    }

    /// A glance's selection seen on the frame stream, since `glance_start`.
    pub(super) fn glance_on_stream(&mut self) -> Option<Cell> {
        let boxes = self.boxes()?;
        let start = Instant::now();
        let seen = self.watch.selected_since(self.glance_mark, &boxes);
        tracing::debug!(
            ?seen,
            "a glance on the screen stream, in {:?}",
            start.elapsed()
        );
        self.times.capture += start.elapsed();
        seen
    }

    /// `Agent::sees` on the frame stream, with the cells and keys of the last read.
    pub(super) fn sees_on_stream(&mut self, expect: Expect) -> bool {
        let Some(boxes) = self.boxes() else {
            return false;
        };
        let start = Instant::now();
        let seen = self.watch.sees(expect, &boxes);
        tracing::debug!(?expect, seen, "the screen stream, in {:?}", start.elapsed());
        self.times.capture += start.elapsed();
        self.times.frame_checks += u32::from(seen);
        seen
    }

    /// The cells and keys of the last read.
    fn boxes(&self) -> Option<Boxes> {
        let (shot, Some(read)) = self.last.as_ref()? else {
            return None;
        };
        let keys = self
            .keys_seen
            .as_ref()
            .map_or_else(Vec::new, |(_, k)| super::look::key_boxes(k));
        Some(Boxes {
            screen: Size::new(shot.image.width(), shot.image.height()),
            cells: read.cells.iter().map(|c| c.rect).collect(),
            keys,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_a_quarter_of_the_screen_in_its_proportions() {
        assert_eq!(stream_size(Size::new(1080, 2400)), Size::new(270, 600));
        assert_eq!(stream_size(Size::new(720, 1600)), Size::new(240, 532));
        assert_eq!(stream_size(Size::new(200, 400)), Size::new(200, 400));
    }

    #[test]
    fn boxes_scale_onto_the_frame() {
        let r = scaled(
            Rect::new(100, 200, 40, 40),
            Size::new(1080, 2400),
            Size::new(270, 600),
        );
        assert_eq!(r, Rect::new(25, 50, 10, 10));
    }
}
