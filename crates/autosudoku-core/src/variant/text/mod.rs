//! The text form of a variant puzzle (docs/variants.md): a `size` line, then directives for boxes
//! or jigsaw regions, diagonals, windows, killer cages and givens; maps are one line of N×N
//! characters (as `../shared/screens-variants/manifest.tsv` writes them) or N rows of N.
//! `parse` reads it, naming the line and column of a mistake; `print` writes it back, so that
//! `parse(print(p)) == p`.

mod build;
mod lines;
mod parse;
mod print;

pub use parse::parse;
pub use print::print;

use thiserror::Error;

/// A mistake in a puzzle's text: where (1-based), and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {col}: {message}")]
pub struct ParseError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

/// Whether `text` looks like the variant form rather than a classic board: its first line that is
/// neither blank nor a comment starts with `size`.
pub fn is_variant_text(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.split_whitespace().next() == Some("size"))
}

#[cfg(test)]
mod tests;

impl std::str::FromStr for super::Puzzle {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Self, ParseError> {
        parse(text)
    }
}

impl std::fmt::Display for super::Puzzle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&print(self))
    }
}
