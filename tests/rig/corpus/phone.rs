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
        // Not in `SkinName::ALL`: its seeds draw their own sizes.
        SkinName::Random => ((1080, 2400), 440),
        // Not in `SkinName::ALL` either: the variant apps (`SkinName::VARIANTS`).
        SkinName::Killer
        | SkinName::Jigsaw
        | SkinName::X
        | SkinName::Hyper
        | SkinName::Six
        | SkinName::Twelve
        | SkinName::Sixteen => ((720, 1600), 320),
    };
    [None, Some(other)]
}

/// A named corpus screenshot with its truth.
type Shot = (String, RgbaImage, Truth);

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

    fn shot(&mut self, name: String, covered: bool) -> Shot {
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
pub fn screenshots() -> Vec<Shot> {
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
            out.extend(states(&base, &tag));
        }
    }
    out
}

/// One app's game and where its screenshots go: the app's arguments, the name prefix, the
/// solution and the puzzle's blank cells.
struct Scene<'a> {
    base: &'a AppArgs,
    tag: &'a str,
    givens: Board,
    solution: Board,
    empty: Vec<Cell>,
}

impl Scene<'_> {
    /// Enters the right digit into every `step`-th blank cell.
    fn fill(&self, d: &mut Driver, step: usize) {
        for &c in self.empty.iter().step_by(step) {
            d.enter(c, self.solution.get(c).expect("solved"));
        }
    }
}

/// The app's screenshots in each state: fresh, half filled, a conflict, notes, game over.
fn states(base: &AppArgs, tag: &str) -> Vec<Shot> {
    let mut d = Driver::new(base);
    let fresh = d.shot(format!("{tag}-fresh"), false);
    let g = d.app.grader();
    let givens = g.givens();
    let scene = Scene {
        base,
        tag,
        empty: blanks(&givens),
        givens,
        solution: g.solution(),
    };
    vec![
        fresh,
        half(&scene, d),
        conflict(&scene),
        notes(&scene),
        game_over(&scene),
    ]
}

/// Half filled, a cell selected (row, column, box and same-digit highlights).
fn half(scene: &Scene, mut d: Driver) -> Shot {
    scene.fill(&mut d, 2);
    d.select(scene.empty[0]);
    d.shot(format!("{}-half", scene.tag), false)
}

/// A conflict, shown in the app's error colour; no mistake limit so the game goes on.
fn conflict(scene: &Scene) -> Shot {
    let mut d = Driver::new(&AppArgs {
        mistake_limit: Some(MistakeLimit::Off),
        ..scene.base.clone()
    });
    scene.fill(&mut d, 3);
    if let Some(bad) = clash(&scene.givens, scene.empty[1]) {
        d.enter(scene.empty[1], bad);
    }
    d.select(scene.empty[4]);
    d.shot(format!("{}-conflict", scene.tag), false)
}

/// Pencil marks in a few cells, then some entries (no notes on a keys-only app).
fn notes(scene: &Scene) -> Shot {
    let mut d = Driver::new(scene.base);
    if d.tool(Tool::Notes) {
        for &c in scene.empty.iter().skip(1).step_by(4).take(5) {
            let right = scene.solution.get(c).expect("solved");
            for n in [Digit::new(1), Some(right), Digit::new(9)]
                .into_iter()
                .flatten()
            {
                d.enter(c, n);
            }
        }
        d.tool(Tool::Notes);
    }
    scene.fill(&mut d, 5);
    d.shot(format!("{}-notes", scene.tag), false)
}

/// Game over after one mistake: the dialog over the grid.
fn game_over(scene: &Scene) -> Shot {
    let mut d = Driver::new(&AppArgs {
        mistake_limit: Some(MistakeLimit::After(1)),
        ..scene.base.clone()
    });
    scene.fill(&mut d, 4);
    let right = scene.solution.get(scene.empty[1]).expect("solved");
    let wrong = Digit::new(right.get() % 9 + 1).expect("digit");
    d.enter(scene.empty[1], wrong);
    let card = d.app.layout().dialog(Dialog::GameOver).card;
    let grid = d.app.layout().grid;
    let covered = card.x < grid.x + grid.w
        && grid.x < card.x + card.w
        && card.y < grid.y + grid.h
        && grid.y < card.y + card.h;
    d.shot(format!("{}-dialog", scene.tag), covered)
}
