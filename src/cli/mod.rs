//! What the user typed: clap definitions, one file per subcommand, and the dispatch to them.

mod calibrate;
mod completions;
mod demo;
pub mod device_args;
mod devices;
mod doctor;
mod generate;
pub mod library_args;
pub mod output;
mod phone;
mod play;
mod progress;
mod read;
mod regress;
mod regress_progress;
mod report;
mod screenshot;
mod solve;
mod strategy;

use crate::exit::{self, Exit, EXIT_CODES_HELP};
use autosudoku_agent::home::Home;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(name = "autosudoku", version, about, after_help = EXIT_CODES_HELP)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
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
    /// Colour in human output. NO_COLOR in the environment means never.
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
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::io::stderr().is_terminal()
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
    /// Learn an app: read its screen, find its input style, write config/NAME.toml and its digit font.
    Calibrate(calibrate::CalibrateArgs),
    /// Read the board, keypad and confidence from the phone's screen or a screenshot.
    Read(read::ReadArgs),
    /// Regression-test a Sudoku app: play games on one or many phones, check its behaviour, write JUnit/JSON/HTML reports.
    Regress(regress::RegressArgs),
    /// Work with regress reports: merge the JSON reports of shards or hosts into one.
    Report(report::ReportArgs),
    /// Check this computer: adb, its server and key, Tesseract and its English data, ffmpeg.
    Doctor(doctor::DoctorArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(completions::CompletionsArgs),
    /// Print the man page (roff).
    Man(completions::ManArgs),
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
        Command::Completions(args) => completions::completions(args, &cli.global),
        Command::Man(args) => completions::man(args, &cli.global),
    }
}
