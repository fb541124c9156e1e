//! `autosudoku doctor`: checks what autosudoku needs on this computer (adb and its server and key,
//! Tesseract and its English data, ffmpeg), and with `-s` the phone (ready, screen on and unlocked,
//! capture not black), and says how to fix what is missing. Exit 0 when all that is essential is
//! there (a missing optional part is a warning), 1 otherwise; `--json` gives one object: the
//! checks, and with a phone named what the agent derives from it (device/derived.rs).

use crate::cli::device_args::{usage, ConnectionArgs};
use crate::cli::paint::{paint, Tone};
use crate::cli::{output, GlobalArgs};
use crate::exit::{self, Exit};
use autosudoku_agent::device::derived::{self, Derived};
use autosudoku_agent::device::{dump, open_device, CaptureFormat, Device, DeviceError};
use autosudoku_agent::doctor::{self, Check};
use clap::Args;
use serde::Serialize;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct DoctorArgs {
    /// With -s SERIAL (or ANDROID_SERIAL, or --direct), the phone is checked too: ready and
    /// authorized, its screen on and unlocked, its capture not black.
    #[command(flatten)]
    pub connection: ConnectionArgs,
    /// adb's private key (default: ~/.android/adbkey, or ANDROID_USER_HOME's adbkey).
    #[arg(long, value_name = "FILE", env = "ANDROID_USER_HOME", hide_env = true)]
    pub adb_key: Option<PathBuf>,
    /// Record what the phone answers to every read-only command autosudoku sends, the capture
    /// included, as JSON Lines (for a bug report; `autosudoku phone --replay FILE` answers from it).
    #[arg(long, value_name = "FILE.jsonl")]
    pub dump: Option<PathBuf>,
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
    let mut phone = None;
    let named = args.connection.serial().is_some()
        || args.connection.pick().is_some()
        || args.connection.direct.is_some();
    if named || args.dump.is_some() {
        let route = args.connection.route()?;
        let timeouts = args.connection.timeouts().map_err(usage)?;
        if let Some(path) = &args.dump {
            checks.push(dump(open_device(&route, timeouts), path));
        }
        let opened = open_device(&route, timeouts);
        checks.extend(doctor::phone(opened, CaptureFormat::Raw));
        if global.json {
            // The facts too, when the phone answers at all (its checks say why not).
            phone = open_device(&route, timeouts)
                .and_then(|mut d| derived::derive(&mut *d, CaptureFormat::Raw))
                .ok();
        }
    }
    let ok = checks.iter().all(|c| c.ok || !c.essential);
    if global.json {
        let report = Report {
            ok,
            checks: &checks,
            phone,
        };
        output::line(serde_json::to_string(&report)?)?;
    } else {
        print_checks(&checks, global)?;
    }
    Ok(if ok { Exit::Ok } else { Exit::Failure })
}

/// `doctor --json`: one object, the checks and what the agent derives from the phone named.
#[derive(Serialize)]
struct Report<'a> {
    ok: bool,
    checks: &'a [Check],
    phone: Option<Derived>,
}

/// The checks as lines: a mark, the name, what was found, and the fix of a failed one.
fn print_checks(checks: &[Check], global: &GlobalArgs) -> anyhow::Result<()> {
    let color = global.color.enabled_on_stdout();
    for c in checks {
        if !global.quiet || !c.ok {
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
    Ok(())
}

/// Writes the device dump of the phone `opened` to `path`: a check that says where it went, or
/// why it could not.
fn dump(opened: Result<Box<dyn Device>, DeviceError>, path: &Path) -> Check {
    let written = opened.map_err(|e| e.to_string()).and_then(|mut device| {
        let file = std::fs::File::create(path)
            .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        let mut out = std::io::BufWriter::new(file);
        let n = dump::record(&mut *device, &mut out).map_err(|e| e.to_string())?;
        std::io::Write::flush(&mut out).map_err(|e| format!("writing {}: {e}", path.display()))?;
        Ok(n)
    });
    let ok = written.is_ok();
    Check {
        name: "phone dump",
        ok,
        essential: true,
        detail: match written {
            Ok(n) => format!("{n} commands' answers in {} ({})", path.display(), dump::PRIVATE_NOTE),
            Err(e) => e,
        },
        fix: (!ok).then(|| "see the message; name the phone with -s SERIAL and a file in a folder you can write".to_owned()),
    }
}
