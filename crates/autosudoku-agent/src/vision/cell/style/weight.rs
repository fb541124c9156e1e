//! Bold givens, regular entries: one ink split by stroke weight. Two ways to see two weights: one
//! gap between neighbouring weights much wider than the rest (a bold and a regular face far
//! apart), or two clusters each tight around its mean with the means well apart, even when the
//! gap between them is only a little wider than JPEG and scaling spread each cluster (a serif
//! face's bold and regular at half scale, 0.11-0.13 against 0.15-0.18). And when neither shows
//! over the whole board (each digit's shape weighs differently: a regular 1 with serifs weighs
//! near a bold 7), digit by digit: the same digit drawn twice in two weights is far apart.

use super::FEW_GIVENS;
use crate::vision::cell::ink::Sample;
use autosudoku_core::sudoku::Digit;
use std::collections::BTreeMap;

/// Most ratio between the weights of one digit drawn in one weight (JPEG, scaling, a highlight).
const ONE_WEIGHT: f32 = 1.12;

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

/// The heavier part of a group when its stroke weights fall into two clearly apart clusters
/// (bold givens, regular entries), else the whole group. The heavier part must be as many as a
/// tutorial figure's givens at least: one bold digit is a selected cell, not the puzzle. And it
/// must leave a puzzle (`puzzle`: one solution): a thin font's 1s, their ends much of their
/// outline, measure light, and when only the whole group is a puzzle, it stays whole.
pub(super) fn split_by_weight(
    samples: &[&Sample],
    digits: &[Option<Digit>],
    members: &[usize],
    puzzle: impl Fn(&[usize]) -> bool,
) -> Vec<usize> {
    let mut w: Vec<(f32, usize)> = members.iter().map(|&i| (samples[i].weight, i)).collect();
    w.sort_by(|a, b| a.0.total_cmp(&b.0));
    let weights: Vec<f32> = w.iter().map(|p| p.0).collect();
    let heavier = match widest_gap(&weights).or_else(|| clusters(&weights)) {
        Some(cut) => w[cut..].iter().map(|&(_, i)| i).collect(),
        None => match by_digit(&w, digits) {
            Some(heavier) => heavier,
            None => return members.to_vec(),
        },
    };
    if puzzle(&heavier) || !puzzle(members) {
        heavier
    } else {
        members.to_vec()
    }
}

/// The heavier members of `w` (weight, sample) told digit by digit: each digit drawn in two
/// weights parts at its own gap, and a digit drawn in one weight only goes with the side its
/// weight falls in beyond doubt (at most the lightest heavy digit's, at least the heaviest light
/// one's). None when fewer than `DIGITS_IN_BOTH` digits show both weights, or a digit's weights
/// are neither one nor two clearly.
fn by_digit(w: &[(f32, usize)], digits: &[Option<Digit>]) -> Option<Vec<usize>> {
    let mut of: BTreeMap<Digit, Vec<(f32, usize)>> = BTreeMap::new();
    for &(weight, i) in w {
        of.entry(digits[i]?).or_default().push((weight, i));
    }
    let (mut heavier, mut alone) = (Vec::new(), Vec::new());
    let (mut lightest_heavy, mut heaviest_light) = (f32::MAX, 0.0f32);
    for group in of.values() {
        // `w` is sorted, so each digit's weights are too.
        let (first, last) = (group[0].0, group[group.len() - 1].0);
        if last <= ONE_WEIGHT * first {
            alone.push(group);
            continue;
        }
        let k = (1..group.len())
            .max_by(|&a, &b| {
                let ratio = |k: usize| group[k].0 / group[k - 1].0.max(1e-3);
                ratio(a).total_cmp(&ratio(b))
            })
            .filter(|&k| group[k].0 >= GAP_RATIO * group[k - 1].0)?;
        let (light, heavy) = group.split_at(k);
        if heavy[heavy.len() - 1].0 > ONE_WEIGHT * heavy[0].0
            || light[light.len() - 1].0 > ONE_WEIGHT * light[0].0
        {
            return None;
        }
        heaviest_light = heaviest_light.max(light[light.len() - 1].0);
        lightest_heavy = lightest_heavy.min(heavy[0].0);
        heavier.extend(heavy.iter().map(|&(_, i)| i));
    }
    if of.len() - alone.len() < DIGITS_IN_BOTH {
        return None;
    }
    for group in alone {
        let (first, last) = (group[0].0, group[group.len() - 1].0);
        if first >= lightest_heavy && first > heaviest_light {
            heavier.extend(group.iter().map(|&(_, i)| i));
        } else if !(last <= heaviest_light && last < lightest_heavy) {
            return None;
        }
    }
    Some(heavier)
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

    /// Samples (weight, index) of digits 1 to 9, each shape weighing `base(d)` in the regular face
    /// and half again in the bold one, `regular` and `bold` times each; sorted by weight, as
    /// `split_by_weight` hands them over, with each index's digit.
    fn board(counts: impl Fn(u8) -> (usize, usize)) -> (Vec<(f32, usize)>, Vec<Option<Digit>>) {
        let (mut w, mut digits) = (Vec::new(), Vec::new());
        for d in 1..=9u8 {
            let base = 0.09 + 0.012 * f32::from(d);
            let (regular, bold) = counts(d);
            for k in 0..regular + bold {
                let jpeg = 1.0 + 0.01 * (k % 3) as f32;
                let weight = if k < regular { base } else { 1.5 * base } * jpeg;
                w.push((weight, digits.len()));
                digits.push(Digit::new(d));
            }
        }
        w.sort_by(|a, b| a.0.total_cmp(&b.0));
        (w, digits)
    }

    fn heavier_digits(w: &[(f32, usize)], digits: &[Option<Digit>]) -> Option<Vec<u8>> {
        let mut heavier: Vec<u8> = by_digit(w, digits)?
            .iter()
            .filter_map(|&i| digits[i].map(Digit::get))
            .collect();
        heavier.sort_unstable();
        Some(heavier)
    }

    #[test]
    fn bold_and_regular_digits_whose_shapes_weigh_apart_are_told_digit_by_digit() {
        // A regular 9 weighs more than a bold 1: no cut of the whole board parts the faces.
        let (w, digits) = board(|_| (3, 2));
        let weights: Vec<f32> = w.iter().map(|p| p.0).collect();
        assert_eq!(widest_gap(&weights).or_else(|| clusters(&weights)), None);
        let heavier = heavier_digits(&w, &digits).unwrap();
        assert_eq!(heavier, (1..=9).flat_map(|d| [d, d]).collect::<Vec<u8>>());
        // A digit only given (a bold 9, heavier than every regular digit) joins the bold side.
        let (w, digits) = board(|d| if d == 9 { (0, 2) } else { (3, 2) });
        assert_eq!(heavier_digits(&w, &digits).unwrap().len(), 18);
    }

    #[test]
    fn one_face_or_a_digit_whose_side_is_in_doubt_is_no_split_by_digit() {
        let (w, digits) = board(|_| (4, 0));
        assert_eq!(by_digit(&w, &digits), None);
        // A digit drawn once, as heavy as the lightest bold digit and lighter than the heaviest
        // regular one: either side could be its own.
        let (mut w, mut digits) = board(|d| if d == 5 { (0, 0) } else { (3, 2) });
        w.push((1.5 * (0.09 + 0.012), digits.len()));
        digits.push(Digit::new(5));
        w.sort_by(|a, b| a.0.total_cmp(&b.0));
        assert_eq!(by_digit(&w, &digits), None);
    }

    #[test]
    fn a_bold_and_a_regular_face_far_apart_split_at_the_gap() {
        let mut w = spread(29, 0.08, 0.09);
        w.extend(spread(36, 0.17, 0.20));
        assert_eq!(widest_gap(&w), Some(29));
    }
}
