//! Answers recorded from a real phone (`autosudoku doctor --dump FILE`, or written by hand), so
//! that a user's report becomes a phone to test against. The file is JSON Lines, one object per
//! command: `{"command": "dumpsys power", "output": "…", "exit": 0}`, `"output_base64"` instead of
//! `"output"` for bytes, `exit` 0 when left out. `command` is a simple command as typed at
//! `adb shell`, words separated by one space; a last word `*` matches any further words. An
//! object without `command` is a comment (the dump's first line says what it left out). The
//! first line that matches a command answers it; everything else runs as it would anyway.

use base64::Engine;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The recorded answers, in file order.
#[derive(Debug, Clone, Default)]
pub struct Replay {
    answers: Vec<Answer>,
}

#[derive(Debug, Clone)]
struct Answer {
    words: Vec<String>,
    /// The pattern ended in `*`: any further words match.
    open: bool,
    output: Vec<u8>,
    exit: i32,
}

#[derive(Deserialize)]
struct Line {
    command: Option<String>,
    output: Option<String>,
    output_base64: Option<String>,
    exit: Option<i32>,
}

/// Why a dump cannot be replayed.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("cannot read the --replay file {path}: {reason}")]
    Read {
        path: PathBuf,
        reason: std::io::Error,
    },
    #[error("{path}, line {line}: {why}; each line is a JSON object like {{\"command\": \"wm size\", \"output\": \"Physical size: 1080x2400\\n\", \"exit\": 0}}")]
    Bad {
        path: PathBuf,
        line: usize,
        why: String,
    },
}

impl Replay {
    pub fn load(path: &Path) -> Result<Replay, ReplayError> {
        let text = std::fs::read_to_string(path).map_err(|reason| ReplayError::Read {
            path: path.into(),
            reason,
        })?;
        Replay::parse(&text).map_err(|(line, why)| ReplayError::Bad {
            path: path.into(),
            line,
            why,
        })
    }

    /// The answers of a dump's text; the failing line's number and what is wrong with it.
    pub fn parse(text: &str) -> Result<Replay, (usize, String)> {
        let mut answers = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            if raw.trim().is_empty() {
                continue;
            }
            let line: Line = serde_json::from_str(raw).map_err(|e| (i + 1, e.to_string()))?;
            if let Some(answer) = Answer::from_line(line).map_err(|why| (i + 1, why))? {
                answers.push(answer);
            }
        }
        Ok(Replay { answers })
    }

    /// The recorded output and exit status for a simple command's `words`, if a line matches.
    pub fn answer(&self, words: &[String]) -> Option<(&[u8], i32)> {
        self.answers
            .iter()
            .find(|a| a.matches(words))
            .map(|a| (a.output.as_slice(), a.exit))
    }
}

impl Answer {
    fn from_line(line: Line) -> Result<Option<Answer>, String> {
        let Some(command) = line.command else {
            return Ok(None);
        };
        let mut words: Vec<String> = command.split_whitespace().map(str::to_owned).collect();
        let open = words.last().is_some_and(|w| w == "*");
        if open {
            words.pop();
        }
        if words.is_empty() {
            return Err("\"command\" names no command".into());
        }
        let output = match (line.output, line.output_base64) {
            (Some(text), None) => text.into_bytes(),
            (None, Some(b64)) => base64::engine::general_purpose::STANDARD
                .decode(b64.trim())
                .map_err(|e| format!("\"output_base64\" is not base64: {e}"))?,
            (None, None) => Vec::new(),
            (Some(_), Some(_)) => return Err("both \"output\" and \"output_base64\"".into()),
        };
        Ok(Some(Answer {
            words,
            open,
            output,
            exit: line.exit.unwrap_or(0),
        }))
    }

    fn matches(&self, words: &[String]) -> bool {
        let n = self.words.len();
        let head = words.len() >= n && self.words.iter().zip(words).all(|(a, b)| a == b);
        head && (self.open || words.len() == n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_owned).collect()
    }

    #[test]
    fn the_first_matching_line_answers_and_a_star_takes_any_further_words() {
        let dump = r#"{"comment": "left out as private: account names, e-mail addresses"}
{"command": "wm size", "output": "Physical size: 1080x2400\nOverride size: 1080x2340\n", "exit": 0}
{"command": "input tap 5 5", "output": "", "exit": 0}
{"command": "input *", "output": "java.lang.SecurityException: Injecting input events requires the caller (or the source of the instrumentation, if any) to have the INJECT_EVENTS permission.\n", "exit": 1}
{"command": "screencap", "output_base64": "AAEC/w=="}

{"command": "wm size", "output": "never reached"}
"#;
        let replay = Replay::parse(dump).unwrap();
        let (out, code) = replay.answer(&words("wm size")).unwrap();
        assert_eq!(
            (out, code),
            (
                &b"Physical size: 1080x2400\nOverride size: 1080x2340\n"[..],
                0
            )
        );
        assert_eq!(replay.answer(&words("input tap 5 5")).unwrap().1, 0);
        assert_eq!(replay.answer(&words("input keyevent 8")).unwrap().1, 1);
        assert_eq!(
            replay.answer(&words("screencap")).unwrap().0,
            [0, 1, 2, 255]
        );
        // Without `*` the words must be exactly these: `screencap -p` is not recorded.
        assert_eq!(replay.answer(&words("screencap -p")), None);
        assert_eq!(replay.answer(&words("wm density")), None);
    }

    #[test]
    fn a_bad_line_is_named_with_its_number() {
        let (line, why) = Replay::parse("{\"command\": \"wm size\"}\nnot json\n").unwrap_err();
        assert_eq!(line, 2, "{why}");
        let (line, why) =
            Replay::parse("{\"command\": \"x\", \"output_base64\": \"!!\"}").unwrap_err();
        assert_eq!(line, 1);
        assert!(why.contains("base64"), "{why}");
        assert!(Replay::parse("{\"command\": \" \"}").is_err());
    }
}
