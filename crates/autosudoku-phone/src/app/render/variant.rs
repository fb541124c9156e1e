//! A variant's marks on the board, drawn each frame since every new game brings its own layout:
//! the shade of X diagonals and hyper windows and the colour of jigsaw regions (behind the cells),
//! the regions' thick borders, and killer cages as dashed outlines set inside the cell borders
//! with each cage's sum small in the top-left corner of its first cell.

use super::Renderer;
use crate::app::draw::{fill_rect, Color};
use crate::app::game::Game;
use crate::app::geometry::Rect;
use crate::app::layout::Axis;
use autosudoku_core::variant::{Cage, Pos, Regions, UnitKind};
use image::RgbaImage;

/// How far a cage's outline sits inside the cell borders, as a share of the cell.
const CAGE_INSET: f32 = 0.08;
/// A cage sum's height as a share of the cell (small, as killer apps print them).
const SUM_SCALE: f32 = 0.2;

impl Renderer {
    /// The colour the variant gives each cell (by index) under any highlight: its jigsaw
    /// region's, or the shade of a diagonal or window it lies on.
    pub(super) fn backdrop(&self, game: &Game) -> Vec<Option<Color>> {
        let side = game.side();
        let mut out = vec![None; side * side];
        let layout = &game.puzzle().layout;
        if let Regions::Jigsaw(letters) = layout.regions() {
            for (i, slot) in out.iter_mut().enumerate() {
                let region = region_number(letters, i) % self.skin.decor.regions.len();
                *slot = Some(self.skin.decor.regions[region]);
            }
            return out;
        }
        let units = layout.units();
        for pos in units
            .iter()
            .filter(|u| shaded(u.kind))
            .flat_map(|u| &u.cells)
        {
            out[pos.index(side)] = Some(self.skin.decor.shade);
        }
        out
    }

    /// Region borders and cages, over the cells' fills; `fill` gives each cell's current colour.
    pub(super) fn paint_variant(
        &mut self,
        img: &mut RgbaImage,
        game: &Game,
        fill: impl Fn(Pos) -> Color,
    ) {
        let layout = game.puzzle().layout.clone();
        if let Regions::Jigsaw(letters) = layout.regions() {
            self.paint_region_borders(img, letters, layout.side());
        }
        for cage in layout.cages() {
            self.paint_cage(img, cage, &fill);
        }
    }

    /// A thick line on every cell boundary between two regions, overlapping at the junctions.
    fn paint_region_borders(&self, img: &mut RgbaImage, letters: &[char], n: usize) {
        let l = &self.layout;
        let w = l.thick_px;
        let (x0, y0) = (l.grid.x - (w / 2.0).floor(), l.grid.y - (w / 2.0).floor());
        let colour = self.skin.theme.thick_line;
        for r in 0..n {
            for c in 0..n {
                let here = letters[r * n + c];
                let (along, across) = (l.offset(Axis::Rows, r), l.offset(Axis::Cols, c + 1));
                if c + 1 < n && letters[r * n + c + 1] != here {
                    let rect = Rect::new(x0 + across, y0 + along, w, l.cell_px + w);
                    fill_rect(img, rect, colour);
                }
                let (along, across) = (l.offset(Axis::Cols, c), l.offset(Axis::Rows, r + 1));
                if r + 1 < n && letters[(r + 1) * n + c] != here {
                    let rect = Rect::new(x0 + along, y0 + across, l.cell_px + w, w);
                    fill_rect(img, rect, colour);
                }
            }
        }
    }

    /// A cage's dashed outline inside its cells, and its sum on a patch of the cell's colour.
    fn paint_cage(&mut self, img: &mut RgbaImage, cage: &Cage, fill: &impl Fn(Pos) -> Color) {
        let l = &self.layout;
        let inset = (l.cell_px * CAGE_INSET).round();
        let stroke = (l.cell_px * 0.025).round().max(1.0);
        let dash = (l.cell_px * 0.07).round().max(2.0);
        let colour = self.skin.decor.cage;
        let inside = |r: isize, c: isize| {
            r >= 0 && c >= 0 && cage.cells.contains(&Pos::new(r as usize, c as usize))
        };
        for &p in &cage.cells {
            let rect = l.cell_rect(p);
            for edge in outline(p, &inside, rect, inset) {
                let origin = if edge.horizontal { l.grid.x } else { l.grid.y };
                dashed(img, edge, stroke, dash, origin, colour);
            }
        }
        let first = cage.cells[0];
        let rect = l.cell_rect(first);
        let px = l.cell_px * SUM_SCALE;
        let label = cage.sum.to_string();
        let width = self.text.measure(self.skin.ui_face, px, &label);
        let patch = Rect::new(
            rect.x + inset - stroke,
            rect.y + inset - stroke,
            width + 2.0 * stroke + px * 0.15,
            px * 1.05 + 2.0 * stroke,
        );
        fill_rect(img, patch, fill(first));
        let face = self.skin.ui_face;
        self.text
            .draw_centered(img, face, px, patch, colour, &label);
    }
}

/// The stretches of a cage cell's outline, each as a thin horizontal or vertical segment (its
/// start, end and which way it runs): a side is drawn where the neighbour across it is outside
/// the cage, running on to the next cell where the outline goes on there, and back to meet the
/// neighbour's line at an inner corner.
fn outline(p: Pos, inside: &impl Fn(isize, isize) -> bool, rect: Rect, inset: f32) -> Vec<Segment> {
    let (r, c) = (p.row as isize, p.col as isize);
    let mut out = Vec::new();
    // (row step, col step) of the side's neighbour, for top, bottom, left, right.
    for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        if inside(r + dr, c + dc) {
            continue;
        }
        // The two ends of the side, along it: (-1) before, (+1) after.
        let (ar, ac) = (dc.abs(), dr.abs()); // the axis the side runs along
        let reach = |s: isize| {
            let (nr, nc) = (r + ar * s, c + ac * s);
            match (inside(nr, nc), inside(nr + dr, nc + dc)) {
                (true, true) => -inset, // inner corner: meet the neighbour's line
                (true, false) => 0.0,   // the outline runs on along the next cell
                _ => inset,
            }
        };
        let (from, to) = (reach(-1), reach(1));
        let horizontal = dr != 0;
        let at = match (dr, dc) {
            (-1, _) => rect.y + inset,
            (1, _) => rect.bottom() - inset,
            (_, -1) => rect.x + inset,
            _ => rect.right() - inset,
        };
        out.push(if horizontal {
            Segment::across(at, rect.x + from, rect.right() - to)
        } else {
            Segment::down(at, rect.y + from, rect.bottom() - to)
        });
    }
    out
}

/// A horizontal (`across`) or vertical (`down`) line from `from` to `to` at `at`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Segment {
    horizontal: bool,
    at: f32,
    from: f32,
    to: f32,
}

impl Segment {
    fn across(y: f32, from: f32, to: f32) -> Segment {
        Segment {
            horizontal: true,
            at: y,
            from,
            to,
        }
    }
    fn down(x: f32, from: f32, to: f32) -> Segment {
        Segment {
            horizontal: false,
            at: x,
            from,
            to,
        }
    }
}

/// A dashed segment `stroke` wide whose dashes are laid from a fixed origin, so the stretches
/// of one outline dash in step where they meet.
fn dashed(img: &mut RgbaImage, s: Segment, stroke: f32, dash: f32, origin: f32, colour: Color) {
    let period = 2.0 * dash;
    let mut start = origin + ((s.from - origin) / period).floor() * period;
    while start < s.to {
        let (a, b) = (start.max(s.from), (start + dash).min(s.to));
        if b > a {
            let rect = if s.horizontal {
                Rect::new(a, s.at - stroke / 2.0, b - a, stroke)
            } else {
                Rect::new(s.at - stroke / 2.0, a, stroke, b - a)
            };
            fill_rect(img, rect, colour);
        }
        start += period;
    }
}

fn shaded(kind: UnitKind) -> bool {
    matches!(
        kind,
        UnitKind::MainDiagonal | UnitKind::AntiDiagonal | UnitKind::Window(_)
    )
}

/// A region's number: the order in which its letter first appears, row-major.
fn region_number(letters: &[char], index: usize) -> usize {
    let mut seen: Vec<char> = Vec::new();
    for &l in letters {
        if !seen.contains(&l) {
            seen.push(l);
        }
    }
    seen.iter()
        .position(|&l| l == letters[index])
        .expect("a cell's letter is among the letters")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every segment of the cage's outline, its cells 100 px apart and the outline 10 px inside.
    fn outline_of(cells: &[(usize, usize)]) -> Vec<Segment> {
        let cage: Vec<Pos> = cells.iter().map(|&(r, c)| Pos::new(r, c)).collect();
        let inside = |r: isize, c: isize| {
            r >= 0 && c >= 0 && cage.contains(&Pos::new(r as usize, c as usize))
        };
        cage.iter()
            .flat_map(|&p| {
                let rect = Rect::new(p.col as f32 * 100.0, p.row as f32 * 100.0, 100.0, 100.0);
                outline(p, &inside, rect, 10.0)
            })
            .collect()
    }

    fn ends(s: &Segment) -> [(i32, i32); 2] {
        let (a, b) = (s.from as i32, s.to as i32);
        let at = s.at as i32;
        if s.horizontal {
            [(a, at), (b, at)]
        } else {
            [(at, a), (at, b)]
        }
    }

    /// A closed outline: every end of a segment is the end of exactly one other.
    fn assert_closed(cells: &[(usize, usize)]) {
        let segments = outline_of(cells);
        let all: Vec<(i32, i32)> = segments.iter().flat_map(ends).collect();
        for end in &all {
            let count = all.iter().filter(|e| *e == end).count();
            assert_eq!(count, 2, "{cells:?}: {end:?} in {segments:?}");
        }
    }

    #[test]
    fn a_single_cell_cage_is_a_square_inside_its_cell() {
        let s = outline_of(&[(0, 0)]);
        assert_eq!(s.len(), 4);
        assert_eq!(s[0], Segment::across(10.0, 10.0, 90.0));
        assert_closed(&[(0, 0)]);
    }

    #[test]
    fn outlines_of_every_shape_close() {
        let shapes: &[&[(usize, usize)]] = &[
            &[(0, 0), (0, 1)],
            &[(0, 0), (1, 0)],
            &[(0, 0), (0, 1), (1, 1)],
            &[(0, 1), (1, 0), (1, 1)],
            &[(0, 0), (1, 0), (1, 1), (2, 1)],
            &[(0, 1), (1, 0), (1, 1), (1, 2)],
            &[(0, 0), (0, 1), (1, 0), (1, 1)],
            &[(1, 1), (1, 2), (2, 1), (0, 2)],
        ];
        for cells in shapes {
            assert_closed(cells);
        }
    }
}
