//! `autosudoku calibrate --name APP`: learns an app from its screen (`autosudoku_agent::calibrate`
//! does the work): the font goes under `APP/` in the user's templates folder and `APP.toml` to the
//! user's profiles folder. This file owns the flags, what the user is told and the exit codes.

use crate::cli::device_args::{device_failure, DeviceArgs};
use crate::cli::library_args::LibraryArgs;
use crate::cli::{output, GlobalArgs};
use crate::exit::{self, Exit};
use autosudoku_agent::calibrate::{self, CalibrateError, Calibrated, Calibration};
use autosudoku_agent::device::Phone;
use autosudoku_agent::home::KeepAt;
use autosudoku_agent::play::profile::Buttons;
use autosudoku_agent::vision::{BoardRead, Reader, ReaderOptions};
use std::path::{Path, PathBuf};

#[derive(Debug, clap::Args)]
pub struct CalibrateArgs {
    #[command(flatten)]
    pub device: DeviceArgs,
    /// The app's name: the profile is written as NAME.toml to the last --profiles folder (else
    /// your profiles folder) and its font to NAME/ in the last --templates folder (else your
    /// templates folder).
    #[arg(long, value_name = "NAME")]
    pub name: String,
    #[command(flatten)]
    pub library: LibraryArgs,
    /// The screenshot with what was found drawn over it (default: your data folder's
    /// screenshots/, named by the time).
    #[arg(long, value_name = "FILE.png")]
    pub annotate: Option<PathBuf>,
}

fn fail(e: impl Into<anyhow::Error>) -> anyhow::Error {
    exit::with_code(Exit::Failure, e)
}

pub fn run(args: CalibrateArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    calibrate::check_name(&args.name).map_err(|e| exit::with_code(Exit::Usage, e))?;
    let config = args.device.resolve()?;
    let mut phone = Phone::connect(&config).map_err(device_failure)?;
    let home = global.home()?;
    let annotated = match &args.annotate {
        Some(path) => KeepAt::File(path.clone()),
        None => KeepAt::Home {
            home: home.clone(),
            what: "calibrate".into(),
        },
    }
    .path_now()
    .map_err(fail)?;
    let mut reader = Reader::new(ReaderOptions {
        templates: Some(args.library.template_sources(&home)),
        font: Some(args.name.clone()),
        learn: true,
        // The set is named by --name already.
        app: None,
    })
    .map_err(fail)?;
    let how = Calibration {
        name: &args.name,
        profiles: home.profiles_to_write(&args.library.profiles),
        annotated,
    };
    let done = calibrate::calibrate(&mut phone, &mut reader, &how).map_err(failure)?;
    if !global.quiet {
        for line in told(&done, &how.annotated) {
            eprintln!("{line}");
        }
    }
    if global.json {
        output::line(serde_json::to_string(&done.profile).map_err(fail)?)?;
    }
    Ok(if done.style.is_some() {
        Exit::Ok
    } else {
        Exit::Failure
    })
}

/// A stop of calibration with its exit code (and the screenshot it refers to).
fn failure(e: CalibrateError) -> anyhow::Error {
    let e = match e {
        CalibrateError::Device(d) => return device_failure(d),
        e => e,
    };
    let artifact = e.artifact().map(Path::to_path_buf);
    let code = match &e {
        CalibrateError::Uncertain { .. } | CalibrateError::NoSolution { .. } => Exit::Unreadable,
        CalibrateError::Vision(_) => Exit::Unreadable,
        CalibrateError::BadName(_) => Exit::Usage,
        _ => Exit::Failure,
    };
    let err = exit::with_code(code, e);
    match artifact {
        Some(path) => exit::with_artifact(err, &path),
        None => err,
    }
}

/// What calibration found and wrote, for the user.
fn told(done: &Calibrated, annotated: &Path) -> Vec<String> {
    let (cell, digit) = done.entered;
    let style = match done.style {
        Some(s) => format!("input style: {s} (entered {digit} at {cell} to find out)"),
        None => {
            "input style: not found (no way of entering a digit worked); set `input` by hand".into()
        }
    };
    let limit = match &done.limit {
        Some(f) => format!(
            "mistake limit: {} ({})",
            f.value.map_or("none".into(), |n| n.to_string()),
            f.how
        ),
        None => "mistake limit: no mistakes counter on screen".into(),
    };
    vec![
        found(&done.read, annotated),
        describe(&done.profile.buttons),
        style,
        limit,
        format!("profile written to {}", done.path.display()),
    ]
}

/// What the first read found, for the user.
fn found(read: &BoardRead, annotated: &Path) -> String {
    format!(
        "grid found: {} givens, {} entries; keypad: {}; annotated screenshot: {}",
        read.givens().filled_count(),
        read.entered().filled_count(),
        read.keypad
            .as_ref()
            .map_or("none (hardware keys?)".to_string(), |k| format!(
                "{} keys, {:?}",
                k.keys.len(),
                k.layout
            )),
        annotated.display()
    )
}

fn describe(b: &Buttons) -> String {
    let named: Vec<String> = [("erase", b.erase), ("notes", b.notes), ("undo", b.undo)]
        .iter()
        .filter_map(|(n, p)| p.map(|[x, y]| format!("{n} at ({x}, {y})")))
        .collect();
    if named.is_empty() {
        "buttons: none found (DEL erases; set [buttons] in the profile if the app has them)".into()
    } else {
        format!("buttons: {}", named.join(", "))
    }
}
