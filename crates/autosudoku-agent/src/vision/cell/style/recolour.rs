//! Digits whose ink a highlight changed, told back to the style they were drawn in. Three ways apps
//! recolour a digit: a translucent tint laid over the whole cell, digit included (a highlighted
//! row, column or box), which moves ink and paper toward the tint colour by the same share; a
//! colour filter that multiplies ink and paper alike by the tint, channel by channel (a dark green
//! row, column and box over grey digits in one real app); and a same-number highlight, which
//! redraws every cell of one digit in the highlight's own colours (dark ink on a bright disc),
//! given or entered alike.

use super::{Style, SAME_PAPER};
use crate::vision::cell::ink::Sample;
use crate::vision::pixels::colour::{chroma, distance};
use autosudoku_core::sudoku::Digit;
use image::Rgba;

/// A tint covers at most this share of what is under it (highlights keep the digits readable;
/// where a row's and a box's tints cross, about 0.45 in one real app).
const MOST_TINT: f32 = 0.5;

/// A style is taken for a tinted other only with this many digits, all tinted: one or two
/// entries in a pale ink on selected cells look the same.
const FEWEST_TINTED: usize = 3;

/// The tint's share must agree this well across colour channels.
const TINT_SPREAD: f32 = 0.08;

/// An ink this grey (channel spread) is a neutral one.
const NEUTRAL: u8 = 40;

fn rgba(c: [u8; 3]) -> Rgba<u8> {
    Rgba([c[0], c[1], c[2], 255])
}

/// The paper most of `members` share.
fn typical_paper(samples: &[&Sample], members: &[usize]) -> [u8; 3] {
    let shared = |i: usize| {
        members
            .iter()
            .filter(|&&j| distance(rgba(samples[i].paper), rgba(samples[j].paper)) < SAME_PAPER)
            .count()
    };
    members
        .iter()
        .copied()
        .max_by_key(|&i| shared(i))
        .map_or([0; 3], |i| samples[i].paper)
}

/// Whether `s` is a digit of ink `ink` on paper `paper` seen through a translucent tint: ink and
/// paper then both move toward one colour by one share `a`, so the ink's difference from its paper
/// is the original difference scaled by `1 - a`, channel by channel, and the tint is a colour.
fn tinted(s: &Sample, ink: [i32; 3], paper: [u8; 3]) -> bool {
    if distance(rgba(s.paper), rgba(paper)) < SAME_PAPER {
        return false;
    }
    let was: [f32; 3] = std::array::from_fn(|k| paper[k] as f32 - ink[k] as f32);
    let now: [f32; 3] = std::array::from_fn(|k| s.paper[k] as f32 - s.ink[k] as f32);
    let strong: Vec<usize> = (0..3).filter(|&k| was[k].abs() >= 64.0).collect();
    if strong.is_empty() {
        return false;
    }
    let shares: Vec<f32> = strong.iter().map(|&k| now[k] / was[k]).collect();
    let (lo, hi) = shares
        .iter()
        .fold((f32::MAX, f32::MIN), |(lo, hi), &r| (lo.min(r), hi.max(r)));
    let keep = shares.iter().sum::<f32>() / shares.len() as f32;
    let a = 1.0 - keep;
    if hi - lo > TINT_SPREAD || !(0.03..=MOST_TINT).contains(&a) {
        return false;
    }
    (0..3).all(|k| {
        let scaled = (now[k] - keep * was[k]).abs() <= 24.0;
        let tint = (s.paper[k] as f32 - keep * paper[k] as f32) / a;
        scaled && (-24.0..=279.0).contains(&tint)
    })
}

/// Whether `s` is a digit of ink `ink` on paper `paper` seen through a multiplying filter: each
/// channel of ink and paper scaled by the one factor the paper shows. An ink near black stays
/// black under any filter, so only channels where the ink has level enough for the factor to show,
/// and one of them dimmed clearly, may tell it (black entries on a green cell are not black givens
/// filtered).
fn multiplied(s: &Sample, ink: [i32; 3], paper: [u8; 3]) -> bool {
    if distance(rgba(s.paper), rgba(paper)) < SAME_PAPER {
        return false;
    }
    let factor: [f32; 3] = std::array::from_fn(|k| s.paper[k] as f32 / paper[k].max(1) as f32);
    let fits = (0..3).all(|k| {
        let dims = factor[k] <= 1.05 && paper[k] >= 64;
        dims && (s.ink[k] as f32 - ink[k] as f32 * factor[k]).abs() <= 12.0
    });
    let telling = (0..3).any(|k| ink[k] >= 48 && factor[k] <= 0.85);
    fits && telling
}

/// Folds every style whose digits are all a bigger style seen through a tint into that style.
pub(super) fn merge_overlays(samples: &[&Sample], mut groups: Vec<Style>) -> Vec<Style> {
    groups.sort_by_key(|g| std::cmp::Reverse(g.members.len()));
    let mut k = groups.len();
    while k > 1 {
        k -= 1;
        let into = (0..k).find(|&a| {
            if groups[k].members.len() < FEWEST_TINTED {
                return false;
            }
            let paper = typical_paper(samples, &groups[a].members);
            let ink = groups[a].ink;
            groups[k]
                .members
                .iter()
                .all(|&i| tinted(samples[i], ink, paper) || multiplied(samples[i], ink, paper))
        });
        if let Some(a) = into {
            let moved = groups.remove(k);
            groups[a].members.extend(moved.members);
        }
    }
    groups
}

/// Whether a style is a same-number highlight: every cell of one digit (two at least), on a paper
/// of their own that the board's other digits do not sit on, in a neutral ink.
pub(super) fn highlighted_digit(samples: &[&Sample], digits: &[Option<Digit>], g: &Style) -> bool {
    let Some(&first) = g.members.first() else {
        return false;
    };
    let Some(digit) = digits[first] else {
        return false;
    };
    let all_of_it = (0..samples.len())
        .filter(|&i| digits[i] == Some(digit))
        .all(|i| g.members.contains(&i));
    let ink = g.ink.map(|v| v.clamp(0, 255) as u8);
    let board: Vec<usize> = (0..samples.len()).collect();
    let common = rgba(typical_paper(samples, &board));
    let own = rgba(samples[first].paper);
    g.members.len() >= 2
        && all_of_it
        && g.members.iter().all(|&i| digits[i] == Some(digit))
        && chroma(ink) <= NEUTRAL
        && g.members.iter().all(|&i| {
            let paper = rgba(samples[i].paper);
            distance(paper, own) < SAME_PAPER && distance(paper, common) >= SAME_PAPER
        })
}
