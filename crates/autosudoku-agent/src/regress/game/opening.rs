//! The start of a game, in its own agent session: puzzle-valid, the timer's first reading and
//! givens-fixed, which puts back a given the app let be overwritten.

use super::{Game, Halt};
use crate::play::learn;
use crate::play::moves::InputStyle;
use crate::play::run::Run;
use crate::play::view::{GameView, Screen};
use crate::play::PlayError;
use crate::regress::checks::{self, Check};
use crate::regress::outcome::{Case, Evidence, Status};
use crate::regress::watch::{Look, Recorder};
use crate::vision::screen::scene::Doubt;
use crate::vision::screen::status::Status as StatusLine;
use autosudoku_core::sudoku::{Board, Cell, Digit};
use std::time::{Duration, Instant};

/// The stops of play on a game's first look that leave regress nothing to judge.
const REFUSED: [&str; 4] = ["uncertain", "unsolvable", "elsewhere", "dialog"];

/// What the opening of a game found, for the rest of it.
pub struct Opening {
    pub solution: Board,
    /// The givens dealt, for the record of a failure in the rest (its own `Game`).
    pub(super) puzzle: Board,
    /// The input style the probe found, for an app whose styles were only guessed.
    pub style: Option<InputStyle>,
    pub(super) status0: StatusLine,
    /// The look the timer was first read on, the evidence of a timer-moves failure.
    pub(super) shot0: Option<Look>,
    pub(super) t0: Instant,
}

impl Game<'_, '_, '_> {
    /// The start of a game: puzzle-valid, the timer's first reading, givens-fixed. Its own agent
    /// session: an app that lets a given be overwritten makes the agent distrust the game, so the
    /// rest is played in a fresh session (`rest`) once the given is put back.
    pub fn opening(&mut self) -> Result<Opening, Halt> {
        let start = Instant::now();
        let first = self.first_view();
        self.refuse_other_sizes()?;
        let view = match first {
            Err(Halt::Play(stop)) if stop.kind == "uncertain" && !stop.cells.is_empty() => {
                self.legible_or_halt(&stop.cells, start)?
            }
            // Not a cell but the whole board in doubt (a killer board reads as a few digits
            // with many solutions), no grid found at all, or a grid under a card that cannot be
            // closed (a 6x6 board's lines can read as one): nothing is the app's fault yet, and
            // nothing is typed.
            Err(Halt::Play(stop)) if REFUSED.contains(&stop.kind) => {
                return Err(Halt::Refused(format!(
                    "autosudoku cannot read this game, so regress typed nothing on it: {}",
                    stop.message
                )))
            }
            other => other?,
        };
        let shot0 = self.agent.latest.clone();
        let t0 = Instant::now();
        let givens = if view.givens.filled_count() > 0 {
            view.givens.clone()
        } else {
            view.shown.clone()
        };
        self.puzzle = Some(givens.clone());
        let solution = match checks::puzzle_valid(&givens, &view.rules) {
            Ok(s) => s,
            Err(why) => {
                let ev = self.evidence(Check::PuzzleValid, None, shot0.as_ref(), &why.cells);
                self.record(Check::PuzzleValid, Err(why), start.elapsed(), ev);
                return Err(Halt::Skip("the puzzle on screen is not valid".into()));
            }
        };
        let status0 = shot0.as_ref().map(|l| self.status(l)).unwrap_or_default();
        let style = self.first_typing(view, &givens, &solution, start)?;
        Ok(Opening {
            puzzle: givens,
            solution,
            style,
            status0,
            shot0,
            t0,
        })
    }

    /// Stops before any typing on a board the first look found to be of another size than 9x9
    /// (the grid finder fits nine cells into any board; the layout read counts its lines).
    fn refuse_other_sizes(&self) -> Result<(), Halt> {
        let read = self.agent.latest.as_ref().and_then(|(_, r)| r.as_ref());
        match read.and_then(|r| r.layout.as_ref()) {
            Some(layout) if layout.size != "9x9" => Err(Halt::Refused(format!(
                "the board on screen is {}: autosudoku reads 9x9 boards only (classic, jigsaw, X, \
                 hyper and killer), so regress typed nothing on it",
                layout.size
            ))),
            _ => Ok(()),
        }
    }

    /// The opening's typing (the input-style probe, givens-fixed), with puzzle-valid recorded
    /// passed unless a cell turned unreadable meanwhile and stayed so on a second look: an app
    /// can draw a given legibly, or as what reads as pencil notes, only until its cell or digit is
    /// highlighted (the blocks skin's smudged given).
    fn first_typing(
        &mut self,
        view: GameView,
        givens: &Board,
        solution: &Board,
        start: Instant,
    ) -> Result<Option<InputStyle>, Halt> {
        let valid_took = start.elapsed();
        let first_known = view.givens_known;
        let typed = self.learn_style(view, solution).and_then(|style| {
            // The probe's entry may show the givens' cue the first look could not tell by (a
            // board of givens only, on coloured regions): the look after it then knows them.
            let (givens, known) = match &self.view {
                Some(v) if !first_known && v.givens_known => (v.givens.clone(), true),
                _ => (givens.clone(), first_known),
            };
            self.givens_fixed(&givens, known).map(|()| style)
        });
        if let Err(Halt::Play(stop)) = &typed {
            // The cells the read was unsure of (not a given that changed, which reads sure).
            let unsure = self.agent.latest.as_ref().and_then(|(_, r)| r.as_ref());
            let unsure = unsure.map(|r| r.uncertain()).unwrap_or_default();
            let doubted: Vec<Cell> = (stop.cells.iter().copied())
                .filter(|c| unsure.contains(c))
                .collect();
            if stop.kind == "uncertain" && !doubted.is_empty() {
                // Legible again on a second look: the halt stands as it was.
                self.legible_or_halt(&doubted, start)?;
            }
        }
        let ok = Evidence::default();
        self.record(Check::PuzzleValid, Ok(()), valid_took, ok);
        typed
    }

    /// The game view once a second look reads the cells the first could not; when the same cells
    /// stay unreadable, puzzle-valid fails naming them (with the annotated read) and the game's
    /// other checks are skipped: nothing can be typed on a board that cannot be read.
    fn legible_or_halt(&mut self, doubted: &[Cell], start: Instant) -> Result<GameView, Halt> {
        let first = self.agent.latest.clone();
        std::thread::sleep(self.opts.settle.min(Duration::from_millis(500)));
        let stop = match self.first_view() {
            Err(Halt::Play(stop)) if stop.kind == "uncertain" => stop,
            other => return other,
        };
        let still: Vec<Cell> = stop
            .cells
            .iter()
            .copied()
            .filter(|c| doubted.contains(c))
            .collect();
        if still.is_empty() {
            return Err(Halt::Play(stop));
        }
        let after = self.agent.latest.clone();
        // The board as read, the unreadable cells left blank: what the engineer checks it against.
        let seen = after.as_ref().and_then(|(_, r)| r.as_ref()).map(|r| {
            let mut board = r.board.clone();
            still.iter().for_each(|&c| board.set(c, None));
            board.to_line()
        });
        let verdict = checks::puzzle_legible(&still).map_err(|mut f| {
            f.board = stop.board.clone().or(seen);
            f
        });
        let ev = self.evidence(Check::PuzzleValid, first.as_ref(), after.as_ref(), &still);
        self.record(Check::PuzzleValid, verdict, start.elapsed(), ev);
        Err(Halt::Skip(
            "the puzzle on screen could not be read (see puzzle-valid)".into(),
        ))
    }

    /// The input style of an app whose styles are only guessed, found with play's own probe (it
    /// types the answer into one blank cell), so that the checks type as play will.
    fn learn_style(
        &mut self,
        view: GameView,
        solution: &Board,
    ) -> Result<Option<InputStyle>, Halt> {
        let mut recorder = Recorder(self.watch);
        let mut run = Run {
            agent: &mut self.agent,
            observer: &mut recorder,
            stop: self.stop,
        };
        let (now, found) = learn::input_style(&mut run, view, solution)?;
        match now {
            Some(v) => self.view = Some(v),
            None => {
                return Err(super::left_game(
                    Screen::Solved,
                    "the probe of the input style",
                ))
            }
        }
        Ok(found.map(|f| f.value))
    }

    /// Types a different digit on two givens (one dropped tap must not let a broken app pass).
    /// A given the app let be overwritten is put back before anything else, so that the checks
    /// after this one judge the puzzle the app dealt. Skipped when the read could not tell the
    /// givens (`known`): a digit typed on an entry taken for a given would blame the app.
    fn givens_fixed(&mut self, givens: &Board, known: bool) -> Result<(), Halt> {
        if !known {
            let check = Some(Check::GivensFixed);
            let case = Case::new(self.device, self.number, check, Status::Skipped)
                .with_message("the app's givens could not be told from its entries");
            self.cases.push(case);
            return Ok(());
        }
        let start = Instant::now();
        for (cell, given) in givens.filled().take(2) {
            let Some(typed) = self.other_digit(given) else {
                break;
            };
            let before = self.agent.latest.clone();
            let prior = self.view.clone();
            let screen = self.type_at(cell, typed)?;
            let shown = self.shown_at(screen, cell, "after typing on a given")?;
            if let Err(why) = checks::given_kept(cell, given, typed, shown) {
                let after = self.agent.latest.clone();
                let ev = self.evidence(
                    Check::GivensFixed,
                    before.as_ref(),
                    after.as_ref(),
                    &why.cells,
                );
                self.record(Check::GivensFixed, Err(why), start.elapsed(), ev);
                return self.put_back(cell, given, prior);
            }
        }
        self.record(
            Check::GivensFixed,
            Ok(()),
            start.elapsed(),
            Evidence::default(),
        );
        Ok(())
    }

    /// What `cell` shows on `screen`. The agent distrusts a board whose givens changed (it is no
    /// longer a proper puzzle): then the raw read of the screen tells.
    fn shown_at(&self, screen: Screen, cell: Cell, when: &str) -> Result<Option<Digit>, Halt> {
        match screen {
            Screen::Game(v) => Ok(v.shown.get(cell)),
            // Unsure of the cell itself: no verdict on what it shows.
            Screen::Uncertain {
                doubt: doubt @ Doubt::Cells { .. },
                artifact,
            } if doubt.cells().contains(&cell) => {
                Err(PlayError::Uncertain { doubt, artifact }.into())
            }
            Screen::Uncertain { doubt, artifact } => {
                match self.agent.latest.as_ref().and_then(|(_, r)| r.as_ref()) {
                    Some(read) => Ok(read.board.get(cell)),
                    None => Err(PlayError::Uncertain { doubt, artifact }.into()),
                }
            }
            other => Err(super::left_game(other, &format!("the game ended {when}"))),
        }
    }

    /// Types the given back on a cell the app let be overwritten (a dropped tap is retried, twice
    /// at most), judged from the screen as read. The agent shows no game on a board whose given
    /// changed: the typing plans from the game as it was before (`prior`), which only the check's
    /// own digit changed (a digit-first app's digit was disarmed again).
    fn put_back(&mut self, cell: Cell, given: Digit, prior: Option<GameView>) -> Result<(), Halt> {
        for _ in 0..3 {
            if self.view.is_none() {
                self.view.clone_from(&prior);
            }
            let screen = self.type_at(cell, given)?;
            if self.shown_at(screen, cell, "while a given was put back")? == Some(given) {
                return Ok(());
            }
        }
        Err(Halt::Broken(format!(
            "the app let the given {given} at {cell} be overwritten and it could not be put back, so \
             this game's other checks cannot judge the puzzle it dealt"
        )))
    }
}
