//! What a button is, once found: what it does, how it was recognised, and where it is.

use crate::geometry::Rect;
use serde::Serialize;

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
pub enum FoundBy {
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
    pub by: FoundBy,
    /// The label as Tesseract read it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub word: Option<String>,
    /// For a toggle known by its icon (notes), whether it shows its "on" look; `None` when the
    /// look is not known (found by its label, or no look nearer by a clear margin).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on: Option<bool>,
}
