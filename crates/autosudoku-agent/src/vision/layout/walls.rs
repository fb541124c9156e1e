//! Region walls: how thick the line is on every boundary between two neighbouring cells
//! (measured across it at three points), thick ones taken as walls, and the regions they close.
//! Walls that close the 3x3 boxes are a classic board, and so are walls that all lie on box lines
//! (a box line drawn lighter beside a highlight leaves a gap, not a region); walls that close nine
//! other regions of nine cells are a jigsaw; a wall inside a box that closes anything else is a
//! doubt, never a guess.

use crate::vision::grid::GridGeometry;
use crate::vision::pixels::luma::luma;
use crate::vision::pixels::Polarity;
use autosudoku_core::sudoku::Cell;
use image::{Rgba, RgbaImage};

/// How much darker than both cells' paper (lighter, on a dark theme) a line's pixel is.
const INK: i32 = 50;

/// The regions the walls close.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Regions {
    Boxes,
    /// Region numbers `1`-`9` a cell, row-major, in reading order of their first cells.
    Jigsaw(String),
}

/// A boundary between two neighbouring cells (by row-major index), and its line's thickness.
#[derive(Debug, Clone, Copy)]
struct Boundary {
    a: usize,
    b: usize,
    thickness: f32,
}

/// The regions the board's thick lines close, or why they close none.
pub fn regions(img: &RgbaImage, g: &GridGeometry, paper: &[Rgba<u8>]) -> Result<Regions, String> {
    let boundaries = measure(img, g, paper);
    let mut widths: Vec<f32> = boundaries.iter().map(|b| b.thickness).collect();
    widths.sort_by(f32::total_cmp);
    // Walls are a quarter or more of the boundaries (36 of 144 on a classic board), cell lines
    // most of the rest; a faint cell line may not count as ink at all beside a highlight.
    let (thin, thick) = (widths[widths.len() / 4], widths[widths.len() * 9 / 10]);
    if thick < (thin * 1.7).max(thin + 2.0) {
        // Box lines no thicker than cell lines (panels, shading): the board's own boxes.
        return Ok(Regions::Boxes);
    }
    let wall = |b: &Boundary| b.thickness >= (thin + thick) / 2.0;
    let walls: Vec<Boundary> = boundaries.iter().copied().filter(wall).collect();
    let box_of = |i: usize| (i / 27) * 3 + (i % 9) / 3;
    if walls.iter().all(|w| box_of(w.a) != box_of(w.b)) {
        return Ok(Regions::Boxes);
    }
    let open: Vec<Boundary> = boundaries.into_iter().filter(|b| !wall(b)).collect();
    let region = closed(open.iter().map(|b| (b.a, b.b)));
    if let Some(w) = walls.iter().find(|w| region[w.a] == region[w.b]) {
        return Err(format!(
            "a thick line between {} and {} walls off nothing",
            name(w.a),
            name(w.b)
        ));
    }
    let map = numbered(&region);
    for n in 1..=9u8 {
        let count = map.bytes().filter(|&c| c == b'0' + n).count();
        if count != 9 {
            return Err(format!(
                "the thick lines close a region of {count} cells, not 9"
            ));
        }
    }
    Ok(Regions::Jigsaw(map))
}

/// Every inner boundary's line thickness: across the line at a quarter, half and three quarters
/// of its length, the median of the three.
fn measure(img: &RgbaImage, g: &GridGeometry, paper: &[Rgba<u8>]) -> Vec<Boundary> {
    let mut out = Vec::with_capacity(144);
    for r in 0..9 {
        for c in 0..9 {
            let a = r * 9 + c;
            let here = g.cell_rect(Cell::new(r, c).expect("on the board"));
            let (x, y) = (here.x as f32, here.y as f32);
            let (w, h) = (here.width as f32, here.height as f32);
            // The line right of the cell (measured along x, at spots down it), then the one below.
            let sides = [
                (c < 8, 1, g.xs[c + 1], true, [y, h]),
                (r < 8, 9, g.ys[r + 1], false, [x, w]),
            ];
            for (inside, step, at, vertical, [from, len]) in sides {
                if !inside {
                    continue;
                }
                let spots = [0.25, 0.5, 0.75].map(|f| from + len * f);
                let pair = [paper[a], paper[a + step]];
                let thickness = across(img, g, at, &spots, vertical, pair);
                out.push(Boundary {
                    a,
                    b: a + step,
                    thickness,
                });
            }
        }
    }
    out
}

/// The median thickness of the ink run through `at` (a line's centre), measured at each of
/// `spots` along the line; `vertical` lines are measured along x.
fn across(
    img: &RgbaImage,
    g: &GridGeometry,
    at: f32,
    spots: &[f32; 3],
    vertical: bool,
    paper: [Rgba<u8>; 2],
) -> f32 {
    let reach = (g.pitch() * 0.3) as i32;
    let levels = paper.map(|p| i32::from(luma(p)));
    let ink = |x: i32, y: i32| -> bool {
        if x < 0 || y < 0 || x as u32 >= img.width() || y as u32 >= img.height() {
            return false;
        }
        let v = i32::from(luma(*img.get_pixel(x as u32, y as u32)));
        match g.polarity {
            Polarity::DarkOnLight => levels.iter().all(|&p| v <= p - INK),
            Polarity::LightOnDark => levels.iter().all(|&p| v >= p + INK),
        }
    };
    let mut runs: Vec<f32> = spots
        .iter()
        .map(|&s| {
            let at_px = |k: i32| {
                let centre = at.round() as i32 + k;
                if vertical {
                    ink(centre, s as i32)
                } else {
                    ink(s as i32, centre)
                }
            };
            // The run through the centre, or beside it by a pixel or two.
            let Some(start) = [0, -1, 1, -2, 2].into_iter().find(|&k| at_px(k)) else {
                return 0.0;
            };
            let back = (1..reach).take_while(|&k| at_px(start - k)).count();
            let ahead = (1..reach).take_while(|&k| at_px(start + k)).count();
            (back + ahead + 1) as f32
        })
        .collect();
    runs.sort_by(f32::total_cmp);
    runs[1]
}

/// Each cell's group under the open boundaries (union-find), as the group's smallest cell.
pub(super) fn closed(open: impl IntoIterator<Item = (usize, usize)>) -> Vec<usize> {
    let mut parent: Vec<usize> = (0..81).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for (a, b) in open {
        let (x, y) = (root(&mut parent, a), root(&mut parent, b));
        parent[x.max(y)] = x.min(y);
    }
    (0..81).map(|i| root(&mut parent, i)).collect()
}

/// Groups renumbered `1`, `2`... in reading order of their first cells (`0` past nine).
fn numbered(group: &[usize]) -> String {
    let mut seen: Vec<usize> = Vec::new();
    group
        .iter()
        .map(|&g| {
            let n = seen.iter().position(|&s| s == g).unwrap_or_else(|| {
                seen.push(g);
                seen.len() - 1
            });
            if n < 9 {
                char::from(b'1' + n as u8)
            } else {
                '0'
            }
        })
        .collect()
}

pub(super) fn name(i: usize) -> String {
    format!("r{}c{}", i / 9 + 1, i % 9 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_numbered_in_reading_order() {
        assert_eq!(numbered(&[5, 5, 2, 7, 2]), "11232");
    }

    #[test]
    fn open_boundaries_join_cells_and_walls_keep_them_apart() {
        let g = closed([(0, 1), (1, 10)]);
        assert_eq!((g[0], g[1], g[10]), (0, 0, 0));
        assert_eq!(g[2], 2);
    }
}
