//! The other side of `scripts/bench-solve`'s whole-process comparison: the crates.io `sudoku` crate
//! (a dev-dependency only: it is AGPL, never part of the product) solving a file of one puzzle a
//! line the way `autosudoku solve --file FILE --count-solutions` does: read the file, prove each
//! solution unique (`Sudoku::solution` searches for a second one), write one line per puzzle.
//!
//! `cargo run --release --example sudoku_crate -- FILE > solutions.txt`

use std::io::{self, BufWriter, Write};

fn main() -> io::Result<()> {
    let path = std::env::args_os()
        .nth(1)
        .expect("usage: sudoku_crate FILE (one 81-cell puzzle a line)");
    let text = std::fs::read_to_string(path)?;
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    for line in text.lines() {
        match sudoku::Sudoku::from_str_line(line).map(sudoku::Sudoku::solution) {
            Ok(Some(solution)) => writeln!(out, "{}", solution.to_str_line())?,
            Ok(None) => writeln!(out, "error: no single solution")?,
            Err(e) => writeln!(out, "error: {e}")?,
        }
    }
    out.flush()
}
