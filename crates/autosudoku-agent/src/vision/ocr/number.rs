//! Small numbers of one to three digits (a killer cage's sum): Tesseract with 0-9 only, the
//! number read as one word from a black-on-white crop at a few heights, the surest answer kept.

use super::glyph::Coverage;
use super::tesseract::{Charset, Lazy, PageOptions, PageSegMode};
use super::{crop, PPI};

/// The heights the number is drawn at, in order: a small sum read at one height Tesseract may
/// miss at another.
const HEIGHTS: [u32; 3] = [32, 24, 48];
/// A read this sure ends the tries.
const SURE: f32 = 0.8;

/// One Tesseract instance set up for numbers, started on its first read.
pub struct NumberOcr {
    engine: Lazy,
}

impl Default for NumberOcr {
    fn default() -> Self {
        NumberOcr {
            engine: Lazy::new(Charset::Numbers),
        }
    }
}

impl NumberOcr {
    /// The number `cov` shows and Tesseract's confidence (0..1); `None` when it reads no number.
    pub fn read(&mut self, cov: &Coverage) -> Option<(u16, f32)> {
        let page = PageOptions {
            mode: PageSegMode::SingleWord,
            ppi: Some(PPI),
        };
        let mut best: Option<(u16, f32)> = None;
        for height in HEIGHTS {
            let Some((text, confidence)) = self.engine.get()?.text(&crop(cov, height), page) else {
                continue;
            };
            let digits: String = text.chars().filter(|c| !c.is_whitespace()).collect();
            let Ok(number) = digits.parse::<u16>() else {
                continue;
            };
            if best.is_none_or(|b| confidence > b.1) {
                best = Some((number, confidence));
            }
            if confidence >= SURE {
                break;
            }
        }
        best
    }
}
