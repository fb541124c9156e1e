//! A fake phone for the driver's unit tests: a Sudoku app state machine that takes `Action`s the
//! way the virtual phone's app takes taps (cell-first, digit-first, keys, notes, mistakes), with
//! faults (dropped actions, a dialog, a lost connection), and the puzzle the tests play on.
//! Test-only; the real seams are tested in tests/play.rs against the virtual phone through adb.

use super::moves::{Action, AppKey, Button, Capabilities, Expect, InputStyle};
use super::view::{Agent, GameView, Highlight, Screen};
use super::PlayError;
use crate::vision::rules::BoardRules;
use crate::vision::screen::scene::{Dialog, DialogKind};
use autosudoku_core::sudoku::{Board, Cell, Digit};

/// A touch app in `styles` with erase and notes buttons and no hardware keys: the fake's and the
/// planner tests' usual app.
pub fn touch_caps(styles: &[InputStyle]) -> Capabilities {
    Capabilities {
        styles: styles.to_vec(),
        erase: true,
        notes: true,
        cell_taps: true,
        keys: false,
        guessed: false,
    }
}

/// What the app logged, to compare with the solver's trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Logged {
    Entered(Cell, Digit),
    Erased(Cell),
    Noted(Cell, Digit),
}

pub struct FakeApp {
    pub givens: Board,
    pub shown: Board,
    pub solution: Board,
    pub style: InputStyle,
    pub caps: Capabilities,
    pub selected: Option<Cell>,
    /// Digit-first: the armed keypad digit (tapping it again disarms).
    pub armed: Option<Digit>,
    pub notes_mode: bool,
    pub notes: [u16; 81],
    pub mistakes: u32,
    pub mistake_limit: Option<u32>,
    /// The screen shows the mistakes counter (with the limit, if any).
    pub shows_mistakes: bool,
    pub log: Vec<Logged>,
    /// Drop every n-th action (1-based count over the whole run).
    pub drop_every: Option<usize>,
    /// Drop actions at random, one in `n`, from this seed: `(n, seed)`. Unlike `drop_every`, never
    /// in step with a plan's pattern (every third drop would hit every cell-first digit tap).
    pub drop_random: Option<(u64, u64)>,
    /// Show a dialog at this look (0-based), closed by `dismiss`.
    pub dialog_at_look: Option<usize>,
    /// Fail `send` with a lost connection after this many actions.
    pub lose_after: Option<usize>,
    pub actions_seen: usize,
    pub looks: usize,
    /// Draws neither the selected cell nor the armed digit.
    pub blind: bool,
    /// Lets a digit typed on a given replace it (the phone's `--bug given-overwrite`).
    pub given_overwrite: bool,
    /// Tells the selected cell only by drawing it, as a real screen does (`GameView::selected`
    /// stays `None`).
    pub drawn_selection_only: bool,
    /// Watches its screen as a frame stream: `sees` answers from the app as it is now.
    pub streams: bool,
    /// Checks `sees` confirmed.
    pub seen: usize,
    /// Its screen tells no givens from entries: the view says so (`GameView::givens_known`).
    pub givens_unknown: bool,
    dialog_up: bool,
}

impl FakeApp {
    pub fn new(puzzle: &Board, solution: &Board, style: InputStyle) -> FakeApp {
        FakeApp {
            givens: puzzle.clone(),
            shown: puzzle.clone(),
            solution: solution.clone(),
            style,
            caps: touch_caps(&[style]),
            selected: None,
            armed: None,
            notes_mode: false,
            notes: [0; 81],
            mistakes: 0,
            mistake_limit: None,
            shows_mistakes: false,
            log: Vec::new(),
            drop_every: None,
            drop_random: None,
            dialog_at_look: None,
            lose_after: None,
            actions_seen: 0,
            looks: 0,
            streams: false,
            seen: 0,
            givens_unknown: false,
            blind: false,
            given_overwrite: false,
            drawn_selection_only: false,
            dialog_up: false,
        }
    }

    fn solved(&self) -> bool {
        self.shown == self.solution
    }

    /// The digit (or erase, `None`) typed into the selected/tapped cell.
    fn input(&mut self, cell: Cell, digit: Option<Digit>) {
        if self.givens.get(cell).is_some() && !self.given_overwrite {
            return;
        }
        match digit {
            Some(d) if self.notes_mode => {
                self.notes[cell.index()] ^= 1 << d.get();
                self.log.push(Logged::Noted(cell, d));
            }
            Some(d) => {
                self.shown.set(cell, Some(d));
                self.log.push(Logged::Entered(cell, d));
                if self.solution.get(cell) != Some(d) {
                    self.mistakes += 1;
                }
            }
            None => {
                self.shown.set(cell, None);
                self.notes[cell.index()] = 0;
                self.log.push(Logged::Erased(cell));
            }
        }
    }

    fn act(&mut self, action: Action) {
        let step = |c: Cell, dr: i32, dc: i32| {
            Cell::new(
                (c.row() as i32 + dr).clamp(0, 8) as usize,
                (c.col() as i32 + dc).clamp(0, 8) as usize,
            )
            .unwrap()
        };
        match (self.style, action) {
            (_, Action::TapButton(Button::Notes)) => self.notes_mode = !self.notes_mode,
            (InputStyle::DigitFirst, Action::TapDigit(d)) => {
                self.armed = if self.armed == Some(d) { None } else { Some(d) };
            }
            (InputStyle::DigitFirst, Action::TapCell(c)) => {
                self.selected = Some(c);
                match self.armed {
                    Some(d) if self.shown.get(c) == Some(d) => self.input(c, None),
                    Some(d) => self.input(c, Some(d)),
                    None => {}
                }
            }
            (_, Action::TapCell(c)) => self.selected = Some(c),
            (_, Action::TapDigit(d)) | (_, Action::Key(AppKey::Digit(d))) => {
                if let Some(c) = self.selected {
                    self.input(c, Some(d));
                }
            }
            (_, Action::TapButton(Button::Erase)) | (_, Action::Key(AppKey::Delete)) => {
                if let Some(c) = self.selected {
                    self.input(c, None);
                }
            }
            (_, Action::Key(k)) => {
                let (dr, dc) = match k {
                    AppKey::Up => (-1, 0),
                    AppKey::Down => (1, 0),
                    AppKey::Left => (0, -1),
                    _ => (0, 1),
                };
                self.selected = self.selected.map(|c| step(c, dr, dc));
            }
        }
    }
}

impl FakeApp {
    /// Whether `drop_random` eats the next action (xorshift64: no RNG crate in the agent).
    fn lose_at_random(&mut self) -> bool {
        let Some((n, seed)) = self.drop_random.as_mut() else {
            return false;
        };
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        (*seed).is_multiple_of(*n)
    }
}

impl Agent for FakeApp {
    fn look(&mut self) -> Result<Screen, PlayError> {
        if self.dialog_at_look == Some(self.looks) {
            self.dialog_up = true;
        }
        self.looks += 1;
        if self.dialog_up {
            return Ok(Screen::Dialog {
                dialog: Dialog {
                    kind: DialogKind::Popup {
                        topic: Some("asking for a rating"),
                    },
                    text: "Rate us!".into(),
                    close: None,
                },
                artifact: None,
            });
        }
        if self.mistake_limit.is_some_and(|l| self.mistakes >= l) {
            return Ok(Screen::GameOver);
        }
        if self.solved() {
            return Ok(Screen::Solved);
        }
        Ok(Screen::Game(GameView {
            shown: self.shown.clone(),
            givens: self.givens.clone(),
            givens_known: !self.givens_unknown,
            selected: self.selected.filter(|_| !self.drawn_selection_only),
            caps: self.caps.clone(),
            rules: BoardRules::default(),
            highlight: match self.blind {
                true => Highlight::default(),
                false => Highlight {
                    cell: self.selected,
                    digit: self.armed,
                    notes: Some(self.notes_mode),
                },
            },
        }))
    }

    fn send(&mut self, actions: &[Action]) -> Result<(), PlayError> {
        for &a in actions {
            if self.lose_after.is_some_and(|n| self.actions_seen >= n) {
                return Err(PlayError::DeviceLost("connection reset by peer".into()));
            }
            self.actions_seen += 1;
            let dropped = self
                .drop_every
                .is_some_and(|n| self.actions_seen.is_multiple_of(n))
                || self.lose_at_random();
            if !dropped && !self.dialog_up {
                self.act(a);
            }
        }
        Ok(())
    }

    fn sees(&mut self, expect: Expect) -> bool {
        let shows = self.streams
            && !self.blind
            && !self.dialog_up
            && match expect {
                Expect::Selected(c) => self.selected == Some(c),
                Expect::Armed(d) => self.armed == Some(d),
                Expect::Disarmed => false,
            };
        self.seen += usize::from(shows);
        shows
    }

    fn dismiss(&mut self) -> Result<bool, PlayError> {
        self.dialog_up = false;
        Ok(true)
    }

    fn adopt(&mut self, style: InputStyle) {
        self.caps.styles = vec![style];
        self.caps.guessed = false;
    }

    fn mistakes_shown(&mut self) -> Option<(u32, Option<u32>)> {
        self.shows_mistakes
            .then_some((self.mistakes, self.mistake_limit))
    }
}

/// A medium puzzle with its answer (from the solver, not hard-coded).
pub(crate) fn puzzle() -> (Board, Board) {
    let p = autosudoku_core::sudoku::parse::parse_line(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        1,
    )
    .unwrap();
    let s = autosudoku_core::solve::fast::solve(&p).unwrap();
    (p, s)
}
