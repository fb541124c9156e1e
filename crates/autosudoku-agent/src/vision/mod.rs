//! Reading the screen: grid geometry, digits (given, entered, notes, each with a confidence),
//! keypad and buttons, from a screenshot. Pure: it takes an `image::RgbaImage` and never talks to
//! a device; it knows nothing of the virtual phone (the agent sees only pixels).
//!
//! Pipeline: `planes` (luma, polarity, small copies) and `preprocess` (line masks, colours) →
//! `lines` → `lattice` → `grid` (→ `GridGeometry`; `segment` tells a line's hidden stretch from a faint one) → `cells` (→ samples) → `classify` (`templates`, then
//! `ocr`) → `style` (given/entered, `recolour` for highlighted digits) → `sanity`,
//! and `keypad` and `buttons` beside it; `read` runs it all, `annotate` draws what was seen.
//! `decode` turns screenshot files into images. Off the grid: `words` (the words anywhere on screen, with boxes) and `dialog` (what they say
//! covers the game), `close_mark` (a lone ×), `ink` (text-sized marks), `status` (timer and
//! mistakes). All text goes through one Tesseract wrapper, `tesseract`. `scene` decides from all
//! of it what is on screen: the game, a dialog, somewhere else, or an uncertain read.

pub mod annotate;
pub mod cell;
pub mod decode;
pub mod grid;
pub mod ocr;
pub mod pixels;
pub mod read;
pub mod sanity;
pub mod screen;

pub use crate::geometry::Rect;
pub use cell::classify::{Source, CERTAIN};
pub use grid::{Cue, GridGeometry};
pub use ocr::templates::TemplateSources;
pub use read::{BoardRead, CellKind, CellRead, Reader, ReaderOptions};
pub use sanity::{Problem, Sanity};
pub use screen::buttons::{Button, ButtonKind, Evidence};
pub use screen::keypad::{Key, Keypad, Layout};

use std::path::PathBuf;
use thiserror::Error;

/// `items.iter().map(f)` on two threads, results in order: the per-cell and per-mark work of a
/// read is independent, and the target phones and hosts have at least two cores.
pub(crate) fn map_halves<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let (a, b) = items.split_at(items.len() / 2);
    std::thread::scope(|s| {
        let second = s.spawn(|| b.iter().map(&f).collect::<Vec<R>>());
        let mut out: Vec<R> = a.iter().map(&f).collect();
        out.extend(
            second
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e)),
        );
        out
    })
}

/// Why a screenshot could not be read at all.
#[derive(Debug, Error)]
pub enum VisionError {
    #[error("no Sudoku grid found on the {width}x{height} screenshot: is the game on screen (not a menu or a full-screen ad)?")]
    NoGrid { width: u32, height: u32 },
    #[error("OCR: {0}")]
    Ocr(String),
    #[error("digit templates at {path}: {reason}")]
    Templates { path: PathBuf, reason: String },
}
