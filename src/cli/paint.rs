//! Colour for what a person reads: the `error:` and `warning:` prefixes on stderr and doctor's
//! marks on stdout, when `--color` allows it on that stream.

use crate::cli::ColorChoice;

const RED: &str = "\x1b[1;31m";
const YELLOW: &str = "\x1b[1;33m";
const GREEN: &str = "\x1b[32m";
const RESET: &str = "\x1b[0m";

/// The colour a message's severity is painted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Bad,
    Warn,
    Good,
}

/// `text` in `tone`'s colour when `on`.
pub fn paint(text: &str, tone: Tone, on: bool) -> String {
    if !on {
        return text.to_owned();
    }
    let code = match tone {
        Tone::Bad => RED,
        Tone::Warn => YELLOW,
        Tone::Good => GREEN,
    };
    format!("{code}{text}{RESET}")
}

/// `autosudoku: error: ` for stderr.
pub fn error_prefix(color: ColorChoice) -> String {
    format!(
        "autosudoku: {} ",
        paint("error:", Tone::Bad, color.enabled_on_stderr())
    )
}

/// `autosudoku: warning: ` for stderr.
pub fn warning_prefix(color: ColorChoice) -> String {
    format!(
        "autosudoku: {} ",
        paint("warning:", Tone::Warn, color.enabled_on_stderr())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_enabled_stream_gets_escape_codes() {
        assert_eq!(paint("FAIL", Tone::Bad, false), "FAIL");
        assert_eq!(paint("FAIL", Tone::Bad, true), "\x1b[1;31mFAIL\x1b[0m");
        assert_eq!(error_prefix(ColorChoice::Never), "autosudoku: error: ");
        assert!(error_prefix(ColorChoice::Always).contains("\x1b[1;31m"));
    }
}
