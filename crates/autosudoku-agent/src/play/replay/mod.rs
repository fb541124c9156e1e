//! `--mode replay`: the backtracking search played live on the phone. Counts the trace first
//! (steps, inputs, wrong trial digits) to estimate its length and refuse what would run too long or
//! lose the game, then streams the solver's steps (as moves: `steps`) straight into input batches while a capture
//! runs behind them (`watch`: a game over or a dialog stops it within a batch or two, a lost tap
//! ends the trace early), and ends with the fill's verify-and-repair rounds so a dropped tap never
//! leaves the game unsolved.
//!
//! A replay that was stopped (Ctrl-C, a lost phone) resumes: the board on screen is found on the
//! puzzle's trace (`resume`, counted by `dry_run`) and only the steps after it are sent. A board the trace never shows
//! (a tap lost before the stop, the user's own digits) is replayed from as it stands; wrong digits
//! on it stop the replay unless `--fix` erases them first.

mod dry_run;
mod resume;
mod steps;
mod watch;

use super::driver::{finish, FillOptions, Won};
use super::estimate::{default_max_steps, estimate, Estimate, Pace};
use super::finished;
use super::learn;
use super::moves::{Capabilities, InputStyle, Move, Planner};
use super::run::Run;
use super::view::{Agent, GameView, Phase};
use super::PlayError;
use crate::vision::rules::BoardRules;
use autosudoku_core::solve::Strategy;
use autosudoku_core::sudoku::Board;
use dry_run::Dry;
use std::ops::ControlFlow;
use std::time::Duration;
use steps::ReplayPlanner;
use watch::{Seen, Watch};

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

/// The style a replay plays in: the forced one, else the first of those the app takes that keeps
/// a Remove and the next Place cheapest.
fn style_for(opts: &ReplayOptions, caps: &Capabilities) -> InputStyle {
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

/// Counting stops here even without `--max-steps`: anything longer would take hours on a phone.
const COUNT_CAP: u64 = 5_000_000;

/// Replays the search on the game on screen; `on_estimate` sees the plan before the first tap.
pub fn replay<A: Agent>(
    run: &mut Run<'_, A>,
    opts: &ReplayOptions,
    on_estimate: &mut dyn FnMut(&Estimate),
) -> Result<Won, PlayError> {
    let Some(game) = read(run, opts)? else {
        return Ok(Won::Dialog);
    };
    let style = style_for(opts, &game.view.caps);
    let view = &game.view;
    let mut planner = Planner::new(style, &view.caps, view.cursor())?.seeing(&view.shown);
    // A stopped run may have left a digit armed or notes on: what the taps rely on is read.
    planner.sync_armed(view.highlight.digit);
    planner.sync_notes(view.highlight.notes);
    let pace = run.agent.measure_pace()?.unwrap_or(opts.pace);
    let cap = opts.max_steps.unwrap_or(COUNT_CAP);
    let (from, dry) = dry_run::start(
        run,
        opts,
        &game.puzzle,
        &game.first,
        &game.solution,
        &mut planner,
        cap,
    )?;
    on_estimate(&check_cost(opts, &dry, pace, cap, game.mistake_limit)?);
    run.observer
        .start(&game.view.shown, &game.solution, dry.steps);
    let notes_answer = opts.notes_trial.then(|| game.solution.clone());
    let batch = Batch::new(opts, style);
    let rules = game.view.rules.clone();
    send_trace(
        run,
        opts,
        &rules,
        &from,
        &dry,
        ReplayPlanner::new(planner, notes_answer),
        batch,
    )?;
    let Some(view) = run.game(Phase::Verify)? else {
        return Ok(Won::Dialog);
    };
    finish(run, &opts.fill, view, &game.solution, dry.steps)
}

/// The game as a replay starts on it: read, solved, its input style and mistake limit learned.
struct Game {
    /// The givens, when the reader tells them apart: a stopped replay's steps start from them.
    puzzle: Board,
    solution: Board,
    /// The view as first read, before the style probe typed its digit.
    first: GameView,
    /// The view after learning.
    view: GameView,
    mistake_limit: Option<u32>,
}

/// Reads and solves the game on screen and learns what the replay needs of the app; `None` when
/// the app shows it solved.
fn read<A: Agent>(run: &mut Run<'_, A>, opts: &ReplayOptions) -> Result<Option<Game>, PlayError> {
    let Some(view) = finished::opening(run, opts.fill.refuse_finished)? else {
        return Ok(None);
    };
    let solution = run.solve(&view, opts.fill.first_solution)?;
    finished::refuse_complete(&view, &solution, opts.fill.refuse_finished)?;
    run.observer.split(view.givens_known);
    let puzzle = if view.givens.filled_count() > 0 {
        view.givens.clone()
    } else {
        view.shown.clone()
    };
    let first = view.clone();
    let learned = learn::before_replay(run, view, &solution, opts.fill.mistake_limit)?;
    Ok(learned.map(|(view, mistake_limit)| Game {
        puzzle,
        solution,
        first,
        view,
        mistake_limit,
    }))
}

/// The replay's estimate, unless it is refused before the first tap: with more wrong trial digits
/// than the app allows, or too long for `--max-steps` (or five minutes at `pace`).
fn check_cost(
    opts: &ReplayOptions,
    dry: &Dry,
    pace: Pace,
    cap: u64,
    mistake_limit: Option<u32>,
) -> Result<Estimate, PlayError> {
    let per_step = dry.actions as f64 / dry.steps.max(1) as f64;
    let max = opts
        .max_steps
        .unwrap_or_else(|| default_max_steps(pace, per_step, opts.delay));
    let batches = dry.steps.div_ceil(batch_len(opts) as u64);
    let est = estimate(dry.steps, dry.actions, batches, pace, opts.delay);
    // The app's limit first: it refuses the replay at any pace, where the length depends on it.
    if let (Some(limit), false) = (mistake_limit, opts.notes_trial) {
        if dry.mistakes.0 >= limit as u64 {
            return Err(PlayError::MistakeLimit {
                wrong: dry.mistakes.0,
                limit,
            });
        }
    }
    if dry.gave_up || dry.steps > max {
        let duration = if dry.gave_up {
            let actions = (cap as f64 * per_step) as u64;
            estimate(cap, actions, 0, pace, opts.delay).duration
        } else {
            est.duration
        };
        return Err(PlayError::TooLong {
            strategy: opts.strategy,
            steps: dry.steps,
            at_least: dry.gave_up,
            max,
            estimate: duration,
        });
    }
    Ok(est)
}

/// Streams the trace from `from` into batches of moves, past the `dry.skip` steps already on the
/// phone, watching the screen behind them; `Seen::OffTrack` when it stopped early for the fill's
/// rounds to finish the game.
fn send_trace<A: Agent>(
    run: &mut Run<'_, A>,
    opts: &ReplayOptions,
    rules: &BoardRules,
    from: &Board,
    dry: &Dry,
    mut rp: ReplayPlanner,
    mut batch: Batch,
) -> Result<Seen, PlayError> {
    let mut failed: Option<PlayError> = None;
    let mut off_track = false;
    let mut seen = 0;
    rules.trace(from, opts.strategy, Some(dry.skip + dry.steps), |step| {
        seen += 1;
        if seen <= dry.skip {
            rp.landed(step);
            return ControlFlow::Continue(());
        }
        let result = rp.step(step).map_err(PlayError::from).and_then(|m| {
            batch.moves.push(m);
            if batch.moves.len() >= batch_len(opts) {
                batch.flush(run, opts.delay)
            } else {
                Ok(Seen::OnTrack)
            }
        });
        match result {
            Ok(Seen::OnTrack) => ControlFlow::Continue(()),
            Ok(Seen::OffTrack) => {
                off_track = true;
                ControlFlow::Break(())
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
    if off_track || batch.flush(run, opts.delay)? == Seen::OffTrack {
        return Ok(Seen::OffTrack);
    }
    batch.watch.end(run)
}

fn batch_len(opts: &ReplayOptions) -> usize {
    if opts.delay.is_zero() {
        opts.steps_per_batch.max(1)
    } else {
        1
    }
}

/// Moves waiting to be sent, how many steps have been sent so far, and the eyes on the screen.
struct Batch {
    moves: Vec<Move>,
    done: u64,
    watch: Watch,
}

impl Batch {
    /// A glance is waited for after two batches at most (about a second of input at one per frame).
    fn new(opts: &ReplayOptions, style: InputStyle) -> Batch {
        Batch {
            moves: Vec::new(),
            done: 0,
            // Digit-first apps need not move their selection to the cell a digit went to.
            watch: Watch::new(2 * batch_len(opts), style != InputStyle::DigitFirst),
        }
    }

    fn flush<A: Agent>(
        &mut self,
        run: &mut Run<'_, A>,
        delay: Duration,
    ) -> Result<Seen, PlayError> {
        if self.moves.is_empty() {
            return Ok(Seen::OnTrack);
        }
        run.check_stop()?;
        if self.watch.before(run)? == Seen::OffTrack {
            return Ok(Seen::OffTrack);
        }
        self.done += self.moves.len() as u64;
        run.send(&self.moves, 0, self.done)?;
        self.watch.sent(&self.moves);
        self.moves.clear();
        if !delay.is_zero() {
            std::thread::sleep(delay);
        }
        Ok(Seen::OnTrack)
    }
}

#[cfg(test)]
mod tests;
