//! The board's layout read from pixels: the 9x9 board's regions (3x3 boxes, or jigsaw regions
//! walled by thick lines), its extra units (diagonals or hyper windows shaded) and its killer
//! cages (inset outlines, sums in their first cells' corners). Reported as
//! `read.layout` with the conventions of `../shared/screens-variants/manifest.tsv`, and the rules
//! the board is judged by (`vision::rules`); a layout the pixels do not settle says why in `doubt`
//! instead of guessing, and the board is then judged by the classic rules.

mod cages;
mod outlines;
mod shading;
mod side;
mod sums;
mod walls;

use super::grid::GridGeometry;
use super::ocr::NumberOcr;
use autosudoku_core::variant::Cage;
use image::RgbaImage;
use serde::Serialize;

/// The layout as read, in the manifest's text forms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LayoutRead {
    /// The board's cells a side, `"9x9"` unless its lines show another size (`"12x12"`), which
    /// only 9x9 boards are read as: the layout is then in doubt.
    pub size: String,
    /// One box's shape as ROWSxCOLUMNS (`"3x3"`), or `"jigsaw"`.
    #[serde(rename = "box")]
    pub boxes: String,
    /// Jigsaw only: a region number `1`-`9` a cell, row-major, regions numbered in reading order
    /// of their first cells; else empty.
    pub regions: String,
    /// Killer cages: a letter a cell (`a`-`z` then `A`-`Z`, in order of first appearance), a
    /// space, then `letter=sum` pairs joined by commas; empty when none are drawn.
    pub cages: String,
    /// The same cages, for the rules.
    #[serde(skip)]
    pub cage_list: Vec<Cage>,
    /// Both diagonals are units (shaded).
    pub diagonals: bool,
    /// The four hyper windows are units (shaded).
    pub windows: bool,
    /// Why the layout is not settled, if it is not (walls that do not tile the board into nine
    /// regions of nine cells).
    pub doubt: Option<String>,
}

impl LayoutRead {
    pub fn is_certain(&self) -> bool {
        self.doubt.is_none()
    }
}

/// Reads the layout of the board at `geometry` in `img`; `sums` reads killer cages' sums.
pub fn read_layout(img: &RgbaImage, geometry: &GridGeometry, sums: &mut NumberOcr) -> LayoutRead {
    let n = side::board_side(img, geometry);
    if n != 9 {
        return LayoutRead {
            size: format!("{n}x{n}"),
            boxes: String::new(),
            regions: String::new(),
            cages: String::new(),
            cage_list: Vec::new(),
            diagonals: false,
            windows: false,
            doubt: Some(format!(
                "the board is {n}x{n}: only 9x9 boards are read yet"
            )),
        };
    }
    let backdrops = shading::backdrops(img, geometry);
    let extra = shading::extra_units(&backdrops);
    let (boxes, regions, walls_doubt) = match walls::regions(img, geometry, &backdrops) {
        Ok(walls::Regions::Boxes) => ("3x3", String::new(), None),
        Ok(walls::Regions::Jigsaw(map)) => ("jigsaw", map, None),
        Err(why) => ("3x3", String::new(), Some(why)),
    };
    let (cage_list, cages_doubt) = match cages::read(img, geometry, sums) {
        Ok(list) => (list, None),
        Err(why) => (Vec::new(), Some(why)),
    };
    LayoutRead {
        size: "9x9".to_owned(),
        boxes: boxes.to_owned(),
        regions,
        cages: cages::text(&cage_list),
        cage_list,
        diagonals: extra.diagonals,
        windows: extra.windows,
        doubt: cages_doubt.or(walls_doubt),
    }
}
