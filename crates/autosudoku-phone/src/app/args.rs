//! The app's command-line options (flattened into `autosudoku phone`) and how they build an `App`.

use super::bugs::{Bug, Bugs};
use super::dialog::{Dialog, PopupSchedule};
use super::puzzle::{PuzzleError, Source};
use super::skin::random::{self, Generated};
use super::skin::{skin, Banner, Ending, SkinName};
use super::still;
use super::{App, AppError};
use crate::component::ClassName;
use crate::screen::Screen;
use autosudoku_core::generate::Difficulty;
use autosudoku_core::sudoku::Board;
use std::path::Path;
use std::time::Duration;

/// Which Sudoku app the virtual phone shows, and on what screen.
#[derive(Debug, Clone, clap::Args)]
pub struct AppArgs {
    /// The Sudoku app to show (each a different look, layout and input style).
    #[arg(long, value_enum, default_value_t = SkinName::Classic)]
    pub skin: SkinName,
    /// The puzzle to play, 81 cells in one line ('.' or 0 for blanks); classic skins only.
    /// Default: a generated one.
    #[arg(long, value_parser = parse_puzzle)]
    pub puzzle: Option<Board>,
    /// Difficulty of generated puzzles: easy, medium, hard or expert (classic skins; a variant
    /// skin's generator has no difficulty).
    #[arg(
        long,
        default_value = "easy",
        value_name = "LEVEL",
        conflicts_with = "puzzle"
    )]
    pub difficulty: Difficulty,
    /// Seed of the first generated puzzle; "New game" takes the next one.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Screen size in pixels, WIDTHxHEIGHT (default: the skin's).
    #[arg(long, value_parser = parse_size, value_name = "WxH")]
    pub size: Option<(u32, u32)>,
    /// Screen density in dpi (default: the skin's).
    #[arg(long, value_parser = clap::value_parser!(u32).range(80..=1000))]
    pub density: Option<u32>,
    /// A pop-up to bring up at a seeded moment of the game (repeat for several).
    #[arg(long, value_enum)]
    pub popup: Vec<Dialog>,
    /// Seed of the pop-up schedule.
    #[arg(long, default_value_t = 0)]
    pub popup_seed: u64,
    /// With --snapshot: play this many cells (right answers) first, so entries and highlights show.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub snapshot_moves: usize,
    /// Mistakes that end the game, overriding the skin ("off" counts no mistakes at all).
    #[arg(long, value_parser = parse_limit, value_name = "N|off")]
    pub mistake_limit: Option<MistakeLimit>,
    /// A deliberate bug, to see `autosudoku regress` catch it (repeatable).
    #[arg(long = "bug", value_enum, value_name = "BUG")]
    pub bugs: Vec<Bug>,
    /// Open on the app's main menu, as many apps do: a thumbnail of the game above "New game" and
    /// "Continue" (which shows the game).
    #[arg(long)]
    pub menu_first: bool,
    /// Open on a level picker, as some apps do: the game in play and the three puzzles after it
    /// as small boards two by two; tapping one opens it.
    #[arg(long, conflicts_with = "menu_first")]
    pub levels_first: bool,
    /// An ad banner (50 dp, no close button) over the grid's bottom rows, as in an app whose
    /// anchored ad loads over its content; taps on it do nothing.
    #[arg(long)]
    pub banner_over_grid: bool,
    /// How the app shows a won game, overriding the skin: a "Solved!" card, Solo's "Well done"
    /// message box, a card in Italian, a results page instead of the board, a brief flash of the
    /// board, or nothing at all.
    #[arg(long, value_enum, value_name = "HOW")]
    pub ending: Option<Ending>,
    /// The app's activity class as `dumpsys window` names it (default `.GameActivity`), e.g. one
    /// named like a launcher's (`.SudokuLauncher`), which is still not the home screen.
    #[arg(long, value_name = "CLASS")]
    pub activity: Option<ClassName>,
}

/// `--mistake-limit`: a count, or no mistake checking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MistakeLimit {
    Off,
    After(u32),
}

fn parse_puzzle(text: &str) -> Result<Board, String> {
    text.parse::<Board>().map_err(|e| e.to_string())
}

fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let bad =
        || format!("'{text}' is not a screen size; write WIDTHxHEIGHT in pixels, e.g. 1080x2400");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    );
    if !(120..=8192).contains(&w) || !(120..=8192).contains(&h) {
        return Err(format!(
            "screen size {w}x{h} is out of range; each side must be 120 to 8192 pixels"
        ));
    }
    Ok((w, h))
}

fn parse_limit(text: &str) -> Result<MistakeLimit, String> {
    match text {
        "off" => Ok(MistakeLimit::Off),
        n => match n.parse::<u32>() {
            Ok(n) if n > 0 => Ok(MistakeLimit::After(n)),
            _ => Err(format!(
                "'{text}' is not a mistake limit; give a count from 1 up, or 'off'"
            )),
        },
    }
}

impl Default for AppArgs {
    fn default() -> Self {
        AppArgs {
            skin: SkinName::Classic,
            puzzle: None,
            difficulty: Difficulty::Easy,
            seed: 1,
            size: None,
            density: None,
            popup: Vec::new(),
            popup_seed: 0,
            snapshot_moves: 0,
            mistake_limit: None,
            bugs: Vec::new(),
            menu_first: false,
            levels_first: false,
            banner_over_grid: false,
            ending: None,
            activity: None,
        }
    }
}

impl AppArgs {
    /// The app these options describe; fails on a puzzle without a single solution or a screen too small.
    pub fn build(&self) -> Result<App, AppError> {
        self.build_with(self.generated().as_ref())
    }

    /// The generated app `--skin random` draws from `--seed`.
    fn generated(&self) -> Option<Generated> {
        (self.skin == SkinName::Random).then(|| random::generate(self.seed))
    }

    fn build_with(&self, generated: Option<&Generated>) -> Result<App, AppError> {
        let mut skin = generated.map_or_else(|| skin(self.skin), |g| g.skin);
        match self.mistake_limit {
            Some(MistakeLimit::Off) => {
                skin.rules.check_mistakes = false;
                skin.rules.mistake_limit = None;
            }
            Some(MistakeLimit::After(n)) => {
                skin.rules.check_mistakes = true;
                skin.rules.mistake_limit = Some(n);
            }
            None => {}
        }
        let source = match (&self.puzzle, skin.variant) {
            (Some(_), Some(_)) => return Err(PuzzleError::NotClassic(skin.name.as_str()).into()),
            (Some(board), None) => Source::Fixed(board.clone()),
            (None, Some(kind)) => Source::Variant(kind, skin.side),
            (None, None) => Source::Generated(self.difficulty),
        };
        let size = self.size.unwrap_or(skin.size);
        let density = self.density.unwrap_or(skin.density);
        let popups = PopupSchedule::new(&self.popup, self.popup_seed);
        skin.rules.bugs = Bugs::of(&self.bugs);
        if self.banner_over_grid {
            skin.banner = Banner::OverGrid;
        }
        skin.ending = self.ending.unwrap_or(skin.ending);
        let mut app = App::new(skin, size, density, source, self.seed, popups)?;
        // A window on a desktop only as long as the window is the generator's own size.
        app.desk = generated
            .filter(|_| self.size.is_none())
            .and_then(|g| g.desk);
        app.activity = self.activity.clone();
        if self.menu_first {
            app.open_on_menu();
        }
        if self.levels_first {
            app.open_on_levels()?;
        }
        Ok(app)
    }

    /// Renders one screen of the app to a PNG, without any device around it: the first screen, or
    /// the game `--snapshot-moves` cells in (seven seconds a move on the timer).
    pub fn snapshot(&self, path: &Path) -> Result<(), AppError> {
        if let Some(g) = self.generated() {
            let moves = if self.snapshot_moves > 0 {
                self.snapshot_moves
            } else {
                g.moves
            };
            return still::write(self.build_with(Some(&g))?, &g, moves, path);
        }
        let mut app = self.build()?;
        let now = Duration::from_secs(7 * self.snapshot_moves as u64);
        app.advance(self.snapshot_moves, now);
        app.frame(now)
            .save(path)
            .map_err(|error| AppError::Snapshot {
                path: path.to_owned(),
                error,
            })
    }
}
