//! A board of any side found from the grid search's line candidates: N+1 evenly spaced lines each
//! way (N = 4, 6, 8, 9, 12 or 16), each running across the other axis's lines and no further,
//! with no other line across the frame. The last two rules make the side certain: every other
//! line of a 12x12 board is a 6x6 lattice, but its skipped lines cross the frame; ten lines of a
//! 16x16 board are a 9x9 lattice, but they run on past it.

use crate::vision::grid::lines::{fit_slots, near, Line};

/// The sides a board may have.
pub const SIDES: [usize; 6] = [4, 6, 8, 9, 12, 16];

/// How much of the frame a grid line covers at least (digits and highlights break it up).
const ACROSS: f32 = 0.6;

/// One axis of a board: a line (its index among the axis's lines) at each of the N+1 slots, or
/// none at an outer slot on the plane's edge (a board drawn edge to edge), and the fitted slots.
#[derive(Debug, Clone, PartialEq)]
pub struct Axis {
    pub start: f32,
    pub step: f32,
    pub slots: Vec<Option<usize>>,
}

impl Axis {
    pub fn side(&self) -> usize {
        self.slots.len() - 1
    }

    pub fn at(&self, k: usize) -> f32 {
        self.start + k as f32 * self.step
    }

    fn span(&self) -> (f32, f32) {
        (self.start, self.at(self.side()))
    }
}

/// The board's two axes: `rows` from the horizontal lines, `cols` from the vertical ones.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    pub rows: Axis,
    pub cols: Axis,
}

/// The largest board the lines make, if any: `h` and `v` are the horizontal and vertical line
/// candidates of a plane `size` (width, height) pixels.
pub fn best_frame(h: &[Line], v: &[Line], size: (f32, f32)) -> Option<Frame> {
    let min_step = size.0.min(size.1) / 60.0;
    let rows = axes(h, size.1, min_step);
    let cols = axes(v, size.0, min_step);
    let mut best: Option<(f32, Frame)> = None;
    for r in &rows {
        for c in cols.iter().filter(|c| c.side() == r.side()) {
            if (r.step / c.step - 1.0).abs() > 0.1 || !crosses(r, h, c) || !crosses(c, v, r) {
                continue;
            }
            let area = r.step * c.step * (r.side() * r.side()) as f32;
            if best.as_ref().is_none_or(|b| area > b.0 * 1.01) {
                let frame = Frame {
                    rows: r.clone(),
                    cols: c.clone(),
                };
                best = Some((area, frame));
            }
        }
    }
    best.map(|b| b.1)
}

/// Every lattice of N+1 lines along one axis, from each line and one of its next three at least
/// half as long as neighbouring slots: the strokes of a full board's digits are short lines, six
/// of them between two grid lines on a 6x6 board near its end.
fn axes(lines: &[Line], length: f32, min_step: f32) -> Vec<Axis> {
    let mut out: Vec<Axis> = Vec::new();
    let drawn = |l: &Line| l.spans.iter().map(|&(a, b)| b - a).sum::<u32>();
    for i in 0..lines.len() {
        let next = (i + 1..lines.len())
            .filter(|&j| 2 * drawn(&lines[j]) >= drawn(&lines[i]))
            .take(3);
        for j in next {
            let step = lines[j].pos - lines[i].pos;
            if step < min_step {
                continue;
            }
            for n in SIDES
                .into_iter()
                .filter(|&n| n as f32 * step <= length * 1.05)
            {
                for a in 0..n {
                    let start = lines[i].pos - a as f32 * step;
                    if let Some(axis) = placed(lines, start, step, n, length) {
                        if !out.contains(&axis) {
                            out.push(axis);
                        }
                    }
                }
            }
        }
    }
    out
}

/// The lattice at `start`, `step` with its lines, refitted through them; `None` when a slot has
/// no line, unless it is an outer slot at the plane's edge.
fn placed(lines: &[Line], start: f32, step: f32, n: usize, length: f32) -> Option<Axis> {
    let tol = (0.12 * step).max(1.5);
    let mut slots = Vec::with_capacity(n + 1);
    for k in 0..=n {
        let want = start + k as f32 * step;
        let found = near(lines, want, tol).map(|l| index_of(lines, l));
        let at_edge = (k == 0 && want <= tol + 1.0) || (k == n && want >= length - tol - 1.0);
        if found.is_none() && !at_edge {
            return None;
        }
        slots.push(found);
    }
    let (start, step) = fit_slots(&slots, lines)?;
    Some(Axis { start, step, slots })
}

fn index_of(lines: &[Line], line: &Line) -> usize {
    lines.partition_point(|l| l.pos < line.pos)
}

/// Whether `axis`'s lines run across `other`'s span and not on across another cell past it (a
/// line may go on further apart, through a keypad's keys), and no other line of `lines` crosses
/// that span between them.
fn crosses(axis: &Axis, lines: &[Line], other: &Axis) -> bool {
    let (a, b) = other.span();
    let slack = other.step / 4.0;
    let slotted = |i: usize| axis.slots.contains(&Some(i));
    let (lo, hi) = axis.span();
    let tol = axis.step * 0.12;
    lines.iter().enumerate().all(|(i, l)| {
        let across = l.coverage(a, b) >= ACROSS;
        if slotted(i) {
            let past = |from: f32, to: f32| l.coverage(from, to) >= ACROSS;
            across && !past(a - other.step, a - slack) && !past(b + slack, b + other.step)
        } else {
            !across || l.pos < lo - tol || l.pos > hi + tol
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(n: usize, step: f32, from: f32, spans: (u32, u32)) -> Vec<Line> {
        (0..=n)
            .map(|k| Line {
                pos: from + k as f32 * step,
                thickness: 1.0,
                spans: vec![spans],
            })
            .collect()
    }

    #[test]
    fn the_side_is_the_lattice_with_no_line_skipped_and_none_running_past() {
        for n in SIDES {
            let step = 480.0 / n as f32;
            let end = (10.0 + 480.0) as u32;
            let h = lines(n, step, 10.0, (10, end));
            let v = lines(n, step, 10.0, (10, end));
            let f = best_frame(&h, &v, (500.0, 900.0)).expect("a board");
            assert_eq!((f.rows.side(), f.cols.side()), (n, n));
            assert!((f.cols.start - 10.0).abs() < 0.1 && (f.cols.step - step).abs() < 0.01);
        }
    }

    #[test]
    fn a_board_drawn_edge_to_edge_has_no_outer_lines() {
        let h = lines(6, 80.0, 100.0, (0, 480));
        let mut v = lines(6, 80.0, 0.0, (100, 580));
        v.remove(6);
        v.remove(0);
        let f = best_frame(&h, &v, (480.0, 900.0)).expect("a board");
        assert_eq!(f.cols.side(), 6);
        assert_eq!((f.cols.slots[0], f.cols.slots[6]), (None, None));
    }

    #[test]
    fn short_strokes_between_the_lines_do_not_hide_the_board() {
        // A full 6x6 board's digits: four short vertical strokes in every cell.
        let h = lines(6, 80.0, 100.0, (10, 490));
        let mut v = lines(6, 80.0, 10.0, (100, 580));
        for k in 0..6 {
            for s in [20.0, 30.0, 45.0, 60.0] {
                let pos = 10.0 + k as f32 * 80.0 + s;
                v.push(Line {
                    pos,
                    thickness: 1.0,
                    spans: vec![(120, 140)],
                });
            }
        }
        v.sort_by(|a, b| a.pos.total_cmp(&b.pos));
        let f = best_frame(&h, &v, (500.0, 900.0)).expect("a board");
        assert_eq!((f.rows.side(), f.cols.side()), (6, 6));
    }

    #[test]
    fn stray_lines_make_no_board() {
        let h = lines(3, 80.0, 100.0, (0, 480));
        let v = lines(3, 80.0, 0.0, (100, 340));
        assert_eq!(best_frame(&h, &v, (480.0, 900.0)), None);
    }
}
