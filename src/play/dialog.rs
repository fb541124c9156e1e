//! What covers the game when the grid cannot be read: the app's solved or game-over dialog, a
//! pop-up (rate us, an ad, "continue?") and the button that closes it, or something that is not the
//! game at all. Read with Tesseract as words with boxes (its TSV output), only when the grid is
//! covered or missing, so it costs nothing while the game is on screen.

use crate::device::Point;
use image::{imageops::FilterType, DynamicImage, GrayImage, Luma, RgbaImage};
use imageproc::region_labelling::{connected_components, Connectivity};
use std::ffi::CString;
use tesseract::plumbing::TessBaseApi;
use tesseract::PageSegMode;

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

/// What the covering screen is.
#[derive(Debug, Clone, PartialEq)]
pub enum Cover {
    Solved,
    GameOver,
    /// A pop-up with the button that closes it, when one was recognised.
    Popup {
        text: String,
        close: Option<Point>,
    },
    /// Words but nothing Sudoku-like: another app or the home screen.
    Unknown {
        text: String,
    },
}

/// Labels of buttons that close a pop-up without leaving the game, as one or two words.
const CLOSERS: &[&[&str]] = &[
    &["not", "now"],
    &["no", "thanks"],
    &["maybe", "later"],
    &["later"],
    &["close"],
    &["skip"],
    &["continue"],
    &["resume"],
    &["dismiss"],
    &["cancel"],
    &["x"],
    &["×"],
];

fn norm(w: &str) -> String {
    w.trim_matches(|c: char| !c.is_alphanumeric() && c != '×')
        .to_lowercase()
}

/// OCR-tolerant equality: one wrong, missing or extra letter is forgiven in words of three letters
/// or more (Tesseract reads "Solved" as "Selved" on some fonts).
fn like(read: &str, word: &str) -> bool {
    if read == word {
        return true;
    }
    let (a, b): (Vec<char>, Vec<char>) = (read.chars().collect(), word.chars().collect());
    if b.len() < 3 || a.len().abs_diff(b.len()) > 1 {
        return false;
    }
    // Levenshtein distance, bounded by the short lengths involved.
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()] <= 1
}

/// Classifies the words on a covering screen.
pub fn classify(words: &[Word]) -> Cover {
    let text = words
        .iter()
        .map(|w| w.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let normed: Vec<String> = words.iter().map(|w| norm(&w.text)).collect();
    let has = |s: &str| normed.iter().any(|w| like(w, s));
    let pair = |a: &str, b: &str| normed.windows(2).any(|p| like(&p[0], a) && like(&p[1], b));
    if has("solved") || has("congratulations") || pair("well", "done") {
        return Cover::Solved;
    }
    if pair("game", "over") {
        return Cover::GameOver;
    }
    for closer in CLOSERS {
        for (i, w) in normed.iter().enumerate() {
            let fits = closer.iter().enumerate().all(|(k, c)| {
                normed.get(i + k).is_some_and(|n| like(n, c))
                    && words.get(i + k).map(|x| x.line) == Some(words[i].line)
            });
            if fits && like(w, closer[0]) {
                let last = &words[i + closer.len() - 1];
                let first = &words[i];
                let x = (first.x + last.x + last.width) / 2;
                let y = first.y + first.height / 2;
                return Cover::Popup {
                    text,
                    close: Some(Point::new(x, y)),
                };
            }
        }
    }
    let popup_words = ["rate", "enjoying", "ad", "install", "continue?"];
    if popup_words.iter().any(|p| has(p)) {
        return Cover::Popup { text, close: None };
    }
    Cover::Unknown { text }
}

/// Tesseract set up for sparse text (dialog titles and buttons anywhere on the screen).
pub struct DialogReader {
    api: Option<TessBaseApi>,
}

/// Screens are scaled to this width before OCR: dialog text stays readable, OCR stays fast.
const OCR_WIDTH: u32 = 1080;

impl DialogReader {
    pub fn new() -> DialogReader {
        DialogReader { api: None }
    }

    fn api(&mut self) -> Option<&mut TessBaseApi> {
        if self.api.is_none() {
            let mut api = TessBaseApi::create();
            let lang = CString::new("eng").ok()?;
            api.init_2(None, Some(&lang)).ok()?;
            if let (Ok(n), Ok(v)) = (CString::new("debug_file"), CString::new("/dev/null")) {
                let _ = api.set_variable(&n, &v);
            }
            self.api = Some(api);
        }
        self.api.as_mut()
    }

    /// The words on `img`; empty when Tesseract is not installed.
    pub fn words(&mut self, img: &RgbaImage) -> Vec<Word> {
        let scale = (img.width() as f32 / OCR_WIDTH as f32).max(1.0);
        let small = if scale > 1.0 {
            let h = (img.height() as f32 / scale) as u32;
            image::imageops::resize(img, OCR_WIDTH, h.max(1), FilterType::Triangle)
        } else {
            img.clone()
        };
        let gray = text_canvas(&DynamicImage::ImageRgba8(small).into_luma8());
        let Some(api) = self.api() else {
            return Vec::new();
        };
        let (w, h) = (gray.width() as i32, gray.height() as i32);
        api.set_page_seg_mode(PageSegMode::PsmSparseText.as_tess_page_seg_mode());
        if api.set_image(gray.as_raw(), w, h, 1, w).is_err() || api.recognize().is_err() {
            return Vec::new();
        }
        let Ok(tsv) = api.get_tsv_text(0) else {
            return Vec::new();
        };
        parse_tsv(&tsv.as_ref().to_string_lossy(), scale)
    }
}

impl Default for DialogReader {
    fn default() -> Self {
        DialogReader::new()
    }
}

/// Dark glyphs and light glyphs (white text on a coloured button), each kept only when it is
/// text-sized, drawn black on white. Tesseract alone loses button labels: their pill outlines and
/// fills join the letters into one shape it takes for a picture.
fn text_canvas(gray: &GrayImage) -> GrayImage {
    let (w, h) = gray.dimensions();
    let max_h = (h as f32 * 0.035).max(8.0) as u32;
    let max_w = (w as f32 * 0.12).max(8.0) as u32;
    let mut canvas = GrayImage::from_pixel(w, h, Luma([255]));
    let masks: [fn(u8) -> bool; 2] = [|v| v < 150, |v| v > 215];
    for is_ink in masks {
        let mask = GrayImage::from_fn(w, h, |x, y| {
            Luma([if is_ink(gray.get_pixel(x, y)[0]) {
                255
            } else {
                0
            }])
        });
        let labels = connected_components(&mask, Connectivity::Eight, Luma([0u8]));
        let mut boxes: Vec<[u32; 4]> = Vec::new(); // min x, min y, max x, max y per label
        for (x, y, l) in labels.enumerate_pixels() {
            let l = l[0] as usize;
            if l == 0 {
                continue;
            }
            if boxes.len() < l {
                boxes.resize(l, [u32::MAX, u32::MAX, 0, 0]);
            }
            let b = &mut boxes[l - 1];
            *b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
        }
        for (x, y, l) in labels.enumerate_pixels() {
            let l = l[0] as usize;
            if l == 0 {
                continue;
            }
            let b = boxes[l - 1];
            let (bw, bh) = (b[2] - b[0] + 1, b[3] - b[1] + 1);
            if bh <= max_h && bw <= max_w && bh >= 3 {
                canvas.put_pixel(x, y, Luma([0]));
            }
        }
    }
    canvas
}

/// Tesseract TSV rows: level page block par line word left top width height conf text.
fn parse_tsv(tsv: &str, scale: f32) -> Vec<Word> {
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
                x: px(n(6)?),
                y: px(n(7)?),
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

    fn w(text: &str, x: u32, line: u32) -> Word {
        Word {
            text: text.into(),
            x,
            y: 100 * line,
            width: 40,
            height: 20,
            line: (1, 1, line),
        }
    }

    #[test]
    fn solved_game_over_and_popups() {
        assert_eq!(
            classify(&[w("Solved!", 0, 1), w("New", 0, 2), w("game", 50, 2)]),
            Cover::Solved
        );
        assert_eq!(
            classify(&[w("Game", 0, 1), w("over", 50, 1)]),
            Cover::GameOver
        );
        let rate = [
            w("Enjoying", 0, 1),
            w("Sudoku?", 50, 1),
            w("Not", 100, 3),
            w("now", 150, 3),
            w("Rate", 300, 3),
        ];
        match classify(&rate) {
            Cover::Popup { close: Some(p), .. } => {
                assert_eq!(p, Point::new((100 + 150 + 40) / 2, 310))
            }
            other => panic!("{other:?}"),
        }
        // "Not" and "now" on different lines are not a button.
        let split = [w("Not", 0, 1), w("now", 0, 2), w("Rate", 0, 3)];
        assert!(matches!(classify(&split), Cover::Popup { close: None, .. }));
        assert!(matches!(
            classify(&[w("Clock", 0, 1), w("Camera", 0, 2)]),
            Cover::Unknown { .. }
        ));
        // Misreads by one letter still count; short words must be exact.
        assert_eq!(classify(&[w("Selved!", 0, 1)]), Cover::Solved);
        let misread = [w("Net", 0, 1), w("new", 50, 1)];
        assert!(matches!(
            classify(&misread),
            Cover::Popup { close: Some(_), .. }
        ));
        assert!(!like("no", "on") && like("x", "x"));
    }

    #[test]
    fn tsv_rows_become_scaled_words() {
        let tsv = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n\
                   5\t1\t1\t1\t2\t1\t10\t20\t30\t40\t91.5\tSolved!\n\
                   5\t1\t1\t1\t2\t2\t10\t20\t30\t40\t5\tjunk\n";
        let words = parse_tsv(tsv, 2.0);
        assert_eq!(words.len(), 1);
        assert_eq!(
            (words[0].x, words[0].y, words[0].width, words[0].line),
            (20, 40, 60, (1, 1, 2))
        );
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
