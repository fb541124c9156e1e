//! Links the `autosudoku` binary position-dependent on Linux. A position-independent executable
//! makes the loader rewrite ~14,000 pointers (panic locations, vtables, string tables) at every
//! start, a copy-on-write fault for each of ~100 pages: about 0.6 ms, a third of the whole start,
//! which is what `solve` on a handful of puzzles measures (issue 16). The price is that the
//! binary's own code loads at a fixed address (shared libraries and the stack keep ASLR).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
