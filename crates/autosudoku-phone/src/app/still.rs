//! Stills of generated apps with their labels: the game partway through (entries, pencil marks,
//! a conflict in red when the seed says so), the frame scaled as a shared screenshot may be,
//! and `FILE.json` beside `FILE.png` with what the screen shows (`board`: every full-size digit,
//! `givens`: what the app gave; both empty when no game is in play) and the `style` drawn.

use super::skin::random::Generated;
use super::{App, AppError};
use crate::screen::Screen;
use autosudoku_core::sudoku::{Cell, Digit};
use image::imageops::FilterType;
use std::path::Path;
use std::time::Duration;

impl App {
    /// Pencils every candidate a row, column and box leave into the first `cells` blank cells.
    fn pencil(&self, cells: usize, now: Duration) {
        let mut st = self.lock();
        let s = &mut *st;
        let board = s.game.board().clone();
        let keep = s.game.selected();
        s.game.toggle_notes(&mut s.log, now);
        for cell in board.blanks().skip(1).take(cells) {
            s.game.select(cell, &mut s.log, now);
            let seen = |d: Digit| Cell::all().any(|o| cell.sees(o) && board.get(o) == Some(d));
            for d in Digit::all().filter(|&d| !seen(d)) {
                s.game.enter(d, &mut s.log, now);
            }
        }
        s.game.toggle_notes(&mut s.log, now);
        if let Some(c) = keep {
            s.game.select(c, &mut s.log, now);
        }
    }

    /// Enters, in the last blank cell, a digit its row already holds: a conflict the app shows in red.
    fn conflict(&self, now: Duration) {
        let mut st = self.lock();
        let s = &mut *st;
        let board = s.game.board().clone();
        let Some(cell) = board.blanks().last() else {
            return;
        };
        let Some(d) = Cell::all()
            .filter(|o| o.row() == cell.row())
            .find_map(|o| board.get(o))
        else {
            return;
        };
        let keep = s.game.selected();
        s.game.select(cell, &mut s.log, now);
        s.game.enter(d, &mut s.log, now);
        if let Some(c) = keep {
            s.game.select(c, &mut s.log, now);
        }
    }

    /// The labels of the screen as it stands: board and givens, empty when a dialog hides the game.
    fn labels(&self) -> (String, String) {
        let st = self.lock();
        if st.dialog.is_some() {
            return (String::new(), String::new());
        }
        (st.game.board().to_line(), st.game.puzzle().givens.to_line())
    }
}

/// Renders the still of a generated app to `path` and its labels beside it.
pub fn write(mut app: App, g: &Generated, moves: usize, path: &Path) -> Result<(), AppError> {
    let now = Duration::from_secs(7 * moves as u64);
    app.advance(moves, now);
    if g.noted > 0 {
        app.pencil(g.noted, now);
    }
    if g.conflict {
        app.conflict(now);
    }
    let mut frame = app.frame(now);
    if g.scale < 1.0 {
        let (w, h) = frame.dimensions();
        let size = |v: u32| ((v as f32 * g.scale).round() as u32).max(1);
        frame = image::imageops::resize(&frame, size(w), size(h), FilterType::Triangle);
    }
    let failed = |error| AppError::Snapshot {
        path: path.to_owned(),
        error,
    };
    frame.save(path).map_err(failed)?;
    let (board, givens) = app.labels();
    let labels = serde_json::json!({"board": board, "givens": givens, "style": g.style});
    let json = path.with_extension("json");
    std::fs::write(&json, format!("{labels:#}\n"))
        .map_err(|e| failed(image::ImageError::IoError(e)))
}
