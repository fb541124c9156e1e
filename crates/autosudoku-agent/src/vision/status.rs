//! The app's status line as read off a screenshot (the words regress reads): the game timer
//! (`m:ss` or `h:mm:ss`) and the mistakes counter ("Mistakes: 1/3"). Tesseract reads the band above the grid at full resolution
//! (small grey digits misread as 6 once scaled down); picking the timer and the counter out of its
//! text is pure and tested here.

use super::tesseract::{Charset, Lazy, PageOptions};
use image::{DynamicImage, RgbaImage};
use std::time::Duration;
use tesseract::PageSegMode;

/// What the status line shows; each part is `None` when it was not found.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Status {
    pub timer: Option<Duration>,
    /// (mistakes, limit if shown).
    pub mistakes: Option<(u32, Option<u32>)>,
}

/// Tesseract, started on first use and kept for the worker's later reads.
pub struct StatusReader {
    engine: Lazy,
    warned: bool,
}

impl Default for StatusReader {
    fn default() -> Self {
        StatusReader {
            engine: Lazy::new(Charset::Any),
            warned: false,
        }
    }
}

/// Screenshots carry no resolution; telling Tesseract one skips its estimate (2-4x faster).
const PPI: i32 = 300;

impl StatusReader {
    /// Starts Tesseract on another thread, for a caller that will read the status soon.
    pub fn warm_up(&mut self) {
        self.engine.warm_up();
    }

    /// Reads the status of a game screenshot; `grid_top` is the grid's top edge in pixels: the
    /// status line sits above it (the phone's own status bar clock, in the top 4% of the screen, is
    /// left out). Empty when Tesseract is not installed.
    pub fn read(&mut self, shot: &RgbaImage, grid_top: Option<u32>) -> Status {
        let (w, h) = shot.dimensions();
        let top = h / 25;
        let bottom = grid_top.filter(|&t| t > top + h / 40).unwrap_or(h);
        let band = image::imageops::crop_imm(shot, 0, top, w, bottom - top).to_image();
        let gray = DynamicImage::ImageRgba8(band).into_luma8();
        let page = PageOptions {
            mode: PageSegMode::PsmSparseText,
            ppi: Some(PPI),
        };
        let Some(engine) = self.engine.get() else {
            if let Some(e) = self.engine.failure().filter(|_| !self.warned) {
                tracing::warn!("Tesseract is not available ({e}); timer and mistakes are not read");
                self.warned = true;
            }
            return Status::default();
        };
        let text = engine.text(&gray, page).map(|(t, _)| t).unwrap_or_default();
        from_text(&text)
    }
}

/// Picks the timer and the mistakes counter out of the status area's text.
pub fn from_text(text: &str) -> Status {
    let mut status = Status::default();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        for (i, w) in words.iter().enumerate() {
            if status.timer.is_none() {
                status.timer = parse_clock(w);
            }
            let lower = w.to_lowercase();
            let Some(rest) = lower
                .strip_prefix("mistakes")
                .or_else(|| lower.strip_prefix("mistake"))
            else {
                continue;
            };
            let rest = rest.trim_start_matches(':').trim();
            let count = if rest.is_empty() {
                words.get(i + 1).and_then(|n| parse_count(n))
            } else {
                parse_count(rest)
            };
            if status.mistakes.is_none() {
                status.mistakes = count;
            }
        }
    }
    status
}

/// `m:ss` or `h:mm:ss` (Tesseract may add stray punctuation around it).
pub fn parse_clock(text: &str) -> Option<Duration> {
    let t = text.trim_matches(|c: char| !c.is_ascii_digit());
    let parts: Vec<&str> = t.split(':').collect();
    if !(2..=3).contains(&parts.len()) || parts.iter().any(|p| p.is_empty() || p.len() > 2) {
        return None;
    }
    let nums: Vec<u64> = parts
        .iter()
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    if nums[1..].iter().any(|&n| n >= 60) || parts[1..].iter().any(|p| p.len() != 2) {
        return None;
    }
    Some(Duration::from_secs(
        nums.iter().fold(0, |acc, n| acc * 60 + n),
    ))
}

/// `1/3` or `1`.
fn parse_count(text: &str) -> Option<(u32, Option<u32>)> {
    let t = text.trim_matches(|c: char| !c.is_ascii_digit());
    match t.split_once('/') {
        Some((n, l)) => Some((n.trim().parse().ok()?, Some(l.trim().parse().ok()?))),
        None => Some((t.parse().ok()?, None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_in_every_shape() {
        assert_eq!(parse_clock("00:00"), Some(Duration::ZERO));
        assert_eq!(parse_clock("3:07"), Some(Duration::from_secs(187)));
        assert_eq!(parse_clock("1:02:03"), Some(Duration::from_secs(3723)));
        assert_eq!(parse_clock("(12:34)"), Some(Duration::from_secs(754)));
        for bad in ["12", "1:2", "1:60", "a:bc", "1:234", "Mistakes:"] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_status_line_gives_timer_and_mistakes() {
        let s = from_text("€< Sudoku  Il\n\nEasy  Mistakes: 1/3  02:15\n");
        assert_eq!(s.timer, Some(Duration::from_secs(135)));
        assert_eq!(s.mistakes, Some((1, Some(3))));
        let s = from_text("Mistakes:2");
        assert_eq!(
            s,
            Status {
                timer: None,
                mistakes: Some((2, None))
            }
        );
        // A count on the next line belongs to something else.
        assert_eq!(from_text("Mistakes\n4").mistakes, None);
    }

    #[test]
    fn the_virtual_phones_status_line_is_read() {
        // The classic skin's first screen at 1080x2400 (`autosudoku phone --skin classic --snapshot`).
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/fixtures/regress-status-classic.png");
        let img = image::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let s = StatusReader::default().read(&img.to_rgba8(), Some(340));
        assert_eq!(
            s,
            Status {
                timer: Some(Duration::ZERO),
                mistakes: Some((0, Some(3)))
            }
        );
    }
}
