//! Many devices at once: find the devices asked for on one or several adb servers (`-s` repeated,
//! `--device all`, `--adb-server host:port` for device farms), then one worker thread per device,
//! each reporting to its own `Progress`, and the results merged into one `RunReport`.

use super::options::Options;
use super::outcome::{Case, DeviceRun, RunReport, Status};
use super::plan::Job;
pub use super::plan::Target;
use super::progress::Progress;
use super::runner;
use crate::device::{
    list_devices, DeviceConfig, DeviceEntry, DeviceError, DeviceTable, Route, ServerConfig,
};
use std::sync::atomic::AtomicBool;
use std::time::{Instant, SystemTime};

/// Which devices to test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wanted {
    /// Every ready device on every server.
    All,
    /// These serials, each on the first server that lists it.
    Serials(Vec<String>),
    /// The only device there is.
    Only,
}

#[derive(Debug, thiserror::Error)]
pub enum FleetError {
    #[error(transparent)]
    Device(#[from] DeviceError),
    #[error("no device is ready on {servers}:\n{table}\nconnect phones (or `adb connect HOST:PORT`), or reach a farm's server with --adb-server HOST:PORT")]
    NoDevices { servers: String, table: DeviceTable },
    #[error("more than one device is connected:\n{table}\nchoose with -s SERIAL (repeat it for several), or test them all with --device all")]
    Ambiguous { table: DeviceTable },
    #[error("no device {serial:?} on {servers}:\n{table}\ncheck the serial with `adb devices`, or pass -s HOST:PORT for a network phone")]
    NotFound {
        serial: String,
        servers: String,
        table: DeviceTable,
    },
}

/// Resolves the devices on `servers` (the first is where unknown network serials get `adb connect`ed).
pub fn targets(
    base: &DeviceConfig,
    servers: &[ServerConfig],
    wanted: &Wanted,
) -> Result<Vec<Target>, FleetError> {
    let mut listed: Vec<(ServerConfig, Vec<DeviceEntry>)> = Vec::new();
    for server in servers {
        listed.push((server.clone(), list_devices(server, base.timeouts)?));
    }
    let names = servers
        .iter()
        .map(|s| s.addr.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let table = || DeviceTable(listed.iter().flat_map(|(_, d)| d.iter().cloned()).collect());
    let target = |serial: &str, server: &ServerConfig| Target {
        serial: serial.to_owned(),
        server: server.clone(),
        config: DeviceConfig {
            route: Route::Server {
                server: server.clone(),
                serial: Some(serial.to_owned()),
            },
            ..base.clone()
        },
    };
    let ready: Vec<Target> = listed
        .iter()
        .flat_map(|(s, d)| d.iter().filter(|e| e.is_ready()).map(move |e| (s, e)))
        .map(|(s, e)| target(&e.serial, s))
        .collect();
    match wanted {
        Wanted::All if ready.is_empty() => Err(FleetError::NoDevices {
            servers: names,
            table: table(),
        }),
        Wanted::All => Ok(ready),
        Wanted::Only => match ready.len() {
            0 => Err(FleetError::NoDevices {
                servers: names,
                table: table(),
            }),
            1 => Ok(ready),
            _ => Err(FleetError::Ambiguous { table: table() }),
        },
        Wanted::Serials(serials) => serials
            .iter()
            .map(|serial| {
                let on = listed
                    .iter()
                    .find(|(_, d)| d.iter().any(|e| &e.serial == serial))
                    .map(|(s, _)| s);
                match (on, servers.first()) {
                    (Some(server), _) => Ok(target(serial, server)),
                    // A network phone not connected yet: the device layer runs `adb connect`.
                    (None, Some(first)) if serial.contains(':') => Ok(target(serial, first)),
                    _ => Err(FleetError::NotFound {
                        serial: serial.clone(),
                        servers: names.clone(),
                        table: table(),
                    }),
                }
            })
            .collect(),
    }
}

/// Where the fleet's workers report: one `Progress` per job, made before its thread starts.
pub trait FleetProgress {
    fn worker(&self, job: &Job) -> Box<dyn Progress + '_>;
}

/// Runs every job in its own thread and merges the results, in job order.
pub fn run(
    jobs: &[Job],
    opts: &Options,
    stop: &AtomicBool,
    progress: &dyn FleetProgress,
) -> RunReport {
    let started = SystemTime::now();
    let start = Instant::now();
    let devices = std::thread::scope(|scope| {
        let workers: Vec<_> = jobs
            .iter()
            .map(|job| {
                let progress = progress.worker(job);
                scope.spawn(move || {
                    let run = runner::run(job, opts, stop, &*progress);
                    progress.finished(&run);
                    run
                })
            })
            .collect();
        workers
            .into_iter()
            .zip(jobs)
            .map(|(w, job)| w.join().unwrap_or_else(|_| crashed(job)))
            .collect()
    });
    RunReport::new(started, start.elapsed(), devices)
}

/// A worker that panicked is a bug; its games are reported as that device's errors.
fn crashed(job: &Job) -> DeviceRun {
    let t = &job.target;
    let mut run = DeviceRun::new(&t.serial, &t.server.addr.to_string());
    run.stopped = Some("the worker crashed".into());
    for number in job.schedule.left(0) {
        run.cases.push(
            Case::new(&t.serial, number, None, Status::Error)
                .with_message("the worker crashed (a bug in autosudoku; please report it)"),
        );
    }
    run
}
