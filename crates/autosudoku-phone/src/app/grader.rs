//! The grading hooks: a read-only handle on the app's state (board, phase, mistakes, event log)
//! that tests and `--exit-when` keep after the `App` is boxed into the device. Never reachable over ADB.

use super::{Dialog, Event, Logged, Phase, Rules, SkinName, State};
use autosudoku_core::sudoku::{Board, Cell, Digit};
use autosudoku_core::variant::{Grid, Layout, Pos};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// The game state `autosudoku phone --exit-when` waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ExitWhen {
    Solved,
    GameOver,
}

/// What the app looks like now, for `--exit-when` and test assertions.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Summary {
    pub skin: SkinName,
    pub phase: Phase,
    pub givens: String,
    pub board: String,
    pub mistakes: u32,
    pub elapsed_ms: u64,
    pub seed: u64,
    pub dialog: Option<Dialog>,
}

/// A read-only view of the app's state for tests: board, phase, mistakes and the event log.
/// Never reachable over ADB.
#[derive(Clone)]
pub struct Grader {
    state: Arc<Mutex<State>>,
    skin: SkinName,
}

impl Grader {
    pub(super) fn new(state: Arc<Mutex<State>>, skin: SkinName) -> Grader {
        Grader { state, skin }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Givens and entries as shown, on a board of any side.
    pub fn grid(&self) -> Grid {
        self.lock().game.board().clone()
    }
    pub fn given_grid(&self) -> Grid {
        self.lock().game.puzzle().givens.clone()
    }
    pub fn solution_grid(&self) -> Grid {
        self.lock().game.puzzle().solution.clone()
    }
    /// Givens and entries as shown, as a classic board: for 9x9 games (`grid` serves every side).
    pub fn board(&self) -> Board {
        classic(self.grid())
    }
    pub fn givens(&self) -> Board {
        classic(self.given_grid())
    }
    pub fn solution(&self) -> Board {
        classic(self.solution_grid())
    }
    /// The layout whose rules the game is played by (3x3 boxes for classic games).
    pub fn layout(&self) -> Layout {
        self.lock().game.puzzle().layout.clone()
    }
    /// Whether the app marks the cell's digit wrong (against the solution, or as a repeat in a
    /// unit or cage when it checks no mistakes).
    pub fn is_wrong(&self, cell: impl Into<Pos>) -> bool {
        self.lock().game.is_wrong(cell.into())
    }
    /// A 9x9 game's pencil marks in a cell.
    pub fn notes(&self, cell: Cell) -> Vec<Digit> {
        let st = self.lock();
        st.game
            .notes(cell.into())
            .filter_map(|d| d.digit())
            .collect()
    }
    /// The selected cell on a board of any side.
    pub fn selection(&self) -> Option<Pos> {
        self.lock().game.selected()
    }
    /// A 9x9 game's selected cell, as a classic cell.
    pub fn selected(&self) -> Option<Cell> {
        self.selection().and_then(Pos::cell)
    }
    pub fn mistakes(&self) -> u32 {
        self.lock().game.mistakes()
    }
    /// The rules in play: whether the status line shows a mistakes counter, and its limit.
    pub fn rules(&self) -> Rules {
        self.lock().game.rules
    }
    pub fn phase(&self) -> Phase {
        self.lock().game.phase()
    }
    pub fn notes_mode(&self) -> bool {
        self.lock().game.notes_mode()
    }
    /// The dialog or pop-up up now.
    pub fn dialog(&self) -> Option<Dialog> {
        self.lock().dialog
    }
    /// Every event so far, oldest first.
    pub fn events(&self) -> Vec<Logged> {
        self.lock().log.all().to_vec()
    }

    /// Whether the game has reached `state` at some point (a later "New game" does not undo it).
    pub fn reached(&self, state: ExitWhen) -> bool {
        self.lock().log.all().iter().any(|l| match state {
            ExitWhen::Solved => matches!(l.event, Event::GameSolved { .. }),
            ExitWhen::GameOver => matches!(l.event, Event::GameOver { .. }),
        })
    }

    /// The state as `--exit-when` prints it.
    pub fn summary(&self, now: Duration) -> Summary {
        let st = self.lock();
        Summary {
            skin: self.skin,
            phase: st.game.phase(),
            givens: st.game.puzzle().givens.to_line(),
            board: st.game.board().to_line(),
            mistakes: st.game.mistakes(),
            elapsed_ms: st.game.elapsed(now).as_millis() as u64,
            seed: st.seed,
            dialog: st.dialog,
        }
    }
}

/// A 9x9 grid as the classic board the 9x9 accessors return; a test asking for one of another
/// side is wrong, so it stops there.
fn classic(grid: Grid) -> Board {
    super::variant::board(&grid)
        .expect("board(), givens() and solution() are for 9x9 games; use grid()")
}
