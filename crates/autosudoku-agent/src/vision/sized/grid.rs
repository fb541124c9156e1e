//! Where a board of any side is, in screenshot pixels (`SizedGrid`): its N+1 lines each way from
//! `lattice`, and its box shape from which of them are drawn wider (`widths`: box lines, or the
//! wider gaps between box panels). The box shape is left unknown when no shape's lines stand out.

use super::lattice::{best_frame, Axis, Frame};
use super::widths::widths;
use crate::geometry::Rect;
use crate::vision::grid::{candidate_lines, LINE_CONTRAST};
use crate::vision::pixels::planes::Planes;
use crate::vision::pixels::Polarity;
use autosudoku_core::variant::BoxShape;

/// A board found on screen: the centres of its lines, in full-size pixels, and its boxes.
#[derive(Debug, Clone, PartialEq)]
pub struct SizedGrid {
    pub xs: Vec<f32>,
    pub ys: Vec<f32>,
    /// The boxes the thicker lines draw; `None` when no box shape stands out.
    pub boxes: Option<BoxShape>,
}

impl SizedGrid {
    pub fn side(&self) -> usize {
        self.xs.len() - 1
    }

    /// The board's box, line centre to line centre.
    pub fn bounds(&self) -> Rect {
        let n = self.side();
        Rect::from_edges(self.xs[0], self.ys[0], self.xs[n], self.ys[n])
    }

    /// The inside of cell (`row`, `col`), a tenth of the pitch in from its lines' centres (past
    /// thick box lines as well as thin ones).
    pub fn cell_rect(&self, row: usize, col: usize) -> Rect {
        let pad_x = (self.xs[col + 1] - self.xs[col]) * 0.05;
        let pad_y = (self.ys[row + 1] - self.ys[row]) * 0.05;
        Rect::from_edges(
            self.xs[col] + pad_x,
            self.ys[row] + pad_y,
            self.xs[col + 1] - pad_x,
            self.ys[row + 1] - pad_y,
        )
    }
}

/// The largest board of any side on screen, in the polarity that finds the larger one.
pub fn find(planes: &Planes) -> Option<SizedGrid> {
    let mut best: Option<(f32, SizedGrid)> = None;
    for polarity in [Polarity::DarkOnLight, Polarity::LightOnDark] {
        let plane = planes.shrunk(polarity, false);
        let (h, v) = candidate_lines(plane, polarity, LINE_CONTRAST);
        let size = (plane.luma.width as f32, plane.luma.height as f32);
        let Some(frame) = best_frame(&h, &v, size) else {
            continue;
        };
        let grid = full_size(&frame, planes);
        let area = grid.bounds().width as f32 * grid.bounds().height as f32;
        if best.as_ref().is_none_or(|b| area > b.0) {
            best = Some((area, grid));
        }
    }
    best.map(|b| b.1)
}

/// The frame in full-size pixels (a small pixel k covers full pixels k*f .. k*f+f-1), with the
/// box shape its line widths draw.
fn full_size(frame: &Frame, planes: &Planes) -> SizedGrid {
    let f = planes.factor as f32;
    let scaled = |axis: &Axis| -> Vec<f32> {
        (0..=axis.side())
            .map(|k| axis.at(k) * f + (f - 1.0) / 2.0)
            .collect()
    };
    let (xs, ys) = (scaled(&frame.cols), scaled(&frame.rows));
    let (rows, cols) = widths(&planes.luma, &xs, &ys);
    SizedGrid {
        boxes: box_shape(&rows, &cols),
        xs,
        ys,
    }
}

/// The box shape whose inner box lines are all thicker than every other inner line, the one with
/// the widest such margin; `None` when no shape's are.
fn box_shape(rows: &[f32], cols: &[f32]) -> Option<BoxShape> {
    let n = rows.len() - 1;
    let margin = |r: usize, c: usize| {
        let mut thick = f32::MAX;
        let mut thin = 0.0f32;
        for (t, every) in [(rows, r), (cols, c)] {
            for (k, &w) in t.iter().enumerate().take(n).skip(1) {
                if k % every == 0 {
                    thick = thick.min(w);
                } else {
                    thin = thin.max(w);
                }
            }
        }
        thick - thin
    };
    (2..n)
        .filter(|r| n % r == 0 && n / r >= 2)
        .map(|r| (r, n / r, margin(r, n / r)))
        .filter(|s| s.2 > 0.0)
        .max_by(|a, b| a.2.total_cmp(&b.2))
        .map(|(r, c, _)| BoxShape::new(r, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_box_shape_is_where_the_thick_lines_are() {
        // 6x6: thick lines after rows 2 and 4 and after column 3.
        let rows = [3.0, 1.0, 3.0, 1.0, 3.0, 1.0, 3.0];
        let cols = [3.0, 1.0, 1.0, 3.0, 1.0, 1.0, 3.0];
        assert_eq!(box_shape(&rows, &cols), Some(BoxShape::new(2, 3)));
        assert_eq!(box_shape(&cols, &rows), Some(BoxShape::new(3, 2)));
        assert_eq!(box_shape(&[1.0; 7], &[1.0; 7]), None);
    }
}
