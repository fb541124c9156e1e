//! Drawing what the reader saw over the screenshot, so a person checks a read at a glance: grid
//! lines (cyan) and the cue that found them, each read digit in the cell's corner with a box (green given, blue entered,
//! orange unsure, red suspect), notes as dots, covered cells crossed out, keypad keys boxed (purple),
//! toolbar buttons boxed and named (orange).

use super::cell::classify::CERTAIN;
use super::grid::GridGeometry;
use super::read::{BoardRead, CellKind, CellRead};
use super::screen::keypad::Keypad;
use crate::geometry::Rect;
use ab_glyph::{Font, FontRef, PxScale};
use autosudoku_core::sudoku::Cell;
use image::{Rgba, RgbaImage};

const CYAN: [u8; 3] = [0, 190, 220];
const GREEN: [u8; 3] = [0, 160, 60];
const BLUE: [u8; 3] = [30, 90, 255];
const ORANGE: [u8; 3] = [255, 140, 0];
const RED: [u8; 3] = [230, 0, 40];
const PURPLE: [u8; 3] = [170, 0, 200];

/// The screenshot with `cells` boxed in thick red, where `read` (of this screenshot or one with
/// the same grid) found them: the cells a regress failure is about.
pub fn mark_cells(img: &RgbaImage, read: &BoardRead, cells: &[Cell]) -> RgbaImage {
    let mut out = img.clone();
    let width = (read.geometry.pitch() / 12.0).max(2.0) as u32;
    for c in read.cells.iter().filter(|c| cells.contains(&c.cell)) {
        outline(&mut out, c.rect, width, RED);
    }
    out
}

/// The screenshot with the read drawn over it.
pub fn annotate(img: &RgbaImage, read: &BoardRead) -> RgbaImage {
    let mut out = img.clone();
    let g = &read.geometry;
    let width = (g.pitch() / 40.0).max(1.0) as u32;
    let label = g.pitch() * 0.3;
    grid(&mut out, g, width, label);
    for c in &read.cells {
        let suspect = read.sanity.suspects.contains(&c.cell);
        cell(&mut out, c, suspect, width, label);
    }
    if let Some(k) = &read.keypad {
        keypad(&mut out, k, width, label);
    }
    for button in &read.buttons {
        outline(&mut out, button.rect, width * 2, ORANGE);
        text(
            &mut out,
            button.kind.name(),
            button.rect.center().x as f32,
            button.rect.bottom() as f32 + label * 0.8,
            label * 0.7,
            ORANGE,
        );
    }
    out
}

/// The grid's lines, and which cue found the grid just above it (below when it touches the top).
fn grid(out: &mut RgbaImage, g: &GridGeometry, width: u32, label: f32) {
    let b = g.bounds();
    for k in 0..10 {
        line_v(out, g.xs[k] as u32, b.y, b.bottom(), width, CYAN);
        line_h(out, g.ys[k] as u32, b.x, b.right(), width, CYAN);
    }
    let cue = format!("grid: {}", g.cue.name());
    let above = b.y as f32 - label;
    let cy = if above > label {
        above
    } else {
        b.bottom() as f32 + label
    };
    text(out, &cue, (b.x + b.width / 2) as f32, cy, label, CYAN);
}

/// One cell as read: its digit boxed, its notes as dots, crossed out when covered.
fn cell(out: &mut RgbaImage, c: &CellRead, suspect: bool, width: u32, label: f32) {
    let r = c.rect.inset(0.04);
    let color = match c.kind {
        _ if suspect => RED,
        CellKind::Covered => RED,
        _ if c.confidence < CERTAIN => ORANGE,
        CellKind::Given => GREEN,
        CellKind::Entered => BLUE,
        CellKind::Notes | CellKind::Empty => CYAN,
    };
    match c.kind {
        CellKind::Covered => {
            for t in 0..r.width.min(r.height) {
                dot(out, r.x + t, r.y + t, width, RED);
                dot(out, r.right() - t, r.y + t, width, RED);
            }
        }
        CellKind::Given | CellKind::Entered => {
            outline(out, r, width, color);
            if let Some(d) = c.digit {
                text(
                    out,
                    &d.to_string(),
                    r.x as f32 + label * 0.5,
                    r.y as f32 + label * 0.6,
                    label,
                    color,
                );
            }
        }
        CellKind::Notes => {
            for d in &c.notes {
                let (i, j) = (d.index() % 3, d.index() / 3);
                let x = r.x + r.width * (2 * i as u32 + 1) / 6;
                let y = r.y + r.height * (2 * j as u32 + 1) / 6;
                dot(out, x, y, (label / 6.0) as u32 + 1, color);
            }
        }
        CellKind::Empty if c.confidence < CERTAIN => outline(out, r, width, ORANGE),
        CellKind::Empty => {}
    }
}

/// Each keypad key boxed and named.
fn keypad(out: &mut RgbaImage, k: &Keypad, width: u32, label: f32) {
    for key in &k.keys {
        let r = Rect::from_edges(
            key.rect.x as f32 - key.rect.height as f32 * 0.2,
            key.rect.y as f32 - key.rect.height as f32 * 0.2,
            key.rect.right() as f32 + key.rect.height as f32 * 0.2,
            key.rect.bottom() as f32 + key.rect.height as f32 * 0.2,
        );
        outline(out, r, width * 2, PURPLE);
        text(
            out,
            &key.digit.to_string(),
            r.x as f32,
            r.y as f32,
            label,
            PURPLE,
        );
    }
}

fn put(img: &mut RgbaImage, x: u32, y: u32, c: [u8; 3]) {
    if x < img.width() && y < img.height() {
        img.put_pixel(x, y, Rgba([c[0], c[1], c[2], 255]));
    }
}

fn dot(img: &mut RgbaImage, x: u32, y: u32, size: u32, c: [u8; 3]) {
    for dy in 0..size {
        for dx in 0..size {
            put(
                img,
                (x + dx).saturating_sub(size / 2),
                (y + dy).saturating_sub(size / 2),
                c,
            );
        }
    }
}

fn line_h(img: &mut RgbaImage, y: u32, x0: u32, x1: u32, w: u32, c: [u8; 3]) {
    for x in x0..x1 {
        for t in 0..w {
            put(img, x, (y + t).saturating_sub(w / 2), c);
        }
    }
}

fn line_v(img: &mut RgbaImage, x: u32, y0: u32, y1: u32, w: u32, c: [u8; 3]) {
    for y in y0..y1 {
        for t in 0..w {
            put(img, (x + t).saturating_sub(w / 2), y, c);
        }
    }
}

fn outline(img: &mut RgbaImage, r: Rect, w: u32, c: [u8; 3]) {
    line_h(img, r.y, r.x, r.right(), w, c);
    line_h(img, r.bottom(), r.x, r.right(), w, c);
    line_v(img, r.x, r.y, r.bottom(), w, c);
    line_v(img, r.right(), r.y, r.bottom(), w, c);
}

/// Bold text centred on (cx, cy), `size` pixels tall, on a white halo so it reads on any theme.
fn text(img: &mut RgbaImage, s: &str, cx: f32, cy: f32, size: f32, c: [u8; 3]) {
    let Ok(font) = FontRef::try_from_slice(dejavu::sans::bold()) else {
        return;
    };
    let scale = PxScale::from(size * 1.35);
    let mut pen = cx - size * 0.3 * s.len() as f32;
    for ch in s.chars() {
        let glyph = font
            .glyph_id(ch)
            .with_scale_and_position(scale, ab_glyph::point(pen, cy + size * 0.5));
        pen += size * 0.65;
        let Some(o) = font.outline_glyph(glyph) else {
            continue;
        };
        let bb = o.px_bounds();
        o.draw(|x, y, a| {
            if a > 0.4 {
                let (px, py) = (
                    (bb.min.x as i32 + x as i32).max(0) as u32,
                    (bb.min.y as i32 + y as i32).max(0) as u32,
                );
                put(img, px, py, c);
            }
        });
    }
}
