//! Why a screenshot could not be read at all: no grid, no OCR, or unusable digit templates.

use std::path::PathBuf;
use thiserror::Error;

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
