//! Sending a plan whose moves carry [`Check`]s: before the part of a move that relies on a modal
//! state (the armed digit, the selected cell), the driver sends the move's set-up, looks, and goes
//! on only if the screen shows that state and no wrong digit. Otherwise it hands the fresh view back
//! so the next round repairs first and re-plans from the board as it stands. A lost tap then costs a
//! look, never a wrong digit (measured on paper under `drop-taps=0.1`: 147 wrong digits in 8 games
//! without checks, see `scripts/soak`).
//!
//! Apps that never draw a state cannot confirm it: [`Sight`] drops those checks after four misses
//! with nothing drawn, so a blind app is played as before instead of in circles. (Four: a drawing
//! app loses four taps in a row one time in 10⁴ at 10% lost, and an even count leaves a blind
//! digit-first app's key as it found it.) Until a selection has been seen (so none is shown), the
//! first selection check of a plan is a glance instead (`moves::Confirm::glance`): the screen is
//! captured while the rest of the first digit's run goes out, and showing nothing after three of
//! its taps and the park is four misses at once, as a drawing app shows the last of those taps
//! that landed. The checks after it that the app turned out not to draw are skipped. Solo, whose
//! lone grey cell the highlight reader does not take for a selection, is found blind by one
//! capture that the phone spends no time waiting for.

use super::fresh::Trusted;
use super::moves::{Check, Confirm, Expect, Move, Outcome};
use super::run::Run;
use super::view::{Agent, GameView, GlanceFor, Highlight, Phase};
use super::PlayError;
use autosudoku_core::sudoku::Board;

/// How a checked send ended.
pub(super) enum Sent {
    /// Every move went out.
    All,
    /// A check failed or a wrong digit showed: the view it saw, to plan the next round from.
    Saw(Box<GameView>),
    /// The app showed its solved state at a check.
    Solved,
}

/// Which highlights the app has drawn so far, and checks missed for want of one.
#[derive(Debug, Default)]
pub(super) struct Sight {
    drew_cell: bool,
    drew_digit: bool,
    missed_cell: u8,
    missed_digit: u8,
}

/// Checks of a state the app has never drawn, missed this often, are dropped.
const BLIND_AFTER: u8 = 4;

impl Sight {
    /// What a planner should confirm on this app.
    pub fn confirm(&self) -> Confirm {
        Confirm {
            selection: self.drew_cell || self.missed_cell < BLIND_AFTER,
            armed: self.drew_digit || self.missed_digit < BLIND_AFTER,
            glance: if self.drew_cell { 0 } else { BLIND_AFTER - 1 },
        }
    }

    /// Whether a check of `expect` is still worth its look.
    fn confirms(&self, expect: Expect) -> bool {
        let confirm = self.confirm();
        match expect {
            Expect::Selected(_) => confirm.selection,
            Expect::Armed(_) | Expect::Disarmed => confirm.armed,
        }
    }

    pub fn saw(&mut self, h: Highlight) {
        self.drew_cell |= h.cell.is_some();
        self.drew_digit |= h.digit.is_some();
    }

    fn missed(&mut self, check: Check, h: Highlight) {
        match check.expect {
            Expect::Selected(_) if h.cell.is_none() => {
                self.missed_cell = self.missed_cell.saturating_add(check.misses)
            }
            Expect::Armed(_) if h.digit.is_none() => self.missed_digit += 1,
            _ => {}
        }
    }
}

fn holds(expect: Expect, h: Highlight) -> bool {
    match expect {
        Expect::Selected(c) => h.cell == Some(c),
        Expect::Armed(d) => h.digit == Some(d),
        Expect::Disarmed => h.digit.is_none(),
    }
}

/// Sends `plan`, made from a look that showed `shown`, seeing to every check: by a frame that
/// proves it (`fresh`), else by a look. `done` counts the cells filled so far (of `todo`).
pub(super) fn send<A: Agent>(
    run: &mut Run<'_, A>,
    plan: &[Move],
    solution: &Board,
    shown: Highlight,
    sight: &mut Sight,
    progress: (&mut u64, u64),
) -> Result<Sent, PlayError> {
    let (done, todo) = progress;
    // Moves before `from` are sent, and the first `skip` actions of `plan[from]`.
    let (mut from, mut skip) = (0, 0);
    let mut trusted = Trusted::look(shown);
    let mut glance = None;
    for (i, m) in plan.iter().enumerate() {
        let Some(check @ Check { after, expect, .. }) = m.check else {
            continue;
        };
        if let Some(g) = glance.take() {
            send_moves(run, &plan[from..i], skip, done, todo)?;
            (from, skip) = (i, 0);
            end_glance(run, g, sight);
        }
        if !sight.confirms(expect) {
            continue;
        }
        if check.glance {
            send_moves(run, &plan[from..=i], skip, done, todo)?;
            run.agent.glance_start(GlanceFor::Highlight);
            (from, skip, glance) = (i + 1, 0, Some(check));
            continue;
        }
        send_moves(run, &plan[from..i], skip, done, todo)?;
        run.check_stop()?;
        run.send_setup(&m.actions[..after])?;
        if trusted.frame_proves(plan, i, check)
            && run.timed(Phase::Verify, |r| r.agent.sees(expect))
        {
            sight.saw(drawn(expect));
            (trusted, from, skip) = (Trusted::held(i, check, None), i, after);
            continue;
        }
        let Some(view) = run.game(Phase::Verify)? else {
            return Ok(Sent::Solved);
        };
        sight.saw(view.highlight);
        if !holds(expect, view.highlight) || wrong_landed(&view, solution, &plan[i..]) {
            tracing::info!(
                "expected {expect:?} on screen, saw {:?}: planning again from this screen",
                view.highlight
            );
            sight.missed(check, view.highlight);
            // The set-up's inputs belong to a move that is planned again.
            run.observer.sent(&[], *done);
            return Ok(Sent::Saw(Box::new(view)));
        }
        (trusted, from, skip) = (Trusted::held(i, check, Some(view.highlight)), i, after);
    }
    send_moves(run, &plan[from..], skip, done, todo)?;
    if let Some(g) = glance {
        end_glance(run, g, sight);
    }
    Ok(Sent::All)
}

/// The highlight a confirmed `expect` shows.
fn drawn(expect: Expect) -> Highlight {
    match expect {
        Expect::Selected(c) => Highlight {
            cell: Some(c),
            ..Highlight::default()
        },
        Expect::Armed(d) => Highlight {
            digit: Some(d),
            ..Highlight::default()
        },
        Expect::Disarmed => Highlight::default(),
    }
}

/// What a glance saw, for `sight` only: it was taken at some moment of the sends since, so it
/// decides nothing else (the next look verifies them).
fn end_glance<A: Agent>(run: &mut Run<'_, A>, check: Check, sight: &mut Sight) {
    if let Some(seen) = run.timed(Phase::Verify, |r| r.agent.glance_end()) {
        tracing::info!("glanced at the screen during the sends: {seen:?}");
        sight.saw(seen);
        sight.missed(check, seen);
    }
}

/// Whether the screen shows a wrong digit that no move still `ahead` erases: one of ours landed
/// wrong (the user's, which `--fix` erases, are expected until their erase).
fn wrong_landed(view: &GameView, solution: &Board, ahead: &[Move]) -> bool {
    view.wrong_entries(solution).iter().any(|w| {
        !ahead
            .iter()
            .any(|m| m.cell == w.cell && m.outcome == Outcome::Blank)
    })
}

/// Sends moves in slices so progress moves and Ctrl-C stops between slices, never mid-move; at
/// most three, as each slice is a device command and may cost an `input` process start (300 ms to
/// 1 s on Android <= 11). The first `skip` actions of the first move went out already.
fn send_moves<A: Agent>(
    run: &mut Run<'_, A>,
    moves: &[Move],
    mut skip: usize,
    done: &mut u64,
    todo: u64,
) -> Result<(), PlayError> {
    for chunk in moves.chunks(moves.len().div_ceil(3).max(9)) {
        run.check_stop()?;
        *done += chunk
            .iter()
            .filter(|m| matches!(m.outcome, Outcome::Value(_)))
            .count() as u64;
        run.send(chunk, skip, (*done).min(todo))?;
        skip = 0;
    }
    Ok(())
}
