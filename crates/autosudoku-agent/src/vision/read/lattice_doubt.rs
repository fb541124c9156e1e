//! A lattice fitted off the drawn one: every app draws its three boxes alike, so the cell at one
//! place in a box is as tall (as wide) in all three. A band much taller or shorter than its twins
//! in the other boxes was fitted on something else (a header band, a panel's gap), and its cells
//! may hold a digit the box cut in half: a blank read there is not sure.

use crate::vision::grid::GridGeometry;

/// Most share a band may differ from the median of its twins (scaling and JPEG move a line by a
/// pixel or two; a line fitted on the wrong edge by a fifth of a cell).
const TWIN_SPREAD: f32 = 0.12;

/// The confidence of a blank in a band off the lattice.
pub(super) const OFF_LATTICE: f32 = 0.5;

/// The rows and the columns (0-8) whose bands differ from their twins.
pub(super) fn off_lattice(g: &GridGeometry) -> ([bool; 9], [bool; 9]) {
    (off(&g.ys), off(&g.xs))
}

/// The bands between `lines` that differ from the median of the bands at their place in the
/// other boxes.
fn off(lines: &[f32; 10]) -> [bool; 9] {
    let band = |i: usize| lines[i + 1] - lines[i];
    std::array::from_fn(|i| {
        let mut twins = [band(i % 3), band(i % 3 + 3), band(i % 3 + 6)];
        twins.sort_by(f32::total_cmp);
        (band(i) - twins[1]).abs() > TWIN_SPREAD * twins[1]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_drawn_alike_are_on_the_lattice_and_a_band_fitted_on_a_gap_is_not() {
        // Panels: each box's cells 115, 106, 116 px, the gaps between boxes in the first and last.
        let mut lines = [0.0f32; 10];
        for i in 0..9 {
            lines[i + 1] = lines[i] + [115.0, 106.0, 116.0][i % 3];
        }
        assert_eq!(off(&lines), [false; 9]);
        // The line between rows 8 and 9 fitted 22 px low: rows 8 and 9 are off, the rest not.
        lines[8] += 22.0;
        let got = off(&lines);
        assert_eq!(got.iter().filter(|&&o| o).count(), 2, "{got:?}");
        assert!(got[7] && got[8]);
    }
}
