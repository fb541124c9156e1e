//! A writable key device as `getevent -lp` describes it (an emulator's keyboard, a rooted phone's
//! keypad): the `sendevent` backend presses keys on it with `EV_KEY` events, native processes
//! like its taps, instead of an `input keyevent` call (a JVM start on Android ≤ 11) per run of
//! keys. Only keys the device declares are sent this way.

use super::command::Command;
use super::evdev::{device_blocks, events_line, EV_KEY, EV_SYN};
use super::Key;

/// Android key codes and the Linux key (code, name) that types them.
const KEYS: [(u32, u16, &str); 17] = [
    (4, 158, "KEY_BACK"),
    (7, 11, "KEY_0"),
    (8, 2, "KEY_1"),
    (9, 3, "KEY_2"),
    (10, 4, "KEY_3"),
    (11, 5, "KEY_4"),
    (12, 6, "KEY_5"),
    (13, 7, "KEY_6"),
    (14, 8, "KEY_7"),
    (15, 9, "KEY_8"),
    (16, 10, "KEY_9"),
    (19, 103, "KEY_UP"),
    (20, 108, "KEY_DOWN"),
    (21, 105, "KEY_LEFT"),
    (22, 106, "KEY_RIGHT"),
    (66, 28, "KEY_ENTER"),
    (67, 14, "KEY_BACKSPACE"),
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keypad {
    pub path: String,
    /// The Linux key codes it declares, of those in `KEYS`.
    codes: Vec<u16>,
}

impl Keypad {
    /// The `sendevent` line that presses and releases `key`, if this device has it (and its path
    /// can be quoted at all).
    pub fn press(&self, key: Key) -> Option<Command> {
        let &(_, code, _) = KEYS.iter().find(|(k, _, _)| *k == key.0)?;
        if !self.codes.contains(&code) {
            return None;
        }
        let events = [
            (EV_KEY, code, 1),
            (EV_SYN, 0, 0),
            (EV_KEY, code, 0),
            (EV_SYN, 0, 0),
        ];
        Some(Command::new(events_line(&self.path, &events).ok()?, 1))
    }
}

/// Parses `getevent -lp`: the first device that declares the digit keys. A keyboard declares the
/// digit row whole, so `KEY_1` and `KEY_0` stand for it (some emulators list only those two).
pub fn parse_getevent(text: &str) -> Option<Keypad> {
    device_blocks(text).into_iter().find_map(|(path, lines)| {
        let names: Vec<&str> = lines
            .iter()
            .flat_map(|t| t.split_whitespace())
            .filter(|w| w.starts_with("KEY_"))
            .collect();
        let has = |n: &str| names.contains(&n);
        (has("KEY_1") && has("KEY_0")).then(|| Keypad {
            path,
            codes: KEYS
                .iter()
                .filter(|(_, _, n)| has(n) || (n.len() == 5 && n.starts_with("KEY_")))
                .map(|&(_, c, _)| c)
                .collect(),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const RIG: &str = "add device 1: /dev/input/event2\n  name:     \"solorig_keypad\"\n  events:\n    KEY (0001): KEY_ESC        KEY_1          KEY_0          KEY_BACKSPACE  KEY_ENTER\n  input props:\n    <none>\nadd device 2: /dev/input/event0\n  name: \"power\"\n  events:\n    KEY (0001): KEY_POWER\n";

    #[test]
    fn finds_the_keypad_and_presses_only_declared_keys() {
        let pad = parse_getevent(RIG).unwrap();
        assert_eq!(pad.path, "/dev/input/event2");
        let five = pad.press(Key::digit(5).unwrap()).unwrap();
        assert_eq!(
            five.line,
            "sendevent /dev/input/event2 1 6 1; sendevent /dev/input/event2 0 0 0; \
             sendevent /dev/input/event2 1 6 0; sendevent /dev/input/event2 0 0 0"
        );
        assert!(pad.press(Key::DEL).is_some());
        assert_eq!(pad.press(Key::DPAD_LEFT), None, "not declared");
        assert_eq!(
            parse_getevent("add device 1: /dev/input/event0\n    KEY (0001): KEY_POWER\n"),
            None
        );
    }
}
