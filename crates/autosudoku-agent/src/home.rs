//! Where autosudoku keeps the user's things on this computer: their own profiles (the platform's
//! config folder, e.g. `~/.config/autosudoku/profiles`), their glyph templates and the glyphs
//! reads learn (the data folder, e.g. `~/.local/share/autosudoku/templates`), and the screenshots
//! play keeps when it stops (`…/autosudoku/screenshots`, named by the time), and the locks that
//! let one autosudoku at a time drive a phone (the runtime folder, e.g. `$XDG_RUNTIME_DIR/autosudoku/locks`,
//! else the cache folder). `AUTOSUDOKU_HOME` (read by the cli, passed here) puts them all under one
//! folder instead. Nothing goes into the
//! current folder unless the user names a path there.

use crate::play::profile::ProfileSources;
use crate::vision::TemplateSources;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

#[derive(Debug, thiserror::Error)]
pub enum HomeError {
    #[error("cannot tell where this user's config and data folders are (no home folder); set AUTOSUDOKU_HOME to a folder autosudoku may write to")]
    NoHome,
}

/// The user's folders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Home {
    profiles: PathBuf,
    templates: PathBuf,
    screenshots: PathBuf,
    locks: PathBuf,
}

impl Home {
    /// `root`'s subfolders when given (`AUTOSUDOKU_HOME`), else the platform's folders.
    pub fn locate(root: Option<&Path>) -> Result<Home, HomeError> {
        if let Some(root) = root {
            return Ok(Home::under(root));
        }
        let dirs = directories::ProjectDirs::from("", "", "autosudoku").ok_or(HomeError::NoHome)?;
        Ok(Home {
            profiles: dirs.config_dir().join("profiles"),
            templates: dirs.data_dir().join("templates"),
            screenshots: dirs.data_dir().join("screenshots"),
            // Locks die with the login session (the runtime folder), or stay harmless: a lock
            // file no live process holds blocks nothing.
            locks: dirs
                .runtime_dir()
                .unwrap_or_else(|| dirs.cache_dir())
                .join("locks"),
        })
    }

    /// Everything under one folder: `root/profiles`, `root/templates`, `root/screenshots`, `root/locks`.
    pub fn under(root: &Path) -> Home {
        Home {
            profiles: root.join("profiles"),
            templates: root.join("templates"),
            screenshots: root.join("screenshots"),
            locks: root.join("locks"),
        }
    }

    /// The user's profiles (`calibrate` writes here unless given `--profiles`).
    pub fn profiles(&self) -> &Path {
        &self.profiles
    }

    /// The user's template sets, and where glyphs learned by reads are saved.
    pub fn templates(&self) -> &Path {
        &self.templates
    }

    /// The shipped profiles, the user's, then `extra` (`--profiles`) on top.
    pub fn profile_sources(&self, extra: &[PathBuf]) -> ProfileSources {
        ProfileSources {
            shipped: true,
            folders: std::iter::once(self.profiles.clone())
                .chain(extra.iter().cloned())
                .collect(),
        }
    }

    /// Where new profiles are written: the last folder the user named, else the user's own.
    pub fn profiles_to_write(&self, extra: &[PathBuf]) -> PathBuf {
        extra.last().unwrap_or(&self.profiles).clone()
    }

    /// The shipped template sets, the user's, then `extra` (`--templates`) on top; learned glyphs
    /// go to the last folder the user named, else to the user's own.
    pub fn template_sources(&self, extra: &[PathBuf]) -> TemplateSources {
        TemplateSources {
            shipped: true,
            folders: std::iter::once(self.templates.clone())
                .chain(extra.iter().cloned())
                .collect(),
            save_to: extra.last().unwrap_or(&self.templates).clone(),
        }
    }

    /// Where the one-agent-per-device locks are (`device::lock`).
    pub fn locks(&self) -> &Path {
        &self.locks
    }

    /// Where screenshots kept when play stops go.
    pub fn screenshots(&self) -> &Path {
        &self.screenshots
    }

    /// Where `regress` keeps failures' evidence unless told.
    pub fn regress_artifacts(&self) -> PathBuf {
        self.screenshots.with_file_name("regress")
    }

    /// Where a new screenshot of `what` (e.g. `play`) taken at `at` goes:
    /// `screenshots/play-2026-12-01T11-24-04.123Z.png` (no `:`, which some file systems refuse).
    pub fn screenshot_path(&self, what: &str, at: SystemTime) -> PathBuf {
        let stamp = humantime::format_rfc3339_millis(at)
            .to_string()
            .replace(':', "-");
        self.screenshots.join(format!("{what}-{stamp}.png"))
    }
}

/// Where a screenshot is kept: the file the user named, or a new one named by the time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeepAt {
    File(PathBuf),
    /// In the user's screenshots folder, as `<what>-<time>.png`.
    Home {
        home: Home,
        what: String,
    },
}

impl KeepAt {
    /// The file to write now; its folder is created, and in the data folder the oldest kept
    /// screenshots are removed so that this one makes `KEPT_SCREENSHOTS`.
    pub fn path_now(&self) -> std::io::Result<PathBuf> {
        let path = match self {
            KeepAt::File(p) => p.clone(),
            KeepAt::Home { home, what } => home.screenshot_path(what, SystemTime::now()),
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        if let KeepAt::Home { home, .. } = self {
            home.prune_screenshots(KEPT_SCREENSHOTS - 1)?;
        }
        Ok(path)
    }
}

/// How many screenshots the data folder keeps (a full-size one is up to 2 MB): the newest.
pub const KEPT_SCREENSHOTS: usize = 50;

/// What `Home::clean` removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Cleaned {
    pub files: u64,
    pub bytes: u64,
}

impl Home {
    /// The kept screenshots, oldest first (their names hold the time they were taken).
    fn kept_screenshots(&self) -> std::io::Result<Vec<(PathBuf, u64)>> {
        let entries = match std::fs::read_dir(&self.screenshots) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        let mut files: Vec<(SystemTime, PathBuf, u64)> = entries
            .filter_map(Result::ok)
            .filter_map(|e| {
                let meta = e.metadata().ok().filter(|m| m.is_file())?;
                Some((
                    meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
                    e.path(),
                    meta.len(),
                ))
            })
            .collect();
        files.sort();
        Ok(files.into_iter().map(|(_, p, n)| (p, n)).collect())
    }

    /// Removes the oldest kept screenshots until `keep` are left.
    pub fn prune_screenshots(&self, keep: usize) -> std::io::Result<Cleaned> {
        let files = self.kept_screenshots()?;
        let mut cleaned = Cleaned::default();
        for (path, bytes) in &files[..files.len().saturating_sub(keep)] {
            std::fs::remove_file(path)?;
            cleaned.files += 1;
            cleaned.bytes += bytes;
        }
        Ok(cleaned)
    }

    /// Empties the cache: every kept screenshot (`autosudoku clean`).
    pub fn clean(&self) -> std::io::Result<Cleaned> {
        self.prune_screenshots(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_screenshots_are_capped_at_the_last_50_and_clean_empties_them() {
        let root = tempfile::tempdir().unwrap();
        let home = Home::under(root.path());
        let keep = KeepAt::Home {
            home: home.clone(),
            what: "read".into(),
        };
        let mut last = PathBuf::new();
        for n in 0..KEPT_SCREENSHOTS + 7 {
            last = home.screenshots().join(format!("read-{n:03}.png"));
            keep.path_now().unwrap();
            std::fs::write(&last, b"png").unwrap();
        }
        let kept = home.kept_screenshots().unwrap();
        assert_eq!(kept.len(), KEPT_SCREENSHOTS);
        assert!(kept.iter().any(|(p, _)| *p == last), "the newest is kept");
        let cleaned = home.clean().unwrap();
        assert_eq!(
            cleaned,
            Cleaned {
                files: KEPT_SCREENSHOTS as u64,
                bytes: 3 * KEPT_SCREENSHOTS as u64
            }
        );
        assert!(home.kept_screenshots().unwrap().is_empty());
    }
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn an_override_puts_everything_under_one_folder() {
        let home = Home::locate(Some(Path::new("/h"))).unwrap();
        assert_eq!(home.profiles(), Path::new("/h/profiles"));
        assert_eq!(home.templates(), Path::new("/h/templates"));
        let at = UNIX_EPOCH + Duration::from_millis(1_764_588_244_123);
        assert_eq!(
            home.screenshot_path("play", at),
            Path::new("/h/screenshots/play-2025-12-01T11-24-04.123Z.png")
        );
    }
}
