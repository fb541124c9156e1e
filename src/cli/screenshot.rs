//! `autosudoku screenshot -o shot.png`: one capture from the phone (raw `screencap` by default,
//! `--capture png` for the phone's own PNG), saved in the format the file's extension names (PNG,
//! JPEG, WebP or BMP; PNG without one), with its size, bytes and time. The path is checked before
//! the capture, which moves megabytes.

use crate::cli::device_args::{capture_formats, device_failure, usage, ConnectionArgs};
use crate::cli::{output, GlobalArgs};
use crate::exit::{self, Exit};
use autosudoku_agent::device::{capture, open_device, CaptureFormat};
use image::ImageFormat;
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Debug, clap::Args)]
pub struct ScreenshotArgs {
    #[command(flatten)]
    pub connection: ConnectionArgs,
    /// Where to save it: .png, .jpg/.jpeg, .webp or .bmp (PNG without an extension); `-` writes
    /// PNG to stdout.
    #[arg(short, long, value_name = "FILE", default_value = "screenshot.png")]
    pub output: PathBuf,
    /// Capture format: raw pixels (fast) or the phone's PNG encoder (slow).
    #[arg(long, value_parser = capture_formats(), default_value_t = CaptureFormat::Raw)]
    pub capture: CaptureFormat,
}

pub fn run(args: ScreenshotArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    let to_stdout = args.output.as_os_str() == "-";
    let format = if to_stdout {
        ImageFormat::Png
    } else {
        writable(&args.output)?
    };
    let timeouts = args.connection.timeouts().map_err(usage)?;
    let route = args.connection.route()?;
    let mut device = open_device(&route, timeouts).map_err(device_failure)?;
    let shot = capture(&mut *device, args.capture).map_err(device_failure)?;
    let mut encoded = Vec::new();
    // JPEG has no alpha channel; a screen has none to lose.
    let image = match format {
        ImageFormat::Jpeg => {
            image::DynamicImage::ImageRgb8(image::DynamicImage::ImageRgba8(shot.image).into_rgb8())
        }
        _ => image::DynamicImage::ImageRgba8(shot.image),
    };
    image
        .write_to(&mut std::io::Cursor::new(&mut encoded), format)
        .map_err(|e| exit::with_code(Exit::Failure, e))?;
    if to_stdout {
        std::io::stdout().lock().write_all(&encoded)?;
    } else {
        std::fs::write(&args.output, &encoded).map_err(|e| bad_path(&args.output, e))?;
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

/// The format `path`'s extension names, once its folder is known to exist: a capture is not
/// taken for a file that cannot be written.
fn writable(path: &Path) -> anyhow::Result<ImageFormat> {
    let format = match path.extension().and_then(|e| e.to_str()) {
        None => ImageFormat::Png,
        Some(ext) => match ext.to_ascii_lowercase().as_str() {
            "png" => ImageFormat::Png,
            "jpg" | "jpeg" => ImageFormat::Jpeg,
            "webp" => ImageFormat::WebP,
            "bmp" => ImageFormat::Bmp,
            _ => {
                return Err(exit::with_code(
                    Exit::Usage,
                    anyhow::anyhow!(
                        "cannot save a screenshot as .{ext} ({}): name a .png, .jpg, .webp or .bmp file with -o",
                        path.display()
                    ),
                ))
            }
        },
    };
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        let e = std::io::Error::new(std::io::ErrorKind::NotFound, "no such folder");
        return Err(bad_path(path, e));
    }
    if path.is_dir() {
        let e = std::io::Error::new(std::io::ErrorKind::IsADirectory, "it is a folder");
        return Err(bad_path(path, e));
    }
    Ok(format)
}

/// An output path that cannot be written: a usage error, as for `read --image`'s.
fn bad_path(path: &Path, e: std::io::Error) -> anyhow::Error {
    exit::with_code(
        Exit::Usage,
        anyhow::anyhow!(
            "cannot write {}: {e}; choose another path with -o",
            path.display()
        ),
    )
}
