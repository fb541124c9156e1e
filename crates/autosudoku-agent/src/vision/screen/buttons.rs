//! The toolbar buttons (undo, erase, notes), found with no configuration. Marks in the strips
//! below and beside the grid (on a downscaled luma, keypad keys left out) are grouped into items;
//! three or more items in one row, spaced apart like buttons (the words of a sentence merge into one
//! wide item and drop out), are the candidates. Each is named by its icon — its ink normalised to a
//! `glyph::SIDE` square, so neither scale nor theme matters, matched against the templates shipped in
//! `templates/icons/` (learned from the virtual phone's rendered screen) — or else by the word of
//! its label read with Tesseract ("Undo", "Erase"/"Delete"/"Clear", "Notes"/"Pencil"), only for
//! word-shaped marks no icon matched, and once per mark box (the next read of that screen needs no
//! OCR).
//! Anything else (a hint bulb, an unknown icon) is simply absent.

use super::keypad::Keypad;
use crate::geometry::Rect;
use crate::vision::grid::GridGeometry;
use crate::vision::ocr::glyph::{Coverage, Glyph};
use crate::vision::ocr::WordOcr;
use crate::vision::pixels::luma::{downsample, Luma};
use image::GrayImage;
use serde::Serialize;
use std::collections::HashMap;

/// What a button does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ButtonKind {
    Undo,
    Erase,
    Notes,
}

impl ButtonKind {
    pub const ALL: [ButtonKind; 3] = [ButtonKind::Undo, ButtonKind::Erase, ButtonKind::Notes];

    pub fn name(self) -> &'static str {
        match self {
            ButtonKind::Undo => "undo",
            ButtonKind::Erase => "erase",
            ButtonKind::Notes => "notes",
        }
    }
}

/// How a button was recognised.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Evidence {
    /// Its icon matched a template.
    Icon,
    /// Its label word said what it does.
    Label,
}

/// One button found on screen.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Button {
    pub kind: ButtonKind,
    /// The icon (and its label) on screen; tap its centre.
    pub rect: Rect,
    /// Template similarity or Tesseract's confidence, 0..1.
    pub confidence: f32,
    pub by: Evidence,
    /// The label as Tesseract read it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub word: Option<String>,
}

/// The icon templates shipped with the program, learned from the virtual phone's classic skin
/// (`scripts/learn-icons` rewrites them). The notes button carries an on/off
/// badge; both looks are kept.
const SHIPPED: [(ButtonKind, &[u8]); 4] = [
    (
        ButtonKind::Undo,
        include_bytes!("../../../shipped/templates/icons/undo.png"),
    ),
    (
        ButtonKind::Erase,
        include_bytes!("../../../shipped/templates/icons/erase.png"),
    ),
    (
        ButtonKind::Notes,
        include_bytes!("../../../shipped/templates/icons/notes.png"),
    ),
    (
        ButtonKind::Notes,
        include_bytes!("../../../shipped/templates/icons/notes-on.png"),
    ),
];

/// An icon is its template's when they correlate this well (blurred; on the corpus right icons score
/// over 0.95, the hint bulb at most 0.57 against the eraser, notes on vs off 0.7).
const ICON_MATCH: f32 = 0.85;
/// Gaussian blur (sigma, in normalised pixels) of shapes before they are compared.
const BLUR: f32 = 1.5;
/// A mark differs from the background by this much luma to count as ink.
const INK: u8 = 36;
/// Mark boxes whose words are remembered (screens of one app have a handful).
const MEMO: usize = 256;
/// Strip pixels per grid cell after downscaling: enough to keep 2 dp strokes, few to scan.
const PER_CELL: f32 = 16.0;

/// Finds buttons; keep one for many reads (it holds Tesseract and the words it read).
#[derive(Default)]
pub struct ButtonFinder {
    shipped: Vec<(ButtonKind, Glyph)>,
    ocr: WordOcr,
    /// What Tesseract made of an item (by its box), so a screen is read once.
    words: HashMap<Rect, Option<(ButtonKind, f32, String)>>,
}

impl ButtonFinder {
    pub fn new() -> ButtonFinder {
        let shipped = SHIPPED
            .iter()
            .filter_map(|&(kind, png)| {
                let img = image::load_from_memory(png).ok()?.to_luma8();
                Some((kind, Glyph::from_image(&img)?))
            })
            .collect();
        ButtonFinder {
            shipped,
            ..ButtonFinder::default()
        }
    }

    /// The undo, erase and notes buttons on this screen; those not found are absent.
    pub fn find(&mut self, luma: &Luma, g: &GridGeometry, keypad: Option<&Keypad>) -> Vec<Button> {
        let pitch = g.pitch();
        let rows = rows(&items(luma, g, keypad), pitch);
        let mut found: Vec<Button> = Vec::new();
        for row in &rows {
            for &item in row {
                if let Some(b) = self.classify(luma, item, pitch) {
                    found.push(b);
                }
            }
        }
        // A label read apart from its icon: the button is both (the icon sits over or beside it).
        for b in found.iter_mut().filter(|b| b.by == Evidence::Label) {
            let icon = rows.iter().flatten().find(|&&i| {
                i != b.rect
                    && (i.center().x as f32 - b.rect.center().x as f32).abs() < 0.4 * pitch
                    && gap_y(i, b.rect) < 0.8 * pitch
            });
            if let Some(&i) = icon {
                b.rect = b.rect.union(i);
            }
        }
        // One button per kind: the surest.
        found.sort_by(|a, b| b.confidence.total_cmp(&a.confidence));
        let mut out: Vec<Button> = Vec::new();
        for b in found {
            if !out
                .iter()
                .any(|o| o.kind == b.kind || o.rect.intersects(b.rect))
            {
                out.push(b);
            }
        }
        out.sort_by_key(|b| b.kind as u8);
        out
    }

    /// An item's button: by icon, else by a label word in it.
    fn classify(&mut self, luma: &Luma, item: Rect, pitch: f32) -> Option<Button> {
        let glyph = shape(luma, item)?;
        let best = self
            .shipped
            .iter()
            .map(|(k, t)| (*k, t.similarity(&glyph)))
            .max_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((kind, score)) = best.filter(|b| b.1 >= ICON_MATCH) {
            return Some(Button {
                kind,
                rect: item,
                confidence: score,
                by: Evidence::Icon,
                word: None,
            });
        }
        let (kind, confidence, word) = self.label(luma, item, pitch)?;
        Some(Button {
            kind,
            rect: item,
            confidence,
            by: Evidence::Label,
            word: Some(word),
        })
    }

    /// The button a label word in `item` names: the whole item when it is word-shaped, else the
    /// part under (or over) its widest blank band, where a label under an icon sits. Only parts
    /// shaped like a word at a readable size (wide, three or more letters) go to Tesseract: the
    /// base of a bulb icon is wide but one stroke.
    fn label(&mut self, luma: &Luma, item: Rect, pitch: f32) -> Option<(ButtonKind, f32, String)> {
        if let Some(known) = self.words.get(&item) {
            return known.clone();
        }
        let mut parts = vec![item];
        if let Some((top, bottom)) = split(luma, item) {
            parts.extend([bottom, top]);
        }
        let mut result = None;
        let wordy = |p: &Rect| {
            p.width * 2 >= p.height * 3
                && p.height as f32 >= 0.15 * pitch
                && p.width as f32 >= 0.4 * pitch
                && coverage(luma, *p).is_some_and(|c| letters(&c) >= 3)
        };
        for part in parts.into_iter().filter(wordy) {
            let Some((word, conf)) = self.read_word(luma, part) else {
                continue;
            };
            tracing::debug!("button label at {part}: {word:?} ({conf:.2})");
            if let Some(kind) = kind_of(&word) {
                result = Some((kind, conf, word));
                break;
            }
        }
        if self.words.len() >= MEMO {
            self.words.clear();
        }
        self.words.insert(item, result.clone());
        result
    }

    fn read_word(&mut self, luma: &Luma, part: Rect) -> Option<(String, f32)> {
        let crop = word_crop(&coverage(luma, part)?);
        let word = self.ocr.read(&crop);
        if let (None, Some(e)) = (&word, self.ocr.failure()) {
            tracing::debug!("button labels cannot be read: {e}");
        }
        word
    }
}

/// The button a label word names.
fn kind_of(word: &str) -> Option<ButtonKind> {
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
fn letters(cov: &Coverage) -> usize {
    let inked: Vec<bool> = (0..cov.width)
        .map(|x| (0..cov.height).any(|y| cov.at(x, y) >= 0.5))
        .collect();
    inked.windows(2).filter(|w| w[1] && !w[0]).count() + usize::from(inked[0])
}

/// Vertical distance between two boxes (0 when they overlap in y).
fn gap_y(a: Rect, b: Rect) -> f32 {
    (a.y.max(b.y) as f32 - a.bottom().min(b.bottom()) as f32).max(0.0)
}

/// The luma of the ring just outside `r`: the paper the item sits on.
fn paper(luma: &Luma, r: Rect) -> u8 {
    let outer = Rect::from_edges(
        r.x as f32 - 3.0,
        r.y as f32 - 3.0,
        r.right() as f32 + 3.0,
        r.bottom() as f32 + 3.0,
    )
    .clamp_to(luma.width, luma.height);
    let mut hist = [0u32; 256];
    for y in outer.y..outer.bottom() {
        for x in outer.x..outer.right() {
            if !r.contains(crate::geometry::Point::new(x, y)) {
                hist[luma.get(x, y) as usize] += 1;
            }
        }
    }
    hist.iter()
        .enumerate()
        .max_by_key(|&(_, n)| *n)
        .map_or(255, |(v, _)| v as u8)
}

/// `r` shrunk to the pixels that differ from its paper by `INK` (a box found on the downscaled
/// strip is only as exact as its scale; templates need the exact ink box).
fn tight(luma: &Luma, r: Rect) -> Option<Rect> {
    let r = r.clamp_to(luma.width, luma.height);
    let bg = paper(luma, r);
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for y in r.y..r.bottom() {
        let row =
            &luma.data[(y * luma.width + r.x) as usize..(y * luma.width + r.right()) as usize];
        let Some(first) = row.iter().position(|v| v.abs_diff(bg) > INK) else {
            continue;
        };
        let last = row
            .iter()
            .rposition(|v| v.abs_diff(bg) > INK)
            .unwrap_or(first);
        (x0, x1) = (x0.min(r.x + first as u32), x1.max(r.x + last as u32));
        (y0, y1) = (y0.min(y), y1.max(y));
    }
    (x0 <= x1).then(|| Rect::new(x0, y0, x1 - x0 + 1, y1 - y0 + 1))
}

/// Ink coverage over `r`: distance from the paper, scaled so the strongest ink is 1 (dark or light
/// icons alike). `None` for a box with no ink.
fn coverage(luma: &Luma, r: Rect) -> Option<Coverage> {
    let r = r.clamp_to(luma.width, luma.height);
    let bg = paper(luma, r);
    let mut alpha = Vec::with_capacity((r.width * r.height) as usize);
    for y in r.y..r.bottom() {
        for x in r.x..r.right() {
            alpha.push(luma.get(x, y).abs_diff(bg) as f32);
        }
    }
    let top = alpha.iter().copied().fold(0.0, f32::max);
    if top < INK as f32 {
        return None;
    }
    alpha.iter_mut().for_each(|a| *a = (*a / top).min(1.0));
    Some(Coverage {
        width: r.width,
        height: r.height,
        alpha,
    })
}

/// The normalised shape of the marks in `r` (what icon templates store); `None` without ink.
pub fn shape(luma: &Luma, r: Rect) -> Option<Glyph> {
    let sharp = Glyph::from_coverage(&coverage(luma, r)?).to_image();
    // Blurred, so strokes a pixel thicker or shifted at another scale still overlap.
    Glyph::from_image(&image::imageops::blur(&sharp, BLUR))
}

/// `item` cut at its widest band of blank rows into (top, bottom), when it has one.
fn split(luma: &Luma, item: Rect) -> Option<(Rect, Rect)> {
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
fn word_crop(cov: &Coverage) -> GrayImage {
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

/// Where toolbars go: the strip under the grid and the strips left and right of it.
fn strips(luma: &Luma, g: &GridGeometry) -> Vec<Rect> {
    let (b, p) = (g.bounds(), g.pitch());
    let (w, h) = (luma.width as f32, luma.height as f32);
    let (top, bottom) = (b.y as f32 - p * 0.5, b.bottom() as f32);
    [
        Rect::from_edges(0.0, bottom + p * 0.15, w, h),
        Rect::from_edges(b.right() as f32 + p * 0.15, top, w, bottom),
        Rect::from_edges(0.0, top, b.x as f32 - p * 0.15, bottom),
    ]
    .into_iter()
    .map(|r| r.clamp_to(luma.width, luma.height))
    .filter(|r| r.width as f32 >= p * 0.5 && r.height as f32 >= p * 0.5)
    .collect()
}

/// Groups of marks (icons, words, specks) in the toolbar strips, in screenshot pixels: marks
/// closer than an eighth of a cell join; keypad keys, the grid and marks too big for a button are
/// left out.
pub fn items(luma: &Luma, g: &GridGeometry, keypad: Option<&Keypad>) -> Vec<Rect> {
    let pitch = g.pitch();
    let f = ((pitch / PER_CELL).round() as u32).max(1);
    let join = ((pitch * 0.12 / f as f32).round() as u32).max(1);
    let keys: Vec<Rect> = keypad
        .map(|k| {
            k.keys
                .iter()
                .map(|k| grow(k.rect, k.rect.height as f32 * 0.4))
                .collect()
        })
        .unwrap_or_default();
    let grid = g.bounds();
    let mut out = Vec::new();
    for strip in strips(luma, g) {
        let mut data = Vec::with_capacity((strip.width * strip.height) as usize);
        for y in strip.y..strip.bottom() {
            let row = (y * luma.width + strip.x) as usize;
            data.extend_from_slice(&luma.data[row..row + strip.width as usize]);
        }
        let small = downsample(
            &Luma {
                width: strip.width,
                height: strip.height,
                data,
            },
            f,
        );
        for (x0, y0, x1, y1) in merged(&marks(&small), join) {
            let coarse = Rect::new(
                (strip.x + x0 * f).saturating_sub(f),
                (strip.y + y0 * f).saturating_sub(f),
                (x1 - x0 + 3) * f,
                (y1 - y0 + 3) * f,
            );
            let inner = Rect::new(
                strip.x + x0 * f,
                strip.y + y0 * f,
                (x1 - x0 + 1) * f,
                (y1 - y0 + 1) * f,
            );
            let (w, h) = (inner.width as f32 / pitch, inner.height as f32 / pitch);
            let sized = h <= 2.2 && w <= 3.0;
            // Keys and oversized marks go before the exact box is measured: most marks are keys.
            if !sized || inner.intersects(grid) || keys.iter().any(|k| k.intersects(inner)) {
                continue;
            }
            if let Some(r) = tight(luma, coarse) {
                out.push(r);
            }
        }
    }
    out
}

fn grow(r: Rect, by: f32) -> Rect {
    Rect::from_edges(
        r.x as f32 - by,
        r.y as f32 - by,
        r.right() as f32 + by,
        r.bottom() as f32 + by,
    )
}

/// Boxes (x0, y0, x1, y1 inclusive) of 8-connected pixels that differ from the strip's most common
/// luma (its background) by `INK`.
fn marks(l: &Luma) -> Vec<(u32, u32, u32, u32)> {
    let mut hist = [0u32; 256];
    l.data.iter().for_each(|&v| hist[v as usize] += 1);
    let bg = hist
        .iter()
        .enumerate()
        .max_by_key(|&(_, n)| *n)
        .map_or(255, |(v, _)| v as u8);
    let ink: Vec<bool> = l.data.iter().map(|&v| v.abs_diff(bg) > INK).collect();
    super::keypad::boxes(ink, l.width as usize, l.height as usize)
}

/// Boxes joined while any two are within `gap` pixels of each other.
fn merged(boxes: &[(u32, u32, u32, u32)], gap: u32) -> Vec<(u32, u32, u32, u32)> {
    let mut out: Vec<(u32, u32, u32, u32)> = boxes.to_vec();
    let near = |a: &(u32, u32, u32, u32), b: &(u32, u32, u32, u32)| {
        a.0 <= b.2 + gap + 1 && b.0 <= a.2 + gap + 1 && a.1 <= b.3 + gap + 1 && b.1 <= a.3 + gap + 1
    };
    loop {
        let mut changed = false;
        let mut i = 0;
        while i < out.len() {
            let mut j = i + 1;
            while j < out.len() {
                if near(&out[i], &out[j]) {
                    let b = out.swap_remove(j);
                    let a = &mut out[i];
                    *a = (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3));
                    changed = true;
                } else {
                    j += 1;
                }
            }
            i += 1;
        }
        if !changed {
            return out;
        }
    }
}

/// Items in rows of three to seven, left to right, spaced like buttons: items of one row closer
/// than 0.6 cell merge (words of a sentence; buttons stand a cell or more apart), and a row whose
/// items end up wider than a button is no toolbar.
fn rows(items: &[Rect], pitch: f32) -> Vec<Vec<Rect>> {
    let mut sorted = items.to_vec();
    sorted.sort_by_key(|r| r.center().y);
    let mut rows: Vec<Vec<Rect>> = Vec::new();
    for r in sorted {
        let joins = rows.last().is_some_and(|row| {
            let y = row.iter().map(|i| i.center().y as f32).sum::<f32>() / row.len() as f32;
            (r.center().y as f32 - y).abs() <= 0.3 * pitch
        });
        match rows.last_mut() {
            Some(row) if joins => row.push(r),
            _ => rows.push(vec![r]),
        }
    }
    rows.into_iter()
        .filter_map(|mut row| {
            row.sort_by_key(|r| r.x);
            let mut spaced: Vec<Rect> = Vec::new();
            for r in row {
                match spaced.last_mut() {
                    Some(last) if (r.x as f32) < last.right() as f32 + 0.6 * pitch => {
                        *last = last.union(r)
                    }
                    _ => spaced.push(r),
                }
            }
            let sized = spaced.iter().all(|r| r.width as f32 <= 3.0 * pitch);
            // Specks (a separator dot) join words above, but are no buttons themselves.
            spaced.retain(|r| r.width.max(r.height) as f32 >= 0.12 * pitch);
            ((3..=7).contains(&spaced.len()) && sized).then_some(spaced)
        })
        .collect()
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

    #[test]
    fn boxes_within_the_gap_merge_transitively() {
        let m = merged(
            &[(0, 0, 2, 2), (4, 0, 5, 2), (7, 0, 8, 1), (20, 20, 21, 21)],
            1,
        );
        assert_eq!(m.len(), 2);
        assert!(m.contains(&(0, 0, 8, 2)));
    }

    #[test]
    fn a_sentence_merges_into_one_wide_item_and_is_no_toolbar() {
        let words: Vec<Rect> = (0..8).map(|i| Rect::new(i * 60, 500, 50, 20)).collect();
        assert!(rows(&words, 100.0).is_empty());
        let icons: Vec<Rect> = (0..4).map(|i| Rect::new(i * 200, 500, 70, 70)).collect();
        assert_eq!(rows(&icons, 100.0), vec![icons]);
    }
}
