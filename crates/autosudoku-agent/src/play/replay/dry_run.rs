//! The replay's dry run: the trace counted without the phone (its steps, the inputs they need,
//! its wrong trial digits) from where the replay starts, which is the puzzle's trace with the steps
//! a stopped replay sent, else the board on screen as it stands.

use super::resume::OnScreen;
use super::steps::{MistakeCount, ReplayPlanner};
use super::ReplayOptions;
use crate::play::moves::Planner;
use crate::play::run::Run;
use crate::play::view::{Agent, GameView, Phase};
use crate::play::PlayError;
use crate::vision::rules::BoardRules;
use autosudoku_core::solve::{Outcome, Step};
use autosudoku_core::sudoku::Board;
use std::ops::ControlFlow;

/// What the dry run found.
pub(super) struct Dry {
    /// Steps of the trace on screen already (a stopped replay's), not sent again.
    pub skip: u64,
    /// Steps still to send.
    pub steps: u64,
    pub actions: u64,
    pub mistakes: MistakeCount,
    pub gave_up: bool,
}

/// Runs the trace from `from` without the phone. Its steps up to the first board that is `screen`
/// are on the phone already (none when `screen` is `from`); the rest are counted: their length, the
/// inputs they need, their wrong trial digits. `None`: the trace never shows `screen`.
fn dry_run(
    rules: &BoardRules,
    from: &Board,
    screen: &Board,
    solution: &Board,
    opts: &ReplayOptions,
    mut rp: ReplayPlanner,
    cap: u64,
) -> Result<Option<Dry>, PlayError> {
    let notes_answer = opts.notes_trial.then_some(solution);
    let mut on_screen = OnScreen::new(from, screen, notes_answer);
    let mut dry = Dry {
        skip: 0,
        steps: 0,
        actions: 0,
        mistakes: MistakeCount::default(),
        gave_up: false,
    };
    let (mut found, mut seen) = (on_screen.matches(), 0);
    let mut failed = None;
    let report = rules.trace(from, opts.strategy, Some(cap), |step| {
        seen += 1;
        if !found {
            rp.landed(step);
            (found, dry.skip) = (on_screen.step(step), seen);
            return ControlFlow::Continue(());
        }
        if let Step::Place { cell, digit } = step {
            dry.mistakes.record(solution, cell, digit);
        }
        match rp.step(step) {
            Ok(m) => {
                dry.actions += m.actions.len() as u64;
                ControlFlow::Continue(())
            }
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(e) = failed {
        return Err(e.into());
    }
    if !found {
        return Ok(None);
    }
    dry.steps = report.steps() - dry.skip;
    match report.outcome {
        Outcome::Solved(_) => {}
        Outcome::GaveUp { .. } => dry.gave_up = true,
        Outcome::Unsolvable | Outcome::Stopped { .. } => {
            return Err(PlayError::Unsolvable {
                board: Box::new(from.clone()),
            })
        }
    }
    Ok(Some(dry))
}

/// What a replay says of a board whose entries (the digits of `shown` beyond `puzzle`) the search
/// from the givens never shows, `wrong` of them to be erased first.
fn off_the_trace(shown: &Board, puzzle: &Board, wrong: usize) -> String {
    let entries = shown
        .filled()
        .filter(|&(c, _)| puzzle.get(c).is_none())
        .count();
    let erased = match wrong {
        0 => String::new(),
        n => format!(", after erasing the {n} wrong one(s)"),
    };
    format!(
        "the board's {entries} entries are not where the search from the givens passes: the \
         search replays from the board as it stands{erased}"
    )
}

/// Where the replay starts: the puzzle's trace with the steps a stopped replay sent, else the board
/// as it stands, its wrong digits erased first with `--fix` (else they stop the replay).
pub(super) fn start<A: Agent>(
    run: &mut Run<'_, A>,
    opts: &ReplayOptions,
    puzzle: &Board,
    view: &GameView,
    solution: &Board,
    planner: &mut Planner,
    cap: u64,
) -> Result<(Board, Dry), PlayError> {
    if !view.givens_known {
        run.observer.note(
            "the givens could not be told from the entries: the search replays from the whole \
             board as it stands, every digit taken as the puzzle's",
        );
    }
    let notes_answer = opts.notes_trial.then(|| solution.clone());
    let rp = ReplayPlanner::new(planner.clone(), notes_answer.clone());
    let resumed = run.timed(Phase::Plan, |_| {
        dry_run(&view.rules, puzzle, &view.shown, solution, opts, rp, cap)
    })?;
    if let Some(dry) = resumed {
        if dry.skip > 0 {
            run.observer.note(&format!(
                "resuming the replay after step {}: the board on screen is where it stopped",
                dry.skip
            ));
        }
        return Ok((puzzle.clone(), dry));
    }
    let wrong = view.wrong_entries(solution);
    if !wrong.is_empty() && !opts.fill.fix {
        return Err(PlayError::WrongEntries(wrong));
    }
    run.observer
        .note(&off_the_trace(&view.shown, puzzle, wrong.len()));
    let mut from = view.shown.clone();
    let erases = wrong
        .iter()
        .map(|w| {
            from.set(w.cell, None);
            planner.erase(w.cell)
        })
        .collect::<Result<Vec<_>, _>>()?;
    run.send(&erases, 0, 0)?;
    let dry = run.timed(Phase::Plan, |_| {
        dry_run(
            &view.rules,
            &from,
            &from,
            solution,
            opts,
            ReplayPlanner::new(planner.clone(), notes_answer.clone()),
            cap,
        )
    })?;
    let dry =
        dry.ok_or_else(|| PlayError::Bug("a trace does not start from its own board".into()))?;
    Ok((from, dry))
}
