//! Given or entered: apps draw the puzzle's digits in one style and the player's in another
//! (another colour, or the same colour lighter in weight). We group digits by ink colour, then by
//! stroke weight, and call the most neutral, most contrasted group the givens; red conflict
//! marks or blue/amber entries are the player's.

use super::cells::Sample;
use super::preprocess::{chroma, Polarity};

/// Ink colours this close are one style.
const SAME_INK: i32 = 48;

/// For each sample, whether it is a given.
pub fn givens(samples: &[&Sample], polarity: Polarity) -> Vec<bool> {
    if samples.is_empty() {
        return Vec::new();
    }
    // Group by ink colour.
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
    let givenness = |c: [i32; 3]| {
        let rgb = c.map(|v| v.clamp(0, 255) as u8);
        let luma = super::preprocess::luma(image::Rgba([rgb[0], rgb[1], rgb[2], 255])) as f32;
        let contrast = match polarity {
            Polarity::DarkOnLight => 255.0 - luma,
            Polarity::LightOnDark => luma,
        };
        contrast - 0.6 * chroma(rgb) as f32
    };
    // Groups of a handful are highlights of one sort or another; prefer a group with substance.
    let (given_group, _) = groups
        .iter()
        .max_by(|a, b| givenness(a.1).total_cmp(&givenness(b.1)))
        .expect("at least one sample");
    let mut out = vec![false; samples.len()];
    let members = given_group.clone();
    let heavy = split_by_weight(samples, &members);
    for i in heavy {
        out[i] = true;
    }
    out
}

/// The heavier part of a group when its stroke weights fall into two clearly apart clusters
/// (bold givens, regular entries), else the whole group.
fn split_by_weight(samples: &[&Sample], members: &[usize]) -> Vec<usize> {
    let mut w: Vec<(f32, usize)> = members.iter().map(|&i| (samples[i].weight, i)).collect();
    w.sort_by(|a, b| a.0.total_cmp(&b.0));
    if w.len() < 2 {
        return members.to_vec();
    }
    // The widest relative gap between consecutive weights.
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
