//! The general reader: Tesseract (`eng`, digits 1-9 only, one character per call) over a clean
//! crop — black ink on white, a fixed height, a white margin — made from a digit's coverage, so the
//! engine never sees app colours, highlights or grid lines. Starting Tesseract costs ~100 ms:
//! one `Ocr` is made once and reused for every read. `WordOcr` is its twin for button labels
//! (letters only, one word).

use super::glyph::Coverage;
use super::VisionError;
use autosudoku_core::sudoku::Digit;
use std::ffi::CString;
use tesseract::plumbing::TessBaseApi;
use tesseract::PageSegMode;

/// Page mode and digit height of each try, best first (measured on the rendered corpus).
const ATTEMPTS: [(PageSegMode, u32); 4] = [
    (PageSegMode::PsmSingleChar, 32),
    (PageSegMode::PsmSingleChar, 24),
    (PageSegMode::PsmSingleChar, 48),
    (PageSegMode::PsmSingleWord, 48),
];
const MARGIN: u32 = 16;

/// One Tesseract instance set up for single digits.
pub struct Ocr {
    api: TessBaseApi,
}

/// What Tesseract made of a crop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OcrRead {
    pub digit: Digit,
    /// Tesseract's own confidence, 0..1.
    pub confidence: f32,
}

impl Ocr {
    /// Starts Tesseract for the digits 1-9.
    pub fn new() -> Result<Ocr, VisionError> {
        Ok(Ocr {
            api: english("123456789")?,
        })
    }

    /// Reads one digit. `None` when Tesseract sees no digit (or more than one).
    ///
    /// Tesseract's single-character mode is sensitive to size (a bold serif 4 at 48 px comes back
    /// at confidence 0, at 32 px at 0.96), so a weak answer is retried at other sizes and as a word.
    pub fn read(&mut self, cov: &Coverage) -> Option<OcrRead> {
        let mut best: Option<OcrRead> = None;
        for (mode, height) in ATTEMPTS {
            if let Some(read) = self.read_with(cov, mode, height) {
                if read.confidence >= 0.8 {
                    return Some(read);
                }
                if best.is_none_or(|b| read.confidence > b.confidence) {
                    best = Some(read);
                }
            }
        }
        best
    }

    /// One try: `mode`, with the digit scaled to `height` pixels.
    pub fn read_with(&mut self, cov: &Coverage, mode: PageSegMode, height: u32) -> Option<OcrRead> {
        let crop = crop(cov, height);
        let (w, h) = (crop.width() as i32, crop.height() as i32);
        self.api.set_page_seg_mode(mode.as_tess_page_seg_mode());
        self.api.set_image(crop.as_raw(), w, h, 1, w).ok()?;
        self.api.set_source_resolution(300);
        self.api.recognize().ok()?;
        let text = self.api.get_utf8_text().ok()?;
        let text = text.as_ref().to_string_lossy();
        let mut chars = text.chars().filter(|c| !c.is_whitespace());
        let first = chars.next()?;
        if chars.next().is_some() {
            return None;
        }
        let digit = Digit::new(first.to_digit(10)? as u8)?;
        let confidence = self.api.mean_text_conf().clamp(0, 100) as f32 / 100.0;
        Some(OcrRead { digit, confidence })
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

/// One Tesseract instance set up for single words of letters (button labels like "Undo").
pub struct WordOcr {
    api: TessBaseApi,
}

impl WordOcr {
    /// Starts Tesseract for letters only, one word per page.
    pub fn new() -> Result<WordOcr, VisionError> {
        let letters: String = ('a'..='z').chain('A'..='Z').collect();
        let mut api = english(&letters)?;
        api.set_page_seg_mode(PageSegMode::PsmSingleWord.as_tess_page_seg_mode());
        Ok(WordOcr { api })
    }

    /// The word on a black-on-white crop and Tesseract's confidence (0..1); `None` when it sees none.
    pub fn read(&mut self, crop: &image::GrayImage) -> Option<(String, f32)> {
        let (w, h) = (crop.width() as i32, crop.height() as i32);
        self.api.set_image(crop.as_raw(), w, h, 1, w).ok()?;
        self.api.set_source_resolution(300);
        self.api.recognize().ok()?;
        let text = self.api.get_utf8_text().ok()?;
        let word: String = text
            .as_ref()
            .to_string_lossy()
            .chars()
            .filter(|c| c.is_alphabetic())
            .collect();
        let confidence = self.api.mean_text_conf().clamp(0, 100) as f32 / 100.0;
        (!word.is_empty()).then_some((word, confidence))
    }
}

/// Tesseract with the English model from the system's tessdata (or `TESSDATA_PREFIX`), reading
/// only the characters in `whitelist`.
fn english(whitelist: &str) -> Result<TessBaseApi, VisionError> {
    let mut api = TessBaseApi::create();
    let lang = CString::new("eng").map_err(|_| VisionError::Ocr("bad language name".into()))?;
    api.init_2(None, Some(&lang)).map_err(|_| {
        VisionError::Ocr(
            "Tesseract could not load its English model; install tesseract-ocr-eng or set TESSDATA_PREFIX"
                .into(),
        )
    })?;
    for (name, value) in [
        ("tessedit_char_whitelist", whitelist),
        // Tesseract prints resolution and dictionary chatter on stderr; we report our own errors.
        ("debug_file", "/dev/null"),
    ] {
        if let (Ok(n), Ok(v)) = (CString::new(name), CString::new(value)) {
            api.set_variable(&n, &v)
                .map_err(|_| VisionError::Ocr(format!("Tesseract rejected the setting {name}")))?;
        }
    }
    Ok(api)
}
