//! Input backends behind one `Input` interface. Every backend is the one `Injector` (pacing,
//! stats, the command log) with a transport and an encoding plugged in:
//!
//! | backend     | transport                         | encoding                    |
//! |-------------|-----------------------------------|-----------------------------|
//! | `tap`       | a process per command (baseline)  | `input tap`, `input keyevent` |
//! | `shell`     | one long-lived shell session      | `input tap`, `input keyevent` |
//! | `monkey`    | the on-device Monkey's socket     | Monkey lines (`tap`, `press`) |
//! | `keys`      | a process per command             | `input keyevent` only       |
//! | `sendevent` | one long-lived shell session      | `sendevent` triples (root), keys on a keypad |
//!
//! `open` builds the chosen one; `auto` probes the phone and picks the fastest that works. Every
//! backend but `sendevent` first asks `input` whether the phone takes injected input at all
//! (`injection`), since the Monkey and the shell session would confirm taps it refused.

mod auto;
mod background;
mod command;
mod encoding;
mod evdev;
mod fallback;
pub(crate) mod injection;
mod injector;
mod keypad;
mod log;
pub(crate) mod monkey;
mod sendevent;
mod session;
pub mod touchscreen;
mod transport;
pub mod usable;

use super::error::DeviceError;
use super::facts::ScreenFacts;
use super::geometry::{Point, ScreenMap};
use super::quote::quote;
use super::Device;
use encoding::{Encoding, InputCommands};
use injector::Injector;
use monkey::MonkeyLink;
use sendevent::Sendevent;
use serde::Serialize;
use session::ShellSession;
use std::time::Duration;
use transport::{Process, Transport};

pub use background::Background;
pub use log::Sent;

/// Which backend to use (`--input`). The one backend vocabulary: errors, logs and the CLI's
/// `--input` values use `name`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum InputKind {
    /// Probe the phone and pick the fastest backend that works.
    Auto,
    /// One `adb shell input tap X Y` per tap (slow: a JVM start each on Android ≤ 11).
    Tap,
    /// One long-lived shell session, taps streamed as chained lines.
    Shell,
    /// The on-device Monkey (`monkey --port`): one process for the whole game, no root.
    Monkey,
    /// Hardware keys only (`input keyevent`), many keycodes per call.
    Keys,
    /// Raw touch events with `sendevent` (needs a writable /dev/input: root or emulator).
    Sendevent,
}

impl InputKind {
    pub const ALL: [InputKind; 6] = [
        InputKind::Auto,
        InputKind::Tap,
        InputKind::Shell,
        InputKind::Monkey,
        InputKind::Keys,
        InputKind::Sendevent,
    ];

    /// Whether the backend starts with the Monkey (the one start that needs no screen facts).
    const fn starts_monkey(self) -> bool {
        matches!(self, InputKind::Auto | InputKind::Monkey)
    }

    /// The name users type and reports show.
    pub const fn name(self) -> &'static str {
        match self {
            InputKind::Auto => "auto",
            InputKind::Tap => "tap",
            InputKind::Shell => "shell",
            InputKind::Monkey => "monkey",
            InputKind::Keys => "keys",
            InputKind::Sendevent => "sendevent",
        }
    }

    /// One line on what it does, for `--help`.
    pub const fn about(self) -> &'static str {
        match self {
            InputKind::Auto => "Probe the phone and pick the fastest backend that works",
            InputKind::Tap => {
                "One `adb shell input tap X Y` per tap (slow: a JVM start each on Android ≤ 11)"
            }
            InputKind::Shell => "One long-lived shell session, taps streamed as chained lines",
            InputKind::Monkey => {
                "The on-device Monkey (`monkey --port`): one process for the whole game, no root"
            }
            InputKind::Keys => "Hardware keys only (`input keyevent`), many keycodes per call",
            InputKind::Sendevent => {
                "Raw touch events with `sendevent` (needs a writable /dev/input: root or emulator)"
            }
        }
    }
}

impl std::fmt::Display for InputKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// An Android key code (`KeyEvent.KEYCODE_*`). Sent as a number: in `input keyevent` a bare number
/// is a key code, so digits must be `KEYCODE_0 + d` (7..16), never the digit itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Key(pub u32);

impl Key {
    pub const BACK: Key = Key(4);
    pub const DPAD_UP: Key = Key(19);
    pub const DPAD_DOWN: Key = Key(20);
    pub const DPAD_LEFT: Key = Key(21);
    pub const DPAD_RIGHT: Key = Key(22);
    pub const DPAD_CENTER: Key = Key(23);
    pub const ENTER: Key = Key(66);
    pub const DEL: Key = Key(67);

    /// `KEYCODE_0`..`KEYCODE_9` for a digit 0..=9; `None` otherwise.
    pub fn digit(d: u8) -> Option<Key> {
        (d <= 9).then(|| Key(7 + u32::from(d)))
    }
}

/// One input of a mixed sequence: a tap at a screenshot pixel, or a key press.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Stroke {
    Tap(Point),
    Key(Key),
}

impl Stroke {
    pub fn tap(&self) -> Option<Point> {
        match self {
            Stroke::Tap(p) => Some(*p),
            Stroke::Key(_) => None,
        }
    }

    pub fn key(&self) -> Option<Key> {
        match self {
            Stroke::Key(k) => Some(*k),
            Stroke::Tap(_) => None,
        }
    }
}

/// Counters for benchmarks and `-v` logs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct InputStats {
    pub taps: usize,
    pub keys: usize,
    /// Times the host waited for the phone's answer (stream opens, confirmations).
    pub round_trips: usize,
}

/// Taps, keys and text. Taps are screenshot pixels with the mapping of the screenshot they were
/// read on (the layout's, `Phone::screen_map`), so a point is sent where it was seen.
pub trait Input: Send {
    fn kind(&self) -> InputKind;

    /// Sends the taps in order and returns once the phone confirmed them all (their count).
    /// If the phone stops confirming, the error is `DeviceError::Partial` with exactly how many
    /// were confirmed; the backend reconnects on its next call.
    fn taps(&mut self, map: &ScreenMap, points: &[Point]) -> Result<usize, DeviceError>;

    fn tap(&mut self, map: &ScreenMap, point: Point) -> Result<(), DeviceError> {
        self.taps(map, &[point]).map(drop)
    }

    fn keys(&mut self, keys: &[Key]) -> Result<(), DeviceError>;

    /// Sends taps and keys in this order, in as few round trips as the backend allows (a cell
    /// tap and the digit key after it in one batch), and returns once the phone confirmed them all
    /// (their count). A cut batch is `DeviceError::Partial` counting inputs, as for `taps`.
    fn strokes(&mut self, map: &ScreenMap, strokes: &[Stroke]) -> Result<usize, DeviceError>;

    /// Types text into the focused field.
    fn text(&mut self, text: &str) -> Result<(), DeviceError>;

    fn stats(&self) -> InputStats;

    /// Starts or stops keeping the log of sent inputs (`play --trace`); off, it costs nothing.
    fn keep_log(&mut self, on: bool);

    /// The inputs sent since the last call, one per tap or key, oldest first (empty while off).
    fn take_sent(&mut self) -> Vec<Sent>;
}

/// Builds the backend `kind` for `device` (probing when `Auto`), `gap` the least time between taps.
pub fn open(
    kind: InputKind,
    device: Box<dyn Device>,
    facts: &ScreenFacts,
    gap: Duration,
) -> Result<Box<dyn Input>, DeviceError> {
    let for_monkey = device.clone_box();
    open_with(kind, device, facts, gap, move || {
        MonkeyLink::start(for_monkey)
    })
}

/// `open`, with `monkey` to start the Monkey (or hand over one started already) for the kinds
/// that use it.
fn open_with(
    kind: InputKind,
    mut device: Box<dyn Device>,
    facts: &ScreenFacts,
    gap: Duration,
    monkey: impl FnOnce() -> Result<MonkeyLink, DeviceError>,
) -> Result<Box<dyn Input>, DeviceError> {
    let input = |transport: Box<dyn Transport>, encoding: Box<dyn Encoding>| {
        Box::new(Injector::new(kind, transport, encoding, gap)) as Box<dyn Input>
    };
    // Every backend but raw events goes through InputManager, which may refuse the shell; the
    // Monkey would answer OK all the same, so ask `input` first.
    if kind != InputKind::Sendevent {
        if let Err(denied) = injection::check(&mut *device) {
            return match kind {
                InputKind::Auto if !denied.is_lost() => auto::raw_only(device, gap, denied),
                _ => Err(denied),
            };
        }
    }
    if facts.game_display != 0 && matches!(kind, InputKind::Monkey | InputKind::Sendevent) {
        return Err(DeviceError::Unsupported {
            backend: kind.name(),
            what: "reach the display the game is on",
            hint: format!(
                "the game is on display {}, and the Monkey and raw events reach display 0 only; \
                 use --input auto, shell or tap (`input -d {}`)",
                facts.game_display, facts.game_display
            ),
        });
    }
    Ok(match kind {
        InputKind::Auto => auto::pick(monkey(), device, facts, gap)?,
        InputKind::Tap => input(
            Box::new(Process::new(device)),
            Box::new(InputCommands::on(facts.game_display)),
        ),
        InputKind::Shell => input(
            Box::new(ShellSession::new(device)),
            Box::new(InputCommands::on(facts.game_display)),
        ),
        InputKind::Monkey => auto::monkey_first(monkey()?, device, facts, gap),
        InputKind::Keys => input(
            Box::new(Process::new(device)),
            Box::new(InputCommands {
                taps: false,
                display: (facts.game_display != 0).then_some(facts.game_display),
            }),
        ),
        InputKind::Sendevent => {
            let (touch, keypad) = sendevent::writable_devices(&mut *device)?;
            input(
                Box::new(ShellSession::new(device)),
                Box::new(Sendevent::new(touch, keypad)),
            )
        }
    })
}

/// `input text`, quoted for the shell; `input` reads `%s` as a space. On a game's display other
/// than 0 with `-d N`: without it the text's key events go to the focused display
/// (InputShellCommand sends them with INVALID_DISPLAY), which need not be the game's.
fn text_command(text: &str, display: Option<u32>) -> Result<String, DeviceError> {
    let input = encoding::input_on(display);
    Ok(format!("{input} text {}", quote(&text.replace(' ', "%s"))?))
}

/// Runs one `input ...` command on its own shell stream. `input` prints nothing on success, so
/// any output is its error message.
fn run_input(device: &mut dyn Device, command: &str) -> Result<(), DeviceError> {
    let out = device.shell(command)?;
    if let Some(said) = injection::refusal(&out) {
        return Err(DeviceError::InjectionDenied {
            said: said.to_owned(),
        });
    }
    match out.trim() {
        "" => Ok(()),
        other => Err(DeviceError::Unexpected {
            serial: device.serial().to_owned(),
            command: command.to_owned(),
            detail: other.chars().take(200).collect(),
        }),
    }
}

/// `sleep` argument for a gap, in seconds (toybox sleep takes fractions).
fn sleep_arg(gap: Duration) -> String {
    format!("{:.3}", gap.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_quoted_and_gaps_are_seconds() {
        assert_eq!(
            text_command("a b;reboot", None).unwrap(),
            "input text 'a%sb;reboot'"
        );
        // The game's display, as for its taps and keys.
        assert_eq!(
            text_command("5 3", Some(2)).unwrap(),
            "input -d 2 text '5%s3'"
        );
        assert_eq!(Key::digit(10), None);
        assert_eq!(sleep_arg(Duration::from_millis(40)), "0.040");
    }
}
