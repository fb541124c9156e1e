//! The rest of a game after its opening: mistakes-counted, the driver's fill of every cell but one
//! held back (digits-land), timer-moves, then the held cell typed wrong and right
//! (solved-when-complete).

use super::opening::Opening;
use super::{Game, Halt};
use crate::play::driver::{self, FillOptions, Won};
use crate::play::run::Run;
use crate::play::view::Screen;
use crate::regress::checks::{self, Check, Ending};
use crate::regress::outcome::{Case, Evidence, Status};
use crate::regress::timer;
use crate::regress::watch::{Look, Recorder};
use crate::vision::screen::status::Status as StatusLine;
use autosudoku_core::sudoku::{Board, Cell, Digit};
use std::time::{Duration, Instant};

impl Game<'_, '_, '_> {
    /// The rest of the game: mistakes-counted, the fill (digits-land), timer-moves and
    /// solved-when-complete.
    pub fn rest(&mut self, opening: &Opening) -> Result<(), Halt> {
        self.puzzle = Some(opening.puzzle.clone());
        self.first_view()?;
        let Some(latest) = self.agent.latest.clone() else {
            return Err(Halt::Broken("no screen read yet".into()));
        };
        let now = self.status(&latest);
        // The timer read again, later than the opening's read: a misread shows as a disagreement.
        let timer0 = opening.status0.timer.map(|first| timer::Start {
            first,
            second: now.timer,
            gap: opening.t0.elapsed(),
        });
        let solution = &opening.solution;
        if self.opts.check_mistakes {
            self.mistakes_counted(solution, &latest, now)?;
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
        let last = self.agent.last_game.clone();
        let status1 = last.as_ref().map(|l| self.status(l)).unwrap_or_default();
        self.timer_moves(timer0, status1.timer, opening, early);
        self.solved_when_complete(held, answer, early, status1)
    }

    /// A wrong digit typed from the look `latest`, whose status line is `now`.
    fn mistakes_counted(
        &mut self,
        solution: &Board,
        latest: &Look,
        now: StatusLine,
    ) -> Result<(), Halt> {
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
        let Some((before, limit)) = now.mistakes else {
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
        let after_look = self.agent.latest.clone();
        let after = match (&screen, &after_look) {
            (Screen::Game(_), Some(l)) => self.status(l).mistakes.map(|(n, _)| n),
            _ => {
                return Err(Halt::Broken(
                    "the game left the screen after one wrong digit".into(),
                ))
            }
        };
        // A counter not read is not a counter that stayed put: no verdict.
        let Some(after) = after else {
            skip(self, &format!("the mistakes counter read {before} before the wrong digit {wrong} at {cell} and could not be read after it"));
            self.type_until_shown(cell, answer)?;
            return Ok(());
        };
        let verdict = checks::mistakes_counted(cell, wrong, before, after);
        let ev = match &verdict {
            Ok(()) => Evidence::default(),
            Err(why) => self.evidence(
                Check::MistakesCounted,
                Some(latest),
                after_look.as_ref(),
                &why.cells,
            ),
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
                agent: &mut self.agent,
                observer: &mut recorder,
                stop: self.stop,
            };
            driver::fill(&mut run, &opts)
        };
        self.watch.borrow_mut().held = None;
        // The driver looked without regress: the next check types from a look of its own.
        self.view = None;
        let (typed, misses) = {
            let w = self.watch.borrow();
            (w.typed, w.misses.clone())
        };
        let verdict = checks::digits_land(typed, &misses);
        let ev = match &verdict {
            Ok(()) => Evidence::default(),
            Err(why) => {
                let pair = self.watch.borrow().miss_evidence.clone();
                self.evidence(
                    Check::DigitsLand,
                    pair.as_ref().map(|p| &p.0),
                    pair.as_ref().map(|p| &p.1),
                    &why.cells,
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

    /// timer-moves: judged only from reads that agree with each other (`timer::doubt`).
    fn timer_moves(
        &mut self,
        t0: Option<timer::Start>,
        t1: Option<Duration>,
        opening: &Opening,
        early: bool,
    ) {
        let wall = opening.t0.elapsed();
        let skip = |why: &str| {
            let check = Some(Check::TimerMoves);
            Case::new(self.device, self.number, check, Status::Skipped).with_message(why)
        };
        let (start, later) = match (t0, t1) {
            (None, _) => return self.cases.push(skip("no game timer on screen")),
            (Some(_), None) => {
                return self
                    .cases
                    .push(skip("the timer could not be read at the end of the game"))
            }
            (Some(a), Some(b)) => (a, b),
        };
        if later <= start.first && early && wall < Duration::from_millis(1500) {
            return self
                .cases
                .push(skip("the game ended too soon to see the timer move"));
        }
        if let Some(why) = timer::doubt(&start, later) {
            return self.cases.push(skip(&why));
        }
        let verdict = timer::moves(start.first, later, wall);
        let ev = match verdict {
            Ok(()) => Evidence::default(),
            Err(_) => {
                let last = self.agent.last_game.clone();
                let first = opening.shot0.as_ref();
                self.evidence(Check::TimerMoves, first, last.as_ref(), &[])
            }
        };
        self.record(Check::TimerMoves, verdict, Duration::ZERO, ev);
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
        let mut before = self.agent.last_game.clone();
        if !early {
            before = self.type_last(&mut ending, answer, status)?.or(before);
        }
        if !early && ending.wrong_declared.is_none_or(|(_, d)| !d) && !ending.final_declared {
            // Solo flashes its board and shows nothing more: no sign to judge, so no verdict.
            let case = Case::new(
                self.device,
                self.number,
                Some(Check::SolvedWhenComplete),
                Status::Skipped,
            )
            .with_message(format!(
                "the app shows no lasting sign of a finished game (the board was complete and correct, last digit at {held})"
            ));
            self.cases.push(case.took(start.elapsed()));
            return Ok(());
        }
        let verdict = checks::solved_when_complete(&ending, self.opts.settle);
        let ev = match &verdict {
            Ok(()) => Evidence::default(),
            Err(why) => {
                // The app's card covers the cell: the board is shown as last seen under it.
                let after = self.agent.latest.clone();
                let board = self.agent.last_game.clone();
                let before = board.or(before);
                self.evidence(
                    Check::SolvedWhenComplete,
                    before.as_ref(),
                    after.as_ref(),
                    &why.cells,
                )
            }
        };
        let last = self.watch.borrow().last_carried();
        let case = self.record(Check::SolvedWhenComplete, verdict, start.elapsed(), ev);
        if case.status == Status::Failed && case.typed.is_none() {
            // Declared with the held cell empty: the digit the app answered was the fill's last.
            case.typed = last;
        }
        Ok(())
    }

    /// Types the held cell's last digit: wrong first when that cannot end the game, then right
    /// unless the wrong one was declared solved; the look before the right one. Each from a board
    /// just seen (the fill's last look was the driver's, and a wrong digit may end the game).
    fn type_last(
        &mut self,
        ending: &mut Ending,
        answer: Digit,
        status: StatusLine,
    ) -> Result<Option<Look>, Halt> {
        self.board_on_screen("after the fill, the board was not there to type the last digit")?;
        let room = match status.mistakes {
            Some((n, limit)) => limit.or(self.opts.mistake_limit).is_none_or(|l| n + 1 < l),
            None => true,
        };
        if let (true, Some(wrong)) = (room, self.other_digit(answer)) {
            let screen = self.type_until_shown(ending.held, wrong)?;
            let declared = self.wait_solved(screen, false)?;
            ending.wrong_declared = Some((wrong, declared));
            if declared {
                return Ok(None);
            }
            let counter = match status.mistakes {
                Some((n, Some(l))) => format!(" (the counter read {n} of {l} before it)"),
                Some((n, None)) => format!(" (the counter read {n} before it)"),
                None => String::new(),
            };
            self.board_on_screen(&format!("after the wrong last digit {wrong}{counter}"))?;
        }
        let before = self.agent.latest.clone();
        let screen = self.type_until_shown(ending.held, answer)?;
        ending.final_declared = self.wait_solved(screen, true)?;
        Ok(before)
    }
}
