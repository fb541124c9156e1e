//! How wide each line of a board is drawn, measured across it in the full-size luma: the run of
//! pixels off the paper of the cell on their side through the line's centre, the median over every cell it borders.
//! Dark lines on light paper and light gaps between grey cells measure alike, and a digit beside a
//! line or a highlighted cell changes one sample, not the median.

use crate::vision::pixels::Luma;

/// A pixel this far from the paper's level belongs to the line.
const OFF_PAPER: i16 = 20;

/// The widths of the horizontal lines at `ys` and of the vertical ones at `xs`, in pixels.
pub fn widths(luma: &Luma, xs: &[f32], ys: &[f32]) -> (Vec<f32>, Vec<f32>) {
    let rows = ys
        .iter()
        .map(|&y| median(mids(xs).map(|x| across(luma, y, x, false))))
        .collect();
    let cols = xs
        .iter()
        .map(|&x| median(mids(ys).map(|y| across(luma, x, y, true))))
        .collect();
    (rows, cols)
}

/// The middles of the cells between consecutive lines, with the pitch there.
fn mids(lines: &[f32]) -> impl Iterator<Item = (f32, f32)> + '_ {
    lines.windows(2).map(|w| ((w[0] + w[1]) / 2.0, w[1] - w[0]))
}

/// The width of the line at `at` measured at `(along, pitch)`: across x when `vertical`.
fn across(luma: &Luma, at: f32, (along, pitch): (f32, f32), vertical: bool) -> f32 {
    let half = (pitch * 0.2).max(3.0) as i32;
    let px = |d: i32| -> Option<i16> {
        let (x, y) = match vertical {
            true => (at as i32 + d, along as i32),
            false => (along as i32, at as i32 + d),
        };
        let inside = x >= 0 && y >= 0 && (x as u32) < luma.width && (y as u32) < luma.height;
        inside.then(|| i16::from(luma.get(x as u32, y as u32)))
    };
    // Each side's own paper: a given's shaded cell may border a blank one.
    let paper = |a: i32, b: i32| Some((px(a)? + px(b)?) / 2);
    let (Some(before), Some(after)) = (paper(-half, -half + 1), paper(half - 1, half)) else {
        return 0.0;
    };
    let off = |d: i32| {
        let paper = if d < 0 { before } else { after };
        px(d).is_some_and(|v| (v - paper).abs() >= OFF_PAPER)
    };
    let Some(centre) = (0..half).flat_map(|d| [d, -d]).find(|&d| off(d)) else {
        return 0.0;
    };
    let low = (1..).take_while(|&k| off(centre - k)).count();
    let high = (1..).take_while(|&k| off(centre + k)).count();
    (low + high + 1) as f32
}

fn median(values: impl Iterator<Item = f32>) -> f32 {
    let mut v: Vec<f32> = values.collect();
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f32::total_cmp);
    v[v.len() / 2]
}
