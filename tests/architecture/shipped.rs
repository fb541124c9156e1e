//! Where the data shipped with the program comes from, as `shipped/SOURCES.toml` declares it: the
//! profiles and template sets under `crates/autosudoku-agent/shipped/` each with their source, and
//! for those taken from the virtual phone, the tests that read with them. Read here and judged in
//! `tests/architecture.rs`.

use serde::Deserialize;
use std::path::{Path, PathBuf};

/// One profile file or template set folder under `shipped/`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Item {
    /// Relative to `shipped/`: `profiles/classic.toml`, `templates/classic`.
    pub path: String,
    pub source: Source,
    /// Why it is shipped.
    pub why: String,
    /// The tests that read with it (required for the virtual phone's).
    #[serde(default)]
    pub tests: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// Captured from, or written for, `autosudoku phone --skin NAME`.
    VirtualPhone,
    /// Taken from an app on a real phone.
    RealApp,
}

#[derive(Deserialize)]
struct Manifest {
    item: Vec<Item>,
}

/// The agent crate's `shipped/` folder.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/autosudoku-agent/shipped")
}

/// The items `shipped/SOURCES.toml` declares; panics if it cannot be read or parsed.
pub fn declared(root: &Path) -> Vec<Item> {
    let path = root.join("SOURCES.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let manifest: Manifest =
        toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    manifest.item
}

/// What the program embeds (as `build.rs` lists it): every `profiles/*.toml` and every folder
/// under `templates/`, relative to `root`, sorted.
pub fn present(root: &Path) -> Vec<String> {
    let list = |dir: &str| -> Vec<std::fs::DirEntry> {
        let dir = root.join(dir);
        std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap_or_else(|e| panic!("{}: {e}", dir.display())))
            .collect()
    };
    let mut found: Vec<String> = list("profiles")
        .into_iter()
        .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
        .map(|e| format!("profiles/{}", e.file_name().to_string_lossy()))
        .chain(
            list("templates")
                .into_iter()
                .filter(|e| e.path().is_dir())
                .map(|e| format!("templates/{}", e.file_name().to_string_lossy())),
        )
        .collect();
    found.sort();
    found
}

/// Whether a test called `name` is defined in `files`: a `fn name(` or a `cases!` row `name: (`.
pub fn test_exists(name: &str, files: &[PathBuf]) -> bool {
    let (function, row) = (format!("fn {name}("), format!("{name}: ("));
    files.iter().any(|f| {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        text.contains(&function) || text.contains(&row)
    })
}

/// The lines of `text` (from 1) where a file under `shipped/` is embedded directly (`include_bytes!`
/// or `include_str!`, the path possibly on a later line of the call). Shipped data reaches the
/// program only through `build.rs`'s table, which the manifest covers.
pub fn embedded_directly(text: &str) -> Vec<usize> {
    let mut found = Vec::new();
    for mac in ["include_bytes!(", "include_str!("] {
        for (at, _) in text.match_indices(mac) {
            let call = &text[at..];
            if call[..call.find(')').unwrap_or(call.len())].contains("shipped/") {
                found.push(text[..at].matches('\n').count() + 1);
            }
        }
    }
    found.sort();
    found
}
