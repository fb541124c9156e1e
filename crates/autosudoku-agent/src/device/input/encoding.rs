//! How taps and keys are written as device commands, behind one `Encoding` interface:
//! `InputCommands` (`input tap X Y` in display coordinates, `input keyevent` batches; or keys
//! only), `MonkeyLines` (the Monkey's `tap X Y` and `press CODE`); `sendevent.rs` writes raw
//! multi-touch triples. Every command is built from typed numbers, never from user text.

use super::super::error::DeviceError;
use super::super::geometry::{Point, ScreenMap};
use super::command::Command;
use super::Key;

/// Keys per `input keyevent` call: one JVM start per call on old Androids, so make calls count,
/// while keeping the command line short.
const KEYS_PER_CALL: usize = 64;

pub trait Encoding: Send {
    /// The command for a tap at the screenshot pixel `p` of the screenshot `map` was built from.
    fn tap(&mut self, map: &ScreenMap, p: Point) -> Result<Command, DeviceError>;

    /// The commands for `keys`, in order.
    fn keys(&self, keys: &[Key]) -> Vec<Command>;

    /// The logical display `input -d` names for text too (`None`: the default display).
    fn display(&self) -> Option<u32> {
        None
    }
}

/// Android's `input` command: `input tap` (unless `taps` is off: the hardware-keys backend) and
/// `input keyevent` with many key codes per call, with `-d N` when the game is on logical display
/// N, not 0: without it a tap goes to display 0 and a key to the focused display (`input
/// [<source>] [-d DISPLAY_ID] <command>`: InputShellCommand from 12, and the usage an API 30 `input`
/// prints, as projects quote it).
pub struct InputCommands {
    pub taps: bool,
    pub display: Option<u32>,
}

impl InputCommands {
    /// Taps and keys on the game's logical display `game` (0: the default display).
    pub fn on(game: u32) -> InputCommands {
        InputCommands {
            taps: true,
            display: (game != 0).then_some(game),
        }
    }
}

impl Encoding for InputCommands {
    fn tap(&mut self, map: &ScreenMap, p: Point) -> Result<Command, DeviceError> {
        if !self.taps {
            return Err(DeviceError::Unsupported {
                backend: "keys",
                what: "tap the screen",
                hint: "choose a tapping backend with --input auto|shell|monkey|tap|sendevent"
                    .into(),
            });
        }
        Ok(Command::new(tap_command(map, p, self.display), 1))
    }

    fn keys(&self, keys: &[Key]) -> Vec<Command> {
        keyevent_commands(keys, self.display)
    }

    fn display(&self) -> Option<u32> {
        self.display
    }
}

/// The Monkey's network protocol (AOSP development/cmds/monkey/README.NETWORK.txt): one line per
/// tap or key press, each answered `OK`.
pub struct MonkeyLines;

impl Encoding for MonkeyLines {
    fn tap(&mut self, map: &ScreenMap, p: Point) -> Result<Command, DeviceError> {
        let d = map.to_display(p);
        Ok(Command::new(format!("tap {} {}", d.x, d.y), 1))
    }

    fn keys(&self, keys: &[Key]) -> Vec<Command> {
        keys.iter()
            .map(|k| Command::new(format!("press {}", k.0), 1))
            .collect()
    }
}

/// `input` and, for a display other than the default one, `-d N`.
pub fn input_on(display: Option<u32>) -> String {
    match display {
        Some(id) => format!("input -d {id}"),
        None => String::from("input"),
    }
}

/// `input tap X Y` in display coordinates.
fn tap_command(map: &ScreenMap, p: Point, display: Option<u32>) -> String {
    let d = map.to_display(p);
    format!("{} tap {} {}", input_on(display), d.x, d.y)
}

/// `input keyevent` calls with up to `KEYS_PER_CALL` key codes each, on `display`.
pub fn keyevent_commands(keys: &[Key], display: Option<u32>) -> Vec<Command> {
    keys.chunks(KEYS_PER_CALL)
        .map(|chunk| {
            let mut line = format!("{} keyevent", input_on(display));
            for k in chunk {
                line.push_str(&format!(" {}", k.0));
            }
            Command::new(line, chunk.len())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::geometry::{Rotation, Size};

    #[test]
    fn commands_are_built_from_numbers() {
        let map = ScreenMap::new(Size::new(1080, 2400), Size::new(1080, 2400), Rotation::R0);
        let mut input = InputCommands::on(0);
        assert_eq!(
            input.tap(&map, Point::new(5, 7)).unwrap(),
            Command::new("input tap 5 7".into(), 1)
        );
        assert_eq!(
            input.keys(&[Key::digit(5).unwrap(), Key::DEL]),
            [Command::new("input keyevent 12 67".into(), 2)]
        );
        let many: Vec<Key> = (0..65).map(|_| Key::DEL).collect();
        let calls = input.keys(&many);
        assert_eq!(calls.iter().map(|c| c.inputs).collect::<Vec<_>>(), [64, 1]);
        assert!(InputCommands {
            taps: false,
            display: None
        }
        .tap(&map, Point::new(5, 7))
        .is_err());
        let mut on_two = InputCommands::on(2);
        assert_eq!(
            on_two.tap(&map, Point::new(5, 7)).unwrap().line,
            "input -d 2 tap 5 7"
        );
        assert_eq!(on_two.keys(&[Key::DEL])[0].line, "input -d 2 keyevent 67");
        assert_eq!(
            MonkeyLines.tap(&map, Point::new(5, 7)).unwrap().line,
            "tap 5 7"
        );
        assert_eq!(MonkeyLines.keys(&[Key::DEL])[0].line, "press 67");
    }
}
