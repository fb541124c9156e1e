//! Learned digit glyphs, one folder per app font: `templates/<name>/<d>.png` (plus `<d>-<k>.png`
//! variants, e.g. the entered-digit weight of the same font). The first read of a new font goes
//! through Tesseract and saves what it was sure of; later reads match against these in
//! microseconds and only ask Tesseract when the match is weak.

use super::glyph::Glyph;
use crate::vision::error::VisionError;
use autosudoku_core::sudoku::Digit;
use std::path::{Path, PathBuf};

/// A glyph this similar to a stored one of the same digit adds nothing.
const REDUNDANT: f32 = 0.97;

/// A mark this like a kept one is that mark (drawn at another size, say).
const SAME_MARK: f32 = 0.9;

/// The file stem of marks that made no key.
const MARK: &str = "mark";

/// Where a reader's template sets come from, and where what it learns goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateSources {
    /// The sets built into the program (`crate::shipped`).
    pub shipped: bool,
    /// Folders of sets read on top, in order.
    pub folders: Vec<PathBuf>,
    /// Where learned glyphs are saved (as `<save_to>/<set>/<d>.png`).
    pub save_to: PathBuf,
}

impl TemplateSources {
    /// The shipped sets alone (for reads that learn nothing).
    pub fn shipped_only() -> TemplateSources {
        TemplateSources {
            shipped: true,
            folders: Vec::new(),
            save_to: PathBuf::new(),
        }
    }

    /// One folder, read and written (no shipped sets).
    pub fn folder(dir: PathBuf) -> TemplateSources {
        TemplateSources {
            shipped: false,
            folders: vec![dir.clone()],
            save_to: dir,
        }
    }
}

/// The index of the set called `name` in `sets`, added empty if new.
fn layer(sets: &mut Vec<TemplateSet>, name: &str) -> usize {
    match sets.iter().position(|s| s.name == name) {
        Some(i) => i,
        None => {
            sets.push(TemplateSet::new(name));
            sets.len() - 1
        }
    }
}

/// Adds every subfolder of `root` to `sets`; nothing when `root` does not exist yet.
fn add_folder(sets: &mut Vec<TemplateSet>, root: &Path) -> Result<(), VisionError> {
    let Ok(dir) = std::fs::read_dir(root) else {
        return Ok(());
    };
    let mut dirs: Vec<PathBuf> = dir
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    for d in dirs {
        let name = d
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let at = layer(sets, &name);
        sets[at].load_more(&d)?;
    }
    Ok(())
}

/// One font's glyphs.
#[derive(Debug, Clone)]
pub struct TemplateSet {
    pub name: String,
    pub glyphs: Vec<(Digit, Glyph)>,
    /// Marks beside the board Tesseract was asked about that made no key (icons, labels, a
    /// timer's digits), kept (`mark.png`, `mark-<k>.png`) so that later reads do not ask again.
    marks: Vec<Glyph>,
    /// How many glyphs and marks are already on disk (the rest are new since loading).
    saved: usize,
    marks_saved: usize,
    /// Whether autosudoku ships glyphs of this name: what is learned is never filed under it.
    pub shipped: bool,
}

/// How far a match must lead every other digit to be fully sure (`Match::confidence`).
pub const SURE_MARGIN: f32 = 0.12;

/// The best template match for a glyph.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Match {
    pub digit: Digit,
    pub score: f32,
    /// Best score of any other digit: a near tie means the glyph is ambiguous in this font.
    pub runner_up: f32,
}

impl Match {
    /// 1 for a clear, close match; falls off with a weaker score or a closer second digit.
    pub fn confidence(&self) -> f32 {
        let strength = ((self.score - 0.80) / 0.15).clamp(0.0, 1.0);
        let margin = ((self.score - self.runner_up) / SURE_MARGIN).clamp(0.0, 1.0);
        strength.min(margin)
    }
}

impl TemplateSet {
    pub fn new(name: &str) -> TemplateSet {
        TemplateSet {
            name: name.to_string(),
            glyphs: Vec::new(),
            marks: Vec::new(),
            saved: 0,
            marks_saved: 0,
            shipped: false,
        }
    }

    /// The same glyphs under another name, none of them saved there yet.
    pub fn copy_as(&self, name: &str) -> TemplateSet {
        TemplateSet {
            name: name.to_string(),
            glyphs: self.glyphs.clone(),
            marks: self.marks.clone(),
            saved: 0,
            marks_saved: 0,
            shipped: false,
        }
    }

    /// Adds the glyphs in `dir` (another layer of the same font: shipped, then the user's).
    fn load_more(&mut self, dir: &Path) -> Result<(), VisionError> {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| VisionError::Templates {
                path: dir.to_path_buf(),
                reason: e.to_string(),
            })?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "png"))
            .collect();
        entries.sort();
        for path in entries {
            let stem = path
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
            self.add_png(&stem, &path, || image::open(&path))?;
        }
        self.all_on_disk();
        Ok(())
    }

    /// Adds the glyph of the file `stem` (`7`, `7-1`, or a mark: `mark`, `mark-1`; others are
    /// skipped), decoded by `open`; `path` names it in errors.
    fn add_png(
        &mut self,
        stem: &str,
        path: &Path,
        open: impl FnOnce() -> image::ImageResult<image::DynamicImage>,
    ) -> Result<(), VisionError> {
        let kind = stem.split('-').next().unwrap_or_default();
        let digit = kind.parse().ok().and_then(Digit::new);
        if digit.is_none() && kind != MARK {
            return Ok(());
        }
        let bad = |reason: String| VisionError::Templates {
            path: path.to_path_buf(),
            reason,
        };
        let img = open().map_err(|e| bad(e.to_string()))?.to_luma8();
        let glyph = Glyph::from_image(&img).ok_or_else(|| {
            bad("not a 32x32 template; delete it and read again to relearn".into())
        })?;
        match digit {
            Some(digit) => self.glyphs.push((digit, glyph)),
            None => self.marks.push(glyph),
        }
        Ok(())
    }

    /// The sets `sources` names: the shipped ones, then each folder's, a set of the same name
    /// growing by each layer.
    pub fn load_sources(sources: &TemplateSources) -> Result<Vec<TemplateSet>, VisionError> {
        let mut sets: Vec<TemplateSet> = Vec::new();
        if sources.shipped {
            for (name, stem, png) in crate::shipped::templates() {
                let at = layer(&mut sets, name);
                let path = Path::new("(shipped)")
                    .join(name)
                    .join(format!("{stem}.png"));
                sets[at].add_png(stem, &path, || image::load_from_memory(png))?;
                sets[at].all_on_disk();
                sets[at].shipped = true;
            }
        }
        for dir in &sources.folders {
            add_folder(&mut sets, dir)?;
        }
        sets.retain(|s| !s.glyphs.is_empty());
        Ok(sets)
    }

    /// The closest digit; `None` for an empty set.
    pub fn best(&self, glyph: &Glyph) -> Option<Match> {
        let mut per_digit = [f32::MIN; 9];
        for (d, g) in &self.glyphs {
            let s = g.tolerant_similarity(glyph);
            per_digit[d.index()] = per_digit[d.index()].max(s);
        }
        let (i, &score) = per_digit
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))?;
        if score == f32::MIN {
            return None;
        }
        let runner_up = per_digit
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &s)| s)
            .fold(-1.0f32, f32::max);
        Some(Match {
            digit: Digit::from_index(i)?,
            score,
            runner_up,
        })
    }

    /// Adds a glyph learned for `digit` unless an equivalent one is already here.
    pub fn learn(&mut self, digit: Digit, glyph: &Glyph) -> bool {
        let known = self
            .glyphs
            .iter()
            .any(|(d, g)| *d == digit && g.tolerant_similarity(glyph) >= REDUNDANT);
        if !known {
            self.glyphs.push((digit, glyph.clone()));
        }
        !known
    }

    /// Keeps a mark that made no key, unless one like it is kept already.
    pub fn learn_mark(&mut self, glyph: &Glyph) {
        if !self.is_mark(glyph) {
            self.marks.push(glyph.clone());
        }
    }

    /// Whether `glyph` is a kept mark.
    pub fn is_mark(&self, glyph: &Glyph) -> bool {
        self.marks
            .iter()
            .any(|m| m.tolerant_similarity(glyph) >= SAME_MARK)
    }

    /// Counts every glyph and mark held now as on disk.
    fn all_on_disk(&mut self) {
        (self.saved, self.marks_saved) = (self.glyphs.len(), self.marks.len());
    }

    /// Whether glyphs or marks were learned since loading.
    pub fn is_dirty(&self) -> bool {
        self.glyphs.len() > self.saved || self.marks.len() > self.marks_saved
    }

    /// Writes the glyphs and marks learned since loading into `root/<name>/`.
    pub fn save(&mut self, root: &Path) -> Result<PathBuf, VisionError> {
        let dir = root.join(&self.name);
        let bad = |path: &Path, e: String| VisionError::Templates {
            path: path.to_path_buf(),
            reason: e,
        };
        std::fs::create_dir_all(&dir).map_err(|e| bad(&dir, e.to_string()))?;
        let glyphs = self.glyphs[self.saved..]
            .iter()
            .map(|(d, g)| (d.to_string(), g));
        let marks = self.marks[self.marks_saved..]
            .iter()
            .map(|g| (MARK.to_string(), g));
        for (stem, glyph) in glyphs.chain(marks) {
            let path = free_path(&dir, &stem);
            glyph
                .to_image()
                .save(&path)
                .map_err(|e| bad(&path, e.to_string()))?;
        }
        self.all_on_disk();
        Ok(dir)
    }
}

/// `dir/<stem>.png`, or the first `dir/<stem>-<k>.png` not taken.
fn free_path(dir: &Path, stem: &str) -> PathBuf {
    let mut path = dir.join(format!("{stem}.png"));
    let mut k = 0;
    while path.exists() {
        k += 1;
        path = dir.join(format!("{stem}-{k}.png"));
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::ocr::glyph::SIDE;

    /// A glyph of a filled square `n` pixels wide in the top-left corner.
    fn square(n: u32) -> Glyph {
        let img = image::GrayImage::from_fn(SIDE, SIDE, |x, y| {
            image::Luma([if x < n && y < n { 0 } else { 255 }])
        });
        Glyph::from_image(&img).unwrap()
    }

    #[test]
    fn marks_that_made_no_key_are_kept_once_saved_and_known_again_after_loading() {
        let dir = tempfile::tempdir().unwrap();
        let mut set = TemplateSet::new("app");
        set.learn(Digit::new(1).unwrap(), &square(6));
        set.learn_mark(&square(20));
        set.learn_mark(&square(20));
        assert!(set.is_dirty());
        set.save(dir.path()).unwrap();
        assert!(!set.is_dirty());
        let mut names: Vec<_> = std::fs::read_dir(dir.path().join("app"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        assert_eq!(names, ["1.png", "mark.png"]);
        let loaded =
            TemplateSet::load_sources(&TemplateSources::folder(dir.path().into())).unwrap();
        let app = loaded.iter().find(|s| s.name == "app").expect("the set");
        assert!(app.is_mark(&square(20)));
        assert!(!app.is_mark(&square(8)));
        assert_eq!(app.glyphs.len(), 1, "a mark is no digit");
    }
}
