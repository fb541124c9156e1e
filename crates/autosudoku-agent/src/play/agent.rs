//! The real `Agent`: a connected phone (`device::Phone`), the screen reader (`vision::Reader`) and
//! the dialog reader, joined. A look captures and reads the screen and keeps the layout it found;
//! a send maps actions through that layout (refusing a screen that changed size or rotation since)
//! and injects them with the phone's input backend, taps in batches and keys in one call.

use super::estimate::Pace;
use super::layout::{self, Layout, Run, Target};
use super::moves::{Action, Capabilities, InputStyle};
use super::profile::{DialogRule, Profile};
use super::view::{Agent, GameView, Screen};
use super::PlayError;
use crate::device::input::Sent;
use crate::device::{DeviceError, Phone, Point, Screenshot, Size};
use crate::vision::dialog::{self, Cover};
use crate::vision::words::{Word, WordReader};
use crate::vision::{close_mark, BoardRead, ButtonKind, Reader, VisionError};
use autosudoku_core::sudoku::Board;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What the app accepts, as far as the user says; the rest comes from its profile or the screen.
#[derive(Debug, Clone, Default)]
pub struct AppFacts {
    /// Input styles the app supports (`None`: the profile's, else cell-first when a keypad is on
    /// screen, else keys).
    pub styles: Option<Vec<InputStyle>>,
}

/// The point a profile's dialog rule taps on this screen's words, if it applies.
fn rule_point(rules: &[DialogRule], words: &[Word]) -> Option<Point> {
    let text = words
        .iter()
        .map(|w| w.text.to_lowercase())
        .collect::<Vec<_>>()
        .join(" ");
    let rule = rules
        .iter()
        .find(|r| text.contains(&r.text.to_lowercase()))?;
    if let Some([x, y]) = rule.tap_at {
        return Some(Point::new(x, y));
    }
    let label = rule.tap_text.as_ref()?.to_lowercase();
    let first = label.split_whitespace().next()?;
    // The lowest match: a button sits below a title with the same word ("Continue?" / "Continue").
    let w = words.iter().rev().find(|w| {
        w.text
            .to_lowercase()
            .trim_matches(|c: char| !c.is_alphanumeric())
            == first
    })?;
    Some(Point::new(w.x + w.width / 2, w.y + w.height / 2))
}

/// Time spent in the agent's own phases, for `--summary`.
#[derive(Debug, Clone, Copy, Default)]
pub struct AgentTimes {
    pub capture: Duration,
    pub read: Duration,
    pub captures: u32,
    pub taps: u64,
    pub keys: u64,
    pub batches: u64,
}

/// Called with every screenshot a look takes and every batch of taps sent (the recorder).
pub trait Watcher {
    fn screen(&mut self, shot: &Screenshot);
    fn taps(&mut self, points: &[Point]);
}

pub struct PhoneAgent<'a> {
    phone: &'a mut Phone,
    reader: Reader,
    dialogs: WordReader,
    facts: AppFacts,
    layout: Option<Layout>,
    close: Option<Point>,
    last: Option<(Screenshot, Option<BoardRead>)>,
    /// The givens of the first sure read: later reads (of a board our own taps may have made
    /// wrong, with red conflicts) are checked against them instead of being re-judged.
    known_givens: Option<Board>,
    /// The app's profile, when one applies.
    profile: Option<Profile>,
    /// Reconnections made after the phone was lost mid-game.
    pub reconnects: u32,
    /// Where the screenshot the agent stopped on (annotated when it was read) is saved.
    artifacts: PathBuf,
    pub times: AgentTimes,
    watcher: Option<&'a mut dyn Watcher>,
    /// What the input backend sent for the last `send` (kept only for `--trace`).
    sent: Option<Vec<Sent>>,
    /// Keypad keys seen so far on a screen of this size: apps grey out or hide a digit's key once
    /// all nine are placed, and a repair may still need it where it was.
    keys_seen: Option<(Size, [Option<Point>; 9])>,
}

impl<'a> PhoneAgent<'a> {
    pub fn new(phone: &'a mut Phone, reader: Reader, facts: AppFacts, artifacts: PathBuf) -> Self {
        // Every game ends in a dialog to read: load Tesseract while the first look and taps run.
        let mut dialogs = WordReader::new();
        dialogs.warm_up();
        PhoneAgent {
            phone,
            reader,
            dialogs,
            facts,
            layout: None,
            close: None,
            last: None,
            known_givens: None,
            profile: None,
            reconnects: 0,
            artifacts,
            times: AgentTimes::default(),
            watcher: None,
            sent: None,
            keys_seen: None,
        }
    }

    /// Keeps the device commands each `send` used, for `--trace` (see `Agent::take_sent`).
    pub fn keep_sent(&mut self) {
        self.phone.input().keep_log(true);
        self.sent = Some(Vec::new());
    }

    /// With no grid on screen: whether the phone says the game was left (a launcher, or another
    /// app than the profile's, is in front). Surer and cheaper than reading the pixels, and asked
    /// only when the grid is gone; `None` when the game's app is still in front or the phone
    /// does not say.
    fn left_app(&mut self, shot: &Screenshot) -> Option<Screen> {
        let front = match self.phone.foreground() {
            Ok(front) => front?,
            Err(e) => {
                tracing::debug!("which app is in front: {e}");
                return None;
            }
        };
        let own = self
            .profile
            .as_ref()
            .and_then(|p| p.recognise.package.as_deref());
        let what = if front.is_launcher() {
            format!("the home screen is in front, {front}")
        } else if own.is_some_and(|own| own != front.package) {
            format!("another app is in front, {front}")
        } else {
            return None;
        };
        Some(Screen::Elsewhere {
            what: self.keep(shot, None, what),
        })
    }

    /// Moves what the backend logged since the last call to the current send's list.
    fn collect_sent(&mut self) {
        if let Some(sent) = self.sent.as_mut() {
            sent.extend(self.phone.input().take_sent());
        }
    }

    /// Uses what `profile` knows: input styles, buttons, dialog rules.
    pub fn use_profile(&mut self, profile: Profile) {
        self.profile = Some(profile);
    }

    pub fn watch(&mut self, watcher: &'a mut dyn Watcher) {
        self.watcher = Some(watcher);
    }

    /// The last screenshot and read, for `--summary` and artifacts.
    pub fn last(&self) -> Option<&(Screenshot, Option<BoardRead>)> {
        self.last.as_ref()
    }

    /// After a lost connection: reconnects (a few tries, backing off) so the game goes on; the
    /// verify step then catches whatever the lost batch did not deliver.
    fn recover(&mut self, e: DeviceError) -> Result<(), PlayError> {
        if !e.is_lost() {
            return Err(device(e));
        }
        for attempt in 1..=4u32 {
            std::thread::sleep(Duration::from_millis(250 * attempt as u64));
            match self.phone.device().reconnect() {
                Ok(()) => {
                    self.reconnects += 1;
                    tracing::warn!("lost the phone ({e}); reconnected");
                    return Ok(());
                }
                Err(again) => tracing::debug!("reconnect attempt {attempt}: {again}"),
            }
        }
        Err(device(e))
    }

    fn capture(&mut self) -> Result<Screenshot, PlayError> {
        let start = Instant::now();
        let shot = match self.phone.capture() {
            Ok(shot) => shot,
            Err(e) => {
                self.recover(e)?;
                self.phone.capture().map_err(device)?
            }
        };
        self.times.capture += start.elapsed();
        self.times.captures += 1;
        if let Some(w) = self.watcher.as_mut() {
            w.screen(&shot);
        }
        Ok(shot)
    }

    /// Saves the screenshot the agent stops on (with what was read drawn over it, if anything
    /// was) and adds where to `what`, the reason it stops.
    fn keep(&self, shot: &Screenshot, read: Option<&BoardRead>, mut what: String) -> String {
        let img = match read {
            Some(r) => crate::vision::annotate::annotate(&shot.image, r),
            None => shot.image.clone(),
        };
        if img.save(&self.artifacts).is_ok() {
            let kind = if read.is_some() {
                "annotated screenshot"
            } else {
                "screenshot"
            };
            what.push_str(&format!("; {kind} saved to {}", self.artifacts.display()));
        }
        what
    }

    fn covered(&mut self, shot: &Screenshot) -> Screen {
        // A title that says solved settles it (classify puts "solved" before everything else).
        let words = self
            .dialogs
            .words_title_first(&shot.image, |w| dialog::classify(w) == Cover::Solved);
        let rules = self.profile.as_ref().map_or(&[][..], |p| &p.dialogs[..]);
        let by_rule = rule_point(rules, &words);
        match dialog::classify(&words) {
            Cover::Solved => Screen::Solved,
            Cover::GameOver => Screen::GameOver,
            Cover::Popup { text, close } => {
                self.close = by_rule.or(close).or_else(|| close_mark::find(&shot.image));
                let what = match self.close {
                    Some(_) => text,
                    None => self.keep(shot, None, text),
                };
                Screen::Dialog { what }
            }
            Cover::Unknown { text } if by_rule.is_some() => {
                self.close = by_rule;
                Screen::Dialog { what: text }
            }
            Cover::Unknown { text } => {
                // Mid-game (the app still in front, see `left_app`), an unnamed screen with a
                // lone × is an interstitial: close it. Before any grid was seen it is not ours.
                self.close = self
                    .known_givens
                    .as_ref()
                    .and_then(|_| close_mark::find(&shot.image));
                if self.close.is_some() {
                    return Screen::Dialog { what: text };
                }
                let what = if text.is_empty() {
                    "no Sudoku grid and no text on screen".to_owned()
                } else {
                    format!("no Sudoku grid; the screen says: {}", shorten(&text))
                };
                // The agent stops here: keep what it saw for the user.
                Screen::Elsewhere {
                    what: self.keep(shot, None, what),
                }
            }
        }
    }

    /// Fills keys this read missed from earlier reads, unless the keypad moved (an app that
    /// closes the gap of a vanished key would put another digit where a remembered one was).
    fn remember_keys(&mut self, size: Size, digits: &mut [Option<Point>; 9]) {
        let near = |a: Point, b: Point| a.x.abs_diff(b.x) <= 8 && a.y.abs_diff(b.y) <= 8;
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
        self.keys_seen = Some((size, *digits));
    }

    fn game(&mut self, shot: &Screenshot, read: &BoardRead) -> GameView {
        let keypad = read.keypad.as_ref();
        let center = |r: crate::vision::Rect| {
            let c = r.center();
            Point::new(c.x, c.y)
        };
        let mut digits = [None; 9];
        if let Some(k) = keypad {
            for key in &k.keys {
                digits[key.digit.index()] = Some(center(key.rect));
            }
        }
        self.remember_keys(shot.size, &mut digits);
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
        let found = |kind: ButtonKind| {
            read.buttons
                .iter()
                .find(|b| b.kind == kind)
                .map(|b| center(b.rect))
        };
        // What the screen shows, unless the profile pins a point for this screen size.
        let erase = button(|p| p.buttons.erase).or_else(|| found(ButtonKind::Erase));
        let notes = button(|p| p.buttons.notes).or_else(|| found(ButtonKind::Notes));
        let from_profile = profile
            .filter(|p| !p.input.is_empty())
            .map(|p| p.input.clone());
        let styles = self
            .facts
            .styles
            .clone()
            .or(from_profile)
            .unwrap_or_else(|| {
                vec![if digits.iter().any(Option::is_some) {
                    InputStyle::CellFirst
                } else {
                    InputStyle::Keys
                }]
            });
        self.layout = Some(Layout {
            screen: shot.size,
            rotation: shot.rotation,
            cells: read.cells.iter().map(|c| center(c.rect)).collect(),
            digits,
            erase,
            notes,
            digit_keys: !styles.contains(&InputStyle::DigitFirst),
        });
        GameView {
            shown: read.board.clone(),
            givens: read.givens(),
            selected: None,
            caps: Capabilities {
                styles,
                erase: erase.is_some(),
                notes: notes.is_some(),
                cell_taps: true,
                keys: true,
            },
        }
    }
}

fn shorten(text: &str) -> String {
    let t: String = text.chars().take(80).collect();
    if t.len() < text.len() {
        format!("{t}…")
    } else {
        t
    }
}

/// Device errors as play errors: a lost phone is exit 3, the rest a failure.
pub fn device(e: DeviceError) -> PlayError {
    if e.is_lost() {
        PlayError::DeviceLost(Box::new(e))
    } else {
        PlayError::Device(Box::new(e))
    }
}

impl Agent for PhoneAgent<'_> {
    fn look(&mut self) -> Result<Screen, PlayError> {
        let shot = self.capture()?;
        let start = Instant::now();
        let read = self.reader.read(&shot.image);
        self.times.read += start.elapsed();
        self.layout = None;
        let screen = match &read {
            Err(VisionError::NoGrid { .. }) => match self.left_app(&shot) {
                Some(elsewhere) => elsewhere,
                None => self.covered(&shot),
            },
            Err(e) => Screen::Uncertain { why: e.to_string() },
            Ok(r) if !r.covered.is_empty() => match self.covered(&shot) {
                Screen::Elsewhere { .. } => Screen::Dialog {
                    what: format!("{} cell(s) of the grid are covered", r.covered.len()),
                },
                other => other,
            },
            Ok(r) if self.known_givens.is_some() && r.uncertain().is_empty() => {
                let known = self.known_givens.clone().unwrap_or_default();
                let changed = known.filled().find(|(c, d)| r.board.get(*c) != Some(*d));
                match changed {
                    Some((cell, d)) => Screen::Uncertain {
                        why: format!("the given {d} at {cell} now reads as {:?}: is this still the same game?", r.board.get(cell)),
                    },
                    None => {
                        let mut view = self.game(&shot, r);
                        view.givens = known;
                        Screen::Game(view)
                    }
                }
            }
            Ok(r) if !r.is_certain() => {
                let cells: Vec<String> = r.uncertain().iter().map(|c| c.to_string()).collect();
                let why = if cells.is_empty() {
                    format!(
                        "the givens do not make a proper puzzle: {:?}",
                        r.sanity.problems
                    )
                } else {
                    format!("unsure of {}", cells.join(", "))
                };
                Screen::Uncertain {
                    why: self.keep(&shot, Some(r), why),
                }
            }
            Ok(r) => {
                self.known_givens = Some(r.givens());
                Screen::Game(self.game(&shot, r))
            }
        };
        self.last = Some((shot, read.ok()));
        Ok(screen)
    }

    fn send(&mut self, actions: &[Action]) -> Result<(), PlayError> {
        let Some(layout) = self.layout.as_ref() else {
            return Err(PlayError::Device(
                "no game layout read yet; look before sending".into(),
            ));
        };
        let map = self.phone.screen_map();
        layout
            .check(map.screenshot, map.rotation)
            .map_err(|e| PlayError::Device(Box::new(e)))?;
        let targets: Vec<Target> = actions
            .iter()
            .map(|&a| layout.target(a))
            .collect::<Result<_, _>>()
            .map_err(|e| PlayError::Device(Box::new(e)))?;
        // Inputs sent outside a send (pace probes, dialog taps) belong to no move.
        if self.sent.is_some() {
            self.phone.input().take_sent();
        }
        for run in layout::runs(&targets) {
            self.times.batches += 1;
            match run {
                Run::Taps(points) => {
                    if let Some(w) = self.watcher.as_mut() {
                        w.taps(&points);
                    }
                    self.times.taps += points.len() as u64;
                    let result = self.phone.input().taps(&points);
                    self.collect_sent();
                    if let Err(e) = result {
                        tracing::info!(
                            "{} of {} taps confirmed before: {e}",
                            e.confirmed_taps(),
                            points.len()
                        );
                        return self.recover(e);
                    }
                }
                Run::Keys(keys) => {
                    self.times.keys += keys.len() as u64;
                    let result = self.phone.input().keys(&keys);
                    self.collect_sent();
                    if let Err(e) = result {
                        return self.recover(e);
                    }
                }
            }
        }
        Ok(())
    }

    fn measure_pace(&mut self) -> Result<Option<Pace>, PlayError> {
        // Taps on a given cell only select it: harmless in every input style.
        let given = self.last.as_ref().and_then(|(_, r)| {
            let r = r.as_ref()?;
            let cell = r.givens().filled().next()?.0;
            Some(r.cells[cell.index()].rect.center())
        });
        let Some(spot) = given else {
            return Ok(None);
        };
        const PROBE: usize = 5;
        let start = Instant::now();
        self.phone.device().shell("echo").map_err(device)?;
        let rtt = start.elapsed();
        let start = Instant::now();
        let points = [Point::new(spot.x, spot.y); PROBE];
        self.phone.input().taps(&points).map_err(device)?;
        Ok(Some(Pace::measured(PROBE, start.elapsed(), rtt)))
    }

    fn take_sent(&mut self) -> Vec<Sent> {
        self.sent.as_mut().map(std::mem::take).unwrap_or_default()
    }

    fn dismiss(&mut self) -> Result<bool, PlayError> {
        let Some(p) = self.close.take() else {
            return Ok(false);
        };
        self.phone.input().taps(&[p]).map_err(device)?;
        // Dialogs animate away; a capture during the fade reads a covered grid again.
        std::thread::sleep(Duration::from_millis(250));
        Ok(true)
    }
}
