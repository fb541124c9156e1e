//! Naming a button by the word of its label ("Undo", "Erase"/"Delete"/"Clear",
//! "Notes"/"Pencil"): which parts of an item are shaped like a word, the crop Tesseract reads, and
//! the button a word names.

use super::button::ButtonKind;
use super::find::coverage;
use crate::geometry::Rect;
use crate::vision::ocr::glyph::Coverage;
use crate::vision::pixels::Luma;
use image::GrayImage;

/// The button a label word names.
pub(super) fn kind_of(word: &str) -> Option<ButtonKind> {
    const WORDS: [(&str, ButtonKind); 10] = [
        ("undo", ButtonKind::Undo),
        ("erase", ButtonKind::Erase),
        ("eraser", ButtonKind::Erase),
        ("delete", ButtonKind::Erase),
        ("clear", ButtonKind::Erase),
        ("notes", ButtonKind::Notes),
        ("note", ButtonKind::Notes),
        ("pencil", ButtonKind::Notes),
        ("memo", ButtonKind::Notes),
        ("draft", ButtonKind::Notes),
    ];
    let w = word.to_lowercase();
    // Long words survive one OCR slip ("Erose"); short ones must be exact.
    WORDS
        .iter()
        .find(|(known, _)| w == *known || (known.len() >= 5 && edits(&w, known) <= 1))
        .map(|&(_, k)| k)
}

/// Levenshtein distance.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, &cb) in b.iter().enumerate() {
            cur.push(
                (prev[j] + usize::from(ca != cb))
                    .min(prev[j + 1] + 1)
                    .min(cur[j] + 1),
            );
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Runs of inked columns separated by blank ones: the letters of a word (at least roughly).
pub(super) fn letters(cov: &Coverage) -> usize {
    let inked: Vec<bool> = (0..cov.width)
        .map(|x| (0..cov.height).any(|y| cov.at(x, y) >= 0.5))
        .collect();
    inked.windows(2).filter(|w| w[1] && !w[0]).count() + usize::from(inked[0])
}

/// `item` cut at its widest band of blank rows into (top, bottom), when it has one.
pub(super) fn split(luma: &Luma, item: Rect) -> Option<(Rect, Rect)> {
    let cov = coverage(luma, item)?;
    let blank: Vec<bool> = (0..cov.height)
        .map(|y| (0..cov.width).all(|x| cov.at(x, y) < 0.3))
        .collect();
    let (mut best, mut run) = (None::<(u32, u32)>, None::<u32>);
    for (y, &b) in blank.iter().enumerate() {
        let y = y as u32;
        match (b, run) {
            (true, None) => run = Some(y),
            (false, Some(s)) => {
                if best.is_none_or(|(bs, be)| y - s > be - bs) {
                    best = Some((s, y));
                }
                run = None;
            }
            _ => {}
        }
    }
    let (s, e) = best?;
    Some((
        Rect::new(item.x, item.y, item.width, s),
        Rect::new(item.x, item.y + e, item.width, item.height - e),
    ))
}

/// Black on white, the word 40 px high with a white margin: what Tesseract reads best.
pub(super) fn word_crop(cov: &Coverage) -> GrayImage {
    const HEIGHT: u32 = 40;
    const MARGIN: u32 = 16;
    let scale = HEIGHT as f32 / cov.height as f32;
    let w = ((cov.width as f32 * scale) as u32).max(1);
    GrayImage::from_fn(w + 2 * MARGIN, HEIGHT + 2 * MARGIN, |x, y| {
        let inside = x >= MARGIN && y >= MARGIN && x < w + MARGIN && y < HEIGHT + MARGIN;
        let a = if inside {
            let sx = (((x - MARGIN) as f32 + 0.5) / scale) as u32;
            let sy = (((y - MARGIN) as f32 + 0.5) / scale) as u32;
            cov.at(sx.min(cov.width - 1), sy.min(cov.height - 1))
        } else {
            0.0
        };
        image::Luma([255 - (a * 255.0) as u8])
    })
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_words_name_buttons_with_one_slip_allowed_in_long_words() {
        assert_eq!(kind_of("Undo"), Some(ButtonKind::Undo));
        assert_eq!(kind_of("DELETE"), Some(ButtonKind::Erase));
        assert_eq!(kind_of("Erose"), Some(ButtonKind::Erase));
        assert_eq!(kind_of("Pencil"), Some(ButtonKind::Notes));
        assert_eq!(kind_of("Hint"), None);
        assert_eq!(kind_of("Unda"), None);
    }
}
