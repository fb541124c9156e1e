//! Finding the grid on a whole screenshot with no prior knowledge of the app: line masks in both
//! polarities, line candidates, the best frame of ten evenly spaced lines each way, refined
//! positions, and the cells something drawn over the grid hides.

use super::cover::covered_cells;
use super::digit_lattice::from_digits;
use super::frame::{best_frame, refine, Frame, PARTLY_HIDDEN, WHOLE};
use super::geometry::{Cue, GridGeometry};
use super::lines::{find_lines, near, Line};
use super::mask::{line_mask, Axis};
use super::segment::Traces;
use crate::vision::error::VisionError;
use crate::vision::parallel::map_halves;
use crate::vision::pixels::planes::{Planes, Shrunk};
use crate::vision::pixels::{Luma, Polarity};
use autosudoku_core::sudoku::Cell;

/// The grid and the cells a dialog (or anything drawn over the grid) hides.
#[derive(Debug, Clone)]
pub struct GridFound {
    pub geometry: GridGeometry,
    pub covered: Vec<Cell>,
}

/// Finds the grid. Works on the copies about 540 pixels across that keep each block's ink (made
/// with the luma plane), trying the polarity the screen suggests first; with no line to find, the
/// lattice the board's digits sit on.
pub fn detect(planes: &Planes) -> Result<GridFound, VisionError> {
    let search_start = std::time::Instant::now();
    let found = search(planes);
    tracing::trace!(elapsed = ?search_start.elapsed(), "grid found");
    match found {
        Some(found) => Ok(checked_by_digits(full_size(found, planes.factor), planes)),
        None => {
            let digits = from_digits(&planes.luma, planes.polarity);
            let geometry = digits.map(|d| d.geometry).ok_or(VisionError::NoGrid {
                width: planes.luma.width,
                height: planes.luma.height,
            })?;
            let covered = Vec::new();
            Ok(GridFound { geometry, covered })
        }
    }
}

/// A grid found on copies `f` times smaller, in full-size pixels: a small pixel k covers full
/// pixels k*f .. k*f+f-1.
fn full_size(mut found: GridFound, f: u32) -> GridFound {
    let g = &mut found.geometry;
    let scale = |p: &mut f32| *p = *p * f as f32 + (f as f32 - 1.0) / 2.0;
    g.xs.iter_mut().chain(g.ys.iter_mut()).for_each(scale);
    g.x_thickness
        .iter_mut()
        .chain(g.y_thickness.iter_mut())
        .for_each(|t| *t *= f as f32);
    found
}

/// A grid whose lines say a window covers some cells, checked against the digits' lattice: when
/// the digits sit on the very lattice the lines make and show in the covered cells, no cell is
/// covered (tiles a shade off their gaps, tinted rows and columns lose segments of line that no
/// window hides); when the digits sit on the lines' lattice shifted by whole cells, the lines
/// were fitted out of phase (a header's edges taken for the top rows) and the digits' grid is the
/// board. A lattice of another pitch says nothing (a card's words can make one of the digits
/// around it).
fn checked_by_digits(mut found: GridFound, planes: &Planes) -> GridFound {
    if found.covered.is_empty() {
        return found;
    }
    let Some(digits) = from_digits(&planes.luma, planes.polarity) else {
        return found;
    };
    match phase(&found.geometry, &digits.geometry) {
        Phase::Unrelated => return found,
        Phase::Shifted => return shifted(digits.geometry),
        Phase::Same => {}
    }
    let shown = found
        .covered
        .iter()
        .filter(|c| digits.digits.contains(c))
        .count();
    // Most covered cells, not a few: a card's edge leaves the digits of the cells it only
    // partly covers in sight.
    if shown >= 3 && shown * 2 > found.covered.len() {
        tracing::debug!(
            shown,
            covered = found.covered.len(),
            "digits seen in the covered cells"
        );
        found.covered.clear();
    }
    found
}

/// A grid whose outer row or column of cells is bare, checked against the digits' lattice: lines
/// fitted one cell out of phase (the edges of a row of tiles beside the board taken for its last
/// line) leave a row of the board outside and take in a bare one, and the digits show where the
/// board is. `None` when they agree with the lines, or say nothing.
pub fn rephased(found: &GridFound, planes: &Planes) -> Option<GridFound> {
    let digits = from_digits(&planes.luma, planes.polarity)?;
    match phase(&found.geometry, &digits.geometry) {
        Phase::Shifted => Some(shifted(digits.geometry)),
        Phase::Same | Phase::Unrelated => None,
    }
}

/// Where the digits' lattice lies against the lines' grid.
enum Phase {
    /// On the same lattice.
    Same,
    /// On the same pitch, shifted by whole cells.
    Shifted,
    /// On a lattice of another pitch.
    Unrelated,
}

fn phase(lines: &GridGeometry, digits: &GridGeometry) -> Phase {
    let pitch = lines.pitch();
    let apart =
        |a: &[f32; 10], b: &[f32; 10]| a.iter().zip(b).any(|(p, q)| (p - q).abs() > 0.2 * pitch);
    if !apart(&lines.xs, &digits.xs) && !apart(&lines.ys, &digits.ys) {
        Phase::Same
    } else if (digits.pitch() - pitch).abs() <= 0.04 * pitch {
        Phase::Shifted
    } else {
        Phase::Unrelated
    }
}

/// The digits' grid, taken for lines fitted out of phase.
fn shifted(geometry: GridGeometry) -> GridFound {
    tracing::debug!("the digits sit on the lines' lattice shifted");
    let covered = Vec::new();
    GridFound { geometry, covered }
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
/// than the lines in luma), but beside saturated strokes they find shadows too, so searching the
/// tone first reads fewer real screens right (docs/notes/vision.md, "Grid search: luma first,
/// then the tone").
///
/// Luma's grid stands unless the tone's leaves fewer cells covered: a card over the board hides
/// its lines in every plane, a tint hides them in luma only, where luma's verdict can take the
/// tinted cells for a card or put the lattice out of phase.
///
/// A grid the usual contrast finds only partly hidden, with no cell covered and at most half a
/// full-strength frame's score (most of its lines meet none of the other axis's), is stray edges,
/// not a grid under a window: a whole grid of faint lines that scores higher takes its place.
/// Cells drawn as tiles a few levels off their gaps, some of them tinted, made the tinted tiles'
/// edges such a grid, a row out of phase (docs/notes/vision.md, "Faint gaps beside tinted tiles").
/// A grid with cells covered yields too, to a whole faint grid that scores higher and covers
/// fewer: a board of faint cell lines, seen through JPEG, gave a lattice of half its pitch inside
/// the board, most of its cells "under a window".
fn search(planes: &Planes) -> Option<GridFound> {
    let usual = best_at(planes, LINE_CONTRAST);
    let stray = |u: &Candidate| !u.whole && u.grid.covered.is_empty() && u.score <= STRAY;
    let hidden = |u: &Candidate| !u.grid.covered.is_empty();
    if usual.as_ref().is_some_and(|u| !stray(u) && !hidden(u)) {
        return usual.map(|u| u.grid);
    }
    let faint = best_at(planes, FAINT_LINE_CONTRAST);
    match (usual, faint) {
        (Some(u), Some(f))
            if f.whole
                && f.score > u.score
                && (stray(&u) || f.grid.covered.len() < u.grid.covered.len()) =>
        {
            Some(f.grid)
        }
        (Some(u), _) => Some(u.grid),
        (None, f) => f.map(|f| f.grid),
    }
}

/// A grid found, its frame's score, and whether it was found whole (not partly hidden).
struct Candidate {
    grid: GridFound,
    score: f32,
    whole: bool,
}

/// The grid at one line `contrast` that leaves fewest cells covered: luma's, then the tone's.
fn best_at(planes: &Planes, contrast: i16) -> Option<Candidate> {
    // Faint tone lines are mostly JPEG noise in the brightest or dimmest channel.
    let tones: &[bool] = if contrast == LINE_CONTRAST {
        &[false, true]
    } else {
        &[false]
    };
    let mut best: Option<Candidate> = None;
    for &tone in tones {
        let Some(found) = first_grid(planes, tone, contrast) else {
            continue;
        };
        if best
            .as_ref()
            .is_none_or(|b| found.grid.covered.len() < b.grid.covered.len())
        {
            best = Some(found);
        }
        if best.as_ref().is_some_and(|b| b.grid.covered.is_empty()) {
            break;
        }
    }
    best
}

/// The grid of the first frame found in one plane set's lines (luma, or luma and tone) at
/// `contrast`: the whole grid first, then one partly hidden; the polarity the screen suggests
/// first, and the other's frame when it scores higher. Each polarity makes its lines once.
fn first_grid(planes: &Planes, tone: bool, contrast: i16) -> Option<Candidate> {
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
    for (whole, need) in [(true, WHOLE), (false, PARTLY_HIDDEN)] {
        let mut best: Option<(GridFound, f32)> = None;
        for (n, polarity) in [guess, other].into_iter().enumerate() {
            let l = planes.shrunk(polarity, tone);
            let t0 = std::time::Instant::now();
            let axes = lines[n].get_or_insert_with(|| candidate_lines(l, polarity, contrast));
            let t1 = t0.elapsed();
            let found = best_frame(&axes.0, &axes.1, l.luma, need);
            tracing::trace!(lines = ?t1, frames = ?(t0.elapsed() - t1), h = axes.0.len(), v = axes.1.len(), ?polarity, contrast, tone, "grid search");
            let Some(fr) = found else { continue };
            if best.as_ref().is_none_or(|b| fr.score > b.1) {
                best = Some((assess(&fr, axes, polarity, contrast, &traces), fr.score));
            }
            // A full-strength frame in the expected polarity needs no second opinion.
            if fr.score >= FULL_STRENGTH {
                break;
            }
        }
        if let Some((grid, score)) = best {
            return Some(Candidate { grid, score, whole });
        }
    }
    None
}

/// A frame's score with most of its twenty lines met by the other axis's, box lines in phase and
/// nothing running past: the frame needs no second opinion.
const FULL_STRENGTH: f32 = 16.0;

/// Half that: most lines of a frame scoring no more meet none of the other axis's.
const STRAY: f32 = FULL_STRENGTH / 2.0;

/// How much more ink than the paper either side a pixel needs to be part of a line: grid lines
/// stand out by tens of luma levels on almost every app.
pub(in crate::vision) const LINE_CONTRAST: i16 = 10;

/// The same for the second search, when no grid stands out: some dark themes draw the cell lines
/// a few levels off the paper (4-5 levels, through JPEG noise of 1-2, on one real app) and only the
/// box lines stand out.
const FAINT_LINE_CONTRAST: i16 = 4;

/// Line candidates of both axes, from line pixels in luma, and when the tone is there in luma or in
/// the hue-blind tone: the app's coloured highlights (a tinted row and box, same-digit cells) can be
/// darker than the grey cell lines through them in luma, never in tone. The reach across a line grows with the screen so
/// that thick box lines of big screens still have paper on both sides. A second mask half as wide again finds the
/// gaps between box panels drawn apart on the screen's background (about 1.5% of the short side
/// on one skin, the only lines at its box edges); widening the one reach instead loses lines
/// beside digits and JPEG block edges (docs/notes/vision.md, "Grid search: two reaches").
pub(in crate::vision) fn candidate_lines(
    l: Shrunk,
    polarity: Polarity,
    contrast: i16,
) -> (Vec<Line>, Vec<Line>) {
    let short = l.luma.width.min(l.luma.height);
    let reach = reach(short);
    let min_run = (short / 40).max(8);
    let gap = (short / 300).max(2);
    // One axis per thread: the two masks are independent.
    let mut both = map_halves(&[Axis::Horizontal, Axis::Vertical], |&axis| {
        let planes: Vec<&Luma> = std::iter::once(l.luma).chain(l.tone).collect();
        let lines = |reach| {
            find_lines(
                &line_mask(&planes, polarity, axis, reach, contrast),
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

#[cfg(test)]
#[path = "find_tests.rs"]
mod tests;
