//! What the app highlights: the selected cell (a shade of its own, its row, column and box in
//! another) and the armed keypad key of a digit-first app (drawn unlike the other keys). Pure pixel
//! work on the boxes a read found, no OCR, so every look can tell the agent the app's modal state
//! before it sends input that depends on it (a lost tap on a digit key leaves the old one armed).

use crate::geometry::Rect;
use autosudoku_core::sudoku::{Cell, Digit};
use image::RgbaImage;
use std::collections::HashMap;

/// A background colour, 4 bits a channel: flat fills survive anti-aliasing and JPEG noise.
type Shade = [u8; 3];

/// The most common shade of the pixels of `r` that pass `keep` (a sparse grid of them, so a
/// digit's strokes are a minority next to the fill around them).
fn shade(img: &RgbaImage, r: Rect, keep: impl Fn(u32, u32) -> bool) -> Option<Shade> {
    let r = r.clamp_to(img.width(), img.height());
    let step = (r.width.min(r.height) / 24).max(1);
    let mut counts: HashMap<Shade, u32> = HashMap::new();
    for y in (r.y..r.bottom()).step_by(step as usize) {
        for x in (r.x..r.right()).step_by(step as usize) {
            if keep(x, y) {
                let p = img.get_pixel(x, y).0;
                *counts.entry([p[0] >> 4, p[1] >> 4, p[2] >> 4]).or_default() += 1;
            }
        }
    }
    counts
        .into_iter()
        .max_by_key(|&(s, n)| (n, s))
        .map(|(s, _)| s)
}

/// The shade behind a cell's digit: its box without the middle, where the digit is drawn.
fn cell_shade(img: &RgbaImage, r: Rect) -> Option<Shade> {
    let inner = r.inset(0.08);
    let c = r.center();
    let (hw, hh) = (r.width * 3 / 10, r.height * 3 / 10);
    shade(img, inner, |x, y| {
        x.abs_diff(c.x) > hw || y.abs_diff(c.y) > hh
    })
}

/// The shade most of `shades` have, if most do.
fn majority(shades: &[Option<Shade>]) -> Option<Shade> {
    let mut counts: HashMap<Shade, usize> = HashMap::new();
    for s in shades.iter().flatten() {
        *counts.entry(*s).or_default() += 1;
    }
    let (s, n) = counts.into_iter().max_by_key(|&(s, n)| (n, s))?;
    (2 * n > shades.len()).then_some(s)
}

/// The cell the app shows selected: the one cell with a shade no other cell has, whose row, column
/// and box peers mostly share a tint the cells away from it lack. `cells` are the 81 cell boxes in
/// `Cell::all()` order. `None` when no cell stands out that way (nothing selected, or an app that
/// does not show its selection).
pub fn selected_cell(img: &RgbaImage, cells: &[Rect]) -> Option<Cell> {
    if cells.len() != 81 {
        return None;
    }
    let shades: Vec<Option<Shade>> = cells.iter().map(|&r| cell_shade(img, r)).collect();
    let base = majority(&shades)?;
    let count = |s: Shade| shades.iter().filter(|&&o| o == Some(s)).count();
    let mut found = None;
    for cell in Cell::all() {
        let Some(own) = shades[cell.index()] else {
            continue;
        };
        if own == base || count(own) != 1 {
            continue;
        }
        let peers: Vec<Shade> = Cell::all()
            .filter(|&p| p != cell && p.sees(cell))
            .filter_map(|p| shades[p.index()])
            .collect();
        let Some(tint) = majority(&peers.iter().map(|&s| Some(s)).collect::<Vec<_>>()) else {
            continue;
        };
        let away = Cell::all()
            .filter(|&p| p != cell && !p.sees(cell))
            .filter(|p| shades[p.index()] == Some(tint))
            .count();
        if tint != base && away <= 2 {
            if found.is_some() {
                return None;
            }
            found = Some(cell);
        }
    }
    found
}

/// The armed key of a digit-first keypad: the one key whose fill around its digit differs from the
/// fill the other keys share. `keys` are the digits' glyph boxes as the read found them (a key the
/// app hides once used up is not there to compare). `None` when no single key stands out.
pub fn armed_key(img: &RgbaImage, keys: &[(Digit, Rect)]) -> Option<Digit> {
    if keys.len() < 3 {
        return None;
    }
    let ring = |g: Rect| {
        let m = g.height / 3;
        let outer = Rect::new(
            g.x.saturating_sub(m),
            g.y.saturating_sub(m),
            g.width + 2 * m,
            g.height + 2 * m,
        );
        let gap = m / 3;
        let inside = |x: u32, y: u32| {
            x + gap >= g.x && x <= g.right() + gap && y + gap >= g.y && y <= g.bottom() + gap
        };
        shade(img, outer, |x, y| !inside(x, y))
    };
    let shades: Vec<Option<Shade>> = keys.iter().map(|&(_, r)| ring(r)).collect();
    let common = majority(&shades)?;
    let mut odd = keys
        .iter()
        .zip(&shades)
        .filter(|(_, s)| s.is_some_and(|s| s != common));
    match (odd.next(), odd.next()) {
        (Some((&(d, _), _)), None) => Some(d),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    const PLAIN: Rgba<u8> = Rgba([250, 250, 250, 255]);
    const PEER: Rgba<u8> = Rgba([220, 230, 245, 255]);
    const PICKED: Rgba<u8> = Rgba([180, 210, 250, 255]);

    fn grid(selected: Option<Cell>) -> (RgbaImage, Vec<Rect>) {
        let mut img = RgbaImage::from_pixel(90 * 9, 90 * 9, PLAIN);
        let rects: Vec<Rect> = Cell::all()
            .map(|c| Rect::new(c.col() as u32 * 90, c.row() as u32 * 90, 90, 90))
            .collect();
        for c in Cell::all() {
            let fill = match selected {
                Some(s) if s == c => PICKED,
                Some(s) if s.sees(c) => PEER,
                _ => continue,
            };
            let r = rects[c.index()];
            for y in r.y..r.bottom() {
                for x in r.x..r.right() {
                    img.put_pixel(x, y, fill);
                }
            }
        }
        // A dark digit in every cell's middle: the strokes must not decide the shade.
        for r in &rects {
            let c = r.center();
            for y in c.y - 20..c.y + 20 {
                for x in c.x - 8..c.x + 8 {
                    img.put_pixel(x, y, Rgba([20, 20, 20, 255]));
                }
            }
        }
        (img, rects)
    }

    #[test]
    fn the_selected_cell_is_the_one_its_peers_point_at() {
        let cell = Cell::new(4, 7).unwrap();
        let (img, rects) = grid(Some(cell));
        assert_eq!(selected_cell(&img, &rects), Some(cell));
        let (img, rects) = grid(None);
        assert_eq!(selected_cell(&img, &rects), None);
    }

    #[test]
    fn the_armed_key_is_the_one_drawn_unlike_the_others() {
        let mut img = RgbaImage::from_pixel(900, 100, PLAIN);
        let keys: Vec<(Digit, Rect)> = Digit::all()
            .map(|d| (d, Rect::new(d.index() as u32 * 100 + 35, 30, 30, 40)))
            .collect();
        let armed = Digit::new(6).unwrap();
        for (d, r) in &keys {
            let fill = if *d == armed { PICKED } else { PEER };
            for y in r.y - 20..r.bottom() + 20 {
                for x in r.x - 20..r.right() + 20 {
                    img.put_pixel(x, y, fill);
                }
            }
        }
        assert_eq!(armed_key(&img, &keys), Some(armed));
        assert_eq!(armed_key(&img, &keys[..2]), None);
    }
}
