//! One device's worker: connect, then game after game — start a new game the way the app wants
//! (`new_game`), play it with its checks (`game`) — until the budget (games or minutes) is spent.
//! A device that goes away ends its worker: the rest of its games are recorded as errors.

use super::game::{finish, Game, Halt, NOT_RUN};
use super::options::Options;
use super::outcome::{Case, DeviceRun, Status};
use super::plan::{Job, Schedule};
use super::progress::{Progress, Stage};
use super::watch::{Watch, WatchedAgent};
use crate::device::{lock, Phone};
use crate::home::KeepAt;
use crate::play::moves::InputStyle;
use crate::play::new_game::{self, Step};
use crate::play::phone_agent::{AppFacts, PhoneAgent};
use crate::play::view::Phase;
use crate::vision::screen::status::StatusReader;
use crate::vision::screen::words::WordReader;
use crate::vision::{Reader, ReaderOptions};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Connects to the job's device and plays its games.
pub fn run(job: &Job, opts: &Options, stop: &AtomicBool, progress: &dyn Progress) -> DeviceRun {
    let start = Instant::now();
    let target = &job.target;
    let mut run = DeviceRun::new(&target.serial, &target.server.addr.to_string());
    match lock::connect_alone(&target.config, &opts.claimant, false) {
        Ok((mut phone, _alone)) => {
            run.model = Some(phone.screen_facts().model.clone());
            let mut worker = Worker {
                phone: &mut phone,
                opts,
                schedule: &job.schedule,
                stop,
                progress,
            };
            worker.play_games(&mut run);
        }
        Err(e) => {
            let first = job.schedule.game(0, Duration::ZERO).unwrap_or(1);
            progress.game(first, Stage::CannotConnect);
            let why = match e {
                lock::ConnectError::Lock(busy) => busy.to_string(),
                e => format!("cannot connect: {e}"),
            };
            lost(&mut run, &job.schedule, 0, &why);
        }
    }
    run.elapsed = start.elapsed();
    run
}

/// What a device's worker plays with.
struct Worker<'w> {
    phone: &'w mut Phone,
    opts: &'w Options,
    schedule: &'w Schedule,
    stop: &'w AtomicBool,
    progress: &'w dyn Progress,
}

impl Worker<'_> {
    fn play_games(&mut self, run: &mut DeviceRun) {
        let start = Instant::now();
        let mut words = WordReader::new();
        let mut status = StatusReader::default();
        let (opts, progress) = (self.opts, self.progress);
        for index in 0.. {
            let Some(number) = self.schedule.game(index, start.elapsed()) else {
                return;
            };
            if self.stop.load(Ordering::SeqCst) {
                interrupted(run, self.schedule, index);
                return;
            }
            run.games += 1;
            progress.game(number, Stage::NewGame);
            let t = Instant::now();
            let started = start_game(self.phone, &mut words, &opts.new_game, index == 0);
            run.add_phase("new-game", t.elapsed());
            if let Err(e) = started {
                let lost_it = matches!(&e, new_game::NewGameError::Device(d) if d.is_lost());
                let case =
                    Case::new(&run.serial, number, None, Status::Error).with_message(e.to_string());
                progress.case(&case);
                run.cases.push(case);
                if lost_it {
                    lost(run, self.schedule, index + 1, &e.to_string());
                    return;
                }
                continue;
            }
            progress.game(number, Stage::Playing);
            match play_one(
                self.phone,
                &mut status,
                opts,
                self.stop,
                progress,
                run,
                number,
            ) {
                Some(Halt::Lost(why)) => {
                    lost(run, self.schedule, index + 1, &why);
                    return;
                }
                Some(Halt::Interrupted) => {
                    interrupted(run, self.schedule, index + 1);
                    return;
                }
                Some(Halt::Refused(why)) => {
                    run.refused = Some(why);
                    return;
                }
                _ => {}
            }
        }
    }
}

/// Game 1 plays what is on screen unless the app shows its end-of-game dialog; later games always
/// start a new one.
fn start_game(
    phone: &mut Phone,
    words: &mut WordReader,
    steps: &[Step],
    first: bool,
) -> Result<(), new_game::NewGameError> {
    if first && !new_game::offered(phone, words, steps)? {
        return Ok(());
    }
    new_game::start(phone, words, steps)
}

/// One game in two agent sessions: the opening, the rest.
fn play_one(
    phone: &mut Phone,
    words: &mut StatusReader,
    opts: &Options,
    stop: &AtomicBool,
    progress: &dyn Progress,
    run: &mut DeviceRun,
    number: u32,
) -> Option<Halt> {
    let mut cases = Vec::new();
    let mut s = Session {
        phone,
        words,
        opts,
        stop,
        run,
        number,
        cases: &mut cases,
        styles: opts.styles.clone(),
    };
    let halt = (|| {
        let opening = s.run(|g| g.opening())?;
        if let Some(style) = opening.style {
            // The rest types as the probe found, before its fill would probe again.
            s.styles = Some(vec![style]);
        }
        s.run(|g| g.rest(&opening))
    })()
    .err();
    let serial = run.serial.clone();
    finish(&mut cases, &serial, number, halt.as_ref());
    for case in &cases {
        progress.case(case);
    }
    run.cases.extend(cases);
    halt
}

/// What every agent session of a game shares.
struct Session<'s> {
    phone: &'s mut Phone,
    words: &'s mut StatusReader,
    opts: &'s Options,
    stop: &'s AtomicBool,
    run: &'s mut DeviceRun,
    number: u32,
    cases: &'s mut Vec<Case>,
    /// Input styles stated by the profile, or found by the opening's probe.
    styles: Option<Vec<InputStyle>>,
}

impl Session<'_> {
    /// Runs `f` with a fresh agent (reader, layout, givens) on the phone, adding its cases and times.
    fn run<T>(&mut self, f: impl FnOnce(&mut Game) -> Result<T, Halt>) -> Result<T, Halt> {
        let start = Instant::now();
        let opts = self.opts;
        let reader = Reader::new(ReaderOptions {
            templates: Some(opts.templates.clone()),
            font: None,
            learn: true,
            // Filed by the font's fingerprint: regress asks the phone nothing more per game.
            app: None,
        })
        .map_err(|e| Halt::Broken(format!("cannot start the screen reader: {e}")))?;
        let serial = self.run.serial.clone();
        // Its folder is made only when a doubtful read is kept: a passing game leaves none.
        let annotate =
            super::evidence::folder(&opts.artifacts, &serial, self.number, "uncertain-read.png");
        let facts = AppFacts {
            styles: self.styles.clone(),
        };
        let mut agent = PhoneAgent::new(self.phone, reader, facts, KeepAt::File(annotate));
        // The commands that carried each digit go into the trace a failure keeps.
        agent.keep_sent();
        let watch = RefCell::new(Watch::default());
        let (result, status_time, phases) = {
            let watched = WatchedAgent::new(&mut agent, &watch);
            let mut game = Game::new(
                &serial,
                self.number,
                opts,
                self.words,
                watched,
                &watch,
                self.stop,
            );
            game.cases = std::mem::take(self.cases);
            let result = f(&mut game);
            *self.cases = std::mem::take(&mut game.cases);
            (result, game.status_time, watch.borrow().phases.clone())
        };
        let times = agent.times;
        let run = &mut *self.run;
        run.captures += u64::from(times.captures);
        run.taps += times.taps;
        run.keys += times.keys;
        run.add_phase("capture", times.capture);
        run.add_phase("read", times.read);
        run.add_phase("status", status_time);
        let mut accounted = times.capture + times.read + status_time;
        for (phase, name) in [
            (Phase::Solve, "solve"),
            (Phase::Plan, "plan"),
            (Phase::Input, "input"),
        ] {
            let d = phases.get(&phase).copied().unwrap_or_default();
            run.add_phase(name, d);
            accounted += d;
        }
        // Waits for the app (settle, dialogs) and the checks' own taps.
        run.add_phase("wait", start.elapsed().saturating_sub(accounted));
        result
    }
}

/// Records the games a lost device could not play: one error case each.
fn lost(run: &mut DeviceRun, schedule: &Schedule, from: usize, why: &str) {
    run.stopped = Some(why.to_owned());
    let message = format!("not played: {why}");
    unplayed(run, schedule, from, Status::Error, &message);
}

/// Records the games Ctrl-C kept from running as not run: nothing went wrong with them.
fn interrupted(run: &mut DeviceRun, schedule: &Schedule, from: usize) {
    run.stopped = Some("interrupted (Ctrl-C)".to_owned());
    unplayed(run, schedule, from, Status::NotRun, NOT_RUN);
}

fn unplayed(run: &mut DeviceRun, schedule: &Schedule, from: usize, status: Status, message: &str) {
    for number in schedule.left(from) {
        if !run.cases.iter().any(|c| c.game == number) {
            run.cases
                .push(Case::new(&run.serial, number, None, status).with_message(message));
        }
    }
}
