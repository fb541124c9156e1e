//! Fixture generator for the vision corpus: draws Sudoku screens of layouts the virtual phone does
//! not have (other fonts, an off-centre grid, a tall status bar, light and dark themes, highlights,
//! pencil marks, a dialog over the grid, a 3x3 keypad, landscape), with their truth. Only tests use
//! it, to write `tests/fixtures/screens/render-*.png` + `.json` when `REGENERATE=1`; `phone`
//! does the same from the virtual phone's app.

mod draw;
pub mod phone;

pub use draw::fill;

use draw::{disc, rgba, text};
use image::RgbaImage;
use serde::{Deserialize, Serialize};

/// The truth stored beside every corpus screenshot.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Truth {
    /// 81 chars, digits and `.`; what a person reads in the grid.
    pub board: String,
    /// 81 chars: `g` given, `e` entered, `n` notes only, `.` empty.
    pub kinds: String,
    /// "row", "block" or "none".
    pub keypad: String,
    /// Digits whose keys are on screen.
    pub keys: String,
    /// A dialog hides part of the grid: the read must say so and not be certain.
    pub covered: bool,
    /// Where the screenshot came from.
    pub source: String,
}

pub type Rgb = [u8; 3];

#[derive(Clone, Copy)]
pub enum Pad {
    None,
    /// One row at this y (top of the keys).
    Row {
        y: u32,
    },
    /// 3x3 block with its top-left corner here and this key pitch.
    Block {
        x: u32,
        y: u32,
        pitch: u32,
    },
}

/// Everything a screen looks like.
#[derive(Clone)]
pub struct Style {
    pub size: (u32, u32),
    pub background: Rgb,
    pub status_bar: (u32, Rgb),
    pub grid_at: (u32, u32),
    pub cell: u32,
    pub paper: Rgb,
    pub thin: (u32, Rgb),
    pub thick: (u32, Rgb),
    pub given_font: &'static [u8],
    pub given: Rgb,
    pub entered_font: &'static [u8],
    pub entered: Rgb,
    pub wrong: Rgb,
    pub note: Rgb,
    pub selected: Rgb,
    pub peer: Rgb,
    pub same: Rgb,
    pub pad: Pad,
    pub key_font: &'static [u8],
    pub key_fill: Rgb,
    pub key_text: Rgb,
    /// How the lines are drawn (real apps vary most here).
    pub lines: Lines,
    /// Digit height as a fraction of the cell.
    pub digit_size: f32,
    /// Pencil-mark height as a fraction of the cell.
    pub note_size: f32,
    /// How the selected cell and the cells of its digit are highlighted.
    pub shade: Shade,
}

/// The shape of a highlight.
#[derive(Clone, Copy, PartialEq)]
pub enum Shade {
    /// The whole cell filled, the selection's row, column and box too.
    Cell,
    /// A disc reaching almost to the cell's lines (the selected cell and its digit's cells only).
    Disc,
}

/// The grid's drawing style.
#[derive(Clone, Copy, PartialEq)]
pub enum Lines {
    /// Ten lines each way, box lines thick.
    Framed,
    /// No outer frame: the inner lines only (grids drawn edge to edge).
    NoFrame,
    /// Framed, with the selected cell's row and column painted as bands over the lines in them.
    Bands,
}

/// The state drawn in the grid.
#[derive(Clone, Default)]
pub struct State {
    pub givens: Vec<u8>,
    pub entered: Vec<u8>,
    /// Entered cells drawn as conflicts.
    pub wrong: Vec<usize>,
    pub notes: Vec<(usize, Vec<u8>)>,
    pub selected: Option<usize>,
    /// A dialog card (x, y, w, h) over a dimmed screen.
    pub dialog: Option<(u32, u32, u32, u32)>,
}

/// The grid's lines in the style's way.
fn draw_lines(img: &mut RgbaImage, style: &Style) {
    let (gx, gy, cs) = (style.grid_at.0, style.grid_at.1, style.cell);
    let edge = style.thick.0;
    for k in 0..10u32 {
        let (t, c) = if k % 3 == 0 { style.thick } else { style.thin };
        if style.lines == Lines::NoFrame && (k == 0 || k == 9) {
            continue;
        }
        let x = (gx + k * cs).saturating_sub(t / 2);
        let y = (gy + k * cs).saturating_sub(t / 2);
        fill(img, x, gy.saturating_sub(edge / 2), t, 9 * cs + edge, c);
        fill(img, gx.saturating_sub(edge / 2), y, 9 * cs + edge, t, c);
    }
}

/// Draws a screen and returns it with its truth.
pub fn render(style: &Style, state: &State) -> (RgbaImage, Truth) {
    let (w, h) = style.size;
    let mut img = RgbaImage::from_pixel(w, h, rgba(style.background));
    paint_status_bar(&mut img, style);
    let (gx, gy, cs) = (style.grid_at.0, style.grid_at.1, style.cell);
    fill(&mut img, gx, gy, 9 * cs, 9 * cs, style.paper);
    paint_highlights(&mut img, style, state);
    draw_lines(&mut img, style);
    if let (Lines::Bands, Some(sel)) = (style.lines, state.selected) {
        // The selected cell's row and column as two bands over every line inside the frame.
        let (e, (sx, sy)) = (style.thick.0 / 2, cell_at(style, sel));
        fill(&mut img, gx + e, sy, 9 * cs - 2 * e, cs, style.peer);
        fill(&mut img, sx, gy + e, cs, 9 * cs - 2 * e, style.peer);
        fill(&mut img, sx, sy, cs, cs, style.selected);
    }
    let mut board = String::new();
    let mut kinds = String::new();
    for i in 0..81 {
        kinds.push(paint_cell(&mut img, style, state, i));
        let d = state.digit(i);
        board.push(if d > 0 { (b'0' + d) as char } else { '.' });
    }
    let keys = "123456789";
    match style.pad {
        Pad::None => {}
        Pad::Row { y } => paint_key_row(&mut img, style, keys, y),
        Pad::Block { x, y, pitch } => paint_key_block(&mut img, style, keys, (x, y), pitch),
    }
    if let Some(card) = state.dialog {
        paint_dialog(&mut img, card);
    }
    let truth = Truth {
        board,
        kinds,
        keypad: match style.pad {
            Pad::None => "none",
            Pad::Row { .. } => "row",
            Pad::Block { .. } => "block",
        }
        .into(),
        keys: keys.into(),
        covered: state.dialog.is_some(),
        source: "render".into(),
    };
    (img, truth)
}

impl State {
    /// The digit in cell `i` (given or entered), 0 if none.
    fn digit(&self, i: usize) -> u8 {
        if self.givens[i] > 0 {
            self.givens[i]
        } else {
            self.entered[i]
        }
    }
}

/// The top-left corner of cell `i` (row-major).
fn cell_at(style: &Style, i: usize) -> (u32, u32) {
    let (gx, gy, cs) = (style.grid_at.0, style.grid_at.1, style.cell);
    (gx + (i % 9) as u32 * cs, gy + (i / 9) as u32 * cs)
}

/// The status bar with its clock.
fn paint_status_bar(img: &mut RgbaImage, style: &Style) {
    let w = style.size.0;
    fill(img, 0, 0, w, style.status_bar.0, style.status_bar.1);
    text(
        img,
        dejavu::sans::regular(),
        "12:45",
        60.0,
        style.status_bar.0 as f32 / 2.0,
        20.0,
        [200, 200, 200],
    );
}

/// The selected cell, the cells of its digit and its peers, shaded in the style's way.
fn paint_highlights(img: &mut RgbaImage, style: &Style, state: &State) {
    let cs = style.cell;
    for i in 0..81 {
        let (x, y) = cell_at(style, i);
        let fillc = match state.selected {
            Some(s) if s == i => Some(style.selected),
            Some(s) if state.digit(s) > 0 && state.digit(s) == state.digit(i) => Some(style.same),
            // Band apps tint the row and column only, as bands over the lines (see `render`).
            Some(_) if style.lines == Lines::Bands => None,
            Some(s)
                if s / 9 == i / 9
                    || s % 9 == i % 9
                    || (s / 27 == i / 27 && s % 9 / 3 == i % 9 / 3) =>
            {
                Some(style.peer)
            }
            _ => None,
        };
        match (fillc, style.shade) {
            (Some(c), Shade::Cell) => fill(img, x, y, cs, cs, c),
            (Some(c), Shade::Disc) if c != style.peer => {
                let (cx, cy) = (x as f32 + cs as f32 / 2.0, y as f32 + cs as f32 / 2.0);
                disc(img, cx, cy, cs as f32 * 0.46, c);
            }
            _ => {}
        }
    }
}

/// Cell `i`'s digit or pencil marks; returns its kind for the truth (`g`, `e`, `n` or `.`).
fn paint_cell(img: &mut RgbaImage, style: &Style, state: &State, i: usize) -> char {
    let cs = style.cell;
    let (x, y) = cell_at(style, i);
    let (cx, cy) = (x as f32 + cs as f32 / 2.0, y as f32 + cs as f32 / 2.0);
    let d = state.digit(i);
    if state.givens[i] > 0 {
        text(
            img,
            style.given_font,
            &d.to_string(),
            cx,
            cy,
            cs as f32 * style.digit_size,
            style.given,
        );
        'g'
    } else if d > 0 {
        let c = if state.wrong.contains(&i) {
            style.wrong
        } else {
            style.entered
        };
        text(
            img,
            style.entered_font,
            &d.to_string(),
            cx,
            cy,
            cs as f32 * style.digit_size,
            c,
        );
        'e'
    } else if let Some((_, n)) = state.notes.iter().find(|(c, _)| *c == i) {
        paint_notes(img, style, (x, y), n);
        'n'
    } else {
        '.'
    }
}

/// Pencil marks at their 3x3 sub-positions of the cell at `(x, y)`.
fn paint_notes(img: &mut RgbaImage, style: &Style, (x, y): (u32, u32), notes: &[u8]) {
    let cs = style.cell;
    for &m in notes {
        let (r, c) = ((m - 1) / 3, (m - 1) % 3);
        let (nx, ny) = (
            x as f32 + cs as f32 * (c as f32 * 2.0 + 1.0) / 6.0,
            y as f32 + cs as f32 * (r as f32 * 2.0 + 1.0) / 6.0,
        );
        text(
            img,
            dejavu::sans::regular(),
            &m.to_string(),
            nx,
            ny,
            cs as f32 * style.note_size,
            style.note,
        );
    }
}

/// Keys 1-9 in one row across the screen at `y`, with the tool labels above them.
fn paint_key_row(img: &mut RgbaImage, style: &Style, keys: &str, y: u32) {
    let w = style.size.0;
    let kw = w / 9;
    for (k, ch) in keys.chars().enumerate() {
        let x = k as u32 * kw;
        fill(img, x + 6, y, kw - 12, kw * 3 / 2, style.key_fill);
        text(
            img,
            style.key_font,
            &ch.to_string(),
            (x + kw / 2) as f32,
            (y + kw * 3 / 4) as f32,
            kw as f32 * 0.5,
            style.key_text,
        );
    }
    for (k, label) in ["Undo", "Erase", "Notes", "Hint"].iter().enumerate() {
        let cx = w as f32 * (k as f32 * 2.0 + 1.0) / 8.0;
        text(
            img,
            dejavu::sans::regular(),
            label,
            cx,
            y as f32 - 60.0,
            30.0,
            style.key_text,
        );
    }
}

/// Keys 1-9 as a 3x3 block with its top-left corner at `(x, y)`, `pitch` apart.
fn paint_key_block(img: &mut RgbaImage, style: &Style, keys: &str, (x, y): (u32, u32), pitch: u32) {
    for (k, ch) in keys.chars().enumerate() {
        let (kx, ky) = (x + (k as u32 % 3) * pitch, y + (k as u32 / 3) * pitch);
        fill(img, kx + 5, ky + 5, pitch - 10, pitch - 10, style.key_fill);
        text(
            img,
            style.key_font,
            &ch.to_string(),
            (kx + pitch / 2) as f32,
            (ky + pitch / 2) as f32,
            pitch as f32 * 0.45,
            style.key_text,
        );
    }
}

/// The screen dimmed, and a "Well done!" card (x, y, w, h) over it.
fn paint_dialog(img: &mut RgbaImage, (dx, dy, dw, dh): (u32, u32, u32, u32)) {
    for p in img.pixels_mut() {
        for i in 0..3 {
            p[i] /= 2;
        }
    }
    fill(img, dx, dy, dw, dh, [250, 250, 250]);
    text(
        img,
        dejavu::sans::bold(),
        "Well done!",
        (dx + dw / 2) as f32,
        (dy + dh / 3) as f32,
        50.0,
        [30, 30, 30],
    );
    text(
        img,
        dejavu::sans::regular(),
        "Time 12:34",
        (dx + dw / 2) as f32,
        (dy + dh * 2 / 3) as f32,
        40.0,
        [30, 30, 30],
    );
}

/// The same screenshot scaled (a phone of another density, or a downscaled capture).
pub fn scaled(img: &RgbaImage, factor: f32) -> RgbaImage {
    let (w, h) = (
        (img.width() as f32 * factor) as u32,
        (img.height() as f32 * factor) as u32,
    );
    image::imageops::resize(img, w, h, image::imageops::FilterType::Triangle)
}
