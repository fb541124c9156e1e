//! `judge` on fixture screenshots (tests/fixtures: the virtual phone's skins as it renders them),
//! with the app in front and the words on screen given, and what it asked for counted.

use super::*;
use crate::vision::{Reader, ReaderOptions, TemplateSources};
use image::Rgba;
use imageproc::drawing::draw_line_segment_mut;
use std::path::Path;

fn fixture(name: &str) -> RgbaImage {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(name);
    image::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .to_rgba8()
}

fn read(img: &RgbaImage) -> Result<BoardRead, VisionError> {
    let mut reader = Reader::new(ReaderOptions {
        templates: Some(TemplateSources::shipped_only()),
        font: None,
        learn: false,
        app: None,
    })
    .expect("the shipped templates load");
    reader.read(img)
}

/// Answers fixed in advance, counting what was asked.
#[derive(Default)]
struct Told {
    front: Option<Foreground>,
    words: Vec<Word>,
    hidden: Option<Hidden>,
    asked_front: u32,
    asked_words: u32,
}

impl MoreToSee for Told {
    fn foreground(&mut self) -> Option<Foreground> {
        self.asked_front += 1;
        self.front.clone()
    }
    fn words(&mut self, _enough: &dyn Fn(&[Word]) -> bool) -> Vec<Word> {
        self.asked_words += 1;
        self.words.clone()
    }
    fn hidden(&mut self) -> Option<Hidden> {
        self.hidden
    }
}

fn words(line: &[(&str, u32)], row: u32) -> Vec<Word> {
    line.iter()
        .map(|&(text, x)| Word {
            text: text.into(),
            x,
            y: 100 * row,
            width: 40,
            height: 20,
            line: (1, 1, row),
        })
        .collect()
}

fn app(package: &str, activity: &str) -> Foreground {
    Foreground {
        package: package.into(),
        activity: activity.into(),
        home: false,
        display: 0,
    }
}

/// A screen with no grid: a flat colour, and a white × near its top-right corner when `mark`.
fn no_grid(mark: bool) -> RgbaImage {
    let mut img = RgbaImage::from_pixel(1080, 2400, Rgba([75, 30, 140, 255]));
    if mark {
        for d in -2..=2 {
            let (d, c) = (d as f32, Rgba([255, 255, 255, 255]));
            draw_line_segment_mut(&mut img, (984.0 + d, 124.0), (1016.0 + d, 156.0), c);
            draw_line_segment_mut(&mut img, (984.0 + d, 156.0), (1016.0 + d, 124.0), c);
        }
    }
    img
}

#[test]
fn a_sure_read_of_the_game_is_the_game_and_asks_nothing_more() {
    let img = fixture("screens/phone-classic-native-fresh.png");
    let read = read(&img);
    let mut told = Told::default();
    assert_eq!(
        judge(&img, &read, &Rules::default(), &mut told),
        Scene::Game
    );
    assert_eq!((told.asked_front, told.asked_words), (0, 0));
    // The same game later, with the givens of its first read: still the game.
    let givens = read.as_ref().unwrap().givens();
    let rules = Rules {
        givens: Some(&givens),
        ..Rules::default()
    };
    assert_eq!(judge(&img, &read, &rules, &mut told), Scene::Game);
}

#[test]
fn a_board_that_is_only_a_menus_thumbnail_is_elsewhere_even_with_this_games_givens() {
    let img = fixture("screens/phone-classic-native-fresh.png");
    let mut read = read(&img);
    let givens = read.as_ref().unwrap().givens();
    let why = "a menu, not a game in play: Play under a small board".to_string();
    read.as_mut().unwrap().not_in_play = Some(why.clone());
    let rules = Rules {
        givens: Some(&givens),
        ..Rules::default()
    };
    assert_eq!(
        judge(&img, &read, &rules, &mut Told::default()),
        Scene::Elsewhere(Elsewhere::Menu { why })
    );
}

#[test]
fn a_given_that_reads_differently_later_is_a_doubt_about_that_cell() {
    let img = fixture("screens/phone-classic-native-fresh.png");
    let read = read(&img);
    let mut givens = read.as_ref().unwrap().givens();
    let (cell, was) = givens.filled().next().unwrap();
    let other = autosudoku_core::sudoku::Digit::new(was.get() % 9 + 1).unwrap();
    givens.set(cell, Some(other));
    let rules = Rules {
        givens: Some(&givens),
        ..Rules::default()
    };
    let scene = judge(&img, &read, &rules, &mut Told::default());
    assert_eq!(
        scene,
        Scene::Uncertain(Doubt::GivenChanged {
            cell,
            was: other,
            now: Some(was)
        })
    );
}

#[test]
fn a_smudged_given_is_an_uncertain_read_naming_its_cell() {
    // `autosudoku phone --skin classic --difficulty medium --seed 3 --bug smudged-given
    // --snapshot …`: the first given (a 1 at r1c1) drawn with its right half wiped out.
    let img = fixture("scene/classic-smudged-given.png");
    let read = read(&img);
    let mut told = Told::default();
    match judge(&img, &read, &Rules::default(), &mut told) {
        Scene::Uncertain(doubt) => {
            let r1c1 = Cell::new(0, 0).unwrap();
            assert_eq!(doubt, Doubt::Cells { cells: vec![r1c1] });
            assert_eq!(doubt.to_string(), "unsure of r1c1");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(told.asked_words, 0);
}

#[test]
fn a_dialog_over_the_grid_is_judged_by_its_words() {
    let img = fixture("screens/phone-classic-native-dialog.png");
    let read = read(&img);
    let covered = read.as_ref().unwrap().covered.clone();
    assert!(!covered.is_empty());
    let mut solved = Told {
        words: words(&[("Solved!", 400)], 10),
        ..Told::default()
    };
    let rules = Rules::default();
    assert_eq!(judge(&img, &read, &rules, &mut solved), Scene::Solved);
    assert_eq!(solved.asked_words, 1);
    // Words that say nothing known: a dialog over those cells, with no way to close it.
    let mut mute = Told::default();
    assert_eq!(
        judge(&img, &read, &rules, &mut mute),
        Scene::Dialog(Dialog {
            kind: DialogKind::Covering { cells: covered },
            text: String::new(),
            close: None
        })
    );
}

#[test]
fn with_no_grid_the_app_in_front_decides_before_any_ocr() {
    let img = no_grid(false);
    let read = read(&img);
    assert!(matches!(read, Err(VisionError::NoGrid { .. })));
    let home = Foreground {
        home: true,
        display: 0,
        ..app("com.android.launcher3", "com.android.launcher3.Launcher")
    };
    let mut told = Told {
        front: Some(home.clone()),
        ..Told::default()
    };
    let scene = judge(&img, &read, &Rules::default(), &mut told);
    assert_eq!(scene, Scene::Elsewhere(Elsewhere::Launcher { app: home }));
    assert_eq!((told.asked_front, told.asked_words), (1, 0));

    let clock = app("com.android.deskclock", "com.android.deskclock.Clock");
    let rules = Rules {
        package: Some("com.autosudoku.classic"),
        ..Rules::default()
    };
    let mut told = Told {
        front: Some(clock.clone()),
        ..Told::default()
    };
    let scene = judge(&img, &read, &rules, &mut told);
    assert_eq!(scene, Scene::Elsewhere(Elsewhere::OtherApp { app: clock }));
}

#[test]
fn a_pop_up_is_closed_by_its_button_or_the_profiles_rule() {
    let img = no_grid(false);
    let read = read(&img);
    let mut rate = words(&[("Enjoying", 100), ("Sudoku?", 300)], 5);
    rate.extend(words(&[("Not", 200), ("now", 250), ("Rate", 600)], 8));
    let mut told = Told {
        front: Some(app("com.autosudoku.classic", "GameActivity")),
        words: rate,
        ..Told::default()
    };
    let scene = judge(&img, &read, &Rules::default(), &mut told);
    let Scene::Dialog(d) = scene else {
        panic!("{scene:?}")
    };
    assert_eq!(
        d.kind,
        DialogKind::Popup {
            topic: Some("asking for a rating")
        }
    );
    assert_eq!(
        d.close,
        Some(Close::Button {
            at: Point::new((200 + 250 + 40) / 2, 810),
            label: "Not now",
        })
    );
    // What a person reads about it: the known label and topic, never the raw OCR words.
    assert_eq!(
        d.to_string(),
        "a pop-up asking for a rating (its \"Not now\" button)"
    );
    // A profile rule for words nothing else knows.
    let rules_list = [DialogRule {
        text: "daily challenge".into(),
        tap_text: None,
        tap_at: Some([540, 2000]),
    }];
    let rules = Rules {
        dialogs: &rules_list,
        ..Rules::default()
    };
    let mut told = Told {
        words: words(&[("Daily", 100), ("challenge", 300)], 5),
        ..Told::default()
    };
    let scene = judge(&img, &read, &rules, &mut told);
    assert_eq!(
        scene,
        Scene::Dialog(Dialog {
            kind: DialogKind::Known,
            text: "Daily challenge".into(),
            close: Some(Close::Rule {
                at: Point::new(540, 2000)
            })
        })
    );
}

#[test]
fn a_lone_x_is_an_interstitial_only_once_a_game_was_seen() {
    let img = no_grid(true);
    let read = read(&img);
    let mut told = Told::default();
    let scene = judge(&img, &read, &Rules::default(), &mut told);
    assert_eq!(
        scene,
        Scene::Elsewhere(Elsewhere::Unknown {
            text: String::new()
        })
    );
    assert_eq!(scene_text(&scene), "no Sudoku grid and no text on screen");
    let givens = autosudoku_core::sudoku::Board::empty();
    let rules = Rules {
        givens: Some(&givens),
        ..Rules::default()
    };
    match judge(&img, &read, &rules, &mut told) {
        Scene::Dialog(Dialog {
            kind: DialogKind::Interstitial,
            close: Some(Close::Mark { at }),
            ..
        }) => assert!(at.x.abs_diff(1000) <= 2 && at.y.abs_diff(140) <= 2, "{at}"),
        other => panic!("{other:?}"),
    }
}

fn scene_text(scene: &Scene) -> String {
    match scene {
        Scene::Elsewhere(e) => e.to_string(),
        Scene::Dialog(d) => d.to_string(),
        Scene::Uncertain(d) => d.to_string(),
        other => format!("{other:?}"),
    }
}

#[test]
fn with_no_grid_a_screen_off_or_locked_is_named_before_the_app_in_front() {
    let img = RgbaImage::from_pixel(1080, 2400, Rgba([0, 0, 0, 255]));
    let read = read(&img);
    for by in [Hidden::ScreenOff, Hidden::Locked] {
        let mut told = Told {
            front: Some(app("com.autosudoku.classic", "GameActivity")),
            hidden: Some(by),
            ..Told::default()
        };
        let scene = judge(&img, &read, &Rules::default(), &mut told);
        assert_eq!(scene, Scene::Elsewhere(Elsewhere::Hidden { by }));
        assert_eq!((told.asked_front, told.asked_words), (0, 0));
    }
}

/// Judges `img` with the game's app in front: it must be the app's protected window, named as
/// such, found without reading words.
fn assert_protected(img: &RgbaImage) {
    let read = read(img);
    let game = app("com.autosudoku.classic", "GameActivity");
    let mut told = Told {
        front: Some(game.clone()),
        ..Told::default()
    };
    let scene = judge(img, &read, &Rules::default(), &mut told);
    assert_eq!(
        scene,
        Scene::Elsewhere(Elsewhere::Protected { app: Some(game) })
    );
    assert!(scene_text(&scene).contains("FLAG_SECURE"), "{scene:?}");
    assert_eq!(told.asked_words, 0);
}

#[test]
fn a_black_capture_of_an_awake_phone_is_the_apps_protected_window() {
    assert_protected(&RgbaImage::from_pixel(1080, 2400, Rgba([3, 3, 3, 255])));
}

/// A real phone blacks out only the protected app's layer: the status bar (with its icons) and the
/// gesture pill stay in the capture; it is still the app's protected window, not a cover.
#[test]
fn a_black_app_window_between_the_system_bars_is_the_apps_protected_window() {
    let mut img = RgbaImage::from_pixel(1080, 2400, Rgba([0, 0, 0, 255]));
    for (x, y) in (0..1080).flat_map(|x| (0..63).map(move |y| (x, y))) {
        let ink = if (x / 40) % 2 == 0 { 250 } else { 30 };
        img.put_pixel(x, y, Rgba([ink, ink, ink, 255]));
    }
    for x in 400..680 {
        for y in 2340..2352 {
            img.put_pixel(x, y, Rgba([200, 200, 200, 255]));
        }
    }
    assert_protected(&img);
    // Anything in the app's window is not black.
    for (x, y) in (500..580).flat_map(|x| (1160..1240).map(move |y| (x, y))) {
        img.put_pixel(x, y, Rgba([255, 255, 255, 255]));
    }
    assert!(!app_window_black(&img));
}

#[test]
fn doubts_are_told_in_words_not_rust_names() {
    use crate::vision::sanity::Problem;
    let cell = Cell::new(0, 0).unwrap();
    let d = |n| Digit::new(n).unwrap();
    let not_a_puzzle = Doubt::NotAPuzzle {
        problems: vec![Problem::NoSolution],
    }
    .to_string();
    assert_eq!(
        not_a_puzzle,
        "the givens do not make a proper puzzle: the givens have no solution"
    );
    let changed = Doubt::GivenChanged {
        cell,
        was: d(5),
        now: Some(d(6)),
    }
    .to_string();
    assert!(changed.contains("now reads as 6:"), "{changed}");
    let erased = Doubt::GivenChanged {
        cell,
        was: d(5),
        now: None,
    }
    .to_string();
    assert!(erased.contains("now reads as blank:"), "{erased}");
}

#[test]
fn cells_are_listed_with_a_rows_runs_as_ranges() {
    // (row, column) counted from 1, as users name them.
    let cells = |at: &[(usize, usize)]| -> Vec<Cell> {
        at.iter()
            .map(|&(r, c)| Cell::new(r - 1, c - 1).unwrap())
            .collect()
    };
    let row8: Vec<(usize, usize)> = (1..=9).map(|c| (8, c)).collect();
    assert_eq!(cell_list(&cells(&row8)), "r8c1-9");
    let some = [(1, 1), (1, 2), (1, 4), (1, 5), (1, 6), (2, 6)];
    assert_eq!(cell_list(&cells(&some)), "r1c1, r1c2, r1c4-6, r2c6");
    assert_eq!(cell_list(&[]), "");
}

#[test]
fn a_finished_board_whose_givens_its_papers_cannot_tell_is_the_game_not_a_doubt() {
    // AnSu after a solve: one ink, the givens only on blue cells. With r1c1 (a solved cell)
    // painted blue too, neither colour's digits are a minimal puzzle, though each has one
    // solution. Which are the givens is unknown; the board, full and breaking no rule, is its own
    // one completion, so the read is certain with every digit a given: the finished game.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/screens/ansu-2.png");
    let mut img = image::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .to_rgba8();
    let first = read(&img).expect("the grid is found");
    assert!(first.is_certain(), "{:?}", first.sanity.problems);
    let rect = |r: usize, c: usize| first.cells[Cell::new(r, c).unwrap().index()].rect;
    let (plain, given) = (rect(0, 0), rect(0, 3));
    let tint = *img.get_pixel(given.x + 4, given.y + given.height / 2);
    let paper = *img.get_pixel(plain.x + 4, plain.y + plain.height / 2);
    for y in plain.y..plain.y + plain.height {
        for x in plain.x..plain.x + plain.width {
            if *img.get_pixel(x, y) == paper {
                img.put_pixel(x, y, tint);
            }
        }
    }
    let read = read(&img);
    let r = read.as_ref().expect("the grid is found");
    assert!(r.is_certain(), "{:?}", r.sanity.problems);
    assert!(!r.givens_known);
    assert_eq!(r.givens(), r.board);
    let mut told = Told::default();
    assert_eq!(
        judge(&img, &read, &Rules::default(), &mut told),
        Scene::Game
    );
}
