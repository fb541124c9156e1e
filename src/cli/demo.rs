//! `autosudoku demo`: the whole show with nothing attached. Starts a virtual phone in-process, a
//! private adb server (real ADB protocol over loopback), connects the agent through it exactly as
//! to a real phone, and shows the article: its naive backtracking replayed on a puzzle chosen by
//! its measured step count (a few hundred steps: trials and undos you can watch), the same puzzle
//! again with MRV (far fewer steps), then a fast fill; all recorded to one GIF. Only this command (not the agent) touches `autosudoku_phone`:
//! it builds the phone and reads where its "New game" button is.

use crate::cli::device_args::device_failure;
use crate::cli::library_args::LibraryArgs;
use crate::cli::play::{finish_recording, play_on, GifArgs, MistakeLimit, Mode, PlayOptions};
use crate::cli::GlobalArgs;
use crate::exit::{self, Exit};
use autosudoku_agent::device::{
    private_server_port, DeviceConfig, InputKind, Phone, Point, Route, ServerSources,
};
use autosudoku_agent::record::{LiveRecorder, StepLabel};
use autosudoku_core::generate::{generate, Difficulty};
use autosudoku_core::solve::{self, Outcome, Strategy};
use autosudoku_core::sudoku::Board;
use autosudoku_phone::app::{AppArgs, Dialog, DialogButton};
use autosudoku_phone::latency::Latency;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

#[derive(Debug, clap::Args)]
pub struct DemoArgs {
    /// Where to write the recording (`-o` is --output, as for screenshot; --out still works).
    #[arg(
        long = "output",
        short,
        visible_alias = "out",
        value_name = "FILE.gif",
        default_value = "demo.gif"
    )]
    pub out: PathBuf,
    #[command(flatten)]
    pub gif: GifArgs,
    /// Simulated phone timings: `realistic` looks like a real phone, `none` is as fast as possible.
    #[arg(long, value_enum, default_value_t = DemoLatency::Realistic)]
    pub latency: DemoLatency,
    /// Pause after every replayed step, in milliseconds, so viewers can follow the search.
    #[arg(long, value_name = "MS", default_value_t = 60)]
    pub delay: u64,
    #[command(flatten)]
    pub app: AppArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DemoLatency {
    None,
    Realistic,
}

/// An adb server on a free private port, killed at the end so nothing is left running.
struct PrivateServer {
    port: u16,
}

impl PrivateServer {
    fn start() -> anyhow::Result<PrivateServer> {
        let port = private_server_port()?;
        let server = PrivateServer { port };
        let ok = server.adb(&["start-server"])?;
        anyhow::ensure!(
            ok,
            "`adb -P {port} start-server` failed; is adb installed (`sudo apt install adb`)?"
        );
        Ok(server)
    }

    fn adb(&self, args: &[&str]) -> anyhow::Result<bool> {
        let status = Command::new("adb")
            .arg("-P")
            .arg(self.port.to_string())
            .args(args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .map_err(|e| {
                anyhow::anyhow!("cannot run adb ({e}); install it: `sudo apt install adb`")
            })?;
        Ok(status.success())
    }
}

impl Drop for PrivateServer {
    fn drop(&mut self) {
        let _ = self.adb(&["kill-server"]);
    }
}

/// A naive replay this long shows backtracking and still fits in about half a minute.
const WATCHABLE_STEPS: std::ops::RangeInclusive<u64> = 200..=600;

/// The first generated puzzle from `seed` on whose naive search takes `WATCHABLE_STEPS` steps.
fn watchable_puzzle(difficulty: Difficulty, seed: u64) -> Option<Board> {
    (seed..seed + 5000)
        .map(|s| generate(difficulty, s).board)
        .find(|b| {
            let naive = solve::count_steps(b, Strategy::Naive, Some(*WATCHABLE_STEPS.end() + 1));
            matches!(naive.outcome, Outcome::Solved(_)) && WATCHABLE_STEPS.contains(&naive.steps())
        })
}

/// "N placements, M removals" of `strategy` on `board`.
fn counts(board: &Board, strategy: Strategy) -> String {
    let r = solve::count_steps(board, strategy, None);
    format!("{} placements, {} removals", r.placements, r.removals)
}

pub fn run(mut args: DemoArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    // Naive trials enter wrong digits: the demo's app counts no mistakes, as a user would set it
    // before replaying a search (`play` refuses a replay that would lose a counting app's game).
    if args.app.mistake_limit.is_none() {
        args.app.mistake_limit = Some(autosudoku_phone::app::MistakeLimit::Off);
    }
    // The same puzzle serves the three games ("New game" replays a fixed puzzle).
    if args.app.puzzle.is_none() {
        args.app.puzzle = watchable_puzzle(args.app.difficulty, args.app.seed);
    }
    let puzzle = args.app.puzzle.clone().ok_or_else(|| {
        exit::with_code(
            Exit::Usage,
            anyhow::anyhow!("no puzzle near --seed {} has a naive search of 200-600 steps; give another --seed or a --puzzle", args.app.seed),
        )
    })?;
    let app = args
        .app
        .build()
        .map_err(|e| exit::with_code(Exit::Usage, e))?;
    let new_game = app
        .layout()
        .dialog_button(Dialog::Solved, DialogButton::NewGame)
        .map(|p| Point::new(p.x as u32, p.y as u32));
    let latency = match args.latency {
        DemoLatency::None => Latency::None,
        DemoLatency::Realistic => Latency::Realistic,
    };
    let handle = autosudoku_phone::Phone::builder(Box::new(app))
        .latency(latency)
        .start("127.0.0.1:0".parse()?)
        .map_err(|e| exit::with_code(Exit::Failure, e))?;
    let serial = handle.serial();
    let server = PrivateServer::start().map_err(|e| exit::with_code(Exit::Failure, e))?;
    if !global.quiet {
        eprintln!(
            "demo: virtual phone {serial} ({:?} skin), adb server on port {}",
            args.app.skin, server.port
        );
    }
    let mut phone =
        Phone::connect_overlapped(&through(&server, serial)?).map_err(device_failure)?;
    let label = StepLabel::default();
    let mut recorder = Some(
        LiveRecorder::start(&mut phone, &args.out, label.clone(), args.gif.options())
            .map_err(|e| exit::with_code(Exit::Failure, e))?,
    );
    let result = replay_then_fill(
        &mut phone,
        &puzzle,
        args.delay,
        new_game,
        global,
        &mut recorder,
        label,
    );
    finish_recording(recorder.take(), global);
    drop(server);
    handle.stop();
    result
}

/// The virtual phone `serial` through the demo's own adb server, with the fastest input.
fn through(server: &PrivateServer, serial: String) -> anyhow::Result<DeviceConfig> {
    let server = ServerSources {
        flag_port: Some(server.port),
        ..ServerSources::default()
    }
    .resolve()?;
    let route = Route::Server {
        server,
        serial: Some(serial),
    };
    Ok(DeviceConfig::new(route, InputKind::Auto))
}

/// The demo itself: replays the naive search, then MRV, then fills, tapping "New game" on the
/// solved dialog between them.
fn replay_then_fill(
    phone: &mut Phone,
    puzzle: &Board,
    delay: u64,
    new_game: Option<Point>,
    global: &GlobalArgs,
    recorder: &mut Option<LiveRecorder>,
    label: StepLabel,
) -> anyhow::Result<Exit> {
    let stop = AtomicBool::new(false);
    let mut opts = PlayOptions {
        mode: Mode::Replay,
        strategy: Strategy::Naive,
        max_steps: None,
        delay,
        notes_trial: false,
        mistake_limit: Some(MistakeLimit(None)),
        fix: false,
        first_solution: false,
        new_game: Vec::new(),
        input_style: Vec::new(),
        trace: None,
        record: None,
        gif: GifArgs::default(),
        summary: false,
        profile: None,
        library: LibraryArgs::default(),
        annotate: None,
    };
    for strategy in [Strategy::Naive, Strategy::Mrv] {
        if !global.quiet {
            eprintln!(
                "demo: replaying the {} backtracking search: {}",
                strategy.name(),
                counts(puzzle, strategy)
            );
        }
        opts.strategy = strategy;
        play_on(
            phone,
            &opts,
            global,
            &stop,
            recorder.as_mut(),
            label.clone(),
        )?;
        next_game(phone, new_game)?;
    }
    if !global.quiet {
        eprintln!("demo: new game; filling the answer");
    }
    opts.mode = Mode::Fill;
    let filled = play_on(phone, &opts, global, &stop, recorder.as_mut(), label);
    std::thread::sleep(Duration::from_millis(1000));
    filled
}

/// Lets the solved dialog show in the recording, then taps its "New game".
fn next_game(phone: &mut Phone, new_game: Option<Point>) -> anyhow::Result<()> {
    std::thread::sleep(Duration::from_millis(1500));
    if let Some(p) = new_game {
        let map = phone.screen_map();
        phone.input().tap(&map, p).map_err(device_failure)?;
    }
    std::thread::sleep(Duration::from_millis(500));
    Ok(())
}
