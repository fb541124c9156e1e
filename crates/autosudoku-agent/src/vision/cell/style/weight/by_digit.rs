//! Two weights told shape by shape: the same digit drawn bold and regular is far apart in weight,
//! although a regular 1 with serifs weighs near a bold 7.

use super::{DIGITS_IN_BOTH, DIGIT_GAP, ONE_WEIGHT};
use autosudoku_core::sudoku::Digit;
use std::collections::BTreeMap;

/// What the weights of each digit, shape by shape, say.
#[derive(Debug, PartialEq)]
pub(super) enum ByDigit {
    /// Fewer than `DIGITS_IN_BOTH` digits drawn at two weights: no word either way.
    Unseen,
    /// Two faces: the heavier samples, and whether every sample's side is beyond doubt. A digit
    /// drawn at one weight only that weighs like the entries is not: it may be givens whose bold
    /// face weighs no more (some faces' bold 4 measures as their regular one), and moving it to
    /// the givens only adds givens, so the logic cannot tell either.
    Parted { heavier: Vec<usize>, sure: bool },
    /// Two faces, but some digit's weights part neither into one nor two clearly.
    Doubt,
}

/// One digit's samples (weight, sample), lightest first.
enum Shape<'a> {
    One(&'a [(f32, usize)]),
    Two {
        light: &'a [(f32, usize)],
        heavy: &'a [(f32, usize)],
    },
    Unclear,
}

/// The weights `w` (weight, sample; sorted) of each digit, as one or two faces.
pub(super) fn by_digit(w: &[(f32, usize)], digits: &[Option<Digit>]) -> ByDigit {
    let mut of: BTreeMap<Digit, Vec<(f32, usize)>> = BTreeMap::new();
    for &(weight, i) in w {
        let Some(d) = digits[i] else {
            return ByDigit::Unseen;
        };
        of.entry(d).or_default().push((weight, i));
    }
    let shapes: Vec<Shape> = of.values().map(|g| shape(g)).collect();
    let two = shapes
        .iter()
        .filter(|s| matches!(s, Shape::Two { .. }))
        .count();
    if two < DIGITS_IN_BOTH {
        return ByDigit::Unseen;
    }
    let (mut lightest_heavy, mut heaviest_light) = (f32::MAX, 0.0f32);
    let mut heavier = Vec::new();
    for s in &shapes {
        match s {
            Shape::Two { light, heavy } => {
                heaviest_light = heaviest_light.max(light[light.len() - 1].0);
                lightest_heavy = lightest_heavy.min(heavy[0].0);
                heavier.extend(heavy.iter().map(|&(_, i)| i));
            }
            Shape::Unclear => return ByDigit::Doubt,
            Shape::One(_) => {}
        }
    }
    let mut sure = true;
    for s in &shapes {
        let Shape::One(group) = s else { continue };
        let (first, last) = (group[0].0, group[group.len() - 1].0);
        if first >= lightest_heavy && first > heaviest_light {
            heavier.extend(group.iter().map(|&(_, i)| i));
        } else if last <= heaviest_light && last < lightest_heavy {
            sure = false;
        } else {
            return ByDigit::Doubt;
        }
    }
    ByDigit::Parted { heavier, sure }
}

/// One digit's sorted weights as one face (all within `ONE_WEIGHT`), two (each side within it,
/// `DIGIT_GAP` apart at the widest gap), or neither.
fn shape(group: &[(f32, usize)]) -> Shape<'_> {
    let spread = |g: &[(f32, usize)]| g[g.len() - 1].0 / g[0].0.max(1e-3);
    if spread(group) <= ONE_WEIGHT {
        return Shape::One(group);
    }
    let ratio = |k: usize| group[k].0 / group[k - 1].0.max(1e-3);
    let Some(k) = (1..group.len()).max_by(|&a, &b| ratio(a).total_cmp(&ratio(b))) else {
        return Shape::Unclear;
    };
    let (light, heavy) = group.split_at(k);
    if ratio(k) < DIGIT_GAP || spread(light) > ONE_WEIGHT || spread(heavy) > ONE_WEIGHT {
        return Shape::Unclear;
    }
    Shape::Two { light, heavy }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// The digits of the heavier side and whether it is sure, when `by_digit` parts them.
    fn heavier_digits(w: &[(f32, usize)], digits: &[Option<Digit>]) -> Option<(Vec<u8>, bool)> {
        let ByDigit::Parted { heavier, sure } = by_digit(w, digits) else {
            return None;
        };
        let mut heavier: Vec<u8> = heavier
            .iter()
            .filter_map(|&i| digits[i].map(Digit::get))
            .collect();
        heavier.sort_unstable();
        Some((heavier, sure))
    }

    #[test]
    fn bold_and_regular_digits_whose_shapes_weigh_apart_are_told_digit_by_digit() {
        // A regular 9 weighs more than a bold 1: no cut of the whole board parts the faces.
        let (w, digits) = board(|_| (3, 2));
        let (heavier, sure) = heavier_digits(&w, &digits).unwrap();
        assert_eq!(heavier, (1..=9).flat_map(|d| [d, d]).collect::<Vec<u8>>());
        assert!(sure);
        // A digit only given (a bold 9, heavier than every regular digit) joins the bold side.
        let (w, digits) = board(|d| if d == 9 { (0, 2) } else { (3, 2) });
        assert_eq!(
            heavier_digits(&w, &digits).unwrap(),
            ((1..=9).flat_map(|d| [d, d]).collect(), true)
        );
    }

    #[test]
    fn a_digit_drawn_once_as_light_as_the_entries_leaves_the_split_unsure() {
        // Nine 4s at the regular 4's weight: all entries, or givens whose bold face weighs no more.
        let (w, digits) = board(|d| if d == 4 { (9, 0) } else { (3, 2) });
        let (heavier, sure) = heavier_digits(&w, &digits).unwrap();
        assert!(!heavier.contains(&4));
        assert!(!sure);
    }

    #[test]
    fn a_serif_fours_faces_a_fifth_apart_are_two() {
        // Bold and regular 4 at 0.143 and 0.172: a gap narrower than a whole board's cut needs.
        let (mut w, mut digits) = board(|d| if d == 4 { (0, 0) } else { (3, 2) });
        for weight in [0.1426, 0.1426, 0.1719, 0.1719, 0.1719] {
            w.push((weight, digits.len()));
            digits.push(Digit::new(4));
        }
        w.sort_by(|a, b| a.0.total_cmp(&b.0));
        assert_eq!(heavier_digits(&w, &digits).unwrap().0.len(), 19);
    }

    #[test]
    fn one_face_or_a_digit_whose_side_is_in_doubt_is_no_split_by_digit() {
        let (w, digits) = board(|_| (4, 0));
        assert_eq!(by_digit(&w, &digits), ByDigit::Unseen);
        // A digit drawn once, as heavy as the lightest bold digit and lighter than the heaviest
        // regular one: either side could be its own.
        let (mut w, mut digits) = board(|d| if d == 5 { (0, 0) } else { (3, 2) });
        w.push((1.5 * (0.09 + 0.012), digits.len()));
        digits.push(Digit::new(5));
        w.sort_by(|a, b| a.0.total_cmp(&b.0));
        assert_eq!(by_digit(&w, &digits), ByDigit::Doubt);
        // A digit whose weights spread with no clear gap (a small face's 1s).
        let (mut w, mut digits) = board(|d| if d == 1 { (0, 0) } else { (3, 2) });
        for weight in [0.144, 0.153, 0.158, 0.162, 0.173, 0.177] {
            w.push((weight, digits.len()));
            digits.push(Digit::new(1));
        }
        w.sort_by(|a, b| a.0.total_cmp(&b.0));
        assert_eq!(by_digit(&w, &digits), ByDigit::Doubt);
    }
}
