//! `autosudoku devices`: every device the adb server knows (or the `--direct` one), with model,
//! Android version, screen size and density, and what its touchscreen allows. A table on stdout,
//! or one JSON object per device with `--json`.

use crate::cli::device_args::{device_failure, usage, ConnectionArgs};
use crate::cli::{output, GlobalArgs};
use crate::exit::Exit;
use autosudoku_agent::device::input::touchscreen::{self, Touchscreen};
use autosudoku_agent::device::{
    banner_model, known_devices, list_devices, read_facts, Device, DeviceEntry, DeviceError,
    DeviceTable, DirectDevice, Route, ScreenFacts, ServerDevice, Timeouts,
};
use serde::Serialize;

#[derive(Debug, clap::Args)]
pub struct DevicesArgs {
    #[command(flatten)]
    pub connection: ConnectionArgs,
    /// Long listing, as `adb devices -l`: product, code name, transport id and USB port too.
    #[arg(short = 'l', long = "long")]
    pub long: bool,
    /// Only the serials of ready devices, one a line, without asking them anything (what the
    /// shell completion of `-s` runs).
    #[arg(long, hide = true, conflicts_with = "long")]
    pub serials: bool,
}

/// One row of the listing.
#[derive(Debug, Serialize)]
struct DeviceInfo {
    serial: String,
    state: String,
    model: Option<String>,
    /// What `adb devices -l` says of the transport (none for `--direct`).
    #[serde(flatten)]
    listed: Listed,
    #[serde(skip_serializing_if = "Option::is_none")]
    facts: Option<ScreenFacts>,
    #[serde(skip_serializing_if = "Option::is_none")]
    touch: Option<TouchInfo>,
    /// Why the details are missing, for a listed device that did not answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// The long listing's fields beyond serial, state and model.
#[derive(Debug, Default, Serialize)]
struct Listed {
    product: Option<String>,
    device: Option<String>,
    transport_id: Option<u64>,
    usb: Option<String>,
}

#[derive(Debug, Serialize)]
struct TouchInfo {
    #[serde(flatten)]
    screen: Touchscreen,
    /// Whether `sendevent` may write to it (root or emulator): the `sendevent` input backend.
    sendevent: bool,
}

pub fn run(args: DevicesArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    let timeouts = args.connection.timeouts().map_err(usage)?;
    if args.serials {
        return print_serials(&args.connection, timeouts);
    }
    let route = args.connection.route()?;
    let infos = match &route {
        Route::Server {
            server,
            serial: None,
        } => list_devices(server, timeouts)
            .map_err(device_failure)?
            .into_iter()
            .map(|e| describe_listed(e, server, timeouts))
            .collect(),
        // One serial: `adb connect` it if it is HOST:PORT, like every other command; one the
        // server does not know is an error with the table, not an empty listing.
        Route::Server {
            server,
            serial: Some(serial),
        } => {
            let entries = known_devices(server, Some(serial), timeouts).map_err(device_failure)?;
            match entries.iter().find(|e| e.serial == *serial) {
                Some(entry) => vec![describe_listed(entry.clone(), server, timeouts)],
                None => {
                    return Err(device_failure(DeviceError::NotFound {
                        serial: Some(serial.clone()),
                        table: DeviceTable(entries),
                    }))
                }
            }
        }
        Route::Direct { addr, key } => {
            let (mut dev, banner) =
                DirectDevice::connect(*addr, key.as_deref(), timeouts).map_err(device_failure)?;
            let mut info = DeviceInfo {
                serial: dev.serial().to_owned(),
                state: "device".into(),
                model: banner_model(&banner),
                listed: Listed::default(),
                facts: None,
                touch: None,
                error: None,
            };
            fill(&mut info, &mut dev);
            vec![info]
        }
    };
    // The hint goes to stderr with --json too: no JSON lines alone would not say what to do.
    if infos.is_empty() && !global.quiet {
        eprintln!("no devices: plug a phone in with USB debugging on, or `adb connect HOST:PORT` (for the virtual phone: `autosudoku phone` first)");
    }
    if global.json {
        for info in &infos {
            output::line(serde_json::to_string(info)?)?;
        }
    } else if !infos.is_empty() {
        print_table(&infos, args.long)?;
    }
    Ok(Exit::Ok)
}

/// The ready serials the server lists; nothing (and exit 0) when there is no server, since a
/// shell completion has nowhere to show an error.
fn print_serials(connection: &ConnectionArgs, timeouts: Timeouts) -> anyhow::Result<Exit> {
    let Ok(server) = connection.server.sources().resolve() else {
        return Ok(Exit::Ok);
    };
    for entry in list_devices(&server, timeouts).unwrap_or_default() {
        if entry.is_ready() {
            output::line(entry.serial)?;
        }
    }
    Ok(Exit::Ok)
}

fn describe_listed(
    entry: DeviceEntry,
    server: &autosudoku_agent::device::ServerConfig,
    timeouts: Timeouts,
) -> DeviceInfo {
    let mut info = DeviceInfo {
        serial: entry.serial.clone(),
        state: entry.state.clone(),
        model: entry.model.clone(),
        listed: Listed {
            product: entry.product.clone(),
            device: entry.device.clone(),
            transport_id: entry.transport_id,
            usb: entry.usb.clone(),
        },
        facts: None,
        touch: None,
        error: None,
    };
    if entry.is_ready() {
        match ServerDevice::connect(server, Some(&entry.serial), timeouts) {
            Ok(mut dev) => fill(&mut info, &mut dev),
            Err(e) => info.error = Some(e.to_string()),
        }
    }
    info
}

/// Asks a ready device for its screen facts and touchscreen; records the error instead on failure.
fn fill(info: &mut DeviceInfo, dev: &mut dyn Device) {
    let result = (|| -> Result<(), DeviceError> {
        let facts = read_facts(dev)?;
        if !facts.model.is_empty() {
            info.model = Some(facts.model.clone());
        }
        info.facts = Some(facts);
        if let Some(screen) = touchscreen::probe(dev)? {
            let sendevent = touchscreen::write_refusal(dev, &screen.path)?.is_none();
            info.touch = Some(TouchInfo { screen, sendevent });
        }
        Ok(())
    })();
    if let Err(e) = result {
        info.error = Some(e.to_string());
    }
}

/// The TOUCH cell: the touchscreen's node and range, whether sendevent may write to it, or why
/// the device said nothing.
fn touch_cell(i: &DeviceInfo) -> String {
    match (&i.touch, &i.error) {
        (_, Some(err)) => format!("(error: {err})"),
        (Some(t), None) => {
            let r = t.screen.range;
            format!(
                "{} {}..{}x{}..{}{}{}",
                t.screen.path,
                r.min_x,
                r.max_x,
                r.min_y,
                r.max_y,
                t.screen
                    .slots
                    .map_or(String::new(), |s| format!(", {s} slots")),
                if t.sendevent {
                    ", sendevent ok"
                } else {
                    ", no sendevent (needs root)"
                }
            )
        }
        (None, None) if i.facts.is_some() => "no touchscreen listed".into(),
        (None, None) => "-".into(),
    }
}

/// One row; with `long`, adb's `-l` fields follow the model.
fn row(i: &DeviceInfo, long: bool) -> Vec<String> {
    let f = i.facts.as_ref();
    let or_dash = |v: &Option<String>| v.clone().unwrap_or_else(|| "-".into());
    let mut cells = vec![i.serial.clone(), i.state.clone(), or_dash(&i.model)];
    if long {
        let l = &i.listed;
        let id = l.transport_id.map(|t| t.to_string());
        cells.extend([
            or_dash(&l.product),
            or_dash(&l.device),
            or_dash(&id),
            or_dash(&l.usb),
        ]);
    }
    cells.extend([
        f.map_or("-".into(), |f| match f.android.sdk {
            Some(sdk) => format!("{} (API {sdk})", f.android.release),
            None => f.android.release.clone(),
        }),
        f.map_or("-".into(), |f| f.effective_size().to_string()),
        f.map_or("-".into(), |f| f.effective_density().to_string()),
        touch_cell(i),
    ]);
    cells
}

fn print_table(infos: &[DeviceInfo], long: bool) -> std::io::Result<()> {
    let mut header = vec!["SERIAL", "STATE", "MODEL"];
    if long {
        header.extend(["PRODUCT", "DEVICE", "TRANSPORT_ID", "USB"]);
    }
    header.extend(["ANDROID", "SIZE", "DENSITY", "TOUCH"]);
    let header: Vec<String> = header.into_iter().map(String::from).collect();
    let rows: Vec<Vec<String>> = infos.iter().map(|i| row(i, long)).collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .chain([header[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String]| {
        let mut s = String::new();
        for (c, cell) in cells.iter().enumerate() {
            if c + 1 == cells.len() {
                s.push_str(cell);
            } else {
                s.push_str(&format!("{cell:<w$}  ", w = widths[c]));
            }
        }
        s
    };
    output::line(line(&header))?;
    for r in &rows {
        output::line(line(r))?;
    }
    Ok(())
}
