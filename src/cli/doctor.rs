//! `autosudoku doctor`: checks what autosudoku needs on this computer (adb and its server and key,
//! Tesseract and its English data, ffmpeg), and with `-s` the phone (ready, screen on and unlocked,
//! capture not black), and says how to fix what is missing. Exit 0 when all that is essential is
//! there (a missing optional part is a warning), 1 otherwise; `--json` gives one line per check.

use crate::cli::device_args::{usage, ConnectionArgs};
use crate::cli::paint::{paint, Tone};
use crate::cli::{output, GlobalArgs};
use crate::exit::{self, Exit};
use autosudoku_agent::device::{open_device, CaptureFormat};
use autosudoku_agent::doctor;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct DoctorArgs {
    /// With -s SERIAL (or ANDROID_SERIAL, or --direct), the phone is checked too: ready and
    /// authorized, its screen on and unlocked, its capture not black.
    #[command(flatten)]
    pub connection: ConnectionArgs,
    /// adb's private key (default: ~/.android/adbkey, or ANDROID_USER_HOME's adbkey).
    #[arg(long, value_name = "FILE", env = "ANDROID_USER_HOME", hide_env = true)]
    pub adb_key: Option<PathBuf>,
}

pub fn run(args: DoctorArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    let server = args
        .connection
        .server
        .sources()
        .resolve()
        .map_err(|e| exit::with_code(Exit::Usage, e))?;
    let key = match args.adb_key {
        // ANDROID_USER_HOME names adb's folder; a file path names the key itself.
        Some(p) if p.is_dir() => Some(p.join("adbkey")),
        Some(p) => Some(p),
        None => directories::BaseDirs::new().map(|d| d.home_dir().join(".android/adbkey")),
    };
    let mut checks = doctor::run(&server, key.as_deref());
    if args.connection.serial.is_some() || args.connection.direct.is_some() {
        let route = args.connection.route().map_err(usage)?;
        let timeouts = args.connection.timeouts().map_err(usage)?;
        let opened = open_device(&route, timeouts);
        checks.extend(doctor::phone(opened, CaptureFormat::Raw));
    }
    let color = global.color.enabled_on_stdout();
    for c in &checks {
        if global.json {
            output::line(serde_json::to_string(c)?)?;
        } else if !global.quiet || !c.ok {
            let mark = match (c.ok, c.essential) {
                (true, _) => paint("ok  ", Tone::Good, color),
                (false, true) => paint("FAIL", Tone::Bad, color),
                (false, false) => paint("warn", Tone::Warn, color),
            };
            output::line(format_args!("{mark} {:<13} {}", c.name, c.detail))?;
            if let Some(fix) = &c.fix {
                output::line(format_args!("     {:<13} fix: {fix}", ""))?;
            }
        }
    }
    Ok(if checks.iter().all(|c| c.ok || !c.essential) {
        Exit::Ok
    } else {
        Exit::Failure
    })
}
