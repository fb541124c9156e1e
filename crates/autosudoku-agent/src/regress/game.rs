//! One game of a regression run, check by check: read the puzzle (puzzle-valid), type on two givens
//! (givens-fixed), type one wrong digit (mistakes-counted), let the play driver fill everything but
//! one held-back cell while watching every digit land (digits-land), compare the timer (timer-moves),
//! then type the last digit wrong and right (solved-when-complete). Every check ends as a `Case`.

use super::checks::{self, Check, Ending, Failure, Verdict};
use super::evidence;
use super::outcome::{Case, Evidence, Status};
use super::probe::{Look, Probe, Recorder, Watch};
use super::runner::Options;
use crate::play::driver::{self, FillOptions, Won};
use crate::play::moves::{Action, InputStyle, Planner};
use crate::play::run::Run;
use crate::play::view::{Agent, GameView, Screen};
use crate::play::{PlayError, Stop};
use crate::vision::screen::status::{Status as StatusLine, StatusReader};
use autosudoku_core::sudoku::{Board, Cell, Digit};
use std::cell::RefCell;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Why a game stopped before its last check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Halt {
    /// The device went away: the runner stops this device.
    Lost(String),
    Interrupted,
    /// This game cannot go on (unreadable board, unknown dialog); the next game may.
    Broken(String),
    /// Play stopped on this game (with the cells, board, app and screenshot it stopped on); the
    /// next game may go on.
    Play(Box<Stop>),
    /// The rest of the game's checks do not apply (the puzzle itself is invalid).
    Skip(String),
}

impl From<PlayError> for Halt {
    fn from(e: PlayError) -> Halt {
        match e {
            PlayError::DeviceLost(_) => Halt::Lost(e.to_string()),
            PlayError::Interrupted => Halt::Interrupted,
            other => Halt::Play(Box::new(other.stop())),
        }
    }
}

/// What the opening of a game found, for the rest of it.
pub struct Opening {
    pub solution: Board,
    status0: StatusLine,
    t0: Instant,
    /// A given the app let be overwritten, to put back: (cell, given).
    pub restore: Option<(Cell, Digit)>,
}

/// Completes a game's cases: every check a halt prevented is recorded as an error (or skipped).
pub fn finish(cases: &mut Vec<Case>, device: &str, number: u32, halt: Option<&Halt>) {
    let (status, message) = match halt {
        None => (Status::Skipped, "not reached".to_owned()),
        Some(Halt::Skip(why)) => (Status::Skipped, why.clone()),
        Some(Halt::Lost(why)) => (Status::Error, format!("device lost: {why}")),
        Some(Halt::Interrupted) => (Status::Error, "interrupted".to_owned()),
        Some(Halt::Broken(why)) => (Status::Error, why.clone()),
        Some(Halt::Play(stop)) => (Status::Error, stop.message.clone()),
    };
    let failure = Failure {
        message,
        cells: match halt {
            Some(Halt::Play(stop)) => stop.cells.clone(),
            _ => Vec::new(),
        },
        board: match halt {
            Some(Halt::Play(stop)) => stop.board.clone(),
            _ => None,
        },
    };
    for check in Check::ALL {
        if !cases
            .iter()
            .any(|c| c.game == number && c.check == Some(check))
        {
            cases.push(Case::new(device, number, Some(check), status).failing(failure.clone()));
        }
    }
    cases.sort_by_key(|c| (c.game, c.check));
}

/// A game in progress on one device.
pub struct Game<'g, 'p, 'a> {
    pub device: &'g str,
    pub number: u32,
    pub opts: &'g Options,
    pub words: &'g mut StatusReader,
    pub probe: Probe<'p, 'a>,
    pub watch: &'p RefCell<Watch>,
    pub stop: &'g AtomicBool,
    pub cases: Vec<Case>,
    /// Time spent reading the status line (timer, mistakes).
    pub status_time: Duration,
    view: Option<GameView>,
}

impl<'g, 'p, 'a> Game<'g, 'p, 'a> {
    pub fn new(
        device: &'g str,
        number: u32,
        opts: &'g Options,
        words: &'g mut StatusReader,
        probe: Probe<'p, 'a>,
        watch: &'p RefCell<Watch>,
        stop: &'g AtomicBool,
    ) -> Self {
        Game {
            device,
            number,
            opts,
            words,
            probe,
            watch,
            stop,
            cases: Vec::new(),
            status_time: Duration::ZERO,
            view: None,
        }
    }

    /// The start of a game: puzzle-valid, the timer's first reading, givens-fixed. Its own agent
    /// session: an app that lets a given be overwritten makes the agent distrust the game, so the
    /// given is put back in a fresh session (`restore`) before the rest is played (`rest`).
    pub fn opening(&mut self) -> Result<Opening, Halt> {
        let view = self.first_view()?;
        let shot0 = self.probe.latest.clone();
        let t0 = Instant::now();
        let start = Instant::now();
        let givens = if view.givens.filled_count() > 0 {
            view.givens.clone()
        } else {
            view.shown.clone()
        };
        let solution = match checks::puzzle_valid(&givens) {
            Ok(s) => s,
            Err(why) => {
                let ev = self.evidence(Check::PuzzleValid, None, shot0.as_ref());
                self.record(Check::PuzzleValid, Err(why), start.elapsed(), ev);
                return Err(Halt::Skip("the puzzle on screen is not valid".into()));
            }
        };
        self.record(
            Check::PuzzleValid,
            Ok(()),
            start.elapsed(),
            Evidence::default(),
        );
        let status0 = shot0.as_ref().map(|l| self.status(l)).unwrap_or_default();
        let restore = self.givens_fixed(&givens)?;
        Ok(Opening {
            solution,
            status0,
            t0,
            restore,
        })
    }

    /// Puts an overwritten given back, in a session that reads the board afresh.
    pub fn restore(&mut self, cell: Cell, given: Digit) -> Result<(), Halt> {
        self.first_view()?;
        self.type_until_shown(cell, given)?;
        let shown = self
            .probe
            .latest
            .as_ref()
            .and_then(|(_, r)| r.as_ref()?.board.get(cell));
        if shown == Some(given) {
            Ok(())
        } else {
            Err(Halt::Broken(format!(
                "could not put the given {given} back at {cell}"
            )))
        }
    }

    /// The rest of the game: mistakes-counted, the fill (digits-land), timer-moves and
    /// solved-when-complete.
    pub fn rest(&mut self, opening: &Opening) -> Result<(), Halt> {
        self.first_view()?;
        let solution = &opening.solution;
        if self.opts.check_mistakes {
            self.mistakes_counted(solution)?;
        } else {
            let case = Case::new(
                self.device,
                self.number,
                Some(Check::MistakesCounted),
                Status::Skipped,
            )
            .with_message("not asked for (--check-mistakes)");
            self.cases.push(case);
        }
        let shown = self.view()?.shown.clone();
        let Some(held) = Cell::all().filter(|&c| shown.get(c).is_none()).last() else {
            return Err(Halt::Skip(
                "the grid was already full: nothing left to play".into(),
            ));
        };
        let answer = solution
            .get(held)
            .ok_or_else(|| Halt::Broken("the solution has a blank".into()))?;
        let early = self.fill(held, answer)?;
        let last = self.probe.last_game.clone();
        let status1 = last.as_ref().map(|l| self.status(l)).unwrap_or_default();
        self.timer_moves(
            opening.status0.timer,
            status1.timer,
            opening.t0.elapsed(),
            early,
        );
        self.solved_when_complete(held, answer, early, status1)
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
            Screen::Dialog { dialog, artifact } => {
                Err(PlayError::Dialog { dialog, artifact }.into())
            }
            Screen::Elsewhere { place, artifact } => {
                Err(PlayError::Elsewhere { place, artifact }.into())
            }
            Screen::Uncertain { doubt, artifact } => {
                Err(PlayError::Uncertain { doubt, artifact }.into())
            }
        }
    }

    /// Looks, closing pop-ups it can; remembers the game view.
    fn look(&mut self) -> Result<Screen, Halt> {
        for _ in 0..3 {
            let screen = self.probe.look()?;
            match &screen {
                Screen::Game(v) => self.view = Some(v.clone()),
                Screen::Dialog { .. } if self.probe.dismiss()? => continue,
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

    /// Types `digit` into `cell` the way the app takes digits, then looks. A digit-first app gets its
    /// digit disarmed again, so the driver finds the app as it left it.
    fn type_at(&mut self, cell: Cell, digit: Digit) -> Result<Screen, Halt> {
        let view = self.view()?;
        let style = view
            .caps
            .styles
            .first()
            .copied()
            .unwrap_or(InputStyle::CellFirst);
        let mut planner = Planner::new(style, &view.caps, view.selected)
            .map_err(|e| Halt::Broken(e.to_string()))?;
        let mut actions = planner
            .place(cell, digit)
            .map_err(|e| Halt::Broken(e.to_string()))?
            .actions;
        if style == InputStyle::DigitFirst {
            actions.push(Action::TapDigit(digit));
        }
        self.probe.send(&actions)?;
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

    /// Looks until the app shows it solved, for up to `settle`.
    fn wait_solved(&mut self, first: Screen) -> Result<bool, Halt> {
        let start = Instant::now();
        let mut screen = first;
        loop {
            match screen {
                Screen::Solved => return Ok(true),
                Screen::GameOver => return Ok(false),
                _ if start.elapsed() >= self.opts.settle => return Ok(false),
                _ => std::thread::sleep(Duration::from_millis(50)),
            }
            screen = self.look()?;
        }
    }

    /// A digit other than `right` that the app lets us type: one with a key on the keypad (apps
    /// hide or grey out the keys of digits already placed nine times).
    fn other_digit(&self, right: Digit) -> Option<Digit> {
        let keypad = self
            .probe
            .latest
            .as_ref()
            .and_then(|(_, r)| r.as_ref()?.keypad.as_ref());
        (1..9)
            .filter_map(|k| Digit::new((right.get() - 1 + k) % 9 + 1))
            .find(|&d| keypad.is_none_or(|k| k.key(d).is_some()))
    }

    fn status(&mut self, look: &Look) -> StatusLine {
        let start = Instant::now();
        let top = look.1.as_ref().map(|r| r.geometry.bounds().y);
        let s = self.words.read(&look.0.image, top);
        self.status_time += start.elapsed();
        s
    }

    /// Types a different digit on two givens (one dropped tap must not let a broken app pass);
    /// the given to put back when one was overwritten.
    fn givens_fixed(&mut self, givens: &Board) -> Result<Option<(Cell, Digit)>, Halt> {
        let start = Instant::now();
        for (cell, given) in givens.filled().take(2) {
            let Some(typed) = self.other_digit(given) else {
                break;
            };
            let before = self.probe.latest.clone();
            let shown = match self.type_at(cell, typed)? {
                Screen::Game(v) => v.shown.get(cell),
                // The agent distrusts a board whose givens changed: judge from the raw read.
                Screen::Uncertain { doubt, artifact } => {
                    match self.probe.latest.as_ref().and_then(|(_, r)| r.as_ref()) {
                        Some(read) => read.board.get(cell),
                        None => return Err(PlayError::Uncertain { doubt, artifact }.into()),
                    }
                }
                other => {
                    return Err(Halt::Broken(format!(
                        "typing on a given left the game: {other:?}"
                    )))
                }
            };
            if let Err(why) = checks::given_kept(cell, given, typed, shown) {
                let after = self.probe.latest.clone();
                let ev = self.evidence(Check::GivensFixed, before.as_ref(), after.as_ref());
                self.record(Check::GivensFixed, Err(why), start.elapsed(), ev);
                return Ok(Some((cell, given)));
            }
        }
        self.record(
            Check::GivensFixed,
            Ok(()),
            start.elapsed(),
            Evidence::default(),
        );
        Ok(None)
    }

    fn mistakes_counted(&mut self, solution: &Board) -> Result<(), Halt> {
        let start = Instant::now();
        let skip = |g: &mut Self, why: &str| {
            let case = Case::new(
                g.device,
                g.number,
                Some(Check::MistakesCounted),
                Status::Skipped,
            )
            .with_message(why);
            g.cases.push(case.took(start.elapsed()));
        };
        let Some(latest) = self.probe.latest.clone() else {
            return Err(Halt::Broken("no screen read yet".into()));
        };
        let Some((before, limit)) = self.status(&latest).mistakes else {
            skip(self, "no mistakes counter on screen");
            return Ok(());
        };
        if limit
            .or(self.opts.mistake_limit)
            .is_some_and(|l| before + 1 >= l)
        {
            skip(
                self,
                "the app's mistake limit leaves no room for a deliberate mistake",
            );
            return Ok(());
        }
        let shown = self.view()?.shown.clone();
        let Some(cell) = Cell::all().find(|&c| shown.get(c).is_none()) else {
            skip(self, "no empty cell to type a wrong digit in");
            return Ok(());
        };
        let answer = solution
            .get(cell)
            .ok_or_else(|| Halt::Broken("the solution has a blank".into()))?;
        let Some(wrong) = self.other_digit(answer) else {
            skip(self, "no key for a wrong digit on the keypad");
            return Ok(());
        };
        let screen = self.type_until_shown(cell, wrong)?;
        let after_look = self.probe.latest.clone();
        let after = match (&screen, &after_look) {
            (Screen::Game(_), Some(l)) => self.status(l).mistakes.map_or(before, |(n, _)| n),
            _ => {
                return Err(Halt::Broken(
                    "the game left the screen after one wrong digit".into(),
                ))
            }
        };
        let verdict = checks::mistakes_counted(cell, wrong, before, after);
        let ev = match verdict {
            Ok(()) => Evidence::default(),
            Err(_) => self.evidence(Check::MistakesCounted, Some(&latest), after_look.as_ref()),
        };
        self.record(Check::MistakesCounted, verdict, start.elapsed(), ev);
        // Correct it, so the fill starts from a board without wrong entries.
        self.type_until_shown(cell, answer)?;
        Ok(())
    }

    /// The driver's fill of every cell but `held`; whether the app declared "solved" early.
    fn fill(&mut self, held: Cell, answer: Digit) -> Result<bool, Halt> {
        let start = Instant::now();
        self.watch.borrow_mut().held = Some((held, answer));
        let opts = FillOptions {
            fix: true,
            settle: self.opts.settle,
            ..FillOptions::default()
        };
        let mut recorder = Recorder(self.watch);
        let result = {
            let mut run = Run {
                agent: &mut self.probe,
                observer: &mut recorder,
                stop: self.stop,
            };
            driver::fill(&mut run, &opts)
        };
        self.watch.borrow_mut().held = None;
        let (typed, misses) = {
            let w = self.watch.borrow();
            (w.typed, w.misses.clone())
        };
        let verdict = checks::digits_land(typed, &misses);
        let ev = match &verdict {
            Ok(()) => Evidence::default(),
            Err(_) => {
                let pair = self.watch.borrow().miss_evidence.clone();
                self.evidence(
                    Check::DigitsLand,
                    pair.as_ref().map(|p| &p.0),
                    pair.as_ref().map(|p| &p.1),
                )
            }
        };
        match result {
            Ok(won) => {
                self.record(Check::DigitsLand, verdict, start.elapsed(), ev);
                Ok(won == Won::Dialog)
            }
            Err(e) => {
                if verdict.is_err() {
                    self.record(Check::DigitsLand, verdict, start.elapsed(), ev);
                }
                Err(e.into())
            }
        }
    }

    fn timer_moves(
        &mut self,
        t0: Option<Duration>,
        t1: Option<Duration>,
        wall: Duration,
        early: bool,
    ) {
        let case = |status, msg: &str| {
            Case::new(self.device, self.number, Some(Check::TimerMoves), status).with_message(msg)
        };
        let c = match (t0, t1) {
            (None, _) => case(Status::Skipped, "no game timer on screen"),
            (Some(_), None) => case(
                Status::Error,
                "the timer could not be read at the end of the game",
            ),
            (Some(a), Some(b)) if b <= a && early && wall < Duration::from_millis(1500) => case(
                Status::Skipped,
                "the game ended too soon to see the timer move",
            ),
            (Some(a), Some(b)) => {
                let verdict = checks::timer_moves(a, b, wall);
                let ev = match verdict {
                    Ok(()) => Evidence::default(),
                    Err(_) => {
                        let last = self.probe.last_game.clone();
                        self.evidence(Check::TimerMoves, None, last.as_ref())
                    }
                };
                self.record(Check::TimerMoves, verdict, Duration::ZERO, ev);
                return;
            }
        };
        self.cases.push(c);
    }

    fn solved_when_complete(
        &mut self,
        held: Cell,
        answer: Digit,
        early: bool,
        status: StatusLine,
    ) -> Result<(), Halt> {
        let start = Instant::now();
        let mut ending = Ending {
            held,
            early,
            wrong_declared: None,
            final_declared: false,
        };
        let mut before = self.probe.last_game.clone();
        if !early {
            // A wrong last digit must not be "solved"; only try it when it cannot end the game.
            let room = match status.mistakes {
                Some((n, limit)) => limit.or(self.opts.mistake_limit).is_none_or(|l| n + 1 < l),
                None => true,
            };
            if let (true, Some(wrong)) = (room, self.other_digit(answer)) {
                let screen = self.type_until_shown(held, wrong)?;
                let declared = self.wait_solved(screen)?;
                ending.wrong_declared = Some((wrong, declared));
            }
            if ending.wrong_declared.is_none_or(|(_, d)| !d) {
                before = self.probe.latest.clone();
                let screen = self.type_until_shown(held, answer)?;
                ending.final_declared = self.wait_solved(screen)?;
            }
        }
        let verdict = checks::solved_when_complete(&ending, self.opts.settle);
        let ev = match verdict {
            Ok(()) => Evidence::default(),
            Err(_) => {
                let after = self.probe.latest.clone();
                self.evidence(Check::SolvedWhenComplete, before.as_ref(), after.as_ref())
            }
        };
        self.record(Check::SolvedWhenComplete, verdict, start.elapsed(), ev);
        Ok(())
    }

    fn evidence(&self, check: Check, before: Option<&Look>, after: Option<&Look>) -> Evidence {
        let dir = evidence::folder(&self.opts.artifacts, self.device, self.number, check.name());
        let trace = self.watch.borrow().trace.clone();
        evidence::save(&dir, before, after, &trace)
    }

    fn record(&mut self, check: Check, verdict: Verdict, took: Duration, evidence: Evidence) {
        let mut case = match verdict {
            Ok(()) => Case::new(self.device, self.number, Some(check), Status::Passed),
            Err(why) => {
                Case::new(self.device, self.number, Some(check), Status::Failed).failing(why)
            }
        };
        case.evidence = evidence;
        self.cases.push(case.took(took));
    }
}
