//! Whether the board found is one of several on screen, as on a store page or a gallery of
//! puzzles: none of them is a game in play. Looked for only where a picture of a board may be (a
//! small board with no keypad, `menu::may_be_picture`), so a game in play costs nothing: the board
//! found is painted over with the paper around it and the grid search runs once more.

use crate::geometry::Rect;
use crate::vision::grid::detect;
use crate::vision::pixels::planes::Planes;
use image::{Rgba, RgbaImage};

/// A second board counts when its side is at least this share of the first one's.
const ALIKE: f32 = 0.5;

/// Why the board at `board` is one of several, or `None` when it is the only one.
pub fn another(img: &RgbaImage, board: Rect) -> Option<String> {
    let margin = board.width / 18;
    let x0 = board.x.saturating_sub(margin);
    let y0 = board.y.saturating_sub(margin);
    let x1 = (board.x + board.width + margin).min(img.width());
    let y1 = (board.y + board.height + margin).min(img.height());
    let paper = *img.get_pixel(x0.saturating_sub(1), y0.saturating_sub(1));
    let mut rest = img.clone();
    for y in y0..y1 {
        for x in x0..x1 {
            rest.put_pixel(x, y, Rgba(paper.0));
        }
    }
    let other = detect(&Planes::from_rgba(&rest)).ok()?.geometry.bounds();
    let side = |r: Rect| r.width.max(r.height) as f32;
    (side(other) >= ALIKE * side(board)).then(|| {
        format!(
            "one of several boards on screen (another at {},{} {}x{}), not a game in play",
            other.x, other.y, other.width, other.height
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::imageops::{self, FilterType};

    /// The virtual phone's classic game, its grid cut out and scaled to `side` pixels.
    fn small_board(side: u32) -> RgbaImage {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/screens/phone-classic-native-fresh.png"
        );
        let game = image::open(path).expect("fixture").to_rgba8();
        let grid = detect(&Planes::from_rgba(&game))
            .expect("a grid")
            .geometry
            .bounds();
        let cut = imageops::crop_imm(&game, grid.x, grid.y, grid.width, grid.height).to_image();
        imageops::resize(&cut, side, side, FilterType::Triangle)
    }

    #[test]
    fn a_page_of_two_boards_is_several_and_a_page_of_one_is_not() {
        let board = small_board(420);
        let mut page = RgbaImage::from_pixel(1080, 2400, Rgba([255, 255, 255, 255]));
        imageops::overlay(&mut page, &board, 330, 300);
        let one = detect(&Planes::from_rgba(&page)).unwrap().geometry.bounds();
        assert_eq!(another(&page, one), None);
        imageops::overlay(&mut page, &board, 330, 1300);
        let first = detect(&Planes::from_rgba(&page)).unwrap().geometry.bounds();
        let why = another(&page, first).expect("two boards");
        assert!(why.contains("one of several boards"), "{why}");
    }
}
