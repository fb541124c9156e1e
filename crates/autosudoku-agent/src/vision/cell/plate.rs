//! A cell's own paper when the app draws it as a shape inside the lattice's box: a disc behind a
//! same-number highlight, a rounded tile, a selected square inset from the lines, or the cell's
//! fill beside a box gap the lattice put in the cell's box. The ring of the box then shows another
//! colour (the board's, the gap's), the whole shape stands out from it, and the digit inside is a
//! hole in it: read against the shape's own colour, it is an ordinary digit on paper again.

use super::components::{hairline, Component, View};
use crate::vision::pixels::colour::{distance, median_color};
use image::Rgba;

/// A shape covering this much of the cell's box is a plate; the boldest digit covers about a fifth.
const PLATE_AREA: f32 = 0.3;

/// The plate among a cell's shapes, if one is there: big, and spanning the box's middle both ways
/// (from its first quarter to its last), as the cell's own paper does; a shape pushed to one side
/// is something else (a neighbour's highlight the lattice cut into).
pub(super) fn find(comps: &[Component], w: u32, h: u32) -> Option<&Component> {
    let spans = |lo: u32, hi: u32, side: u32| lo * 4 <= side && hi * 4 >= 3 * side;
    comps.iter().find(|c| {
        c.area as f32 >= PLATE_AREA * (w * h) as f32
            && spans(c.x0, c.x1 + 1, w)
            && spans(c.y0, c.y1 + 1, h)
    })
}

/// The cell's difference from the plate's colour, and that colour: zero outside the plate and in a
/// margin along its outline, where anti-aliasing mixes the plate with what is around it.
pub(super) fn rebase(view: &View, labels: &[u32], plate: &Component) -> (Vec<u8>, Rgba<u8>) {
    let (w, h) = (view.rect.width, view.rect.height);
    let on = |x: u32, y: u32| labels[(y * w + x) as usize] == plate.id;
    let colour = median_color(
        (plate.y0..=plate.y1)
            .flat_map(|y| (plate.x0..=plate.x1).map(move |x| (x, y)))
            .filter(|&(x, y)| on(x, y))
            .map(|(x, y)| view.px(x, y)),
    );
    // The plate's extent on each row and column: what it holds (the digit, its holes) lies inside.
    let mut rows = vec![(u32::MAX, 0u32); h as usize];
    let mut cols = vec![(u32::MAX, 0u32); w as usize];
    for y in plate.y0..=plate.y1 {
        for x in (plate.x0..=plate.x1).filter(|&x| on(x, y)) {
            let (r, c) = (&mut rows[y as usize], &mut cols[x as usize]);
            *r = (r.0.min(x), r.1.max(x));
            *c = (c.0.min(y), c.1.max(y));
        }
    }
    let margin = hairline(w, h);
    let within =
        |v: u32, (lo, hi): (u32, u32)| lo != u32::MAX && v >= lo + margin && v + margin <= hi;
    let mut diff = vec![0u8; (w * h) as usize];
    for y in plate.y0..=plate.y1 {
        for x in plate.x0..=plate.x1 {
            if within(x, rows[y as usize]) && within(y, cols[x as usize]) {
                diff[(y * w + x) as usize] = distance(view.px(x, y), colour);
            }
        }
    }
    (diff, colour)
}
