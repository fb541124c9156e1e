//! The machine's own fonts, for generated skins: every TrueType or OpenType file under
//! `/usr/share/fonts`, listed once in path order (so a seed names the same file on the same
//! machine) and loaded only when a skin draws with it. A file that cannot be parsed or has no
//! outline for the digits 1–9 and the Latin letters is not offered: an app's font draws its digits
//! and its words alike (a script's font that has digits but no Latin letters draws the title as boxes),
//! nor is a symbol font that puts pictures at the digits' codes.

use ab_glyph::{Font, FontRef};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// Where Debian's font packages install their files.
const FONT_ROOT: &str = "/usr/share/fonts";

/// The font files found, in path order.
pub fn files() -> &'static [PathBuf] {
    static FILES: OnceLock<Vec<PathBuf>> = OnceLock::new();
    FILES.get_or_init(|| {
        let mut found = Vec::new();
        collect(Path::new(FONT_ROOT), &mut found);
        found.sort();
        found
    })
}

fn collect(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, found);
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("ttf") || e.eq_ignore_ascii_case("otf"))
        {
            found.push(path);
        }
    }
}

/// The font of file `index`, parsed on first use and kept for the life of the process (a
/// phone draws with it on every frame); `None` when it cannot be read or lacks digits.
pub fn font(index: u16) -> Option<&'static FontRef<'static>> {
    static LOADED: OnceLock<Mutex<HashMap<u16, Option<&'static FontRef<'static>>>>> =
        OnceLock::new();
    let loaded = LOADED.get_or_init(Default::default);
    let mut map = loaded.lock().unwrap_or_else(|e| e.into_inner());
    *map.entry(index).or_insert_with(|| load(index))
}

fn load(index: u16) -> Option<&'static FontRef<'static>> {
    let path = files().get(usize::from(index))?;
    let bytes = std::fs::read(path).ok()?;
    // Checked before anything is kept: a generated skin may try several files.
    if !draws_text(&FontRef::try_from_slice(&bytes).ok()?) {
        return None;
    }
    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    let font = FontRef::try_from_slice(bytes).ok()?;
    Some(Box::leak(Box::new(font)))
}

fn draws_text(font: &FontRef) -> bool {
    let height = |c: char| {
        let id = font.glyph_id(c);
        let outline = (id.0 != 0).then(|| font.outline(id)).flatten()?;
        Some((outline.bounds.max.y - outline.bounds.min.y).abs())
    };
    let Some(all) = ('1'..='9')
        .chain('a'..='z')
        .chain('A'..='Z')
        .map(height)
        .collect::<Option<Vec<f32>>>()
    else {
        return false;
    };
    let digits = &all[..9];
    let (low, high) = digits
        .iter()
        .fold((f32::MAX, 0.0f32), |(l, h), &d| (l.min(d), h.max(d)));
    // A symbol font (URW Dingbats) maps the ASCII codes to pictures of every size: text digits
    // share one height (old-style figures differ by about a third), and a lowercase x is shorter
    // than a capital X.
    let x = |c: char| height(c).unwrap_or(0.0);
    low > 0.0 && high <= 1.5 * low && x('x') < x('X')
}

/// A file's name without its extension ("Roboto-Bold"), as the style labels name it.
pub fn name(index: u16) -> String {
    files()
        .get(usize::from(index))
        .and_then(|p| p.file_stem())
        .map_or_else(|| "missing".into(), |s| s.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(path: &str) -> Option<bool> {
        let bytes = std::fs::read(path).ok()?;
        Some(draws_text(&FontRef::try_from_slice(&bytes).ok()?))
    }

    #[test]
    fn a_text_font_draws_text_and_a_symbol_font_does_not() {
        let text = FontRef::try_from_slice(dejavu::sans::regular()).expect("DejaVu parses");
        assert!(draws_text(&text));
        // URW's Dingbats, installed with Ghostscript's fonts (scripts/setup): pictures at the
        // digits' codes. Skipped on a machine without it, where no skin can pick it either.
        if let Some(drawn) = parsed("/usr/share/fonts/opentype/urw-base35/D050000L.otf") {
            assert!(!drawn);
        }
    }
}
