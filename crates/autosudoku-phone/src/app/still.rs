//! Stills of generated apps with their labels: the game partway through (entries, pencil marks,
//! a conflict in red when the seed says so), the frame scaled as a shared screenshot may be,
//! and `FILE.json` beside `FILE.png` with what the screen shows (`board`: every full-size digit,
//! `givens`: what the app gave; `wrong`: the entries it paints as mistakes; all empty when no game
//! is in play) and the `style` drawn.

use super::skin::random::Generated;
use super::{App, AppError};
use crate::screen::Screen;
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
        let blanks: Vec<_> = s.game.blanks().skip(1).take(cells).collect();
        for cell in blanks {
            s.game.select(cell, &mut s.log, now);
            let seen: Vec<_> = s.game.peers(cell).filter_map(|o| board.get(o)).collect();
            for d in s.game.symbols().filter(|d| !seen.contains(d)) {
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
        let Some(cell) = s.game.blanks().last() else {
            return;
        };
        let Some(d) = board
            .positions()
            .filter(|o| o.row == cell.row)
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

    /// The labels of the screen as it stands: board, givens and the entries painted wrong, empty
    /// when a dialog hides the game.
    fn labels(&self) -> [String; 3] {
        let st = self.lock();
        if st.dialog.is_some() {
            return Default::default();
        }
        let game = &st.game;
        let wrong: String = game
            .cells()
            .map(|c| match game.board().get(c) {
                Some(d) if game.is_wrong(c) && !game.is_given(c) => d.to_char(),
                _ => '.',
            })
            .collect();
        [
            game.board().to_line(),
            game.puzzle().givens.to_line(),
            wrong,
        ]
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
    let [board, givens, wrong] = app.labels();
    let labels =
        serde_json::json!({"board": board, "givens": givens, "wrong": wrong, "style": g.style});
    let json = path.with_extension("json");
    std::fs::write(&json, format!("{labels:#}\n"))
        .map_err(|e| failed(image::ImageError::IoError(e)))
}

#[cfg(test)]
mod tests {
    use crate::app::skin::SkinName;
    use crate::app::AppArgs;

    fn still(seed: u64, dir: &std::path::Path) -> (Vec<u8>, serde_json::Value) {
        let args = AppArgs {
            skin: SkinName::Random,
            seed,
            ..AppArgs::default()
        };
        let png = dir.join(format!("{seed}.png"));
        args.snapshot(&png).expect("the still is written");
        let json = std::fs::read_to_string(png.with_extension("json")).expect("labels beside it");
        (
            std::fs::read(&png).unwrap(),
            serde_json::from_str(&json).unwrap(),
        )
    }

    /// The labels hold what the screen shows: 81 cells each, every given also on the board,
    /// entries on the board beyond the givens when the seed played some; the same seed twice
    /// gives the same image and labels.
    #[test]
    fn a_generated_still_is_labelled_with_the_board_and_givens_it_shows() {
        let dir = tempfile::tempdir().unwrap();
        for seed in [1_000_000, 1_000_001, 1_000_002] {
            let (png, labels) = still(seed, dir.path());
            let board = labels["board"].as_str().unwrap();
            let givens = labels["givens"].as_str().unwrap();
            assert_eq!((board.len(), givens.len()), (81, 81), "seed {seed}");
            let cells = |s: &str| s.chars().all(|c| c == '.' || ('1'..='9').contains(&c));
            assert!(cells(board) && cells(givens), "seed {seed}");
            for (b, g) in board.chars().zip(givens.chars()) {
                assert!(
                    g == '.' || g == b,
                    "seed {seed}: a given is missing from the board"
                );
            }
            let filled = |s: &str| s.chars().filter(|&c| c != '.').count();
            let entries = labels["style"]["entries"].as_str().unwrap();
            assert_eq!(
                filled(board) > filled(givens),
                entries != "none",
                "seed {seed}"
            );
            let image = image::load_from_memory(&png).unwrap();
            assert!(image.width() >= 360 && image.height() >= 360, "seed {seed}");
            let (again, same) = still(seed, dir.path());
            assert!(
                png == again && labels == same,
                "seed {seed} drew another still"
            );
        }
    }

    /// A seed that enters a conflict labels the entry it paints wrong, and only entries: a
    /// correct entry that shares a unit with it stays unlabelled, as it stays unpainted.
    #[test]
    fn a_painted_mistake_is_labelled_as_wrong() {
        let dir = tempfile::tempdir().unwrap();
        let seed = (1_000_000..)
            .find(|&s| still(s, dir.path()).1["style"]["conflict"] == true)
            .unwrap();
        let (_, labels) = still(seed, dir.path());
        let text = |k: &str| labels[k].as_str().unwrap().as_bytes().to_vec();
        let (board, givens, wrong) = (text("board"), text("givens"), text("wrong"));
        assert_eq!(wrong.len(), 81);
        let marked: Vec<usize> = (0..81).filter(|&i| wrong[i] != b'.').collect();
        assert!(!marked.is_empty(), "seed {seed}");
        for i in marked {
            assert_eq!(
                (wrong[i], givens[i]),
                (board[i], b'.'),
                "seed {seed} cell {i}"
            );
        }
    }
}
