//! The digits' lattice on boards drawn here with no line at all: found where the digits sit, with
//! pencil marks and a keypad apart from the board; refused when a keypad row sits right under the
//! board (two windows of nine would fit) or too few digits show.

use super::*;
use ab_glyph::FontRef;
use image::{Rgba, RgbaImage};
use imageproc::drawing::{draw_text_mut, text_size};

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn font() -> FontRef<'static> {
    FontRef::try_from_slice(dejavu::sans::regular()).expect("the embedded DejaVu font parses")
}

/// `text` centred on (`cx`, `cy`) at `size` pixels.
fn centred(img: &mut RgbaImage, text: &str, (cx, cy): (f32, f32), size: f32) {
    let f = font();
    let (w, h) = text_size(size, &f, text);
    let (x, y) = (cx - w as f32 / 2.0, cy - h as f32 / 2.0);
    draw_text_mut(
        img,
        Rgba([30, 30, 30, 255]),
        x as i32,
        y as i32,
        size,
        &f,
        text,
    );
}

/// A 720x1280 screen: the puzzle's digits on bare paper from (`x0`, `y0`) at `pitch`, a few pencil
/// marks, and a keypad row `keypad_rows` pitches under the last row.
fn screen(x0: f32, y0: f32, pitch: f32, keypad_rows: f32) -> RgbaImage {
    let mut img = RgbaImage::from_pixel(720, 1280, Rgba([246, 245, 250, 255]));
    let centre =
        |r: usize, c: usize| (x0 + (c as f32 + 0.5) * pitch, y0 + (r as f32 + 0.5) * pitch);
    for (i, ch) in PUZZLE.chars().enumerate() {
        let (r, c) = (i / 9, i % 9);
        match ch {
            '.' if (r + c) % 7 == 0 => {
                let (cx, cy) = centre(r, c);
                centred(
                    &mut img,
                    "4",
                    (cx - pitch / 3.0, cy - pitch / 3.0),
                    pitch * 0.25,
                );
            }
            '.' => {}
            d => centred(&mut img, &d.to_string(), centre(r, c), pitch * 0.6),
        }
    }
    for k in 0..9 {
        let c = centre(8, k);
        centred(
            &mut img,
            &(k + 1).to_string(),
            (c.0, c.1 + keypad_rows * pitch),
            pitch * 0.6,
        );
    }
    img
}

fn luma(img: &RgbaImage) -> Luma {
    let data = img
        .pixels()
        .map(|&p| crate::vision::pixels::luma::luma(p))
        .collect();
    Luma {
        width: img.width(),
        height: img.height(),
        data,
    }
}

#[test]
fn digits_on_bare_paper_make_the_grid_where_they_sit() {
    let (x0, y0, pitch) = (40.0, 300.0, 70.0);
    let img = screen(x0, y0, pitch, 3.4);
    let g = from_digits(&luma(&img), Polarity::DarkOnLight)
        .expect("a lattice")
        .geometry;
    assert_eq!(g.cue, Cue::DigitLattice);
    for k in 0..10 {
        let (x, y) = (x0 + k as f32 * pitch, y0 + k as f32 * pitch);
        assert!(
            (g.xs[k] - x).abs() < 0.06 * pitch,
            "x line {k}: {} not {x}",
            g.xs[k]
        );
        assert!(
            (g.ys[k] - y).abs() < 0.06 * pitch,
            "y line {k}: {} not {y}",
            g.ys[k]
        );
    }
}

#[test]
fn a_keypad_right_under_the_board_makes_it_ambiguous() {
    let img = screen(40.0, 300.0, 70.0, 1.0);
    assert_eq!(from_digits(&luma(&img), Polarity::DarkOnLight), None);
}

#[test]
fn a_few_digits_make_no_grid() {
    let mut img = RgbaImage::from_pixel(720, 1280, Rgba([246, 245, 250, 255]));
    for k in 0..9 {
        centred(
            &mut img,
            &(k + 1).to_string(),
            (60.0 + k as f32 * 70.0, 900.0),
            40.0,
        );
        centred(
            &mut img,
            &(9 - k).to_string(),
            (60.0 + k as f32 * 70.0, 300.0),
            40.0,
        );
    }
    assert_eq!(from_digits(&luma(&img), Polarity::DarkOnLight), None);
}

#[test]
fn lines_of_text_are_no_board() {
    let mut img = RgbaImage::from_pixel(720, 1280, Rgba([246, 245, 250, 255]));
    let f = font();
    let words = [
        "Arrow keys: 1 Move around 2 the board",
        "Number keys: 3 Write a 4 note or set",
        "Backspace: 5 Delete 6 a number 7 8 9",
    ];
    for line in 0..14 {
        let text = words[line % 3];
        let y = 200 + line as i32 * 42;
        draw_text_mut(&mut img, Rgba([30, 30, 30, 255]), 30, y, 30.0, &f, text);
    }
    assert_eq!(from_digits(&luma(&img), Polarity::DarkOnLight), None);
}
