//! Links the `autosudoku` binary for a fast start on Linux, which is what `solve` on a handful of
//! puzzles measures (issue 16):
//! - position-dependent (`-no-pie`): a position-independent executable makes the loader rewrite
//!   ~14,000 pointers (panic locations, vtables, string tables) at every start, a copy-on-write
//!   fault for each of ~100 pages, about 0.6 ms. The price is that the binary's own code loads at
//!   a fixed address (shared libraries and the stack keep ASLR);
//! - with libgcc's unwinder linked in (`libgcc_eh.a`) instead of `libgcc_s.so.1`: loading that
//!   library cost every start its mapping, its symbol lookups and its constructor, which asks the
//!   CPU for its features with `cpuid`, an instruction a virtual machine traps (~35 µs, a thirtieth
//!   of the whole start). Rust's std names `-lgcc_s` itself, so a linker script of that name in
//!   this build's own folder, searched first, points it at the static archive. Panics unwind and
//!   print backtraces as before; a C++ library opened later (libtesseract) brings its own
//!   `libgcc_s` for its exceptions;
//! - with the ~100 functions `solve`'s start runs (`build/start-path.txt`, written by
//!   `scripts/order-start`) gathered at the front of the code: scattered over 13 MB, they cost a
//!   page fault for each 64 KB window they sat in (19 windows); gathered, famous's start took 75
//!   page faults instead of 90. The linker script below only adds an output section before
//!   `.text` (`INSERT`), so the rest of the default layout stays; a name no longer in the code
//!   matches nothing.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let target = |key: &str, value: &str| std::env::var(key).is_ok_and(|v| v == value);
    if !target("CARGO_CFG_TARGET_OS", "linux") {
        return;
    }
    println!("cargo:rustc-link-arg-bins=-no-pie");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    // mold reads no SECTIONS; the order is only a speed-up, so its linker simply goes without.
    let mold = std::env::var("CARGO_ENCODED_RUSTFLAGS").is_ok_and(|f| f.contains("fuse-ld=mold"));
    if let Some(script) = start_path_script().filter(|_| !mold) {
        let path = out.join("start-path.ld");
        std::fs::write(&path, script).expect("cannot write start-path.ld into OUT_DIR");
        // `-T` and its path as two words: a path with a comma would split inside `-Wl,`.
        println!("cargo:rustc-link-arg-bins=-T");
        println!("cargo:rustc-link-arg-bins={}", path.display());
    }
    if target("CARGO_CFG_TARGET_ENV", "gnu") {
        std::fs::write(out.join("libgcc_s.so"), "INPUT ( -lgcc_eh )\n")
            .expect("cannot write the libgcc_s linker script into OUT_DIR");
        println!("cargo:rustc-link-search=native={}", out.display());
    }
}

/// A linker script that puts the functions named in `build/start-path.txt` (one mangled name a
/// line, `*` where the hash goes) into one output section just before `.text`; none, with a
/// warning, when the list is missing.
fn start_path_script() -> Option<String> {
    const LIST: &str = "build/start-path.txt";
    println!("cargo:rerun-if-changed={LIST}");
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let names = match std::fs::read_to_string(root.join(LIST)) {
        Ok(names) => names,
        Err(e) => {
            println!("cargo:warning=cannot read {LIST} ({e}): the code keeps the linker's order");
            return None;
        }
    };
    let mut script = String::from("SECTIONS {\n  .text.start_path : {\n");
    for name in names
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        script += &format!("    *(.text.{name})\n");
    }
    Some(script + "  }\n} INSERT BEFORE .text;\n")
}
