//! Finding the 9x9 grid on a whole screenshot with no prior knowledge of the app: line masks in
//! both polarities, line candidates, the largest square-ish frame with ten evenly spaced lines each
//! way, refined positions, the 81 cell boxes, and whether a dialog hides part of it.

use super::lines::{find_lines, near, within, Line};
use super::planes::Planes;
use super::preprocess::{line_mask, Axis, Luma, Polarity};
use super::{map_halves, VisionError};
use crate::geometry::Rect;
use autosudoku_core::sudoku::Cell;
use serde::Serialize;

/// Where the grid is: the centre and thickness of its ten vertical (`xs`) and ten horizontal (`ys`)
/// lines, in screenshot pixels.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GridGeometry {
    pub xs: [f32; 10],
    pub ys: [f32; 10],
    pub x_thickness: [f32; 10],
    pub y_thickness: [f32; 10],
    pub polarity: Polarity,
}

impl GridGeometry {
    /// The box from the outer edges of the frame lines.
    pub fn bounds(&self) -> Rect {
        Rect::from_edges(
            self.xs[0] - self.x_thickness[0] / 2.0,
            self.ys[0] - self.y_thickness[0] / 2.0,
            self.xs[9] + self.x_thickness[9] / 2.0,
            self.ys[9] + self.y_thickness[9] / 2.0,
        )
    }

    /// The inside of a cell, between the inner edges of its four lines.
    pub fn cell_rect(&self, cell: Cell) -> Rect {
        let (r, c) = (cell.row(), cell.col());
        Rect::from_edges(
            self.xs[c] + self.x_thickness[c] / 2.0,
            self.ys[r] + self.y_thickness[r] / 2.0,
            self.xs[c + 1] - self.x_thickness[c + 1] / 2.0,
            self.ys[r + 1] - self.y_thickness[r + 1] / 2.0,
        )
    }

    /// Mean cell pitch (line to line), in pixels.
    pub fn pitch(&self) -> f32 {
        ((self.xs[9] - self.xs[0]) + (self.ys[9] - self.ys[0])) / 18.0
    }
}

/// The grid and the cells a dialog (or anything drawn over the grid) hides.
#[derive(Debug, Clone)]
pub struct GridFound {
    pub geometry: GridGeometry,
    pub covered: Vec<Cell>,
}

/// A frame candidate: indices of the lines at each of the ten positions, per axis.
struct Frame {
    rows: [Option<usize>; 10],
    cols: [Option<usize>; 10],
    score: f32,
    area: f32,
}

/// Finds the grid. Works on the copies about 540 pixels across that keep each block's ink (made
/// with the luma plane), trying the polarity the screen suggests first.
pub fn detect(planes: &Planes) -> Result<GridFound, VisionError> {
    let search_start = std::time::Instant::now();
    let full = &planes.luma;
    let f = planes.factor;
    let guess = planes.polarity;
    let order = [
        guess,
        if guess == Polarity::DarkOnLight {
            Polarity::LightOnDark
        } else {
            Polarity::DarkOnLight
        },
    ];
    let mut best: Option<(Frame, Vec<Line>, Vec<Line>, Polarity)> = None;
    'search: for need in [WHOLE, PARTLY_HIDDEN] {
        for polarity in order {
            let l = planes.shrunk(polarity);
            let t0 = std::time::Instant::now();
            let (h, v) = candidate_lines(l, polarity);
            let t1 = t0.elapsed();
            let found = best_frame(&h, &v, l, need);
            tracing::trace!(lines = ?t1, frames = ?(t0.elapsed() - t1), h = h.len(), v = v.len(), ?polarity, "grid search");
            if let Some(fr) = found {
                // A full-strength frame in the expected polarity needs no second opinion.
                let done = fr.score >= 16.0;
                if best.as_ref().is_none_or(|b| fr.score > b.0.score) {
                    best = Some((fr, h, v, polarity));
                }
                if done {
                    break 'search;
                }
            }
        }
        if best.is_some() {
            break;
        }
    }
    tracing::trace!(elapsed = ?search_start.elapsed(), "grid found");
    let (frame, h, v, polarity) = best.ok_or(VisionError::NoGrid {
        width: full.width,
        height: full.height,
    })?;
    let (ys, y_thickness) = refine(&frame.rows, &h);
    let (xs, x_thickness) = refine(&frame.cols, &v);
    let mut geometry = GridGeometry {
        xs,
        ys,
        x_thickness,
        y_thickness,
        polarity,
    };
    let covered = covered_cells(&geometry, &frame, &h, &v);
    // Back to full-size pixels: a small pixel k covers full pixels k*f .. k*f+f-1.
    let scale = |p: &mut f32| *p = *p * f as f32 + (f as f32 - 1.0) / 2.0;
    geometry
        .xs
        .iter_mut()
        .chain(geometry.ys.iter_mut())
        .for_each(scale);
    geometry
        .x_thickness
        .iter_mut()
        .chain(geometry.y_thickness.iter_mut())
        .for_each(|t| *t *= f as f32);
    Ok(GridFound { geometry, covered })
}

/// Line candidates of both axes. The reach across a line grows with the screen so that thick box
/// lines of big screens still have paper on both sides.
fn candidate_lines(l: &Luma, polarity: Polarity) -> (Vec<Line>, Vec<Line>) {
    let short = l.width.min(l.height);
    let reach = (short / 120).max(3);
    let min_run = (short / 40).max(8);
    let gap = (short / 300).max(2);
    // One axis per thread: the two masks are independent.
    let mut both = map_halves(&[Axis::Horizontal, Axis::Vertical], |&axis| {
        find_lines(&line_mask(l, polarity, axis, reach, 10), min_run, gap)
    });
    let v = both.pop().unwrap_or_default();
    let h = both.pop().unwrap_or_default();
    (h, v)
}

/// Pairs of lines (first, last) at least `min_size` apart with at least five of the eight inner
/// lines where an evenly spaced grid would put them.
fn regular_pairs(lines: &[Line], min_size: f32) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for i in 0..lines.len() {
        for j in i + 1..lines.len() {
            let d = lines[j].pos - lines[i].pos;
            if d < min_size {
                continue;
            }
            let step = d / 9.0;
            let tol = (0.12 * step).max(2.0);
            let count = (1..9)
                .filter(|&k| near(lines, lines[i].pos + k as f32 * step, tol).is_some())
                .count();
            if count >= 5 {
                out.push((i, j));
            }
        }
    }
    out
}

/// How much of a frame must be visible: all of it normally; a window over the grid may hide most
/// of some lines, and the grid is still found (and its hidden cells reported) when nothing better is.
#[derive(Clone, Copy)]
struct Strictness {
    /// Least coverage of each frame line, and of all four together.
    frame_line: f32,
    frame_total: f32,
    /// Least lines found per axis (of ten), and the coverage an inner line needs.
    lines: usize,
    inner: f32,
}

const WHOLE: Strictness = Strictness {
    frame_line: 0.5,
    frame_total: 2.0,
    lines: 7,
    inner: 0.3,
};
const PARTLY_HIDDEN: Strictness = Strictness {
    frame_line: 0.08,
    frame_total: 2.0,
    lines: 6,
    inner: 0.08,
};

fn best_frame(h: &[Line], v: &[Line], l: &Luma, need: Strictness) -> Option<Frame> {
    let min_size = l.width.min(l.height) as f32 * 0.25;
    let hp = regular_pairs(h, min_size);
    let vp = regular_pairs(v, min_size);
    let mut best: Option<Frame> = None;
    for &(t, b) in &hp {
        for &(le, r) in &vp {
            let (top, bottom, left, right) = (h[t].pos, h[b].pos, v[le].pos, v[r].pos);
            let ratio = (bottom - top) / (right - left);
            if !(0.8..=1.25).contains(&ratio) {
                continue;
            }
            let frame_cov = [
                h[t].coverage(left, right),
                h[b].coverage(left, right),
                v[le].coverage(top, bottom),
                v[r].coverage(top, bottom),
            ];
            if frame_cov.iter().any(|&c| c < need.frame_line)
                || frame_cov.iter().sum::<f32>() < need.frame_total
            {
                continue;
            }
            let rows = place(h, top, bottom, (left, right), need.inner);
            let cols = place(v, left, right, (top, bottom), need.inner);
            let (nr, nc) = (count(&rows), count(&cols));
            if nr < need.lines || nc < need.lines {
                continue;
            }
            let score = (nr + nc) as f32 - 2.0 + frame_cov.iter().sum::<f32>() / 2.0;
            let area = (bottom - top) * (right - left);
            let better = best
                .as_ref()
                .is_none_or(|f| score > f.score + 0.5 || (score > f.score - 0.5 && area > f.area));
            if better {
                best = Some(Frame {
                    rows,
                    cols,
                    score,
                    area,
                });
            }
        }
    }
    best
}

/// For each of the ten positions between `first` and `last`, the line found there that covers at
/// least `min_cover` of the grid's other extent.
fn place(
    lines: &[Line],
    first: f32,
    last: f32,
    across: (f32, f32),
    min_cover: f32,
) -> [Option<usize>; 10] {
    let step = (last - first) / 9.0;
    let tol = (0.12 * step).max(2.0);
    let mut out = [None; 10];
    for (k, slot) in out.iter_mut().enumerate() {
        let want = first + k as f32 * step;
        let start = lines.partition_point(|l| l.pos < want - tol);
        *slot = within(lines, want, tol)
            .iter()
            .enumerate()
            .filter(|(_, l)| l.coverage(across.0, across.1) >= min_cover)
            .min_by(|a, b| (a.1.pos - want).abs().total_cmp(&(b.1.pos - want).abs()))
            .map(|(i, _)| start + i);
    }
    out
}

fn count(slots: &[Option<usize>; 10]) -> usize {
    slots.iter().filter(|s| s.is_some()).count()
}

/// Line positions and thicknesses; missing ones from a least-squares fit through the found ones.
fn refine(slots: &[Option<usize>; 10], lines: &[Line]) -> ([f32; 10], [f32; 10]) {
    let found: Vec<(f32, f32)> = slots
        .iter()
        .enumerate()
        .filter_map(|(k, s)| s.map(|i| (k as f32, lines[i].pos)))
        .collect();
    let n = found.len() as f32;
    let (sk, sp) = found
        .iter()
        .fold((0.0, 0.0), |a, &(k, p)| (a.0 + k, a.1 + p));
    let (mk, mp) = (sk / n, sp / n);
    let (cov, var) = found.iter().fold((0.0, 0.0), |a, &(k, p)| {
        (a.0 + (k - mk) * (p - mp), a.1 + (k - mk) * (k - mk))
    });
    let slope = cov / var;
    let mut thin: Vec<f32> = slots
        .iter()
        .flatten()
        .map(|&i| lines[i].thickness)
        .collect();
    thin.sort_by(f32::total_cmp);
    let typical = thin.first().copied().unwrap_or(1.0);
    let mut pos = [0.0; 10];
    let mut thick = [0.0; 10];
    for k in 0..10 {
        match slots[k] {
            Some(i) => {
                pos[k] = lines[i].pos;
                thick[k] = lines[i].thickness;
            }
            None => {
                pos[k] = mp + slope * (k as f32 - mk);
                thick[k] = typical;
            }
        }
    }
    (pos, thick)
}

/// Cells hidden by something drawn over the grid. Highlighted cells can hide single line segments
/// (a fill as dark as the line), but no highlight pattern an app draws (one selected cell, cells of
/// one digit, which never touch along an edge) hides three segments in a row of one line: that
/// takes a window over the grid.
fn covered_cells(g: &GridGeometry, frame: &Frame, h: &[Line], v: &[Line]) -> Vec<Cell> {
    // missing[axis][line][segment]
    let mut missing = [[[false; 9]; 10]; 2];
    // k and s index the geometry, the frame's lines and both axes of `missing` together.
    #[allow(clippy::needless_range_loop)]
    for k in 0..10 {
        for s in 0..9 {
            let (a, b) = (
                g.xs[s] + g.x_thickness[s] / 2.0,
                g.xs[s + 1] - g.x_thickness[s + 1] / 2.0,
            );
            missing[0][k][s] = frame.rows[k].is_none_or(|i| h[i].coverage(a, b) < 0.5);
            let (a, b) = (
                g.ys[s] + g.y_thickness[s] / 2.0,
                g.ys[s + 1] - g.y_thickness[s + 1] / 2.0,
            );
            missing[1][k][s] = frame.cols[k].is_none_or(|i| v[i].coverage(a, b) < 0.5);
        }
    }
    // Cells beside a segment in a run of three missing ones seed the covered area; it spreads to
    // neighbouring cells that lost at least two of their borders.
    let mut seeds = Vec::new();
    for (axis, lines) in missing.iter().enumerate() {
        for (k, segs) in lines.iter().enumerate() {
            for s in 0..9usize {
                let in_run =
                    (s.saturating_sub(2)..=s.min(6)).any(|a| segs[a..a + 3].iter().all(|&m| m));
                if !in_run {
                    continue;
                }
                for side in [k.wrapping_sub(1), k] {
                    let cell = if axis == 0 {
                        Cell::new(side, s)
                    } else {
                        Cell::new(s, side)
                    };
                    seeds.extend(cell);
                }
            }
        }
    }
    let lost = |c: Cell| {
        let (r, col) = (c.row(), c.col());
        [
            missing[0][r][col],
            missing[0][r + 1][col],
            missing[1][col][r],
            missing[1][col + 1][r],
        ]
        .iter()
        .filter(|&&m| m)
        .count()
            >= 2
    };
    let mut covered = [false; 81];
    let mut stack: Vec<Cell> = seeds.into_iter().filter(|&c| lost(c)).collect();
    while let Some(c) = stack.pop() {
        if std::mem::replace(&mut covered[c.index()], true) {
            continue;
        }
        let (r, col) = (c.row() as isize, c.col() as isize);
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            if let Some(n) = Cell::new((r + dr) as usize, (col + dc) as usize) {
                if !covered[n.index()] && lost(n) {
                    stack.push(n);
                }
            }
        }
    }
    Cell::all().filter(|c| covered[c.index()]).collect()
}
