//! `--mode replay`: the backtracking search played live on the phone. Counts the trace first
//! (steps, inputs, wrong trial digits) to estimate its length and refuse what would run too long or
//! lose the game, then streams the solver's steps straight into input batches, and ends with the
//! fill's verify-and-repair rounds so a dropped tap never leaves the game unsolved.
//!
//! A replay that was stopped (Ctrl-C, a lost phone) resumes: the board on screen is found on the
//! puzzle's trace (`resume`) and only the steps after it are sent. A board the trace never shows
//! (a tap lost before the stop, the user's own digits) is replayed from as it stands; wrong digits
//! on it stop the replay unless `--fix` erases them first.

use super::driver::{finish, FillOptions, Won};
use super::estimate::{default_max_steps, estimate, Estimate, Pace};
use super::learn;
use super::moves::{InputStyle, Move, Planner};
use super::replay::{MistakeCount, ReplayPlanner};
use super::resume::OnScreen;
use super::run::Run;
use super::view::{Agent, GameView, Phase};
use super::PlayError;
use autosudoku_core::solve::{self, Outcome, Step, Strategy};
use autosudoku_core::sudoku::Board;
use std::ops::ControlFlow;
use std::time::Duration;

/// The replay as the user asked for it.
#[derive(Debug, Clone)]
pub struct ReplayOptions {
    pub strategy: Strategy,
    /// Refuse traces longer than this; `None` = what fits in five minutes at `pace`.
    pub max_steps: Option<u64>,
    /// Pause after every step (for filming).
    pub delay: Duration,
    /// Enter wrong trial digits as pencil notes (apps that count mistakes).
    pub notes_trial: bool,
    /// What inputs cost when the phone cannot be measured (the estimate's prior).
    pub pace: Pace,
    /// Steps sent per batch when there is no delay (fewer round trips, smooth progress).
    pub steps_per_batch: usize,
    /// Verify-and-repair settings for the end of the replay.
    pub fill: FillOptions,
}

/// Counting stops here even without `--max-steps`: anything longer would take hours on a phone.
const COUNT_CAP: u64 = 5_000_000;

/// What the dry run found.
struct Dry {
    /// Steps of the trace on screen already (a stopped replay's), not sent again.
    skip: u64,
    /// Steps still to send.
    steps: u64,
    actions: u64,
    mistakes: MistakeCount,
    gave_up: bool,
}

fn style_for(opts: &ReplayOptions, caps: &super::moves::Capabilities) -> InputStyle {
    if let Some(style) = opts.fill.style {
        return style;
    }
    // Cell-first keeps the selection between a Remove and the next Place in the same cell.
    [
        InputStyle::CellFirst,
        InputStyle::Keys,
        InputStyle::DigitFirst,
    ]
    .into_iter()
    .find(|s| caps.styles.contains(s))
    .unwrap_or(InputStyle::CellFirst)
}

fn to_move(rp: &mut ReplayPlanner, step: Step) -> Result<Move, PlayError> {
    Ok(match step {
        Step::Place { cell, digit } => rp.place(cell, digit)?,
        Step::Remove { cell } => rp.remove(cell)?,
    })
}

/// Runs the trace from `from` without the phone. Its steps up to the first board that is `screen`
/// are on the phone already (none when `screen` is `from`); the rest are counted: their length, the
/// inputs they need, their wrong trial digits. `None`: the trace never shows `screen`.
fn dry_run(
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
    let report = solve::trace(from, opts.strategy, Some(cap), |step| {
        seen += 1;
        if !found {
            rp.landed(step);
            (found, dry.skip) = (on_screen.step(step), seen);
            return ControlFlow::Continue(());
        }
        if let Step::Place { cell, digit } = step {
            dry.mistakes.record(solution, cell, digit);
        }
        match to_move(&mut rp, step) {
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
        return Err(e);
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

/// Where the replay starts: the puzzle's trace with the steps a stopped replay sent, else the board
/// as it stands, its wrong digits erased first with `--fix` (else they stop the replay).
fn start<A: Agent>(
    run: &mut Run<'_, A>,
    opts: &ReplayOptions,
    puzzle: &Board,
    view: &GameView,
    solution: &Board,
    planner: &mut Planner,
    cap: u64,
) -> Result<(Board, Dry), PlayError> {
    let notes_answer = opts.notes_trial.then(|| solution.clone());
    let rp = ReplayPlanner::new(planner.clone(), notes_answer.clone());
    let resumed = run.timed(Phase::Plan, |_| {
        dry_run(puzzle, &view.shown, solution, opts, rp, cap)
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

/// Replays the search on the game on screen; `on_estimate` sees the plan before the first tap.
pub fn replay<A: Agent>(
    run: &mut Run<'_, A>,
    opts: &ReplayOptions,
    on_estimate: &mut dyn FnMut(&Estimate),
) -> Result<Won, PlayError> {
    let Some(view) = run.game(Phase::Read)? else {
        return Ok(Won::Dialog);
    };
    let solution = run.solve(&view, opts.fill.first_solution)?;
    // The givens, when the reader tells them apart: a stopped replay's steps start from them.
    let puzzle = if view.givens.filled_count() > 0 {
        view.givens.clone()
    } else {
        view.shown.clone()
    };
    let first = view.clone();
    let Some((view, mistake_limit)) =
        learn::before_replay(run, view, &solution, opts.fill.mistake_limit)?
    else {
        return Ok(Won::Dialog);
    };
    let style = style_for(opts, &view.caps);
    let notes_answer = opts.notes_trial.then(|| solution.clone());
    let mut planner = Planner::new(style, &view.caps, view.cursor())?.seeing(&view.shown);

    let pace = run.agent.measure_pace()?.unwrap_or(opts.pace);
    let cap = opts.max_steps.unwrap_or(COUNT_CAP);
    let (from, dry) = start(run, opts, &puzzle, &first, &solution, &mut planner, cap)?;
    let per_step = dry.actions as f64 / dry.steps.max(1) as f64;
    let max = opts
        .max_steps
        .unwrap_or_else(|| default_max_steps(pace, per_step, opts.delay));
    let batches = dry.steps.div_ceil(batch_len(opts) as u64);
    let est = estimate(dry.steps, dry.actions, batches, pace, opts.delay);
    on_estimate(&est);
    if dry.gave_up || dry.steps > max {
        let duration = if dry.gave_up {
            let actions = (cap as f64 * per_step) as u64;
            estimate(cap, actions, 0, pace, opts.delay).duration
        } else {
            est.duration
        };
        return Err(PlayError::TooLong {
            strategy: opts.strategy.name(),
            steps: dry.steps,
            at_least: dry.gave_up,
            max,
            estimate: duration,
        });
    }
    if let (Some(limit), false) = (mistake_limit, opts.notes_trial) {
        if dry.mistakes.0 >= limit as u64 {
            return Err(PlayError::MistakeLimit {
                wrong: dry.mistakes.0,
                limit,
            });
        }
    }

    run.observer.start(&view.shown, &solution, dry.steps);
    let mut rp = ReplayPlanner::new(planner, notes_answer);
    let mut batch = Batch::default();
    let mut failed: Option<PlayError> = None;
    let mut seen = 0;
    solve::trace(&from, opts.strategy, Some(dry.skip + dry.steps), |step| {
        seen += 1;
        if seen <= dry.skip {
            rp.landed(step);
            return ControlFlow::Continue(());
        }
        let result = to_move(&mut rp, step).and_then(|m| {
            batch.push(m);
            if batch.moves.len() >= batch_len(opts) {
                batch.flush(run, opts.delay)
            } else {
                Ok(())
            }
        });
        match result {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    batch.flush(run, opts.delay)?;
    let Some(view) = run.game(Phase::Verify)? else {
        return Ok(Won::Dialog);
    };
    finish(run, &opts.fill, view, &solution, dry.steps)
}

fn batch_len(opts: &ReplayOptions) -> usize {
    if opts.delay.is_zero() {
        opts.steps_per_batch.max(1)
    } else {
        1
    }
}

/// Moves waiting to be sent, and how many steps have been sent so far.
#[derive(Default)]
struct Batch {
    moves: Vec<Move>,
    done: u64,
}

impl Batch {
    fn push(&mut self, m: Move) {
        self.moves.push(m);
    }

    fn flush<A: Agent>(&mut self, run: &mut Run<'_, A>, delay: Duration) -> Result<(), PlayError> {
        if self.moves.is_empty() {
            return Ok(());
        }
        run.check_stop()?;
        self.done += self.moves.len() as u64;
        run.send(&self.moves, 0, self.done)?;
        self.moves.clear();
        if !delay.is_zero() {
            std::thread::sleep(delay);
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "show_tests.rs"]
mod tests;
