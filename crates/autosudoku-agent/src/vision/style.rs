//! Given or entered: apps draw the puzzle's digits in one style and the player's in another
//! (another colour, or the same colour in a lighter weight). We group digits by ink colour, call
//! the most neutral, most contrasted group the givens (split by stroke weight when one colour
//! serves both) and the rest entries — except red: apps paint every digit of a clash red, the
//! given included. A red digit is a given only if it clashes, never with a given, and only if the
//! givens it completes still make a puzzle with one solution.

use super::cells::Sample;
use super::preprocess::{chroma, luma, Polarity};
use autosudoku_core::solve::fast::{count_solutions, Solutions};
use autosudoku_core::sudoku::{Board, Cell, Digit};
use image::Rgba;

/// Ink colours this close are one style.
const SAME_INK: i32 = 48;

/// More red digits than this are not worth a search over who is a given.
const MAX_MARKED: usize = 10;

/// The style a digit is drawn in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ink {
    Given,
    Entered,
    /// Red: a clash, given or entered.
    Marked,
}

/// The style of each sample.
pub fn inks(samples: &[&Sample], polarity: Polarity) -> Vec<Ink> {
    if samples.is_empty() {
        return Vec::new();
    }
    let mut groups: Vec<(Vec<usize>, [i32; 3])> = Vec::new();
    for (i, s) in samples.iter().enumerate() {
        let ink = s.ink.map(i32::from);
        let found = groups
            .iter_mut()
            .find(|(_, c)| (0..3).all(|k| (c[k] - ink[k]).abs() <= SAME_INK));
        match found {
            Some((members, c)) => {
                let n = members.len() as i32;
                for k in 0..3 {
                    c[k] = (c[k] * n + ink[k]) / (n + 1);
                }
                members.push(i);
            }
            None => groups.push((vec![i], ink)),
        }
    }
    let rgb = |c: [i32; 3]| c.map(|v| v.clamp(0, 255) as u8);
    let givenness = |c: [i32; 3]| {
        let c = rgb(c);
        let l = luma(Rgba([c[0], c[1], c[2], 255])) as f32;
        let contrast = match polarity {
            Polarity::DarkOnLight => 255.0 - l,
            Polarity::LightOnDark => l,
        };
        contrast - 0.6 * chroma(c) as f32
    };
    let red = |c: [i32; 3]| {
        let c = rgb(c).map(f32::from);
        c[0] >= 150.0 && c[1] <= 0.6 * c[0] && c[2] <= 0.6 * c[0]
    };
    let given_group = (0..groups.len())
        .filter(|&g| !red(groups[g].1))
        .max_by(|&a, &b| givenness(groups[a].1).total_cmp(&givenness(groups[b].1)));
    let mut out = vec![Ink::Entered; samples.len()];
    for (g, (members, colour)) in groups.iter().enumerate() {
        if red(*colour) {
            members.iter().for_each(|&i| out[i] = Ink::Marked);
        } else if Some(g) == given_group {
            split_by_weight(samples, members)
                .into_iter()
                .for_each(|i| out[i] = Ink::Given);
        }
    }
    out
}

/// The heavier part of a group when its stroke weights fall into two clearly apart clusters
/// (bold givens, regular entries), else the whole group.
fn split_by_weight(samples: &[&Sample], members: &[usize]) -> Vec<usize> {
    let mut w: Vec<(f32, usize)> = members.iter().map(|&i| (samples[i].weight, i)).collect();
    w.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (cut, ratio) = (1..w.len())
        .map(|k| (k, w[k].0 / w[k - 1].0.max(1e-3)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or((0, 1.0));
    if ratio >= 1.25 {
        w[cut..].iter().map(|&(_, i)| i).collect()
    } else {
        members.to_vec()
    }
}

/// Decides the red digits: `digits` are every read digit with its ink; returns, for each, whether
/// it is a given.
pub fn resolve(digits: &[(Cell, Digit, Ink)], samples: &[&Sample]) -> Vec<bool> {
    let mut given: Vec<bool> = digits.iter().map(|d| d.2 == Ink::Given).collect();
    let clashes = |i: usize| {
        let (cell, digit, _) = digits[i];
        digits
            .iter()
            .enumerate()
            .filter(move |&(j, o)| j != i && o.1 == digit && o.0.sees(cell))
            .map(|(j, _)| j)
    };
    // A red digit that clashes with nothing was marked for being wrong: the player's. One that
    // clashes with a given is the player's too, since givens never clash with each other.
    let open: Vec<usize> = (0..digits.len())
        .filter(|&i| digits[i].2 == Ink::Marked)
        .filter(|&i| clashes(i).next().is_some() && clashes(i).all(|j| digits[j].2 != Ink::Given))
        .collect();
    if open.is_empty() || open.len() > MAX_MARKED {
        return given;
    }
    let mut base = Board::empty();
    for (cell, digit, _) in digits.iter().filter(|d| d.2 == Ink::Given) {
        base.set(*cell, Some(*digit));
    }
    // Which of them, added to the givens, leaves a proper puzzle; ties go to the glyph style and
    // the cell's paper (apps tint the cell of a wrong entry, not of the given it clashes with).
    let mut best: Option<(u8, i32, u32)> = None;
    for mask in 0u32..(1 << open.len()) {
        let mut b = base.clone();
        for (k, &i) in open.iter().enumerate() {
            if mask & (1 << k) != 0 {
                b.set(digits[i].0, Some(digits[i].1));
            }
        }
        let score = match b.validate().map(|_| count_solutions(&b, 2)) {
            Ok(Solutions::One(_)) => 2,
            Ok(Solutions::Many { .. }) => 1,
            _ => 0,
        };
        let style: i32 = open
            .iter()
            .enumerate()
            .map(|(k, &i)| vote(i, digits, samples) * if mask & (1 << k) != 0 { 1 } else { -1 })
            .sum();
        if best.is_none_or(|(s, st, _)| (score, style) > (s, st)) {
            best = Some((score, style, mask));
        }
    }
    if let Some((_, _, mask)) = best {
        for (k, &i) in open.iter().enumerate() {
            given[i] = mask & (1 << k) != 0;
        }
    }
    given
}

/// How much a red digit looks like a given: its glyph (twice as telling) and its paper.
fn vote(i: usize, digits: &[(Cell, Digit, Ink)], samples: &[&Sample]) -> i32 {
    let [r, g, b] = samples[i].paper.map(i32::from);
    let tinted_red = r > g + 10 && r > b + 10;
    2 * looks_given(i, digits, samples) + if tinted_red { -1 } else { 1 }
}

/// +1 when a red glyph is closer to the givens' glyphs of its digit than to the entries', -1 for
/// the reverse, 0 when the app draws both alike.
fn looks_given(i: usize, digits: &[(Cell, Digit, Ink)], samples: &[&Sample]) -> i32 {
    let likeness = |ink: Ink| {
        digits
            .iter()
            .enumerate()
            .filter(|(_, d)| d.2 == ink && d.1 == digits[i].1)
            .map(|(j, _)| samples[i].glyph.similarity(&samples[j].glyph))
            .fold(None, |a: Option<f32>, s| Some(a.map_or(s, |a| a.max(s))))
    };
    match (likeness(Ink::Given), likeness(Ink::Entered)) {
        (Some(g), Some(e)) if g > e + 0.02 => 1,
        (Some(g), Some(e)) if e > g + 0.02 => -1,
        _ => 0,
    }
}
