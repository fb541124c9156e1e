//! `autosudoku play`: connect, then fill the answer into the game on screen (`--mode fill`) or replay
//! the backtracking search on it (`--mode replay`), with progress, `--trace`, `--record` and
//! `--summary`. Flags are resolved here once into `play::session::Settings`; the profile is chosen
//! by `play::profile::for_phone` and the session is `play::session::run`.

use crate::cli::device_args::{connect_alone, DeviceArgs};
use crate::cli::library_args::LibraryArgs;
use crate::cli::progress::Bar;
use crate::cli::strategy;
use crate::cli::{output, paint, GlobalArgs};
use crate::exit::{self, Exit};
use autosudoku_agent::device::Phone;
use autosudoku_agent::home::{Home, KeepAt};

use autosudoku_agent::play::driver::Won;
use autosudoku_agent::play::estimate::{Estimate, Human};
use autosudoku_agent::play::moves::InputStyle;
use autosudoku_agent::play::new_game::{self, Step};
use autosudoku_agent::play::profile::{self, Profile, Wanted};
use autosudoku_agent::play::report::{Progress, Report};
use autosudoku_agent::play::session::{self, Ended, Settings};
use autosudoku_agent::play::summary::Summary;
use autosudoku_agent::play::view::Known;
use autosudoku_agent::record::{GifOptions, LiveRecorder, StepLabel, Watcher};
use autosudoku_core::solve::Strategy;
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Mode {
    /// Enter the solution with as few inputs as the app allows.
    Fill,
    /// Replay the backtracking search: every Place a digit entered, every Remove an erase.
    Replay,
}

/// `--input-style`: how the app takes digits (the library's `InputStyle`, named for the command line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InputStyleArg {
    /// Tap a cell to select it, then a keypad digit (every app supports this).
    CellFirst,
    /// Tap a keypad digit once, then every cell it goes to.
    DigitFirst,
    /// Hardware keys: digit keys enter, DEL erases; a tap selects the cell, or the D-pad moves
    /// the selection in an app that takes no taps on its grid.
    Keys,
}

impl From<InputStyleArg> for InputStyle {
    fn from(arg: InputStyleArg) -> InputStyle {
        match arg {
            InputStyleArg::CellFirst => InputStyle::CellFirst,
            InputStyleArg::DigitFirst => InputStyle::DigitFirst,
            InputStyleArg::Keys => InputStyle::Keys,
        }
    }
}

/// How a `--record x.gif` is sampled and sized.
#[derive(Debug, Clone, Args)]
pub struct GifArgs {
    /// GIF frames a second (`--record x.gif`): decoded from the phone's screenrecord, or the cap
    /// on host captures; frames that show nothing new are merged.
    #[arg(long, value_name = "N", default_value_t = GifOptions::default().fps,
          value_parser = clap::value_parser!(u32).range(1..=50))]
    pub fps: u32,
    /// GIF width in pixels (`--record x.gif`, never wider than the screen); the height follows.
    #[arg(long, value_name = "PX", default_value_t = GifOptions::default().width,
          value_parser = clap::value_parser!(u32).range(16..=4096))]
    pub width: u32,
}

impl GifArgs {
    pub fn options(&self) -> GifOptions {
        GifOptions {
            fps: self.fps,
            width: self.width,
        }
    }
}

impl Default for GifArgs {
    fn default() -> Self {
        let d = GifOptions::default();
        GifArgs {
            fps: d.fps,
            width: d.width,
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct PlayOptions {
    /// Fill the answer, or replay the search.
    #[arg(long, value_enum, default_value_t = Mode::Fill)]
    pub mode: Mode,
    /// Which search to replay (`--mode replay`).
    #[arg(long, default_value = "naive", value_parser = strategy::traced())]
    pub strategy: Strategy,
    /// Refuse a replay longer than this many steps (default: what fits in 5 minutes at the
    /// measured tap rate).
    #[arg(long, value_name = "N")]
    pub max_steps: Option<u64>,
    /// Pause after every replayed step, for filming.
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub delay: u64,
    /// Replay wrong trial digits as pencil notes (apps with a mistake limit).
    #[arg(long)]
    pub notes_trial: bool,
    /// The app ends the game after this many mistakes (replay refuses what would reach it);
    /// `off` when the app counts none, whatever its profile says.
    #[arg(long, value_name = "N|off", value_parser = parse_mistake_limit)]
    pub mistake_limit: Option<MistakeLimit>,
    /// Erase and correct digits entered wrong (otherwise they are listed and nothing is typed).
    #[arg(long)]
    pub fix: bool,
    /// Play the first solution of a board that has several.
    #[arg(long)]
    pub first_solution: bool,
    /// Start a new game when the one on screen is over, or when the first step's label is on
    /// screen: the buttons to tap in order, a label ("New game", a difficulty menu's "Easy") or
    /// @X,Y; `--new-game` alone taps "New game". Repeatable, as for `regress`.
    #[arg(long = "new-game", value_name = "STEP", num_args = 0..=1,
          default_missing_value = new_game::DEFAULT_STEP)]
    pub new_game: Vec<Step>,
    /// How the app takes digits (default: cell-first when a keypad is on screen, else keys).
    #[arg(long, value_enum, value_name = "STYLE")]
    pub input_style: Vec<InputStyleArg>,
    /// Write every move with its time and inputs as JSON Lines.
    #[arg(long, value_name = "FILE.jsonl")]
    pub trace: Option<PathBuf>,
    /// Record the run to `.gif` or `.mp4` (H.264), from the phone's screenrecord when it has one,
    /// else from host captures.
    #[arg(long, value_name = "FILE", value_parser = recording_path)]
    pub record: Option<PathBuf>,
    #[command(flatten)]
    pub gif: GifArgs,
    /// Print puzzle, solution, steps, inputs and time per phase at the end.
    #[arg(long)]
    pub summary: bool,
    /// The app's profile: a name (shipped, yours, or in --profiles) or a .toml path (default: the
    /// one whose package is the app in front, else whose title the screen shows, else the only
    /// one made for the phone's screen size; `none` for no profile, which also reads without the
    /// shipped digit templates, as --no-shipped-templates).
    #[arg(long, value_name = "NAME|FILE")]
    pub profile: Option<String>,
    #[command(flatten)]
    pub library: LibraryArgs,
    /// Where the screenshot is saved when play stops on it (an uncertain read, annotated; an
    /// unknown screen). Default: your data folder's screenshots/, named by the time.
    #[arg(long, value_name = "FILE.png")]
    pub annotate: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub device: DeviceArgs,
    #[command(flatten)]
    pub play: PlayOptions,
}

pub fn run(args: PlayArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    let config = args.device.resolve()?;
    let (mut phone, _alone) = connect_alone(&config, &global.home()?)?;
    let stop = Arc::new(AtomicBool::new(false));
    // A second Ctrl-C while stopping ends the process at once, still with its one JSON object.
    output::on_ctrl_c(
        stop.clone(),
        global.json,
        global.quiet,
        "stopping once the batch in flight has landed",
        "the batch in flight may be half entered, and no trace, summary or recording was finished",
    );
    let label = StepLabel::default();
    let mut recorder = match &args.play.record {
        Some(path) => Some(
            LiveRecorder::start(&mut phone, path, label.clone(), args.play.gif.options())
                .map_err(|e| exit::with_code(Exit::Failure, e))?,
        ),
        None => None,
    };
    let result = play_on(
        &mut phone,
        &args.play,
        global,
        &stop,
        recorder.as_mut(),
        label,
    );
    finish_recording(recorder, global);
    result
}

/// A `--record` path, refused as a usage error (before any phone is asked) unless it names a
/// format the recorder writes.
fn recording_path(arg: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(arg);
    autosudoku_agent::record::wants_mp4(&path).map_err(|e| e.to_string())?;
    Ok(path)
}

/// Stops a recorder and says what it wrote (a failed recording is a warning, not a failed game).
pub fn finish_recording(recorder: Option<LiveRecorder>, global: &GlobalArgs) {
    match recorder.map(LiveRecorder::finish) {
        Some(Err(e)) => eprintln!(
            "{}the recording failed: {e}",
            paint::warning_prefix(global.color)
        ),
        Some(Ok(note)) if !global.quiet => eprintln!("{note}"),
        _ => {}
    }
}

/// What `--profile` asks for: `none`, a name or path, or (not given) the one found for the phone.
fn wanted_profile(opts: &PlayOptions) -> Wanted {
    match opts.profile.as_deref() {
        Some("none") => Wanted::Without,
        Some(name) => Wanted::Named(name.to_owned()),
        None => Wanted::Detect,
    }
}

/// `--mistake-limit`: a count, or `off` (`None` inside) for an app that counts no mistakes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MistakeLimit(pub(crate) Option<u32>);

fn parse_mistake_limit(text: &str) -> Result<MistakeLimit, String> {
    if text.eq_ignore_ascii_case("off") {
        return Ok(MistakeLimit(None));
    }
    text.parse()
        .map(|n| MistakeLimit(Some(n)))
        .map_err(|_| format!("{text:?} is not a number of mistakes or `off`"))
}

/// The session settings `opts` and the profile ask for.
fn settings(opts: &PlayOptions, profile: Option<&Profile>, home: Home) -> Settings {
    let mode = match opts.mode {
        Mode::Fill => session::Mode::Fill,
        Mode::Replay => session::Mode::Replay {
            strategy: opts.strategy,
            max_steps: opts.max_steps,
            delay: Duration::from_millis(opts.delay),
            notes_trial: opts.notes_trial,
        },
    };
    let mut templates = opts.library.template_sources(&home);
    // The shipped sets are the virtual phone's: a play with no profile learns the app
    // from its screen, so nothing it reads with was captured from the phone under test.
    templates.shipped &= wanted_profile(opts) != Wanted::Without;
    Settings {
        mode,
        templates,
        input_style: opts
            .input_style
            .iter()
            .copied()
            .map(InputStyle::from)
            .collect(),
        // A profile that states no limit was made by someone who knew the app's.
        mistake_limit: match (opts.mistake_limit, profile) {
            (Some(MistakeLimit(given)), _) => Known::Stated(given),
            (None, Some(p)) => Known::Stated(p.mistake_limit),
            (None, None) => Known::Learn,
        },
        fix: opts.fix,
        first_solution: opts.first_solution,
        annotate: match &opts.annotate {
            Some(path) => KeepAt::File(path.clone()),
            None => KeepAt::Home {
                home,
                what: "play".into(),
            },
        },
        keep_sent: opts.trace.is_some(),
        new_game: opts.new_game.clone(),
    }
}

/// Plays on a connected phone; shared by `play` and `demo`. `label` is the step counter the
/// recorder draws.
pub fn play_on<'a>(
    phone: &'a mut Phone,
    opts: &PlayOptions,
    global: &GlobalArgs,
    stop: &AtomicBool,
    recorder: Option<&'a mut LiveRecorder>,
    label: StepLabel,
) -> anyhow::Result<Exit> {
    let home = global.home()?;
    let sources = opts.library.profile_sources(&home);
    let (profile, choice) = profile::for_phone(&wanted_profile(opts), &sources, phone)
        .map_err(|e| exit::with_code(Exit::Usage, e))?;
    let mut settings = settings(opts, profile.as_ref(), home);
    // The recorder's step label follows the phone's confirmation of each move's inputs.
    settings.keep_sent |= recorder.is_some();
    let mut report = report(opts, global, settings.mode.unit(), label)?;
    report.profile = Some(choice);
    let serial = phone.serial().to_owned();
    let quiet = global.quiet;
    let mut say_estimate = |e: &Estimate| {
        if !quiet {
            eprintln!(
                "replay: {} steps, {} inputs, about {} at this phone's pace",
                e.steps,
                e.actions,
                Human(e.duration)
            );
        }
    };
    let watcher = recorder.map(|r| r.watcher() as &mut dyn Watcher);
    let ended = session::run(
        phone,
        profile,
        &settings,
        &mut report,
        stop,
        watcher,
        &mut say_estimate,
    )
    .map_err(|e| exit::with_code(Exit::Failure, e))?;
    tell(opts, global, &serial, &mut report, ended)
}

/// The observer of a play: the bar counting `unit`s when progress is shown, and `--trace`.
fn report(
    opts: &PlayOptions,
    global: &GlobalArgs,
    unit: &'static str,
    label: StepLabel,
) -> anyhow::Result<Report> {
    let bar = global
        .show_progress()
        .then(|| Box::new(Bar::new(unit)) as Box<dyn Progress>);
    let mut report = Report::new(bar, unit, label);
    if let Some(path) = &opts.trace {
        report.trace_to(path).map_err(|e| {
            exit::with_code(
                Exit::Usage,
                anyhow::anyhow!("cannot write the trace {}: {e}", path.display()),
            )
        })?;
    }
    Ok(report)
}

/// Says how the session ended: the trace flushed, `--summary` or `--json` printed, the solved
/// line or the error (with the screenshot it kept) and its exit code.
fn tell(
    opts: &PlayOptions,
    global: &GlobalArgs,
    serial: &str,
    report: &mut Report,
    ended: Ended,
) -> anyhow::Result<Exit> {
    let trace_result = report.finish();
    let mut summary = Summary::new(
        serial,
        report,
        &ended.times,
        ended.reconnects,
        ended.result.as_ref(),
    );
    let outcome = ended.result.map_err(|e| {
        let kept = e.stop().artifact.or_else(|| report.last_screen.clone());
        let err = exit::with_code(Exit::from(&e), e);
        match &kept {
            Some(path) => exit::with_artifact(err, path),
            None => err,
        }
    });
    if let Err(err) = &outcome {
        summary = summary.with_error(exit::json_body(err));
    }
    // On a failed play the error is the news: a closed stdout must not turn it into exit 0.
    let won = outcome.is_ok();
    let print = |json: bool| {
        summary
            .print(json)
            .or_else(|e| if won { Err(e) } else { Ok(()) })
    };
    // Before anything is printed: a failed trace is then the one object `--json` prints.
    trace_result
        .map_err(|e| exit::with_code(Exit::Failure, anyhow::anyhow!("writing the trace: {e}")))?;
    if opts.summary || global.json {
        print(global.json)?;
    }
    match outcome {
        Ok(won) => {
            if !global.quiet && !opts.summary {
                say_solved(serial, won, report);
            }
            Ok(Exit::Ok)
        }
        // The summary above carries it as `error`.
        Err(err) if global.json => Err(exit::printed(err)),
        Err(err) => Err(err),
    }
}

/// The line that ends a won game on stderr.
fn say_solved(serial: &str, won: Won, report: &Report) {
    let how = won.how();
    let split = match report.givens_known {
        Some(false) => "; the givens could not be told from the entries (every digit shown was taken as the puzzle's)",
        _ => "",
    };
    eprintln!(
        "solved on {serial}: {how} ({} {}, {} inputs, {}){split}",
        report.done,
        report.unit(),
        report.actions,
        Human(report.elapsed())
    );
}
