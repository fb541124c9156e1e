//! What one look makes of a screenshot: the screen read, judged (`vision::screen::scene::judge`) and
//! turned into the driver's `Screen`: the game's view and layout (with the keypad keys remembered
//! across reads and the profile's button points), the dialog's close point, and the screenshot
//! saved where play stops.

use super::PhoneAgent;
use crate::device::display::Hidden;
use crate::device::{Foreground, Phone, Point, Screenshot, Size};
use crate::geometry::Rect;
use crate::play::layout::Layout;
use crate::play::moves::{Capabilities, InputStyle};
use crate::play::profile::Profile;
use crate::play::view::{Artifact, GameView, Highlight, Screen};
use crate::vision::rules::BoardRules;
use crate::vision::screen::highlight;
use crate::vision::screen::scene::{self, Doubt, MoreToSee, Rules, Scene};
use crate::vision::screen::words::{Word, WordReader};
use crate::vision::BoardRead;
use crate::vision::ButtonKind;
use autosudoku_core::sudoku::Digit;
use std::time::Instant;

impl PhoneAgent<'_> {
    /// Reads `shot` and lets `vision::screen::scene::judge` decide what is on it, asking the phone which
    /// app is in front and reading words only when the judgement needs them; keeps the shot and
    /// its read as the last look.
    pub(super) fn judge(&mut self, shot: Screenshot) -> Screen {
        let start = Instant::now();
        let read = self.reader.read(&shot.image);
        self.times.read += start.elapsed();
        // A frame caught mid-redraw (same size) leaves the board where it was: its layout holds.
        let kept = self.layout.take();
        self.close = None;
        let rules = Rules {
            package: self
                .profile
                .as_ref()
                .and_then(|p| p.recognise.package.as_deref()),
            dialogs: self.profile.as_ref().map_or(&[][..], |p| &p.dialogs[..]),
            givens: self.known_givens.as_ref(),
        };
        let mut asked = Asked {
            phone: &mut *self.phone,
            words: &mut self.dialogs,
            image: &shot.image,
        };
        let scene = scene::judge(&shot.image, &read, &rules, &mut asked);
        let screen = self.screen(&shot, read.as_ref().ok(), scene);
        let same_size = self
            .last
            .as_ref()
            .is_some_and(|(last, _)| last.image.dimensions() == shot.image.dimensions());
        if matches!(screen, Screen::Uncertain { .. }) && self.layout.is_none() && same_size {
            self.layout = kept;
        }
        self.last = Some((shot, read.ok()));
        screen
    }

    /// Saves the last screenshot taken, as `keep` does: what the phone showed before it went away.
    pub fn keep_last(&self) -> Option<std::path::PathBuf> {
        let (shot, read) = self.last.as_ref()?;
        self.keep(shot, read.as_ref()).map(|a| a.path)
    }

    /// Saves the screenshot the agent stops on, with what was read drawn over it when anything
    /// was; `None` when it could not be written.
    fn keep(&self, shot: &Screenshot, read: Option<&BoardRead>) -> Option<Artifact> {
        let img = match read {
            Some(r) => crate::vision::annotate::annotate(&shot.image, r),
            None => shot.image.clone(),
        };
        let path = self
            .artifacts
            .path_now()
            .map_err(|e| tracing::warn!("cannot make the screenshots folder: {e}"))
            .ok()?;
        match img.save(&path) {
            Ok(()) => Some(Artifact {
                path,
                annotated: read.is_some(),
            }),
            Err(e) => {
                tracing::warn!("cannot save {}: {e}", path.display());
                None
            }
        }
    }

    /// The screen as `judge` saw it, as the driver's `Screen`: the game's view and layout, the
    /// dialog's close point, the screenshot kept where play stops.
    fn screen(&mut self, shot: &Screenshot, read: Option<&BoardRead>, scene: Scene) -> Screen {
        match (scene, read) {
            (Scene::Game, Some(r)) => {
                if let Some(mut reader) = self.status.take() {
                    // The first game screen: the mistakes counter is read from it, meanwhile.
                    let (img, grid) = (shot.image.clone(), Some(r.geometry.bounds()));
                    let job = std::thread::spawn(move || reader.read(&img, grid));
                    self.status_job = Some(job);
                }
                self.watch_start(Size::new(shot.image.width(), shot.image.height()));
                if self.known_givens.is_none() {
                    self.known_givens = Some(r.givens());
                    self.givens_known = r.givens_known;
                }
                let mut view = self.game(shot, r);
                view.givens = self.known_givens.clone().unwrap_or_default();
                view.givens_known = self.givens_known;
                Screen::Game(view)
            }
            (Scene::Game, None) => Screen::Uncertain {
                doubt: Doubt::Unreadable {
                    reason: "the judgement saw a game the read did not find".into(),
                },
                artifact: None,
            },
            (Scene::Solved, _) => Screen::Solved,
            (Scene::GameOver, _) => Screen::GameOver,
            (Scene::Dialog(dialog), _) => {
                self.close = dialog.close.map(scene::Close::point);
                let artifact = match self.close {
                    Some(_) => None,
                    None => self.keep(shot, None),
                };
                Screen::Dialog { dialog, artifact }
            }
            (Scene::Elsewhere(place), _) => Screen::Elsewhere {
                place,
                artifact: self.keep(shot, None),
            },
            (Scene::Uncertain(doubt), read) => {
                if let (Doubt::GivenChanged { .. }, Some(r)) = (&doubt, read) {
                    // Every cell was read with certainty, only a given's digit differs: the layout
                    // holds, so a caller that knows why (regress, after an app let a given be
                    // overwritten) can type the given back.
                    self.game(shot, r);
                }
                let artifact = match doubt {
                    Doubt::Cells { .. } | Doubt::NotAPuzzle { .. } => self.keep(shot, read),
                    Doubt::GivenChanged { .. } | Doubt::Unreadable { .. } => None,
                };
                Screen::Uncertain { doubt, artifact }
            }
        }
    }

    /// The keys of this read (glyph boxes by digit), with those it missed filled from earlier
    /// reads, unless the keypad moved (an app that closes the gap of a vanished key would put
    /// another digit where a remembered one was).
    fn remember_keys(&mut self, size: Size, read: &BoardRead) -> [Option<Rect>; 9] {
        let mut digits = [None; 9];
        for key in read.keypad.iter().flat_map(|k| &k.keys) {
            digits[key.digit.index()] = Some(key.rect);
        }
        let near = |a: Rect, b: Rect| {
            let (a, b) = (a.center(), b.center());
            a.x.abs_diff(b.x) <= 8 && a.y.abs_diff(b.y) <= 8
        };
        if let Some((seen_on, seen)) = &self.keys_seen {
            let still = digits
                .iter()
                .zip(seen)
                .all(|(now, before)| match (now, before) {
                    (Some(a), Some(b)) => near(*a, *b),
                    _ => true,
                });
            if *seen_on == size && still {
                for (now, before) in digits.iter_mut().zip(seen) {
                    *now = now.or(*before);
                }
            }
        }
        self.keys_seen = Some((size, digits));
        digits
    }

    fn game(&mut self, shot: &Screenshot, read: &BoardRead) -> GameView {
        let mut layout = Layout::from_read(read, shot.size, shot.rotation);
        let keys = self.remember_keys(shot.size, read);
        layout.digits = keys.map(|k| k.map(Rect::center));
        let profile = self.profile.as_ref();
        // The profile's button points hold only on the screen size it was made on.
        let same_screen = profile.is_some_and(|p| {
            p.recognise
                .screen
                .is_none_or(|[w, h]| Size::new(w, h) == shot.size)
        });
        let button = |f: fn(&Profile) -> Option<[u32; 2]>| {
            profile
                .filter(|_| same_screen)
                .and_then(f)
                .map(|[x, y]| Point::new(x, y))
        };
        // What the screen shows, unless the profile pins a point for this screen size.
        layout.erase = button(|p| p.buttons.erase).or(layout.erase);
        layout.notes = button(|p| p.buttons.notes).or(layout.notes);
        let from_profile = profile
            .filter(|p| !p.input.is_empty())
            .map(|p| p.input.clone());
        let stated = self.facts.styles.clone().or(from_profile);
        let guessed = stated.is_none();
        let styles = stated.unwrap_or_else(|| {
            vec![if layout.digits.iter().any(Option::is_some) {
                InputStyle::CellFirst
            } else {
                InputStyle::Keys
            }]
        });
        layout.digit_keys = !styles.contains(&InputStyle::DigitFirst);
        let caps = Capabilities {
            styles,
            erase: layout.erase.is_some(),
            notes: layout.notes.is_some(),
            cell_taps: true,
            keys: true,
            guessed,
        };
        self.layout = Some(layout);
        GameView {
            shown: read.board.clone(),
            givens: read.givens(),
            givens_known: read.givens_known,
            selected: None,
            highlight: highlight(&shot.image, read, &keys),
            caps,
            rules: BoardRules::of(read.layout.as_ref()),
        }
    }
}

/// What the screen highlights: the selected cell, and the armed key among the keys seen (greyed
/// keys late in a game are too faint to read, but are still there to compare with).
fn highlight(img: &image::RgbaImage, read: &BoardRead, keys: &[Option<Rect>; 9]) -> Highlight {
    let cells: Vec<Rect> = read.cells.iter().map(|c| c.rect).collect();
    let keys = key_boxes(keys);
    Highlight {
        cell: highlight::selected_cell(img, &cells),
        digit: highlight::armed_key(img, &keys),
        notes: notes_on(read),
    }
}

/// The keys seen, as the digit of each with its box.
pub(super) fn key_boxes(keys: &[Option<Rect>; 9]) -> Vec<(Digit, Rect)> {
    Digit::all()
        .zip(keys)
        .filter_map(|(d, k)| Some((d, (*k)?)))
        .collect()
}

/// Whether the notes button on screen shows its "on" look, as the button finder saw it; `None`
/// when that is not known.
fn notes_on(read: &BoardRead) -> Option<bool> {
    let notes = read.buttons.iter().find(|b| b.kind == ButtonKind::Notes)?;
    notes.on
}

/// What `judge` may ask the phone during one look: the app in front (`dumpsys`) and the words
/// on the screenshot (Tesseract).
struct Asked<'x> {
    phone: &'x mut Phone,
    words: &'x mut WordReader,
    image: &'x image::RgbaImage,
}

impl MoreToSee for Asked<'_> {
    fn foreground(&mut self) -> Option<Foreground> {
        self.phone.foreground().unwrap_or_else(|e| {
            tracing::debug!("which app is in front: {e}");
            None
        })
    }

    fn words(&mut self, enough: &dyn Fn(&[Word]) -> bool) -> Vec<Word> {
        self.words.words_title_first(self.image, enough)
    }

    fn hidden(&mut self) -> Option<Hidden> {
        self.phone.hidden().unwrap_or_else(|e| {
            tracing::debug!("whether the screen is off or locked: {e}");
            None
        })
    }
}
