//! `autosudoku phone`: starts the virtual phone and serves ADB until Ctrl-C. Prints
//! `listening on HOST:PORT` (with `--json`: `{"ready":{"address":"HOST:PORT"}}`) as the first
//! stdout line, once it accepts connections (scripts wait for it), and the `adb connect` hint on
//! stderr.

use crate::cli::{output, GlobalArgs};
use crate::exit::{self, Exit};
use autosudoku_phone::adbd::auth::AuthKeys;
use autosudoku_phone::android::{AndroidVersion, Vendor};
use autosudoku_phone::app::{AppArgs, AppError, ExitWhen, Grader, Summary};
use autosudoku_phone::component::Component;
use autosudoku_phone::faults::FaultPlan;
use autosudoku_phone::latency::Latency;
use autosudoku_phone::replay::Replay;
use autosudoku_phone::Phone;
use clap::{Args, ValueEnum};
use std::net::SocketAddr;
use std::path::PathBuf;

/// Default port: outside 5555-5585, which the adb server scans for emulators, so the phone is
/// reached only by an explicit `adb connect`.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:6520";

#[derive(Debug, Args)]
pub struct PhoneArgs {
    /// Address to listen on (`127.0.0.1:0` picks a free port).
    #[arg(long, default_value = DEFAULT_LISTEN, value_name = "HOST:PORT")]
    pub listen: SocketAddr,
    /// Allow a non-loopback --listen address (anyone who can reach it can drive the phone).
    #[arg(long)]
    pub allow_remote: bool,
    /// Require ADB RSA authentication with one of the public keys in this file (adbkey.pub lines).
    #[arg(long, value_name = "KEYFILE")]
    pub auth: Option<PathBuf>,
    /// Do not advertise or serve shell protocol v2 (exit codes are then lost, as on old phones).
    #[arg(long)]
    pub no_shell_v2: bool,
    /// Simulated command costs: `realistic` (published phone timings) or `none` (tests).
    #[arg(long, value_enum, default_value_t = LatencyArg::Realistic)]
    pub latency: LatencyArg,
    /// Android release to imitate (changes `input` cost and SDK properties).
    #[arg(long, default_value = "14", value_name = "7..16")]
    pub android: AndroidVersion,
    /// Whose Android build to imitate: emulator (AOSP), pixel, samsung, xiaomi, fold, flip or
    /// mumu. A xiaomi refuses injected input until `--prop persist.security.adbinput=1` ("USB
    /// debugging (Security settings)" on); `/dev/input` is writable from Android 10 only with
    /// `--prop service.adb.root=1`; mumu runs the game on keep-alive display 2 while display 0
    /// shows the home screen (capturable by its layer stack on `--android 12`, as MuMu 12 is).
    #[arg(long, default_value = "emulator", value_name = "VENDOR")]
    pub vendor: Vendor,
    /// The home app instead of the vendor's, as PACKAGE/ACTIVITY (`.Class` or a full class): what
    /// HOME shows, `dumpsys window` names there and `cmd package resolve-activity` resolves HOME to.
    #[arg(long, value_name = "PACKAGE/ACTIVITY")]
    pub home_app: Option<Component>,
    /// Faults to inject, e.g. `drop-taps=0.1,drop-keys=0.1,cut-after-inputs=40,offline=5000,slow=200,debounce=60`.
    #[arg(
        long,
        default_value = "",
        value_name = "LIST",
        hide_default_value = true
    )]
    pub faults: FaultPlan,
    /// Seed for the faults' random choices.
    #[arg(long, default_value_t = 0)]
    pub fault_seed: u64,
    /// Answer the commands a device dump recorded (`doctor --dump FILE`, JSON Lines) as the real
    /// phone did; every other command as this phone would anyway.
    #[arg(long, value_name = "FILE.jsonl")]
    pub replay: Option<PathBuf>,
    /// Log every service and command with its time and simulated cost as JSON Lines.
    #[arg(long, value_name = "FILE.jsonl")]
    pub trace: Option<PathBuf>,
    /// `ro.product.model` (what `adb devices -l` shows).
    #[arg(long)]
    pub model: Option<String>,
    /// Any other system property, repeatable.
    #[arg(long = "prop", value_name = "KEY=VALUE", value_parser = parse_prop)]
    pub props: Vec<(String, String)>,
    #[command(flatten)]
    pub app: AppArgs,
    /// Render one screen of the app (the first, or after --snapshot-moves) to this PNG and exit,
    /// without starting the phone. With --skin random: the game partway through as the seed
    /// says, and FILE.json beside it with the `board` and `givens` shown and the `style` drawn.
    #[arg(long, value_name = "FILE.png")]
    pub snapshot: Option<PathBuf>,
    /// Exit 0 once the game reaches this state, printing its final state (as JSON with --json).
    #[arg(long, value_enum, value_name = "STATE")]
    pub exit_when: Option<ExitWhen>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LatencyArg {
    None,
    Realistic,
}

fn parse_prop(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((k, v)) if !k.is_empty() => Ok((k.to_string(), v.to_string())),
        _ => Err(format!(
            "{text:?} is not KEY=VALUE (e.g. ro.product.model=Pixel)"
        )),
    }
}

/// Builds the phone from the flags (the app's screen included), and a grader on its app.
pub fn phone_from(args: &PhoneArgs) -> anyhow::Result<(Phone, Grader)> {
    let app = args
        .app
        .build()
        .map_err(|e| exit::with_code(Exit::Usage, e))?;
    let grader = app.grader();
    let latency = match args.latency {
        LatencyArg::None => Latency::None,
        LatencyArg::Realistic => Latency::Realistic,
    };
    let mut phone = Phone::builder(Box::new(app))
        .android(args.android)
        .vendor(args.vendor)
        .latency(latency)
        .shell_v2(!args.no_shell_v2)
        .faults(args.faults.clone(), args.fault_seed)
        .allow_remote(args.allow_remote);
    if let Some(home) = &args.home_app {
        phone = phone.home(home.clone());
    }
    if let Some(path) = &args.auth {
        phone = phone.auth(AuthKeys::load(path).map_err(|e| exit::with_code(Exit::Usage, e))?);
    }
    if let Some(path) = &args.replay {
        phone = phone.replay(Replay::load(path).map_err(|e| exit::with_code(Exit::Usage, e))?);
    }
    if let Some(path) = &args.trace {
        phone = phone.trace(path.clone());
    }
    if let Some(model) = &args.model {
        phone = phone.prop("ro.product.model", model);
    }
    for (key, value) in &args.props {
        phone = phone.prop(key, value);
    }
    Ok((phone, grader))
}

pub fn run(args: PhoneArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    if let Some(path) = &args.snapshot {
        args.app.snapshot(path).map_err(|e| {
            let code = if matches!(e, AppError::Snapshot { .. }) {
                Exit::Failure
            } else {
                Exit::Usage
            };
            exit::with_code(code, e)
        })?;
        if global.json {
            output::line(serde_json::json!({"snapshot": path}))?;
        }
        return Ok(Exit::Ok);
    }
    let (phone, grader) = phone_from(&args)?;
    let handle = phone.start(args.listen).map_err(|e| {
        let code = if matches!(e, autosudoku_phone::PhoneError::NotLoopback(_)) {
            Exit::Usage
        } else {
            Exit::Failure
        };
        exit::with_code(code, e)
    })?;
    let serial = handle.serial();
    // Before the ready line: a script that stops the phone as soon as it is ready must reach the
    // handler, not the default action that kills the process without its final state.
    let (tx, rx) = std::sync::mpsc::channel();
    ctrlc::set_handler(move || {
        let _ = tx.send(());
    })?;
    if global.json {
        output::line(serde_json::json!({"ready": {"address": serial}}))?;
    } else {
        output::line(format_args!("listening on {serial}"))?;
    }
    if !global.quiet {
        eprintln!("virtual phone ready: run `adb connect {serial}`, then `adb -s {serial} shell` (Ctrl-C stops it)");
    }
    // Wait for Ctrl-C, or for the game state --exit-when names.
    let reached = loop {
        match rx.recv_timeout(std::time::Duration::from_millis(50)) {
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if args.exit_when.is_some_and(|state| grader.reached(state)) {
                    break true;
                }
            }
            _ => break false,
        }
    };
    let summary = FinalState {
        game: grader.summary(handle.device().now()),
        cuts: handle.device().faults().cuts(),
    };
    handle.stop();
    // The game's final state is the phone's result: printed when it was waited for, and with --json
    // on Ctrl-C too, so that a script can stop the phone and still learn how the game ended. In
    // words without --json: the stdout that said "listening on" is a person's.
    if global.json {
        output::line(serde_json::to_string(&summary)?)?;
    } else if reached {
        output::line(summary.in_words())?;
    }
    Ok(match (reached, args.exit_when) {
        (false, Some(_)) => Exit::Interrupted,
        _ => Exit::Ok,
    })
}

/// The game's final state as the phone prints it, with the connection cuts its faults made.
#[derive(serde::Serialize)]
struct FinalState {
    #[serde(flatten)]
    game: Summary,
    cuts: u64,
}

impl FinalState {
    /// One line for a person: "the game is solved: 81/81 cells, 0 mistakes, 42.1 s".
    fn in_words(&self) -> String {
        let game = &self.game;
        let phase = serde_json::to_value(game.phase)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        let filled = game.board.chars().filter(char::is_ascii_digit).count();
        format!(
            "the game is {}: {filled}/81 cells, {} mistake(s), {:.1} s, {} connection cut(s)",
            phase.replace('-', " "),
            game.mistakes,
            game.elapsed_ms as f64 / 1000.0,
            self.cuts
        )
    }
}
