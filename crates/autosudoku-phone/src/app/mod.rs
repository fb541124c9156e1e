//! The Sudoku app on the virtual phone's screen. `App` implements the device's `Screen`: it turns
//! touches and keys into game moves with Android's click semantics, and draws frames of its skin.
//! A `Grader` handle shares the game state so tests can read it after the device owns the `App`.

mod args;
mod bugs;
mod desk;
mod dialog;
pub(super) mod draw;
mod events;
mod fonts;
mod game;
mod geometry;
mod grader;
mod icons;
mod layout;
mod lossy;
mod puzzle;
mod render;
mod skin;
mod still;
pub(super) mod text;
mod variant;

pub use args::{AppArgs, MistakeLimit};
pub use bugs::Bug;
pub use dialog::{Dialog, DialogButton};
pub use events::{Event, Logged};
pub use game::{InputMode, Phase, Rules};
pub use geometry::{Point, Rect};
pub use grader::{ExitWhen, Grader, Summary};
pub use layout::{Axis, DialogLayout, Layout, LayoutError, Target, Tool};
pub use puzzle::PuzzleError;
pub use skin::{Ending, SkinName};

use super::screen::{Keycode, Screen, Touch};
use crate::component::ClassName;
use autosudoku_core::variant::{Pos, Symbol};
use dialog::PopupSchedule;
use events::EventLog;
use game::Game;
use image::RgbaImage;
use puzzle::Source;
use render::Renderer;
use skin::random::Desk;
use skin::Skin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// Why the app could not start.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    #[error(transparent)]
    Layout(#[from] LayoutError),
    #[error(
        "cannot write the snapshot {path}: {error}; check that the folder exists and is writable"
    )]
    Snapshot {
        path: std::path::PathBuf,
        error: image::ImageError,
    },
}

/// Everything the app knows; shared between the `App` (the screen) and its `Grader`s.
struct State {
    game: Game,
    log: EventLog,
    dialog: Option<Dialog>,
    popups: PopupSchedule,
    source: Source,
    seed: u64,
    /// The puzzles after the game in play, while the level picker shows them.
    levels: Vec<Game>,
    /// Board-changing moves so far (what pop-ups are scheduled by).
    moves: u32,
    /// The pressed target and where the finger went down, between Down and Up.
    press: Option<Press>,
    /// How this app shows a won game, and when the game in play was solved.
    ending: Ending,
    solved_at: Option<Duration>,
}

#[derive(Debug, Clone, Copy)]
struct Press {
    at: geometry::Point,
    target: Option<Target>,
    /// Moved beyond the touch slop: a swipe, which never clicks.
    swiped: bool,
}

/// The Sudoku app as the device shows it.
pub struct App {
    state: Arc<Mutex<State>>,
    renderer: Renderer,
    density: u32,
    /// The desktop the app's window sits on, when it is a desktop app.
    desk: Option<Desk>,
    /// Its activity's class, as `dumpsys window` names it (`--activity`; `.GameActivity` if unset).
    activity: Option<ClassName>,
}

/// How long `Ending::Flash` greys the board: Solo's `FLASH_TIME` (solo.c).
const FLASH_TIME: Duration = Duration::from_millis(400);

/// Android's default touch slop (ViewConfiguration: 8 dp): a finger that moves farther is scrolling.
const TOUCH_SLOP_DP: f32 = 8.0;

impl App {
    /// An app of `skin` on a `size` screen at `density` dpi, starting the first puzzle from `source`.
    fn new(
        skin: Skin,
        size: (u32, u32),
        density: u32,
        source: Source,
        seed: u64,
        popups: PopupSchedule,
    ) -> Result<App, AppError> {
        let layout = Layout::compute(&skin, size.0, size.1, density)?;
        let puzzle = source.puzzle(seed)?;
        let state = State {
            game: Game::new(puzzle, skin.rules, Duration::ZERO),
            log: EventLog::default(),
            dialog: None,
            popups,
            source,
            seed,
            levels: Vec::new(),
            moves: 0,
            press: None,
            ending: skin.ending,
            solved_at: None,
        };
        Ok(App {
            state: Arc::new(Mutex::new(state)),
            renderer: Renderer::new(skin, layout),
            density,
            desk: None,
            activity: None,
        })
    }

    /// Screen geometry of every tappable thing, in pixels (of the app's window: see `window_at`).
    pub fn layout(&self) -> &Layout {
        &self.renderer.layout
    }

    /// Where the app's window sits on the screen: (0, 0) but for a desktop app.
    pub fn window_at(&self) -> (u32, u32) {
        self.desk.map_or((0, 0), |d| d.at)
    }

    pub fn skin(&self) -> SkinName {
        self.renderer.skin.name
    }

    /// A handle that keeps reading the game after the `App` is boxed into the device.
    pub fn grader(&self) -> Grader {
        Grader::new(self.state.clone(), self.skin())
    }

    /// Plays the first `moves` blank cells right and pencils the answer into the next one, as a
    /// player partway through would have (snapshots show entries, highlights and notes this way).
    pub fn advance(&self, moves: usize, now: Duration) {
        if moves == 0 {
            return;
        }
        let mut st = self.lock();
        let s = &mut *st;
        let solution = s.game.puzzle().solution.clone();
        let blanks: Vec<Pos> = s.game.blanks().take(moves + 1).collect();
        for (i, &cell) in blanks.iter().enumerate() {
            let Some(digit) = solution.get(cell) else {
                continue;
            };
            s.game.select(cell, &mut s.log, now);
            let notes = i == moves;
            if notes {
                s.game.toggle_notes(&mut s.log, now);
            }
            s.game.enter(digit, &mut s.log, now);
            if notes {
                s.game.toggle_notes(&mut s.log, now);
            }
        }
        if let Some(&first) = blanks.first() {
            s.game.select(first, &mut s.log, now);
        }
        s.after_move(now);
    }

    /// Shows the main menu over the game, paused behind it, as an app opens.
    fn open_on_menu(&self) {
        self.lock().show(Dialog::Menu, Duration::ZERO);
    }

    /// Shows the level picker over the game, the puzzles after it beside it, as an app opens.
    fn open_on_levels(&self) -> Result<(), AppError> {
        let mut st = self.lock();
        let s = &mut *st;
        let others = Dialog::Levels.buttons().len() as u64 - 1;
        s.levels = (1..=others)
            .map(|i| {
                Ok(Game::new(
                    s.source.puzzle(s.seed + i)?,
                    s.game.rules,
                    Duration::ZERO,
                ))
            })
            .collect::<Result<_, AppError>>()?;
        s.show(Dialog::Levels, Duration::ZERO);
        Ok(())
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic elsewhere while holding the lock leaves the state consistent (every change is a
        // single assignment chain), so keep serving it.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn click(&self, target: Option<Target>, now: Duration) {
        let mut st = self.lock();
        let s = &mut *st;
        if let Some(d) = s.dialog {
            match target {
                Some(Target::Dialog(button)) => s.dismiss(d, button, now),
                _ => s.log.push(now, Event::TapSwallowed { dialog: d }),
            }
            return;
        }
        if s.game.tap_dropped() {
            return;
        }
        match target {
            // Pausing brings up the "Continue?" dialog, as apps do.
            Some(Target::Pause) if s.game.phase() == Phase::Playing => {
                return s.show(Dialog::Continue, now)
            }
            Some(Target::Cell(cell)) => s.game.select(cell, &mut s.log, now),
            Some(Target::Key(digit)) if s.game.is_used_up(digit) => {}
            Some(Target::Key(digit)) => match s.game.rules.input {
                InputMode::CellFirst => s.game.enter(digit, &mut s.log, now),
                InputMode::DigitFirst => s.game.pick_digit(digit, &mut s.log, now),
            },
            Some(Target::Tool(Tool::Undo)) => s.game.undo(&mut s.log, now),
            Some(Target::Tool(Tool::Erase)) => s.game.erase(&mut s.log, now),
            Some(Target::Tool(Tool::Notes)) => s.game.toggle_notes(&mut s.log, now),
            Some(Target::Tool(Tool::Hint)) => s.game.hint(&mut s.log, now),
            // A phone would open the advertiser's page; the game stays as it was.
            Some(Target::Banner) => s.log.push(now, Event::BannerTapped),
            Some(Target::Dialog(_) | Target::Pause) | None => {}
        }
        s.after_move(now);
    }
}

impl State {
    /// Brings up the end-of-game dialog or a pop-up that has come due.
    fn after_move(&mut self, now: Duration) {
        self.moves = self
            .log
            .all()
            .iter()
            .rev()
            .take_while(|l| !matches!(l.event, Event::NewGame { .. }))
            .filter(|l| {
                matches!(
                    l.event,
                    Event::DigitEntered { .. } | Event::Erased { .. } | Event::NoteToggled { .. }
                )
            })
            .count() as u32;
        let next = match self.game.phase() {
            // The end shows once, when the last digit solves the game.
            Phase::Solved if self.solved_at.is_none() => {
                self.solved_at = Some(now);
                self.ending.dialog()
            }
            Phase::Solved => None,
            Phase::GameOver => Some(Dialog::GameOver),
            Phase::Playing => self.popups.due(self.moves),
            Phase::Paused => None,
        };
        if let Some(d) = next.filter(|_| self.dialog.is_none()) {
            self.show(d, now);
        }
    }

    /// Puts a dialog up; a pop-up pauses the game until it is dismissed.
    fn show(&mut self, dialog: Dialog, now: Duration) {
        if dialog.is_popup() {
            self.game.set_paused(true, now);
        }
        self.dialog = Some(dialog);
        self.log.push(now, Event::DialogShown { dialog });
    }

    fn dismiss(&mut self, dialog: Dialog, button: DialogButton, now: Duration) {
        self.dialog = None;
        self.log
            .push(now, Event::DialogDismissed { dialog, button });
        if dialog.is_popup() {
            self.game.set_paused(false, now);
        }
        if button == DialogButton::NewGame {
            self.new_game(now);
        }
        let levels = std::mem::take(&mut self.levels);
        if let DialogButton::Puzzle(n @ 1..) = button {
            if let Some(game) = levels.into_iter().nth(usize::from(n) - 1) {
                self.seed += u64::from(n);
                self.game = game;
                self.solved_at = None;
                self.log.push(now, Event::NewGame { seed: self.seed });
            }
        }
    }

    /// The next puzzle: the following seed from the same source.
    fn new_game(&mut self, now: Duration) {
        self.solved_at = None;
        let seed = self.seed.wrapping_add(1);
        match self.source.puzzle(seed) {
            Ok(puzzle) => {
                self.seed = seed;
                self.game = Game::new(puzzle, self.game.rules, now);
                self.log.push(now, Event::NewGame { seed });
            }
            // The source produced the first puzzle, so it cannot fail later; keep the old game if it does.
            Err(e) => tracing::error!("new game failed: {e}"),
        }
    }
}

impl Screen for App {
    fn size(&self) -> (u32, u32) {
        match self.desk {
            Some(d) => d.size,
            None => (self.renderer.layout.width, self.renderer.layout.height),
        }
    }

    fn density(&self) -> u32 {
        self.density
    }

    fn frame(&mut self, now: Duration) -> RgbaImage {
        let state = self.state.clone();
        let st = state.lock().unwrap_or_else(|e| e.into_inner());
        let label = st.source.label();
        let flash = st.ending == Ending::Flash
            && st
                .solved_at
                .is_some_and(|at| now.saturating_sub(at) < FLASH_TIME);
        let frame = self
            .renderer
            .frame(&st.game, &st.levels, label, st.dialog, flash, now);
        match &self.desk {
            Some(d) => d.compose(&frame, self.renderer.skin.title, &mut self.renderer.text),
            None => frame,
        }
    }

    fn touch(&mut self, touch: Touch, now: Duration) {
        let touch = self.desk.map_or(touch, |d| d.into_window(touch));
        let slop = TOUCH_SLOP_DP * self.renderer.layout.dp;
        let dialog = self.lock().dialog;
        let hit = |x, y| self.renderer.layout.hit(geometry::Point::new(x, y), dialog);
        match touch {
            Touch::Down { x, y } => {
                let press = Press {
                    at: geometry::Point::new(x, y),
                    target: hit(x, y),
                    swiped: false,
                };
                self.lock().press = Some(press);
            }
            Touch::Move { x, y } => {
                if let Some(p) = self.lock().press.as_mut() {
                    p.swiped |= p.at.distance(geometry::Point::new(x, y)) > slop;
                }
            }
            Touch::Up { x, y } => {
                let Some(press) = self.lock().press.take() else {
                    return;
                };
                let swiped = press.swiped || press.at.distance(geometry::Point::new(x, y)) > slop;
                // Android clicks only when the finger lifts inside the view it pressed.
                if !swiped && hit(x, y) == press.target {
                    self.click(press.target, now);
                }
            }
        }
    }

    fn key(&mut self, key: Keycode, now: Duration) {
        let mut st = self.lock();
        let s = &mut *st;
        if s.dialog.is_some() {
            return;
        }
        // KEYCODE_1..9 and NUMPAD_1..9, then KEYCODE_A..G for 10 to 16 (KeyEvent.java).
        let digit = match key.0 {
            8..=16 => Symbol::new((key.0 - 7) as u8),
            145..=153 => Symbol::new((key.0 - 144) as u8),
            29..=35 => Symbol::new((key.0 - 19) as u8),
            _ => None,
        }
        .filter(|d| usize::from(d.get()) <= s.game.side());
        match (key.0, digit) {
            (_, Some(d)) => s.game.enter(d, &mut s.log, now),
            (67 | 112, _) => s.game.erase(&mut s.log, now),
            (19, _) => s.game.move_selection(-1, 0, &mut s.log, now),
            (20, _) => s.game.move_selection(1, 0, &mut s.log, now),
            (21, _) => s.game.move_selection(0, -1, &mut s.log, now),
            (22, _) => s.game.move_selection(0, 1, &mut s.log, now),
            _ => return,
        }
        s.after_move(now);
    }

    fn focus(&self) -> Option<String> {
        let activity = self
            .activity
            .as_ref()
            .map_or_else(|| ".GameActivity".to_owned(), ClassName::to_string);
        Some(format!("{}/{activity}", self.renderer.skin.package))
    }
}
