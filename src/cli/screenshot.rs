//! `autosudoku screenshot -o shot.png`: one capture from the phone, saved as PNG (raw `screencap`
//! by default, `--capture png` for the phone's own PNG), with its size, bytes and time.

use crate::cli::device_args::{capture_formats, device_failure, usage, ConnectionArgs};
use crate::cli::{output, GlobalArgs};
use crate::exit::{self, Exit};
use autosudoku_agent::device::{capture, open_device, CaptureFormat};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
pub struct ScreenshotArgs {
    #[command(flatten)]
    pub connection: ConnectionArgs,
    /// Where to save the PNG; `-` writes it to stdout.
    #[arg(short, long, value_name = "FILE.png", default_value = "screenshot.png")]
    pub output: PathBuf,
    /// Capture format: raw pixels (fast) or the phone's PNG encoder (slow).
    #[arg(long, value_parser = capture_formats(), default_value_t = CaptureFormat::Raw)]
    pub capture: CaptureFormat,
}

pub fn run(args: ScreenshotArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    let timeouts = args.connection.timeouts().map_err(usage)?;
    let route = args.connection.route().map_err(usage)?;
    let mut device = open_device(&route, timeouts).map_err(device_failure)?;
    let shot = capture(&mut *device, args.capture).map_err(device_failure)?;
    let to_stdout = args.output.as_os_str() == "-";
    let mut png = Vec::new();
    shot.image
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .map_err(|e| exit::with_code(Exit::Failure, e))?;
    if to_stdout {
        std::io::stdout().lock().write_all(&png)?;
    } else {
        std::fs::write(&args.output, &png).map_err(|e| {
            exit::with_code(
                Exit::Failure,
                anyhow::anyhow!(
                    "cannot write {}: {e}; choose another path with -o",
                    args.output.display()
                ),
            )
        })?;
    }
    let ms = shot.took.as_secs_f64() * 1000.0;
    if global.json && !to_stdout {
        output::line(json!({
            "serial": device.serial(),
            "path": args.output,
            "width": shot.size.width,
            "height": shot.size.height,
            "format": shot.format,
            "bytes": shot.bytes,
            "ms": (ms * 10.0).round() / 10.0,
        }))?;
    } else if !global.quiet {
        eprintln!(
            "{}: {} from {} ({:?} capture, {:.1} MB in {:.0} ms)",
            if to_stdout {
                "wrote PNG to stdout".to_string()
            } else {
                format!("saved {}", args.output.display())
            },
            shot.size,
            device.serial(),
            shot.format,
            shot.bytes as f64 / 1e6,
            ms
        );
    }
    Ok(Exit::Ok)
}
