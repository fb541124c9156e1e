//! The GIF encoder of `--record x.gif`: frames are scaled down, overlaid (step counter, tap markers),
//! mapped to one fixed palette, and written as diffs: only the rectangle that changed since the
//! previous frame, unchanged pixels transparent. A frame is written when the next one arrives, so
//! its delay is the real time it stayed on screen. Streams to the file; memory stays one frame.

use super::overlay;
use super::palette::{Palette, TRANSPARENT};
use super::RecordError;
use crate::device::Point;
use image::imageops::FilterType;
use image::RgbaImage;
use std::borrow::Cow;
use std::io::Write;
use std::time::Duration;

/// A frame held back until its display time is known.
struct Pending {
    at: Duration,
    rect: Rect,
    pixels: Vec<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Rect {
    left: u32,
    top: u32,
    width: u32,
    height: u32,
}

pub struct GifWriter<W: Write> {
    encoder: gif::Encoder<W>,
    palette: Palette,
    width: u32,
    height: u32,
    /// Indexed pixels of the last frame as the viewer sees it.
    shown: Vec<u8>,
    pending: Option<Pending>,
    frames: usize,
}

impl<W: Write> GifWriter<W> {
    /// Starts a GIF whose frames are `first`'s size scaled to at most `max_width` pixels wide.
    pub fn new(out: W, first: &RgbaImage, max_width: u32) -> Result<Self, RecordError> {
        let (width, height) = scaled_size(first.width(), first.height(), max_width);
        let small = scale(first, width, height);
        let palette = Palette::from_frame(&small);
        let mut encoder =
            gif::Encoder::new(out, width as u16, height as u16, &palette.gif_table())?;
        encoder.set_repeat(gif::Repeat::Infinite)?;
        Ok(GifWriter {
            encoder,
            palette,
            width,
            height,
            shown: Vec::new(),
            pending: None,
            frames: 0,
        })
    }

    /// `frame` at the GIF's size, as `push` scales it.
    pub fn fit(&self, frame: &RgbaImage) -> RgbaImage {
        scale(frame, self.width, self.height)
    }

    /// Number of frames written so far.
    pub fn frames(&self) -> usize {
        self.frames
    }

    /// Adds the screen as captured at `at` since the start, with `label` in the corner and a marker
    /// at each tap (screenshot pixels) sent since the previous frame.
    pub fn push(
        &mut self,
        frame: &RgbaImage,
        at: Duration,
        label: &str,
        taps: &[Point],
    ) -> Result<(), RecordError> {
        let mut small = scale(frame, self.width, self.height);
        let sx = self.width as f32 / frame.width() as f32;
        let sy = self.height as f32 / frame.height() as f32;
        for tap in taps {
            overlay::tap_marker(&mut small, tap.x as f32 * sx, tap.y as f32 * sy);
        }
        overlay::label(&mut small, label);
        let indexed: Vec<u8> = small.pixels().map(|p| self.palette.index(*p)).collect();
        let Some(rect) = changed(&self.shown, &indexed, self.width, self.height) else {
            return Ok(()); // nothing changed: the previous frame just stays longer
        };
        let mut pixels = Vec::with_capacity((rect.width * rect.height) as usize);
        for y in rect.top..rect.top + rect.height {
            for x in rect.left..rect.left + rect.width {
                let i = (y * self.width + x) as usize;
                let same = self.shown.get(i) == Some(&indexed[i]);
                pixels.push(if same { TRANSPARENT } else { indexed[i] });
            }
        }
        self.shown = indexed;
        if let Some(prev) = self.pending.replace(Pending { at, rect, pixels }) {
            self.write(prev, at)?;
        }
        Ok(())
    }

    /// Writes the last frame (shown for `hold`) and the GIF trailer.
    pub fn finish(mut self, hold: Duration) -> Result<W, RecordError> {
        if let Some(last) = self.pending.take() {
            let until = last.at + hold;
            self.write(last, until)?;
        }
        Ok(self.encoder.into_inner()?)
    }

    fn write(&mut self, frame: Pending, until: Duration) -> Result<(), RecordError> {
        // GIF delays are in 1/100 s; viewers treat under 2 as "as fast as possible", so floor at 2.
        let delay = ((until.saturating_sub(frame.at).as_millis() / 10) as u16).max(2);
        let out = gif::Frame {
            delay,
            dispose: gif::DisposalMethod::Keep,
            transparent: Some(TRANSPARENT),
            left: frame.rect.left as u16,
            top: frame.rect.top as u16,
            width: frame.rect.width as u16,
            height: frame.rect.height as u16,
            buffer: Cow::Owned(frame.pixels),
            ..gif::Frame::default()
        };
        self.encoder.write_frame(&out)?;
        self.frames += 1;
        Ok(())
    }
}

/// `width`x`height` scaled to fit `max_width` (never up), at least 1x1, within GIF's 16-bit limits.
fn scaled_size(width: u32, height: u32, max_width: u32) -> (u32, u32) {
    let w = width.min(max_width).clamp(1, u16::MAX as u32);
    let h = ((height as u64 * w as u64) / width.max(1) as u64).clamp(1, u16::MAX as u64) as u32;
    (w, h)
}

fn scale(frame: &RgbaImage, width: u32, height: u32) -> RgbaImage {
    if frame.dimensions() == (width, height) {
        frame.clone()
    } else {
        image::imageops::resize(frame, width, height, FilterType::Triangle)
    }
}

/// The bounding box of pixels that differ; the whole frame when there is no previous one.
fn changed(prev: &[u8], next: &[u8], width: u32, height: u32) -> Option<Rect> {
    if prev.len() != next.len() {
        return Some(Rect {
            left: 0,
            top: 0,
            width,
            height,
        });
    }
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (i, (a, b)) in prev.iter().zip(next).enumerate() {
        if a != b {
            let (x, y) = (i as u32 % width, i as u32 / width);
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
    }
    if x0 == u32::MAX {
        return None;
    }
    Some(Rect {
        left: x0,
        top: y0,
        width: x1 - x0 + 1,
        height: y1 - y0 + 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    fn screen(mark: Option<(u32, u32)>) -> RgbaImage {
        let mut img = RgbaImage::from_pixel(200, 400, Rgba([250, 250, 250, 255]));
        if let Some((x, y)) = mark {
            for dy in 0..20 {
                for dx in 0..20 {
                    img.put_pixel(x + dx, y + dy, Rgba([20, 60, 200, 255]));
                }
            }
        }
        img
    }

    fn decode(bytes: &[u8]) -> Vec<(u16, u16, u16, u16, u16)> {
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::Indexed);
        let mut dec = opts.read_info(bytes).unwrap();
        let mut out = Vec::new();
        while let Some(f) = dec.read_next_frame().unwrap() {
            out.push((f.left, f.top, f.width, f.height, f.delay));
        }
        out
    }

    #[test]
    fn frames_are_diffs_with_real_delays() {
        let mut w = GifWriter::new(Vec::new(), &screen(None), 100).unwrap();
        w.push(&screen(None), Duration::ZERO, "", &[]).unwrap();
        // Identical frame: merged into the previous one's delay.
        w.push(&screen(None), Duration::from_millis(100), "", &[])
            .unwrap();
        w.push(
            &screen(Some((100, 200))),
            Duration::from_millis(500),
            "",
            &[],
        )
        .unwrap();
        let bytes = w.finish(Duration::from_secs(1)).unwrap();
        let frames = decode(&bytes);
        assert_eq!(frames.len(), 2);
        assert_eq!(frames[0], (0, 0, 100, 200, 50));
        // The second frame covers only the square (scaled by 0.5, plus filter bleed).
        let (l, t, w2, h2, delay) = frames[1];
        assert!(
            (48..=50).contains(&l) && (98..=100).contains(&t),
            "{:?}",
            frames[1]
        );
        assert!(w2 <= 13 && h2 <= 13, "{:?}", frames[1]);
        assert_eq!(delay, 100);
    }

    #[test]
    fn label_and_taps_are_drawn() {
        let mut w = GifWriter::new(Vec::new(), &screen(None), 200).unwrap();
        w.push(&screen(None), Duration::ZERO, "", &[]).unwrap();
        w.push(
            &screen(None),
            Duration::from_millis(40),
            "step 7/90",
            &[Point::new(150, 150)],
        )
        .unwrap();
        let frames = decode(&w.finish(Duration::from_millis(500)).unwrap());
        assert_eq!(frames.len(), 2);
        let (l, t, fw, fh, _) = frames[1];
        // The changed area spans the label (top-left corner) and the marker around (150, 150).
        assert!(l < 20 && t < 20, "{:?}", frames[1]);
        assert!(l + fw > 150 && t + fh > 150, "{:?}", frames[1]);
    }

    #[test]
    fn scaled_size_keeps_aspect_and_never_upscales() {
        assert_eq!(scaled_size(1080, 2400, 540), (540, 1200));
        assert_eq!(scaled_size(300, 600, 540), (300, 600));
        assert_eq!(scaled_size(0, 0, 540), (1, 1));
    }
}
