//! The profile calibration writes: the toolbar buttons (kept from an existing profile for this
//! screen, else as found) and the file itself.

use super::CalibrateError;
use crate::play::profile::{Buttons, Profile};
use crate::vision::{BoardRead, ButtonKind};
use std::path::Path;

/// The button points for the profile: those an existing profile for this screen size already
/// has (set by hand, perhaps), the rest as found on screen.
pub(super) fn buttons(read: &BoardRead, path: &Path, screen: [u32; 2]) -> Buttons {
    let kept = Profile::load(path)
        .ok()
        .filter(|p| p.recognise.screen == Some(screen))
        .map(|p| p.buttons)
        .unwrap_or_default();
    let found = |kind: ButtonKind| {
        read.buttons.iter().find(|b| b.kind == kind).map(|b| {
            let c = b.rect.center();
            [c.x, c.y]
        })
    };
    Buttons {
        erase: kept.erase.or_else(|| found(ButtonKind::Erase)),
        notes: kept.notes.or_else(|| found(ButtonKind::Notes)),
        undo: kept.undo.or_else(|| found(ButtonKind::Undo)),
    }
}

/// Writes `profile` to `path` (in `dir`, made if missing), with a note on what to edit by hand.
pub(super) fn write(profile: &Profile, dir: &Path, path: &Path) -> Result<(), CalibrateError> {
    let failed = |reason: String| CalibrateError::Write {
        path: path.into(),
        reason,
    };
    let text = toml::to_string(profile).map_err(|e| failed(e.to_string()))?;
    let note =
        "# Written by `autosudoku calibrate`; edit mistake_limit, buttons and dialogs by hand.";
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(path, format!("{note}\n{text}")))
        .map_err(|e| failed(e.to_string()))
}
