//! A digit a new font draws so that Tesseract reads it only loosely (a plain bar for a 1, a mono 9)
//! is read loose in every cell that holds it: the board repeats one doubted shape. The board's rows
//! and columns vouch for it: copies of one glyph are one digit, so the shape can be no digit that a
//! certain read already holds in the row or the column of one of its copies. When every digit the
//! shape's holes allow is ruled out that way but the one Tesseract read, the shape is that digit.
//! Rows and columns are units of every 9x9 variant, so no layout needs to be known; a digit the
//! board holds nowhere certain (another doubted shape) cannot be ruled out, and keeps the doubt.

use super::classify::{Verdict, CERTAIN, SAME_GLYPH};
use super::ink::Sample;
use autosudoku_core::sudoku::{Cell, Digit};

/// Least copies of a loose glyph for the shape to be the font's rather than one cell's trouble (a
/// smudge, a cursor, a mark over it).
const REPEATED: usize = 2;

/// Raises to `CERTAIN` the loose verdicts on copies of one glyph (the samples at `cells`) that the
/// certain verdicts in their rows and columns leave one digit for, the digit read.
pub fn settle_by_lines(samples: &[&Sample], cells: &[Cell], verdicts: &mut [Verdict]) {
    let sure: Vec<(Cell, Digit)> = verdicts
        .iter()
        .zip(cells)
        .filter(|(v, _)| v.confidence >= CERTAIN)
        .filter_map(|(v, &c)| Some((c, v.digit?)))
        .collect();
    for copies in loose_copies(samples, verdicts) {
        let Some(read) = verdicts[copies[0]].digit else {
            continue;
        };
        let at: Vec<Cell> = copies.iter().map(|&k| cells[k]).collect();
        let allowed = |d: Digit| copies.iter().all(|&k| samples[k].holes.allows(d.get()));
        if copies.len() >= REPEATED
            && !sure.iter().any(|&(_, d)| d == read)
            && apart(&at)
            && Digit::all()
                .filter(|&d| d != read && allowed(d))
                .all(|d| ruled_out(d, &at, &sure))
        {
            tracing::debug!(
                digit = read.get(),
                copies = at.len(),
                "rows and columns leave one digit"
            );
            for &k in &copies {
                verdicts[k].confidence = CERTAIN;
            }
        }
    }
}

/// The loose verdicts, grouped into copies of one glyph read as one digit.
fn loose_copies(samples: &[&Sample], verdicts: &[Verdict]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (k, v) in verdicts.iter().enumerate() {
        if v.confidence >= CERTAIN || v.digit.is_none() {
            continue;
        }
        let same = |g: &&mut Vec<usize>| {
            verdicts[g[0]].digit == v.digit
                && samples[g[0]].glyph.similarity(&samples[k].glyph) >= SAME_GLYPH
        };
        match groups.iter_mut().find(same) {
            Some(g) => g.push(k),
            None => groups.push(vec![k]),
        }
    }
    groups
}

/// Whether no two of `cells` share a row or a column (copies of one digit never do).
fn apart(cells: &[Cell]) -> bool {
    cells.iter().enumerate().all(|(i, a)| {
        cells[i + 1..]
            .iter()
            .all(|b| a.row() != b.row() && a.col() != b.col())
    })
}

/// Whether a certain `digit` sits in the row or the column of one of `cells`.
fn ruled_out(digit: Digit, cells: &[Cell], sure: &[(Cell, Digit)]) -> bool {
    sure.iter().any(|&(s, d)| {
        d == digit
            && cells
                .iter()
                .any(|c| c.row() == s.row() || c.col() == s.col())
    })
}

#[cfg(test)]
#[path = "by_lines_tests.rs"]
mod tests;
