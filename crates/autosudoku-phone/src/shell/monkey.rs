//! The Monkey (AOSP development/cmds/monkey): `monkey --port N` serves the network line protocol
//! of README.NETWORK.txt on a port inside the phone (reached through an ADB `tcp:N` stream, what
//! `adb forward` opens), and `monkey -f SCRIPT COUNT` replays a script of `Tap(x,y)`,
//! `DispatchPress(code)` and `UserWait(ms)` events. Both pay one JVM start, then a few ms a command.
//! As on a phone, a `monkey --port` outlives the shell (and the cable) it was started from and
//! keeps its port until a client sends `quit` or it is killed (`pkill -f com.android.commands.monkey`).

use super::{injection, keycodes, Ctx};
use crate::adbd::stream::{Hangup, StreamIo};
use crate::device::Device;
use crate::latency::Cost;
use crate::process::Process;
use crate::screen::{Keycode, Touch};
use std::sync::Arc;
use std::time::Duration;

const USAGE: &str =
    "usage: monkey --port PORT | -f SCRIPT COUNT (the modes this virtual phone supports)\n";

pub fn monkey(ctx: &mut Ctx, args: &[String]) -> i32 {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["--port", port] => match port.parse::<u16>() {
            Ok(port) if port > 0 => serve(ctx, port),
            _ => {
                ctx.complain(&format!("** Error: bad port {port:?}\n{USAGE}"));
                1
            }
        },
        ["-f", script, count] | ["-f", script, "-v", count] => match count.parse::<u32>() {
            Ok(count) => run_script(ctx, script, count),
            Err(_) => {
                ctx.complain(&format!("** Error: bad count {count:?}\n{USAGE}"));
                1
            }
        },
        _ => {
            ctx.complain(USAGE);
            1
        }
    }
}

/// Listens on `port` until a client sends `quit`, a signal comes or the phone stops; a hang-up of
/// the shell that started it does not end it.
fn serve(ctx: &mut Ctx, port: u16) -> i32 {
    ctx.pay(Cost::MonkeyStart);
    let quit = Hangup::default();
    let quit_for_clients = quit.clone();
    let server = Arc::new(move |io: &mut StreamIo, device: &Arc<Device>| {
        serve_client(io, device, &quit_for_clients)
    });
    // Monkey.run (development/cmds/monkey @ android-7.0.0_r1 and android-14.0.0_r1): a port that
    // cannot be bound prints this on stdout and returns -5, Monkey.main's exit status.
    if !ctx.device.listen(port, server) {
        ctx.say("Error binding to network socket.\n");
        return 251;
    }
    // The name `ps` shows for the Monkey's JVM (app_process runs the class by that name).
    let process = Process::start(ctx.device.processes(), "com.android.commands.monkey");
    while !quit.is_raised() && process.signalled().is_none() && !ctx.device.is_off() {
        std::thread::sleep(Duration::from_millis(20));
    }
    ctx.device.unlisten(port);
    0
}

/// One network client: a line in, `OK[:msg]` or `ERROR[:msg]` out (MonkeySourceNetwork.java).
fn serve_client(io: &mut StreamIo, device: &Arc<Device>, quit: &Hangup) {
    let mut pending = Vec::new();
    while let Some(data) = io.read_packet() {
        pending.extend(data);
        while let Some(end) = pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = pending.drain(..=end).collect();
            let line = String::from_utf8_lossy(&line).trim().to_string();
            if line.is_empty() {
                continue;
            }
            device.pay(Cost::MonkeyCommand);
            let Some(Translated { reply, end, queued }) = translate(&line) else {
                // MonkeySourceNetwork.translateCommand: an unknown command gets no answer.
                continue;
            };
            if io.write_all(format!("{reply}\n").as_bytes()).is_err() {
                return;
            }
            // The answer comes when the event is queued; it is injected after (getNextEvent).
            inject(device, io.hangup(), queued);
            match end {
                Some(true) => {
                    quit.raise();
                    return;
                }
                Some(false) => return,
                None => {}
            }
        }
    }
}

/// What one protocol line queues.
enum Queued {
    Nothing,
    Tap(f32, f32),
    Touch(Touch),
    Keys(Vec<Keycode>),
    Sleep(Duration),
}

/// One line's answer (`OK` or `ERROR:why`), whether the session ends (`Some(true)`: quit the
/// Monkey) and what it queued.
struct Translated {
    reply: String,
    end: Option<bool>,
    queued: Queued,
}

/// Injects what a line queued, unless the phone refuses injection (injection.rs): the Monkey
/// answered already.
fn inject(device: &Arc<Device>, hangup: &Hangup, queued: Queued) {
    let allowed = injection::allowed(device);
    match queued {
        Queued::Nothing => {}
        Queued::Sleep(pause) => {
            hangup.sleep(pause);
        }
        Queued::Tap(x, y) if allowed => {
            device.tap(x, y);
        }
        Queued::Touch(touch) if allowed => device.touch(touch),
        Queued::Keys(keys) if allowed => keys.into_iter().for_each(|k| device.key(k)),
        Queued::Tap(..) | Queued::Touch(_) | Queued::Keys(_) => {}
    }
}

/// Parses one protocol line (MonkeySourceNetwork's COMMAND_MAP); `None` for an unknown command.
fn translate(line: &str) -> Option<Translated> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let num = |s: &str| s.parse::<f32>().ok().filter(|v| v.is_finite());
    let done = |reply: &str, end, queued| {
        Some(Translated {
            reply: reply.to_owned(),
            end,
            queued,
        })
    };
    let ok = |queued| done("OK", None, queued);
    let err = |why: &str| done(&format!("ERROR:{why}"), None, Queued::Nothing);
    match words.as_slice() {
        ["tap", x, y] => match (num(x), num(y)) {
            (Some(x), Some(y)) => ok(Queued::Tap(x, y)),
            _ => err("bad coordinates"),
        },
        ["touch", action, x, y] => match (num(x), num(y), *action) {
            (Some(x), Some(y), "down") => ok(Queued::Touch(Touch::Down { x, y })),
            (Some(x), Some(y), "move") => ok(Queued::Touch(Touch::Move { x, y })),
            (Some(x), Some(y), "up") => ok(Queued::Touch(Touch::Up { x, y })),
            (Some(_), Some(_), _) => err("touch action must be down, move or up"),
            _ => err("bad coordinates"),
        },
        // A key press reaches the app once, on the down event (the Screen takes whole presses).
        ["key", "down", code] | ["press", code] => match keycodes::parse(code) {
            Some(key) => ok(Queued::Keys(vec![key])),
            None => err("unknown keycode"),
        },
        ["key", "up", code] => match keycodes::parse(code) {
            Some(_) => ok(Queued::Nothing),
            None => err("unknown keycode"),
        },
        ["type", ..] => {
            let text = line.split_once(' ').map(|(_, t)| t).unwrap_or("");
            ok(Queued::Keys(
                text.chars().filter_map(keycodes::for_char).collect(),
            ))
        }
        ["sleep", ms] => match ms.parse::<u64>() {
            Ok(ms) => ok(Queued::Sleep(Duration::from_millis(ms))),
            Err(_) => err("bad sleep time"),
        },
        ["wake"] => ok(Queued::Nothing),
        ["done"] => done("OK", Some(false), Queued::Nothing),
        ["quit"] => done("OK", Some(true), Queued::Nothing),
        _ => None,
    }
}

/// `monkey -f`: replays a MonkeySourceScript file `count` times.
fn run_script(ctx: &mut Ctx, path: &str, count: u32) -> i32 {
    ctx.pay(Cost::MonkeyStart);
    let text = match ctx.device.fs().read(path) {
        Ok(bytes) => String::from_utf8_lossy(bytes).into_owned(),
        Err(e) => {
            ctx.complain(&format!("** Error: unable to read script {e}\n"));
            return 1;
        }
    };
    // Events follow the "start data >>" header line if there is one.
    let body = text
        .split_once("start data >>")
        .map(|(_, b)| b)
        .unwrap_or(&text);
    let mut injected = 0;
    let inject = injection::allowed(ctx.device);
    for _ in 0..count {
        for line in body.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let Some((name, rest)) = line.split_once('(') else {
                continue;
            };
            let args: Vec<&str> = rest
                .trim_end_matches(')')
                .split(',')
                .map(str::trim)
                .collect();
            let number = |i: usize| args.get(i).and_then(|a| a.parse::<f32>().ok());
            ctx.pay(Cost::MonkeyCommand);
            match (name.trim(), number(0), number(1)) {
                ("Tap", Some(x), Some(y)) => {
                    if inject {
                        ctx.device.tap(x, y);
                    }
                }
                ("DispatchPress", _, _) => match args.first().and_then(|a| keycodes::parse(a)) {
                    Some(key) if inject => ctx.device.key(key),
                    Some(_) => {}
                    None => continue,
                },
                ("UserWait", Some(ms), _) => {
                    ctx.hangup
                        .sleep(Duration::from_secs_f32(ms.max(0.0) / 1000.0));
                }
                _ => continue,
            }
            injected += 1;
        }
    }
    ctx.say(&format!("Events injected: {injected}\n"));
    0
}
