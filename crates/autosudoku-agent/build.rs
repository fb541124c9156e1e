//! Embeds the shipped data: every profile under `shipped/profiles/` and every glyph under
//! `shipped/templates/` becomes an `include_bytes!` in `$OUT_DIR/shipped.rs`, so the installed
//! binary needs no files beside it. `shipped/` holds symlinks to the workspace's `config/` and
//! `templates/`: `cargo package` copies what they point to into this crate's package, and
//! `include_bytes!` makes cargo rebuild when one of the files changes (the folders are watched for
//! added or removed files).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The entries of `dir` that `keep` accepts, sorted (so the generated file is reproducible).
fn entries(dir: &Path, keep: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| keep(p))
        .collect();
    found.sort();
    found
}

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    entries(dir, |p| {
        p.is_file() && p.extension().is_some_and(|x| x == ext)
    })
}

fn stem(p: &Path) -> String {
    p.file_stem().unwrap().to_string_lossy().into_owned()
}

/// One entry of a generated table: `(`, `first`, the file's stem and `include!(path)`.
fn row(out: &mut String, first: &str, p: &Path, include: &str) {
    let path = p.display().to_string();
    writeln!(out, "    ({first}{:?}, {include}!({path:?})),", stem(p)).unwrap();
}

fn main() {
    // Read at run time, not with env!(): a build script is not rebuilt when the checkout moves
    // (a copied target folder), and a compiled-in path would point at the old checkout.
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join("shipped");
    let profiles = root.join("profiles");
    let templates = root.join("templates");
    println!("cargo:rerun-if-changed={}", profiles.display());
    println!("cargo:rerun-if-changed={}", templates.display());
    let mut out = String::from(
        "/// Shipped profiles: (name, TOML text).\npub static PROFILES: &[(&str, &str)] = &[\n",
    );
    for p in files(&profiles, "toml") {
        row(&mut out, "", &p, "include_str");
    }
    out.push_str("];\n/// Shipped template sets: (set, file stem, PNG bytes).\npub static TEMPLATES: &[(&str, &str, &[u8])] = &[\n");
    for dir in entries(&templates, Path::is_dir) {
        let set = dir.file_name().unwrap().to_string_lossy().into_owned();
        for p in files(&dir, "png") {
            row(&mut out, &format!("{set:?}, "), &p, "include_bytes");
        }
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("shipped.rs");
    std::fs::write(dest, out).unwrap();
}
