//! `screencap`: the display as raw RGBA (a header of width, height, format 1 = RGBA_8888 and, from
//! Android 8.1, colour space as u32 LE: 12 bytes up to 8.0, 16 after) or as PNG with `-p`, to stdout or to
//! a file (`.png` names imply `-p`, as in AOSP cmds/screencap). On a phone with two displays
//! (`--vendor fold|flip`) `-d ID` picks one (`dumpsys SurfaceFlinger --display-id` lists them)
//! and, from Android 14, leaving it out prints the several-displays warning on stderr before the
//! image (screencap.cpp, android14-release). Android 7 ROMs other than the emulator's print a
//! `WARNING: linker:` line first, as their linker does for a library built with newer tools
//! (bionic linker.cpp `DL_WARN("… unused DT entry …")`, printed to stderr before Android 8).

use super::displays::{cover_frame, physical_displays, PhysicalDisplay, KEEP_ALIVE_FLINGER_ID};
use super::Ctx;
use crate::android::{AndroidVersion, Vendor};
use crate::latency::Cost;
use crate::video::frames::png;
use image::RgbaImage;
use std::time::Instant;

/// `PIXEL_FORMAT_RGBA_8888`.
const FORMAT_RGBA_8888: u32 = 1;
/// The header's colour space: 1 = sRGB (ui::Dataspace mapped as screencap does).
const COLORSPACE_SRGB: u32 = 1;

/// AOSP screencap.cpp's three lines when several displays exist and no `-d` was given.
const SEVERAL_DISPLAYS: &str = "[Warning] Multiple displays were found, but no display id was specified! Defaulting to the first display found, however this default is not guaranteed to be consistent across captures. A display id should be specified.\nA display ID can be specified with the [-d display-id] option.\nSee \"dumpsys SurfaceFlinger --display-id\" for valid display IDs.\n";

/// The Android 7 linker's warning for a vendor library with an entry it does not know.
const LINKER_WARNING: &str =
    "WARNING: linker: /vendor/lib64/libsec-ril.so: unused DT entry: type 0x6ffffffe arg 0x4a2c\n";

const USAGE: &str = "usage: screencap [-hp] [-d display-id] [FILENAME]\n   -h: this message\n   -p: save the file as a png.\n   -d: specify the physical display ID to capture (default: 0)\nIf FILENAME ends with .png it will be saved as a png.\nIf FILENAME is not given, the results will be printed to stdout.\n";

/// The display a capture shows: a physical one, or the app's own virtual display.
enum Shown {
    Physical(PhysicalDisplay),
    App,
}

/// The display `-d ID` names (`None`: screencap's default, with the warning on a phone with several
/// from Android 14); `None` for an id no display has.
fn choose(ctx: &mut Ctx, display: Option<u64>) -> Option<Shown> {
    let (android, vendor) = (ctx.device.android(), ctx.device.vendor());
    let displays = physical_displays(vendor, ctx.device.size());
    match display {
        None => {
            if displays.len() > 1 && android >= AndroidVersion::V14 {
                ctx.complain_first(SEVERAL_DISPLAYS);
            }
            Some(Shown::Physical(displays[0]))
        }
        Some(id) => match displays.iter().find(|d| d.id == id) {
            Some(d) => Some(Shown::Physical(*d)),
            None if keeps_alive_by_layer_stack(vendor, android, id) => Some(Shown::App),
            None if keeps_alive_by_virtual_id(vendor, android, id) => Some(Shown::App),
            None => None,
        },
    }
}

/// Whether `screencap -d ID` names MuMu's keep-alive display by its layer stack: Android 12's
/// SurfaceFlinger::captureDisplay falls back to the first display whose layer stack is the id
/// ("Fall back to first display whose layer stack matches", SurfaceFlinger.cpp @
/// android-12.0.0_r1); 13 dropped the fallback (captureDisplay takes a DisplayId).
fn keeps_alive_by_layer_stack(vendor: Vendor, android: AndroidVersion, id: u64) -> bool {
    android == AndroidVersion::V12
        && vendor.app_display() != 0
        && id == u64::from(vendor.app_display())
}

/// Whether `screencap -d ID` names MuMu's keep-alive display by SurfaceFlinger's virtual id:
/// from Android 14 screencap reads the id with `strtoull` and captureDisplay finds any display by
/// its DisplayId; 13's screencap read it with `atoll`, which cannot carry bit 63.
fn keeps_alive_by_virtual_id(vendor: Vendor, android: AndroidVersion, id: u64) -> bool {
    android >= AndroidVersion::V14 && vendor.app_display() != 0 && id == KEEP_ALIVE_FLINGER_ID
}

/// Raw screencap bytes of `frame` as `android`'s screencap writes them.
pub fn raw(frame: &RgbaImage, android: AndroidVersion) -> Vec<u8> {
    let mut words = vec![frame.width(), frame.height(), FORMAT_RGBA_8888];
    if android.screencap_writes_colour_space() {
        words.push(COLORSPACE_SRGB);
    }
    let mut out = Vec::with_capacity(4 * words.len() + frame.as_raw().len());
    for word in words {
        out.extend_from_slice(&word.to_le_bytes());
    }
    out.extend_from_slice(frame.as_raw());
    out
}

pub fn screencap(ctx: &mut Ctx, args: &[String]) -> i32 {
    let (android, vendor) = (ctx.device.android(), ctx.device.vendor());
    if android == AndroidVersion::V7 && vendor != Vendor::Emulator {
        ctx.complain_first(LINKER_WARNING);
    }
    let mut as_png = false;
    let mut file = None;
    let mut display = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "-p" => as_png = true,
            "-h" => {
                ctx.complain(USAGE);
                return 0;
            }
            "-d" => match it.next().and_then(|d| d.parse::<u64>().ok()) {
                Some(id) => display = Some(id),
                None => {
                    ctx.complain(USAGE);
                    return 1;
                }
            },
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
    let Some(chosen) = choose(ctx, display) else {
        // SurfaceFlinger answers an unknown display with NAME_NOT_FOUND (-2).
        ctx.complain("Failed to take screenshot. Status: -2\nCapturing failed.\n");
        return 1;
    };
    let started = Instant::now();
    let frame = match chosen {
        Shown::Physical(d) if d.cover => cover_frame(vendor, d.size),
        Shown::Physical(_) => ctx.device.display_zero_frame(),
        Shown::App => ctx.device.frame(),
    };
    let pixels = u64::from(frame.width()) * u64::from(frame.height());
    let (bytes, cost) = if as_png {
        (png(&frame), Cost::ScreencapPng { pixels })
    } else {
        (raw(&frame, android), Cost::ScreencapRaw { pixels })
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
