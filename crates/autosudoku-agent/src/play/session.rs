//! One play session on a connected phone, assembled from resolved settings: the screen reader with
//! the profile's font, the `PhoneAgent` with the profile, the trace log and the recorder, then the
//! fill or the replay. The CLI parses flags into `Settings` and prints what `run` returns; `play`
//! and `demo` share it.

use super::driver::{self, FillOptions, Won};
use super::estimate::{Estimate, Pace};
use super::moves::InputStyle;
use super::new_game::{self, NewGameError, Step};
use super::phone_agent::{AgentTimes, AppFacts, PhoneAgent};
use super::profile::Profile;
use super::replay::{self, ReplayOptions};
use super::report::Report;
use super::run::Run;
use super::view::Known;
use super::PlayError;
use crate::device::Phone;
use crate::home::KeepAt;
use crate::record::Watcher;
use crate::vision::{Reader, ReaderOptions, TemplateSources, VisionError};
use autosudoku_core::solve::Strategy;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Fill the answer, or replay a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Fill,
    Replay {
        strategy: Strategy,
        /// Refuse traces longer than this; `None`: what fits in five minutes.
        max_steps: Option<u64>,
        /// Pause after every step (for filming).
        delay: Duration,
        /// Enter wrong trial digits as pencil notes.
        notes_trial: bool,
    },
}

impl Mode {
    /// What the progress bar counts.
    pub fn unit(self) -> &'static str {
        match self {
            Mode::Fill => "cells",
            Mode::Replay { .. } => "steps",
        }
    }
}

/// Everything a session needs, resolved from flags and the profile.
#[derive(Debug, Clone)]
pub struct Settings {
    pub mode: Mode,
    /// Where digit templates come from and learned glyphs go.
    pub templates: TemplateSources,
    /// Input styles the user names (empty: the profile's, else what the screen shows).
    pub input_style: Vec<InputStyle>,
    /// Mistakes that end the game (`None`: the app counts none), or to be read off the screen.
    pub mistake_limit: Known<Option<u32>>,
    pub fix: bool,
    pub first_solution: bool,
    /// Where the screenshot play stops on is saved.
    pub annotate: KeepAt,
    /// Keep the device commands of every move (for `--trace`).
    pub keep_sent: bool,
    /// How the app's next game is started when the one on screen is over (empty: it is not, and
    /// play stops with `PlayError::Finished`).
    pub new_game: Vec<Step>,
}

/// How a session ended, and the agent's own times for `--summary`.
pub struct Ended {
    pub result: Result<Won, PlayError>,
    pub times: AgentTimes,
    /// How often the phone was lost mid-game and reached again.
    pub reconnects: u32,
}

/// Plays on `phone` with `profile`, reporting to `report`; `watcher` sees every screen and tap
/// (the recorder); `on_estimate` hears a replay's cost before it starts. Fails before any tap
/// only when the screen reader cannot start.
pub fn run<'a>(
    phone: &'a mut Phone,
    profile: Option<Profile>,
    settings: &Settings,
    report: &mut Report,
    stop: &AtomicBool,
    watcher: Option<&'a mut dyn Watcher>,
    on_estimate: &mut dyn FnMut(&Estimate),
) -> Result<Ended, VisionError> {
    report.app = phone.foreground().ok().flatten();
    let reader = Reader::new(ReaderOptions {
        templates: Some(settings.templates.clone()),
        font: profile.as_ref().map(|p| p.font().to_owned()),
        learn: true,
        // A phone that does not say which app is in front gets the font's fingerprint instead.
        app: report.app.as_ref().map(|f| f.package.clone()),
    })?;
    let facts = AppFacts {
        styles: (!settings.input_style.is_empty()).then(|| settings.input_style.clone()),
    };
    let mut agent = PhoneAgent::new(phone, reader, facts, settings.annotate.clone());
    if let Some(p) = profile {
        agent.use_profile(p);
    }
    if settings.keep_sent {
        agent.keep_sent();
    }
    if settings.mistake_limit == Known::Learn {
        agent.expect_status();
    }
    if let Some(w) = watcher {
        agent.watch(w);
    }
    let result = {
        let mut run = Run {
            agent: &mut agent,
            observer: report,
            stop,
        };
        play(&mut run, settings, on_estimate)
    };
    if matches!(result, Err(PlayError::DeviceLost(_))) {
        report.last_screen = agent.keep_last();
    }
    Ok(Ended {
        result,
        times: agent.times,
        reconnects: agent.reconnects,
    })
}

/// The game on screen played; with `--new-game` steps, a new game started first when the first
/// step's label is on screen (`regress`'s rule) or the game on screen is already over.
fn play(
    run: &mut Run<'_, PhoneAgent<'_>>,
    settings: &Settings,
    on_estimate: &mut dyn FnMut(&Estimate),
) -> Result<Won, PlayError> {
    let steps = &settings.new_game;
    let mut started = false;
    if !steps.is_empty() && run.agent.new_game_offered(steps)? {
        start_new(run, steps)?;
        started = true;
    }
    loop {
        match one_game(run, settings, on_estimate) {
            Err(PlayError::Finished(how)) if started => {
                return Err(PlayError::NewGame(NewGameError::StillOver {
                    steps: new_game::describe(steps),
                    how,
                }))
            }
            Err(PlayError::Finished(how)) if !steps.is_empty() => {
                run.observer
                    .note(&format!("the game on screen is over ({how})"));
                start_new(run, steps)?;
                started = true;
            }
            other => return other,
        }
    }
}

fn start_new(run: &mut Run<'_, PhoneAgent<'_>>, steps: &[Step]) -> Result<(), PlayError> {
    run.agent.new_game(steps)?;
    run.observer.note(&format!(
        "started a new game ({})",
        new_game::describe(steps)
    ));
    Ok(())
}

/// The fill, or the replay with a fill at its end, of the game on screen; a game already over is
/// `PlayError::Finished`.
fn one_game(
    run: &mut Run<'_, PhoneAgent<'_>>,
    settings: &Settings,
    on_estimate: &mut dyn FnMut(&Estimate),
) -> Result<Won, PlayError> {
    let fill = FillOptions {
        style: None,
        fix: settings.fix,
        first_solution: settings.first_solution,
        mistake_limit: settings.mistake_limit,
        refuse_finished: true,
        ..FillOptions::default()
    };
    match settings.mode {
        // No 9x9 grid, one in doubt, or one "covered" by what the 9x9 reader cannot read (a
        // 6x6 board's own cells and keypad, once many entries show) may be part of a board of
        // another side: the sized reader decides.
        Mode::Fill => match driver::fill(run, &fill) {
            Err(
                e @ (PlayError::Elsewhere { .. }
                | PlayError::Uncertain { .. }
                | PlayError::Dialog { .. }),
            ) => match run.agent.fill_sized(run.observer) {
                Some(Ok(filled)) => {
                    run.observer.note(&filled.to_string());
                    Ok(filled.won)
                }
                Some(Err(stop)) => Err(stop),
                None => Err(e),
            },
            other => other,
        },
        Mode::Replay {
            strategy,
            max_steps,
            delay,
            notes_trial,
        } => {
            let replay = ReplayOptions {
                strategy,
                max_steps,
                delay,
                notes_trial,
                pace: Pace {
                    per_action: Pace::FRAME,
                    per_batch: Duration::from_millis(50),
                },
                steps_per_batch: 16,
                fill,
            };
            match replay::replay(run, &replay, on_estimate) {
                Err(
                    e @ (PlayError::Elsewhere { .. }
                    | PlayError::Uncertain { .. }
                    | PlayError::Dialog { .. }),
                ) => {
                    match run
                        .agent
                        .replay_sized(&replay, (run.observer, run.stop, on_estimate))
                    {
                        Some(Ok(done)) => {
                            run.observer.note(&format!(
                                "replay: {} steps ({} placements, {} removals) on the {side}x{side} board; then {}",
                                done.steps,
                                done.placements,
                                done.removals,
                                done.fill,
                                side = done.fill.side,
                            ));
                            Ok(done.fill.won)
                        }
                        Some(Err(stop)) => Err(stop),
                        None => Err(e),
                    }
                }
                other => other,
            }
        }
    }
}
