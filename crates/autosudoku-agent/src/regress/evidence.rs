//! What a failed check leaves behind: the screenshots before and after, the read of the screen
//! after drawn over it, and the game's trace, in `ARTIFACTS/<device>/game-<n>/<check>/`.

use super::outcome::Evidence;
use super::watch::Look;
use crate::vision::annotate::annotate;
use std::path::{Path, PathBuf};

/// The folder for one check of one game of one device (created on first save).
pub fn folder(root: &Path, device: &str, game: u32, what: &str) -> PathBuf {
    let device: String = device
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    root.join(device).join(format!("game-{game}")).join(what)
}

/// Saves what is there; files that cannot be written are left out (and logged), so a full disk
/// never hides the failure itself.
pub fn save(dir: &Path, before: Option<&Look>, after: Option<&Look>, trace: &[String]) -> Evidence {
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
    Evidence {
        before: before.and_then(|(shot, _)| png("before.png", &shot.image)),
        after: after.and_then(|(shot, _)| png("after.png", &shot.image)),
        annotated,
        trace: trace.flatten(),
    }
}
