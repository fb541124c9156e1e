//! Small numbers of one to three digits (a killer cage's sum): Tesseract with 0-9 only, the
//! number read as one word from a black-on-white crop at a few heights, the surest answer kept.
//! A game's sums stay put while it is played and read again at every look, so each shape's answer
//! is remembered: a highlight that tints the paper changes the ink's shades, not its shape.

use super::glyph::Coverage;
use super::tesseract::{Charset, Lazy, PageOptions, PageSegMode};
use super::{crop, PPI};
use std::collections::HashMap;

/// The heights the number is drawn at, in order: a small sum read at one height Tesseract may
/// miss at another.
const HEIGHTS: [u32; 3] = [32, 24, 48];
/// A read this sure ends the tries.
const SURE: f32 = 0.8;

/// A shape read: its width, height and which pixels are mostly ink.
type Shape = (u32, u32, Vec<bool>);

/// One Tesseract instance set up for numbers, started on its first read.
pub struct NumberOcr {
    engine: Lazy,
    /// Each shape read, and the answer.
    known: HashMap<Shape, Option<(u16, f32)>>,
}

impl Default for NumberOcr {
    fn default() -> Self {
        NumberOcr {
            engine: Lazy::new(Charset::Numbers),
            known: HashMap::new(),
        }
    }
}

impl NumberOcr {
    /// The number `cov` shows and Tesseract's confidence (0..1); `None` when it reads no number.
    pub fn read(&mut self, cov: &Coverage) -> Option<(u16, f32)> {
        let shape = (
            cov.width,
            cov.height,
            cov.alpha.iter().map(|&a| a >= 0.5).collect(),
        );
        if let Some(&answer) = self.known.get(&shape) {
            return answer;
        }
        let answer = self.tesseract(cov);
        // Only a number Tesseract saw is kept: a failed start is not an answer.
        if self.engine.failure().is_none() {
            self.known.insert(shape, answer);
        }
        answer
    }

    fn tesseract(&mut self, cov: &Coverage) -> Option<(u16, f32)> {
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
