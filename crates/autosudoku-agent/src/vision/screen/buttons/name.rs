//! Naming the items the finder groups: by icon, matched against the icon templates in the
//! `icons/` folder of the user's template folders (nothing is shipped: a template is an app's own
//! picture, put there by whoever has it, as `autosudoku demo` does for the virtual phone's; its ink
//! normalised to a `glyph::SIDE` square, so neither scale nor theme matters), or else by the word
//! of its label (`label`), read with Tesseract only for word-shaped marks no icon matched, and
//! once per mark box (the next read of that screen needs no OCR). A label read apart from its icon
//! joins it; one button per kind, the surest.

use super::button::{Button, ButtonKind, FoundBy};
use super::find::{coverage, items, rows};
use super::label::{kind_of, letters, split, word_crop};
use crate::geometry::Rect;
use crate::vision::grid::GridGeometry;
use crate::vision::ocr::glyph::Glyph;
use crate::vision::ocr::WordOcr;
use crate::vision::pixels::Luma;
use crate::vision::screen::keypad::Keypad;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The look of a toggle of `kind` whose icon scored `scores` against every template: the look of
/// the nearer of its two templates, when clearly nearer; `None` for a button without looks.
fn look(scores: &[(ButtonKind, Option<bool>, f32)], kind: ButtonKind) -> Option<bool> {
    let score = |look: bool| {
        scores
            .iter()
            .find(|&&(k, on, _)| k == kind && on == Some(look))
            .map(|s| s.2)
    };
    let (on, off) = (score(true)?, score(false)?);
    ((on - off).abs() >= LOOK_MARGIN).then_some(on > off)
}

/// The folder of icon templates in a template folder; each file's stem names the button and the
/// look it shows. The notes button carries an on/off badge, and both looks are kept.
pub const ICON_FOLDER: &str = "icons";
pub const ICONS: [(&str, ButtonKind, Option<bool>); 4] = [
    ("undo", ButtonKind::Undo, None),
    ("erase", ButtonKind::Erase, None),
    ("notes", ButtonKind::Notes, Some(false)),
    ("notes-on", ButtonKind::Notes, Some(true)),
];

/// An icon is its template's when they correlate this well (blurred): right icons score well above
/// it, other icons and the notes badge's other look well below (docs/notes/vision.md, "Glyph and
/// icon matching").
const ICON_MATCH: f32 = 0.85;
/// A toggle's look is the nearer of its two templates only by this much: the two looks correlate
/// about 0.7 with each other, a right icon over 0.95.
const LOOK_MARGIN: f32 = 0.05;
/// Gaussian blur (sigma, in normalised pixels) of shapes before they are compared.
const BLUR: f32 = 1.5;
/// Mark boxes whose words are remembered (screens of one app have a handful).
const MEMO: usize = 256;

/// Finds buttons; keep one for many reads (it holds Tesseract and the words it read).
#[derive(Default)]
pub struct ButtonFinder {
    icons: Vec<(ButtonKind, Option<bool>, Glyph)>,
    ocr: WordOcr,
    /// What Tesseract made of an item (by its box), so a screen is read once.
    words: HashMap<Rect, Option<(ButtonKind, f32, String)>>,
}

impl ButtonFinder {
    /// A finder that matches the icons in `<folder>/icons/` of each of `folders` (a file that is
    /// missing or no image is left out), and names buttons by their labels otherwise.
    pub fn new(folders: &[PathBuf]) -> ButtonFinder {
        let icons = folders
            .iter()
            .flat_map(|f| ICONS.iter().filter_map(|i| icon(&f.join(ICON_FOLDER), *i)))
            .collect();
        ButtonFinder {
            icons,
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
        for b in found.iter_mut().filter(|b| b.by == FoundBy::Label) {
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
        let scores: Vec<(ButtonKind, Option<bool>, f32)> = self
            .icons
            .iter()
            .map(|(k, on, t)| (*k, *on, t.similarity(&glyph)))
            .collect();
        let best = scores.iter().max_by(|a, b| a.2.total_cmp(&b.2));
        if let Some(&(kind, _, score)) = best.filter(|b| b.2 >= ICON_MATCH) {
            return Some(Button {
                kind,
                rect: item,
                confidence: score,
                by: FoundBy::Icon,
                word: None,
                on: look(&scores, kind),
            });
        }
        let (kind, confidence, word) = self.label(luma, item, pitch)?;
        Some(Button {
            kind,
            rect: item,
            confidence,
            by: FoundBy::Label,
            word: Some(word),
            on: None,
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

/// The icon template `(stem, kind, look)` in `dir`, if it is there and an icon.
fn icon(
    dir: &Path,
    (stem, kind, on): (&str, ButtonKind, Option<bool>),
) -> Option<(ButtonKind, Option<bool>, Glyph)> {
    let path = dir.join(format!("{stem}.png"));
    let img = image::open(&path).ok()?.to_luma8();
    let glyph = Glyph::from_image(&img);
    if glyph.is_none() {
        tracing::warn!("{} is not an icon template; left out", path.display());
    }
    Some((kind, on, glyph?))
}

/// Vertical distance between two boxes (0 when they overlap in y).
fn gap_y(a: Rect, b: Rect) -> f32 {
    (a.y.max(b.y) as f32 - a.bottom().min(b.bottom()) as f32).max(0.0)
}

/// The normalised shape of the marks in `r` (what icon templates store); `None` without ink.
pub fn shape(luma: &Luma, r: Rect) -> Option<Glyph> {
    let sharp = Glyph::from_coverage(&coverage(luma, r)?).to_image();
    // Blurred, so strokes a pixel thicker or shifted at another scale still overlap.
    Glyph::from_image(&image::imageops::blur(&sharp, BLUR))
}
