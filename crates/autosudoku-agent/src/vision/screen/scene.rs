//! What is on screen, decided by one pure function, `judge`, over what was seen: the read of the
//! screenshot, the app in front, the words on screen and the profile's rules. The game (a sure
//! read), the app's solved or game-over dialog, another dialog (which one, and how it can be
//! closed), somewhere else (the home screen, another app, an unknown screen) or an uncertain read
//! (which cells). The app in front and the words cost a device call and an OCR pass, so `judge`
//! asks its `MoreToSee` for them only when the read leaves the question open.

use super::close_mark;
use super::dialog::{self, Cover, DialogRule};
use super::words::Word;
use crate::device::display::Hidden;
use crate::device::{Foreground, Point};
use crate::vision::error::VisionError;
use crate::vision::read::BoardRead;
use crate::vision::sanity::Problem;
use autosudoku_core::sudoku::{Board, Cell, Digit};
use image::RgbaImage;
use serde::Serialize;
use std::fmt;

/// What the profile and the game so far say about this app.
#[derive(Debug, Clone, Copy, Default)]
pub struct Rules<'a> {
    /// The game's package, when the profile names it: another app in front means the game was left.
    pub package: Option<&'a str>,
    /// The profile's dialogs and what dismisses them.
    pub dialogs: &'a [DialogRule],
    /// The givens of this game's first sure read: later reads (of a board our own taps may have
    /// made wrong, with red conflicts) are checked against them instead of being re-judged, and a
    /// lone × is closed only once a game was seen.
    pub givens: Option<&'a Board>,
}

/// What `judge` may ask beyond the screenshot, only when it needs it.
pub trait MoreToSee {
    /// The app in front; `None` when the phone does not say.
    fn foreground(&mut self) -> Option<Foreground>;
    /// The words on screen: the title line alone when `enough` says it settles the matter, else
    /// all of them.
    fn words(&mut self, enough: &dyn Fn(&[Word]) -> bool) -> Vec<Word>;
    /// Whether the screen is off or locked; `None` when it is on and unlocked, or the phone does
    /// not say.
    fn hidden(&mut self) -> Option<Hidden>;
}

/// What is on screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scene {
    /// The game, read with certainty (act on the read), or finished with only its givens unseen.
    Game,
    /// The app says the puzzle is solved.
    Solved,
    /// The app ended the game.
    GameOver,
    /// Something covers the game.
    Dialog(Dialog),
    /// Not the game at all.
    Elsewhere(Elsewhere),
    /// A grid is there but the read is not certain enough to type on.
    Uncertain(Doubt),
}

/// A screen over the game, what it says and how it can be closed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Dialog {
    #[serde(flatten)]
    pub kind: DialogKind,
    /// Its words, joined.
    pub text: String,
    pub close: Option<Close>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum DialogKind {
    /// A pop-up: rate us, an ad, "continue?"; `topic` says which, when its words do.
    Popup { topic: Option<&'static str> },
    /// A screen the profile has a rule for.
    Known,
    /// An unnamed screen with a lone × shown mid-game (an interstitial ad).
    Interstitial,
    /// Something covers these cells of the grid and says nothing we know.
    Covering { cells: Vec<Cell> },
}

/// How a dialog can be closed: a point to tap, and what told us.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "by", rename_all = "kebab-case")]
pub enum Close {
    /// The profile's rule for this dialog.
    Rule { at: Point },
    /// A button whose label closes pop-ups: the label as known, not as read ("Not now").
    Button { at: Point, label: &'static str },
    /// A lone × mark.
    Mark { at: Point },
}

impl Close {
    pub fn point(self) -> Point {
        match self {
            Close::Rule { at } | Close::Button { at, .. } | Close::Mark { at } => at,
        }
    }
}

/// Where the phone is instead of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Elsewhere {
    /// The home screen is in front.
    Launcher { app: Foreground },
    /// Another app than the profile's is in front.
    OtherApp { app: Foreground },
    /// No grid, and nothing Sudoku-like in the words on screen.
    Unknown { text: String },
    /// A board, but only as a picture in a menu (a thumbnail above "Play" and "Resume").
    Menu { why: String },
    /// The screen is off or locked.
    Hidden { by: Hidden },
    /// The capture is black while the screen is on and an app is in front: the app protects its
    /// window from capture (FLAG_SECURE).
    Protected { app: Option<Foreground> },
}

impl Elsewhere {
    /// Whether this is a screen of the game's own app (one without a grid, or a menu), not the
    /// phone leaving it (home screen, another app, screen off, a protected window).
    pub fn in_app(&self) -> bool {
        matches!(self, Elsewhere::Unknown { .. } | Elsewhere::Menu { .. })
    }

    /// What the user can do about it.
    pub fn next_step(&self) -> &'static str {
        match self {
            Elsewhere::Hidden { .. } => "then open the game and run again",
            Elsewhere::Protected { .. } => PROTECTED_FIX,
            _ => "open the game on the phone and run again",
        }
    }
}

/// Why a read is not certain enough to act on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Doubt {
    /// These cells were read below the certainty threshold.
    Cells { cells: Vec<Cell> },
    /// Every cell is sure, but the givens are no proper puzzle (a misread).
    NotAPuzzle { problems: Vec<Problem> },
    /// A given of this game now reads differently.
    GivenChanged {
        cell: Cell,
        was: Digit,
        now: Option<Digit>,
    },
    /// The screenshot could not be read at all.
    Unreadable { reason: String },
}

impl Doubt {
    /// The cells the doubt is about.
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Doubt::Cells { cells } => cells.clone(),
            Doubt::NotAPuzzle { problems } => problems
                .iter()
                .flat_map(|p| match p {
                    Problem::GivensConflict { cells, .. } => cells.clone(),
                    _ => Vec::new(),
                })
                .collect(),
            Doubt::GivenChanged { cell, .. } => vec![*cell],
            Doubt::Unreadable { .. } => Vec::new(),
        }
    }
}

/// Decides what is on screen. `image` is the screenshot `read` was made from.
pub fn judge(
    image: &RgbaImage,
    read: &Result<BoardRead, VisionError>,
    rules: &Rules,
    more: &mut dyn MoreToSee,
) -> Scene {
    let r = match read {
        Err(VisionError::NoGrid { .. }) => return no_grid(image, rules, more),
        Err(e) => {
            return Scene::Uncertain(Doubt::Unreadable {
                reason: e.to_string(),
            })
        }
        Ok(r) => r,
    };
    if !r.covered.is_empty() {
        let covering = |text| {
            Scene::Dialog(Dialog {
                kind: DialogKind::Covering {
                    cells: r.covered.clone(),
                },
                text,
                close: None,
            })
        };
        // What cannot be closed is named by the cells it hides (an ad banner over the grid).
        return match covered(image, rules, more) {
            Scene::Elsewhere(_) => covering(String::new()),
            Scene::Dialog(Dialog {
                close: None, text, ..
            }) => covering(text),
            other => other,
        };
    }
    // Checked before the known givens: a menu's thumbnail of this very game matches them.
    if let Some(why) = &r.not_in_play {
        return Scene::Elsewhere(Elsewhere::Menu { why: why.clone() });
    }
    if let Some(known) = rules.givens.filter(|_| r.uncertain().is_empty()) {
        return match known.filled().find(|(c, d)| r.board.get(*c) != Some(*d)) {
            Some((cell, was)) => Scene::Uncertain(Doubt::GivenChanged {
                cell,
                was,
                now: r.board.get(cell),
            }),
            None => Scene::Game,
        };
    }
    if !r.is_certain() {
        let cells = r.uncertain();
        return Scene::Uncertain(if cells.is_empty() {
            Doubt::NotAPuzzle {
                problems: r.sanity.problems.clone(),
            }
        } else {
            Doubt::Cells { cells }
        });
    }
    Scene::Game
}

/// Why a phone that is on captures its app black.
pub const PROTECTED: &str = "the app protects its screen from capture (Android's FLAG_SECURE)";

/// What to do about it.
pub const PROTECTED_FIX: &str = "an app that protects its screen from capture (FLAG_SECURE) cannot be played from screenshots; open another Sudoku app (a black capture of the home screen instead means the phone blocks capture for every app: check its security settings)";

/// What is on screen when no grid is. A screen that is off or locked is asked first: its capture
/// shows nothing of the app the phone still names in front. Then the phone saying a launcher or
/// another app is in front is surer and cheaper than reading the pixels; a black capture with an
/// app in front is that app's protected window.
fn no_grid(image: &RgbaImage, rules: &Rules, more: &mut dyn MoreToSee) -> Scene {
    if let Some(by) = more.hidden() {
        return Scene::Elsewhere(Elsewhere::Hidden { by });
    }
    let app = more.foreground();
    if let Some(away) = app.clone().and_then(|app| left(app, rules)) {
        return Scene::Elsewhere(away);
    }
    if app_window_black(image) {
        return Scene::Elsewhere(Elsewhere::Protected { app });
    }
    covered(image, rules, more)
}

/// Whether the app's window in `image` is black, give or take the noise of a compressed capture:
/// what SurfaceFlinger captures of a window that may not be shown (FLAG_SECURE). It blacks only
/// the app's layer: the status bar and the navigation bar or gesture pill, SystemUI's, stay in
/// the capture, along the edges (at most an eighth of the side: 24-52 dp at the top, 48 dp of
/// buttons at the bottom, or at a side in landscape), so only the middle is looked at. Sampled on
/// a coarse lattice.
pub fn app_window_black(image: &RgbaImage) -> bool {
    let (w, h) = image.dimensions();
    let step = |n: u32| (n / 64).max(1) as usize;
    let middle = |n: u32| n / 8..n - n / 8;
    w > 0
        && h > 0
        && middle(h).step_by(step(h)).all(|y| {
            middle(w)
                .step_by(step(w))
                .all(|x| image.get_pixel(x, y).0[..3].iter().all(|&c| c <= 16))
        })
}

/// Where the phone is when `app` is in front: the game was left for a launcher or another app
/// than the profile's; `None` while the game's app (or an app we cannot tell apart) is in front.
fn left(app: Foreground, rules: &Rules) -> Option<Elsewhere> {
    if app.home {
        Some(Elsewhere::Launcher { app })
    } else if rules.package.is_some_and(|own| own != app.package) {
        Some(Elsewhere::OtherApp { app })
    } else {
        None
    }
}

/// A screen over the game or instead of it, judged by its words.
fn covered(image: &RgbaImage, rules: &Rules, more: &mut dyn MoreToSee) -> Scene {
    // A title that says solved settles it (classify puts "solved" before everything else).
    let words = more.words(&|w| dialog::classify(w) == Cover::Solved);
    let by_rule = dialog::rule_point(rules.dialogs, &words).map(|at| Close::Rule { at });
    let mark = || close_mark::find(image).map(|at| Close::Mark { at });
    let dialog = |kind, text, close| Scene::Dialog(Dialog { kind, text, close });
    match dialog::classify(&words) {
        Cover::Solved => Scene::Solved,
        Cover::GameOver => Scene::GameOver,
        Cover::Popup { text, close, topic } => {
            let button = close.map(|(at, label)| Close::Button { at, label });
            let kind = DialogKind::Popup { topic };
            dialog(kind, text, by_rule.or(button).or_else(mark))
        }
        Cover::Unknown { text } if by_rule.is_some() => dialog(DialogKind::Known, text, by_rule),
        Cover::Unknown { text } => match rules.givens.and_then(|_| mark()) {
            // Mid-game (the app still in front), an unnamed screen with a lone × is an
            // interstitial: close it. Before any grid was seen it is not ours.
            Some(close) => dialog(DialogKind::Interstitial, text, Some(close)),
            None => Scene::Elsewhere(Elsewhere::Unknown { text }),
        },
    }
}

/// What the dialog is and what closes it, in known words: the OCR read of its text (which may
/// say "Enjeying Sudeku?") stays in `text`, for the JSON and the saved screenshot's notes.
impl fmt::Display for Dialog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            DialogKind::Covering { cells } => {
                let (n, at) = (cells.len(), cell_list(cells));
                return write!(f, "{n} cell(s) of the grid are covered: {at}");
            }
            DialogKind::Popup { topic: Some(about) } => write!(f, "a pop-up {about}")?,
            DialogKind::Popup { topic: None } => f.write_str("a pop-up")?,
            DialogKind::Known => f.write_str("a dialog the app's profile has a rule for")?,
            DialogKind::Interstitial => f.write_str("a full-screen ad")?,
        }
        match self.close {
            Some(Close::Button { label, .. }) => write!(f, " (its \"{label}\" button)"),
            Some(Close::Mark { .. }) => f.write_str(" (its × mark)"),
            Some(Close::Rule { .. }) | None => Ok(()),
        }
    }
}

impl fmt::Display for Elsewhere {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Elsewhere::Launcher { app } => write!(f, "the home screen is in front, {app}"),
            Elsewhere::OtherApp { app } => write!(f, "another app is in front, {app}"),
            Elsewhere::Unknown { text } if text.is_empty() => {
                f.write_str("no Sudoku grid and no text on screen")
            }
            Elsewhere::Unknown { text } => {
                write!(f, "no Sudoku grid; the screen says: {}", shorten(text))
            }
            Elsewhere::Menu { why } => f.write_str(why),
            Elsewhere::Hidden { by } => write!(f, "{by}"),
            Elsewhere::Protected { app } => {
                let app = app.as_ref().map_or("the app".to_owned(), |a| a.to_string());
                write!(f, "the screen capture is black while the screen is on and {app} is in front: {PROTECTED}")
            }
        }
    }
}

impl fmt::Display for Doubt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Doubt::Cells { cells } => write!(f, "unsure of {}", cell_list(cells)),
            Doubt::NotAPuzzle { problems } => {
                let problems: Vec<String> = problems.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "the givens do not make a proper puzzle: {}",
                    problems.join("; ")
                )
            }
            Doubt::GivenChanged { cell, was, now } => write!(
                f,
                "the given {was} at {cell} now reads as {}: is this still the same game?",
                now.map_or("blank".to_owned(), |d| d.to_string())
            ),
            Doubt::Unreadable { reason } => f.write_str(reason),
        }
    }
}

/// Cells as users name them, a row's run of three or more as one range ("r8c1-9, r9c2").
pub fn cell_list(cells: &[Cell]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < cells.len() {
        let (first, mut last) = (cells[i], i);
        while cells
            .get(last + 1)
            .is_some_and(|n| n.row() == first.row() && n.col() == cells[last].col() + 1)
        {
            last += 1;
        }
        parts.push(match last - i {
            0 | 1 => cells[i..=last].iter().map(Cell::to_string).collect(),
            _ => vec![format!("{first}-{}", cells[last].col() + 1)],
        });
        i = last + 1;
    }
    parts.concat().join(", ")
}

/// At most 80 characters of `text`, with an ellipsis when cut.
fn shorten(text: &str) -> String {
    let t: String = text.chars().take(80).collect();
    if t.len() < text.len() {
        format!("{t}…")
    } else {
        t
    }
}

#[cfg(test)]
#[path = "scene_tests.rs"]
mod tests;
