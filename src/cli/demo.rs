//! `autosudoku demo`: the whole show with nothing attached. Starts a virtual phone in-process, a
//! private adb server (real ADB protocol over loopback), connects the agent through it exactly as
//! to a real phone, replays the search of a medium game with `--strategy mrv`, starts a new game,
//! fills it, and records both to one GIF. Only this command (not the agent) touches `autosudoku_phone`:
//! it builds the phone and reads where its "New game" button is.

use crate::cli::device_args::device_failure;
use crate::cli::library_args::LibraryArgs;
use crate::cli::play::{finish_recording, play_on, Mode, PlayOptions};
use crate::cli::GlobalArgs;
use autosudoku_agent::device::{
    CaptureFormat, DeviceConfig, InputKind, Phone, Point, Route, ServerSources, Timeouts,
};
use autosudoku_agent::exit::{self, Exit};
use autosudoku_agent::play::record::LiveRecorder;
use autosudoku_core::generate::Difficulty;
use autosudoku_core::solve::Strategy;
use autosudoku_phone::app::{AppArgs, Dialog, DialogButton};
use autosudoku_phone::latency::Latency;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Debug, clap::Args)]
pub struct DemoArgs {
    /// Where to write the recording.
    #[arg(long, short, value_name = "FILE.gif", default_value = "demo.gif")]
    pub out: PathBuf,
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
        let port = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
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

pub fn run(mut args: DemoArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    // The phone's flags default to an easy game; the demo's default is medium. (The flag is
    // flattened from the phone's own, so its default cannot differ; look whether it was given.)
    let given = std::env::args().any(|a| a == "--difficulty" || a.starts_with("--difficulty="));
    if args.app.puzzle.is_none() && !given {
        args.app.difficulty = Difficulty::Medium;
    }
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
    let label = Arc::new(Mutex::new(String::new()));
    let mut recorder = Some(
        LiveRecorder::start(&mut phone, &args.out, label.clone())
            .map_err(|e| exit::with_code(Exit::Failure, e))?,
    );
    let result = replay_then_fill(
        &mut phone,
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
    Ok(DeviceConfig {
        route: Route::Server {
            server: ServerSources {
                flag_port: Some(server.port),
                ..ServerSources::default()
            }
            .resolve()?,
            serial: Some(serial),
        },
        input: InputKind::Auto,
        tap_gap: Duration::ZERO,
        capture: CaptureFormat::Raw,
        timeouts: Timeouts::default(),
    })
}

/// The demo itself: replays the MRV search, taps "New game" on the solved dialog, and fills the
/// next game's answer.
fn replay_then_fill(
    phone: &mut Phone,
    delay: u64,
    new_game: Option<Point>,
    global: &GlobalArgs,
    recorder: &mut Option<LiveRecorder>,
    label: Arc<Mutex<String>>,
) -> anyhow::Result<Exit> {
    let stop = AtomicBool::new(false);
    let mut opts = PlayOptions {
        mode: Mode::Replay,
        strategy: Strategy::Mrv,
        max_steps: None,
        delay,
        notes_trial: false,
        mistake_limit: None,
        fix: false,
        first_solution: false,
        input_style: Vec::new(),
        trace: None,
        record: None,
        summary: false,
        profile: None,
        library: LibraryArgs::default(),
        annotate: None,
    };
    if !global.quiet {
        eprintln!("demo: replaying the MRV backtracking search");
    }
    play_on(
        phone,
        &opts,
        global,
        &stop,
        recorder.as_mut(),
        label.clone(),
    )?;
    // Let the solved dialog show in the recording, then start the next game.
    std::thread::sleep(Duration::from_millis(1500));
    if let Some(p) = new_game {
        phone.input().tap(p).map_err(device_failure)?;
    }
    std::thread::sleep(Duration::from_millis(500));
    if !global.quiet {
        eprintln!("demo: new game; filling the answer");
    }
    opts.mode = Mode::Fill;
    let filled = play_on(phone, &opts, global, &stop, recorder.as_mut(), label);
    std::thread::sleep(Duration::from_millis(1000));
    filled
}
