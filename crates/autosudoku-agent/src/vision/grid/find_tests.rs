//! `detect` on screens drawn here, one per class of real app that once put the lattice in the wrong
//! place or found none: the app's chrome beside the grid at the pitch of the cells, a highlighted
//! row hiding the top lines, cell lines a few levels off the paper through JPEG noise, a tint over
//! box panels drawn apart, a frame drawn on one side only next to the screen's edge.

use super::*;
use image::{Rgba, RgbaImage};

type Rgb = [u8; 3];
/// x, y, width, height.
type Rect4 = (u32, u32, u32, u32);
/// A block of cells: (first row, first column), (rows, columns).
type Cells = ((u32, u32), (u32, u32));

/// A grid drawn the way many apps draw it: a panel, thin cell lines, thick box lines, and the
/// frame optionally left out (the panel's edge is then the grid's edge).
struct Drawn {
    size: (u32, u32),
    background: Rgb,
    panel: Rgb,
    /// Top-left corner of the grid and the cell pitch.
    at: (u32, u32),
    cell: u32,
    thin: (u32, Rgb),
    thick: (u32, Rgb),
    /// Which of the outer lines are drawn: left, top, right, bottom.
    frame: [bool; 4],
    /// Cells shaded under the lines: ((first row, first column), (rows, columns)) and the colour.
    shading: Vec<(Cells, Rgb)>,
}

fn fill(img: &mut RgbaImage, (x, y, w, h): Rect4, c: Rgb) {
    for yy in y..(y + h).min(img.height()) {
        for xx in x..(x + w).min(img.width()) {
            img.put_pixel(xx, yy, Rgba([c[0], c[1], c[2], 255]));
        }
    }
}

impl Drawn {
    fn line(&self, k: u32) -> u32 {
        k * self.cell
    }

    /// The screen rectangle of `rows` x `cols` cells from (`row`, `col`), grown by `grow` pixels
    /// each way (a fill over the lines around them).
    fn cells(&self, ((row, col), (rows, cols)): Cells, grow: u32) -> Rect4 {
        let (x, y) = (self.at.0 + col * self.cell, self.at.1 + row * self.cell);
        (
            x - grow,
            y - grow,
            cols * self.cell + 2 * grow,
            rows * self.cell + 2 * grow,
        )
    }

    fn paint(&self) -> RgbaImage {
        let (w, h) = self.size;
        let mut img = RgbaImage::from_pixel(w, h, Rgba([0, 0, 0, 255]));
        fill(&mut img, (0, 0, w, h), self.background);
        let (gx, gy, side) = (self.at.0, self.at.1, 9 * self.cell);
        fill(&mut img, (gx, gy, side, side), self.panel);
        for &(cells, shade) in &self.shading {
            fill(&mut img, self.cells(cells, 0), shade);
        }
        for k in 0..10u32 {
            let outer = match k {
                0 => Some((0, 1)),
                9 => Some((2, 3)),
                _ => None,
            };
            let (t, c) = if k % 3 == 0 { self.thick } else { self.thin };
            let (x, y) = (gx + self.line(k) - t / 2, gy + self.line(k) - t / 2);
            if outer.is_none_or(|(v, _)| self.frame[v]) {
                fill(&mut img, (x, gy, t, side), c);
            }
            if outer.is_none_or(|(_, hz)| self.frame[hz]) {
                fill(&mut img, (gx, y, side, t), c);
            }
        }
        img
    }

    /// The ten line positions each way, in screen pixels.
    fn truth(&self) -> ([f32; 10], [f32; 10]) {
        let at = |o: u32| std::array::from_fn(|k| (o + self.line(k as u32)) as f32);
        (at(self.at.0), at(self.at.1))
    }
}

/// A phone-sized screen with a frameless grid in the upper half: each test changes what its app
/// does differently.
fn screen() -> Drawn {
    Drawn {
        size: (560, 1160),
        background: [0x30, 0x30, 0x30],
        panel: [0x30, 0x30, 0x30],
        at: (22, 250),
        cell: 57,
        thin: (2, [0x80, 0x80, 0x80]),
        thick: (2, [0x80, 0x80, 0x80]),
        frame: [false; 4],
        shading: Vec::new(),
    }
}

fn found(img: &RgbaImage) -> GridGeometry {
    detect(&Planes::from_rgba(img))
        .expect("the grid is found")
        .geometry
}

/// Every line within a tenth of a cell of where it was drawn.
fn assert_lattice(g: &GridGeometry, d: &Drawn) {
    let (xs, ys) = d.truth();
    let off = |a: &[f32; 10], b: &[f32; 10]| {
        a.iter()
            .zip(b)
            .map(|(p, q)| (p - q).abs())
            .fold(0.0, f32::max)
    };
    let tol = d.cell as f32 / 10.0;
    assert!(
        off(&g.xs, &xs) < tol && off(&g.ys, &ys) < tol,
        "found xs {:?} ys {:?}, drawn xs {xs:?} ys {ys:?}",
        g.xs,
        g.ys
    );
}

/// Shares a JPEG gives a screenshot: compression noise around every edge.
fn jpeg(img: &RgbaImage, quality: u8) -> RgbaImage {
    let rgb = image::DynamicImage::ImageRgba8(img.clone()).to_rgb8();
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, quality)
        .encode_image(&rgb)
        .expect("jpeg encode");
    image::load_from_memory(&bytes)
        .expect("jpeg decode")
        .to_rgba8()
}

#[test]
fn chrome_at_the_cell_pitch_below_a_grid_with_its_top_row_highlighted_does_not_shift_the_rows() {
    // A dark app: the selected row and column painted bright over the top frame and the first
    // line, and under the grid two toolbar separators one and two cells down (real app: huhx,
    // whose icon underlines fall at the pitch of the cells).
    let d = Drawn {
        thick: (4, [0x21, 0x96, 0xF3]),
        frame: [true; 4],
        ..screen()
    };
    let mut img = d.paint();
    let green = [0x8B, 0xC3, 0x4A];
    fill(&mut img, d.cells(((0, 0), (1, 9)), 2), green);
    fill(&mut img, d.cells(((0, 0), (9, 1)), 2), green);
    let bottom = d.at.1 + 9 * d.cell;
    for k in 1..=2 {
        let y = bottom + k * d.cell;
        fill(&mut img, (d.at.0, y - 1, 9 * d.cell, 2), [0xA0, 0xA0, 0xA0]);
    }
    assert_lattice(&found(&img), &d);
}

#[test]
fn keys_at_the_cell_pitch_below_a_dark_panel_on_a_light_screen_do_not_shift_the_rows() {
    // A dark board on a light screen with no frame: its edges are the panel's, the hatched cells
    // of the selected row and box break the lines there, and the keypad's rows of dark keys below
    // leave light gaps at the pitch of the cells (real app: Luci04's, JPEG).
    let d = Drawn {
        background: [0xF0, 0xF0, 0xF0],
        panel: [0x1E, 0x24, 0x2E],
        thin: (2, [0x40, 0x4C, 0x5C]),
        thick: (2, [0x40, 0x4C, 0x5C]),
        ..screen()
    };
    let mut img = d.paint();
    let hatch = [0x6A, 0x60, 0x6A];
    for cells in [((0, 1), (1, 3)), ((0, 7), (1, 1)), ((1, 0), (1, 2))] {
        fill(&mut img, d.cells(cells, 2), hatch);
    }
    // Six keys a row, 1.5 cells apart (their gaps fall on the box lines), the gap between the
    // two rows two cells below the grid.
    let (bottom, pitch) = (d.at.1 + 9 * d.cell, d.cell * 3 / 2);
    for row in 0..2 {
        for k in 0..6 {
            let y = bottom + 2 * d.cell + 3 - (1 - row) * d.cell;
            let key = (d.at.0 + k * pitch + 3, y, pitch - 6, d.cell - 6);
            fill(&mut img, key, [0x1E, 0x24, 0x2E]);
        }
    }
    assert_lattice(&found(&jpeg(&img, 85)), &d);
}

#[test]
fn cell_lines_a_few_levels_off_a_dark_panel_are_found_through_jpeg_noise() {
    // Only the two box lines each way stand out; the cell lines are 4 levels lighter than the
    // panel and the panel 15 lighter than the screen, with no frame (real app: Luci04's dark
    // theme, a JPEG).
    let d = Drawn {
        background: [0x14, 0x18, 0x1E],
        panel: [0x22, 0x24, 0x26],
        thin: (1, [0x26, 0x28, 0x2A]),
        thick: (2, [0x60, 0xB8, 0xE8]),
        ..screen()
    };
    let g = found(&jpeg(&d.paint(), 90));
    assert_lattice(&g, &d);
    assert_eq!(g.cue, Cue::FaintLines);
}

/// A tiny screenshot of a phone mock-up (300x585, 28-pixel cells), white lines on white, the
/// grid against the dark bezel on its right: the tests of one real app change what it shades.
fn mock_up() -> Drawn {
    Drawn {
        size: (300, 585),
        background: [0x20, 0x20, 0x20],
        panel: [0xFF, 0xFF, 0xFF],
        at: (24, 154),
        cell: 28,
        thin: (2, [0xFF, 0xFF, 0xFF]),
        thick: (2, [0xFF, 0xFF, 0xFF]),
        frame: [true, true, false, true],
        shading: Vec::new(),
    }
}

#[test]
fn tiles_against_the_screens_edge_do_not_shift_the_columns_onto_it() {
    // A tiny screenshot of a phone mock-up: cells drawn as tiles with white gaps, so lines show
    // only between shaded tiles (a checkerboard of grey boxes, the selected row and column in
    // blue); the grid's left edge is a thin white margin by the dark bezel and its right edge the
    // bezel itself (real app: einsitang's, 300 px wide, JPEG).
    let (grey, blue) = ([0xCC, 0xCC, 0xCC], [0x5B, 0xC0, 0xEE]);
    let mut shading: Vec<_> = [1, 3, 5, 7]
        .iter()
        .map(|b| (((b / 3 * 3, b % 3 * 3), (3, 3)), grey))
        .collect();
    shading.extend([(((0, 0), (1, 9)), blue), (((0, 0), (9, 1)), blue)]);
    let d = Drawn {
        shading,
        ..mock_up()
    };
    let mut img = RgbaImage::from_pixel(300, 585, Rgba([0x20, 0x20, 0x20, 255]));
    fill(&mut img, (20, 60, 256, 480), [0xFF, 0xFF, 0xFF]);
    let grid = d.paint();
    for y in d.at.1 - 1..d.at.1 + 9 * d.cell + 1 {
        for x in d.at.0 - 1..d.at.0 + 9 * d.cell {
            img.put_pixel(x, y, *grid.get_pixel(x, y));
        }
    }
    assert_lattice(&found(&jpeg(&img, 85)), &d);
}

/// Box panels drawn apart on the screen's background as `d` places them (white, `gap` pixels apart,
/// no frame, no box lines but the gaps), cell lines of `line` colour, each cell tinted as `tint`
/// says under them.
fn panels(d: &Drawn, gap: u32, line: Rgb, tint: impl Fn(u32, u32) -> Option<Rgb>) -> RgbaImage {
    let [r, g, b] = d.background;
    let mut img = RgbaImage::from_pixel(d.size.0, d.size.1, Rgba([r, g, b, 255]));
    let pitch = 3 * d.cell;
    let side = pitch - gap;
    for b in 0..9 {
        let (x, y) = (
            d.at.0 + b % 3 * pitch + gap / 2,
            d.at.1 + b / 3 * pitch + gap / 2,
        );
        fill(&mut img, (x, y, side, side), [0xFF, 0xFF, 0xFF]);
        for (r, c) in (0..3).flat_map(|r| (0..3).map(move |c| (r, c))) {
            if let Some(colour) = tint(b / 3 * 3 + r, b % 3 * 3 + c) {
                let cell = (
                    x + c * side / 3,
                    y + r * side / 3,
                    side / 3 + 1,
                    side / 3 + 1,
                );
                fill(&mut img, cell, colour);
            }
        }
        for k in 1..3 {
            fill(&mut img, (x + k * side / 3 - 1, y, 2, side), line);
            fill(&mut img, (x, y + k * side / 3 - 1, side, 2), line);
        }
    }
    img
}

/// The blocks-like screen the panel tests draw on.
fn blocks() -> Drawn {
    Drawn {
        size: (1080, 2340),
        background: [0xE4, 0xE7, 0xEC],
        panel: [0xE4, 0xE7, 0xEC],
        at: (42, 325),
        cell: 110,
        ..screen()
    }
}

#[test]
fn a_highlight_over_box_panels_drawn_apart_is_no_window_and_keeps_the_lattice() {
    // White box panels with gaps on a grey screen, thin grey cell lines and no frame: the gaps
    // are the only box lines. The selected cell's row, column and box tinted pink, a few levels
    // off the cell lines and darker than the gaps, hide every line inside the tint and the gaps
    // beside it (real skin: the virtual phone's blocks, after the first tap).
    let d = blocks();
    let pink = [0xF8, 0xD5, 0xE3];
    let tinted = |r: u32, c: u32| r == 0 || c == 1 || (r < 3 && c < 3);
    let img = panels(&d, 15, [0xDB, 0xDC, 0xE1], |r, c| {
        tinted(r, c).then_some(pink)
    });
    let read = detect(&Planes::from_rgba(&jpeg(&img, 85))).expect("the grid is found");
    assert_lattice(&read.geometry, &d);
    // Found at the usual contrast, with the gaps for box lines: the faint search finds this bare
    // screen too, but not the real one among its digits and keypad.
    assert_ne!(read.geometry.cue, Cue::FaintLines);
    assert_eq!(read.covered, Vec::<Cell>::new());
}

#[test]
fn same_digit_tints_darker_than_the_cell_lines_hide_no_lines() {
    // Box panels as above with digits in them, the selected cell's row, column and box tinted,
    // and every cell of the selected digit in a deeper tint, darker than the grey cell lines in
    // luma (208 and 193 against 221): the lines through the tinted cells are lighter than the
    // cells beside them in luma, and only the tint's hue tells them apart (real skin: the virtual
    // phone's blocks 16 moves in; in luma alone only the faint search found a grid there, one
    // with most cells covered).
    let d = blocks();
    let (peer, same, selected) = ([0xF8, 0xD5, 0xE2], [0xF5, 0xBD, 0xD2], [0xF2, 0xA7, 0xC3]);
    let board = "1653287..8..5..312.23.1...83591.2...6.793.2.1.1268..3.5.62.319.23..91.67..1.56423";
    let digit_at = |r: u32, c: u32| board.as_bytes()[(r * 9 + c) as usize];
    let mut img = panels(&d, 15, [0xDA, 0xDD, 0xE3], |r, c| match (r, c) {
        (0, 0) => Some(selected),
        _ if digit_at(r, c) == b'1' => Some(same),
        _ => (r == 0 || c == 0 || (r < 3 && c < 3)).then_some(peer),
    });
    for (r, c) in (0..9).flat_map(|r| (0..9).map(move |c| (r, c))) {
        let ink = if (r + c) % 2 == 0 {
            [0x1F, 0x23, 0x28]
        } else {
            [0xC2, 0x18, 0x5B]
        };
        let at = |o: u32, k: u32| (o + k * d.cell + d.cell / 2) as i32;
        if digit_at(r, c) != b'.' {
            let text = (digit_at(r, c) as char).to_string();
            let colour = Rgba([ink[0], ink[1], ink[2], 255]);
            let (x, y) = (at(d.at.0, c), at(d.at.1, r));
            crate::vision::cell::extract::tests::digit(&mut img, &text, x, y, 52.0, colour);
        }
    }
    let read = detect(&Planes::from_rgba(&jpeg(&img, 85))).expect("the grid is found");
    assert_lattice(&read.geometry, &d);
    assert_ne!(read.geometry.cue, Cue::FaintLines);
    assert_eq!(read.covered, Vec::<Cell>::new());
}

/// A small light app with a checkerboard of white and grey boxes, the selected cell's row, column
/// and box in blue, light grey lines (lighter than the grey and blue fills, a few levels darker
/// than the white one, so that each polarity misses the lines of half the boxes and the box
/// edges are only the change of fill) and the keypad's grey keys just below (real app: a 300x585
/// JPEG store screenshot, refused as '40 cells covered' when its lines were found light on dark).
fn checkerboard() -> (Drawn, RgbaImage) {
    let grey = [0xE2, 0xE2, 0xE2];
    let blue = [0x69, 0xD1, 0xF8];
    let boxes = [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)];
    let mut shading: Vec<(Cells, Rgb)> = boxes
        .iter()
        .map(|&(r, c)| (((3 * r, 3 * c), (3, 3)), grey))
        .collect();
    for cells in [((0, 0), (1, 9)), ((0, 0), (9, 1)), ((0, 0), (3, 3))] {
        shading.push((cells, blue));
    }
    shading.push((((0, 0), (1, 1)), [0x8A, 0xF0, 0xFC]));
    let d = Drawn {
        background: [0xFF, 0xFF, 0xFF],
        at: (24, 152),
        thin: (2, [0xF0, 0xF0, 0xF0]),
        thick: (2, [0xF0, 0xF0, 0xF0]),
        frame: [false; 4],
        shading,
        ..mock_up()
    };
    let mut img = d.paint();
    for k in 0..9 {
        let (x, y) = (d.at.0 + k * d.cell + 2, d.at.1 + 9 * d.cell + 8);
        fill(&mut img, (x, y, 24, 24), [0xDC, 0xDC, 0xDC]);
    }
    (d, img)
}

#[test]
fn faint_lines_through_a_checkerboard_of_boxes_are_no_window() {
    let (d, img) = checkerboard();
    let read = detect(&Planes::from_rgba(&jpeg(&img, 60))).expect("the grid is found");
    assert_lattice(&read.geometry, &d);
    assert_eq!(read.covered, Vec::<Cell>::new());
}

#[test]
fn a_card_over_the_checkerboard_is_still_a_window() {
    // A white card four cells square over the middle of the board, its edges mid-cell: one fill
    // over both box colours.
    let (d, mut img) = checkerboard();
    let (x, y) = (d.at.0 + 5 * d.cell / 2, d.at.1 + 5 * d.cell / 2);
    fill(&mut img, (x, y, 4 * d.cell, 4 * d.cell), [0xFF, 0xFF, 0xFF]);
    let read = detect(&Planes::from_rgba(&jpeg(&img, 60))).expect("the grid is found");
    assert!(read.covered.len() >= 9, "covered {:?}", read.covered);
}

/// A light app's board as most draw it: white cells, grey cell lines, dark box lines and frame.
fn light_board() -> Drawn {
    Drawn {
        size: (600, 1200),
        background: [0xF4, 0xF4, 0xF4],
        panel: [0xFF, 0xFF, 0xFF],
        at: (30, 300),
        cell: 60,
        thin: (2, [0xC8, 0xC8, 0xC8]),
        thick: (4, [0x40, 0x40, 0x40]),
        frame: [true; 4],
        ..screen()
    }
}

/// `detect` on `img`, which has `under` cells wholly beneath a card: no grid, or most of those
/// cells covered (either way `play` stops: any covered cell is a dialog to it).
fn assert_card_stops_play(img: &RgbaImage, under: usize) {
    for quality in [None, Some(70)] {
        let img = quality.map_or_else(|| img.clone(), |q| jpeg(img, q));
        if let Ok(read) = detect(&Planes::from_rgba(&img)) {
            assert!(
                read.covered.len() >= under * 3 / 4,
                "{quality:?}: covered {:?}",
                read.covered
            );
        }
    }
}

#[test]
fn a_card_with_a_heading_a_divider_on_a_grid_line_and_a_button_is_a_window() {
    let d = light_board();
    let mut img = d.paint();
    // Rows 2-6 and columns 1-7 wholly under it: edges mid-cell.
    let (x, y) = (d.at.0 + d.cell / 2, d.at.1 + 3 * d.cell / 2);
    let (w, h) = (8 * d.cell, 6 * d.cell);
    fill(&mut img, (x, y, w, h), [0xFF, 0xFF, 0xFF]);
    for k in 0..12 {
        fill(
            &mut img,
            (x + 40 + k * 30, y + 30, 18, 24),
            [0x20, 0x20, 0x20],
        );
    }
    // The divider lies exactly where row line 4 runs under the card.
    fill(
        &mut img,
        (x, d.at.1 + 4 * d.cell - 1, w, 2),
        [0xC8, 0xC8, 0xC8],
    );
    fill(
        &mut img,
        (x + 100, y + h - 90, w - 200, 60),
        [0x21, 0x96, 0xF3],
    );
    assert_card_stops_play(&img, 5 * 7);
}

#[test]
fn a_bottom_sheet_with_a_gradient_over_the_lower_rows_is_a_window() {
    let d = light_board();
    let mut img = d.paint();
    let (top, (w, h)) = (d.at.1 + 11 * d.cell / 2, d.size);
    for yy in top..h {
        let shade = 0xFF - ((yy - top) * 0x30 / (h - top)) as u8;
        fill(&mut img, (0, yy, w, 1), [shade, shade, shade]);
    }
    assert_card_stops_play(&img, 3 * 9);
}

#[test]
fn a_textured_banner_over_the_middle_rows_is_a_window() {
    let d = light_board();
    let mut img = d.paint();
    let (y, h) = (d.at.1 + 5 * d.cell / 2, 4 * d.cell);
    let mut seed = 0x9E37_79B9u32;
    for yy in y..y + h {
        for xx in 0..img.width() {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            let v = 0x90 + (seed % 0x50) as u8;
            img.put_pixel(xx, yy, Rgba([v, v / 2 + 0x40, 0x60, 255]));
        }
    }
    assert_card_stops_play(&img, 3 * 9);
}
