//! Bold givens, regular entries: one ink split by stroke weight. First digit by digit
//! (`by_digit`: each digit's shape weighs differently, a regular 1 with serifs near a bold 7, but
//! the same digit drawn in two weights is far apart). Then over the whole group: one gap between
//! neighbouring weights much wider than the rest (a bold and a regular face far apart), or two
//! clusters each tight around its mean with the means well apart, even when the gap between them
//! is only a little wider than JPEG and scaling spread each cluster (a serif face's bold and
//! regular at half scale, 0.11-0.13 against 0.15-0.18).

mod by_digit;

use super::FEW_GIVENS;
use crate::vision::cell::ink::Sample;
use autosudoku_core::sudoku::Digit;
use by_digit::{by_digit, ByDigit};

/// Most ratio between the weights of one digit drawn in one weight (JPEG, scaling, a highlight).
const ONE_WEIGHT: f32 = 1.12;

/// Least ratio between the two weights of one digit: both sides are each within `ONE_WEIGHT`,
/// so a gap this much wider than either's spread parts two faces (a serif 4's bold and regular
/// lie 1.2 apart, where whole-board cuts need `GAP_RATIO`).
const DIGIT_GAP: f32 = 1.15;

/// Least digits drawn in both weights for a board to be read as two weights digit by digit.
const DIGITS_IN_BOTH: usize = 3;

/// Least ratio of the weights either side of the widest gap for that gap to split the group.
const GAP_RATIO: f32 = 1.25;

/// Least distance between the two clusters' means, in their pooled standard deviations, for them
/// to be two weights. On generated apps' one-weight boards the best cut scored up to 6.1, on
/// two-weight boards 6.9 and more (docs/notes/generated-apps.md, "Two weights").
const SEPARATION: f32 = 6.5;

/// Least ratio of the clusters' mean weights: a bold face strokes at least a third heavier.
const MEAN_RATIO: f32 = 1.3;

/// What stroke weight says of the digits of the givens' ink.
#[derive(Debug, PartialEq)]
pub(super) enum Weighed {
    /// These samples are the givens: the heavier part when the weights fall into two clearly
    /// apart sets, else the whole group.
    Givens(Vec<usize>),
    /// The same digit drawn at weights far apart (bold and regular), but no cut parts the digits
    /// into a puzzle beyond doubt: which are the givens is not known.
    Unclear,
}

/// Splits a group by stroke weight (bold givens, regular entries). Digit by digit first (a
/// digit's shape weighs the same in every cell): a split there that leaves a puzzle (`puzzle`:
/// one solution) stands. When the shapes show two faces but part them only with doubt, no split
/// is known (`Unclear`) as long as the logic cannot rule them out. Else by the whole group's
/// weights: the first cut that leaves a puzzle stands. The heavier part must be as many as a
/// tutorial figure's givens at least: one bold digit is a selected cell, not the puzzle. A thin
/// font's 1s, their ends much of their outline, measure light: when no cut leaves a puzzle and
/// the whole group is one, it stays whole.
pub(super) fn split_by_weight(
    samples: &[&Sample],
    digits: &[Option<Digit>],
    members: &[usize],
    puzzle: impl Fn(&[usize]) -> bool,
) -> Weighed {
    let mut w: Vec<(f32, usize)> = members.iter().map(|&i| (samples[i].weight, i)).collect();
    w.sort_by(|a, b| a.0.total_cmp(&b.0));
    let weights: Vec<f32> = w.iter().map(|p| p.0).collect();
    tracing::trace!(weights = ?w.iter().map(|&(x, i)| (digits[i], x)).collect::<Vec<_>>());
    let above = |cut: usize| w[cut..].iter().map(|&(_, i)| i).collect::<Vec<_>>();
    let mut parts: Vec<Vec<usize>> = [widest_gap(&weights), clusters(&weights)]
        .into_iter()
        .flatten()
        .map(above)
        .collect();
    match by_digit(&w, digits) {
        ByDigit::Parted { heavier, sure } if sure && puzzle(&heavier) => Weighed::Givens(heavier),
        ByDigit::Unseen => {
            if let Some(heavier) = parts.iter().find(|p| puzzle(p)) {
                Weighed::Givens(heavier.clone())
            } else if puzzle(members) {
                Weighed::Givens(members.to_vec())
            } else {
                first_or_all(parts, members)
            }
        }
        // Two faces seen shape by shape, but not parted into a puzzle beyond doubt: any split
        // that makes one is a guess.
        ByDigit::Parted { heavier, .. } => {
            parts.insert(0, heavier);
            guessed(parts, members, puzzle)
        }
        ByDigit::Doubt => guessed(parts, members, puzzle),
    }
}

/// Unclear when any of `parts`, or the whole group, makes a puzzle; else the first part.
fn guessed(
    parts: Vec<Vec<usize>>,
    members: &[usize],
    puzzle: impl Fn(&[usize]) -> bool,
) -> Weighed {
    if parts.iter().any(|p| puzzle(p)) || puzzle(members) {
        Weighed::Unclear
    } else {
        first_or_all(parts, members)
    }
}

/// The first of `parts`, or the whole group when there is none: a split that makes no puzzle,
/// for the logic to judge.
fn first_or_all(parts: Vec<Vec<usize>>, members: &[usize]) -> Weighed {
    Weighed::Givens(parts.into_iter().next().unwrap_or_else(|| members.to_vec()))
}

/// The cuts of sorted `w` that leave enough digits on the heavy side to be givens.
fn cuts(w: &[f32]) -> impl Iterator<Item = usize> + '_ {
    (1..w.len()).filter(|&k| w.len() - k >= FEW_GIVENS)
}

/// The cut at the widest gap of sorted weights `w`, when the weights either side of it are
/// `GAP_RATIO` apart.
fn widest_gap(w: &[f32]) -> Option<usize> {
    cuts(w)
        .map(|k| (k, w[k] / w[k - 1].max(1e-3)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .filter(|&(_, ratio)| ratio >= GAP_RATIO)
        .map(|(k, _)| k)
}

/// The cut of sorted weights `w` into two clusters that best parts them (most variance between
/// them), when they are two weights: means `SEPARATION` pooled deviations and `MEAN_RATIO` apart.
fn clusters(w: &[f32]) -> Option<usize> {
    let stats = |part: &[f32]| {
        let n = part.len() as f32;
        let mean = part.iter().sum::<f32>() / n;
        let var = part.iter().map(|x| (x - mean).powi(2)).sum::<f32>() / n;
        (n, mean, var)
    };
    let (k, (la, lb)) = cuts(w)
        .map(|k| (k, (stats(&w[..k]), stats(&w[k..]))))
        .max_by(|(_, (a, b)), (_, (c, d))| {
            let between = |(na, ma, _): (f32, f32, f32), (nb, mb, _): (f32, f32, f32)| {
                na * nb * (mb - ma).powi(2)
            };
            between(*a, *b).total_cmp(&between(*c, *d))
        })?;
    let (na, ma, va) = la;
    let (nb, mb, vb) = lb;
    let pooled = ((na * va + nb * vb) / (na + nb)).sqrt().max(1e-4);
    ((mb - ma) / pooled >= SEPARATION && mb >= MEAN_RATIO * ma).then_some(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` weights spread evenly over `from..to`.
    fn spread(n: usize, from: f32, to: f32) -> Vec<f32> {
        (0..n)
            .map(|i| from + (to - from) * i as f32 / (n - 1).max(1) as f32)
            .collect()
    }

    #[test]
    fn two_tight_clusters_a_narrow_gap_apart_are_two_weights() {
        // A serif face's regular and bold at half scale: the gap is 1.2 times, the means 1.4.
        let mut w = spread(28, 0.111, 0.127);
        w.extend(spread(38, 0.154, 0.182));
        assert_eq!(widest_gap(&w), None);
        assert_eq!(clusters(&w), Some(28));
    }

    #[test]
    fn one_weight_spread_by_jpeg_is_one() {
        let w = spread(49, 0.158, 0.206);
        assert_eq!(widest_gap(&w), None);
        assert_eq!(clusters(&w), None);
        // Close clusters (a light digit shape beside heavier ones) are no second weight.
        let mut w = spread(15, 0.130, 0.140);
        w.extend(spread(25, 0.150, 0.165));
        assert_eq!(clusters(&w), None);
    }

    #[test]
    fn a_bold_and_a_regular_face_far_apart_split_at_the_gap() {
        let mut w = spread(29, 0.08, 0.09);
        w.extend(spread(36, 0.17, 0.20));
        assert_eq!(widest_gap(&w), Some(29));
    }
}
