//! `extract` on cells drawn the ways real apps draw them (`../shared/screens`): a same-number
//! disc that reaches the cell's edge (SUD💜KU), a disc only a shade off a dark cell, a tile beside a box gap inside the lattice's box
//! (react-native-sudoku), digits of a small font beside pencil marks (Suuudokuuu) or with no tall
//! digit at all (Super Sudoku), a big shape cut by the edge, which is never a sure blank, and the
//! 8x8 blocks of a tinted cell through JPEG (sudoku-flutter's selected column), which are no digit,
//! and a corner cell whose box takes in the board's frame (react-native-sudoku), a sure blank.

use super::*;
use crate::vision::cell::small_font::settle_small;
use ab_glyph::{Font, FontRef, PxScale};
use image::Rgba;
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_rect_mut};
use imageproc::rect::Rect as Box2;

const BLACK: Rgba<u8> = Rgba([0, 0, 0, 255]);
const LILAC: Rgba<u8> = Rgba([170, 142, 214, 255]);

fn font() -> FontRef<'static> {
    FontRef::try_from_slice(dejavu::sans::regular()).expect("the embedded DejaVu font parses")
}

/// `d` drawn with its ink box `height` pixels tall, centred on (cx, cy), anti-aliased (also
/// the grid tests' digits).
pub(in crate::vision) fn digit(
    img: &mut RgbaImage,
    d: &str,
    cx: i32,
    cy: i32,
    height: f32,
    c: Rgba<u8>,
) {
    let font = font();
    let id = font.glyph_id(d.chars().next().expect("one digit"));
    let probe = font
        .outline_glyph(id.with_scale(PxScale::from(100.0)))
        .expect("a digit has an outline");
    let scale = PxScale::from(100.0 * height / probe.px_bounds().height());
    let glyph = font.outline_glyph(id.with_scale(scale)).expect("outline");
    let b = glyph.px_bounds();
    let (ox, oy) = (
        cx - (b.width() / 2.0) as i32,
        cy - (b.height() / 2.0) as i32,
    );
    glyph.draw(|x, y, a| {
        let (px, py) = (ox + x as i32, oy + y as i32);
        if px >= 0 && py >= 0 && (px as u32) < img.width() && (py as u32) < img.height() {
            let p = img.get_pixel_mut(px as u32, py as u32);
            for k in 0..3 {
                p[k] = (p[k] as f32 * (1.0 - a) + c[k] as f32 * a).round() as u8;
            }
        }
    });
}

fn height_of(ink: &CellInk) -> Option<u32> {
    match ink {
        CellInk::Digit(s) => Some(s.bbox.height),
        _ => None,
    }
}

#[test]
fn a_digit_on_a_disc_reaching_the_cells_edge_is_read_against_the_disc() {
    let mut img = RgbaImage::from_pixel(70, 70, BLACK);
    draw_filled_circle_mut(&mut img, (35, 35), 33, LILAC);
    let empty = img.clone();
    digit(&mut img, "7", 35, 35, 30.0, Rgba([20, 20, 20, 255]));
    let cell = Rect::new(0, 0, 70, 70);
    match extract(&img, cell) {
        CellInk::Digit(s) => {
            assert!(s.bbox.height.abs_diff(30) <= 3, "{:?}", s.bbox);
            assert_eq!(s.paper, [170, 142, 214], "the disc is the digit's paper");
        }
        other => panic!("the 7 on its disc: {other:?}"),
    }
    // The same disc with nothing on it (a selected blank) is a plain blank.
    assert!(matches!(
        extract(&empty, cell),
        CellInk::Empty { noise: false, .. }
    ));
}

#[test]
fn a_dark_caret_beside_a_fainter_digit_is_looked_past() {
    // A text field's selected cell: a teal entry on a teal-tinted paper, the caret near black. Cut
    // at half the caret's contrast, only the 4's heaviest strokes were left, and read as a 1.
    let paper = Rgba([200, 236, 240, 255]);
    let mut img = RgbaImage::from_pixel(66, 62, paper);
    digit(&mut img, "4", 30, 31, 34.0, Rgba([40, 150, 160, 255]));
    draw_filled_rect_mut(
        &mut img,
        Box2::at(48, 8).of_size(2, 48),
        Rgba([20, 20, 20, 255]),
    );
    let alone = {
        let mut img = RgbaImage::from_pixel(66, 62, paper);
        digit(&mut img, "4", 30, 31, 34.0, Rgba([40, 150, 160, 255]));
        extract(&img, Rect::new(0, 0, 66, 62))
    };
    match (extract(&img, Rect::new(0, 0, 66, 62)), alone) {
        (CellInk::Digit(s), CellInk::Digit(want)) => assert_eq!(s.bbox, want.bbox),
        other => panic!("the 4 beside its caret: {other:?}"),
    }
}

#[test]
fn a_disc_a_shade_off_a_dark_cell_is_the_papers_of_the_white_digit_on_it() {
    // A dark theme's given: a grey disc a few levels off the cell, far fainter than the digit.
    let mut img = RgbaImage::from_pixel(80, 80, Rgba([29, 33, 36, 255]));
    draw_filled_circle_mut(&mut img, (40, 40), 33, Rgba([52, 56, 60, 255]));
    digit(&mut img, "4", 40, 40, 34.0, Rgba([235, 235, 235, 255]));
    match extract(&img, Rect::new(0, 0, 80, 80)) {
        CellInk::Digit(s) => {
            assert!(s.bbox.height.abs_diff(34) <= 3, "{:?}", s.bbox);
            assert_eq!(s.paper, [52, 56, 60], "the disc is the digit's paper");
        }
        other => panic!("the 4 on its disc: {other:?}"),
    }
}

#[test]
fn a_disc_too_faint_for_ink_is_the_digits_backdrop_and_the_ring_stays_the_cells() {
    // A light theme's given: a grey disc twelve levels off white, under the noise floor of ink.
    let mut img = RgbaImage::from_pixel(80, 80, Rgba([250, 250, 250, 255]));
    draw_filled_circle_mut(&mut img, (40, 40), 32, Rgba([238, 238, 238, 255]));
    digit(&mut img, "8", 40, 40, 34.0, Rgba([20, 20, 20, 255]));
    match extract(&img, Rect::new(0, 0, 80, 80)) {
        CellInk::Digit(s) => {
            assert_eq!(s.ring, [250, 250, 250], "the ring is the cell's paper");
            assert_eq!(s.backdrop, [238, 238, 238], "the disc is behind the digit");
        }
        other => panic!("the 8 on its disc: {other:?}"),
    }
}

#[test]
fn a_tile_beside_a_box_gap_in_the_cells_box_is_the_cells_paper() {
    // The lattice put a thick orange box gap along the left and bottom of the cell's box.
    let mut img = RgbaImage::from_pixel(80, 86, Rgba([255, 165, 0, 255]));
    draw_filled_rect_mut(
        &mut img,
        Box2::at(9, 0).of_size(71, 72),
        Rgba([240, 232, 150, 255]),
    );
    digit(&mut img, "8", 44, 36, 34.0, Rgba([102, 102, 102, 255]));
    let ink = extract(&img, Rect::new(0, 0, 80, 86));
    assert!(
        height_of(&ink).is_some_and(|h| h.abs_diff(34) <= 3),
        "{ink:?}"
    );
}

#[test]
fn a_corner_cell_whose_box_takes_in_the_frame_on_two_sides_is_a_plain_blank() {
    // The fitted outer lines put the board's orange frame, behind a pixel of blend, along the
    // right and bottom of a cream cell's box: the ring's median is the blend, no colour on screen.
    let mut img = RgbaImage::from_pixel(80, 80, Rgba([255, 165, 0, 255]));
    let blend = Rgba([255, 210, 112, 255]);
    draw_filled_rect_mut(&mut img, Box2::at(0, 0).of_size(75, 75), blend);
    draw_filled_rect_mut(
        &mut img,
        Box2::at(0, 0).of_size(74, 74),
        Rgba([255, 255, 224, 255]),
    );
    assert!(matches!(
        extract(&img, Rect::new(0, 0, 80, 80)),
        CellInk::Empty { noise: false, .. }
    ));
}

#[test]
fn a_big_shape_cut_by_the_cells_edge_is_never_a_sure_blank() {
    let mut img = RgbaImage::from_pixel(80, 80, Rgba([255, 255, 255, 255]));
    draw_filled_rect_mut(
        &mut img,
        Box2::at(0, 10).of_size(40, 50),
        Rgba([40, 40, 40, 255]),
    );
    assert!(matches!(
        extract(&img, Rect::new(0, 0, 80, 80)),
        CellInk::Empty { noise: true, .. }
    ));
}

/// `n` cells of 120 px side by side on white, settled; `draw(i, cx, cy)` fills cell `i`.
fn cells(n: u32, draw: impl Fn(&mut RgbaImage, usize, i32, i32)) -> Vec<CellInk> {
    let mut img = RgbaImage::from_pixel(n * 120, 120, Rgba([255, 255, 255, 255]));
    (0..n as usize).for_each(|i| draw(&mut img, i, i as i32 * 120 + 60, 60));
    let mut inks: Vec<CellInk> = (0..n)
        .map(|i| extract(&img, Rect::new(i * 120, 0, 120, 120)))
        .collect();
    settle_small(&mut inks);
    inks
}

#[test]
fn digits_of_a_small_font_are_digits_and_a_lone_note_of_it_stays_a_note() {
    let ink = Rgba([30, 30, 30, 255]);
    // Round digits overshoot to 0.26 of the cell, flat ones stay at 0.24; a note 5 is 0.16.
    let inks = cells(9, |img, i, cx, cy| match i {
        0..=3 => digit(img, "3", cx, cy, 31.5, ink),
        4..=6 => digit(img, "7", cx, cy, 28.5, ink),
        7 => digit(img, "5", cx, cy, 19.0, ink),
        _ => {}
    });
    for (i, c) in inks.iter().enumerate().take(7) {
        assert!(height_of(c).is_some(), "cell {i}: {c:?}");
    }
    assert!(
        matches!(&inks[7], CellInk::Notes { digits, .. } if digits.len() == 1 && digits[0].get() == 5),
        "{:?}",
        inks[7]
    );
    assert!(matches!(inks[8], CellInk::Empty { noise: false, .. }));
}

#[test]
fn a_small_font_drawn_high_in_its_cells_is_digits_and_a_smaller_note_up_there_stays_a_note() {
    // Digits a third of the cell tall, top-aligned: their middles 0.13 to 0.18 of the cell above
    // its middle. A note in the top middle slot, smaller, is 0.33 above it.
    let ink = Rgba([20, 20, 20, 255]);
    let inks = cells(8, |img, i, cx, cy| match i {
        0..=2 => digit(img, "8", cx, cy - 16, 40.0, ink),
        3..=5 => digit(img, "4", cx, cy - 22, 40.0, ink),
        6 => digit(img, "2", cx, cy - 40, 22.0, ink),
        _ => {}
    });
    for (i, c) in inks.iter().enumerate().take(6) {
        assert!(height_of(c).is_some(), "cell {i}: {c:?}");
    }
    assert!(matches!(&inks[6], CellInk::Notes { .. }), "{:?}", inks[6]);
}

#[test]
fn a_small_digit_broken_into_pieces_is_one_mark() {
    // A thin digit scaled down: its strokes come apart by a pixel (three bars, an S-like 5).
    let ink = Rgba([0, 0, 0, 255]);
    let inks = cells(9, |img, i, cx, cy| {
        if i < 4 {
            digit(img, "9", cx, cy, 31.0, ink);
        } else if i == 4 {
            for (dx, dy, w, h) in [(-7, -15, 14, 3), (-7, -11, 3, 10), (-6, 0, 13, 3)] {
                draw_filled_rect_mut(img, Box2::at(cx + dx, cy + dy).of_size(w, h), ink);
            }
            draw_filled_rect_mut(img, Box2::at(cx + 5, cy + 4).of_size(3, 9), ink);
            draw_filled_rect_mut(img, Box2::at(cx - 7, cy + 14).of_size(12, 2), ink);
        }
    });
    assert!(
        height_of(&inks[4]).is_some_and(|h| h >= 29),
        "{:?}",
        inks[4]
    );
}

#[test]
fn with_no_digit_tall_by_size_alone_the_many_lone_marks_are_the_digits() {
    // A web app drawing its digits at a fifth of the cell: twenty of them, and a lone note 5.
    let ink = Rgba([40, 44, 60, 255]);
    let inks = cells(21, |img, i, cx, cy| {
        let h = if i == 20 { 12.0 } else { 24.0 };
        digit(img, if i == 20 { "5" } else { "6" }, cx, cy, h, ink);
    });
    let digits = inks.iter().filter(|c| height_of(c).is_some()).count();
    assert_eq!(digits, 20, "{inks:?}");
    assert!(matches!(&inks[20], CellInk::Notes { .. }), "{:?}", inks[20]);
}

#[test]
fn the_jpeg_blocks_and_ringing_of_a_blank_are_no_digit() {
    let blue = Rgba([114, 202, 237, 255]);
    let shift = |p: Rgba<u8>, by: i16| Rgba(p.0.map(|v| (v as i16 + by).clamp(0, 255) as u8));
    // A stripe of blocks 12 levels off, as tall as a digit, and a bend along its foot.
    let mut stripes = RgbaImage::from_pixel(27, 27, blue);
    draw_filled_rect_mut(&mut stripes, Box2::at(4, 3).of_size(2, 20), shift(blue, 12));
    draw_filled_rect_mut(
        &mut stripes,
        Box2::at(4, 19).of_size(18, 3),
        shift(blue, 12),
    );
    draw_filled_rect_mut(&mut stripes, Box2::at(22, 3).of_size(1, 1), shift(blue, 24));
    // One block 19 levels off in the middle: a tile, not strokes.
    let mut tile = RgbaImage::from_pixel(27, 27, blue);
    draw_filled_rect_mut(&mut tile, Box2::at(7, 7).of_size(12, 12), shift(blue, -19));
    // A line one pixel wide and 24 levels off, two-thirds of the cell tall: the ringing JPEG
    // leaves beside a tile's edge (nihgwu's cream tiles on orange, saved at quality 50).
    let mut ringing = RgbaImage::from_pixel(27, 27, blue);
    draw_filled_rect_mut(
        &mut ringing,
        Box2::at(3, 5).of_size(1, 17),
        shift(blue, -24),
    );
    let cell = Rect::new(0, 0, 27, 27);
    for img in [stripes, tile, ringing] {
        let got = extract(&img, cell);
        assert!(
            matches!(got, CellInk::Empty { noise: false, .. }),
            "{got:?}"
        );
    }
}

#[test]
fn a_digits_ink_is_its_own_colour_beside_a_dark_frame_edge() {
    // A phone frame's dark edge, seen through JPEG, runs down the cell's side, stronger than the
    // slate digit on the blue paper.
    let mut img = RgbaImage::from_pixel(40, 40, Rgba([114, 202, 237, 255]));
    let edge = Rgba([20, 80, 100, 255]);
    draw_filled_rect_mut(&mut img, Box2::at(0, 0).of_size(4, 40), edge);
    let slate = Rgba([73, 132, 155, 255]);
    digit(&mut img, "4", 21, 20, 18.0, slate);
    match extract(&img, Rect::new(0, 0, 40, 40)) {
        CellInk::Digit(s) => {
            let off = (0..3).map(|k| s.ink[k].abs_diff(slate[k])).max();
            assert!(off < Some(24), "ink {:?}", s.ink);
        }
        other => panic!("the slate 4: {other:?}"),
    }
}
