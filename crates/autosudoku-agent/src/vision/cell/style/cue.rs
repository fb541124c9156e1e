//! Givens told by a shape behind them: some apps set each given on a disc or a rounded tile only a
//! shade off the cell's paper, and the player's digits straight on the paper. A digit is cued when
//! the colour right around it (its `backdrop`) is not its cell's paper at the box's edge (its
//! `ring`). The cued
//! digits are the givens when they are enough for a puzzle, alone make one with one solution, and
//! that solution agrees with every digit read. A highlight may paint over the cue: an uncued digit
//! on a paper where no cued digit stands (the selected cell's) could be either, and is named.

use super::{one_solution, FEWEST_GIVENS};
use crate::vision::cell::ink::Sample;
use crate::vision::pixels::colour::distance;
use autosudoku_core::sudoku::{Cell, Digit};
use image::Rgba;

/// A backdrop this far from the paper is a shape of its own (a flat area's median moves a level or
/// two under JPEG; a dark theme's faintest discs lie seven off).
const CUE: u8 = 5;

/// A same-number highlight drawn as discs marks one digit's cells, nine at most: more cued digits
/// than that are a cue of the app's.
const ONE_DIGIT: usize = 9;

/// What a cue shows.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum CueSplit {
    /// The digits on the cue (indices into the digits) are the givens, the others entries.
    Givens(Vec<usize>),
    /// Digits where a highlight may hide the cue: each may be either.
    Hidden(Vec<Cell>),
}

/// The split the cue shows among `given` (indices into `digits`, the digits of the givens' ink),
/// if it shows one: the cued digits, when they make a proper puzzle; else the cells a highlight
/// may hide the cue in, when there are some (whatever split the board suggests, a cue is there).
pub(super) fn by_cue(
    digits: &[(Cell, Digit)],
    given: &[usize],
    samples: &[&Sample],
) -> Option<CueSplit> {
    let off_by = |i: usize| off_ring(samples[i].backdrop, samples[i].ring);
    let (on, off): (Vec<usize>, Vec<usize>) = given.iter().partition(|&&i| off_by(i) >= CUE);
    tracing::debug!(
        cued = on.len(),
        plain = off.len(),
        "digits on a shape of their own"
    );
    // A cue stands apart: a tile's gradient spreads its digits' backdrops across the threshold.
    let most_off = off.iter().map(|&i| off_by(i)).max().unwrap_or(0);
    let least_on = on.iter().map(|&i| off_by(i)).min().unwrap_or(0);
    let apart = most_off.saturating_mul(2) < least_on;
    if on.len() <= ONE_DIGIT || off.is_empty() || !apart {
        return None;
    }
    let shows_cue = |i: usize| {
        on.iter()
            .any(|&j| off_ring(samples[i].ring, samples[j].ring) < CUE)
    };
    let mut hidden: Vec<Cell> = off
        .iter()
        .filter(|&&i| !shows_cue(i))
        .map(|&i| digits[i].0)
        .collect();
    hidden.sort_unstable();
    let placed: Vec<(Cell, Digit)> = on.iter().map(|&i| digits[i]).collect();
    if on.len() >= FEWEST_GIVENS && one_solution(&placed, digits) && hidden.is_empty() {
        return Some(CueSplit::Givens(on));
    }
    (!hidden.is_empty()).then_some(CueSplit::Hidden(hidden))
}

fn off_ring(a: [u8; 3], b: [u8; 3]) -> u8 {
    let rgba = |c: [u8; 3]| Rgba([c[0], c[1], c[2], 255]);
    distance(rgba(a), rgba(b))
}

#[cfg(test)]
#[path = "cue_tests.rs"]
mod tests;
