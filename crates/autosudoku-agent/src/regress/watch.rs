//! The agent `regress` hands to the play driver: the real `PhoneAgent`, watched (`WatchedAgent`),
//! and the `Watch` it shares with its observer half (`Recorder`). Every look keeps the
//! screenshot and read (the evidence of a failure), every move the driver reports is remembered until
//! the next look shows whether its digit landed where it was typed, and one cell can be held back
//! from the driver (shown to it as a given) so the game's last digit is typed by the checks.

use crate::device::input::Sent;
use crate::device::Screenshot;
use crate::play::estimate::Pace;
use crate::play::moves::{Action, Expect, InputStyle, Move, Outcome};
use crate::play::phone_agent::PhoneAgent;
use crate::play::view::{Agent, GameView, GlanceFor, Highlight, Observer, Phase, Screen};
use crate::play::PlayError;
use crate::vision::BoardRead;
use autosudoku_core::sudoku::{Cell, Digit};
use serde_json::json;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use super::checks::{self, Miss};
use super::outcome::Typed;

/// A screenshot and what was read on it.
pub type Look = (Screenshot, Option<BoardRead>);

/// What the driver did in one game, shared by the watched agent and its observer.
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
    /// The digits typed (by the checks and by play's fill), each with the commands that carried it.
    carried: Vec<Typed>,
    /// The commands the driver sent since it last told which moves they carried.
    unclaimed: Vec<String>,
    started: Option<Instant>,
}

impl Watch {
    /// A digit a check typed, with the device commands that carried it, for the trace.
    pub fn typed_by(&mut self, cell: Cell, digit: Digit, inputs: &[Sent]) {
        let t = self.since_start();
        let commands: Vec<&str> = inputs.iter().map(|s| &*s.command).collect();
        let line = json!({ "t": (t * 1000.0).round() / 1000.0, "check": true,
                           "cell": cell.to_string(), "digit": digit.get(), "commands": commands });
        self.trace.push(line.to_string());
        let typed = Typed {
            cell,
            digit: digit.get(),
            commands: commands.iter().map(|c| c.to_string()).collect(),
        };
        self.carried.push(typed);
    }

    /// The last digit typed into `cell`, with its commands.
    pub fn carried(&self, cell: Cell) -> Option<Typed> {
        self.carried.iter().rev().find(|t| t.cell == cell).cloned()
    }

    /// The last digit typed anywhere in the game, with its commands.
    pub fn last_carried(&self) -> Option<Typed> {
        self.carried.last().cloned()
    }

    /// The digits of the driver's `moves`, each with the commands that carried it: the commands
    /// sent since the last batch, one per action in order (`PhoneAgent::send` maps each action
    /// to one stroke); when the count differs (a backend that stopped part way), each digit gets
    /// the whole batch's commands, which still hold the one that carried it.
    fn claim(&mut self, moves: &[Move]) {
        let commands = std::mem::take(&mut self.unclaimed);
        let actions: usize = moves.iter().map(|m| m.actions.len()).sum();
        let mut at = 0;
        for m in moves {
            let own = if actions == commands.len() {
                commands[at..at + m.actions.len()].to_vec()
            } else {
                commands.clone()
            };
            at += m.actions.len();
            if let Outcome::Value(digit) = m.outcome {
                let typed = Typed {
                    cell: m.cell,
                    digit: digit.get(),
                    commands: own,
                };
                self.carried.push(typed);
            }
        }
    }

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
        w.claim(moves);
    }

    fn delivered(&mut self, inputs: Vec<Sent>) {
        let mut w = self.0.borrow_mut();
        let commands: Vec<&str> = inputs.iter().map(|s| &*s.command).collect();
        let line = json!({ "commands": commands });
        w.trace.push(line.to_string());
        w.unclaimed.extend(commands.iter().map(|c| c.to_string()));
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

/// What the watched agent needs of the agent it wraps besides `Agent`: the screenshot and read of
/// its last look (the evidence of a failure).
pub trait Shows {
    fn last_look(&self) -> Option<Look>;
}

impl Shows for PhoneAgent<'_> {
    fn last_look(&self) -> Option<Look> {
        self.last().cloned()
    }
}

/// The agent half: the phone agent, every method forwarded (a capability a wrapper dropped would
/// have regress play another game than `play`; a test calls each through it), with the looks kept
/// and the held cell hidden.
pub struct WatchedAgent<'p, A> {
    pub agent: &'p mut A,
    watch: &'p RefCell<Watch>,
    /// The look before the latest, and the latest.
    pub previous: Option<Look>,
    pub latest: Option<Look>,
    /// The latest look that showed the game (the grid under a dialog cannot be read).
    pub last_game: Option<Look>,
}

impl<'p, A: Agent + Shows> WatchedAgent<'p, A> {
    pub fn new(agent: &'p mut A, watch: &'p RefCell<Watch>) -> Self {
        WatchedAgent {
            agent,
            watch,
            previous: None,
            latest: None,
            last_game: None,
        }
    }

    /// Judges the typed digits against a game view and hides the held cell from the driver.
    fn watched(&mut self, view: &mut GameView) {
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
}

impl<A: Agent + Shows> Agent for WatchedAgent<'_, A> {
    fn look(&mut self) -> Result<Screen, PlayError> {
        let mut screen = self.agent.look()?;
        self.previous = self.latest.take();
        self.latest = self.agent.last_look();
        if let Screen::Game(view) = &mut screen {
            self.watched(view);
        }
        Ok(screen)
    }

    fn send(&mut self, actions: &[Action]) -> Result<(), PlayError> {
        self.agent.send(actions)
    }

    fn glance_start(&mut self, purpose: GlanceFor) {
        self.agent.glance_start(purpose)
    }

    fn glance_end(&mut self) -> Option<Highlight> {
        self.agent.glance_end()
    }

    fn glance_ready(&self) -> bool {
        self.agent.glance_ready()
    }

    fn glance_screen(&mut self) -> Option<Screen> {
        let mut screen = self.agent.glance_screen()?;
        if let Screen::Game(view) = &mut screen {
            // Not a look: the typed digits wait for one, but the held cell stays hidden.
            if let Some((cell, digit)) = self.watch.borrow().held {
                view.shown.set(cell, Some(digit));
                view.givens.set(cell, Some(digit));
            }
        }
        Some(screen)
    }

    fn sees(&mut self, expect: Expect) -> bool {
        self.agent.sees(expect)
    }

    fn dismiss(&mut self) -> Result<bool, PlayError> {
        self.agent.dismiss()
    }

    fn measure_pace(&mut self) -> Result<Option<Pace>, PlayError> {
        self.agent.measure_pace()
    }

    fn take_sent(&mut self) -> Vec<Sent> {
        self.agent.take_sent()
    }

    fn adopt(&mut self, style: InputStyle) {
        self.agent.adopt(style)
    }

    fn mistakes_shown(&mut self) -> Option<(u32, Option<u32>)> {
        self.agent.mistakes_shown()
    }

    fn last_digit_sent(&mut self) {
        self.agent.last_digit_sent()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::fake::FakeApp;

    /// A play agent (the fake phone) that notes every method called on it.
    struct Spy {
        app: FakeApp,
        called: RefCell<Vec<&'static str>>,
    }

    impl Spy {
        fn note(&self, name: &'static str) {
            self.called.borrow_mut().push(name);
        }
    }

    impl Shows for Spy {
        fn last_look(&self) -> Option<Look> {
            None
        }
    }

    impl Agent for Spy {
        fn look(&mut self) -> Result<Screen, PlayError> {
            self.note("look");
            self.app.look()
        }
        fn send(&mut self, actions: &[Action]) -> Result<(), PlayError> {
            self.note("send");
            self.app.send(actions)
        }
        fn glance_start(&mut self, purpose: GlanceFor) {
            self.note("glance_start");
            self.app.glance_start(purpose)
        }
        fn glance_end(&mut self) -> Option<Highlight> {
            self.note("glance_end");
            self.app.glance_end()
        }
        fn glance_ready(&self) -> bool {
            self.note("glance_ready");
            self.app.glance_ready()
        }
        fn glance_screen(&mut self) -> Option<Screen> {
            self.note("glance_screen");
            self.app.glance_screen()
        }
        fn sees(&mut self, expect: Expect) -> bool {
            self.note("sees");
            self.app.sees(expect)
        }
        fn dismiss(&mut self) -> Result<bool, PlayError> {
            self.note("dismiss");
            self.app.dismiss()
        }
        fn measure_pace(&mut self) -> Result<Option<Pace>, PlayError> {
            self.note("measure_pace");
            self.app.measure_pace()
        }
        fn take_sent(&mut self) -> Vec<Sent> {
            self.note("take_sent");
            self.app.take_sent()
        }
        fn adopt(&mut self, style: InputStyle) {
            self.note("adopt");
            self.app.adopt(style)
        }
        fn mistakes_shown(&mut self) -> Option<(u32, Option<u32>)> {
            self.note("mistakes_shown");
            self.app.mistakes_shown()
        }
        fn last_digit_sent(&mut self) {
            self.note("last_digit_sent");
            self.app.last_digit_sent()
        }
    }

    /// The methods of the `Agent` trait, from its source: a method added later is in this list
    /// before any wrapper forwards it.
    fn agent_methods() -> Vec<String> {
        let source = include_str!("../play/view.rs");
        let body = source
            .split("pub trait Agent {")
            .nth(1)
            .and_then(|rest| rest.split("\n}\n").next())
            .expect("the Agent trait in play/view.rs");
        let mut names: Vec<String> = body
            .lines()
            .filter_map(|l| l.trim().strip_prefix("fn "))
            .filter_map(|l| l.split(['(', '<']).next())
            .map(str::to_owned)
            .collect();
        names.sort();
        names
    }

    fn sent(command: &str) -> Sent {
        Sent {
            backend: crate::device::input::InputKind::Shell,
            command: command.into(),
            round_trip: 0,
            sent_at: Instant::now(),
            confirmed_at: None,
        }
    }

    fn typing(cell: Cell, digit: Digit, actions: Vec<Action>) -> Move {
        let outcome = Outcome::Value(digit);
        Move {
            cell,
            outcome,
            actions,
            check: None,
        }
    }

    #[test]
    fn each_digit_the_fill_typed_keeps_the_commands_of_its_own_actions() {
        let (a, b) = (Cell::new(0, 0).unwrap(), Cell::new(8, 8).unwrap());
        let (five, six) = (Digit::new(5).unwrap(), Digit::new(6).unwrap());
        let watch = RefCell::new(Watch::default());
        let mut rec = Recorder(&watch);
        // The first move's cell tap went out alone first (a set-up checked before the rest).
        rec.delivered(vec![sent("input tap 1 1")]);
        rec.delivered(vec![
            sent("input tap 5 5"),
            sent("input tap 9 9"),
            sent("input tap 6 6"),
        ]);
        let moves = [
            typing(a, five, vec![Action::TapCell(a), Action::TapDigit(five)]),
            typing(b, six, vec![Action::TapCell(b), Action::TapDigit(six)]),
        ];
        rec.sent(&moves, 2);
        let w = watch.borrow();
        assert_eq!(
            w.carried(a).unwrap().commands,
            ["input tap 1 1", "input tap 5 5"]
        );
        assert_eq!(
            w.carried(b).unwrap().commands,
            ["input tap 9 9", "input tap 6 6"]
        );
        assert_eq!(w.last_carried().unwrap().cell, b);
        // A batch whose commands do not match its actions one to one: each digit gets them all.
        drop(w);
        rec.delivered(vec![sent("input tap 1 1; input tap 5 5")]);
        rec.sent(&moves[..1], 3);
        assert_eq!(
            watch.borrow().carried(a).unwrap().commands,
            ["input tap 1 1; input tap 5 5"]
        );
    }

    #[test]
    fn every_method_of_the_play_agent_is_reachable_through_regress() {
        let (puzzle, solution) = crate::play::fake::puzzle();
        let mut spy = Spy {
            app: FakeApp::new(&puzzle, &solution, InputStyle::CellFirst),
            called: RefCell::new(Vec::new()),
        };
        let watch = RefCell::new(Watch::default());
        let mut w = WatchedAgent::new(&mut spy, &watch);
        w.look().unwrap();
        w.send(&[]).unwrap();
        w.glance_start(GlanceFor::Screen);
        let _ = w.glance_ready();
        w.glance_end();
        w.glance_start(GlanceFor::Screen);
        w.glance_screen();
        w.sees(Expect::Disarmed);
        w.dismiss().unwrap();
        w.measure_pace().unwrap();
        w.take_sent();
        w.adopt(InputStyle::CellFirst);
        w.mistakes_shown();
        w.last_digit_sent();
        let mut called = spy.called.into_inner();
        called.sort();
        called.dedup();
        assert_eq!(called, agent_methods(), "methods the play agent heard");
    }
}
