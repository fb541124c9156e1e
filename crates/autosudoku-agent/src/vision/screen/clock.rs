//! The game timer of a status line, read so that a misread digit is refused, not believed. The
//! status band is read by Tesseract as sparse text, which took the dotted zeros of a monospaced
//! "00:00" for "60:00" (and "01:03" for "61:03"); the timer's word read again alone does better but
//! is not always right either (it drops colons, and misread other fonts' digits). So reads are
//! judged by the ink: glyphs drawn alike are the same digit. The line's read stands unless the ink
//! is against it; then the word's read alone, if the ink allows it; else no timer at all.

use image::GrayImage;
use std::time::Duration;

/// `m:ss` or `h:mm:ss` (Tesseract may add stray punctuation around it).
pub fn parse_clock(text: &str) -> Option<Duration> {
    let t = trimmed(text);
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

/// Digits around a colon, whole or not ("00:0" when Tesseract lost a digit): the word to read again.
pub fn clock_like(text: &str) -> bool {
    let t = trimmed(text);
    t.split_once(':').is_some_and(|(a, b)| {
        let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit() || c == ':');
        !a.is_empty() && !b.is_empty() && digits(a) && digits(b)
    })
}

fn trimmed(text: &str) -> &str {
    text.trim_matches(|c: char| !c.is_ascii_digit())
}

/// The first of the timer `reads` (texts of one word, whose ink, black on white, is `ink`) that is
/// a clock the ink allows; `None` when there is none. A read that lost the colons (Tesseract reads
/// "01:03" alone as "0103") takes the first read's.
pub fn settle(ink: &GrayImage, reads: &[&str]) -> Option<Duration> {
    let glyphs = glyphs(ink);
    let shape = trimmed(reads.first()?);
    reads.iter().find_map(|t| {
        let t = in_shape(shape, trimmed(t));
        let clock = parse_clock(&t)?;
        respects(&glyphs, &t).then_some(clock)
    })
}

/// `digits` laid out as `shape` (a clock read with its colons) when they are digits alone, as many
/// as `shape` holds; otherwise `digits` as they are.
fn in_shape(shape: &str, digits: &str) -> String {
    let holds = shape.chars().filter(char::is_ascii_digit).count();
    if !digits.chars().all(|c| c.is_ascii_digit()) || digits.len() != holds {
        return digits.to_owned();
    }
    let mut fill = digits.chars();
    shape
        .chars()
        .map(|c| match c.is_ascii_digit() {
            true => fill.next().unwrap_or(c),
            false => c,
        })
        .collect()
}

/// Whether the characters of `text` can be the `glyphs`: one glyph per character, and glyphs drawn
/// alike read alike. True also when the glyphs cannot be told apart (touching ink): the ink then
/// has nothing against the read.
fn respects(glyphs: &[Glyph], text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != glyphs.len() {
        return true;
    }
    (0..chars.len())
        .all(|i| (i + 1..chars.len()).all(|j| chars[i] == chars[j] || !glyphs[i].alike(&glyphs[j])))
}

/// The ink of one character: a run of inked columns, cut to its inked rows.
struct Glyph {
    width: u32,
    height: u32,
    ink: Vec<bool>,
}

/// Least share of the two glyphs' ink they have in common for them to be the same character:
/// the four dotted zeros of the keys skin's "00:00" overlap at 0.97 and more, a zero and an eight
/// of the same font at 0.75 (measured on DejaVu Sans Mono, the virtual phone's status font).
const ALIKE: f32 = 0.9;

impl Glyph {
    fn alike(&self, other: &Glyph) -> bool {
        if self.width.abs_diff(other.width) > 1 || self.height.abs_diff(other.height) > 1 {
            return false;
        }
        let (w, h) = (self.width.min(other.width), self.height.min(other.height));
        let (mut both, mut either) = (0u32, 0u32);
        for y in 0..h {
            for x in 0..w {
                let (a, b) = (self.at(x, y), other.at(x, y));
                both += u32::from(a && b);
                either += u32::from(a || b);
            }
        }
        either > 0 && both as f32 / either as f32 >= ALIKE
    }

    fn at(&self, x: u32, y: u32) -> bool {
        self.ink[(y * self.width + x) as usize]
    }
}

/// The glyphs of a one-word image, left to right: runs of columns with ink, split at blank ones.
fn glyphs(ink: &GrayImage) -> Vec<Glyph> {
    let inked = |x: u32, y: u32| ink.get_pixel(x, y).0[0] < 128;
    let column = |x: u32| (0..ink.height()).any(|y| inked(x, y));
    let mut out = Vec::new();
    let mut x = 0;
    while x < ink.width() {
        if !column(x) {
            x += 1;
            continue;
        }
        let left = x;
        while x < ink.width() && column(x) {
            x += 1;
        }
        let rows: Vec<u32> = (0..ink.height())
            .filter(|&y| (left..x).any(|c| inked(c, y)))
            .collect();
        let (top, bottom) = (rows[0], rows[rows.len() - 1] + 1);
        out.push(Glyph {
            width: x - left,
            height: bottom - top,
            ink: (top..bottom)
                .flat_map(|y| (left..x).map(move |c| (c, y)))
                .map(|(c, y)| inked(c, y))
                .collect(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;

    #[test]
    fn clocks_in_every_shape() {
        assert_eq!(parse_clock("00:00"), Some(Duration::ZERO));
        assert_eq!(parse_clock("3:07"), Some(Duration::from_secs(187)));
        assert_eq!(parse_clock("1:02:03"), Some(Duration::from_secs(3723)));
        assert_eq!(parse_clock("(12:34)"), Some(Duration::from_secs(754)));
        for bad in ["12", "1:2", "1:60", "a:bc", "1:234", "Mistakes:"] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
        assert!(clock_like("00:0") && clock_like("(1:02:03") && !clock_like("1/3"));
    }

    /// Glyphs drawn from `shapes` (rows of `#` for ink), one blank column apart.
    fn drawn(shapes: &[&[&str]]) -> GrayImage {
        let h = shapes[0].len() as u32;
        let w: u32 = shapes.iter().map(|s| s[0].len() as u32 + 1).sum();
        let mut img = GrayImage::from_pixel(w + 1, h, Luma([255]));
        let mut left = 1;
        for shape in shapes {
            for (y, row) in shape.iter().enumerate() {
                for (x, c) in row.chars().enumerate() {
                    if c == '#' {
                        img.put_pixel(left + x as u32, y as u32, Luma([0]));
                    }
                }
            }
            left += shape[0].len() as u32 + 1;
        }
        img
    }

    #[test]
    fn glyphs_drawn_alike_must_read_alike() {
        let zero: &[&str] = &["###", "#.#", "#.#", "#.#", "###"];
        let one: &[&str] = &[".#.", "##.", ".#.", ".#.", "###"];
        let colon: &[&str] = &["...", ".#.", "...", ".#.", "..."];
        let ink = drawn(&[zero, zero, colon, zero, one]);
        // The sparse read took the first zero for a six; the word alone read it right.
        assert_eq!(
            settle(&ink, &["60:01", "00:01"]),
            Some(Duration::from_secs(1))
        );
        // Both wrong the same way: the ink refuses them.
        assert_eq!(settle(&ink, &["60:01", "60:01"]), None);
        // The line's read stands when the ink has nothing against it.
        assert_eq!(
            settle(&ink, &["00:01", "00:07"]),
            Some(Duration::from_secs(1))
        );
        let ink = drawn(&[zero, one, colon, one, one]);
        assert_eq!(
            settle(&ink, &["01:11", "61:11"]),
            Some(Duration::from_secs(71))
        );
        assert_eq!(settle(&ink, &["12", "0l:1O"]), None);
        // The word alone read without its colon.
        let ink = drawn(&[zero, one, colon, zero, one]);
        assert_eq!(
            settle(&ink, &["61:01", "0101"]),
            Some(Duration::from_secs(61))
        );
    }
}
