//! Whether the board on screen is the game in play or a picture of one: a menu shows a small board
//! (a thumbnail of the last game) above big buttons whose words lead into a game ("Play",
//! "Resume"). The words are read with Tesseract only under a board that is small on the screen and
//! has no keypad, so a game in play costs nothing; `judge` is the pure verdict on them.

use super::dialog::like;
use super::marks;
use super::words::{ink_box, parse_tsv, Word};
use crate::geometry::Rect;
use crate::vision::ocr::tesseract::{Charset, Lazy, PageOptions, PageSegMode};
use crate::vision::pixels::Luma;
use image::{imageops::FilterType, GrayImage};

/// Words of buttons that lead into a game (or back to one): a screen that shows them is not the
/// game itself. "New game" is left out: many games keep that button beside the board in play.
const MENU_WORDS: &[&str] = &["play", "resume", "continue", "start", "leaderboard"];

/// A board with no keypad that fills less of the screen's short side than this may be a thumbnail,
/// and the words under it are read. A menu's thumbnail measured 0.45; the few games in play below
/// it pay one OCR pass (docs/notes/vision.md).
const SMALL_BOARD: f32 = 0.7;

/// Menu letters are at least this tall in cell pitches: a thumbnail is small next to its menu's
/// words, while a game's own labels under the board are smaller than its digits.
const BIG_LETTER: f32 = 0.5;

/// The cell pitch the strip under the board is scaled to before OCR: big words stay readable,
/// small print drops below what Tesseract reads, and the page stays small.
const OCR_PITCH: f32 = 24.0;

/// Reads the big words under a board and judges them.
pub struct MenuReader {
    engine: Lazy,
}

impl Default for MenuReader {
    fn default() -> Self {
        MenuReader {
            engine: Lazy::new(Charset::Any),
        }
    }
}

/// Whether the board at `board` may be a picture of one rather than the game in play: it has no
/// keypad and is small on the screen.
pub fn may_be_picture(luma: &Luma, board: Rect, keypad: bool) -> bool {
    let short = luma.width.min(luma.height) as f32;
    !keypad && (board.width.max(board.height) as f32) < SMALL_BOARD * short
}

impl MenuReader {
    /// Why the board at `board` (cell pitch `pitch`) is a picture inside a menu, or `None` when
    /// it may be the game in play.
    pub fn check(&mut self, luma: &Luma, board: Rect, pitch: f32, keypad: bool) -> Option<String> {
        let room = luma.height.saturating_sub(board.bottom()) as f32 >= 2.0 * pitch;
        if !may_be_picture(luma, board, keypad) || !room {
            return None;
        }
        let words = self.words_below(luma, board, pitch);
        judge(&words, pitch)
    }

    /// The words in the strip under the board, in screenshot pixels.
    fn words_below(&mut self, luma: &Luma, board: Rect, pitch: f32) -> Vec<Word> {
        let (w, h) = (luma.width, luma.height);
        let top = board.bottom().min(h);
        let below = luma.data[(top * w) as usize..].to_vec();
        let Some(strip) = GrayImage::from_raw(w, h - top, below) else {
            return Vec::new();
        };
        let scale = (pitch / OCR_PITCH).max(1.0);
        let strip = if scale > 1.0 {
            let (sw, sh) = ((w as f32 / scale) as u32, ((h - top) as f32 / scale) as u32);
            image::imageops::resize(&strip, sw.max(1), sh.max(1), FilterType::Triangle)
        } else {
            strip
        };
        let canvas = big_letters(&strip, pitch / scale);
        let Some([x0, y0, x1, y1]) = ink_box(&canvas, 16) else {
            return Vec::new();
        };
        let page = image::imageops::crop_imm(&canvas, x0, y0, x1 - x0, y1 - y0).to_image();
        let opts = PageOptions {
            mode: PageSegMode::SparseText,
            ppi: None,
        };
        let Some(tsv) = self.engine.get().and_then(|mut e| e.tsv(&page, opts)) else {
            return Vec::new();
        };
        let mut words = parse_tsv(&tsv, (x0, y0), scale);
        words.iter_mut().for_each(|w| w.y += top);
        words
    }
}

/// Dark and light letter-sized shapes at least `BIG_LETTER` pitches tall, black on white: a
/// button's fill and outline are too big to count, small print too small.
fn big_letters(gray: &GrayImage, pitch: f32) -> GrayImage {
    let (w, h) = gray.dimensions();
    let limits = (
        (pitch * 2.5) as u32,
        (pitch * 2.5) as u32,
        ((pitch * BIG_LETTER) as u32).max(3),
    );
    let mut canvas = GrayImage::from_pixel(w, h, image::Luma([255]));
    let masks: [fn(u8) -> bool; 2] = [|v| v < 150, |v| v > 215];
    for is_ink in masks {
        marks::text_sized_runs(gray, is_ink, limits, |y, x0, x1| {
            let row = (y * w) as usize;
            canvas.as_mut()[row + x0 as usize..=row + x1 as usize].fill(0);
        });
    }
    canvas
}

/// Why these words under a board make it a menu: a word leading into a game, in letters at least
/// half a cell tall.
pub fn judge(words: &[Word], pitch: f32) -> Option<String> {
    let norm = |t: &str| {
        t.trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    };
    let found: Vec<String> = words
        .iter()
        .filter(|w| w.height as f32 >= BIG_LETTER * pitch)
        .filter(|w| MENU_WORDS.iter().any(|m| like(&norm(&w.text), m)))
        .map(|w| w.text.clone())
        .collect();
    (!found.is_empty()).then(|| {
        format!(
            "a menu, not a game in play: {} under a small board",
            found.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(text: &str, height: u32) -> Word {
        Word {
            text: text.into(),
            x: 10,
            y: 500,
            width: 3 * height,
            height,
            line: (1, 1, 1),
        }
    }

    #[test]
    fn big_words_that_lead_into_a_game_make_a_menu() {
        assert!(judge(&[word("Play", 60), word("Resume", 50)], 54.0).is_some());
        // One slip in a long word is forgiven, like the dialog reader's.
        assert!(judge(&[word("Rcsume", 50)], 54.0).is_some());
    }

    #[test]
    fn small_labels_and_other_words_do_not() {
        // A game's "Play" (pause toggle) label under the board, smaller than its digits.
        assert_eq!(judge(&[word("Play", 14)], 54.0), None);
        assert_eq!(judge(&[word("New", 60), word("game", 60)], 54.0), None);
        assert_eq!(judge(&[word("Settings", 60)], 54.0), None);
    }
}
