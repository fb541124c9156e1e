//! What a failed check leaves behind: the screenshots before and after with the cells it is about
//! boxed in red, the read of the screen after drawn over it, and the game's trace, in
//! `ARTIFACTS/<device>/game-<n>/<check>/`.

use super::outcome::Evidence;
use super::watch::Look;
use crate::vision::annotate::{annotate, mark_cells};
use autosudoku_core::sudoku::Cell;
use std::path::{Path, PathBuf};

/// The folder for one check of one game of one device (created on first save).
pub fn folder(root: &Path, device: &str, game: u32, what: &str) -> PathBuf {
    root.join(crate::device::lock::file_safe(device))
        .join(format!("game-{game}"))
        .join(what)
}

/// Saves what is there, `cells` marked on both looks (located by either look's read: a dialog
/// over the grid hides it from its own read); files that cannot be written are left out (and
/// logged), so a full disk never hides the failure itself.
pub fn save(
    dir: &Path,
    (before, after): (Option<&Look>, Option<&Look>),
    cells: &[Cell],
    trace: &[String],
) -> Evidence {
    if let Err(e) = std::fs::create_dir_all(dir) {
        tracing::warn!("cannot create {}: {e}; no evidence kept", dir.display());
        return Evidence::default();
    }
    let png = |name: &str, img: &image::RgbaImage| {
        let path = dir.join(name);
        match img.save(&path) {
            Ok(()) => Some(path),
            Err(e) => {
                tracing::warn!("cannot save {}: {e}", path.display());
                None
            }
        }
    };
    let annotated = after.or(before).and_then(|(shot, read)| {
        let read = read.as_ref()?;
        png("annotated.png", &annotate(&shot.image, read))
    });
    let trace = (!trace.is_empty()).then(|| {
        let path = dir.join("trace.jsonl");
        std::fs::write(&path, trace.join("\n") + "\n")
            .ok()
            .map(|_| path)
    });
    let grid = [before, after]
        .into_iter()
        .flatten()
        .find_map(|(_, read)| read.as_ref());
    let marked = |look: Option<&Look>, name: &str| {
        let (shot, read) = look?;
        match read.as_ref().or(grid) {
            Some(r) if !cells.is_empty() => png(name, &mark_cells(&shot.image, r, cells)),
            _ => png(name, &shot.image),
        }
    };
    Evidence {
        before: marked(before, "before.png"),
        after: marked(after, "after.png"),
        annotated,
        trace: trace.flatten(),
    }
}
