//! Bold givens, regular entries: one ink split by stroke weight. Two ways to see two weights: one
//! gap between neighbouring weights much wider than the rest (a bold and a regular face far
//! apart), or two clusters each tight around its mean with the means well apart, even when the
//! gap between them is only a little wider than JPEG and scaling spread each cluster (a serif
//! face's bold and regular at half scale, 0.11-0.13 against 0.15-0.18).

use super::FEW_GIVENS;
use crate::vision::cell::ink::Sample;

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
    members: &[usize],
    puzzle: impl Fn(&[usize]) -> bool,
) -> Vec<usize> {
    let mut w: Vec<(f32, usize)> = members.iter().map(|&i| (samples[i].weight, i)).collect();
    w.sort_by(|a, b| a.0.total_cmp(&b.0));
    let weights: Vec<f32> = w.iter().map(|p| p.0).collect();
    let Some(cut) = widest_gap(&weights).or_else(|| clusters(&weights)) else {
        return members.to_vec();
    };
    let heavier: Vec<usize> = w[cut..].iter().map(|&(_, i)| i).collect();
    if puzzle(&heavier) || !puzzle(members) {
        heavier
    } else {
        members.to_vec()
    }
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
