//! Reading the screen: grid geometry, digits (given, entered, notes, each with a confidence),
//! keypad and buttons, from a screenshot. Pure: it takes an `image::RgbaImage` and never talks to
//! a device; it knows nothing of the virtual phone (the agent sees only pixels).
//!
//! The folders are the stages, in the order a read runs them; `read` runs them all:
//! - `pixels`: the one pass over the screenshot (`planes`: luma, the grid search's small copies,
//!   polarity), luma operations and colour helpers.
//! - `grid`: `find` the grid (line `mask`s → `lines` → `lattice` → the best `frame`) → its
//!   `geometry` (`GridGeometry`), and what something drawn over it hides (`cover`, with `segment`
//!   telling a line's hidden stretch from a faint one).
//! - `cell`: `extract` each cell's ink (`plate`, `small_font`) into a `CellInk` → `classify` the
//!   digits (templates, then OCR) → `style` (given or entered, `recolour` for highlighted digits).
//! - `ocr`: the digit reader, `glyph` shapes, learned `templates`, and the one Tesseract wrapper,
//!   `tesseract`, that all text goes through.
//! - `screen`: what else the screen shows: the `keypad` and toolbar `buttons`, the `words`
//!   anywhere on screen and the covering `dialog` they make, a lone `close_mark`, the `status`
//!   line, what the app `highlight`s, and `scene`, which decides from all of it what is on screen
//!   (the game, a dialog, somewhere else, or an uncertain read).
//!
//! On top: `read` (screenshot → `BoardRead`), `sanity` (does the read board make sense),
//! `annotate` (draws what was seen) and `decode` (screenshot files → images); beneath all, the
//! `error` a read fails with and the two-thread map the stages share (`parallel`).

pub mod annotate;
pub mod cell;
pub mod decode;
mod error;
pub mod grid;
pub mod layout;
pub mod ocr;
mod parallel;
pub mod pixels;
pub mod read;
pub mod rules;
pub mod sanity;
pub mod screen;
pub mod sized;

pub use crate::geometry::Rect;
pub use cell::classify::{Source, CERTAIN};
pub use error::VisionError;
pub use grid::{Cue, GridGeometry};
pub use ocr::templates::TemplateSources;
pub use read::{BoardRead, CellKind, CellRead, Reader, ReaderOptions};
pub use sanity::{Problem, Sanity};
pub use screen::buttons::{Button, ButtonKind, FoundBy};
pub use screen::keypad::{Key, Keypad, Layout};
