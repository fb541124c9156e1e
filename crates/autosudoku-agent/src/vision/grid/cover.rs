//! Whether something drawn over the grid (a dialog's card, a sheet, a banner) hides part of it,
//! and which cells: told from the app's own highlights by the segments of line it hides and by
//! where the lines it cuts stop.

use super::frame::{Frame, PARTLY_HIDDEN};
use super::geometry::GridGeometry;
use super::lattice::Lattice;
use super::lines::Line;
use super::segment::Traces;
use autosudoku_core::sudoku::Cell;

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

/// Per segment of every line, `[axis][line][segment]`: how much of it the found lines cover.
type SegmentCover = [[[Option<f32>; 9]; 10]; 2];
/// Per segment of every line: whether it is lost (`missing`, or `absent` with the outer lines the
/// app does not draw).
type Lost = [[[bool; 9]; 10]; 2];

/// Cells hidden by something drawn over the grid. Highlighted cells can hide single line segments
/// (a fill as dark as the line), but no highlight pattern an app draws (one selected cell, cells of
/// one digit, which never touch along an edge) hides three segments in a row of one line: that
/// takes a window over the grid. A segment the found lines miss is hidden only when `traces` find
/// no trace of it either (no line of the other polarity, however faint, and no change of fill):
/// a checkerboard of box fills shows its grey lines light on one fill and dark on the other, and
/// its box edges as the change of fill alone, while a card's one fill hides them all.
pub(super) fn covered_cells(
    g: &GridGeometry,
    frame: &Frame,
    (h, v): (&[Line], &[Line]),
    traces: &Traces,
) -> Vec<Cell> {
    let (cover_of, missing) = segments(g, frame, (h, v), traces);
    let covered = covered_area(&missing);
    let cuts = window_cuts(g, &cover_of, &missing, &covered, traces);
    tracing::debug!(
        cuts,
        cells = covered.iter().filter(|&&c| c).count(),
        "covered area"
    );
    if cuts < WINDOW_CUTS && !buried_block(&cover_of, &missing, &covered) {
        return Vec::new();
    }
    let partly = partly_under(g, &cover_of, &missing, &covered, traces);
    Cell::all()
        .filter(|c| covered[c.index()] || partly[c.index()])
        .collect()
}

/// How much of each segment the found lines cover, and which segments are missing: covered less
/// than half, with no trace of them either.
fn segments(
    g: &GridGeometry,
    frame: &Frame,
    (h, v): (&[Line], &[Line]),
    traces: &Traces,
) -> (SegmentCover, Lost) {
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
    (cover_of, missing)
}

/// The cell beside segment `s` of line `k` on `axis`, on the line's `side` (`k - 1` or `k`).
fn cell_beside(axis: usize, side: usize, s: usize) -> Option<Cell> {
    if axis == 0 {
        Cell::new(side, s)
    } else {
        Cell::new(s, side)
    }
}

/// The covered area: cells beside a segment in a run of three missing ones seed it; it spreads to
/// neighbouring cells that lost at least two of their borders.
fn covered_area(missing: &Lost) -> [bool; 81] {
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
                    seeds.extend(cell_beside(axis, side, s));
                }
            }
        }
    }
    let lost = |c: Cell| borders_lost(missing, c) >= 2;
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
    covered
}

/// Segments cut part-way beside the covered cells, or where a line runs on under them: a window's
/// edges. A highlight hides whole segments, so its lines end at a crossing; a card's edge stops a
/// line wherever it falls, mid-cell, also when it runs along a grid line. A line the found lines
/// cover only in part may be drawn all along, faint or in the other polarity (broken by JPEG
/// noise, or light on one box fill and dark on the next): that is no cut.
fn window_cuts(
    g: &GridGeometry,
    cover_of: &SegmentCover,
    missing: &Lost,
    covered: &[bool; 81],
    traces: &Traces,
) -> usize {
    // Whether segment `s` of line `k` on `axis` borders a covered cell.
    let beside = |axis: usize, k: usize, s: usize| {
        [k.wrapping_sub(1), k]
            .iter()
            .any(|&side| cell_beside(axis, side, s).is_some_and(|c| covered[c.index()]))
    };
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
    cuts
}

/// Cells the window's edge runs through: beside the covered area across a lost border, with a side
/// cut part-way. Their digits are cut in two (a banner a cell and a quarter tall over the grid's
/// bottom rows hid row 8's lower half: its halves of digits read as pencil marks).
fn partly_under(
    g: &GridGeometry,
    cover_of: &SegmentCover,
    missing: &Lost,
    covered: &[bool; 81],
    traces: &Traces,
) -> [bool; 81] {
    let cut = |axis: usize, k: usize, s: usize| {
        cover_of[axis][k][s].is_some_and(|c| {
            let c = c.max(traces.share(g.segment(axis, k, s)));
            (0.12..0.85).contains(&c)
        })
    };
    let mut partly = [false; 81];
    for c in Cell::all().filter(|c| !covered[c.index()]) {
        let (r, col) = (c.row(), c.col());
        // Each border: lost, and the cell across it (if any) covered.
        let across = [
            (
                missing[0][r][col],
                r.checked_sub(1).and_then(|r| Cell::new(r, col)),
            ),
            (missing[0][r + 1][col], Cell::new(r + 1, col)),
            (
                missing[1][col][r],
                col.checked_sub(1).and_then(|k| Cell::new(r, k)),
            ),
            (missing[1][col + 1][r], Cell::new(r, col + 1)),
        ];
        let joins = across
            .iter()
            .any(|&(lost, n)| lost && n.is_some_and(|n| covered[n.index()]));
        let sides_cut =
            cut(0, r, col) || cut(0, r + 1, col) || cut(1, col, r) || cut(1, col + 1, r);
        partly[c.index()] = joins && sides_cut;
    }
    partly
}

/// Whether the covered area holds a block no highlight makes. A card is wider than the app's
/// highlights: no row, column, box or cell highlight (nor two of them crossing) hides a block two
/// cells high and four wide together with the box line through it. Such a block always crosses a
/// box line; highlights that meet (a row and a box, same-digit cells beside them) are drawn between
/// the box lines, a card over them.
fn buried_block(cover_of: &SegmentCover, missing: &Lost, covered: &[bool; 81]) -> bool {
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
    let mut absent = *missing;
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
    (0..8).any(|r| {
        (0..6)
            .any(|c| (r..r + 2).all(|r| (c..c + 4).all(|c| buried(r, c))) && box_line_hidden(r, c))
    })
}

/// How many of `c`'s four borders are lost by `lost[axis][line][segment]`.
fn borders_lost(lost: &Lost, c: Cell) -> usize {
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
