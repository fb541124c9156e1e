//! The agent's loop for a fill: look → solve → plan → send → look again → repair what did not land,
//! until the app says solved or the grid is full and right. Everything it needs from the phone goes
//! through [`Agent`], so its decisions are unit-tested against a fake phone.
//!
//! Resume is the normal case, not a special one: every run starts from the board as it is now, so a
//! half-played game, a dropped connection or a Ctrl-C only mean fewer cells left to fill.

use super::checked::{self, Sent, Sight};
use super::moves::{self, InputStyle};
use super::probe::{self, Known, Learned};
use super::view::{Agent, GameView, Observer, Phase, Screen};
use super::PlayError;
use autosudoku_core::solve::fast::{self, Solutions};
use autosudoku_core::sudoku::Board;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How the driver plays; what the user chose on the command line.
#[derive(Debug, Clone)]
pub struct FillOptions {
    /// Force an input style instead of the cheapest the app supports.
    pub style: Option<InputStyle>,
    /// Erase and correct digits the user entered wrong (otherwise stop and list them).
    pub fix: bool,
    /// Play the first solution of a board that has several.
    pub first_solution: bool,
    /// Look-send-verify rounds after the first before giving up.
    pub repair_rounds: usize,
    /// How long after the last input to wait for the app's solved dialog once the grid is complete
    /// (zero: not at all).
    pub settle: Duration,
    /// Mistakes the app allows before game over, as the user or its profile states it, or to be
    /// read off the screen (a replay refuses what would reach it).
    pub mistake_limit: Known<Option<u32>>,
}

impl Default for FillOptions {
    fn default() -> Self {
        FillOptions {
            style: None,
            fix: false,
            first_solution: false,
            repair_rounds: 4,
            // None: the look that finds the grid full and correct ends the fill. A card the
            // app shows later only turns "shows it solved" into "the grid is full and correct"
            // (both are a win), while waiting for it cost every app a capture and half a second
            // after its last input, and one that shows no card (Solo) all of it. `regress`, which
            // checks that the app acknowledges the solve, sets its own.
            settle: Duration::ZERO,
            mistake_limit: Known::Learn,
        }
    }
}

/// How a run ended well.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Won {
    /// The app showed its solved state.
    Dialog,
    /// The grid is full and matches the solution (the app shows no dialog for it).
    FullGrid,
}

/// Shared context of one run: the phone, the observer, the Ctrl-C flag, phase timing.
pub struct Run<'a, A: Agent> {
    pub agent: &'a mut A,
    pub observer: &'a mut dyn Observer,
    pub stop: &'a AtomicBool,
}

impl<A: Agent> Run<'_, A> {
    pub(super) fn timed<T>(&mut self, phase: Phase, f: impl FnOnce(&mut Self) -> T) -> T {
        let start = Instant::now();
        let out = f(self);
        self.observer.phase(phase, start.elapsed());
        out
    }

    /// Sends the actions of `moves` in one go but the first `skip` (the set-up of the first move,
    /// sent before its check), then tells the observer what went to the phone and that `done`
    /// units are now done.
    pub(super) fn send(
        &mut self,
        moves: &[moves::Move],
        skip: usize,
        done: u64,
    ) -> Result<(), PlayError> {
        let actions: Vec<_> = moves
            .iter()
            .flat_map(|m| m.actions.iter().copied())
            .skip(skip)
            .collect();
        self.send_setup(&actions)?;
        self.observer.sent(moves, done);
        Ok(())
    }

    /// Sends actions and tells the observer what carried them; the moves they belong to are
    /// reported by the `send` that ends them.
    pub(super) fn send_setup(&mut self, actions: &[moves::Action]) -> Result<(), PlayError> {
        if actions.is_empty() {
            return Ok(());
        }
        let result = self.timed(Phase::Input, |r| r.agent.send(actions));
        let inputs = self.agent.take_sent();
        if !inputs.is_empty() {
            self.observer.delivered(inputs);
        }
        result
    }

    pub(super) fn check_stop(&self) -> Result<(), PlayError> {
        if self.stop.load(Ordering::SeqCst) {
            Err(PlayError::Interrupted)
        } else {
            Ok(())
        }
    }

    /// Looks until the game is on screen: closes dialogs it knows how to close, stops on anything
    /// else. `Ok(None)` when the app shows the solved state.
    pub(super) fn game(&mut self, phase: Phase) -> Result<Option<GameView>, PlayError> {
        const DISMISS_TRIES: usize = 4;
        let mut closed = 0;
        loop {
            match self.timed(phase, |r| r.agent.look())? {
                Screen::Game(view) => return Ok(Some(view)),
                Screen::Solved => return Ok(None),
                Screen::GameOver => return Err(PlayError::GameOver),
                Screen::Elsewhere { place, artifact } => {
                    return Err(PlayError::Elsewhere { place, artifact })
                }
                Screen::Uncertain { doubt, artifact } => {
                    return Err(PlayError::Uncertain { doubt, artifact })
                }
                Screen::Dialog { dialog, .. } if closed == DISMISS_TRIES => {
                    return Err(PlayError::DialogReturns { dialog })
                }
                Screen::Dialog { dialog, artifact } => {
                    if !self.agent.dismiss()? {
                        return Err(PlayError::Dialog { dialog, artifact });
                    }
                    self.observer.note(&format!("closed a dialog: {dialog}"));
                    closed += 1;
                }
            }
        }
    }

    /// The answer for the puzzle on screen, solved from its givens (entries may be wrong).
    pub(super) fn solve(&mut self, view: &GameView, first: bool) -> Result<Board, PlayError> {
        self.timed(Phase::Solve, |_| {
            // A reader that cannot tell givens from entries reports everything as given.
            let base = if view.givens.filled_count() > 0 {
                &view.givens
            } else {
                &view.shown
            };
            let board = Box::new(base.clone());
            match fast::count_solutions(base, 2) {
                Solutions::One(solution) => Ok(solution),
                Solutions::Zero => Err(PlayError::Unsolvable { board }),
                Solutions::Many { .. } if first => {
                    fast::solve(base).ok_or(PlayError::Unsolvable { board })
                }
                Solutions::Many { .. } => Err(PlayError::Ambiguous { board }),
            }
        })
    }

    /// Gives the app until `settle` after `since` (the last input) to show its solved state, and
    /// looks once then. The caller has just looked; a card stays up once shown, so looking
    /// earlier would only see it sooner, at a capture per look.
    fn settle(&mut self, settle: Duration, since: Instant) -> Result<Won, PlayError> {
        if since.elapsed() >= settle {
            return Ok(Won::FullGrid);
        }
        std::thread::sleep(settle.saturating_sub(since.elapsed()));
        match self.timed(Phase::Wait, |r| r.agent.look())? {
            Screen::Solved => Ok(Won::Dialog),
            Screen::GameOver => Err(PlayError::GameOver),
            _ => Ok(Won::FullGrid),
        }
    }
}

/// Fills the answer into the game on screen, verifying and repairing until it is solved.
pub fn fill<A: Agent>(run: &mut Run<'_, A>, opts: &FillOptions) -> Result<Won, PlayError> {
    let Some(view) = run.game(Phase::Read)? else {
        return Ok(Won::Dialog);
    };
    let solution = run.solve(&view, opts.first_solution)?;
    let wrong = view.wrong_entries(&solution);
    if !wrong.is_empty() && !opts.fix {
        return Err(PlayError::WrongEntries(wrong));
    }
    let todo = moves::fixes(&view.shown, &solution).len() as u64;
    run.observer.start(&view.shown, &solution, todo);
    let Some(view) = learn_style(run, view, &solution)? else {
        return Ok(Won::Dialog);
    };
    let won = finish(run, opts, view, &solution, todo);
    // A fill makes no mistakes: the limit is only told, and its read ran meanwhile.
    learn_limit(run, opts.mistake_limit);
    won
}

/// The input style of an app no profile describes, from one safe probe (see `probe`); the
/// observer hears what was learned. `None`: the app shows it solved.
fn learn_style<A: Agent>(
    run: &mut Run<'_, A>,
    view: GameView,
    solution: &Board,
) -> Result<Option<GameView>, PlayError> {
    let (view, input) = probe::input_style(run, view, solution)?;
    if input.is_some() {
        run.observer.learned(&Learned {
            input,
            ..Learned::default()
        });
    }
    Ok(view)
}

/// The mistake limit: as stated, else as the screen shows it (told to the observer).
fn learn_limit<A: Agent>(run: &mut Run<'_, A>, limit: Known<Option<u32>>) -> Option<u32> {
    match limit {
        Known::Stated(l) => l,
        Known::Learn => {
            let found = probe::mistake_limit(run)?;
            let value = found.value;
            run.observer.learned(&Learned {
                mistake_limit: Some(found),
                ..Learned::default()
            });
            value
        }
    }
}

/// What a replay of an app no profile describes needs before planning: its input style and,
/// unless stated, the mistake limit its screen shows. Returns the view after the probe (`None`:
/// the app shows it solved) and the limit.
pub(super) fn learn<A: Agent>(
    run: &mut Run<'_, A>,
    view: GameView,
    solution: &Board,
    limit: Known<Option<u32>>,
) -> Result<Option<(GameView, Option<u32>)>, PlayError> {
    let limit = learn_limit(run, limit);
    Ok(learn_style(run, view, solution)?.map(|v| (v, limit)))
}

/// The verify-and-repair rounds of a fill, from a view already looked at. Also ends a replay.
/// A round ends when its moves are sent and verified, or early at a check that failed; rounds go
/// on while they make progress, and `repair_rounds` rounds in a row without any end it.
pub(super) fn finish<A: Agent>(
    run: &mut Run<'_, A>,
    opts: &FillOptions,
    mut view: GameView,
    solution: &Board,
    todo: u64,
) -> Result<Won, PlayError> {
    let mut planner: Option<moves::Planner> = None;
    let mut sight = Sight::default();
    sight.saw(view.highlight);
    // Wrong entries on the first look are the user's (`--fix`); later ones are repairs of ours.
    let mut ours = false;
    let (mut fewest, mut stalled, mut round) = (usize::MAX, 0, 0);
    let mut sent_at = Instant::now();
    loop {
        run.check_stop()?;
        let fixes = moves::fixes(&view.shown, solution);
        if fixes.is_empty() {
            return run.settle(opts.settle, sent_at);
        }
        if fixes.len() < fewest {
            (fewest, stalled) = (fixes.len(), 0);
        } else if stalled == opts.repair_rounds {
            return Err(PlayError::RepairFailed {
                rounds: stalled,
                left: fixes.iter().map(|f| f.cell).collect(),
            });
        } else {
            stalled += 1;
        }
        note_round(run, round, &fixes, ours);
        let plan = run.timed(Phase::Plan, |_| -> Result<_, PlayError> {
            let p = match planner.as_mut() {
                Some(p) => {
                    p.forget(view.cursor(), stalled > 0);
                    p.sync_armed(view.highlight.digit);
                    p.set_confirm(sight.confirm());
                    p
                }
                None => planner.insert(
                    moves::planner_for(&view.caps, opts.style, view.cursor(), &fixes)?
                        .guarded_by(view.givens.filled().next().map(|(c, _)| c))
                        .confirming(sight.confirm()),
                ),
            };
            Ok(moves::plan_with(p, &fixes)?)
        })?;
        let mut done = todo.saturating_sub(fixes.len() as u64);
        let sent = checked::send(run, &plan, solution, &mut sight, &mut done, todo)?;
        sent_at = Instant::now();
        view = match sent {
            Sent::All => match run.game(Phase::Verify)? {
                Some(v) => v,
                None => return Ok(Won::Dialog),
            },
            Sent::Saw(v) => *v,
            Sent::Solved => return Ok(Won::Dialog),
        };
        sight.saw(view.highlight);
        (ours, round) = (true, round + 1);
    }
}

/// Says what a round after the first is for; wrong digits of ours are repaired first.
fn note_round<A: Agent>(run: &mut Run<'_, A>, round: usize, fixes: &[moves::Fix], ours: bool) {
    let wrong: Vec<_> = fixes.iter().filter(|f| f.wrong.is_some()).collect();
    if ours && !wrong.is_empty() {
        let cells: Vec<String> = wrong.iter().map(|f| f.cell.to_string()).collect();
        run.observer.repaired(wrong.len() as u64);
        run.observer.note(&format!(
            "repairing {} wrong digit(s) first: {}",
            wrong.len(),
            cells.join(", ")
        ));
    }
    if round > 0 {
        run.observer.note(&format!(
            "repair round {round}: {} cell(s) to fix",
            fixes.len()
        ));
    }
}

#[cfg(test)]
#[path = "driver_tests.rs"]
pub(crate) mod tests;
