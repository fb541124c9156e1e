//! The one Tesseract wrapper: every reader of text on a screenshot (digits, button labels, dialog
//! words, the status line) goes through `Engine`, set up once with the English model and a
//! character set, and fed grey crops (black ink on white). libtesseract itself is opened by
//! `capi` on the first `Engine`, so a command that reads no screen never loads it and a host
//! without it still runs everything else. `Lazy` starts an engine on first use or on another
//! thread (its language data takes a few hundred ms), shares it with the process's other readers
//! of the same characters, and remembers a failure, so a host without Tesseract pays for the
//! attempt once.

mod capi;
mod lazy;

use crate::vision::error::VisionError;
use capi::BaseApi;
pub use capi::{load as load_library, Loaded, INSTALL};
use image::GrayImage;
pub use lazy::Lazy;
use std::ffi::CString;

/// Keeps libtesseract's OpenMP to the thread that asks it (unless the user set `OMP_THREAD_LIMIT`):
/// our crops are tiny, and OpenMP's helper threads spent more CPU waiting for work than reading (a
/// cold read of a real screenshot: 0.49 s of CPU and 40,000 context switches, 0.25 s and a handful
/// with the limit; the same digits). libgomp reads the variable when libtesseract is opened, so
/// call this first thing in `main`, before any other thread exists to read the environment.
pub fn one_thread_per_read() {
    if std::env::var_os("OMP_THREAD_LIMIT").is_none() {
        std::env::set_var("OMP_THREAD_LIMIT", "1");
    }
}

/// The characters Tesseract may answer with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charset {
    /// 1-9: a Sudoku digit.
    Digits,
    /// a-z and A-Z: a button label.
    Letters,
    /// 1-9 then A-G or a-g: a board's symbols up to 16x16.
    Symbols,
    /// 0-9: a number of several digits (a killer cage's sum).
    Numbers,
    /// Anything in the English model: dialog words, the status line.
    Any,
}

impl Charset {
    fn whitelist(self) -> Option<String> {
        match self {
            Charset::Digits => Some("123456789".into()),
            Charset::Letters => Some(('a'..='z').chain('A'..='Z').collect()),
            Charset::Symbols => Some(('1'..='9').chain('A'..='G').chain('a'..='g').collect()),
            Charset::Numbers => Some("0123456789".into()),
            Charset::Any => None,
        }
    }
}

/// How Tesseract cuts a page into text (the `TessPageSegMode` numbers of capi.h, the same in
/// Tesseract 4 and 5): only the ones our readers use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageSegMode {
    /// One word (PSM_SINGLE_WORD).
    SingleWord = 8,
    /// One character (PSM_SINGLE_CHAR).
    SingleChar = 10,
    /// As much text as can be found, in no order (PSM_SPARSE_TEXT).
    SparseText = 11,
}

/// How one page is read: Tesseract's page segmentation and, when known, the resolution (telling
/// it one skips its estimate, 2-4x faster on screenshots, which carry none).
#[derive(Debug, Clone, Copy)]
pub struct PageOptions {
    pub mode: PageSegMode,
    pub ppi: Option<i32>,
}

/// One Tesseract instance with English loaded.
pub struct Engine {
    api: BaseApi,
}

impl Engine {
    /// Tesseract with the English model from the system's tessdata (or `TESSDATA_PREFIX`),
    /// answering only with `charset`.
    pub fn english(charset: Charset) -> Result<Engine, VisionError> {
        let mut api = BaseApi::create().map_err(VisionError::Ocr)?;
        let lang = CString::new("eng").map_err(|_| VisionError::Ocr("bad language name".into()))?;
        if !api.init(&lang) {
            return Err(VisionError::Ocr(
                "Tesseract could not load its English model; install tesseract-ocr-eng or set TESSDATA_PREFIX"
                    .into(),
            ));
        }
        // Tesseract prints resolution and dictionary chatter on stderr; we report our own errors.
        let mut settings = vec![("debug_file", "/dev/null".to_owned())];
        if let Some(list) = charset.whitelist() {
            settings.push(("tessedit_char_whitelist", list));
        }
        for (name, value) in settings {
            if let (Ok(n), Ok(v)) = (CString::new(name), CString::new(value)) {
                if !api.set_variable(&n, &v) {
                    return Err(VisionError::Ocr(format!(
                        "Tesseract rejected the setting {name}"
                    )));
                }
            }
        }
        Ok(Engine { api })
    }

    /// Runs recognition on `page`; false when Tesseract refused the image.
    fn recognize(&mut self, page: &GrayImage, opts: PageOptions) -> bool {
        self.api.set_page_seg_mode(opts.mode as i32);
        if !self.api.set_image(page) {
            return false;
        }
        if let Some(ppi) = opts.ppi {
            self.api.set_source_resolution(ppi);
        }
        self.api.recognize()
    }

    /// The text on `page` and Tesseract's mean confidence (0..1).
    pub fn text(&mut self, page: &GrayImage, opts: PageOptions) -> Option<(String, f32)> {
        if !self.recognize(page, opts) {
            return None;
        }
        let text = self.api.utf8_text()?;
        let confidence = self.api.mean_text_conf().clamp(0, 100) as f32 / 100.0;
        Some((text, confidence))
    }

    /// The words on `page` with their boxes, as Tesseract's TSV rows.
    pub fn tsv(&mut self, page: &GrayImage, opts: PageOptions) -> Option<String> {
        if !self.recognize(page, opts) {
            return None;
        }
        self.api.tsv_text(0)
    }
}
