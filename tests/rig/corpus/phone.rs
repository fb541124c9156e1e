//! Fixture generator for the phone part of the vision corpus: drives the virtual phone's Sudoku
//! app in-process (taps at its layout's points, key events for digits) into each state — fresh,
//! half filled with a selection, a conflict, pencil marks, a game-over dialog — on every skin at two
//! screen sizes, and returns the frames with the truth from the app's own state.

use super::Truth;
use autosudoku_core::sudoku::{Board, Cell, Digit};
use autosudoku_phone::app::{AppArgs, Dialog, MistakeLimit, SkinName, Tool};
use autosudoku_phone::screen::{Keycode, Screen, Touch};
use image::RgbaImage;
use std::time::Duration;

/// Each skin at its own size and at another one (size, dpi).
pub fn sizes(skin: SkinName) -> [Option<((u32, u32), u32)>; 2] {
    let other = match skin {
        SkinName::Classic => ((720, 1600), 300),
        SkinName::Night => ((1080, 2400), 420),
        SkinName::Compact => ((480, 854), 213),
        SkinName::Paper => ((1440, 3120), 560),
        SkinName::Tablet => ((1920, 1200), 240),
        SkinName::Keys => ((720, 1280), 280),
        SkinName::Edge => ((720, 1600), 320),
        SkinName::Blocks => ((1440, 3200), 560),
    };
    [None, Some(other)]
}

struct Driver {
    app: autosudoku_phone::app::App,
    now: Duration,
}

impl Driver {
    fn new(args: &AppArgs) -> Driver {
        Driver {
            app: args.build().expect("corpus app builds"),
            now: Duration::from_secs(5),
        }
    }

    fn tick(&mut self) -> Duration {
        self.now += Duration::from_millis(150);
        self.now
    }

    fn tap(&mut self, x: f32, y: f32) {
        let t = self.tick();
        self.app.touch(Touch::Down { x, y }, t);
        let t = self.tick();
        self.app.touch(Touch::Up { x, y }, t);
    }

    fn select(&mut self, cell: Cell) {
        let p = self.app.layout().cell_center(cell);
        self.tap(p.x, p.y);
    }

    fn enter(&mut self, cell: Cell, digit: Digit) {
        self.select(cell);
        let t = self.tick();
        self.app.key(Keycode(7 + digit.get() as u32), t);
    }

    fn tool(&mut self, tool: Tool) -> bool {
        match self.app.layout().tool_center(tool) {
            Some(p) => {
                self.tap(p.x, p.y);
                true
            }
            None => false,
        }
    }

    fn shot(&mut self, name: String, covered: bool) -> (String, RgbaImage, Truth) {
        let t = self.tick();
        let img = self.app.frame(t);
        let g = self.app.grader();
        let (board, givens) = (g.board(), g.givens());
        let mut kinds = String::new();
        for c in Cell::all() {
            kinds.push(match (givens.get(c), board.get(c)) {
                (Some(_), _) => 'g',
                (None, Some(_)) => 'e',
                _ if !g.notes(c).is_empty() => 'n',
                _ => '.',
            });
        }
        let layout = self.app.layout();
        let keypad = match (layout.keys.len(), layout.keys.first(), layout.keys.last()) {
            (0, _, _) => "none",
            (_, Some(a), Some(b)) if (a.1.y - b.1.y).abs() < 1.0 => "row",
            _ => "block",
        };
        let keys: String = Digit::all()
            .filter(|&d| board.filled().filter(|&(_, x)| x == d).count() < 9)
            .filter(|_| keypad != "none")
            .map(Digit::to_char)
            .collect();
        let truth = Truth {
            board: board.to_line(),
            kinds,
            keypad: keypad.into(),
            keys,
            covered,
            source: "phone".into(),
        };
        (name, img, truth)
    }
}

/// The app behind a corpus screenshot named `phone-SKIN-native|alt-STATE`, fresh (its layout is
/// the screenshot's: the layout depends only on skin, size and density).
pub fn app_of(name: &str) -> Option<autosudoku_phone::app::App> {
    let mut parts = name.strip_prefix("phone-")?.split('-');
    let (skin, size) = (parts.next()?, parts.next()?);
    let skin = SkinName::ALL.into_iter().find(|s| s.as_str() == skin)?;
    let size = sizes(skin)[usize::from(size == "alt")];
    Some(
        Driver::new(&AppArgs {
            skin,
            size: size.map(|s| s.0),
            density: size.map(|s| s.1),
            ..AppArgs::default()
        })
        .app,
    )
}

/// The classic skin's frame with notes mode on (its notes button shows the "ON" badge).
pub fn notes_on(name: &str) -> Option<(RgbaImage, autosudoku_phone::app::Layout)> {
    let mut d = Driver {
        app: app_of(name)?,
        now: Duration::from_secs(5),
    };
    d.tool(Tool::Notes).then_some(())?;
    let t = d.tick();
    Some((d.app.frame(t), d.app.layout().clone()))
}

/// The app `args` describe with `line`'s digits entered into its blanks (`.` leaves one blank)
/// and `selected` tapped last, and the truth of that frame.
pub fn in_play(args: &AppArgs, line: &str, selected: Cell) -> (RgbaImage, Truth) {
    let mut d = Driver::new(args);
    let givens = d.app.grader().givens();
    for (c, ch) in Cell::all().zip(line.chars()) {
        let digit = ch.to_digit(10).and_then(|n| Digit::new(n as u8));
        if let (None, Some(digit)) = (givens.get(c), digit) {
            d.enter(c, digit);
        }
    }
    d.select(selected);
    let (_, img, truth) = d.shot(String::new(), false);
    (img, truth)
}

/// Blank cells of the puzzle, row-major.
fn blanks(givens: &Board) -> Vec<Cell> {
    givens.blanks().collect()
}

/// A digit that clashes in `cell`'s row (a given there), so the app draws it as a conflict.
fn clash(givens: &Board, cell: Cell) -> Option<Digit> {
    (0..9)
        .filter_map(|c| givens.get(Cell::new(cell.row(), c)?))
        .next()
}

/// All phone screenshots of the corpus.
pub fn screenshots() -> Vec<(String, RgbaImage, Truth)> {
    let mut out = Vec::new();
    for (s, skin) in SkinName::ALL.into_iter().enumerate() {
        for (z, size) in sizes(skin).into_iter().enumerate() {
            let base = AppArgs {
                skin,
                size: size.map(|s| s.0),
                density: size.map(|s| s.1),
                seed: 10 + (s * 2 + z) as u64,
                ..AppArgs::default()
            };
            let tag = format!(
                "phone-{}-{}",
                skin.as_str(),
                if z == 0 { "native" } else { "alt" }
            );
            // Fresh.
            let mut d = Driver::new(&base);
            out.push(d.shot(format!("{tag}-fresh"), false));
            let g = d.app.grader();
            let (givens, solution) = (g.givens(), g.solution());
            let empty = blanks(&givens);
            // Half filled, a cell selected (row, column, box and same-digit highlights).
            for &c in empty.iter().step_by(2) {
                d.enter(c, solution.get(c).expect("solved"));
            }
            d.select(empty[0]);
            out.push(d.shot(format!("{tag}-half"), false));
            // A conflict, shown in the app's error colour; no mistake limit so the game goes on.
            let mut d = Driver::new(&AppArgs {
                mistake_limit: Some(MistakeLimit::Off),
                ..base.clone()
            });
            for &c in empty.iter().step_by(3) {
                d.enter(c, solution.get(c).expect("solved"));
            }
            if let Some(bad) = clash(&givens, empty[1]) {
                d.enter(empty[1], bad);
            }
            d.select(empty[4]);
            out.push(d.shot(format!("{tag}-conflict"), false));
            // Pencil marks in a few cells, then some entries (no notes on a keys-only app).
            let mut d = Driver::new(&base);
            if d.tool(Tool::Notes) {
                for &c in empty.iter().skip(1).step_by(4).take(5) {
                    let right = solution.get(c).expect("solved");
                    for n in [Digit::new(1), Some(right), Digit::new(9)]
                        .into_iter()
                        .flatten()
                    {
                        d.enter(c, n);
                    }
                }
                d.tool(Tool::Notes);
            }
            for &c in empty.iter().step_by(5) {
                d.enter(c, solution.get(c).expect("solved"));
            }
            out.push(d.shot(format!("{tag}-notes"), false));
            // Game over after one mistake: the dialog over the grid.
            let mut d = Driver::new(&AppArgs {
                mistake_limit: Some(MistakeLimit::After(1)),
                ..base.clone()
            });
            for &c in empty.iter().step_by(4) {
                d.enter(c, solution.get(c).expect("solved"));
            }
            let wrong =
                Digit::new(solution.get(empty[1]).expect("solved").get() % 9 + 1).expect("digit");
            d.enter(empty[1], wrong);
            let card = d.app.layout().dialog(Dialog::GameOver).card;
            let grid = d.app.layout().grid;
            let covered = card.x < grid.x + grid.w
                && grid.x < card.x + card.w
                && card.y < grid.y + grid.h
                && grid.y < card.y + card.h;
            out.push(d.shot(format!("{tag}-dialog"), covered));
        }
    }
    out
}
