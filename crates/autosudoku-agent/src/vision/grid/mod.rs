//! Finding the 9x9 grid on a whole screenshot with no prior knowledge of the app: line masks in
//! both polarities, line candidates, the largest square-ish frame with ten evenly spaced lines each
//! way, refined positions, the 81 cell boxes, and whether a dialog hides part of it.

pub mod lattice;
pub mod lines;
mod mask;
mod segment;

use crate::geometry::Rect;
use crate::vision::pixels::planes::{Planes, Shrunk};
use crate::vision::pixels::{Luma, Polarity};
use crate::vision::{map_halves, VisionError};
use autosudoku_core::sudoku::Cell;
use lattice::{lattices, Lattice};
use lines::{find_lines, near, within, Line};
use mask::{line_mask, Axis};
use segment::{Segment, Traces};
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
    /// What the grid was found by.
    pub cue: Cue,
}

/// The evidence a grid was found from (reported by `read --json` and drawn by `--annotate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cue {
    /// All ten lines each way, the frame included.
    FramedLines,
    /// The inner lines, with no outer frame on at least one side (grids drawn edge to edge or
    /// unframed, or lines hidden under something).
    InnerLines,
    /// Box panels drawn apart with a gap: two lines at box edges.
    BoxPanels,
    /// Cell lines only a few levels off the paper, found by the second, low-contrast search when
    /// no grid stood out (dark themes that draw only the box lines plainly).
    FaintLines,
}

impl Cue {
    pub fn name(self) -> &'static str {
        match self {
            Cue::FramedLines => "framed lines",
            Cue::InnerLines => "inner lines",
            Cue::BoxPanels => "box panels",
            Cue::FaintLines => "faint lines",
        }
    }
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

    /// Segment `s` (between crossings `s` and `s + 1`) of line `k` of `axis` (0: the horizontal
    /// lines, 1: the vertical ones), between the inner edges of the crossing lines.
    fn segment(&self, axis: usize, k: usize, s: usize) -> Segment {
        let (lines, thick, crossing, crossing_thick, axis) = match axis {
            0 => (
                &self.ys,
                &self.y_thickness,
                &self.xs,
                &self.x_thickness,
                Axis::Horizontal,
            ),
            _ => (
                &self.xs,
                &self.x_thickness,
                &self.ys,
                &self.y_thickness,
                Axis::Vertical,
            ),
        };
        Segment {
            axis,
            at: lines[k],
            thickness: thick[k],
            along: (
                crossing[s] + crossing_thick[s] / 2.0,
                crossing[s + 1] - crossing_thick[s + 1] / 2.0,
            ),
        }
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

/// A grid candidate: its rows and columns.
struct Frame {
    rows: Lattice,
    cols: Lattice,
    score: f32,
    area: f32,
}

impl Frame {
    fn cue(&self, h: &[Line], v: &[Line]) -> Cue {
        if self.rows.doubled(h) >= 2 && self.cols.doubled(v) >= 2 {
            Cue::BoxPanels
        } else if self.rows.found() == 10 && self.cols.found() == 10 {
            Cue::FramedLines
        } else {
            Cue::InnerLines
        }
    }
}

/// Finds the grid. Works on the copies about 540 pixels across that keep each block's ink (made
/// with the luma plane), trying the polarity the screen suggests first.
pub fn detect(planes: &Planes) -> Result<GridFound, VisionError> {
    let search_start = std::time::Instant::now();
    let found = search(planes);
    tracing::trace!(elapsed = ?search_start.elapsed(), "grid found");
    let f = planes.factor;
    let GridFound {
        mut geometry,
        covered,
    } = found.ok_or(VisionError::NoGrid {
        width: planes.luma.width,
        height: planes.luma.height,
    })?;
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

/// A frame's grid, in pixels of the searched plane, and the cells something drawn over it hides.
fn assess(
    frame: &Frame,
    (h, v): &Axes,
    polarity: Polarity,
    contrast: i16,
    traces: &Traces,
) -> GridFound {
    let (ys, y_thickness) = refine(&frame.rows, h, (frame.cols.start, frame.cols.end()));
    let (xs, x_thickness) = refine(&frame.cols, v, (frame.rows.start, frame.rows.end()));
    let geometry = GridGeometry {
        xs,
        ys,
        x_thickness,
        y_thickness,
        polarity,
        cue: if contrast == FAINT_LINE_CONTRAST {
            Cue::FaintLines
        } else {
            frame.cue(h, v)
        },
    };
    let covered = covered_cells(&geometry, frame, (h, v), traces);
    GridFound { geometry, covered }
}

/// Line candidates of each axis: horizontal, vertical.
type Axes = (Vec<Line>, Vec<Line>);

/// The best grid: the whole grid at the usual line contrast first, in the expected polarity
/// first, then one partly hidden, from the luma lines; then the same with the tone's lines too;
/// then all again from faint luma lines.
///
/// The tone's lines join only when luma's make no grid, or one with cells covered: they find the
/// grey lines under the app's tints (the selected row, column and box, same-digit cells darker
/// than the lines in luma), but beside saturated strokes they find shadows too. On the real
/// screens, the tone in every search cost 3 exact boards, and before luma's partly hidden grids
/// 1 (a JPEG whose luma grid is found only partly, in the other polarity, with no cell covered,
/// where the tone's whole grid has 18).
///
/// Luma's grid stands unless the tone's leaves fewer cells covered. A card over the board hides
/// its lines in every plane; a tint hides them in luma only, and there luma's verdict took the
/// tinted cells for a card, or its search for a partly hidden grid put the lattice two rows out
/// of phase or at half the pitch (every cell covered), on box panels under strong tints where
/// the tone's lines make the whole grid. Of the real screens this changes one read: a share
/// sheet over a board's lower third (huhx-neg-1), where the tone puts the grid in place with the
/// cells under the sheet covered (26 with segment.rs's traces; luma's grid had 71 before them);
/// still refused.
fn search(planes: &Planes) -> Option<GridFound> {
    for contrast in [LINE_CONTRAST, FAINT_LINE_CONTRAST] {
        // Faint tone lines are mostly JPEG noise in the brightest or dimmest channel.
        let tones: &[bool] = if contrast == LINE_CONTRAST {
            &[false, true]
        } else {
            &[false]
        };
        let mut best: Option<GridFound> = None;
        for &tone in tones {
            let Some(grid) = first_grid(planes, tone, contrast) else {
                continue;
            };
            if best
                .as_ref()
                .is_none_or(|b| grid.covered.len() < b.covered.len())
            {
                best = Some(grid);
            }
            if best.as_ref().is_some_and(|b| b.covered.is_empty()) {
                break;
            }
        }
        if best.is_some() {
            return best;
        }
    }
    None
}

/// The grid of the first frame found in one plane set's lines (luma, or luma and tone) at
/// `contrast`: the whole grid first, then one partly hidden; the polarity the screen suggests
/// first, and the other's frame when it scores higher. Each polarity makes its lines once.
fn first_grid(planes: &Planes, tone: bool, contrast: i16) -> Option<GridFound> {
    let f = planes.factor;
    let traces = Traces {
        luma: &planes.luma,
        factor: f,
        reach: reach(planes.luma.width.min(planes.luma.height) / f) * f,
    };
    let guess = planes.polarity;
    let other = match guess {
        Polarity::DarkOnLight => Polarity::LightOnDark,
        Polarity::LightOnDark => Polarity::DarkOnLight,
    };
    let mut lines: [Option<Axes>; 2] = Default::default();
    for need in [WHOLE, PARTLY_HIDDEN] {
        let mut best: Option<(GridFound, f32)> = None;
        for (n, polarity) in [guess, other].into_iter().enumerate() {
            let l = planes.shrunk(polarity);
            let t0 = std::time::Instant::now();
            let axes = lines[n].get_or_insert_with(|| candidate_lines(l, tone, polarity, contrast));
            let t1 = t0.elapsed();
            let found = best_frame(&axes.0, &axes.1, l.luma, need);
            tracing::trace!(lines = ?t1, frames = ?(t0.elapsed() - t1), h = axes.0.len(), v = axes.1.len(), ?polarity, contrast, tone, "grid search");
            let Some(fr) = found else { continue };
            if best.as_ref().is_none_or(|b| fr.score > b.1) {
                best = Some((assess(&fr, axes, polarity, contrast, &traces), fr.score));
            }
            // A full-strength frame in the expected polarity needs no second opinion.
            if fr.score >= 16.0 {
                break;
            }
        }
        if let Some((grid, _)) = best {
            return Some(grid);
        }
    }
    None
}

/// How much more ink than the paper either side a pixel needs to be part of a line: grid lines
/// stand out by tens of luma levels on almost every app.
const LINE_CONTRAST: i16 = 10;

/// The same for the second search, when no grid stands out: some dark themes draw the cell lines
/// a few levels off the paper (4-5 levels, through JPEG noise of 1-2, on one real app) and only the
/// box lines stand out.
const FAINT_LINE_CONTRAST: i16 = 4;

/// Line candidates of both axes, from line pixels in luma, and with `tone` in luma or in the
/// hue-blind tone: the app's coloured highlights (a tinted row and box, same-digit cells) can be
/// darker than the grey cell lines through them in luma, never in tone. The reach across a line grows with the screen so
/// that thick box lines of big screens still have paper on both sides. A second mask half as wide again finds the
/// gaps between box panels drawn apart on the screen's background (about 1.5% of the short side
/// on one skin, the only lines at its box edges); widening the one reach instead loses lines
/// beside digits and JPEG block edges (3 exact boards fewer of the real screens).
fn candidate_lines(
    l: Shrunk,
    tone: bool,
    polarity: Polarity,
    contrast: i16,
) -> (Vec<Line>, Vec<Line>) {
    let short = l.luma.width.min(l.luma.height);
    let reach = reach(short);
    let min_run = (short / 40).max(8);
    let gap = (short / 300).max(2);
    // One axis per thread: the two masks are independent.
    let mut both = map_halves(&[Axis::Horizontal, Axis::Vertical], |&axis| {
        let planes: &[&Luma] = if tone { &[l.luma, l.tone] } else { &[l.luma] };
        let lines = |reach| {
            find_lines(
                &line_mask(planes, polarity, axis, reach, contrast),
                min_run,
                gap,
            )
        };
        with_gaps(lines(reach), lines(reach * 3 / 2))
    });
    let v = both.pop().unwrap_or_default();
    let h = both.pop().unwrap_or_default();
    (h, v)
}

/// How far across a line the line masks look for paper, on a plane `short` pixels on its short side.
fn reach(short: u32) -> u32 {
    (short / 120).max(3)
}

/// The lines of the usual reach, each replaced by the wide reach's line at its place when that is
/// drawn over more than half as long again (a panel gap, where the usual reach sees only the odd
/// crossing), and the wide lines with none of the usual reach at their place. The wide reach
/// otherwise only joins strokes beside a line (notes by a box line) into it, making it thicker.
fn with_gaps(usual: Vec<Line>, wide: Vec<Line>) -> Vec<Line> {
    let drawn = |l: &Line| l.spans.iter().map(|(a, b)| b - a).sum::<u32>() as f32;
    let mut out: Vec<Line> = usual
        .iter()
        .filter(|u| {
            !near(&wide, u.pos, u.thickness.max(2.0)).is_some_and(|w| drawn(w) > 1.5 * drawn(u))
        })
        .cloned()
        .collect();
    out.extend(wide.into_iter().filter(|w| {
        near(&usual, w.pos, w.thickness.max(2.0)).is_none_or(|u| drawn(w) > 1.5 * drawn(u))
    }));
    out.sort_by(|a, b| a.pos.total_cmp(&b.pos));
    out
}

/// How much of the grid must be visible: all of it normally; a window over the grid may hide most
/// of some lines, and the grid is still found (and its hidden cells reported) when nothing better is.
#[derive(Clone, Copy)]
struct Strictness {
    /// Least mean coverage of the lines found.
    mean_cover: f32,
    /// Least lines found per axis (of ten), and the coverage each needs.
    lines: usize,
    inner: f32,
}

const WHOLE: Strictness = Strictness {
    mean_cover: 0.5,
    lines: 7,
    inner: 0.3,
};
const PARTLY_HIDDEN: Strictness = Strictness {
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
fn best_frame(h: &[Line], v: &[Line], l: &Luma, need: Strictness) -> Option<Frame> {
    let (short, long) = (l.width.min(l.height) as f32, l.width.max(l.height) as f32);
    // A grid at least a quarter of the short side, at most the whole long side.
    let steps = (short * 0.25 / 9.0, long / 9.0);
    let rows = lattices(h, steps, l.height as f32);
    let cols = lattices(v, steps, l.width as f32);
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
fn refine(lattice: &Lattice, lines: &[Line], across: (f32, f32)) -> ([f32; 10], [f32; 10]) {
    let slots = &lattice.slots;
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
                pos[k] = mp + slope * (k as f32 - mk);
                thick[k] = typical;
            }
        }
    }
    (pos, thick)
}

/// How much of `span` slot `k`'s line covers; `None` for an outer line not drawn at all, which is
/// the app's style (grids edge to edge, or without a frame), not something over the grid.
fn cover(l: &Lattice, k: usize, lines: &[Line], span: (f32, f32)) -> Option<f32> {
    match l.slots[k] {
        Some(i) => Some(lines[i].coverage(span.0, span.1)),
        None if k == 0 || k == 9 => None,
        None => Some(0.0),
    }
}

/// Least segments cut part-way along the edge of a covered area for it to be a window (when it is
/// not wide enough to be one anyway): a card over the grid has edges of its own that cut lines
/// mid-cell, while the app's highlights (a selected row, column, box or cell, same-digit tints)
/// fill whole cells and hide whole segments.
const WINDOW_CUTS: usize = 2;

/// Cells hidden by something drawn over the grid. Highlighted cells can hide single line segments
/// (a fill as dark as the line), but no highlight pattern an app draws (one selected cell, cells of
/// one digit, which never touch along an edge) hides three segments in a row of one line: that
/// takes a window over the grid. A segment the found lines miss is hidden only when `traces` find
/// no trace of it either (no line of the other polarity, however faint, and no change of fill):
/// a checkerboard of box fills shows its grey lines light on one fill and dark on the other, and
/// its box edges as the change of fill alone, while a card's one fill hides them all.
fn covered_cells(
    g: &GridGeometry,
    frame: &Frame,
    (h, v): (&[Line], &[Line]),
    traces: &Traces,
) -> Vec<Cell> {
    // Every line drawn at a slot, however little of the grid it covers: the finder leaves out a
    // line that covers too little when the rest of the grid is whole, but an outer line left out
    // that way is hidden (a card over the edge column), not absent like a frame the app never
    // draws, and its hidden part counts.
    let rows = frame
        .rows
        .placed(h, (frame.cols.start, frame.cols.end()), PARTLY_HIDDEN.inner);
    let cols = frame
        .cols
        .placed(v, (frame.rows.start, frame.rows.end()), PARTLY_HIDDEN.inner);
    // cover[axis][line][segment]
    let mut cover_of = [[[None; 9]; 10]; 2];
    let mut missing = [[[false; 9]; 10]; 2];
    for (axis, (lattice, lines)) in [(&rows, h), (&cols, v)].into_iter().enumerate() {
        for k in 0..10 {
            for s in 0..9 {
                let seg = g.segment(axis, k, s);
                let c = cover(lattice, k, lines, seg.along);
                cover_of[axis][k][s] = c;
                missing[axis][k][s] = c.is_some_and(|c| c < 0.5) && !traces.drawn(seg);
            }
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
    let lost = |c: Cell| borders_lost(&missing, c) >= 2;
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
    // Whether segment `s` of line `k` on `axis` borders a covered cell.
    let beside = |axis: usize, k: usize, s: usize| {
        [k.wrapping_sub(1), k].iter().any(|&side| {
            let cell = if axis == 0 {
                Cell::new(side, s)
            } else {
                Cell::new(s, side)
            };
            cell.is_some_and(|c| covered[c.index()])
        })
    };
    // Segments cut part-way beside the covered cells, or where a line runs on under them: a
    // window's edges. A highlight hides whole segments, so its lines end at a crossing; a card's
    // edge stops a line wherever it falls, mid-cell, also when it runs along a grid line. A line
    // the found lines cover only in part may be drawn all along, faint or in the other polarity
    // (broken by JPEG noise, or light on one box fill and dark on the next): that is no cut.
    let mut cuts = 0;
    for (axis, lines) in cover_of.iter().enumerate() {
        for (k, segs) in lines.iter().enumerate() {
            for (s, c) in segs.iter().enumerate() {
                let Some(c) = *c else { continue };
                let runs_under = [s.wrapping_sub(1), s + 1]
                    .iter()
                    .any(|&t| t < 9 && missing[axis][k][t] && beside(axis, k, t));
                if c >= 0.85 || !(beside(axis, k, s) || runs_under) {
                    continue;
                }
                let c = c.max(traces.share(g.segment(axis, k, s)));
                cuts += usize::from((0.12..0.85).contains(&c));
            }
        }
    }
    tracing::debug!(
        cuts,
        cells = covered.iter().filter(|&&c| c).count(),
        "covered area"
    );
    // A card is wider than the app's highlights: no row, column, box or cell highlight (nor two
    // of them crossing) hides a block two cells high and four wide together with the box line
    // through it. Such a block always crosses a box line; highlights that meet (a row and a box,
    // same-digit cells beside them) are drawn between the box lines, a card over them.
    let box_line_hidden = |r: usize, c: usize| {
        let down = (c + 1..c + 4)
            .filter(|k| k.is_multiple_of(3))
            .all(|k| missing[1][k][r] && missing[1][k][r + 1]);
        let across = !(r + 1).is_multiple_of(3) || (c..c + 4).all(|s| missing[0][r + 1][s]);
        down && across
    };
    // And it buries the cells under it: each lost at least three borders (an outer line the app
    // does not draw counts as lost). A tint hides the lines between its cells, and on box-panel
    // skins the box gap beside it too (the gap is lighter than the tint), so a plain cell in the
    // corner of a row and a box highlight loses two borders and joins the covered area; the
    // borders it shares with other plain cells stay drawn.
    let mut absent = missing;
    for (axis, lines) in cover_of.iter().enumerate() {
        for (k, segs) in lines.iter().enumerate() {
            for (s, c) in segs.iter().enumerate() {
                absent[axis][k][s] |= c.is_none();
            }
        }
    }
    let buried = |r: usize, c: usize| {
        Cell::new(r, c)
            .is_some_and(|cell| covered[cell.index()] && borders_lost(&absent, cell) >= 3)
    };
    let block = (0..8).any(|r| {
        (0..6)
            .any(|c| (r..r + 2).all(|r| (c..c + 4).all(|c| buried(r, c))) && box_line_hidden(r, c))
    });
    if cuts < WINDOW_CUTS && !block {
        return Vec::new();
    }
    Cell::all().filter(|c| covered[c.index()]).collect()
}

/// How many of `c`'s four borders are lost by `lost[axis][line][segment]`.
fn borders_lost(lost: &[[[bool; 9]; 10]; 2], c: Cell) -> usize {
    let (r, col) = (c.row(), c.col());
    [
        lost[0][r][col],
        lost[0][r + 1][col],
        lost[1][col][r],
        lost[1][col + 1][r],
    ]
    .iter()
    .filter(|&&m| m)
    .count()
}

#[cfg(test)]
mod tests;
