//! One game of a regression run, check by check: read the puzzle (puzzle-valid), type on two givens
//! (givens-fixed), type one wrong digit (mistakes-counted), let the play driver fill everything but
//! one held-back cell while watching every digit land (digits-land), compare the timer (timer-moves),
//! then type the last digit wrong and right (solved-when-complete). Every check ends as a `Case`.
//!
//! Here: the `Game` and the steps every check uses (look, type a digit, wait for solved, record).
//! `opening.rs` and `rest.rs` hold the checks in the order they run, `halt.rs` how a game stops early.

mod halt;
mod opening;
mod rest;

pub use halt::{finish, Halt, NOT_RUN};

use super::checks::{Check, Verdict};
use super::evidence;
use super::options::Options;
use super::outcome::{Case, Evidence, Status};
use super::watch::{Look, Watch, WatchedAgent};
use crate::play::driver;
use crate::play::moves::{self, Action, Fix, InputStyle};
use crate::play::phone_agent::PhoneAgent;
use crate::play::view::{Agent, GameView, Screen};
use crate::play::PlayError;
use crate::vision::screen::status::{Status as StatusLine, StatusReader};
use autosudoku_core::sudoku::{Board, Cell, Digit};
use std::cell::RefCell;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Why a game cannot go on on `screen`, which is not the game; `what` says when it happened.
fn left_game(screen: Screen, what: &str) -> Halt {
    match screen {
        Screen::Game(_) => Halt::Broken(format!("{what}, although the board is there")),
        Screen::Solved => Halt::Broken(format!("{what}: the app declared the game solved")),
        Screen::GameOver => Halt::Broken(format!("{what}: the app ended the game")),
        Screen::Dialog { dialog, artifact } => PlayError::Dialog { dialog, artifact }.into(),
        Screen::Elsewhere { place, artifact } => PlayError::Elsewhere { place, artifact }.into(),
        Screen::Uncertain { doubt, artifact } => PlayError::Uncertain { doubt, artifact }.into(),
    }
}

/// Whether `digit` is on `shown` nine times once typed into `cell`: its key is then greyed, and a
/// tap on it does nothing (so it cannot disarm it).
fn used_up(shown: &Board, cell: Cell, digit: Digit) -> bool {
    let others = shown
        .filled()
        .filter(|&(c, d)| c != cell && d == digit)
        .count();
    others + 1 >= 9
}

/// A game in progress on one device.
pub struct Game<'g, 'p, 'a> {
    pub device: &'g str,
    pub number: u32,
    pub opts: &'g Options,
    pub words: &'g mut StatusReader,
    pub agent: WatchedAgent<'p, PhoneAgent<'a>>,
    pub watch: &'p RefCell<Watch>,
    pub stop: &'g AtomicBool,
    pub cases: Vec<Case>,
    /// Time spent reading the status line (timer, mistakes).
    pub status_time: Duration,
    /// The game as regress's latest look showed it; `None` once a look showed anything else or
    /// the driver played since: a digit typed from a stale board (its armed digit, its used-up
    /// keys, no layout to map taps with) is not the digit the check believes it typed.
    view: Option<GameView>,
    /// The board last seen, for a failure's record.
    board: Option<Board>,
    /// The givens dealt, once read.
    puzzle: Option<Board>,
}

impl<'g, 'p, 'a> Game<'g, 'p, 'a> {
    pub fn new(
        device: &'g str,
        number: u32,
        opts: &'g Options,
        words: &'g mut StatusReader,
        agent: WatchedAgent<'p, PhoneAgent<'a>>,
        watch: &'p RefCell<Watch>,
        stop: &'g AtomicBool,
    ) -> Self {
        Game {
            device,
            number,
            opts,
            words,
            agent,
            watch,
            stop,
            cases: Vec::new(),
            status_time: Duration::ZERO,
            view: None,
            board: None,
            puzzle: None,
        }
    }

    /// The first look: the game, past any pop-up the agent knows how to close.
    fn first_view(&mut self) -> Result<GameView, Halt> {
        match self.look()? {
            Screen::Game(v) => Ok(v),
            Screen::Solved => Err(Halt::Broken(
                "the app shows its solved dialog instead of a new game; check --new-game".into(),
            )),
            Screen::GameOver => Err(Halt::Broken(
                "the app shows game over instead of a new game".into(),
            )),
            other => Err(left_game(other, "the game is not on screen")),
        }
    }

    /// Looks, closing pop-ups it can; remembers the game view, or that there is none.
    fn look(&mut self) -> Result<Screen, Halt> {
        for _ in 0..3 {
            let screen = self.agent.look()?;
            self.view = None;
            match &screen {
                Screen::Game(v) => {
                    self.board = Some(v.shown.clone());
                    self.view = Some(v.clone());
                }
                Screen::Dialog { .. } if self.agent.dismiss()? => continue,
                _ => {}
            }
            return Ok(screen);
        }
        Err(Halt::Broken(
            "a pop-up kept coming back after being closed".into(),
        ))
    }

    fn view(&self) -> Result<&GameView, Halt> {
        self.view
            .as_ref()
            .ok_or_else(|| Halt::Broken("no game view read yet".into()))
    }

    /// Makes sure the board is on screen to type in, looking when the latest look did not show
    /// it; otherwise the check cannot be judged here: skipped, saying what was on screen `when`.
    fn board_on_screen(&mut self, when: &str) -> Result<(), Halt> {
        if self.view.is_some() {
            return Ok(());
        }
        match self.look()? {
            Screen::Game(_) => Ok(()),
            other => Err(match left_game(other, when) {
                Halt::Broken(why) => Halt::Skip(why),
                Halt::Play(stop) => Halt::Skip(format!("{when}: {}", stop.message)),
                halt => halt,
            }),
        }
    }

    /// Types `digit` into `cell` the way play would: the planner play uses, in the style it would
    /// choose, from the armed digit, notes mode and used-up keys the screen shows. A digit-first
    /// app gets its digit disarmed again, so the driver finds the app as it left it. The commands
    /// that carried the digit are kept for the evidence.
    fn type_at(&mut self, cell: Cell, digit: Digit) -> Result<Screen, Halt> {
        let view = self.view()?;
        let fix = Fix {
            cell,
            wrong: None,
            answer: digit,
        };
        let broken = |e: moves::MoveError| Halt::Broken(e.to_string());
        let mut planner = moves::planner_for(&view.caps, None, view.cursor(), &[fix])
            .map_err(broken)?
            .seeing(&view.shown);
        planner.sync_armed(view.highlight.digit);
        planner.sync_notes(view.highlight.notes);
        let mut actions = planner.place(cell, digit).map_err(broken)?.actions;
        if planner.style() == InputStyle::DigitFirst && !used_up(&view.shown, cell, digit) {
            actions.push(Action::TapDigit(digit));
        }
        self.agent.send(&actions)?;
        let commands = self.agent.take_sent();
        self.watch.borrow_mut().typed_by(cell, digit, &commands);
        self.look()
    }

    /// Types until the cell shows the digit (a dropped tap is retried, twice at most); the screen after.
    fn type_until_shown(&mut self, cell: Cell, digit: Digit) -> Result<Screen, Halt> {
        let mut screen = self.type_at(cell, digit)?;
        for _ in 0..2 {
            match &screen {
                Screen::Game(v) if v.shown.get(cell) != Some(digit) => {
                    screen = self.type_at(cell, digit)?
                }
                _ => break,
            }
        }
        Ok(screen)
    }

    /// Looks until the app shows it solved, for up to `settle`: in words it knows, or, when
    /// `lasting` (the digit just typed completed the board), as `play` judges an end: the board
    /// covered, dimmed or gone and staying so (`play::driver::LASTING`).
    fn wait_solved(&mut self, first: Screen, lasting: bool) -> Result<bool, Halt> {
        let start = Instant::now();
        let mut screen = first;
        let mut away: Option<Instant> = None;
        loop {
            let ended = match &screen {
                Screen::Solved => return Ok(true),
                Screen::GameOver => return Ok(false),
                Screen::Game(_) => false,
                Screen::Elsewhere { place, .. } => place.in_app(),
                Screen::Dialog { .. } | Screen::Uncertain { .. } => true,
            };
            away = if ended {
                away.or(Some(Instant::now()))
            } else {
                None
            };
            if lasting && away.is_some_and(|at| at.elapsed() >= driver::LASTING) {
                return Ok(true);
            }
            let limit = self.opts.settle.max(driver::LASTING * 2);
            if start.elapsed() >= limit {
                return Ok(false);
            }
            std::thread::sleep(Duration::from_millis(50));
            screen = self.look()?;
        }
    }

    /// A digit other than `right` that the app lets us type: one with a key on the keypad that is
    /// not used up (apps hide or grey out, and ignore, the keys of digits placed nine times).
    fn other_digit(&self, right: Digit) -> Option<Digit> {
        let shown = self
            .view
            .as_ref()
            .map(|v| v.shown.clone())
            .unwrap_or_default();
        let keypad = self
            .agent
            .latest
            .as_ref()
            .and_then(|(_, r)| r.as_ref()?.keypad.as_ref());
        (1..9)
            .filter_map(|k| Digit::new((right.get() - 1 + k) % 9 + 1))
            .filter(|&d| shown.filled().filter(|&(_, s)| s == d).count() < 9)
            .find(|&d| keypad.is_none_or(|k| k.key(d).is_some()))
    }

    fn status(&mut self, look: &Look) -> StatusLine {
        let start = Instant::now();
        let grid = look.1.as_ref().map(|r| r.geometry.bounds());
        let s = self.words.read(&look.0.image, grid);
        self.status_time += start.elapsed();
        s
    }

    /// Saves the looks before and after with `cells` marked, and the trace.
    fn evidence(
        &self,
        check: Check,
        before: Option<&Look>,
        after: Option<&Look>,
        cells: &[Cell],
    ) -> Evidence {
        let dir = evidence::folder(&self.opts.artifacts, self.device, self.number, check.name());
        let trace = self.watch.borrow().trace.clone();
        evidence::save(&dir, (before, after), cells, &trace)
    }

    /// Records the check's case; the case, for facts only its check knows.
    fn record(
        &mut self,
        check: Check,
        verdict: Verdict,
        took: Duration,
        evidence: Evidence,
    ) -> &mut Case {
        let mut case = match verdict {
            Ok(()) => Case::new(self.device, self.number, Some(check), Status::Passed),
            Err(why) => {
                let typed = why
                    .cells
                    .first()
                    .and_then(|&c| self.watch.borrow().carried(c));
                let mut case =
                    Case::new(self.device, self.number, Some(check), Status::Failed).failing(why);
                // The puzzle dealt and the board last seen, so the failure reads without a phone.
                case.puzzle = self.puzzle.as_ref().map(Board::to_line);
                if case.board.is_none() {
                    case.board = self.board.as_ref().map(Board::to_line);
                }
                case.typed = typed;
                case
            }
        };
        case.evidence = evidence;
        self.cases.push(case.took(took));
        self.cases.last_mut().expect("just pushed")
    }
}
