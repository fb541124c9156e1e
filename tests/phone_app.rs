//! The virtual phone's Sudoku app, in process: game rules through the `Screen` trait (touches and keys
//! at layout coordinates, as the device delivers them; `rules`), every skin's layout and what the
//! app refuses to start from (`start`), and golden frames (`frames`; `REGENERATE=1 cargo test --test
//! phone_app` rewrites the golden PNGs after an intended change of look). `adb` plays a whole game
//! per skin through the real `adb` server and `adb shell input`. This file holds the `Phone` the
//! in-process tests drive.

#[path = "phone_app/adb.rs"]
mod adb;
#[path = "phone_app/frames.rs"]
mod frames;
mod rig;
#[path = "phone_app/rules.rs"]
mod rules;
#[path = "phone_app/start.rs"]
mod start;
#[path = "phone_app/variants.rs"]
mod variants;

use autosudoku_core::sudoku::{Cell, Digit};
use autosudoku_phone::app::{
    App, AppArgs, Dialog, DialogButton, Event, Grader, Point, SkinName, Tool,
};
use autosudoku_phone::screen::{Keycode, Screen, Touch};
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
