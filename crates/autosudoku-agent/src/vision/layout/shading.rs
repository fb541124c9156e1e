//! Shaded units: each cell's backdrop (the median colour of a ring inside its borders, clear of a
//! centred digit), grouped by colour; the diagonals or hyper windows are units when one colour
//! covers most of them and no other cell (the paper lies outside them too, and a highlight
//! crosses them: neither counts).

use crate::vision::grid::GridGeometry;
use crate::vision::pixels::colour::{distance, median_color};
use autosudoku_core::sudoku::Cell;
use image::{Rgba, RgbaImage};

/// Colours this close are one shade (JPEG noise and anti-aliasing stay below it).
const SAME_SHADE: u8 = 8;
/// A selection's row, column and box, or a same-digit tint, may cover some of a unit's cells; a
/// unit is shaded when its shade still shows on more cells than a same-digit tint can reach (9).
const DIAGONAL_CELLS: usize = 10;
const WINDOW_CELLS: usize = 18;

/// Which extra units the shading shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ExtraUnits {
    pub diagonals: bool,
    pub windows: bool,
}

/// Every cell's backdrop colour, row-major.
pub fn backdrops(img: &RgbaImage, g: &GridGeometry) -> Vec<Rgba<u8>> {
    Cell::all()
        .map(|cell| {
            let r = g.cell_rect(cell);
            let (x, y, w, h) = (r.x as f32, r.y as f32, r.width as f32, r.height as f32);
            let (inner, outer) = (0.15, 0.05);
            let (x0, x1) = (x + w * outer, x + w * (1.0 - outer));
            let (y0, y1) = (y + h * outer, y + h * (1.0 - outer));
            // Every other pixel each way: a quarter of the reads, the same median.
            let ring = (y0 as u32..y1 as u32).step_by(2).flat_map(move |y| {
                (x0 as u32..x1 as u32).step_by(2).filter_map(move |x| {
                    let (fx, fy) = ((x as f32 - r.x as f32) / w, (y as f32 - r.y as f32) / h);
                    let edge = fx < inner || fx > 1.0 - inner || fy < inner || fy > 1.0 - inner;
                    edge.then_some((x, y))
                })
            });
            median_color(
                ring.filter(|&(x, y)| x < img.width() && y < img.height())
                    .map(|(x, y)| *img.get_pixel(x, y)),
            )
        })
        .collect()
}

/// The diagonals and windows a shade marks out.
pub fn extra_units(backdrops: &[Rgba<u8>]) -> ExtraUnits {
    let diagonal = |i: usize| i / 9 == i % 9 || i / 9 + i % 9 == 8;
    let window = |i: usize| (i / 9) % 4 != 0 && (i % 9) % 4 != 0;
    ExtraUnits {
        diagonals: marks(backdrops, diagonal, DIAGONAL_CELLS),
        windows: marks(backdrops, window, WINDOW_CELLS),
    }
}

/// Whether some shade lies on at least `least` cells of `unit` and on no cell outside it.
fn marks(backdrops: &[Rgba<u8>], unit: impl Fn(usize) -> bool, least: usize) -> bool {
    backdrops
        .iter()
        .enumerate()
        .filter(|&(i, _)| unit(i))
        .any(|(_, &shade)| {
            let same = |c: &Rgba<u8>| distance(*c, shade) <= SAME_SHADE;
            let (on, off) = backdrops.iter().enumerate().filter(|(_, c)| same(c)).fold(
                (0, 0),
                |(on, off), (i, _)| {
                    if unit(i) {
                        (on + 1, off)
                    } else {
                        (on, off + 1)
                    }
                },
            );
            on >= least && off == 0
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAPER: Rgba<u8> = Rgba([255, 255, 255, 255]);
    const SHADE: Rgba<u8> = Rgba([220, 226, 234, 255]);
    const PEER: Rgba<u8> = Rgba([230, 236, 245, 255]);

    fn board(shaded: impl Fn(usize) -> bool) -> Vec<Rgba<u8>> {
        (0..81)
            .map(|i| if shaded(i) { SHADE } else { PAPER })
            .collect()
    }

    #[test]
    fn shaded_diagonals_are_units_even_under_a_row_highlight() {
        let mut b = board(|i| i / 9 == i % 9 || i / 9 + i % 9 == 8);
        for c in 0..9 {
            b[4 * 9 + c] = PEER; // row 5 highlighted, its two diagonal cells too
        }
        assert_eq!(
            extra_units(&b),
            ExtraUnits {
                diagonals: true,
                windows: false
            }
        );
    }

    #[test]
    fn shaded_windows_are_units_and_a_plain_board_has_none() {
        let b = board(|i| (i / 9) % 4 != 0 && (i % 9) % 4 != 0);
        assert!(extra_units(&b).windows && !extra_units(&b).diagonals);
        assert_eq!(extra_units(&board(|_| false)), ExtraUnits::default());
    }

    #[test]
    fn a_shade_that_also_lies_off_the_diagonals_is_a_highlight_not_a_unit() {
        // A selected cell's box, row and column in one shade: it crosses the diagonals.
        let b = board(|i| i / 9 == 4 || i % 9 == 4 || (i / 27 == 1 && (i % 9) / 3 == 1));
        assert_eq!(extra_units(&b), ExtraUnits::default());
    }
}
