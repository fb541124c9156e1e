//! What the user typed: clap definitions, one file per subcommand, and the dispatch to them.

mod calibrate;
mod clean;
mod completions;
mod demo;
pub mod device_args;
mod devices;
mod doctor;
mod generate;
mod help;
mod help_command;
pub mod library_args;
mod man;
pub mod output;
pub mod paint;
mod phone;
mod play;
mod progress;
mod read;
mod read_scene;
mod read_sized;
mod regress;
mod regress_progress;
mod report;
mod report_files;
mod screenshot;
mod solve;
mod strategy;

use crate::exit::{self, Exit};
use autosudoku_agent::home::Home;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "autosudoku",
    version,
    about,
    after_help = help::TOP.exits_text(),
    disable_help_subcommand = true
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

/// The command line's definition: clap's, with every subcommand's examples and exit codes
/// (`help`), for parsing, `--help`, completions and man pages alike.
pub fn command() -> clap::Command {
    help::with_pages(Cli::command())
}

/// The command line as typed, parsed.
pub fn parse() -> Result<Cli, clap::Error> {
    Cli::from_arg_matches(&command().try_get_matches()?)
}

/// Options every subcommand takes.
#[derive(Debug, Clone, Args)]
pub struct GlobalArgs {
    /// More log output (-v info, -vv debug, -vvv trace). RUST_LOG overrides.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    pub verbose: u8,
    /// Only errors on stderr; no progress bars.
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Machine-readable output: JSON (Lines) on stdout.
    #[arg(long, global = true)]
    pub json: bool,
    /// The folder for your own profiles, templates and kept screenshots (default: the platform's
    /// config and data folders, e.g. ~/.config/autosudoku and ~/.local/share/autosudoku).
    #[arg(long, value_name = "DIR", env = "AUTOSUDOKU_HOME", global = true)]
    pub home: Option<PathBuf>,
    /// Colour in human output: errors, warnings, doctor's marks, logs. NO_COLOR in the
    /// environment turns `auto` off.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// Whether stderr output may carry ANSI colour.
    pub fn enabled_on_stderr(self) -> bool {
        self.enabled(std::io::stderr().is_terminal())
    }

    /// Whether stdout output may carry ANSI colour.
    pub fn enabled_on_stdout(self) -> bool {
        self.enabled(std::io::stdout().is_terminal())
    }

    /// `always` is asked for in words, so it wins over NO_COLOR, which only turns `auto` off.
    fn enabled(self, terminal: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && terminal
            }
        }
    }
}

impl GlobalArgs {
    /// The user's folders (`--home` / `AUTOSUDOKU_HOME`, else the platform's).
    pub fn home(&self) -> anyhow::Result<Home> {
        Home::locate(self.home.as_deref()).map_err(|e| exit::with_code(Exit::Usage, e))
    }

    /// Whether progress bars should be drawn (stderr is a terminal and not `-q`).
    pub fn show_progress(&self) -> bool {
        !self.quiet && std::io::stderr().is_terminal()
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles given on the command line or in a file.
    Solve(solve::SolveArgs),
    /// Generate random puzzles with a unique solution.
    Generate(generate::GenerateArgs),
    /// Start the virtual phone: a simulated Android device for `adb connect`.
    Phone(phone::PhoneArgs),
    /// List connected devices: model, Android version, screen, touch input.
    Devices(devices::DevicesArgs),
    /// Capture the phone's screen to a PNG file.
    Screenshot(screenshot::ScreenshotArgs),
    /// Play the game on the phone: fill the answer, or replay the backtracking search live.
    Play(play::PlayArgs),
    /// The show with nothing attached: a virtual phone, a replay and a fill, recorded to demo.gif.
    Demo(demo::DemoArgs),
    /// Learn an app: read its screen, find its input style, write its profile (NAME.toml in your
    /// profiles folder) and its digit font.
    Calibrate(calibrate::CalibrateArgs),
    /// Read the board, keypad and confidence from the phone's screen or a screenshot.
    Read(read::ReadArgs),
    /// Regression-test a Sudoku app: play games on one or many phones, check its behaviour, write JUnit/JSON/HTML reports.
    Regress(regress::RegressArgs),
    /// Work with regress reports: merge the JSON reports of shards or hosts into one.
    Report(report::ReportArgs),
    /// Check this computer: adb, its server and key, Tesseract and its English data, ffmpeg.
    Doctor(doctor::DoctorArgs),
    /// Empty the cache: the screenshots kept in your data folder.
    Clean(clean::CleanArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(completions::CompletionsArgs),
    /// Print a man page (roff), or write one per subcommand into a folder.
    Man(man::ManArgs),
    /// Print the help of the tool or of one subcommand (as `--help`).
    Help(help_command::HelpArgs),
}

impl Command {
    /// Whether the command may log at the default level (warnings). `solve` never does: the core
    /// has no `tracing`, and `solve` reports on stderr by itself.
    pub fn logs_by_default(&self) -> bool {
        !matches!(self, Command::Solve(_))
    }
}

/// Runs the chosen subcommand.
pub fn run(cli: Cli) -> anyhow::Result<Exit> {
    match cli.command {
        Command::Solve(args) => solve::run(args, &cli.global),
        Command::Generate(args) => generate::run(args, &cli.global),
        Command::Phone(args) => phone::run(args, &cli.global),
        Command::Devices(args) => devices::run(args, &cli.global),
        Command::Screenshot(args) => screenshot::run(args, &cli.global),
        Command::Play(args) => play::run(args, &cli.global),
        Command::Demo(args) => demo::run(args, &cli.global),
        Command::Calibrate(args) => calibrate::run(args, &cli.global),
        Command::Read(args) => read::run(args, &cli.global),
        Command::Regress(args) => regress::run(args, &cli.global),
        Command::Report(args) => report::run(args, &cli.global),
        Command::Doctor(args) => doctor::run(args, &cli.global),
        Command::Clean(args) => clean::run(args, &cli.global),
        Command::Completions(args) => completions::completions(args, &cli.global),
        Command::Man(args) => man::run(args, &cli.global),
        Command::Help(args) => help_command::run(args, &cli.global),
    }
}
