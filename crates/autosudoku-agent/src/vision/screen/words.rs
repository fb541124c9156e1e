//! The words anywhere on a screenshot, with their boxes: what a dialog, a pop-up, another app or
//! an app's title bar says (`dialog` judges them). Read with Tesseract as words with boxes (its TSV
//! output), only when the grid is covered or missing, so it costs nothing while the game is on
//! screen; Tesseract can be loaded in the background and sees only the box around the text-sized
//! marks (on a dimmed game, the card's words).

use super::marks;
use crate::vision::ocr::tesseract::{Charset, Lazy, PageOptions, PageSegMode};
use image::{imageops::FilterType, GrayImage, Luma, RgbaImage};
use std::time::Instant;

/// A word Tesseract found, with its box in screenshot pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct Word {
    pub text: String,
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
    /// Tesseract's `block_num.par_num.line_num`, to join words of one line.
    pub line: (u32, u32, u32),
}

/// Tesseract set up for sparse text (dialog titles and buttons anywhere on the screen).
pub struct WordReader {
    engine: Lazy,
}

/// Screens whose short side is longer are scaled down to it before OCR: dialog text stays
/// readable, OCR stays fast on the largest screens. The short side, as text follows the density.
/// Measured on a generated app in a 2560x1440 desktop window (JPEG q55, serif): its solved card's
/// "New game" read as nothing scaled to 1080 px wide, "New qaine" to 1080 px high, right unscaled.
const OCR_SHORT_SIDE: u32 = 1440;

impl WordReader {
    pub fn new() -> WordReader {
        WordReader {
            engine: Lazy::new(Charset::Any),
        }
    }

    /// Starts loading Tesseract on another thread (its language data takes a few hundred ms), for
    /// a caller that will almost surely read a dialog: a game ends with one.
    pub fn warm_up(&mut self) {
        self.engine.warm_up();
    }

    /// The words on `img`; empty when Tesseract is not installed.
    pub fn words(&mut self, img: &RgbaImage) -> Vec<Word> {
        self.words_title_first(img, |_| false)
    }

    /// Reads the first line of text (a dialog's title) alone, and returns its words when `enough`
    /// says they settle the matter; otherwise reads all the text. A "Solved!" title then costs a
    /// few tens of milliseconds of Tesseract instead of the whole card.
    pub fn words_title_first(
        &mut self,
        img: &RgbaImage,
        enough: impl Fn(&[Word]) -> bool,
    ) -> Vec<Word> {
        let short = img.width().min(img.height());
        let scale = (short as f32 / OCR_SHORT_SIDE as f32).max(1.0);
        let gray = if scale > 1.0 {
            let (w, h) = (img.width() as f32 / scale, img.height() as f32 / scale);
            let (w, h) = ((w as u32).max(1), (h as u32).max(1));
            let small = image::imageops::resize(img, w, h, FilterType::Triangle);
            image::imageops::grayscale(&small)
        } else {
            image::imageops::grayscale(img)
        };
        let start = Instant::now();
        let canvas = text_canvas(&gray);
        // Tesseract's cost grows with the page: give it only the box around the kept text (on a
        // dimmed game that is the dialog card's words), not the whole white screen.
        let Some(all) = ink_box(&canvas, INK_MARGIN) else {
            return Vec::new();
        };
        tracing::debug!("dialog canvas {} ms", start.elapsed().as_millis());
        // The title is the first line Tesseract finds words in (an icon above it has none).
        let mut rest = all;
        for _ in 0..3 {
            let Some([x0, top, x1, bottom]) = first_line(&canvas, rest) else {
                break;
            };
            let band = [
                x0,
                top.saturating_sub(INK_MARGIN),
                x1,
                (bottom + INK_MARGIN).min(canvas.height()),
            ];
            let words = self.ocr(&canvas, band, scale);
            if !words.is_empty() {
                if enough(&words) {
                    return words;
                }
                break;
            }
            rest[1] = bottom;
        }
        self.ocr(&canvas, all, scale)
    }

    /// Tesseract's words in the box `[x0, y0, x1, y1)` of `canvas`, in screenshot pixels.
    fn ocr(&mut self, canvas: &GrayImage, [x0, y0, x1, y1]: [u32; 4], scale: f32) -> Vec<Word> {
        let start = Instant::now();
        let gray = image::imageops::crop_imm(canvas, x0, y0, x1 - x0, y1 - y0).to_image();
        let page = PageOptions {
            mode: PageSegMode::SparseText,
            ppi: None,
        };
        let Some(tsv) = self.engine.get().and_then(|mut e| e.tsv(&gray, page)) else {
            return Vec::new();
        };
        let words = parse_tsv(&tsv, (x0, y0), scale);
        tracing::debug!(
            "dialog OCR: Tesseract on {}x{} {} ms, {} word(s)",
            gray.width(),
            gray.height(),
            start.elapsed().as_millis(),
            words.len()
        );
        words
    }
}

impl Default for WordReader {
    fn default() -> Self {
        WordReader::new()
    }
}

/// Dark glyphs and light glyphs (white text on a coloured button), each kept only when it is
/// text-sized, drawn black on white. Tesseract alone loses button labels: their pill outlines and
/// fills join the letters into one shape it takes for a picture.
fn text_canvas(gray: &GrayImage) -> GrayImage {
    let (w, h) = gray.dimensions();
    // Text sizes follow the density, not the orientation: measure by the long and short sides,
    // or a landscape phone's dialog title would be too tall to count as text.
    let (long, short) = (w.max(h) as f32, w.min(h) as f32);
    let max_h = (long * 0.035).max(8.0) as u32;
    let max_w = (short * 0.12).max(8.0) as u32;
    let mut canvas = GrayImage::from_pixel(w, h, Luma([255]));
    let masks: [fn(u8) -> bool; 2] = [|v| v < 150, |v| v > 215];
    for is_ink in masks {
        marks::text_sized_runs(gray, is_ink, (max_w, max_h, 3), |y, x0, x1| {
            let row = (y * w) as usize;
            canvas.as_mut()[row + x0 as usize..=row + x1 as usize].fill(0);
        });
    }
    canvas
}

/// White space kept around the text for Tesseract, in OCR pixels.
const INK_MARGIN: u32 = 16;

/// The box (min x, min y, end x, end y) around the black pixels of a text canvas, widened by
/// `margin` and clipped to the canvas; `None` when there is no ink.
pub(super) fn ink_box(canvas: &GrayImage, margin: u32) -> Option<[u32; 4]> {
    let (w, h) = canvas.dimensions();
    let mut b = [u32::MAX, u32::MAX, 0, 0];
    for (y, row) in canvas.as_raw().chunks_exact(w.max(1) as usize).enumerate() {
        let Some(first) = row.iter().position(|&v| v == 0) else {
            continue;
        };
        let last = row.iter().rposition(|&v| v == 0).unwrap_or(first);
        let y = y as u32;
        b = [
            b[0].min(first as u32),
            b[1].min(y),
            b[2].max(last as u32),
            b[3].max(y),
        ];
    }
    (b[0] != u32::MAX).then(|| {
        [
            b[0].saturating_sub(margin),
            b[1].saturating_sub(margin),
            (b[2] + 1 + margin).min(w),
            (b[3] + 1 + margin).min(h),
        ]
    })
}

/// The box `[x0, top, x1, bottom)` of the topmost line of marks inside `area`: rows with ink, up to
/// a blank gap taller than half the line so far (an "i" dot or a "!" does not end it).
fn first_line(canvas: &GrayImage, area: [u32; 4]) -> Option<[u32; 4]> {
    let [x0, y0, x1, y1] = area;
    let w = canvas.width() as usize;
    let inked = |y: u32| {
        let row = y as usize * w;
        canvas.as_raw()[row + x0 as usize..row + x1 as usize].contains(&0)
    };
    let top = (y0..y1).find(|&y| inked(y))?;
    let (mut bottom, mut gap) = (top, 0);
    for y in top + 1..y1 {
        if inked(y) {
            bottom = y;
            gap = 0;
        } else {
            gap += 1;
            if gap > (bottom - top).div_ceil(2).max(4) {
                break;
            }
        }
    }
    Some([x0, top, x1, bottom + 1])
}

/// Tesseract TSV rows: level page block par line word left top width height conf text. Boxes are
/// relative to `origin` (where the OCR crop sat) and scaled back to screenshot pixels.
pub(super) fn parse_tsv(tsv: &str, origin: (u32, u32), scale: f32) -> Vec<Word> {
    tsv.lines()
        .filter_map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            if f.len() < 12 || f[0] != "5" {
                return None;
            }
            let n = |i: usize| f[i].parse::<f32>().ok();
            let text = f[11].trim();
            if text.is_empty() || n(10)? < 30.0 {
                return None;
            }
            let px = |v: f32| (v * scale) as u32;
            Some(Word {
                text: text.to_owned(),
                x: px(n(6)? + origin.0 as f32),
                y: px(n(7)? + origin.1 as f32),
                width: px(n(8)?),
                height: px(n(9)?),
                line: (n(2)? as u32, n(3)? as u32, n(4)? as u32),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tsv_rows_become_scaled_words() {
        let tsv = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n\
                   5\t1\t1\t1\t2\t1\t10\t20\t30\t40\t91.5\tSolved!\n\
                   5\t1\t1\t1\t2\t2\t10\t20\t30\t40\t5\tjunk\n";
        let words = parse_tsv(tsv, (0, 0), 2.0);
        assert_eq!(words.len(), 1);
        assert_eq!(
            (words[0].x, words[0].y, words[0].width, words[0].line),
            (20, 40, 60, (1, 1, 2))
        );
        // A word found in a crop at (100, 50) sits that much further on the screen.
        let moved = parse_tsv(tsv, (100, 50), 2.0);
        assert_eq!((moved[0].x, moved[0].y), (220, 140));
    }

    #[test]
    fn ink_box_wraps_black_pixels_with_a_clipped_margin() {
        let mut c = GrayImage::from_pixel(100, 80, Luma([255]));
        assert_eq!(ink_box(&c, 4), None);
        c.put_pixel(10, 20, Luma([0]));
        c.put_pixel(30, 25, Luma([0]));
        assert_eq!(ink_box(&c, 4), Some([6, 16, 35, 30]));
        c.put_pixel(99, 79, Luma([0]));
        assert_eq!(ink_box(&c, 4), Some([6, 16, 100, 80]));
    }

    #[test]
    fn first_line_spans_a_title_with_small_gaps_and_stops_at_the_next_line() {
        let mut c = GrayImage::from_pixel(100, 200, Luma([255]));
        let mut ink = |ys: std::ops::Range<u32>| {
            for y in ys {
                c.put_pixel(50, y, Luma([0]));
            }
        };
        ink(20..40); // the title's letters
        ink(43..46); // the dot of its "!", three blank rows below
        ink(80..100); // the next line
        assert_eq!(first_line(&c, [0, 0, 100, 200]), Some([0, 20, 100, 46]));
        assert_eq!(first_line(&c, [0, 46, 100, 200]), Some([0, 80, 100, 100]));
        assert_eq!(first_line(&c, [0, 0, 40, 200]), None);
    }
}

#[cfg(test)]
mod canvas_tests {
    use super::*;

    #[test]
    fn outlines_and_fills_are_dropped_text_sized_marks_kept() {
        // A light card with a big dark outline (dropped) and a small dark mark (kept), and a
        // white mark inside a big blue fill (kept) while the fill itself is not ink.
        let mut g = GrayImage::from_pixel(200, 400, Luma([240]));
        for x in 10..190 {
            g.put_pixel(x, 50, Luma([40]));
            g.put_pixel(x, 120, Luma([40]));
        }
        for y in 50..=120 {
            g.put_pixel(10, y, Luma([40]));
            g.put_pixel(189, y, Luma([40]));
        }
        for y in 80..86 {
            for x in 50..54 {
                g.put_pixel(x, y, Luma([30]));
            }
        }
        for y in 200..300 {
            for x in 20..180 {
                g.put_pixel(x, y, Luma([120]));
            }
        }
        for y in 240..246 {
            for x in 100..104 {
                g.put_pixel(x, y, Luma([250]));
            }
        }
        let c = text_canvas(&g);
        assert_eq!(c.get_pixel(60, 50)[0], 255, "outline kept");
        assert_eq!(c.get_pixel(51, 82)[0], 0, "dark mark lost");
        assert_eq!(c.get_pixel(101, 242)[0], 0, "light mark lost");
        assert_eq!(c.get_pixel(30, 210)[0], 255, "fill kept");
    }
}
