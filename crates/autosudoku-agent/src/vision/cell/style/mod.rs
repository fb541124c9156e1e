//! Given or entered: apps draw the puzzle's digits in one style and the player's in another
//! (another colour, or the same colour in a lighter weight). We group digits by ink colour (a
//! digit a highlight recoloured rejoins its style, `recolour`), call the most neutral group, the
//! most contrasted with its own cells' paper, the givens (split by stroke weight when one colour
//! serves both) and the rest entries. The board's own population decides: a style of fewer digits
//! than a puzzle's givens is not the givens' when another style has enough. Red is apart: apps
//! paint every digit of a clash red, the given included (not a second red of many digits). A red digit
//! is a given only if it clashes, never with a given, and only if the givens it completes still
//! make a puzzle with one solution.

mod cue;
mod paper;
mod recolour;
mod selection;
mod weight;

use crate::vision::cell::ink::Sample;
use crate::vision::pixels::colour::chroma;
use crate::vision::pixels::luma::luma;
use autosudoku_core::solve::fast::{count_solutions, Solutions};
use autosudoku_core::sudoku::{Board, Cell, Digit};
use image::Rgba;
pub use paper::{by_paper, PaperSplit};
use recolour::{highlighted_digit, merge_overlays};
use weight::{split_by_weight, Weighed};

/// Ink colours this close link into one style (a chain of links spans a JPEG's spread of one
/// ink; react-native-sudoku's two greys lie 50 apart).
const SAME_INK: i32 = 32;

/// Papers this close are one paper (the noise floor of `cell::extract`).
const SAME_PAPER: u8 = 16;

/// Glyph likenesses closer than this tell nothing (JPEG, a highlight's blend).
const GLYPH_MARGIN: f32 = 0.02;

/// More red digits than this are not worth a search over who is a given.
const MAX_MARKED: usize = 10;

/// A 9x9 Sudoku with one solution shows at least this many givens.
const FEWEST_GIVENS: usize = 17;

/// Even a tutorial figure shows about ten givens: a style of fewer digits is the player's, or
/// the selected cell's, when another style has this many.
const FEW_GIVENS: usize = 8;

/// The style a digit is drawn in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ink {
    Given,
    Entered,
    /// Red: a clash, given or entered.
    Marked,
}

/// Groups of samples drawn in one ink, each with its mean ink colour.
pub(super) struct Style {
    pub members: Vec<usize>,
    pub ink: [i32; 3],
}

/// How each digit is drawn, and whether the givens' ink left its givens unknown.
pub struct Styles {
    pub inks: Vec<Ink>,
    /// The givens' ink shows one digit at two stroke weights, and no cut by weight leaves a
    /// puzzle: its digits are all called givens, but that is not known.
    pub weights_unclear: bool,
}

/// The style of each sample; `digits` are their readings (a same-number highlight recolours
/// every cell of one digit, whatever its status) and `cells` where they stand.
pub fn inks(samples: &[&Sample], digits: &[Option<Digit>], cells: &[Cell]) -> Styles {
    let mut weights_unclear = false;
    if samples.is_empty() {
        return Styles {
            inks: Vec::new(),
            weights_unclear,
        };
    }
    let groups = merge_overlays(samples, by_ink(samples));
    let clash = clash_reds(&groups);
    let red = |g: usize| clash[g];
    let lit: Vec<bool> = (0..groups.len())
        .map(|g| !red(g) && highlighted_digit(samples, digits, &groups[g]))
        .collect();
    let plain: Vec<usize> = (0..groups.len()).filter(|&g| !red(g) && !lit[g]).collect();
    // A puzzle needs at least 17 givens: a style drawn on fewer cells cannot hold them when
    // another style can (a few light entries beside many grey givens).
    let at_least = |n: usize| -> Vec<usize> {
        plain
            .iter()
            .copied()
            .filter(|&g| groups[g].members.len() >= n)
            .collect()
    };
    let pool = [at_least(FEWEST_GIVENS), at_least(FEW_GIVENS)]
        .into_iter()
        .find(|p| !p.is_empty())
        .unwrap_or_else(|| plain.clone());
    let given_group = pool
        .iter()
        .copied()
        .max_by(|&a, &b| givenness(samples, &groups[a]).total_cmp(&givenness(samples, &groups[b])));
    let mut out = vec![Ink::Entered; samples.len()];
    for (g, style) in groups.iter().enumerate() {
        let members = &style.members;
        if red(g) {
            members.iter().for_each(|&i| out[i] = Ink::Marked);
        } else if Some(g) == given_group {
            let placed = |g: &[usize]| -> Vec<(Cell, Digit)> {
                g.iter()
                    .filter_map(|&i| Some((cells[i], digits[i]?)))
                    .collect()
            };
            let whole: Vec<(Cell, Digit)> = cells
                .iter()
                .zip(digits)
                .filter_map(|(&c, &d)| Some((c, d?)))
                .collect();
            let givens = match split_by_weight(samples, digits, members, |g| {
                one_solution(&placed(g), &whole)
            }) {
                Weighed::Givens(g) => g,
                Weighed::Unclear => {
                    weights_unclear = true;
                    members.clone()
                }
            };
            givens.into_iter().for_each(|i| out[i] = Ink::Given);
        } else if lit[g] {
            // Its ink is the highlight's: it takes the status of the style it contrasts like.
            let like = plain.iter().copied().min_by(|&a, &b| {
                let off =
                    |o: usize| (contrast(samples, &groups[o]) - contrast(samples, style)).abs();
                off(a).total_cmp(&off(b))
            });
            if like.is_none() || like == given_group {
                members.iter().for_each(|&i| out[i] = Ink::Given);
            }
        }
    }
    Styles {
        inks: out,
        weights_unclear,
    }
}

/// Whether each style is the red apps paint a clash in. Of two reds, one drawn on more digits than
/// a clash marks is a style of its own (an app's dark red entries beside the bright red of a
/// clash), unless it is the brighter; a few digits in a second red are the clash's still (a
/// clashing given drawn apart from the clashing entry).
fn clash_reds(groups: &[Style]) -> Vec<bool> {
    let reddish = |g: &Style| {
        let c = g.ink.map(|v| v as f32);
        c[0] >= 150.0 && c[1] <= 0.6 * c[0] && c[2] <= 0.6 * c[0]
    };
    let redness = |g: &Style| g.ink[0] - g.ink[1].max(g.ink[2]);
    let brightest = (0..groups.len())
        .filter(|&g| reddish(&groups[g]))
        .max_by_key(|&g| redness(&groups[g]));
    (0..groups.len())
        .map(|g| {
            reddish(&groups[g]) && (Some(g) == brightest || groups[g].members.len() <= MAX_MARKED)
        })
        .collect()
}

/// Samples grouped by their ink colour: chains of inks each this close to the next (whatever
/// order the cells come in: a greedy grouping around a drifting mean split one slate ink of a
/// JPEG in two), each group with its mean ink.
fn by_ink(samples: &[&Sample]) -> Vec<Style> {
    let n = samples.len();
    let mut group: Vec<usize> = (0..n).collect();
    for i in 0..n {
        for j in 0..i {
            let (a, b) = (samples[i].ink, samples[j].ink);
            if (0..3).all(|k| a[k].abs_diff(b[k]) as i32 <= SAME_INK) && group[i] != group[j] {
                let (from, to) = (group[i], group[j]);
                group
                    .iter_mut()
                    .filter(|g| **g == from)
                    .for_each(|g| *g = to);
            }
        }
    }
    let mut ids = group.clone();
    ids.sort_unstable();
    ids.dedup();
    ids.into_iter()
        .map(|id| {
            let members: Vec<usize> = (0..n).filter(|&i| group[i] == id).collect();
            let sum = members.iter().fold([0i32; 3], |acc, &i| {
                std::array::from_fn(|k| acc[k] + i32::from(samples[i].ink[k]))
            });
            let ink = sum.map(|v| v / members.len() as i32);
            Style { members, ink }
        })
        .collect()
}

/// The mean contrast of a style's digits with their own cells' paper: a dark theme's white
/// givens and a light theme's black ones alike, wherever the screen around the board is dark.
fn contrast(samples: &[&Sample], g: &Style) -> f32 {
    let rgba = |c: [u8; 3]| Rgba([c[0], c[1], c[2], 255]);
    g.members
        .iter()
        .map(|&i| (luma(rgba(samples[i].ink)) as f32 - luma(rgba(samples[i].paper)) as f32).abs())
        .sum::<f32>()
        / g.members.len().max(1) as f32
}

/// How much a style looks like the puzzle's own digits: neutral, and contrasted with its paper
/// (apps draw the player's digits in a colour, or in a paler grey).
fn givenness(samples: &[&Sample], g: &Style) -> f32 {
    contrast(samples, g) - chroma(g.ink.map(|v| v.clamp(0, 255) as u8)) as f32
}

/// For a board of any side, which samples are in the givens' ink (the most given-like of two or
/// more inks, red clashes apart); `None` when one ink draws every digit.
pub fn given_ink(samples: &[&Sample]) -> Option<Vec<bool>> {
    let groups = by_ink(samples);
    let clash = clash_reds(&groups);
    let plain: Vec<usize> = (0..groups.len()).filter(|&g| !clash[g]).collect();
    if groups.len() < 2 || plain.is_empty() {
        return None;
    }
    let given = plain.into_iter().max_by(|&a, &b| {
        givenness(samples, &groups[a]).total_cmp(&givenness(samples, &groups[b]))
    })?;
    let mut out = vec![false; samples.len()];
    groups[given].members.iter().for_each(|&i| out[i] = true);
    Some(out)
}

/// Whether `givens` make a puzzle with one solution, agreeing with every digit of `whole` (the
/// board as read).
pub(super) fn one_solution(givens: &[(Cell, Digit)], whole: &[(Cell, Digit)]) -> bool {
    let mut b = Board::empty();
    for &(cell, digit) in givens {
        b.set(cell, Some(digit));
    }
    givens.len() >= FEWEST_GIVENS
        && b.validate().is_ok()
        && matches!(count_solutions(&b, 2), Solutions::One(s)
            if whole.iter().all(|&(c, d)| s.get(c) == Some(d)))
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
/// the reverse, 0 when the app draws both alike: a given's glyph as like an entry's as the red
/// one is to the nearer, so which it is nearer is noise.
fn looks_given(i: usize, digits: &[(Cell, Digit, Ink)], samples: &[&Sample]) -> i32 {
    let of = |ink: Ink| -> Vec<usize> {
        (0..digits.len())
            .filter(|&j| digits[j].2 == ink && digits[j].1 == digits[i].1)
            .collect()
    };
    let (givens, entries) = (of(Ink::Given), of(Ink::Entered));
    let best = |a: &[usize], b: &[usize]| -> Option<f32> {
        a.iter()
            .flat_map(|&x| b.iter().map(move |&y| (x, y)))
            .map(|(x, y)| samples[x].glyph.similarity(&samples[y].glyph))
            .fold(None, |m: Option<f32>, s| Some(m.map_or(s, |m| m.max(s))))
    };
    let (Some(g), Some(e)) = (best(&[i], &givens), best(&[i], &entries)) else {
        return 0;
    };
    let alike = best(&givens, &entries).is_some_and(|across| across + GLYPH_MARGIN >= g.max(e));
    match () {
        _ if alike => 0,
        _ if g > e + GLYPH_MARGIN => 1,
        _ if e > g + GLYPH_MARGIN => -1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests;
