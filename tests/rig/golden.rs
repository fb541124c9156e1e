//! The one rule for every golden file of the tests: with `REGENERATE=1` a test binary rewrites
//! its golden files once, before any of its tests reads them; with any other value or none the
//! tests compare against what is checked in.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Mutex;

/// `REGENERATE=1` is set.
pub fn regenerating() -> bool {
    std::env::var_os("REGENERATE").is_some_and(|v| v == "1")
}

/// Makes the golden set `name` current before a test reads it: with `REGENERATE=1`, the first
/// test to arrive runs `write` and every other test of the binary waits for it (tests run in
/// parallel and read the same files); otherwise nothing happens.
pub fn ready(name: &'static str, write: fn()) {
    static WRITTEN: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    if !regenerating() {
        return;
    }
    let mut written = WRITTEN.lock().unwrap_or_else(|e| e.into_inner());
    if written.insert(name) {
        write();
    }
}

/// The bytes of the golden file `path`, or a panic that names it and how to make it.
pub fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| {
        panic!(
            "golden file {}: {e}; run REGENERATE=1 cargo test --test {} to create it",
            path.display(),
            env!("CARGO_CRATE_NAME")
        )
    })
}

/// What to tell a test's reader when its output differs from a golden file on purpose.
pub fn hint() -> String {
    format!(
        "if the change is intended, run REGENERATE=1 cargo test --test {}",
        env!("CARGO_CRATE_NAME")
    )
}
