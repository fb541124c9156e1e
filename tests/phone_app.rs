//! The virtual phone's Sudoku app, in process: game rules through the `Screen` trait (touches and keys
//! at layout coordinates, as the device delivers them), every skin's layout, and golden frames.
//! `REGENERATE=1 cargo test --test phone_app` rewrites the golden PNGs after an intended change of look.
//! The last test plays a whole game per skin through the real `adb` server and `adb shell input`.

mod rig;

use autosudoku_core::sudoku::{Board, Cell, Digit};
use autosudoku_phone::app::{
    App, AppArgs, Dialog, DialogButton, Event, ExitWhen, Grader, Phase, Point, SkinName, Tool,
};
use autosudoku_phone::screen::{Keycode, Screen, Touch};
use image::{imageops, RgbaImage};
use std::path::PathBuf;
use std::time::Duration;

/// The first puzzle of the shared Kaggle set (a proper puzzle, 38 givens).
const PUZZLE: &str =
    "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";

struct Phone {
    app: App,
    grader: Grader,
    now: Duration,
}

fn phone_with(skin: SkinName, edit: impl FnOnce(&mut AppArgs)) -> Phone {
    let mut args = AppArgs {
        skin,
        puzzle: Some(PUZZLE.parse().unwrap()),
        ..AppArgs::default()
    };
    edit(&mut args);
    let app = args.build().unwrap();
    let grader = app.grader();
    Phone {
        app,
        grader,
        now: Duration::from_secs(1),
    }
}

fn phone(skin: SkinName) -> Phone {
    phone_with(skin, |_| {})
}

fn digit(n: u8) -> Digit {
    Digit::new(n).unwrap()
}

impl Phone {
    fn tick(&mut self) -> Duration {
        self.now += Duration::from_millis(250);
        self.now
    }
    fn tap(&mut self, p: Point) {
        let now = self.tick();
        self.app.touch(Touch::Down { x: p.x, y: p.y }, now);
        self.app.touch(Touch::Up { x: p.x, y: p.y }, now);
    }
    fn tap_cell(&mut self, cell: Cell) {
        let p = self.app.layout().cell_center(cell);
        self.tap(p);
    }
    fn tap_key(&mut self, d: Digit) {
        let p = self.app.layout().key_center(d).expect("skin has a keypad");
        self.tap(p);
    }
    fn tap_tool(&mut self, t: Tool) {
        let p = self
            .app
            .layout()
            .tool_center(t)
            .expect("skin has a toolbar");
        self.tap(p);
    }
    fn tap_dialog(&mut self, d: Dialog, b: DialogButton) {
        let p = self.app.layout().dialog_button(d, b).unwrap();
        self.tap(p);
    }
    fn key(&mut self, code: u32) {
        let now = self.tick();
        self.app.key(Keycode(code), now);
    }
    /// Cell-first entry of a digit by taps.
    fn enter(&mut self, cell: Cell, d: Digit) {
        self.tap_cell(cell);
        self.tap_key(d);
    }
    fn blanks(&self) -> Vec<Cell> {
        self.grader.board().blanks().collect()
    }
    fn answer(&self, cell: Cell) -> Digit {
        self.grader.solution().get(cell).unwrap()
    }
    fn wrong(&self, cell: Cell) -> Digit {
        digit(self.answer(cell).get() % 9 + 1)
    }
    fn events(&self) -> Vec<Event> {
        self.grader.events().into_iter().map(|l| l.event).collect()
    }
}

fn cell(r: usize, c: usize) -> Cell {
    Cell::new(r, c).unwrap()
}

#[test]
fn a_given_cell_rejects_input() {
    let mut p = phone(SkinName::Classic);
    let given = p.grader.givens().filled().next().unwrap().0;
    let before = p.grader.board();
    p.enter(given, digit(1));
    p.tap_tool(Tool::Erase);
    assert_eq!(p.grader.board(), before);
    assert!(p.events().iter().any(
        |e| matches!(e, Event::Rejected { cell: Some(c), reason: "given cell" } if *c == given)
    ));
}

#[test]
fn a_tapped_digit_lands_in_the_selected_cell_and_counts_mistakes_until_game_over() {
    let mut p = phone(SkinName::Classic);
    let blanks = p.blanks();
    let right = p.answer(blanks[0]);
    p.enter(blanks[0], right);
    assert_eq!(p.grader.board().get(blanks[0]), Some(right));
    assert_eq!(p.grader.mistakes(), 0);
    for (i, &c) in blanks[1..4].iter().enumerate() {
        let w = p.wrong(c);
        p.enter(c, w);
        assert_eq!(p.grader.mistakes(), i as u32 + 1);
    }
    assert_eq!(p.grader.phase(), Phase::GameOver);
    assert_eq!(p.grader.dialog(), Some(Dialog::GameOver));
    assert!(p.grader.reached(ExitWhen::GameOver) && !p.grader.reached(ExitWhen::Solved));
    // The dialog swallows board taps; its button starts a new game.
    let selected = p.grader.selected();
    p.tap_cell(blanks[5]);
    assert_eq!(p.grader.selected(), selected);
    p.tap_dialog(Dialog::GameOver, DialogButton::NewGame);
    assert_eq!(p.grader.phase(), Phase::Playing);
    assert_eq!(p.grader.mistakes(), 0);
    assert!(p
        .events()
        .iter()
        .any(|e| matches!(e, Event::NewGame { seed: 2 })));
}

#[test]
fn without_mistake_checking_wrong_digits_stay_uncounted() {
    let mut p = phone(SkinName::Night);
    for &c in &p.blanks()[..4] {
        let w = p.wrong(c);
        p.enter(c, w);
    }
    assert_eq!(p.grader.mistakes(), 0);
    assert_eq!(p.grader.phase(), Phase::Playing);
    let mut strict = phone_with(SkinName::Night, |a| {
        a.mistake_limit = Some("2".parse_limit())
    });
    for &c in &strict.blanks()[..2] {
        let w = strict.wrong(c);
        strict.enter(c, w);
    }
    assert_eq!(strict.grader.phase(), Phase::GameOver);
}

trait ParseLimit {
    fn parse_limit(self) -> autosudoku_phone::app::MistakeLimit;
}
impl ParseLimit for &str {
    fn parse_limit(self) -> autosudoku_phone::app::MistakeLimit {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            app: AppArgs,
        }
        Cli::try_parse_from(["x", "--mistake-limit", self])
            .unwrap()
            .app
            .mistake_limit
            .unwrap()
    }
}

#[test]
fn erase_notes_and_undo_restore_the_board() {
    let mut p = phone(SkinName::Classic);
    let blanks = p.blanks();
    let (a, b) = (blanks[0], blanks[1]);
    let start = p.grader.board();
    p.enter(a, p.answer(a));
    p.tap_tool(Tool::Erase);
    assert_eq!(p.grader.board(), start);
    p.tap_tool(Tool::Undo);
    assert_eq!(p.grader.board().get(a), Some(p.answer(a)));
    p.tap_tool(Tool::Undo);
    assert_eq!(p.grader.board(), start);

    p.tap_cell(b);
    p.tap_tool(Tool::Notes);
    assert!(p.grader.notes_mode());
    p.tap_key(digit(2));
    p.tap_key(digit(7));
    assert_eq!(p.grader.notes(b), vec![digit(2), digit(7)]);
    assert_eq!(p.grader.board(), start);
    p.tap_key(digit(2));
    assert_eq!(p.grader.notes(b), vec![digit(7)]);
    p.tap_tool(Tool::Undo);
    assert_eq!(p.grader.notes(b), vec![digit(2), digit(7)]);
    p.tap_tool(Tool::Notes);
    p.tap_tool(Tool::Erase);
    assert!(p.grader.notes(b).is_empty());
}

/// Fills every blank whose answer is `d`, leaving other digits alone.
fn place_all(p: &mut Phone, d: Digit) {
    for c in p.blanks() {
        if p.answer(c) == d {
            p.enter(c, d);
        }
    }
}

/// Pixels of `colour` inside a key's rectangle.
fn ink(p: &mut Phone, d: Digit, colour: [u8; 3]) -> usize {
    let r = p.app.layout().key_rect(d).unwrap();
    let now = p.now;
    let img = p.app.frame(now);
    let mut n = 0;
    for y in r.y as u32..r.bottom() as u32 {
        for x in r.x as u32..r.right() as u32 {
            let px = img.get_pixel(x, y).0;
            n += usize::from(px[..3] == colour);
        }
    }
    n
}

#[test]
fn a_keypad_digit_greys_out_once_all_nine_are_placed() {
    let mut p = phone(SkinName::Classic);
    let d = digit(5);
    let blue = [0x2F, 0x62, 0xD6];
    assert!(ink(&mut p, d, blue) > 50);
    place_all(&mut p, d);
    assert_eq!(
        p.grader.board().filled().filter(|&(_, x)| x == d).count(),
        9
    );
    assert_eq!(ink(&mut p, d, blue), 0, "the used-up key is drawn grey");
    // A greyed key does nothing.
    let other = p.blanks()[0];
    p.enter(other, d);
    assert_eq!(p.grader.board().get(other), None);
}

#[test]
fn night_hides_used_up_keys() {
    let mut p = phone(SkinName::Night);
    let d = digit(3);
    let amber = [0xFF, 0xB5, 0x47];
    assert!(ink(&mut p, d, amber) > 50);
    place_all(&mut p, d);
    assert_eq!(ink(&mut p, d, amber), 0);
    assert_eq!(ink(&mut p, d, [0x10, 0x13, 0x17]) as f32, {
        let r = p.app.layout().key_rect(d).unwrap();
        // The whole key area shows the background (rounded to whole pixels).
        (r.bottom() as u32 - r.y as u32) as f32 * (r.right() as u32 - r.x as u32) as f32
    });
}

#[test]
fn digit_first_input_puts_the_picked_digit_in_every_tapped_cell() {
    let mut p = phone(SkinName::Paper);
    let d = digit(8);
    let targets: Vec<Cell> = p
        .blanks()
        .into_iter()
        .filter(|&c| p.answer(c) == d)
        .collect();
    p.tap_key(d);
    for &c in &targets {
        p.tap_cell(c);
    }
    for &c in &targets {
        assert_eq!(p.grader.board().get(c), Some(d));
    }
    // Tapping a cell holding the picked digit takes it out again.
    p.tap_cell(targets[0]);
    assert_eq!(p.grader.board().get(targets[0]), None);
    // Tapping the digit again disarms it: cells are only selected.
    p.tap_key(d);
    p.tap_cell(targets[0]);
    assert_eq!(p.grader.board().get(targets[0]), None);
    assert_eq!(p.grader.selected(), Some(targets[0]));
}

#[test]
fn hardware_keys_move_enter_and_erase() {
    let mut p = phone(SkinName::Keys);
    assert!(
        p.app.layout().keys.is_empty(),
        "the keys skin has no on-screen keypad"
    );
    let target = p
        .blanks()
        .into_iter()
        .find(|c| c.row() > 0 && c.col() > 0)
        .unwrap();
    p.key(20); // the first D-pad press selects r1c1
    assert_eq!(p.grader.selected(), Some(cell(0, 0)));
    p.key(19); // and the edges hold
    p.key(21);
    assert_eq!(p.grader.selected(), Some(cell(0, 0)));
    for _ in 0..target.row() {
        p.key(20);
    }
    for _ in 0..target.col() {
        p.key(22);
    }
    p.key(21);
    p.key(22);
    p.key(19);
    p.key(20);
    assert_eq!(p.grader.selected(), Some(target));
    let d = p.answer(target);
    p.key(7 + d.get() as u32);
    assert_eq!(p.grader.board().get(target), Some(d));
    p.key(67);
    assert_eq!(p.grader.board().get(target), None);
    p.key(144 + d.get() as u32); // numpad
    assert_eq!(p.grader.board().get(target), Some(d));
}

#[test]
fn a_swipe_or_a_lift_elsewhere_is_not_a_tap() {
    let mut p = phone(SkinName::Classic);
    let l = p.app.layout().clone();
    let (a, b) = (l.cell_center(cell(0, 0)), l.cell_center(cell(0, 3)));
    let now = p.tick();
    p.app.touch(Touch::Down { x: a.x, y: a.y }, now);
    p.app.touch(Touch::Move { x: b.x, y: b.y }, now);
    p.app.touch(Touch::Up { x: a.x, y: a.y }, now);
    p.app.touch(Touch::Down { x: a.x, y: a.y }, now);
    p.app.touch(Touch::Up { x: b.x, y: b.y }, now);
    assert_eq!(p.grader.selected(), None);
    // A small jitter inside the slop is still a tap.
    p.app.touch(Touch::Down { x: a.x, y: a.y }, now);
    p.app.touch(
        Touch::Move {
            x: a.x + 3.0,
            y: a.y + 2.0,
        },
        now,
    );
    p.app.touch(
        Touch::Up {
            x: a.x + 3.0,
            y: a.y + 2.0,
        },
        now,
    );
    assert_eq!(p.grader.selected(), Some(cell(0, 0)));
}

#[test]
fn pop_ups_swallow_taps_until_dismissed_by_their_button() {
    let mut p = phone_with(SkinName::Classic, |a| {
        a.popup = vec![Dialog::RateUs, Dialog::Ad, Dialog::Continue];
        a.popup_seed = 7;
    });
    let blanks = p.blanks();
    let mut shown = Vec::new();
    for &c in &blanks {
        if let Some(d) = p.grader.dialog() {
            shown.push(d);
            let selected = p.grader.selected();
            p.tap_cell(c);
            p.tap_key(p.answer(c));
            assert_eq!(p.grader.selected(), selected, "{d:?} let a tap through");
            assert_eq!(p.grader.board().get(c), None);
            let button = *d.buttons().last().unwrap();
            p.tap_dialog(d, button);
            assert_eq!(p.grader.dialog(), None);
        }
        let d = p.answer(c);
        p.enter(c, d);
    }
    assert_eq!(shown, vec![Dialog::RateUs, Dialog::Ad, Dialog::Continue]);
    assert!(
        p.events()
            .iter()
            .filter(|e| matches!(e, Event::TapSwallowed { .. }))
            .count()
            >= 6
    );
    assert_eq!(p.grader.phase(), Phase::Solved);
}

#[test]
fn the_pause_button_stops_the_clock_until_continue() {
    let mut p = phone(SkinName::Tablet);
    let pause = p.app.layout().pause.center();
    p.tap(pause);
    assert_eq!(p.grader.dialog(), Some(Dialog::Continue));
    assert_eq!(p.grader.phase(), Phase::Paused);
    let paused_at = p.grader.summary(p.now).elapsed_ms;
    p.now += Duration::from_secs(60);
    assert_eq!(p.grader.summary(p.now).elapsed_ms, paused_at);
    p.tap_dialog(Dialog::Continue, DialogButton::Continue);
    assert_eq!(p.grader.phase(), Phase::Playing);
    assert!(p.grader.summary(p.now + Duration::from_secs(1)).elapsed_ms >= paused_at + 1000);
}

#[test]
fn pop_ups_are_reproducible_from_their_seed() {
    let moments = |seed| {
        let mut p = phone_with(SkinName::Classic, |a| {
            a.popup = vec![Dialog::Ad];
            a.popup_seed = seed;
        });
        for (i, c) in p.blanks().into_iter().enumerate() {
            if p.grader.dialog().is_some() {
                return i;
            }
            let d = p.answer(c);
            p.enter(c, d);
        }
        usize::MAX
    };
    assert_eq!(moments(3), moments(3));
    assert!((2..=12).contains(&moments(3)));
}

#[test]
fn a_full_game_reaches_solved_on_every_skin() {
    for skin in SkinName::ALL {
        let mut p = phone(skin);
        for c in p.blanks() {
            let d = p.answer(c);
            match skin {
                SkinName::Keys => {
                    p.tap_cell(c);
                    p.key(7 + d.get() as u32);
                }
                SkinName::Paper | SkinName::Edge => {
                    if p.grader.events().iter().rev().find_map(|l| match l.event {
                        Event::DigitPicked { digit } => Some(digit),
                        _ => None,
                    }) != Some(Some(d))
                    {
                        p.tap_key(d);
                    }
                    p.tap_cell(c);
                }
                _ => p.enter(c, d),
            }
        }
        assert_eq!(p.grader.phase(), Phase::Solved, "{skin:?}");
        assert_eq!(p.grader.dialog(), Some(Dialog::Solved), "{skin:?}");
        assert_eq!(p.grader.board(), p.grader.solution());
        let summary = p.grader.summary(p.now);
        assert!(summary.elapsed_ms > 0);
        assert!(p
            .events()
            .iter()
            .any(|e| matches!(e, Event::GameSolved { .. })));
    }
}

#[test]
fn every_skin_lays_out_inside_its_screen_without_overlaps() {
    for skin in SkinName::ALL {
        let p = phone(skin);
        let l = p.app.layout();
        let (w, h) = p.app.size();
        let inside = |r: autosudoku_phone::app::Rect| {
            r.x >= 0.0 && r.y >= 0.0 && r.right() <= w as f32 && r.bottom() <= h as f32
        };
        assert!(inside(l.grid), "{skin:?}");
        assert!(l.grid.y >= l.app_bar.bottom());
        let buttons = l
            .keys
            .iter()
            .map(|(_, r)| *r)
            .chain(l.tools.iter().map(|(_, r)| *r));
        for r in buttons {
            assert!(inside(r), "{skin:?} {r:?}");
            let overlap = r.x < l.grid.right()
                && r.right() > l.grid.x
                && r.y < l.grid.bottom()
                && r.bottom() > l.grid.y;
            assert!(!overlap, "{skin:?}: {r:?} overlaps the grid");
        }
        for d in [
            Dialog::Solved,
            Dialog::GameOver,
            Dialog::RateUs,
            Dialog::Ad,
            Dialog::Continue,
        ] {
            for (_, r) in l.dialog(d).buttons {
                assert!(inside(r), "{skin:?} {d:?}");
            }
        }
        assert_eq!(l.keys.is_empty(), skin == SkinName::Keys);
    }
}

#[test]
fn size_and_density_override_the_skin_and_too_small_is_an_error() {
    let p = phone_with(SkinName::Classic, |a| {
        a.size = Some((720, 1600));
        a.density = Some(320);
    });
    assert_eq!(p.app.size(), (720, 1600));
    assert_eq!(p.app.density(), 320);
    assert!(p.app.layout().grid.w <= 720.0);
    let tiny = AppArgs {
        size: Some((200, 200)),
        density: Some(640),
        puzzle: Some(PUZZLE.parse().unwrap()),
        ..AppArgs::default()
    };
    let err = tiny.build().err().expect("too small").to_string();
    assert!(err.contains("200x200") && err.contains("--size"), "{err}");
}

#[test]
fn a_puzzle_without_a_single_solution_is_refused_with_a_reason() {
    let mut two = Board::empty();
    two.set(cell(0, 0), Some(digit(1)));
    let err = AppArgs {
        puzzle: Some(two),
        ..AppArgs::default()
    }
    .build()
    .err()
    .unwrap()
    .to_string();
    assert!(err.contains("more than one solution"), "{err}");
    let bad: Board = format!("11{}", &PUZZLE[2..]).parse().unwrap();
    let err = AppArgs {
        puzzle: Some(bad),
        ..AppArgs::default()
    }
    .build()
    .err()
    .unwrap()
    .to_string();
    assert!(err.contains("row 1 has two 1s"), "{err}");
}

/// Downscaled by 3 (box filter): small golden files that still catch any change of look.
fn thumbnail(img: &RgbaImage) -> RgbaImage {
    imageops::thumbnail(img, img.width() / 3, img.height() / 3)
}

/// A fixed mid-game screen: entries, a mistake, notes, a selection.
fn mid_game(skin: SkinName) -> RgbaImage {
    let mut p = phone(skin);
    let blanks = p.blanks();
    for &c in &blanks[..5] {
        let d = p.answer(c);
        p.tap_cell(c);
        p.key(7 + d.get() as u32);
    }
    p.tap_cell(blanks[6]);
    let w = p.wrong(blanks[6]);
    p.key(7 + w.get() as u32);
    if p.app.layout().tool_rect(Tool::Notes).is_some() {
        p.tap_cell(blanks[8]);
        p.tap_tool(Tool::Notes);
        for d in [1, 5, 9] {
            p.key(7 + d);
        }
    }
    p.tap_cell(blanks[0]);
    p.app.frame(Duration::from_secs(754))
}

/// Where the golden frame of `skin` is kept.
fn golden_frame(skin: SkinName) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/golden")
        .join(format!("phone-{}.png", skin.as_str()))
}

/// Rewrites every skin's golden frame (`REGENERATE=1`, through `rig::golden`).
fn write_golden_frames() {
    for skin in SkinName::ALL {
        let path = golden_frame(skin);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        thumbnail(&mid_game(skin)).save(&path).unwrap();
    }
}

#[test]
fn frames_match_the_golden_images() {
    rig::golden::ready("phone frames", write_golden_frames);
    for skin in SkinName::ALL {
        let got = thumbnail(&mid_game(skin));
        let path = golden_frame(skin);
        let want = image::load_from_memory(&rig::golden::read(&path))
            .expect("a golden PNG")
            .to_rgba8();
        assert_eq!(got.dimensions(), want.dimensions(), "{skin:?}");
        // Tolerance for float rounding differences between platforms: a few levels per channel.
        let differing = got
            .pixels()
            .zip(want.pixels())
            .filter(|(a, b)| a.0.iter().zip(b.0).any(|(x, y)| x.abs_diff(y) > 8))
            .count();
        let allowed = (got.width() * got.height()) as usize / 500;
        assert!(
            differing <= allowed,
            "{skin:?}: {differing} pixels differ from {} (allowed {allowed}); {}",
            path.display(),
            rig::golden::hint()
        );
    }
}

#[test]
fn new_game_after_solving_a_generated_puzzle_takes_the_next_seed() {
    let mut p = phone_with(SkinName::Compact, |a| {
        a.puzzle = None;
        a.seed = 41;
    });
    let first = p.grader.givens();
    assert!(first.filled_count() >= 17);
    for c in p.blanks() {
        let d = p.answer(c);
        p.enter(c, d);
    }
    assert_eq!(p.grader.dialog(), Some(Dialog::Solved));
    p.tap_dialog(Dialog::Solved, DialogButton::NewGame);
    assert_eq!(p.grader.phase(), Phase::Playing);
    assert_eq!(p.grader.summary(p.now).seed, 42);
    assert_ne!(p.grader.givens(), first);
    assert_eq!(p.grader.board(), p.grader.givens());
}

/// `adb shell` command lines for a whole game in the skin's own input style, at layout coordinates,
/// several commands chained with `;` per call (one `adb shell` costs far more than one tap).
fn game_commands(skin: SkinName, app: &App, grader: &Grader) -> Vec<String> {
    let l = app.layout();
    let tap = |p: Point| {
        let (x, y) = p.to_pixels();
        format!("input tap {x} {y}")
    };
    let board = grader.board();
    let solution = grader.solution();
    let mut cmds = Vec::new();
    match skin {
        SkinName::Paper | SkinName::Edge => {
            for d in Digit::all() {
                cmds.push(tap(l.key_center(d).unwrap()));
                for c in board.blanks().filter(|&c| solution.get(c) == Some(d)) {
                    cmds.push(tap(l.cell_center(c)));
                }
            }
        }
        _ => {
            for (i, c) in board.blanks().enumerate() {
                let d = solution.get(c).unwrap();
                cmds.push(tap(l.cell_center(c)));
                cmds.push(match l.key_center(d) {
                    Some(k) => tap(k),
                    // Hardware keys both ways a script sends them.
                    None if i % 2 == 0 => format!("input keyevent KEYCODE_{d}"),
                    None => format!("input text {d}"),
                });
            }
        }
    }
    cmds.chunks(24).map(|c| c.join("; ")).collect()
}

#[test]
fn every_skin_plays_a_whole_game_through_real_adb() {
    let adb = rig::AdbServer::start();
    for skin in SkinName::ALL {
        let args = AppArgs {
            skin,
            seed: 3,
            ..AppArgs::default()
        };
        let app = args.build().unwrap();
        let grader = app.grader();
        let commands = game_commands(skin, &app, &grader);
        let layout = app.layout().clone();
        let handle = rig::start(rig::phone(Box::new(app)));
        let serial = handle.serial();
        adb.connect(&serial);
        for line in &commands {
            adb.ok(&["-s", &serial, "shell", line]);
        }
        assert_eq!(
            grader.phase(),
            Phase::Solved,
            "{skin:?}: {:?}",
            grader.events().last()
        );
        assert_eq!(grader.dialog(), Some(Dialog::Solved), "{skin:?}");
        assert_eq!(grader.mistakes(), 0, "{skin:?}");
        let (x, y) = layout
            .dialog_button(Dialog::Solved, DialogButton::NewGame)
            .unwrap()
            .to_pixels();
        adb.ok(&["-s", &serial, "shell", &format!("input tap {x} {y}")]);
        assert_eq!(grader.phase(), Phase::Playing, "{skin:?}");
        assert!(
            grader
                .events()
                .iter()
                .any(|l| l.event == Event::NewGame { seed: 4 }),
            "{skin:?}"
        );
        adb.run(&["disconnect", &serial]);
        handle.stop();
    }
}

/// `autosudoku phone --exit-when solved`: the real binary, driven through the real adb server,
/// exits 0 with the final state as JSON once the game is solved.
#[test]
fn the_phone_command_exits_with_the_final_state_when_solved() {
    use std::io::BufReader;
    use std::process::Stdio;
    let adb = rig::AdbServer::start();
    let args = AppArgs {
        skin: SkinName::Compact,
        seed: 11,
        ..AppArgs::default()
    };
    let app = args.build().unwrap();
    let commands = game_commands(SkinName::Compact, &app, &app.grader());
    let mut child = rig::phone_command(&["--skin", "compact", "--seed", "11"])
        .args(["--exit-when", "solved", "-q"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let serial = rig::listening_address(&mut out);
    adb.connect(&serial);
    for line in &commands {
        adb.ok(&["-s", &serial, "shell", line]);
    }
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("the phone did not exit after the game was solved");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut json = String::new();
    std::io::Read::read_to_string(&mut out, &mut json).unwrap();
    assert!(status.success(), "{status:?}");
    let state: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(state["phase"], "solved");
    assert_eq!(state["skin"], "compact");
    assert_eq!(
        state["board"].as_str().unwrap(),
        app.grader().solution().to_line()
    );
    assert_eq!(state["dialog"], "solved");
}

#[test]
fn snapshot_writes_one_screen_without_a_server() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("paper.png");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_autosudoku"))
        .args(["phone", "--snapshot"])
        .arg(&path)
        .args(["--skin", "paper", "--size", "720x1500", "--density", "320"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let img = image::open(&path).unwrap();
    assert_eq!((img.width(), img.height()), (720, 1500));
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_autosudoku"))
        .args([
            "phone",
            "--snapshot",
            "/tmp/x.png",
            "--size",
            "300x300",
            "--density",
            "600",
        ])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--size"));
}
