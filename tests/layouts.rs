//! The board's layout read from pixels (`read.layout`): on the virtual phone's variant skins the
//! jigsaw regions are the app's own, the X diagonals and hyper windows are found, and classic
//! skins read as 3x3 boxes with nothing extra; on the labelled real screenshots of
//! `../shared/screens-variants/` the jigsaw regions and X diagonals match the manifest. Boards of
//! other sides (`vision::sized`): the 6x6, 12x12 and 16x16 apps read exact and certain, letters
//! above 9 included, with their box shapes, mid-game (entries, pencil marks, a selection); a
//! classic board is never taken for another side; their givens are told from entries by ink; the labelled 4x4 and 6x6 screenshots read as
//! labelled (their boxes are wider white gaps, not lines).

use autosudoku_agent::vision::grid::detect;
use autosudoku_agent::vision::layout::{read_layout, LayoutRead};
use autosudoku_agent::vision::ocr::NumberOcr;
use autosudoku_agent::vision::pixels::Planes;
use autosudoku_agent::vision::sized::{SizedRead, SizedReader};
use autosudoku_core::variant::{BoxShape, Regions};
use autosudoku_phone::app::{AppArgs, SkinName};
use autosudoku_phone::screen::Screen;
use image::RgbaImage;
use std::path::Path;
use std::time::Duration;

fn layout_of(img: &RgbaImage) -> LayoutRead {
    let found = detect(&Planes::from_rgba(img)).expect("a grid");
    read_layout(img, &found.geometry, &mut NumberOcr::default())
}

/// Region letters renumbered `1`.. in reading order of their first cells (the manifest's form).
fn numbered(letters: &[char]) -> String {
    let mut seen = Vec::new();
    letters
        .iter()
        .map(|l| {
            if !seen.contains(l) {
                seen.push(*l);
            }
            char::from(b'1' + seen.iter().position(|s| s == l).unwrap() as u8)
        })
        .collect()
}

/// The app of `skin` on puzzle `seed`, `moves` cells played (a selection and highlights up).
fn phone(skin: SkinName, seed: u64, moves: usize) -> (RgbaImage, autosudoku_phone::app::Grader) {
    let mut app = AppArgs {
        skin,
        seed,
        ..AppArgs::default()
    }
    .build()
    .unwrap();
    let now = Duration::from_secs(30);
    app.advance(moves, now);
    let grader = app.grader();
    (app.frame(now), grader)
}

#[test]
fn jigsaw_regions_are_read_as_the_app_draws_them() {
    for (seed, moves) in [(1, 0), (2, 4), (3, 9)] {
        let (img, grader) = phone(SkinName::Jigsaw, seed, moves);
        let Regions::Jigsaw(letters) = grader.layout().regions().clone() else {
            panic!("a jigsaw app plays jigsaw puzzles");
        };
        let read = layout_of(&img);
        assert!(read.is_certain(), "seed {seed}: {:?}", read.doubt);
        assert_eq!(read.boxes, "jigsaw");
        assert_eq!(read.regions, numbered(&letters), "seed {seed}");
    }
}

#[test]
fn killer_cages_and_their_sums_are_read_as_the_app_draws_them() {
    // Played cells show a big digit beside the sum in a cage's first cell: neither is the other.
    let mut sums = NumberOcr::default();
    for (seed, moves) in [(1, 0), (2, 6), (3, 12)] {
        let (img, grader) = phone(SkinName::Killer, seed, moves);
        let found = detect(&Planes::from_rgba(&img)).expect("a grid");
        let read = read_layout(&img, &found.geometry, &mut sums);
        assert!(read.is_certain(), "seed {seed}: {:?}", read.doubt);
        assert_eq!(read.boxes, "3x3", "seed {seed}");
        assert_eq!(read.cage_list, grader.layout().cages(), "seed {seed}");
    }
}

#[test]
fn a_cage_whose_sum_is_not_seen_is_refused_naming_its_cell() {
    let (mut img, grader) = phone(SkinName::Killer, 1, 0);
    let found = detect(&Planes::from_rgba(&img)).expect("a grid");
    // Wipe the corner of the last cage's first cell with the paper beside it.
    let first = grader.layout().cages().last().unwrap().cells[0];
    let cell = found
        .geometry
        .cell_rect(autosudoku_core::sudoku::Cell::new(first.row.into(), first.col.into()).unwrap());
    let paper = *img.get_pixel(cell.x + cell.width / 2, cell.y + cell.height * 3 / 4);
    for y in cell.y..cell.y + cell.height / 2 {
        for x in cell.x..cell.x + cell.width / 2 {
            img.put_pixel(x, y, paper);
        }
    }
    let read = read_layout(&img, &found.geometry, &mut NumberOcr::default());
    let why = read.doubt.expect("a cage without a sum is a doubt");
    assert!(why.contains(&first.to_string()), "{why}");
    assert!(read.cages.is_empty() && read.cage_list.is_empty());
}

#[test]
fn shaded_diagonals_and_windows_are_read_under_a_selection() {
    for seed in 1..=3 {
        for (skin, diagonals, windows) in
            [(SkinName::X, true, false), (SkinName::Hyper, false, true)]
        {
            let read = layout_of(&phone(skin, seed, 5).0);
            assert_eq!(
                (read.diagonals, read.windows),
                (diagonals, windows),
                "{skin:?} {seed}"
            );
            assert_eq!((read.boxes.as_str(), read.is_certain()), ("3x3", true));
        }
    }
}

#[test]
fn classic_skins_read_as_boxes_with_nothing_extra() {
    for skin in SkinName::ALL {
        let mut app = AppArgs {
            skin,
            ..AppArgs::default()
        }
        .build()
        .unwrap();
        app.advance(6, Duration::from_secs(30));
        let read = layout_of(&app.frame(Duration::from_secs(30)));
        assert_eq!(
            (
                read.size.as_str(),
                read.boxes.as_str(),
                read.diagonals,
                read.windows,
                read.cages.as_str(),
                read.doubt
            ),
            ("9x9", "3x3", false, false, "", None),
            "{skin:?}"
        );
    }
}

/// The manifest's row for `file`: (box, regions, diagonals).
fn label(file: &str) -> Option<(String, String, bool)> {
    let manifest =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/screens-variants/manifest.tsv");
    let text = std::fs::read_to_string(manifest).ok()?;
    let head: Vec<&str> = text.lines().next()?.split('\t').collect();
    let col = |name: &str| head.iter().position(|h| *h == name).unwrap();
    let row: Vec<&str> = text
        .lines()
        .find(|l| l.starts_with(file))?
        .split('\t')
        .collect();
    let (b, r, d) = (col("box"), col("regions"), col("diagonals"));
    Some((row[b].to_owned(), row[r].to_owned(), row[d] == "yes"))
}

#[test]
fn real_jigsaw_and_x_screenshots_read_as_labelled() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/screens-variants");
    for file in [
        "nonomino-1.png",
        "florinato-1.png",
        "florinato-2.png",
        "havipizza-3.png",
        "havipizza-4.png",
    ] {
        let Some((boxes, regions, diagonals)) = label(file) else {
            eprintln!("skipped: no ../shared/screens-variants/manifest.tsv row for {file}");
            return;
        };
        let img = image::open(dir.join(file)).unwrap().to_rgba8();
        let read = layout_of(&img);
        assert!(read.is_certain(), "{file}: {:?}", read.doubt);
        assert_eq!(read.size, "9x9", "{file}");
        assert_eq!(
            (read.boxes, read.regions, read.diagonals),
            (boxes, regions, diagonals),
            "{file}"
        );
    }
}

fn sized(img: &RgbaImage) -> Option<SizedRead> {
    SizedReader::default().read(img)
}

#[test]
fn the_sized_apps_read_exact_with_their_letters_and_boxes() {
    let cases = [
        (SkinName::Six, BoxShape::new(2, 3)),
        (SkinName::Twelve, BoxShape::new(3, 4)),
        (SkinName::Sixteen, BoxShape::new(4, 4)),
    ];
    for (skin, boxes) in cases {
        for (seed, moves) in [(1, 0), (2, 5)] {
            let (img, grader) = phone(skin, seed, moves);
            let r = sized(&img).unwrap_or_else(|| panic!("{skin:?} seed {seed}: no board"));
            assert_eq!(r.doubt(), None, "{skin:?} seed {seed}");
            assert_eq!(r.grid.boxes, Some(boxes), "{skin:?}");
            assert_eq!(r.board(), grader.grid(), "{skin:?} seed {seed}");
            // Entries are drawn in the app's accent, givens in black: the inks tell them apart;
            // with no entries, one ink draws every symbol and nothing is told.
            let givens = (moves > 0).then(|| grader.given_grid());
            assert_eq!(r.givens(), givens, "{skin:?} seed {seed}");
            let side = r.side();
            assert_eq!(r.keys.len(), side, "{skin:?}: a key for every symbol");
        }
    }
}

#[test]
fn a_classic_board_is_never_another_side() {
    for skin in [SkinName::Classic, SkinName::Paper, SkinName::Blocks] {
        let (img, _) = phone(skin, 3, 4);
        assert!(sized(&img).is_none_or(|r| r.side() == 9), "{skin:?}");
    }
}

#[test]
fn real_four_and_six_boards_read_as_labelled() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/screens-variants");
    let Ok(manifest) = std::fs::read_to_string(dir.join("manifest.tsv")) else {
        eprintln!("skipped: no ../shared/screens-variants/manifest.tsv");
        return;
    };
    for (file, boxes) in [("havipizza-1.png", "2x2"), ("havipizza-2.png", "2x3")] {
        let row: Vec<&str> = manifest
            .lines()
            .find(|l| l.starts_with(file))
            .expect("a row")
            .split('\t')
            .collect();
        let img = image::open(dir.join(file)).unwrap().to_rgba8();
        let r = sized(&img).expect("a board");
        assert_eq!(r.doubt(), None, "{file}");
        let shape = r.grid.boxes.map(|b| format!("{}x{}", b.rows, b.cols));
        assert_eq!(shape.as_deref(), Some(boxes), "{file}");
        assert!(row.contains(&r.board().to_line().as_str()), "{file}");
    }
}

#[test]
fn boards_of_other_sizes_are_read_as_their_size_and_in_doubt() {
    for (skin, size) in [
        (SkinName::Six, "6x6"),
        (SkinName::Twelve, "12x12"),
        (SkinName::Sixteen, "16x16"),
    ] {
        for (seed, moves) in [(1, 0), (2, 5)] {
            let img = phone(skin, seed, moves).0;
            // No grid found at all is a refusal too: then there is no layout to read.
            let Ok(found) = detect(&Planes::from_rgba(&img)) else {
                eprintln!("{skin:?} seed {seed}: no grid found");
                continue;
            };
            let read = read_layout(&img, &found.geometry, &mut NumberOcr::default());
            assert_eq!(read.size, size, "{skin:?} seed {seed}");
            assert!(!read.is_certain(), "{skin:?} seed {seed}");
        }
    }
    for skin in [
        SkinName::Killer,
        SkinName::Jigsaw,
        SkinName::X,
        SkinName::Hyper,
    ] {
        assert_eq!(layout_of(&phone(skin, 1, 3).0).size, "9x9", "{skin:?}");
    }
}
