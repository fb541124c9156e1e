//! A device dump: what the phone answers to each read-only command the agent sends, as JSON
//! Lines that `autosudoku phone --replay FILE` answers from, so that a user's report becomes a
//! test. One object per command: `{"command": "dumpsys power", "output": "…", "exit": 0}`, with
//! `"output_base64"` for output that is not UTF-8 (the captures). `command` is the simple command
//! as typed at `adb shell`; `output` is what `exec:` returns (stdout and stderr merged, in order).
//! The first line is a comment object that says what was left out. Nothing that taps, types or
//! writes is run: input, sendevent and the Monkey are not recorded.

use super::bounded;
use super::facts::FACTS_COMMAND;
use super::game_display;
use super::{foreground, home};
use super::{Device, DeviceError, Service};
use base64::Engine;
use serde_json::{json, Value};
use std::io::Write;

/// The commands besides the facts' ones: the screen's power and lock state (the window policy's
/// for Android 7), the window focus in
/// both forms the agent reads (by Android version), the displays, the touch panel, both captures,
/// the recorder's probe and the injection probe (KEYCODE_UNKNOWN, which changes nothing on screen,
/// and is the one input recorded: a phone that refuses injection says so to it). The captures of
/// the game's display by its id follow when the phone has several (see `record`).
const MORE: [&str; 14] = [
    "dumpsys power",
    "dumpsys activity activities",
    super::display::POLICY_COMMAND,
    "dumpsys window windows",
    "dumpsys window displays",
    game_display::FLINGER_DISPLAYS_COMMAND,
    game_display::DISPLAYS_COMMAND,
    "dumpsys SurfaceFlinger --display-id",
    "dumpsys input",
    "getevent -lp",
    "screencap",
    "screencap -p",
    "screenrecord --help",
    super::input::injection::PROBE,
];

/// Marks the exit status printed after each command's output.
const STATUS_MARK: &[u8] = b"@@autosudoku-dump-exit=";

/// A full capture of a large panel is 1440x3200x4 bytes; room for twice that.
const MAX_OUTPUT: u64 = 40 << 20;

/// What the dump's first line says it left out.
pub const PRIVATE_NOTE: &str = "e-mail addresses and account names are replaced by <private>; \
ro.serialno and persist.adb.wifi.guid are not recorded";

/// Every command a dump records, in order: the facts' simple commands, then the others.
pub fn commands() -> Vec<&'static str> {
    FACTS_COMMAND
        .split(';')
        .map(str::trim)
        .filter(|c| !c.is_empty() && !c.starts_with("echo "))
        .chain(MORE)
        .collect()
}

/// Records every command of `commands()` on `device` into `out`; how many were recorded.
pub fn record(device: &mut dyn Device, out: &mut dyn Write) -> Result<usize, DeviceError> {
    let mut write = |value: Value, what: &str| {
        writeln!(out, "{value}").map_err(|e| DeviceError::Lost {
            serial: "the dump file".into(),
            doing: format!("writing {what}"),
            reason: e.to_string(),
        })
    };
    write(
        json!({"comment": format!("autosudoku device dump, one command a line; {PRIVATE_NOTE}")}),
        "the header",
    )?;
    let mut all: Vec<String> = commands().into_iter().map(str::to_owned).collect();
    let mut recorded = 0;
    let (mut home_app, mut game, mut flinger) = (None, 0, String::new());
    while let Some(command) = all.get(recorded).cloned() {
        let (output, exit) = run(device, &command)?;
        let text = String::from_utf8_lossy(&output);
        if command == home::COMMAND {
            home_app = home::parse(&text);
        } else if command == "dumpsys window displays" {
            game = foreground::parse(&text, home_app.as_ref()).map_or(0, |app| app.display);
        } else if command == game_display::FLINGER_DISPLAYS_COMMAND {
            flinger = text.to_string();
        } else if command == game_display::DISPLAYS_COMMAND {
            all.extend(display_captures(&text, game, &flinger));
        }
        write(line(&command, &output, exit), &command)?;
        recorded += 1;
    }
    Ok(recorded)
}

/// The captures by display id the agent sends on a phone whose `dumpsys display` (`dump`) names
/// them: of the display behind logical display 0 (what a capture that warns of several displays
/// is followed by) and of the game's logical display `game` when it is another (a virtual one as
/// SurfaceFlinger's displays dump, `flinger`, allows).
fn display_captures(dump: &str, game: u32, flinger: &str) -> Vec<String> {
    let others = (game != 0).then_some(game);
    [Some(0), others]
        .into_iter()
        .flatten()
        .filter_map(|logical| game_display::parse_display(dump, logical, Some(flinger)))
        .flat_map(|id| {
            [
                format!("screencap -d {id}"),
                format!("screencap -d {id} -p"),
            ]
        })
        .collect()
}

/// One command's output (its status marker removed) and exit status (`None` when the phone did
/// not print one).
fn run(device: &mut dyn Device, command: &str) -> Result<(Vec<u8>, Option<i32>), DeviceError> {
    let wire = format!("{command}; echo {}$?", String::from_utf8_lossy(STATUS_MARK));
    let mut stream = device.open(&Service::Exec(wire))?;
    let mut output = bounded::read_all(&mut *stream, MAX_OUTPUT, device.timeouts().command * 3)
        .map_err(|e| device.io_error(&format!("running `{command}`"), e))?;
    let at = output
        .windows(STATUS_MARK.len())
        .rposition(|w| w == STATUS_MARK);
    let exit = at.and_then(|at| {
        let code = std::str::from_utf8(&output[at + STATUS_MARK.len()..]).ok()?;
        code.trim().parse().ok()
    });
    if let Some(at) = at {
        output.truncate(at);
    }
    Ok((output, exit))
}

/// The JSON object of one command: text scrubbed of what is private, bytes as base64.
fn line(command: &str, output: &[u8], exit: Option<i32>) -> Value {
    let mut value = match std::str::from_utf8(output) {
        Ok(text) => json!({"command": command, "output": scrub(text)}),
        Err(_) => json!({
            "command": command,
            "output_base64": base64::engine::general_purpose::STANDARD.encode(output),
        }),
    };
    if let Some(exit) = exit {
        value["exit"] = json!(exit);
    }
    value
}

/// `text` with e-mail addresses and the names of `Account {name=…, type=…}` records replaced by
/// `<private>`.
pub fn scrub(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("Account {name=") {
        let start = at + "Account {name=".len();
        let end = rest[start..]
            .find([',', '}'])
            .map_or(rest.len(), |e| start + e);
        out.push_str(&rest[..start]);
        out.push_str("<private>");
        rest = &rest[end..];
    }
    out.push_str(rest);
    scrub_addresses(&out)
}

/// Replaces every `local@domain.tld` word part by `<private>`.
fn scrub_addresses(text: &str) -> String {
    let is_part = |c: char| c.is_ascii_alphanumeric() || "._%+-".contains(c);
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('@') {
        let local = rest[..at].len() - rest[..at].trim_end_matches(is_part).len();
        let tail = &rest[at + 1..];
        let domain = tail.len() - tail.trim_start_matches(is_part).len();
        let host = tail[..domain].trim_end_matches('.');
        if local > 0 && host.contains('.') {
            out.push_str(&rest[..at - local]);
            out.push_str("<private>");
            rest = &tail[host.len()..];
        } else {
            out.push_str(&rest[..=at]);
            rest = tail;
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_the_facts_commands_one_by_one_and_no_input_but_the_harmless_probe() {
        let all = commands();
        assert_eq!(&all[..3], ["wm size", "wm density", "dumpsys input"]);
        assert!(all.contains(&"getprop ro.build.version.sdk"));
        assert!(all.contains(&"screencap"));
        let inputs: Vec<_> = all.iter().filter(|c| c.starts_with("input")).collect();
        assert_eq!(inputs, [&"input keyevent 0"]);
        assert!(!all.iter().any(|c| c.starts_with("echo")));
    }

    #[test]
    fn scrubs_addresses_and_account_names() {
        let text =
            "  Account {name=Jo Smith, type=com.google}\n  owner=jo.smith+x@example.co.uk)\n\
                    mDisplayId=0 @@autosudoku pkg@1 user@localhost\n";
        let clean = scrub(text);
        assert!(
            !clean.contains("Jo Smith") && !clean.contains("jo.smith"),
            "{clean}"
        );
        assert!(
            clean.contains("Account {name=<private>, type=com.google}"),
            "{clean}"
        );
        assert!(clean.contains("owner=<private>)"), "{clean}");
        // Not addresses: no dot in the host part.
        assert!(
            clean.contains("@@autosudoku pkg@1 user@localhost"),
            "{clean}"
        );
    }

    #[test]
    fn bytes_go_as_base64_and_text_as_text() {
        let png = line("screencap -p", &[0x89, b'P', b'N', b'G', 0xff], Some(0));
        assert_eq!(png["output_base64"], "iVBOR/8=");
        assert!(png.get("output").is_none());
        let text = line("wm size", b"Physical size: 720x1280\n", None);
        assert_eq!(text["output"], "Physical size: 720x1280\n");
        assert!(text.get("exit").is_none());
    }
}
