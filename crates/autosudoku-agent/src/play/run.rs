//! The context every step of a run shares: the phone as the driver sees it ([`Agent`]), the
//! observer that hears what happens, and the Ctrl-C flag; with the steps all of them use: timed
//! phases, sends that tell the observer, looking until the game is on screen, and solving it.

use super::moves::{Action, Move};
use super::view::{Agent, GameView, Observer, Phase, Screen};
use super::PlayError;
use autosudoku_core::solve::fast::{self, Solutions};
use autosudoku_core::sudoku::Board;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

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
    pub(super) fn send(&mut self, moves: &[Move], skip: usize, done: u64) -> Result<(), PlayError> {
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
    pub(super) fn send_setup(&mut self, actions: &[Action]) -> Result<(), PlayError> {
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
                    self.observer.note(&format!("closed {dialog}"));
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
            match view.rules.count(base) {
                Solutions::One(solution) => Ok(solution),
                Solutions::Zero => Err(PlayError::Unsolvable { board }),
                // An improper classic puzzle is filled with one of its answers the first time.
                Solutions::Many { .. } if first && view.rules.is_classic() => {
                    fast::solve(base).ok_or(PlayError::Unsolvable { board })
                }
                Solutions::Many { .. } => Err(PlayError::Ambiguous { board }),
            }
        })
    }
}
