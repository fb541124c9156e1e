//! A GIF from host captures, labelled and marked as exactly as one from the phone's own video:
//! each capture waits until the player has told every move it began sending before the capture
//! was taken (a batch in flight is told when it ends, its labels a moment later), then `credit`
//! judges by the capture's pixels which moves it shows, and it goes to the GIF with their label
//! and tap markers. Captures wait at the GIF's size, a few megabytes at most.

use super::credit::Credit;
use super::gif::GifWriter;
use super::timeline::{StepLabel, Taps, Timeline};
use super::RecordError;
use image::RgbaImage;
use std::collections::VecDeque;
use std::fs::File;
use std::io::BufWriter;
use std::time::{Duration, Instant};

/// At most this many bytes of captures wait (31 frames 480 px wide of a 1080x2400 screen, 3 s at
/// the default 10 fps); beyond, the oldest goes with what is told by then, so a player that never
/// tells (a send that failed) costs no more memory.
const WAITING_BYTES: usize = 64 << 20;

/// One capture at the GIF's size: asked for at `asked` (`at` into the recording), received at
/// `taken`, so it can show any input sent before `taken`.
struct Capture {
    frame: RgbaImage,
    at: Duration,
    asked: Instant,
    taken: Instant,
}

/// The GIF, its credit of moves to frames, what the player tells, and the captures waiting.
pub struct HeldGif {
    gif: GifWriter<BufWriter<File>>,
    credit: Credit,
    taps: Taps,
    label: StepLabel,
    waiting: VecDeque<Capture>,
}

impl HeldGif {
    /// A GIF into `out`, `width` wide at most, sized and coloured after `first` (a screen
    /// capture), its moves as the player tells them through `taps` and `label`.
    pub fn new(
        out: BufWriter<File>,
        first: &RgbaImage,
        width: u32,
        taps: Taps,
        label: StepLabel,
    ) -> Result<Self, RecordError> {
        let gif = GifWriter::new(out, first, width)?;
        let small = gif.fit(first);
        let scale = (
            small.width() as f32 / first.width().max(1) as f32,
            small.height() as f32 / first.height().max(1) as f32,
        );
        Ok(HeldGif {
            gif,
            credit: Credit::new(String::new(), Vec::new(), Vec::new(), scale),
            taps,
            label,
            waiting: VecDeque::new(),
        })
    }

    /// Holds `shot`, asked for at `asked` (`at` into the recording) and received at `taken`,
    /// then writes what may go.
    pub fn push(
        &mut self,
        shot: &RgbaImage,
        at: Duration,
        asked: Instant,
        taken: Instant,
    ) -> Result<(), RecordError> {
        let frame = self.gif.fit(shot);
        self.waiting.push_back(Capture {
            frame,
            at,
            asked,
            taken,
        });
        self.release(false)
    }

    /// Writes, oldest first, every waiting capture whose moves the player has told; with `all`,
    /// every one (play is over: all is told that will be).
    fn release(&mut self, all: bool) -> Result<(), RecordError> {
        // Read first: whatever was told by then is in the changes and taps read after.
        let untold = self.label.untold_since();
        let sent = self.taps.lock().map(|t| t.clone()).unwrap_or_default();
        let (start, moves, loose) = Timeline::new(sent, self.label.changes()).moves();
        self.credit.learn(start, moves, loose);
        let size = self.waiting.front().map_or(1, |c| c.frame.as_raw().len());
        let most = (WAITING_BYTES / size.max(1)).max(2);
        while let Some(c) = self.waiting.front() {
            let told = untold.is_none_or(|since| since > c.taken);
            if !(all || told || self.waiting.len() > most) {
                break;
            }
            let Some(c) = self.waiting.pop_front() else {
                break;
            };
            // Aged by when it was asked for: never later than what it shows.
            let (text, marks) = self.credit.frame(&c.frame, c.asked);
            self.gif.push(&c.frame, c.at, &text, &marks)?;
        }
        Ok(())
    }

    /// Writes every waiting capture, the last shown for `hold`, and the GIF's end.
    pub fn finish(mut self, hold: Duration) -> Result<(), RecordError> {
        self.release(true)?;
        self.gif.finish(hold)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::Point;
    use crate::record::Tap;
    use image::Rgba;

    #[test]
    fn a_capture_waits_while_a_batch_sent_before_it_is_untold() {
        let dir = tempfile::tempdir().unwrap();
        let out = BufWriter::new(File::create(dir.path().join("x.gif")).unwrap());
        let screen = RgbaImage::from_pixel(200, 400, Rgba([250, 250, 250, 255]));
        let (taps, label) = (Taps::default(), StepLabel::default());
        let start = Instant::now();
        label.set(start, "steps 0/1".into());
        let mut held = HeldGif::new(out, &screen, 100, taps.clone(), label.clone()).unwrap();
        let at = start.elapsed();
        held.push(&screen, at, start, Instant::now()).unwrap();
        assert!(held.waiting.is_empty(), "nothing was being sent");
        label.sending(Instant::now());
        let asked = Instant::now();
        held.push(&screen, at, asked, Instant::now()).unwrap();
        assert_eq!(held.waiting.len(), 1, "the batch began before the capture");
        let tap = Tap {
            at: Instant::now(),
            point: Point::new(50, 50),
            on_cell: true,
        };
        taps.lock().unwrap().push(tap);
        label.set(tap.at, "steps 1/1".into());
        label.told();
        // Told, and a batch begun after the next capture was taken holds neither.
        let taken = Instant::now();
        label.sending(taken + Duration::from_millis(1));
        held.push(&screen, at, taken, taken).unwrap();
        assert!(held.waiting.is_empty(), "{} wait", held.waiting.len());
        held.finish(Duration::from_secs(1)).unwrap();
    }
}
