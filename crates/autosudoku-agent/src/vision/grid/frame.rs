//! Grid candidates: pairs of lattices (rows, columns) scored by how the lines of each axis meet
//! the other's, how well they are covered and whether box lines and the frame fit; the best one
//! at a strictness (the whole grid, or one partly hidden), and the line positions refined from it.

use super::geometry::Cue;
use super::lattice::{lattices, Lattice};
use super::lines::{fit_slots, within, Line};
use crate::vision::parallel::map_halves;
use crate::vision::pixels::Luma;

/// A grid candidate: its rows and columns.
pub(super) struct Frame {
    pub rows: Lattice,
    pub cols: Lattice,
    pub score: f32,
    area: f32,
}

impl Frame {
    pub fn cue(&self, h: &[Line], v: &[Line]) -> Cue {
        if self.rows.doubled(h) >= 2 && self.cols.doubled(v) >= 2 {
            Cue::BoxPanels
        } else if self.rows.found() == 10 && self.cols.found() == 10 {
            Cue::FramedLines
        } else {
            Cue::InnerLines
        }
    }
}

/// How much of the grid must be visible: all of it normally; a window over the grid may hide most
/// of some lines, and the grid is still found (and its hidden cells reported) when nothing better is.
#[derive(Clone, Copy)]
pub(super) struct Strictness {
    /// Least mean coverage of the lines found.
    mean_cover: f32,
    /// Least lines found per axis (of ten), and the coverage each needs.
    lines: usize,
    pub inner: f32,
}

pub(super) const WHOLE: Strictness = Strictness {
    mean_cover: 0.5,
    lines: 7,
    inner: 0.3,
};
pub(super) const PARTLY_HIDDEN: Strictness = Strictness {
    mean_cover: 0.08,
    lines: 6,
    inner: 0.08,
};

/// What lines running past a candidate's ends cost (per cell run past, averaged over lines): more
/// than a line found, as a frame one cell out of phase gains a line from the app's chrome beside the
/// grid (a keypad's or toolbar's edge at the pitch of the cells) and loses nothing else.
const OVERRUN_WEIGHT: f32 = 3.0;

/// The best pair of lattices (rows, columns): most lines met by the other axis's lines, best
/// covered, with box lines in phase and no lines running on past the ends; among near-equals the
/// larger grid.
pub(super) fn best_frame(h: &[Line], v: &[Line], l: &Luma, need: Strictness) -> Option<Frame> {
    let (short, long) = (l.width.min(l.height) as f32, l.width.max(l.height) as f32);
    // A grid at least a quarter of the short side, at most the whole long side.
    let steps = (short * 0.25 / 9.0, long / 9.0);
    // The two axes' lattices are independent, and each is a few milliseconds on a busy screen.
    let axes = [(h, l.height), (v, l.width)];
    let mut both = map_halves(&axes, |&(lines, side)| lattices(lines, steps, side as f32));
    let (cols, rows) = (
        both.pop().unwrap_or_default(),
        both.pop().unwrap_or_default(),
    );
    let mut best: Option<Frame> = None;
    for r in &rows {
        for c in &cols {
            let ratio = r.step / c.step;
            if !(0.8..=1.25).contains(&ratio) {
                continue;
            }
            let rp = r.placed(h, (c.start, c.end()), need.inner);
            let cp = c.placed(v, (r.start, r.end()), need.inner);
            let (nr, nc) = (rp.found(), cp.found());
            if nr < need.lines || nc < need.lines {
                continue;
            }
            let cover = mean_cover(&rp, h, (c.start, c.end())) * nr as f32
                + mean_cover(&cp, v, (r.start, r.end())) * nc as f32;
            let cover = cover / (nr + nc) as f32;
            if cover < need.mean_cover {
                continue;
            }
            let rest = 2.0 * cover - 2.0
                + rp.box_evidence(h)
                + cp.box_evidence(v)
                + 0.6 * (symmetric(&rp) + symmetric(&cp));
            // At most every line is met and none runs past: a pair that could not win even so
            // skips the costlier checks (most pairs of a busy screen).
            let bound = (nr + nc) as f32 + rest;
            if best.as_ref().is_some_and(|f| bound <= f.score - 0.5) {
                continue;
            }
            let score = rp.met(&cp, v) + cp.met(&rp, h) + rest
                - OVERRUN_WEIGHT * (rp.overrun(h, &cp) + cp.overrun(v, &rp));
            let area = (r.end() - r.start) * (c.end() - c.start);
            let better = best
                .as_ref()
                .is_none_or(|f| score > f.score + 0.5 || (score > f.score - 0.5 && area > f.area));
            if better {
                best = Some(Frame {
                    rows: rp,
                    cols: cp,
                    score,
                    area,
                });
            }
        }
    }
    best
}

/// The mean coverage of a lattice's lines over `across`.
fn mean_cover(l: &Lattice, lines: &[Line], across: (f32, f32)) -> f32 {
    let c: Vec<f32> = l
        .slots
        .iter()
        .flatten()
        .map(|&i| lines[i].coverage(across.0, across.1))
        .collect();
    c.iter().sum::<f32>() / c.len().max(1) as f32
}

/// 1 when the lattice's two outer slots are alike (both drawn, or both not: a frame, or none);
/// one outer line missing alone more likely means the lattice is one cell out of phase.
fn symmetric(l: &Lattice) -> f32 {
    f32::from(u8::from(l.slots[0].is_some() == l.slots[9].is_some()))
}

/// Line positions and thicknesses; missing ones from a least-squares fit through the found ones.
/// Lines running alongside a slot's line across the grid (`across`) are one line with it: box
/// panels drawn apart leave two lines and a gap at a box edge, and no cell owns the gap.
pub(super) fn refine(
    lattice: &Lattice,
    lines: &[Line],
    across: (f32, f32),
) -> ([f32; 10], [f32; 10]) {
    let slots = &lattice.slots;
    let (start, slope) = fit_slots(slots, lines).unwrap_or((lattice.start, lattice.step));
    let mut thin: Vec<f32> = slots
        .iter()
        .flatten()
        .map(|&i| lines[i].thickness)
        .collect();
    thin.sort_by(f32::total_cmp);
    let typical = thin.first().copied().unwrap_or(1.0);
    let mut pos = [0.0; 10];
    let mut thick = [0.0; 10];
    let cover = |l: &Line| l.coverage(across.0, across.1);
    for k in 0..10 {
        match slots[k] {
            Some(i) => {
                let alongside = within(lines, lines[i].pos, 0.2 * slope.abs())
                    .iter()
                    .filter(|l| cover(l) >= 0.5 * cover(&lines[i]));
                let (lo, hi) = alongside.fold((f32::MAX, f32::MIN), |(lo, hi), l| {
                    (
                        lo.min(l.pos - l.thickness / 2.0),
                        hi.max(l.pos + l.thickness / 2.0),
                    )
                });
                pos[k] = (lo + hi) / 2.0;
                thick[k] = hi - lo;
            }
            None => {
                pos[k] = start + slope * k as f32;
                thick[k] = typical;
            }
        }
    }
    (pos, thick)
}
