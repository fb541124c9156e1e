//! The driver's `Agent` on a real phone: a connected phone (`device::Phone`), the screen reader
//! (`vision::Reader`) and the word reader, joined; the I/O side of play. A look captures the
//! screen and judges it (`look`); a send maps actions through the layout the last look found
//! (refusing a screen that changed size or rotation since) and injects them with the phone's input
//! backend, taps and keys of a send in one batch.

mod look;
mod next_game;
mod sized;
mod sized_replay;
mod sized_resume;
mod watch;

use super::estimate::Pace;
use super::layout::Layout;
use super::moves::{Action, Expect, InputStyle};
use super::profile::Profile;
use super::view::{Agent, GlanceFor, Highlight, Screen};
use super::PlayError;
use crate::device::input::Sent;
use crate::device::{reconnect, DeviceError, Phone, Point, Screenshot, Size, Stroke};
use crate::geometry::Rect;
use crate::home::KeepAt;
use crate::record::{Tap, Watcher};
use crate::vision::screen::highlight;
use crate::vision::screen::status::{Status, StatusReader};
use crate::vision::screen::words::WordReader;
use crate::vision::{BoardRead, Reader};
use autosudoku_core::sudoku::Board;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What the app accepts, as far as the user says; the rest comes from its profile or the screen.
#[derive(Debug, Clone, Default)]
pub struct AppFacts {
    /// Input styles the app supports (`None`: the profile's, else cell-first when a keypad is on
    /// screen, else keys).
    pub styles: Option<Vec<InputStyle>>,
}

/// Time spent in the agent's own phases, for `--summary`.
#[derive(Debug, Clone, Copy, Default)]
pub struct AgentTimes {
    pub capture: Duration,
    pub read: Duration,
    pub captures: u32,
    /// The captures the agent waited for from start to end (a glance's is only waited for in
    /// part): their mean is what one capture costs on this phone.
    pub whole_capture: Duration,
    pub whole_captures: u32,
    pub taps: u64,
    pub keys: u64,
    pub batches: u64,
    /// Checks a frame of the screen stream confirmed, with no capture.
    pub frame_checks: u32,
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
    /// Whether that read told the givens from the entries (else they are every digit it showed).
    givens_known: bool,
    /// The app's profile, when one applies.
    profile: Option<Profile>,
    /// Reconnections made after the phone was lost mid-game.
    pub reconnects: u32,
    /// How long a lost phone is waited for (`Agent::last_digit_sent` shortens it).
    patience: Duration,
    /// Where the screenshot the agent stopped on (annotated when it was read) is saved.
    artifacts: KeepAt,
    pub times: AgentTimes,
    watcher: Option<&'a mut dyn Watcher>,
    /// What the input backend sent for the last `send` (kept only for `--trace`).
    sent: Option<Vec<Sent>>,
    /// Keypad keys seen so far on a screen of this size: apps grey out or hide a digit's key once
    /// all nine are placed, and a repair may still need it where it was.
    keys_seen: Option<(Size, [Option<Rect>; 9])>,
    /// Reads the mistakes counter for an app no profile describes, once `expect_status` asked.
    status: Option<StatusReader>,
    /// That read, on another thread from the first sure read of the game (its OCR takes longer
    /// than a look, and a fill needs the answer only for the summary).
    status_job: Option<JoinHandle<Status>>,
    status_seen: Option<Status>,
    /// The capture of a glance, running behind the sends (`Agent::glance_start`).
    glance: Option<JoinHandle<Result<Screenshot, DeviceError>>>,
    /// The screen stream checks are seen on (`Agent::sees`).
    watch: watch::Watch,
    /// The stream's newest frame when the glance started.
    glance_mark: u64,
}

impl<'a> PhoneAgent<'a> {
    pub fn new(phone: &'a mut Phone, reader: Reader, facts: AppFacts, artifacts: KeepAt) -> Self {
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
            givens_known: false,
            profile: None,
            reconnects: 0,
            patience: reconnect::PATIENCE,
            artifacts,
            times: AgentTimes::default(),
            watcher: None,
            sent: None,
            keys_seen: None,
            status: None,
            status_job: None,
            status_seen: None,
            glance: None,
            watch: watch::Watch::default(),
            glance_mark: 0,
        }
    }

    /// Keeps the device commands each `send` used, for `--trace` (see `Agent::take_sent`).
    pub fn keep_sent(&mut self) {
        self.phone.input().keep_log(true);
        self.sent = Some(Vec::new());
    }

    /// The mistakes counter will be read (no profile or flag states the limit): starts its
    /// Tesseract now, while the first look runs.
    pub fn expect_status(&mut self) {
        let mut reader = StatusReader::default();
        reader.warm_up();
        self.status = Some(reader);
    }

    /// Uses what `profile` knows: input styles, buttons, dialog rules.
    pub fn use_profile(&mut self, profile: Profile) {
        self.profile = Some(profile);
    }

    /// Tells `watcher` every screenshot and tap; taps carry the phone's confirmation times, so
    /// the backend logs what it sends from now on.
    pub fn watch(&mut self, watcher: &'a mut dyn Watcher) {
        self.phone.input().keep_log(true);
        self.watcher = Some(watcher);
    }

    /// The last screenshot and read, for `--summary` and artifacts.
    pub fn last(&self) -> Option<&(Screenshot, Option<BoardRead>)> {
        self.last.as_ref()
    }

    /// After a lost connection: waits for the phone as `adb wait-for-device` would (a cut cable
    /// is a pause, not the end of the game), then the verify step catches whatever the lost batch
    /// did not deliver.
    fn recover(&mut self, e: DeviceError) -> Result<(), PlayError> {
        if !e.is_lost() {
            return Err(device(e));
        }
        let patience = self.patience;
        tracing::warn!(
            "lost the phone ({e}); waiting up to {} s for it to come back",
            patience.as_secs()
        );
        let waiting = |waited: Duration, _next: Duration| {
            if waited >= Duration::from_secs(1) {
                tracing::warn!(
                    "the phone is still not back after {:.0} s; waiting",
                    waited.as_secs_f32()
                );
            }
        };
        match reconnect::patiently(self.phone.device(), patience, waiting) {
            Ok(took) => {
                self.reconnects += 1;
                tracing::warn!(
                    "the phone is back after {:.1} s; the game goes on",
                    took.as_secs_f32()
                );
                Ok(())
            }
            Err(again) => {
                tracing::debug!("the last reconnect attempt: {again}");
                Err(device(e))
            }
        }
    }

    /// The screenshot of the glance running behind the sends, once its capture is done (waiting
    /// for it if need be); `None` when there is none or it failed.
    fn join_glance(&mut self) -> Option<Screenshot> {
        let start = Instant::now();
        let joined = self.glance.take()?.join();
        self.times.capture += start.elapsed();
        match joined {
            Ok(Ok(shot)) => {
                self.times.captures += 1;
                Some(shot)
            }
            Ok(Err(e)) => {
                tracing::info!("the glance at the screen failed: {e}");
                None
            }
            Err(_) => {
                tracing::warn!("the glance's capture thread panicked");
                None
            }
        }
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
        self.times.whole_capture += start.elapsed();
        self.times.whole_captures += 1;
        if let Some(w) = self.watcher.as_mut() {
            w.screen(&shot);
        }
        Ok(shot)
    }
}

/// The taps of `strokes` (one a action of `actions`), each with when the phone confirmed it (else
/// sent it) as the backend logged it, one entry a stroke; when it logged nothing (or not one a
/// stroke), with now.
fn confirmed_taps(actions: &[Action], strokes: &[Stroke], sent: &[Sent]) -> Vec<Tap> {
    let now = Instant::now();
    let when = |i: usize| match sent.get(i) {
        Some(s) if sent.len() == strokes.len() => s.confirmed_at.unwrap_or(s.sent_at),
        _ => now,
    };
    strokes
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let on_cell = matches!(actions.get(i), Some(Action::TapCell(_)));
            let (at, point) = (when(i), s.tap()?);
            Some(Tap { at, point, on_cell })
        })
        .collect()
}

/// Device errors as play errors: a lost phone is exit 3, the rest a failure.
pub fn device(e: DeviceError) -> PlayError {
    if e.injection_denied() {
        PlayError::InjectionDenied(Box::new(e))
    } else if e.is_lost() {
        PlayError::DeviceLost(Box::new(e))
    } else {
        PlayError::Device(Box::new(e))
    }
}

impl Agent for PhoneAgent<'_> {
    fn look(&mut self) -> Result<Screen, PlayError> {
        let shot = self.capture()?;
        self.watch.looked();
        Ok(self.judge(shot))
    }

    fn sees(&mut self, expect: Expect) -> bool {
        self.sees_on_stream(expect)
    }

    /// A highlight glance needs no capture while a screen stream runs or starts (a 10 MB
    /// screencap would also hold up the link the taps and frames share); others capture behind
    /// the sends.
    fn glance_start(&mut self, purpose: GlanceFor) {
        self.glance_mark = self.watch.mark();
        if purpose == GlanceFor::Screen || !self.watch.runs_or_starts() {
            self.glance = Some(self.phone.capture_behind());
        }
    }

    /// The selected cell on the glance's screenshot, among the cells of the last read (the grid
    /// does not move while the game is played). A selection the screen stream showed since the
    /// glance started does as well, and a capture is left to finish on its own. When the stream
    /// shows none, the screen is captured now if it was not then: nothing selected must be seen
    /// on a board that is open.
    fn glance_end(&mut self) -> Option<Highlight> {
        if let Some(cell) = self.glance_on_stream() {
            self.glance = None;
            return Some(Highlight {
                cell: Some(cell),
                ..Highlight::default()
            });
        }
        if self.glance.is_none() {
            self.glance = Some(self.phone.capture_behind());
        }
        let shot = self.join_glance()?;
        let (last, read) = self.last.as_ref()?;
        if shot.image.dimensions() != last.image.dimensions() {
            return None;
        }
        let cells: Vec<Rect> = read.as_ref()?.cells.iter().map(|c| c.rect).collect();
        let cell = highlight::selected_cell(&shot.image, &cells);
        // Nothing selected counts as all of the glance's taps lost, so it must be the board that
        // shows nothing: a dialog or a card over it selects nothing either.
        if cell.is_none() {
            let start = Instant::now();
            let board = self.reader.read(&shot.image);
            self.times.read += start.elapsed();
            if !board.is_ok_and(|r| r.covered.is_empty()) {
                tracing::info!("the glance saw no open board: it counts for nothing");
                return None;
            }
        }
        Some(Highlight {
            cell,
            ..Highlight::default()
        })
    }

    fn glance_ready(&self) -> bool {
        self.glance.as_ref().is_none_or(JoinHandle::is_finished)
    }

    fn glance_screen(&mut self) -> Option<Screen> {
        let shot = self.join_glance()?;
        Some(self.judge(shot))
    }

    fn send(&mut self, actions: &[Action]) -> Result<(), PlayError> {
        let Some(layout) = self.layout.as_ref() else {
            return Err(PlayError::Bug(
                "actions sent before any game layout was read".into(),
            ));
        };
        let map = self.phone.screen_map();
        let strokes = layout
            .strokes_for(&map, actions)
            .map_err(|e| PlayError::Device(Box::new(e)))?;
        // Inputs sent outside a send (pace probes, dialog taps) belong to no move.
        self.phone.input().take_sent();
        let taps = strokes.iter().filter_map(Stroke::tap).count() as u64;
        self.times.batches += 1;
        self.times.taps += taps;
        self.times.keys += strokes.len() as u64 - taps;
        if let Some(w) = self.watcher.as_mut() {
            w.sending();
        }
        // Taps and keys in one batch: one round trip, not one per run of each.
        let result = self.phone.input().strokes(&map, &strokes);
        let sent = self.phone.input().take_sent();
        if let Some(w) = self.watcher.as_mut() {
            w.taps(&confirmed_taps(actions, &strokes, &sent));
        }
        if let Some(kept) = self.sent.as_mut() {
            kept.extend(sent);
        }
        if let Err(e) = result {
            tracing::info!(
                "{} of {} inputs confirmed before: {e}",
                e.confirmed_taps(),
                strokes.len()
            );
            return self.recover(e);
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
        let map = self.phone.screen_map();
        self.phone.input().taps(&map, &points).map_err(device)?;
        Ok(Some(Pace::measured(PROBE, start.elapsed(), rtt)))
    }

    fn take_sent(&mut self) -> Vec<Sent> {
        self.sent.as_mut().map(std::mem::take).unwrap_or_default()
    }

    fn adopt(&mut self, style: InputStyle) {
        self.facts.styles = Some(vec![style]);
    }

    fn last_digit_sent(&mut self) {
        self.patience = reconnect::AFTER_THE_LAST_DIGIT;
    }

    fn mistakes_shown(&mut self) -> Option<(u32, Option<u32>)> {
        if let Some(job) = self.status_job.take() {
            let start = Instant::now();
            self.status_seen = Some(job.join().unwrap_or_default());
            self.times.read += start.elapsed();
        }
        self.status_seen.and_then(|s| s.mistakes)
    }

    fn dismiss(&mut self) -> Result<bool, PlayError> {
        let Some(p) = self.close.take() else {
            return Ok(false);
        };
        let map = self.phone.screen_map();
        self.phone.input().tap(&map, p).map_err(device)?;
        // Dialogs animate away; a capture during the fade reads a covered grid again.
        std::thread::sleep(Duration::from_millis(250));
        Ok(true)
    }
}
