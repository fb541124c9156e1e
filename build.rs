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
//!   `libgcc_s` for its exceptions.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let target = |key: &str, value: &str| std::env::var(key).is_ok_and(|v| v == value);
    if !target("CARGO_CFG_TARGET_OS", "linux") {
        return;
    }
    println!("cargo:rustc-link-arg-bins=-no-pie");
    if target("CARGO_CFG_TARGET_ENV", "gnu") {
        let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
        std::fs::write(out.join("libgcc_s.so"), "INPUT ( -lgcc_eh )\n")
            .expect("cannot write the libgcc_s linker script into OUT_DIR");
        println!("cargo:rustc-link-search=native={}", out.display());
    }
}
