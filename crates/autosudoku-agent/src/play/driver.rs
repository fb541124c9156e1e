//! The agent's loop for a fill: look → solve → plan → send → look again → repair what did not land,
//! until the app says solved or the grid is full and right. Everything it needs from the phone goes
//! through [`Agent`], so its decisions are unit-tested against a fake phone.
//!
//! Resume is the normal case, not a special one: every run starts from the board as it is now, so a
//! half-played game, a dropped connection or a Ctrl-C only mean fewer cells left to fill.

use super::checked::{self, Sent, Sight};
use super::ending::{self, AfterLast};
pub use super::ending::{Won, LASTING};
use super::finished;
use super::learn;
use super::moves::{self, InputStyle};
use super::run::Run;
use super::view::{Agent, GameView, Highlight, Known, Phase, Screen};
use super::PlayError;
use autosudoku_core::sudoku::Board;
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
    /// A game already over at the first look is `PlayError::Finished`, not a win (`play`: nothing
    /// was played; `regress`'s fill follows its own checks, and the app may have ended it early).
    pub refuse_finished: bool,
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
            refuse_finished: false,
        }
    }
}

/// Gives the app until `settle` after `since` (the last input) to show its solved state, and
/// looks once then. The caller has just looked; a card stays up once shown, so looking
/// earlier would only see it sooner, at a capture per look.
fn settle<A: Agent>(
    run: &mut Run<'_, A>,
    settle: Duration,
    since: Instant,
) -> Result<Won, PlayError> {
    if since.elapsed() >= settle {
        return Ok(Won::FullGrid);
    }
    std::thread::sleep(settle.saturating_sub(since.elapsed()));
    match run.timed(Phase::Wait, |r| r.agent.look())? {
        Screen::Solved => Ok(Won::Dialog),
        Screen::GameOver => Err(PlayError::GameOver),
        _ => Ok(Won::FullGrid),
    }
}

/// What a fill says when it could not tell the game's givens from its entries.
const UNKNOWN_SPLIT: &str = "the givens could not be told from the entries: every digit on the \
     board is taken as the puzzle's, and the board's one completion is filled";

/// Fills the answer into the game on screen, verifying and repairing until it is solved.
pub fn fill<A: Agent>(run: &mut Run<'_, A>, opts: &FillOptions) -> Result<Won, PlayError> {
    let Some(view) = finished::opening(run, opts.refuse_finished)? else {
        return Ok(Won::Dialog);
    };
    let solution = run.solve(&view, opts.first_solution)?;
    finished::refuse_complete(&view, &solution, opts.refuse_finished)?;
    run.observer.split(view.givens_known);
    if !view.givens_known {
        run.observer.note(UNKNOWN_SPLIT);
    }
    let wrong = view.wrong_entries(&solution);
    if !wrong.is_empty() && !opts.fix {
        return Err(PlayError::WrongEntries(wrong));
    }
    let todo = moves::fixes(&view.shown, &solution).len() as u64;
    run.observer.start(&view.shown, &solution, todo);
    let before = (view.shown.clone(), view.highlight);
    let won = learn::style(run, view, &solution).and_then(|view| match view {
        Some(view) => finish(run, opts, view, &solution, todo),
        None => Ok(Won::Dialog),
    });
    let won = won.map_err(|e| refused_or(run, e, &before));
    // A fill makes no mistakes: the limit is only told, and its read ran meanwhile.
    learn::limit(run, opts.mistake_limit);
    won
}

/// `e`, unless it says the taps did not do what they should and the screen is still exactly as
/// it was before the first of them (`before`: its digits and highlight): then no input landed at
/// all, which is the phone refusing injected input, not the app.
fn refused_or<A: Agent>(
    run: &mut Run<'_, A>,
    e: PlayError,
    before: &(Board, Highlight),
) -> PlayError {
    if !matches!(
        e,
        PlayError::RepairFailed { .. } | PlayError::NoInputStyle { .. }
    ) {
        return e;
    }
    match run.game(Phase::Verify) {
        Ok(Some(now)) if (&now.shown, now.highlight) == (&before.0, before.1) => {
            PlayError::InputRefused
        }
        _ => e,
    }
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
            return settle(run, opts.settle, sent_at);
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
        // The last digit goes alone, after a look saw every other one in place: whatever the
        // screen shows after it is then the app's answer to that one digit.
        let last = fixes.len() == 1;
        let typed = &fixes[..fixes.len() - usize::from(!last)];
        let plan = run.timed(Phase::Plan, |_| -> Result<_, PlayError> {
            let p = match planner.as_mut() {
                Some(p) => {
                    p.forget(view.cursor(), stalled > 0);
                    p.set_confirm(sight.confirm());
                    p
                }
                None => planner.insert(
                    moves::planner_for(&view.caps, opts.style, view.cursor(), &fixes)?
                        .guarded_by(view.givens.filled().map(|(c, _)| c))
                        .confirming(sight.confirm()),
                ),
            };
            // What the taps rely on is read, also on the first round (a stopped run's state).
            p.sync_armed(view.highlight.digit);
            p.sync_notes(view.highlight.notes);
            Ok(moves::plan_with(p, typed)?)
        })?;
        let mut done = todo.saturating_sub(fixes.len() as u64);
        let progress = (&mut done, todo);
        let sent = checked::send(run, &plan, solution, view.highlight, &mut sight, progress)?;
        sent_at = Instant::now();
        view = match sent {
            Sent::All if last => match ending::after_last(run, &settled(&view.shown, typed))? {
                AfterLast::Game(v) => *v,
                AfterLast::Won(won) => return Ok(won),
            },
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

/// `shown` without the cells `fixes` change: the digits that must stay in place.
fn settled(shown: &Board, fixes: &[moves::Fix]) -> Board {
    let mut kept = shown.clone();
    for f in fixes {
        kept.set(f.cell, None);
    }
    kept
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
mod tests;
