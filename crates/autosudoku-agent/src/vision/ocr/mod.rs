//! Recognising shapes: a digit's normalised `glyph`, the learned digit `templates`, and the one
//! Tesseract wrapper, `tesseract`, which every reader of text goes through. Here also the general
//! digit reader: Tesseract (`eng`, digits 1-9 only, one character per call) over a clean crop —
//! black ink on white, a fixed height, a white margin — made from a digit's coverage, so the
//! engine never sees app colours, highlights or grid lines. Starting Tesseract costs ~100 ms:
//! one `Ocr` is made once, started on its first read and reused for every read. `WordOcr` is its
//! twin for button labels (letters only, one word).

pub mod glyph;
mod number;
pub mod templates;
pub mod tesseract;

use autosudoku_core::sudoku::Digit;
use autosudoku_core::variant::Symbol;
use glyph::Coverage;
pub use number::NumberOcr;
use tesseract::{Charset, Lazy, PageOptions, PageSegMode};

/// Page mode and digit height of each try, in order: 32 and 24 px first (what our own skins were
/// tuned on, and their templates learned from), then the two tries that read the most of the real
/// apps' digits, then 48 px (a few glyphs only it read). Why this order: docs/notes/vision.md,
/// "Digit OCR: the tries".
const ATTEMPTS: [(PageSegMode, u32); 5] = [
    (PageSegMode::SingleChar, 32),
    (PageSegMode::SingleChar, 24),
    (PageSegMode::SingleChar, 16),
    (PageSegMode::SingleWord, 64),
    (PageSegMode::SingleChar, 48),
];
const MARGIN: u32 = 16;
/// The resolution the crops are drawn at, as far as Tesseract's size heuristics go.
const PPI: i32 = 300;

/// One Tesseract instance set up for single digits, started on first use.
pub struct Ocr {
    engine: Lazy,
}

/// What Tesseract made of a crop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OcrRead {
    pub digit: Digit,
    /// Tesseract's own confidence, 0..1.
    pub confidence: f32,
}

impl Ocr {
    /// Tesseract for the digits 1-9 (started by the first read).
    pub fn new() -> Ocr {
        Ocr {
            engine: Lazy::new(Charset::Digits),
        }
    }

    /// Why Tesseract could not start, once a read tried.
    pub fn failure(&self) -> Option<&str> {
        self.engine.failure()
    }

    /// Tesseract for a board's symbols: 1-9, then the letters A-G (either case) that apps show
    /// for 10-16 (started by the first read).
    pub fn symbols() -> Ocr {
        Ocr {
            engine: Lazy::new(Charset::Symbols),
        }
    }

    /// Reads one digit. `None` when Tesseract sees no digit (or more than one).
    pub fn read(&mut self, cov: &Coverage) -> Option<OcrRead> {
        let (digit, confidence) = self.best(cov, |c| Digit::new(c.to_digit(10)? as u8))?;
        Some(OcrRead { digit, confidence })
    }

    /// Reads one symbol (a digit, or a letter A-G for 10-16) and Tesseract's confidence.
    pub fn read_symbol(&mut self, cov: &Coverage) -> Option<(Symbol, f32)> {
        self.best(cov, Symbol::from_char)
    }

    /// The best of the tries that `parse` accepts.
    ///
    /// Tesseract's single-character mode is sensitive to size (a digit it misses at one height it
    /// reads surely at another), so a weak answer is retried at other sizes and as a word.
    fn best<T: Copy>(
        &mut self,
        cov: &Coverage,
        parse: impl Fn(char) -> Option<T>,
    ) -> Option<(T, f32)> {
        let mut best: Option<(T, f32)> = None;
        for (mode, height) in ATTEMPTS {
            if let Some(read) = self
                .read_with(cov, mode, height)
                .and_then(|(c, conf)| Some((parse(c)?, conf)))
            {
                if read.1 >= 0.8 {
                    return Some(read);
                }
                if best.is_none_or(|b| read.1 > b.1) {
                    best = Some(read);
                }
            }
        }
        best
    }

    /// One try: `mode`, with the character scaled to `height` pixels; the one character read and
    /// Tesseract's confidence.
    pub fn read_with(
        &mut self,
        cov: &Coverage,
        mode: PageSegMode,
        height: u32,
    ) -> Option<(char, f32)> {
        let page = PageOptions {
            mode,
            ppi: Some(PPI),
        };
        let (text, confidence) = self.engine.get()?.text(&crop(cov, height), page)?;
        let mut chars = text.chars().filter(|c| !c.is_whitespace());
        let first = chars.next()?;
        if chars.next().is_some() {
            return None;
        }
        Some((first, confidence))
    }
}

/// Black ink on white, `CROP_HEIGHT` high, with a white margin.
fn crop(cov: &Coverage, height: u32) -> image::GrayImage {
    let scale = height as f32 / cov.height as f32;
    let gw = ((cov.width as f32 * scale).round() as u32).max(1);
    image::GrayImage::from_fn(gw + 2 * MARGIN, height + 2 * MARGIN, |x, y| {
        if x < MARGIN || y < MARGIN || x >= gw + MARGIN || y >= height + MARGIN {
            return image::Luma([255]);
        }
        // Bilinear sampling of the coverage.
        let fx = ((x - MARGIN) as f32 + 0.5) / scale - 0.5;
        let fy = ((y - MARGIN) as f32 + 0.5) / scale - 0.5;
        let (x0, y0) = (fx.floor().max(0.0), fy.floor().max(0.0));
        let (tx, ty) = ((fx - x0).clamp(0.0, 1.0), (fy - y0).clamp(0.0, 1.0));
        let (x0, y0) = (x0 as u32, y0 as u32);
        let (x1, y1) = ((x0 + 1).min(cov.width - 1), (y0 + 1).min(cov.height - 1));
        let (x0, y0) = (x0.min(cov.width - 1), y0.min(cov.height - 1));
        let a = cov.at(x0, y0) * (1.0 - tx) * (1.0 - ty)
            + cov.at(x1, y0) * tx * (1.0 - ty)
            + cov.at(x0, y1) * (1.0 - tx) * ty
            + cov.at(x1, y1) * tx * ty;
        image::Luma([255 - (a * 255.0).round() as u8])
    })
}

/// One Tesseract instance set up for single words of letters (button labels like "Undo"),
/// started on first use.
pub struct WordOcr {
    engine: Lazy,
}

impl WordOcr {
    /// Tesseract for letters only, one word per page (started by the first read).
    pub fn new() -> WordOcr {
        WordOcr {
            engine: Lazy::new(Charset::Letters),
        }
    }

    /// Why Tesseract could not start, once a read tried.
    pub fn failure(&self) -> Option<&str> {
        self.engine.failure()
    }

    /// The word on a black-on-white crop and Tesseract's confidence (0..1); `None` when it sees none.
    pub fn read(&mut self, crop: &image::GrayImage) -> Option<(String, f32)> {
        let page = PageOptions {
            mode: PageSegMode::SingleWord,
            ppi: Some(PPI),
        };
        let (text, confidence) = self.engine.get()?.text(crop, page)?;
        let word: String = text.chars().filter(|c| c.is_alphabetic()).collect();
        (!word.is_empty()).then_some((word, confidence))
    }
}

impl Default for Ocr {
    fn default() -> Self {
        Ocr::new()
    }
}

impl Default for WordOcr {
    fn default() -> Self {
        WordOcr::new()
    }
}
