//! `autosudoku regress`: play N games (or M minutes) on one or many phones, check the app's
//! behaviour on each, and write JUnit XML, a JSON summary and an HTML report. Flags are resolved
//! here once; the work is `regress::fleet` and `regress::runner`.

use crate::cli::device_args::{
    capture_formats, claimant, input_kinds, ConnectionArgs, DeviceArgs, ServerArgs,
};
use crate::cli::library_args::LibraryArgs;
use crate::cli::regress_progress::Bars;
use crate::cli::report_files::ReportFiles;
use crate::cli::{output, GlobalArgs};
use crate::exit::{self, Exit};
use autosudoku_agent::device::{
    CaptureFormat, DeviceConfig, InputKind, Route, ServerConfig, ServerSources,
};
use autosudoku_agent::home::Home;
use autosudoku_agent::play::new_game::{self, Step};
use autosudoku_agent::play::profile::Profile;
use autosudoku_agent::regress::fleet::{self, Wanted};
use autosudoku_agent::regress::lease::Lease;
use autosudoku_agent::regress::options::{Budget, Options};
use autosudoku_agent::regress::plan::{self, Shard};
use autosudoku_agent::regress::report::json;
use autosudoku_agent::regress::RunReport;
use clap::Args;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// What `verdict` returns, for `regress --help`.
#[derive(Debug, Args)]
pub struct RegressArgs {
    /// Games to play on each device.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..), conflicts_with = "minutes")]
    pub games: u32,
    /// Play new games on each device for this many minutes instead.
    #[arg(long, value_name = "M")]
    pub minutes: Option<f64>,
    /// Play only the K-th of N parts of the plan (its games x devices, dealt the same way every
    /// time), e.g. one per CI job; `autosudoku report merge` joins the shards' JSON reports.
    #[arg(long, value_name = "K/N", conflicts_with = "minutes")]
    pub shard: Option<Shard>,
    /// The app's profile: a name (shipped, yours, or in --profiles) or a .toml file (input style,
    /// mistake limit).
    #[arg(long, value_name = "NAME|FILE")]
    pub profile: Option<String>,
    /// Buttons that start a new game, in order: a label ("New game", a difficulty menu's "Easy")
    /// or @X,Y; `--new-game` alone taps "New game". Repeatable.
    #[arg(long = "new-game", value_name = "STEP", num_args = 0..=1,
          default_value = new_game::DEFAULT_STEP, default_missing_value = new_game::DEFAULT_STEP)]
    pub new_game: Vec<Step>,
    /// Also type a deliberately wrong digit and check that the mistakes counter counts it.
    #[arg(long)]
    pub check_mistakes: bool,
    /// Milliseconds the app may take to show its solved dialog (and must not show it early).
    #[arg(long, value_name = "MS", default_value_t = 1500)]
    pub settle: u64,
    /// Device serial; repeat for several, or `all` for every ready device on every server
    /// (default: ANDROID_SERIAL, else the only device).
    #[arg(
        short = 's',
        long = "serial",
        visible_alias = "device",
        value_name = "SERIAL|all",
        env = "ANDROID_SERIAL"
    )]
    pub serials: Vec<String>,
    #[command(flatten)]
    pub server: ServerArgs,
    /// Lease the devices from a farm: a command (run with --lease-shell) or a file that lists
    /// serials or host:port addresses, one a line; addresses are `adb connect`ed, and
    /// disconnected at the end.
    #[arg(long = "devices-from", value_name = "CMD|FILE")]
    pub devices_from: Option<String>,
    /// Give the leased devices back at the end, also after Ctrl-C or a failed start: a command
    /// that gets them on stdin and in AUTOSUDOKU_LEASED, one a line.
    #[arg(long, value_name = "CMD", requires = "devices_from")]
    pub release: Option<String>,
    /// The shell that runs --devices-from and --release, as `SHELL -c CMD`.
    #[arg(long = "lease-shell", value_name = "SHELL", default_value = "sh")]
    pub lease_shell: String,
    /// Another adb server to take devices from, e.g. a device farm's (repeatable).
    #[arg(long = "adb-server", value_name = "HOST:PORT")]
    pub adb_servers: Vec<String>,
    #[command(flatten)]
    pub reports: ReportFiles,
    /// Folder for failures' screenshots, annotated reads and traces (default: regress/ in your
    /// data folder).
    #[arg(long, value_name = "DIR")]
    pub artifacts: Option<PathBuf>,
    #[command(flatten)]
    pub library: LibraryArgs,
    /// Seconds to wait for any single answer from a phone before counting it lost.
    #[arg(long = "device-timeout", value_name = "SECS", default_value_t = 10.0)]
    pub device_timeout: f64,
    /// Input backend; `auto` probes each phone and picks the fastest that works.
    #[arg(long, value_parser = input_kinds(), default_value_t = InputKind::Auto)]
    pub input: InputKind,
    /// Minimum milliseconds between two taps.
    #[arg(long = "tap-gap", value_name = "MS", default_value_t = 0)]
    pub tap_gap: u64,
    /// Screen capture format.
    #[arg(long, value_parser = capture_formats(), default_value_t = CaptureFormat::Raw)]
    pub capture: CaptureFormat,
}

impl RegressArgs {
    /// The shared device options, for everything but the serials.
    fn device_args(&self) -> DeviceArgs {
        DeviceArgs {
            connection: ConnectionArgs {
                serial: None,
                usb: false,
                emulator: false,
                transport_id: None,
                server: self.server.clone(),
                direct: None,
                device_timeout: self.device_timeout,
            },
            input: self.input,
            tap_gap: self.tap_gap,
            capture: self.capture,
        }
    }

    fn wanted(&self) -> Wanted {
        if self.serials.iter().any(|s| s == "all") {
            Wanted::All
        } else if self.serials.is_empty() {
            Wanted::Only
        } else {
            Wanted::Serials(self.serials.clone())
        }
    }
}

fn usage_error(text: String) -> anyhow::Error {
    exit::with_code(Exit::Usage, anyhow::anyhow!(text))
}

pub fn run(args: RegressArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    let base = args.device_args().resolve()?;
    let servers = servers(&args, &base)?;
    let home = global.home()?;
    let opts = options(&args, &home)?;
    // Dropped on every way out of here, which gives the devices back.
    let mut lease = lease(&args, &servers, &base)?;
    let wanted = match &lease {
        Some(l) => Wanted::Serials(l.devices().to_vec()),
        None => args.wanted(),
    };
    let targets = fleet::targets(&base, &servers, &wanted).map_err(|e| {
        let code = match &e {
            fleet::FleetError::Ambiguous { .. } => Exit::Usage,
            _ => Exit::DeviceLost,
        };
        exit::with_code(code, e)
    })?;
    let jobs = plan::jobs(targets, opts.budget, args.shard)
        .map_err(|e| exit::with_code(Exit::Usage, e))?;
    if jobs.is_empty() {
        return Err(usage_error(format!(
            "shard {} has no games: the plan is smaller than its {} shards",
            args.shard.map_or_else(String::new, |s| s.to_string()),
            args.shard.map_or(1, |s| s.count)
        )));
    }
    if !global.quiet {
        let names: Vec<&str> = jobs.iter().map(|j| j.target.serial.as_str()).collect();
        let part = args
            .shard
            .map(|s| format!(" (shard {s})"))
            .unwrap_or_default();
        eprintln!(
            "regress: {} device(s){part}: {}",
            names.len(),
            names.join(", ")
        );
    }
    let stop = Arc::new(AtomicBool::new(false));
    output::on_ctrl_c(
        stop.clone(),
        global.json,
        global.quiet,
        "the checks under way end and the reports are written",
        "no report was written",
    );
    let bars = Bars::new(&jobs, global.show_progress(), global.quiet);
    let mut report = fleet::run(&jobs, &opts, &stop, &bars);
    report.shard = args.shard;
    if let Some(Err(e)) = lease.as_mut().map(Lease::release) {
        eprintln!("regress: warning: {e}");
    }
    args.reports.write(&report)?;
    if global.json {
        output::line(json::to_value(&report))?;
    }
    if !global.quiet {
        summary(&report, &args, &opts.artifacts);
    }
    Ok(verdict(&report, stop.load(Ordering::SeqCst)))
}

/// The devices --devices-from leases, if it was given.
fn lease(
    args: &RegressArgs,
    servers: &[ServerConfig],
    base: &DeviceConfig,
) -> anyhow::Result<Option<Lease>> {
    let (Some(from), Some(server)) = (&args.devices_from, servers.first()) else {
        return Ok(None);
    };
    let lease = Lease::take(
        &args.lease_shell,
        from,
        args.release.clone(),
        server.clone(),
        base.timeouts,
    )
    .map_err(|e| exit::with_code(Exit::DeviceLost, e))?;
    Ok(Some(lease))
}

/// The adb servers to reach phones through: the default one unless only --adb-server was given,
/// and every --adb-server HOST:PORT.
fn servers(args: &RegressArgs, base: &DeviceConfig) -> anyhow::Result<Vec<ServerConfig>> {
    let Route::Server {
        server: primary, ..
    } = &base.route
    else {
        return Err(usage_error(
            "regress reaches phones through adb servers only".into(),
        ));
    };
    // The default server is used unless only --adb-server was given.
    let primary_chosen = args.server.chosen();
    let mut servers = Vec::new();
    if primary_chosen || args.adb_servers.is_empty() {
        servers.push(primary.clone());
    }
    for text in &args.adb_servers {
        let (host, port) = text
            .rsplit_once(':')
            .and_then(|(h, p)| Some((h, p.parse::<u16>().ok().filter(|&p| p != 0)?)))
            .ok_or_else(|| {
                usage_error(format!(
                    "--adb-server {text:?} is not HOST:PORT (e.g. farm.lan:5037)"
                ))
            })?;
        let sources = ServerSources {
            flag_host: Some(host.to_owned()),
            flag_port: Some(port),
            adb: args.server.adb.clone(),
            ..ServerSources::default()
        };
        servers.push(
            sources
                .resolve()
                .map_err(|e| exit::with_code(Exit::Usage, e))?,
        );
    }
    Ok(servers)
}

/// The run's options from the flags and the named profile.
fn options(args: &RegressArgs, home: &Home) -> anyhow::Result<Options> {
    let profile = match &args.profile {
        Some(name) => Some(
            Profile::find(name, &args.library.profile_sources(home))
                .map_err(|e| exit::with_code(Exit::Usage, e))?,
        ),
        None => None,
    };
    let budget = match args.minutes {
        Some(m) if m.is_finite() && m > 0.0 => Budget::Time(Duration::from_secs_f64(m * 60.0)),
        Some(m) => {
            return Err(usage_error(format!(
                "--minutes {m} must be a positive number"
            )))
        }
        None => Budget::Games(args.games),
    };
    let artifacts = args
        .artifacts
        .clone()
        .unwrap_or_else(|| home.regress_artifacts());
    Ok(Options {
        budget,
        check_mistakes: args.check_mistakes,
        settle: Duration::from_millis(args.settle),
        new_game: args.new_game.clone(),
        artifacts,
        templates: args.library.template_sources(home),
        styles: profile
            .as_ref()
            .filter(|p| !p.input.is_empty())
            .map(|p| p.input.clone()),
        mistake_limit: profile.as_ref().and_then(|p| p.mistake_limit),
        claimant: claimant(home),
    })
}

fn summary(report: &RunReport, args: &RegressArgs, artifacts: &Path) {
    let c = report.counts();
    eprintln!(
        "regress: {} test(s) on {} device(s) in {:.1} s: {c}",
        c.tests,
        report.devices.len(),
        report.elapsed.as_secs_f64(),
    );
    for (path, what) in args.reports.named() {
        if let Some(p) = path {
            eprintln!("  {what}: {}", p.display());
        }
    }
    if c.failures + c.errors > 0 {
        eprintln!(
            "  failures' screenshots and traces: {}",
            artifacts.display()
        );
    }
}

/// 0 when every check passed (or was skipped), 1 when one failed, 3 when devices were lost and
/// nothing failed, 130 after Ctrl-C (`REGRESS_EXIT_CODES` says it in `--help`).
fn verdict(report: &RunReport, interrupted: bool) -> Exit {
    let c = report.counts();
    if interrupted {
        Exit::Interrupted
    } else if c.failures > 0 {
        Exit::Failure
    } else if report.devices.iter().any(|d| d.stopped.is_some()) {
        Exit::DeviceLost
    } else if report.devices.iter().any(|d| d.refused.is_some()) {
        // As play's refusal of a board it cannot read.
        Exit::Unreadable
    } else if report.ok() {
        Exit::Ok
    } else {
        Exit::Failure
    }
}
