//! The agent `regress` hands to the play driver: the real `PhoneAgent`, watched. Every look keeps the
//! screenshot and read (the evidence of a failure), every move the driver reports is remembered until
//! the next look shows whether its digit landed where it was typed, and one cell can be held back
//! from the driver (shown to it as a given) so the game's last digit is typed by the checks.

use crate::device::Screenshot;
use crate::play::estimate::Pace;
use crate::play::moves::{Action, Move, Outcome};
use crate::play::phone_agent::PhoneAgent;
use crate::play::view::{Agent, Observer, Phase, Screen};
use crate::play::PlayError;
use crate::vision::BoardRead;
use autosudoku_core::sudoku::{Cell, Digit};
use serde_json::json;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use super::checks::{self, Miss};

/// A screenshot and what was read on it.
pub type Look = (Screenshot, Option<BoardRead>);

/// What the driver did in one game, shared by the probe (the agent) and its observer.
#[derive(Default)]
pub struct Watch {
    /// Values typed since the last look.
    pending: Vec<(Cell, Digit)>,
    /// Values typed in the game.
    pub typed: u64,
    pub misses: Vec<Miss>,
    /// The looks before and after the first miss.
    pub miss_evidence: Option<(Look, Look)>,
    /// Every move with its time, as JSON Lines.
    pub trace: Vec<String>,
    pub phases: BTreeMap<Phase, Duration>,
    /// The cell kept from the driver, and its answer.
    pub held: Option<(Cell, Digit)>,
    started: Option<Instant>,
}

impl Watch {
    fn since_start(&mut self) -> f64 {
        self.started
            .get_or_insert_with(Instant::now)
            .elapsed()
            .as_secs_f64()
    }
}

/// The observer half: records moves and phase times.
pub struct Recorder<'w>(pub &'w RefCell<Watch>);

impl Observer for Recorder<'_> {
    fn sent(&mut self, moves: &[Move], _done: u64) {
        let mut w = self.0.borrow_mut();
        let t = w.since_start();
        for m in moves {
            if let Outcome::Value(d) = m.outcome {
                w.pending.push((m.cell, d));
                w.typed += 1;
            }
            let line = json!({ "t": (t * 1000.0).round() / 1000.0, "cell": m.cell.to_string(),
                               "outcome": m.outcome, "actions": m.actions });
            w.trace.push(line.to_string());
        }
    }

    fn phase(&mut self, phase: Phase, took: Duration) {
        *self.0.borrow_mut().phases.entry(phase).or_default() += took;
    }

    fn note(&mut self, text: &str) {
        let mut w = self.0.borrow_mut();
        let t = w.since_start();
        let line = json!({ "t": (t * 1000.0).round() / 1000.0, "note": text });
        w.trace.push(line.to_string());
    }
}

/// The agent half: the phone agent, with the looks kept and the held cell hidden.
pub struct Probe<'p, 'a> {
    pub agent: &'p mut PhoneAgent<'a>,
    watch: &'p RefCell<Watch>,
    /// The look before the latest, and the latest.
    pub previous: Option<Look>,
    pub latest: Option<Look>,
    /// The latest look that showed the game (the grid under a dialog cannot be read).
    pub last_game: Option<Look>,
}

impl<'p, 'a> Probe<'p, 'a> {
    pub fn new(agent: &'p mut PhoneAgent<'a>, watch: &'p RefCell<Watch>) -> Self {
        Probe {
            agent,
            watch,
            previous: None,
            latest: None,
            last_game: None,
        }
    }
}

impl Agent for Probe<'_, '_> {
    fn look(&mut self) -> Result<Screen, PlayError> {
        let mut screen = self.agent.look()?;
        self.previous = self.latest.take();
        self.latest = self.agent.last().cloned();
        if let Screen::Game(view) = &mut screen {
            self.last_game = self.latest.clone();
            let mut w = self.watch.borrow_mut();
            let typed = std::mem::take(&mut w.pending);
            let missed = checks::misses(&typed, &view.shown);
            if !missed.is_empty() && w.miss_evidence.is_none() {
                if let (Some(before), Some(after)) = (&self.previous, &self.latest) {
                    w.miss_evidence = Some((before.clone(), after.clone()));
                }
            }
            w.misses.extend(missed);
            if let Some((cell, digit)) = w.held {
                // The driver sees the held cell as a given: it neither fills nor solves around it.
                view.shown.set(cell, Some(digit));
                view.givens.set(cell, Some(digit));
            }
        }
        Ok(screen)
    }

    fn send(&mut self, actions: &[Action]) -> Result<(), PlayError> {
        self.agent.send(actions)
    }

    fn dismiss(&mut self) -> Result<bool, PlayError> {
        self.agent.dismiss()
    }

    fn measure_pace(&mut self) -> Result<Option<Pace>, PlayError> {
        self.agent.measure_pace()
    }
}
