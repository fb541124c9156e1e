//! Killer cage outlines: a line drawn inside a cell, parallel to one of its sides (dashed, dotted
//! or solid, over any fill). Each cell side is scored by how much of its middle stretch shows such
//! a line at some depth inside the cell; a board whose edge cells nearly all show one along the
//! board's edge has cages. A cage wall is a boundary whose two cells both show a line along it; the
//! cages are what the open boundaries join, and a map is given only when it is whole: every edge
//! side outlined, every boundary seen alike from both cells, no wall inside a cage.

use super::walls::{closed, name};
use crate::vision::grid::GridGeometry;
use crate::vision::pixels::colour::distance;
use image::{Rgba, RgbaImage};

/// A pixel is on a line when it differs this much from the pixels a stroke's width on either side
/// of it (a ridge, not the edge of a fill or a highlight).
const RIDGE: u8 = 48;
/// A side shows a line when a ridge covers this share of its middle stretch at one depth (dashes
/// and dots cover about half; a digit's stroke in the band far less).
const LINE: f32 = 0.3;
/// Cages are drawn when this share of the board's edge sides show a line.
const DRAWN: f32 = 0.75;
/// How deep inside the cell a cage line may sit, and the stretch along the side looked at (clear
/// of the corners, where the other sides' lines turn, and of the sum in the top-left corner).
const DEPTH: f32 = 0.22;
const ALONG: (f32, f32) = (0.4, 0.85);

/// A cell's sides, in the order `side_scores` gives them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Top,
    Right,
    Bottom,
    Left,
}
const SIDES: [Side; 4] = [Side::Top, Side::Right, Side::Bottom, Side::Left];

/// Each cell's cage as the index of its first cell (row-major), when the board shows cages; `None`
/// on a board without them; the reason when the outlines do not make a whole map.
pub fn cage_map(img: &RgbaImage, g: &GridGeometry) -> Result<Option<Vec<usize>>, String> {
    let scores: Vec<[f32; 4]> = (0..81).map(|i| side_scores(img, g, i)).collect();
    let drawn = |i: usize, s: Side| scores[i][s as usize] >= LINE;
    let edges: Vec<(usize, Side)> = (0..81)
        .flat_map(|i| SIDES.into_iter().map(move |s| (i, s)))
        .filter(|&(i, s)| neighbour(i, s).is_none())
        .collect();
    let outlined = edges.iter().filter(|&&(i, s)| drawn(i, s)).count();
    if (outlined as f32) < DRAWN * edges.len() as f32 {
        return Ok(None);
    }
    if let Some(&(i, s)) = edges.iter().find(|&&(i, s)| !drawn(i, s)) {
        return Err(format!("no cage outline along {}'s {s:?} side", name(i)).to_lowercase());
    }
    let mut open = Vec::new();
    let mut walls = Vec::new();
    for a in 0..81 {
        for (s, back) in [(Side::Right, Side::Left), (Side::Bottom, Side::Top)] {
            let Some(b) = neighbour(a, s) else { continue };
            match (drawn(a, s), drawn(b, back)) {
                (true, true) => walls.push((a, b)),
                (false, false) => open.push((a, b)),
                _ => {
                    return Err(format!(
                        "the cage outline between {} and {} shows in one cell only",
                        name(a),
                        name(b)
                    ))
                }
            }
        }
    }
    let group = closed(open.iter().copied());
    if let Some(&(a, b)) = walls.iter().find(|&&(a, b)| group[a] == group[b]) {
        return Err(format!(
            "a cage outline between {} and {} walls off nothing",
            name(a),
            name(b)
        ));
    }
    Ok(Some(group))
}

/// The cell across side `s` of cell `i`, if it is on the board.
fn neighbour(i: usize, s: Side) -> Option<usize> {
    let (r, c) = (i / 9, i % 9);
    match s {
        Side::Top => (r > 0).then(|| i - 9),
        Side::Right => (c < 8).then(|| i + 1),
        Side::Bottom => (r < 8).then(|| i + 9),
        Side::Left => (c > 0).then(|| i - 1),
    }
}

/// How much of each side's middle stretch a line inside the cell covers, at its best depth.
fn side_scores(img: &RgbaImage, g: &GridGeometry, i: usize) -> [f32; 4] {
    let (r, c) = (i / 9, i % 9);
    let pitch = g.pitch();
    // A stroke's width either side: cage lines are a few percent of a cell thick.
    let k = (pitch * 0.06).round().max(2.0);
    let px = |x: f32, y: f32| -> Option<Rgba<u8>> {
        let (x, y) = (x.round(), y.round());
        (x >= 0.0 && y >= 0.0 && (x as u32) < img.width() && (y as u32) < img.height())
            .then(|| *img.get_pixel(x as u32, y as u32))
    };
    SIDES.map(|side| {
        // The side's line, the way into the cell, and the stretch along it.
        let (at, half, inward, from, to, vertical) = match side {
            Side::Top => (g.ys[r], g.y_thickness[r], 1.0, g.xs[c], g.xs[c + 1], false),
            Side::Bottom => (g.ys[r + 1], g.y_thickness[r + 1], -1.0, g.xs[c], g.xs[c + 1], false),
            Side::Left => (g.xs[c], g.x_thickness[c], 1.0, g.ys[r], g.ys[r + 1], true),
            Side::Right => (g.xs[c + 1], g.x_thickness[c + 1], -1.0, g.ys[r], g.ys[r + 1], true),
        };
        let at_depth = |d: f32, s: f32| {
            let depth = at + inward * d;
            if vertical {
                px(depth, s)
            } else {
                px(s, depth)
            }
        };
        let spots: Vec<f32> = {
            let (a, b) = (from + (to - from) * ALONG.0, from + (to - from) * ALONG.1);
            (a as i32..=b as i32).map(|s| s as f32).collect()
        };
        let first = (half / 2.0).ceil() + 1.0;
        let last = (pitch * DEPTH).round();
        // Outward, a stroke's width may reach into the cell's own border line, which an outline
        // drawn in its colour does not differ from: the paper just past the border counts too.
        let ridge = |d: f32, s: f32| -> bool {
            let differs = |other: f32| {
                matches!((at_depth(d, s), at_depth(other, s)), (Some(a), Some(b)) if distance(a, b) >= RIDGE)
            };
            differs(d + k) && (differs(d - k) || differs((d - k).max(first)))
        };
        (first as i32..=last as i32)
            .map(|d| {
                let on = spots.iter().filter(|&&s| ridge(d as f32, s)).count();
                on as f32 / spots.len().max(1) as f32
            })
            .fold(0.0, f32::max)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_cells_have_no_neighbour_across_the_board_edge() {
        assert_eq!(neighbour(0, Side::Top), None);
        assert_eq!(neighbour(8, Side::Right), None);
        assert_eq!(neighbour(8, Side::Left), Some(7));
        assert_eq!(neighbour(72, Side::Bottom), None);
    }
}
