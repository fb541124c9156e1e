//! Ten evenly spaced positions along one axis, and the found lines that sit on them: the grid's
//! lines seen one axis at a time. A lattice needs no frame: any two lines fix a step and a phase,
//! so grids drawn edge to edge with no outer border (the frame falls on the screen's edge or is
//! not drawn), or with only some lines visible, are lattices as much as framed ones.

use super::lines::{fit_slots, within, Line};
use std::collections::HashSet;

/// Least lines a lattice must have of its ten (the rest are absent, hidden or off screen).
pub const LEAST_LINES: usize = 6;

/// How many lattices per axis go on to be paired with the other axis: the ones whose lines are
/// longest for their size. Busy screens (JPEG noise, lists, keyboards) make thousands of weak
/// lattices; a grid's lines run the grid's whole length, so its lattice is among the first few.
const KEEP: usize = 40;

/// One axis of a grid candidate.
#[derive(Debug, Clone, PartialEq)]
pub struct Lattice {
    /// Position of slot 0 and the distance between slots, in pixels of the searched plane.
    pub start: f32,
    pub step: f32,
    /// Index (into the axis's lines) of the line at each slot.
    pub slots: [Option<usize>; 10],
}

impl Lattice {
    pub fn end(&self) -> f32 {
        self.start + 9.0 * self.step
    }

    pub fn at(&self, k: usize) -> f32 {
        self.start + k as f32 * self.step
    }

    pub fn found(&self) -> usize {
        self.slots.iter().flatten().count()
    }

    /// How far from its slot a line may be: JPEG blur, rounding and boxes drawn as panels with
    /// gaps (two lines either side of a box edge) move lines by up to a tenth of a cell.
    fn tolerance(step: f32) -> f32 {
        (0.12 * step).max(2.0)
    }

    /// The same lattice with only the lines that cover at least `min_cover` of `across` (the
    /// other axis's extent), each slot taking the nearest such line. This runs for every
    /// candidate of the grid search (tens of thousands on a busy screen): one binary search per
    /// slot, and no coverage sums when any line will do.
    pub fn placed(&self, lines: &[Line], across: (f32, f32), min_cover: f32) -> Lattice {
        let tol = Lattice::tolerance(self.step);
        let mut slots = [None; 10];
        for (k, slot) in slots.iter_mut().enumerate() {
            let want = self.at(k);
            let first = lines.partition_point(|l| l.pos < want - tol);
            *slot = lines[first..]
                .iter()
                .take_while(|l| l.pos <= want + tol)
                .enumerate()
                .filter(|(_, l)| min_cover <= 0.0 || l.coverage(across.0, across.1) >= min_cover)
                .min_by(|a, b| (a.1.pos - want).abs().total_cmp(&(b.1.pos - want).abs()))
                .map(|(i, _)| first + i);
        }
        Lattice { slots, ..*self }
    }

    /// The lattice's lines' drawn lengths in grid lengths (each counted up to one), summed: 10 for a
    /// grid with every line drawn across it.
    pub fn length(&self, lines: &[Line]) -> f32 {
        let grid = 9.0 * self.step;
        self.slots
            .iter()
            .flatten()
            .map(|&i| {
                let drawn: u32 = lines[i].spans.iter().map(|(a, b)| b - a).sum();
                (drawn as f32 / grid).min(1.0)
            })
            .sum()
    }

    /// This lattice's lines that meet the other axis's, counted up to one each: a line counts fully
    /// when at least half of `other`'s lines reach it (cover most of the half cell beside it inside
    /// the grid), less when fewer do. A grid's lines cross each other; an edge of the app's
    /// chrome that happens to fall at the pitch of the cells (a keypad's top, an icon's underline)
    /// is met by none of them. Highlights that hide lines (a selected row) cost the lines they hide.
    pub fn met(&self, other: &Lattice, other_lines: &[Line]) -> f32 {
        let found = || other.slots.iter().flatten().map(|&i| &other_lines[i]);
        let n = other.found().max(1) as f32;
        let half = self.step / 2.0;
        (0..10)
            .filter(|&k| self.slots[k].is_some())
            .map(|k| {
                let p = self.at(k);
                let (a, b) = match k {
                    0 => (p, p + half),
                    9 => (p - half, p),
                    _ => (p - half, p + half),
                };
                let reach = found().filter(|l| l.coverage(a, b) >= 0.5).count();
                (2.0 * reach as f32 / n).min(1.0)
            })
            .sum()
    }

    /// How far this lattice's lines run on past the ends of `other` (the other axis's lattice), in
    /// cells, averaged over the lines: 0 when they stop at the grid's edge, up to 2 when every line
    /// runs a whole cell past both. A grid's lines end at its frame, drawn or not; a lattice one
    /// or more cells out of phase along the other axis (taking a keypad's or a toolbar's edges
    /// for its last rows) leaves the lines running past one end and short of the other.
    pub fn overrun(&self, lines: &[Line], other: &Lattice) -> f32 {
        let tol = Lattice::tolerance(other.step);
        let (a, b) = (other.start, other.end());
        let runs: f32 = self
            .slots
            .iter()
            .flatten()
            .map(|&i| {
                lines[i].coverage(a - other.step, a - tol)
                    + lines[i].coverage(b + tol, b + other.step)
            })
            .sum();
        runs / self.found().max(1) as f32
    }

    /// How many of the box slots (0, 3, 6, 9) hold two lines: panels drawn apart with a gap.
    pub fn doubled(&self, lines: &[Line]) -> usize {
        let tol = Lattice::tolerance(self.step);
        [0, 3, 6, 9]
            .iter()
            .filter(|&&k| self.slots[k].is_some() && within(lines, self.at(k), tol).len() >= 2)
            .count()
    }

    /// How much the lines say this is the grid's phase: Sudoku grids mark their 3x3 boxes with
    /// heavier lines, or with two lines (panels with a gap), at slots 0, 3, 6 and 9. +1 when those
    /// slots are heavier than the lines of either other phase (slots 1, 4, 7 and 2, 5, 8), -1 when
    /// one other phase is heavier than them (the box lines sit there: the lattice is one or two
    /// cells out of phase), 0 when all lines look alike.
    pub fn box_evidence(&self, lines: &[Line]) -> f32 {
        let tol = Lattice::tolerance(self.step);
        let phase = |p: usize| {
            let w: Vec<f32> = (p..10)
                .step_by(3)
                .filter(|&k| self.slots[k].is_some())
                .map(|k| {
                    within(lines, self.at(k), tol)
                        .iter()
                        .map(|l| l.thickness)
                        .sum()
                })
                .collect();
            (!w.is_empty()).then(|| w.iter().sum::<f32>() / w.len() as f32)
        };
        let boxes = phase(0);
        let cells = [phase(1), phase(2)];
        let heaviest_cells = cells.iter().flatten().copied().reduce(f32::max);
        match (boxes, heaviest_cells) {
            (Some(b), Some(c)) if b >= 1.3 * c => 1.0,
            (Some(b), Some(c)) if c >= 1.3 * b => -1.0,
            _ => 0.0,
        }
    }
}

/// Every lattice with at least `LEAST_LINES` lines whose cells are `steps` long (min, max) and that
/// lies on a plane `side` pixels long (its outer slots may sit just past the edges, where a grid
/// drawn edge to edge has its frame), each once.
pub fn lattices(lines: &[Line], steps: (f32, f32), side: f32) -> Vec<Lattice> {
    // Slots as plain words hash in one write (Options of usize hash in twenty): a busy screen
    // makes tens of thousands of placements.
    let key = |l: &Lattice| l.slots.map(|s| s.map_or(u32::MAX, |i| i as u32));
    let mut seen: HashSet<[u32; 10]> = HashSet::new();
    let mut out = Vec::new();
    for i in 0..lines.len() {
        for j in i + 1..lines.len() {
            let d = lines[j].pos - lines[i].pos;
            for n in 1..=9usize {
                let step = d / n as f32;
                if step < steps.0 || step > steps.1 {
                    continue;
                }
                for a in 0..=9 - n {
                    let start = lines[i].pos - a as f32 * step;
                    let slack = 0.2 * step;
                    if start < -slack || start + 9.0 * step > side + slack {
                        continue;
                    }
                    let l = Lattice {
                        start,
                        step,
                        slots: [None; 10],
                    }
                    .placed(lines, (f32::MIN, f32::MAX), 0.0);
                    if l.found() >= LEAST_LINES && seen.insert(key(&l)) {
                        out.push(fitted(l, lines));
                    }
                }
            }
        }
    }
    let mut ranked: Vec<(f32, Lattice)> = out.into_iter().map(|l| (l.length(lines), l)).collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    ranked.truncate(KEEP);
    ranked.into_iter().map(|(_, l)| l).collect()
}

/// Start and step from a least-squares fit through the lattice's lines.
fn fitted(l: Lattice, lines: &[Line]) -> Lattice {
    match fit_slots(&l.slots, lines) {
        Some((start, step)) => Lattice { start, step, ..l },
        None => l,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(pos: f32, thickness: f32) -> Line {
        Line {
            pos,
            thickness,
            spans: vec![(0, 1000)],
        }
    }

    #[test]
    fn a_grid_without_its_frame_is_found_with_its_box_lines_in_phase() {
        // Edge to edge on a 900-pixel plane: slots 0 and 9 fall on the edges and are not drawn;
        // box lines (3, 6) are heavier, and there is a stray line of text below the grid's middle.
        let mut ls: Vec<Line> = (1..9)
            .map(|k| line(k as f32 * 100.0, if k % 3 == 0 { 4.0 } else { 1.0 }))
            .collect();
        ls.push(line(455.0, 1.0));
        ls.sort_by(|a, b| a.pos.total_cmp(&b.pos));
        let found = lattices(&ls, (50.0, 120.0), 900.0);
        let best = found
            .iter()
            .max_by(|a, b| {
                (a.found() as f32 + a.box_evidence(&ls))
                    .total_cmp(&(b.found() as f32 + b.box_evidence(&ls)))
            })
            .expect("a lattice");
        assert_eq!(best.found(), 8);
        assert!((best.start - 0.0).abs() < 0.5 && (best.step - 100.0).abs() < 0.1);
        assert_eq!(best.box_evidence(&ls), 1.0);
        assert!(found.iter().all(|l| l.end() <= 900.0 + 0.2 * l.step));
    }
}
