//! Android key codes by name (`KeyEvent.KEYCODE_*`, frameworks/base/core/java/android/view/KeyEvent.java)
//! and the key a character of `input text` types.

use crate::screen::Keycode;

/// The named codes `input keyevent` accepts (a useful subset of KeyEvent.java).
const NAMES: &[(&str, u32)] = &[
    ("UNKNOWN", 0),
    ("SOFT_LEFT", 1),
    ("SOFT_RIGHT", 2),
    ("HOME", 3),
    ("BACK", 4),
    ("CALL", 5),
    ("ENDCALL", 6),
    ("0", 7),
    ("1", 8),
    ("2", 9),
    ("3", 10),
    ("4", 11),
    ("5", 12),
    ("6", 13),
    ("7", 14),
    ("8", 15),
    ("9", 16),
    ("STAR", 17),
    ("POUND", 18),
    ("DPAD_UP", 19),
    ("DPAD_DOWN", 20),
    ("DPAD_LEFT", 21),
    ("DPAD_RIGHT", 22),
    ("DPAD_CENTER", 23),
    ("VOLUME_UP", 24),
    ("VOLUME_DOWN", 25),
    ("POWER", 26),
    ("CAMERA", 27),
    ("CLEAR", 28),
    ("A", 29),
    ("B", 30),
    ("C", 31),
    ("D", 32),
    ("E", 33),
    ("F", 34),
    ("G", 35),
    ("H", 36),
    ("I", 37),
    ("J", 38),
    ("K", 39),
    ("L", 40),
    ("M", 41),
    ("N", 42),
    ("O", 43),
    ("P", 44),
    ("Q", 45),
    ("R", 46),
    ("S", 47),
    ("T", 48),
    ("U", 49),
    ("V", 50),
    ("W", 51),
    ("X", 52),
    ("Y", 53),
    ("Z", 54),
    ("COMMA", 55),
    ("PERIOD", 56),
    ("TAB", 61),
    ("SPACE", 62),
    ("ENTER", 66),
    ("DEL", 67),
    ("MINUS", 69),
    ("EQUALS", 70),
    ("SLASH", 76),
    ("AT", 77),
    ("PLUS", 81),
    ("MENU", 82),
    ("ESCAPE", 111),
    ("FORWARD_DEL", 112),
    ("MOVE_HOME", 122),
    ("MOVE_END", 123),
    ("NUMPAD_0", 144),
    ("NUMPAD_1", 145),
    ("NUMPAD_2", 146),
    ("NUMPAD_3", 147),
    ("NUMPAD_4", 148),
    ("NUMPAD_5", 149),
    ("NUMPAD_6", 150),
    ("NUMPAD_7", 151),
    ("NUMPAD_8", 152),
    ("NUMPAD_9", 153),
    ("APP_SWITCH", 187),
    ("SLEEP", 223),
    ("WAKEUP", 224),
];

/// Parses a key as `input keyevent` does: a bare number is the code itself (`5` is CALL),
/// otherwise `KEYCODE_NAME` or `NAME`.
pub fn parse(text: &str) -> Option<Keycode> {
    if let Ok(n) = text.parse::<u32>() {
        return Some(Keycode(n));
    }
    let name = text.strip_prefix("KEYCODE_").unwrap_or(text);
    NAMES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, code)| Keycode(*code))
}

/// The key that types `c` (digits and letters by their own keys; case is not modelled).
pub fn for_char(c: char) -> Option<Keycode> {
    let code = match c {
        '0'..='9' => 7 + (c as u32 - '0' as u32),
        'a'..='z' => 29 + (c as u32 - 'a' as u32),
        'A'..='Z' => 29 + (c as u32 - 'A' as u32),
        ' ' => 62,
        ',' => 55,
        '.' => 56,
        '-' => 69,
        '=' => 70,
        '/' => 76,
        '@' => 77,
        '+' => 81,
        '*' => 17,
        '#' => 18,
        '\n' => 66,
        _ => return None,
    };
    Some(Keycode(code))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_codes_and_names_are_keys() {
        assert_eq!(parse("5"), Some(Keycode(5)));
        assert_eq!(parse("KEYCODE_5"), Some(Keycode(12)));
        assert_eq!(parse("DEL"), Some(Keycode(67)));
        assert_eq!(parse("KEYCODE_NOPE"), None);
        assert_eq!(for_char('9'), Some(Keycode(16)));
    }
}
