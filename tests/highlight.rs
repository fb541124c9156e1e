//! The app's modal state read from pixels (`vision::screen::highlight`) on every skin of the virtual
//! phone: the selected cell, and the armed key of the digit-first one, as the driver checks them
//! before input that a lost tap would make go wrong.

use autosudoku_agent::geometry::Rect;
use autosudoku_agent::vision::screen::highlight::{armed_key, selected_cell};
use autosudoku_agent::vision::{BoardRead, Reader, ReaderOptions, TemplateSources};
use autosudoku_core::sudoku::{Cell, Digit};
use autosudoku_phone::app::{App, AppArgs, SkinName};
use autosudoku_phone::screen::{Screen, Touch};
use std::time::Duration;

struct Phone {
    app: App,
    now: Duration,
    reader: Reader,
}

impl Phone {
    fn new(skin: SkinName) -> Phone {
        let args = AppArgs {
            skin,
            seed: 21,
            ..AppArgs::default()
        };
        let reader = Reader::new(ReaderOptions {
            templates: Some(TemplateSources::shipped_only()),
            font: None,
            learn: false,
            app: None,
        })
        .expect("reader");
        Phone {
            app: args.build().expect("app"),
            now: Duration::from_secs(1),
            reader,
        }
    }

    fn tap(&mut self, p: autosudoku_phone::app::Point) {
        self.now += Duration::from_millis(250);
        self.app.touch(Touch::Down { x: p.x, y: p.y }, self.now);
        self.app.touch(Touch::Up { x: p.x, y: p.y }, self.now);
    }

    fn look(&mut self) -> (image::RgbaImage, BoardRead) {
        self.now += Duration::from_millis(250);
        let img = self.app.frame(self.now);
        let read = self.reader.read(&img).expect("read");
        (img, read)
    }

    fn selected(&mut self) -> Option<Cell> {
        let (img, read) = self.look();
        let cells: Vec<_> = read.cells.iter().map(|c| c.rect).collect();
        selected_cell(&img, &cells)
    }

    /// The keys as the fresh game shows them, all nine (the agent remembers them the same way:
    /// greyed keys late in a game are too faint to read).
    fn keys(&mut self) -> Vec<(Digit, Rect)> {
        let (_, read) = self.look();
        read.keypad
            .iter()
            .flat_map(|k| k.keys.iter().map(|k| (k.digit, k.rect)))
            .collect()
    }

    fn armed(&mut self, keys: &[(Digit, Rect)]) -> Option<Digit> {
        let (img, _) = self.look();
        armed_key(&img, keys)
    }
}

#[test]
fn the_selected_cell_is_seen_on_every_skin_with_the_shipped_glyphs() {
    for skin in SkinName::ALL {
        let mut phone = Phone::new(skin);
        assert_eq!(phone.selected(), None, "{skin:?}: nothing selected yet");
        let givens = phone.app.grader().givens();
        let blank = givens.blanks().nth(7).expect("a blank");
        let given = givens.filled().nth(3).expect("a given").0;
        for cell in [blank, given] {
            let p = phone.app.layout().cell_center(cell);
            phone.tap(p);
            assert_eq!(phone.selected(), Some(cell), "{skin:?}");
        }
    }
}

#[test]
fn the_armed_digit_is_seen_on_the_digit_first_skin() {
    let mut phone = Phone::new(SkinName::Paper);
    let keys = phone.keys();
    assert_eq!(keys.len(), 9);
    assert_eq!(phone.armed(&keys), None);
    for n in [3, 8] {
        let d = Digit::new(n).expect("digit");
        phone.tap(phone.app.layout().key_center(d).expect("key"));
        assert_eq!(phone.armed(&keys), Some(d));
    }
    // Late in a game most keys are greyed out (used up): the armed one still stands out.
    let (givens, solution) = (phone.app.grader().givens(), phone.app.grader().solution());
    let mut blanks: Vec<(Digit, Cell)> = givens
        .blanks()
        .map(|c| (solution.get(c).expect("solved"), c))
        .collect();
    blanks.sort();
    let keep = blanks.pop().expect("a blank").0;
    let mut armed = Digit::new(8);
    for &(d, cell) in &blanks {
        if armed != Some(d) {
            phone.tap(phone.app.layout().key_center(d).expect("key"));
            armed = Some(d);
        }
        phone.tap(phone.app.layout().cell_center(cell));
    }
    if armed != Some(keep) {
        phone.tap(phone.app.layout().key_center(keep).expect("key"));
    }
    assert_eq!(phone.armed(&keys), Some(keep));
    // Tapping the armed key again disarms it.
    phone.tap(phone.app.layout().key_center(keep).expect("key"));
    assert_eq!(phone.armed(&keys), None);
}
