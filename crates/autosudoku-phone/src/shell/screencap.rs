//! `screencap`: the display as raw RGBA (a 16-byte header of width, height, format 1 = RGBA_8888
//! and colour space as u32 LE, the layout since Android 8.1) or as PNG with `-p`, to stdout or to
//! a file (`.png` names imply `-p`, as in AOSP cmds/screencap).

use super::Ctx;
use crate::latency::Cost;
use crate::video::frames::png;
use image::RgbaImage;
use std::time::Instant;

/// `PIXEL_FORMAT_RGBA_8888`.
const FORMAT_RGBA_8888: u32 = 1;
/// The header's colour space: 1 = sRGB (ui::Dataspace mapped as screencap does).
const COLORSPACE_SRGB: u32 = 1;

const USAGE: &str = "usage: screencap [-hp] [-d display-id] [FILENAME]\n   -h: this message\n   -p: save the file as a png.\n   -d: specify the physical display ID to capture (default: 0)\nIf FILENAME ends with .png it will be saved as a png.\nIf FILENAME is not given, the results will be printed to stdout.\n";

/// Raw screencap bytes of `frame`.
pub fn raw(frame: &RgbaImage) -> Vec<u8> {
    let mut out = Vec::with_capacity(16 + frame.as_raw().len());
    for word in [
        frame.width(),
        frame.height(),
        FORMAT_RGBA_8888,
        COLORSPACE_SRGB,
    ] {
        out.extend_from_slice(&word.to_le_bytes());
    }
    out.extend_from_slice(frame.as_raw());
    out
}

pub fn screencap(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut as_png = false;
    let mut file = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "-p" => as_png = true,
            "-h" => {
                ctx.complain(USAGE);
                return 0;
            }
            "-d" => {
                if it.next().and_then(|d| d.parse::<u64>().ok()).is_none() {
                    ctx.complain(USAGE);
                    return 1;
                }
            }
            a if a.starts_with('-') => {
                ctx.complain(USAGE);
                return 1;
            }
            a => file = Some(a.to_string()),
        }
    }
    if file.as_deref().is_some_and(|f| f.ends_with(".png")) {
        as_png = true;
    }
    let started = Instant::now();
    let frame = ctx.device.frame();
    let pixels = u64::from(frame.width()) * u64::from(frame.height());
    let (bytes, cost) = if as_png {
        (png(&frame), Cost::ScreencapPng { pixels })
    } else {
        (raw(&frame), Cost::ScreencapRaw { pixels })
    };
    ctx.pay_since(cost, started);
    match file {
        None => {
            ctx.out.extend(bytes);
            0
        }
        Some(path) => {
            let written = ctx.device.fs().write(&path, bytes, 0o660, crate::fs::now());
            match written {
                Ok(()) => 0,
                Err(e) => {
                    ctx.complain(&format!("Error opening file: {path} ({e})\n"));
                    1
                }
            }
        }
    }
}
