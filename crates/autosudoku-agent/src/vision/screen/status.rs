//! The app's status line as read off a screenshot (the words regress reads): the game timer
//! (`m:ss` or `h:mm:ss`) and the mistakes counter in the forms apps draw it: "Mistakes 0/3",
//! "Mistakes: 1/5", "Errors 2/3", "Fehler: 1", "0/3 mistakes", or a "Mistakes" label over its
//! "1/3". Tesseract reads the band above the grid at full resolution (small grey digits misread as
//! 6 once scaled down) as words with boxes; picking the timer and the counter out of them is pure
//! and tested here. The timer's word is read again alone and both reads held against its ink
//! (`clock`).

use super::clock::{clock_like, parse_clock, settle};
use super::dialog::like;
use super::words::{parse_tsv, Word};
use crate::geometry::Rect;
use crate::vision::ocr::tesseract::{Charset, Lazy, PageOptions, PageSegMode};
use crate::vision::pixels::colour::median_luma;
use image::{DynamicImage, GrayImage, Luma, RgbaImage};
use std::time::Duration;

/// What the status line shows; each part is `None` when it was not found.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Status {
    pub timer: Option<Duration>,
    /// (mistakes, limit if shown).
    pub mistakes: Option<(u32, Option<u32>)>,
}

/// Tesseract, started on first use and kept for the worker's later reads.
pub struct StatusReader {
    engine: Lazy,
    warned: bool,
}

impl Default for StatusReader {
    fn default() -> Self {
        StatusReader {
            engine: Lazy::new(Charset::Any),
            warned: false,
        }
    }
}

/// Screenshots carry no resolution; telling Tesseract one skips its estimate (2-4x faster).
const PPI: i32 = 300;

impl StatusReader {
    /// Starts Tesseract on another thread, for a caller that will read the status soon.
    pub fn warm_up(&mut self) {
        self.engine.warm_up();
    }

    /// Reads the status of a game screenshot; `grid` is the grid's bounds in pixels: the status
    /// line sits above it, over the board's column (the phone's own status bar clock, in the top
    /// 4% of the screen, is left out). Empty when Tesseract is not installed.
    pub fn read(&mut self, shot: &RgbaImage, grid: Option<Rect>) -> Status {
        let (x, y, w, h) = band(shot.dimensions(), grid);
        self.read_band(image::imageops::crop_imm(shot, x, y, w, h).to_image())
    }

    /// Reads the status out of `band`, the part of a screenshot it is drawn in.
    pub fn read_band(&mut self, band: RgbaImage) -> Status {
        let gray = ink_on_white(&DynamicImage::ImageRgba8(band).into_luma8());
        let page = PageOptions {
            mode: PageSegMode::SparseText,
            ppi: Some(PPI),
        };
        let Some(mut engine) = self.engine.get() else {
            if let Some(e) = self.engine.failure().filter(|_| !self.warned) {
                tracing::warn!("Tesseract is not available ({e}); timer and mistakes are not read");
                self.warned = true;
            }
            return Status::default();
        };
        let tsv = engine.tsv(&gray, page).unwrap_or_default();
        let words = parse_tsv(&tsv, (0, 0), 1.0);
        let mut status = from_words(&words);
        status.timer = nearest_grid(words.iter().filter(|w| clock_like(&w.text))).and_then(|w| {
            let ink = alone(&gray, w);
            // The word is read again alone only when the ink is against the line's read.
            settle(&ink, &[&w.text]).or_else(|| {
                let single = PageOptions {
                    mode: PageSegMode::SingleWord,
                    ppi: Some(PPI),
                };
                let again = engine.text(&ink, single)?.0;
                settle(&ink, &[&w.text, &again])
            })
        });
        status
    }
}

/// The part of a `(w, h)` screenshot the status line is looked for in (x, y, width, height):
/// above the grid, and across the grid's columns with a tenth of its width either side. Apps align
/// their status line with the board; what lies further out may be no part of the app (a desktop
/// around an app's window), and a row's background is its median (`ink_on_white`).
fn band((w, h): (u32, u32), grid: Option<Rect>) -> (u32, u32, u32, u32) {
    let top = h / 25;
    let Some(g) = grid.filter(|g| g.y > top + h / 40) else {
        return (0, top, w, h - top);
    };
    let margin = g.width / 10;
    let left = g.x.saturating_sub(margin);
    let right = (g.x + g.width + margin).min(w);
    (left, top, right.saturating_sub(left), g.y - top)
}

/// The word `w` of `gray` alone on white, with a margin of its height around it (Tesseract's box
/// may leave out a digit it did not read: "00:0").
fn alone(gray: &GrayImage, w: &Word) -> GrayImage {
    let m = w.height;
    let (x0, y0) = (w.x.saturating_sub(m), w.y.saturating_sub(m / 2));
    let x1 = (w.x + w.width + m).min(gray.width());
    let y1 = (w.y + w.height + m / 2).min(gray.height());
    let word = image::imageops::crop_imm(gray, x0, y0, x1 - x0, y1 - y0).to_image();
    let mut out = GrayImage::from_pixel(word.width() + 2 * m, word.height() + 2 * m, Luma([255]));
    image::imageops::overlay(&mut out, &word, i64::from(m), i64::from(m));
    out
}

/// Least difference from its row's background for a pixel to be ink.
const INK_CONTRAST: u8 = 40;

/// The band's text black on white, whatever it was drawn on: a pixel is ink when it differs
/// enough from its row's background (the row's median: a text line's rows are mostly background).
/// Tesseract's one threshold for the whole band lost a status line of grey words on white under a
/// coloured app bar (the compact skin's "Mistakes: 0/5").
fn ink_on_white(gray: &GrayImage) -> GrayImage {
    let (w, h) = gray.dimensions();
    let mut out = GrayImage::from_pixel(w, h, Luma([255]));
    for y in 0..h {
        let median = median_luma((0..w).map(|x| gray.get_pixel(x, y).0[0]));
        for x in 0..w {
            if gray.get_pixel(x, y).0[0].abs_diff(median) > INK_CONTRAST {
                out.put_pixel(x, y, Luma([0]));
            }
        }
    }
    out
}

/// Labels of the mistakes counter (lower case), in the languages apps are most often set to; a read
/// one letter off still names it ("istakes:" when Tesseract lost the M).
const MISTAKE_LABELS: [&str; 7] = [
    "mistakes", "errors", "fehler", "erreurs", "errores", "errori", "fouten",
];

/// Of several clock-like words, the lowest in the band, so the nearest the grid below it: the
/// status line sits right over the board, while a status bar's clock at the top of an app's
/// window (a desktop app: the screen's top strip is the desktop's) reads as a clock too.
fn nearest_grid<'w>(clocks: impl Iterator<Item = &'w Word>) -> Option<&'w Word> {
    clocks.max_by_key(|w| w.y + w.height)
}

/// Picks the timer and the mistakes counter out of the status area's words. The count belongs to
/// a mistake label when it is the rest of that word ("Mistakes:1/3"), the word beside it on its
/// row, a fraction just before it ("0/3 mistakes"), or a fraction right under it (a label over its
/// value); a bare number on another line belongs to something else. The timer is the word that
/// reads as a clock nearest the grid (`nearest_grid`); `StatusReader` checks it against the ink.
pub fn from_words(words: &[Word]) -> Status {
    let clocks = words.iter().filter(|w| parse_clock(&w.text).is_some());
    let timer = nearest_grid(clocks).and_then(|w| parse_clock(&w.text));
    let mistakes = words.iter().find_map(|w| {
        let lower = w.text.to_lowercase();
        let word = lower.trim_start_matches(|c: char| !c.is_alphabetic());
        let letters = word
            .find(|c: char| !c.is_alphabetic())
            .unwrap_or(word.len());
        let (label, rest) = word.split_at(letters);
        MISTAKE_LABELS.iter().find(|l| like(label, l))?;
        // The label's colon, or what Tesseract makes of it in a small serif face (';', '.').
        let rest = rest.trim_start_matches([':', ';', '.', ',']).trim();
        if !rest.is_empty() {
            return parse_count(rest);
        }
        beside(w, words, true)
            .and_then(|n| parse_count(&n.text))
            .or_else(|| parse_count(&beside(w, words, false)?.text).filter(|c| c.1.is_some()))
            .or_else(|| under(w, words))
    });
    Status { timer, mistakes }
}

/// The nearest word on `label`'s row (their boxes overlap by half the lower one's height), to its
/// right or left, at most three of its heights away. Rows, not Tesseract's lines: it put the keys
/// skin's monospaced "Mistakes: 0" on two lines.
fn beside<'w>(label: &Word, words: &'w [Word], right: bool) -> Option<&'w Word> {
    let overlap = |w: &Word| {
        let top = w.y.max(label.y);
        let bottom = (w.y + w.height).min(label.y + label.height);
        bottom.saturating_sub(top) * 2 >= w.height.min(label.height)
    };
    let gap = |w: &Word| match right {
        true => w.x.checked_sub(label.x + label.width),
        false => label.x.checked_sub(w.x + w.width),
    };
    words
        .iter()
        .filter(|w| overlap(w))
        .filter_map(|w| Some((gap(w)?, w)))
        .filter(|&(g, _)| g <= 3 * label.height)
        .min_by_key(|&(g, _)| g)
        .map(|(_, w)| w)
}

/// A fraction drawn right under `label`: overlapping it across, within three of its heights below.
fn under(label: &Word, words: &[Word]) -> Option<(u32, Option<u32>)> {
    let bottom = label.y + label.height;
    words
        .iter()
        .filter(|w| w.y >= bottom && w.y <= bottom + 3 * label.height)
        .filter(|w| w.x < label.x + label.width && label.x < w.x + w.width)
        .min_by_key(|w| w.y)
        .and_then(|w| parse_count(&w.text))
        .filter(|c| c.1.is_some())
}

/// `1/3` or `1`, with the letters Tesseract puts for digits in small status text (`@/5`, `O/3`,
/// `1/S`); a limit must be at least the count made and under 100.
fn parse_count(text: &str) -> Option<(u32, Option<u32>)> {
    let digits: String = text
        .trim_matches(|c: char| !c.is_alphanumeric() && c != '@' && c != '|')
        .chars()
        .map(|c| match c {
            'o' | 'O' | '@' | 'Q' | 'D' => '0',
            'l' | 'I' | '|' | 'i' => '1',
            'S' | 's' | '$' => '5',
            'Z' | 'z' => '2',
            'B' => '8',
            c => c,
        })
        .collect();
    let number = |t: &str| -> Option<u32> {
        t.trim()
            .chars()
            .all(|c| c.is_ascii_digit())
            .then(|| t.trim().parse().ok())?
    };
    match digits.split_once('/') {
        Some((n, l)) => {
            let (n, l) = (number(n)?, number(l)?);
            (n <= l && (1..100).contains(&l)).then_some((n, Some(l)))
        }
        None => Some((number(&digits)?, None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Words laid out as `text` writes them: one line of text per Tesseract line, 40 px apart.
    fn words(text: &str) -> Vec<Word> {
        text.lines()
            .enumerate()
            .flat_map(|(l, line)| {
                line.split_whitespace().enumerate().map(move |(i, t)| Word {
                    text: t.to_owned(),
                    x: 100 * i as u32,
                    y: 40 * l as u32,
                    width: 80,
                    height: 20,
                    line: (1, 1, l as u32),
                })
            })
            .collect()
    }

    #[test]
    fn the_status_line_gives_timer_and_mistakes() {
        let s = from_words(&words("€< Sudoku  Il\n\nEasy  Mistakes: 1/3  02:15\n"));
        assert_eq!(s.timer, Some(Duration::from_secs(135)));
        assert_eq!(s.mistakes, Some((1, Some(3))));
        let s = from_words(&words("Mistakes:2"));
        assert_eq!(
            s,
            Status {
                timer: None,
                mistakes: Some((2, None))
            }
        );
        // A count on the next line belongs to something else, unless it is a fraction under the
        // word (a label over its value).
        assert_eq!(from_words(&words("Mistakes\n4")).mistakes, None);
        assert_eq!(
            from_words(&words("Mistakes\n1/3")).mistakes,
            Some((1, Some(3)))
        );
    }

    #[test]
    fn the_timer_is_the_clock_nearest_the_grid_not_a_windows_status_bar_clock() {
        let s = from_words(&words("9:41\nSudoku\nEasy  Mistakes: 1/30  00:35\n"));
        assert_eq!(s.timer, Some(Duration::from_secs(35)));
    }

    #[test]
    fn every_common_form_of_the_counter_and_tesseracts_lookalikes() {
        for (text, want) in [
            ("Mistakes 0/3", (0, Some(3))),
            ("Mistakes: @/5", (0, Some(5))),
            ("Errors 2/3", (2, Some(3))),
            ("Error: 1/S", (1, Some(5))),
            ("Medium 0/3 mistakes 04:11", (0, Some(3))),
            ("MISTAKES O/3", (0, Some(3))),
            ("mistakes:1/3", (1, Some(3))),
            // A generated app's small serif status line (random skin, seed 3).
            ("Mistakes; 1/30", (1, Some(30))),
            ("Mistakes: |/3", (1, Some(3))),
        ] {
            assert_eq!(from_words(&words(text)).mistakes, Some(want), "{text}");
        }
        // Labels one letter off, and in other languages.
        for (text, want) in [
            ("istakes: 0/3", (0, Some(3))),
            ("Mistakcs 1/3", (1, Some(3))),
            ("Fehler: 2", (2, None)),
            ("Erreurs 1/3", (1, Some(3))),
        ] {
            assert_eq!(from_words(&words(text)).mistakes, Some(want), "{text}");
        }
        // Not a counter: a limit below the count, or absurd, or a word that is not a count.
        for text in [
            "Mistakes 4/3",
            "Mistakes 1/500",
            "Mistakes off",
            "Score 0/3",
        ] {
            assert_eq!(from_words(&words(text)).mistakes, None, "{text}");
        }
    }

    /// Tesseract put a monospaced "Mistakes: 0" on two lines (a wide gap after the colon): the
    /// count is the word beside the label on its row, whatever line Tesseract gave it; a number
    /// on the row but far away, or on the next row, is not.
    #[test]
    fn the_count_is_the_word_beside_the_label_on_its_row() {
        let word = |text: &str, x: u32, y: u32, line: u32| Word {
            text: text.into(),
            x,
            y,
            width: 15 * text.len() as u32,
            height: 25,
            line: (line, 1, 1),
        };
        let row = [
            word("Easy", 44, 170, 4),
            word("Mistakes:", 433, 169, 5),
            word("0", 625, 169, 6),
            word("00:00", 939, 169, 7),
        ];
        assert_eq!(from_words(&row).mistakes, Some((0, None)));
        let far = [word("Mistakes:", 433, 169, 5), word("0", 800, 169, 6)];
        assert_eq!(from_words(&far).mistakes, None);
        let below = [word("Mistakes:", 433, 169, 5), word("0", 620, 200, 6)];
        assert_eq!(from_words(&below).mistakes, None);
    }

    /// Status bands cut from screens above the grid: the virtual phone's compact, edge and blocks
    /// skins (`autosudoku phone --skin NAME --snapshot`), and two drawn with ImageMagick in DejaVu
    /// Sans (an "Errors 2/3" line, and a dark "Mistakes" label over "1/3").
    #[test]
    fn the_counter_and_its_limit_are_read_off_status_bands() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
        let mut reader = StatusReader::default();
        for (file, want) in [
            ("status-compact.png", (0, Some(5))),
            ("status-edge.png", (0, Some(3))),
            ("status-blocks.png", (0, Some(5))),
            ("status-errors.png", (2, Some(3))),
            ("status-stacked.png", (1, Some(3))),
        ] {
            let path = dir.join(file);
            let img = image::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let s = reader.read_band(img.to_rgba8());
            assert_eq!(s.mistakes, Some(want), "{file}");
        }
    }

    #[test]
    fn the_virtual_phones_status_line_is_read() {
        // The classic skin's first screen at 1080x2400 (`autosudoku phone --skin classic --snapshot`).
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/fixtures/regress-status-classic.png");
        let img = image::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // Its grid's top is at y 340, and the grid spans about the screen's width.
        let grid = Rect {
            x: 0,
            y: 340,
            width: 1080,
            height: 1080,
        };
        let s = StatusReader::default().read(&img.to_rgba8(), Some(grid));
        assert_eq!(
            s,
            Status {
                timer: Some(Duration::ZERO),
                mistakes: Some((0, Some(3)))
            }
        );
    }
}
