//! `input`: tap, swipe, text, keyevent and press, delivered to the app. Every call first pays the
//! start of the `input` process (a JVM up to Android 11, `cmd input` from 12; see latency.rs).
//! Where the phone refuses the shell's injection (injection.rs) it says so and injects nothing.

use super::{injection, keycodes, Ctx};
use crate::device::Device;
use crate::latency::{Cost, FRAME};
use crate::screen::Touch;
use std::time::Duration;

const USAGE: &str = "Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]\n\nThe commands and default sources are:\n      text <string> (Default: touchscreen)\n      keyevent [--longpress|--doubletap] <key code number or name> ... (Default: keyboard)\n      tap <x> <y> (Default: touchscreen)\n      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n      press (Default: trackball)\n";
const SOURCES: [&str; 10] = [
    "keyboard",
    "mouse",
    "joystick",
    "touchscreen",
    "touchpad",
    "touchnavigation",
    "stylus",
    "trackball",
    "dpad",
    "gamepad",
];

fn invalid(ctx: &mut Ctx, command: &str) -> i32 {
    ctx.complain(&format!(
        "Error: Invalid arguments for command: {command}\n{USAGE}"
    ));
    1
}

fn coords(args: &[String]) -> Option<Vec<f32>> {
    args.iter()
        .map(|a| a.parse::<f32>().ok().filter(|v| v.is_finite()))
        .collect()
}

pub fn input(ctx: &mut Ctx, args: &[String]) -> i32 {
    ctx.pay(Cost::InputProcess);
    let mut args = args;
    if args.first().is_some_and(|a| SOURCES.contains(&a.as_str())) {
        args = &args[1..];
    }
    // Without `-d` a touch goes to display 0 (InputShellCommand: DEFAULT_DISPLAY for pointer
    // sources) and a key to the focused display, display 0 here.
    let mut display = 0;
    if args.first().is_some_and(|a| a == "-d") {
        match args.get(1).and_then(|d| d.parse::<u32>().ok()) {
            Some(id) => display = id,
            None => return invalid(ctx, "-d"),
        }
        args = &args[2..];
    }
    let Some((command, rest)) = args.split_first() else {
        ctx.complain(USAGE);
        return 1;
    };
    match command.as_str() {
        "tap" => match coords(rest).as_deref() {
            Some([x, y]) => inject(ctx, "tap", |d| {
                let _ = d.tap_on(display, *x, *y);
            }),
            _ => invalid(ctx, "tap"),
        },
        "swipe" => match coords(rest).as_deref() {
            Some([x1, y1, x2, y2]) if !injection::allowed(ctx.device) => {
                injection::refuse(ctx, "swipe")
            }
            Some([x1, y1, x2, y2]) => swipe(ctx, display, (*x1, *y1), (*x2, *y2), 300.0),
            Some([x1, y1, x2, y2, ms]) if *ms >= 0.0 => {
                swipe(ctx, display, (*x1, *y1), (*x2, *y2), *ms)
            }
            _ => invalid(ctx, "swipe"),
        },
        "text" => match rest {
            // `input text` turns %s into spaces (Input.java sendText).
            [text] => inject(ctx, "text", |d| {
                let text = text.replace("%s", " ");
                text.chars()
                    .filter_map(keycodes::for_char)
                    .for_each(|key| d.key_on(display, key));
            }),
            _ => invalid(ctx, "text"),
        },
        "keyevent" => {
            let keys: Vec<&String> = rest.iter().filter(|a| !a.starts_with("--")).collect();
            if keys.is_empty() {
                return invalid(ctx, "keyevent");
            }
            let mut parsed = Vec::new();
            for k in keys {
                match keycodes::parse(k) {
                    Some(code) => parsed.push(code),
                    None => {
                        ctx.complain(&format!("Error: Unknown keycode: {k}\n"));
                        return 1;
                    }
                }
            }
            inject(ctx, "keyevent", |d| {
                parsed.into_iter().for_each(|k| d.key_on(display, k))
            })
        }
        "press" => inject(ctx, "press", |d| {
            d.key_on(display, crate::screen::Keycode(23))
        }),
        other => {
            ctx.complain(&format!("Error: Unknown command: {other}\n{USAGE}"));
            1
        }
    }
}

/// Injects with `deliver` where the phone lets the shell inject, else says why not (as `input
/// COMMAND` does) and injects nothing.
fn inject(ctx: &mut Ctx, command: &str, deliver: impl FnOnce(&Device)) -> i32 {
    if !injection::allowed(ctx.device) {
        return injection::refuse(ctx, command);
    }
    deliver(ctx.device);
    0
}

/// Down, moves every frame along the line, up; spread over `ms` when latency is realistic.
fn swipe(ctx: &mut Ctx, display: u32, from: (f32, f32), to: (f32, f32), ms: f32) -> i32 {
    let steps = ((ms / FRAME.as_secs_f32() / 1000.0).round() as u32).clamp(1, 600);
    let pause = match ctx.device.timing().latency {
        crate::latency::Latency::None => Duration::ZERO,
        crate::latency::Latency::Realistic => Duration::from_secs_f32(ms / 1000.0 / steps as f32),
    };
    ctx.device.touch_on(
        display,
        Touch::Down {
            x: from.0,
            y: from.1,
        },
    );
    for i in 1..=steps {
        let t = i as f32 / steps as f32;
        std::thread::sleep(pause);
        ctx.device.touch_on(
            display,
            Touch::Move {
                x: from.0 + (to.0 - from.0) * t,
                y: from.1 + (to.1 - from.1) * t,
            },
        );
    }
    ctx.device.touch_on(display, Touch::Up { x: to.0, y: to.1 });
    0
}
