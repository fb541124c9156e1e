//! What a screen that covers the game says, judged from its words: the app's solved or game-over
//! dialog, a pop-up (rate us, an ad, "continue?") and the button that closes it, or words that are
//! nothing Sudoku-like (another app, the home screen); and the profile rules that name a dialog
//! and the point that closes it. Pure: the words come from `words`.

use super::words::Word;
use crate::device::Point;
use serde::{Deserialize, Serialize};

/// What the covering screen is.
#[derive(Debug, Clone, PartialEq)]
pub enum Cover {
    Solved,
    GameOver,
    /// A pop-up with the button that closes it (where, and its label as the app writes it), when
    /// one was recognised, and what it is about, when its words say.
    Popup {
        text: String,
        close: Option<(Point, &'static str)>,
        topic: Option<&'static str>,
    },
    /// Words but nothing Sudoku-like: another app or the home screen.
    Unknown {
        text: String,
    },
}

/// Labels of buttons that close a pop-up without leaving the game, as one or two words, each
/// with the label it is named by (the OCR read may differ by a letter).
const CLOSERS: &[(&[&str], &str)] = &[
    (&["not", "now"], "Not now"),
    (&["no", "thanks"], "No thanks"),
    (&["maybe", "later"], "Maybe later"),
    (&["later"], "Later"),
    (&["close"], "Close"),
    (&["skip"], "Skip"),
    (&["continue"], "Continue"),
    (&["resume"], "Resume"),
    (&["dismiss"], "Dismiss"),
    (&["cancel"], "Cancel"),
    (&["x"], "×"),
    (&["×"], "×"),
];

/// Words that make a screen a pop-up, each with what such a pop-up is about.
const TOPICS: &[(&str, &str)] = &[
    ("rate", "asking for a rating"),
    ("enjoying", "asking for a rating"),
    ("ad", "showing an ad"),
    ("install", "offering an install"),
    ("continue?", "asking to continue"),
];

fn norm(w: &str) -> String {
    w.trim_matches(|c: char| !c.is_alphanumeric() && c != '×')
        .to_lowercase()
}

/// OCR-tolerant equality: one wrong, missing or extra letter is forgiven in words of three letters
/// or more (Tesseract reads "Solved" as "Selved" on some fonts).
pub(super) fn like(read: &str, word: &str) -> bool {
    if read == word {
        return true;
    }
    let (a, b): (Vec<char>, Vec<char>) = (read.chars().collect(), word.chars().collect());
    if b.len() < 3 || a.len().abs_diff(b.len()) > 1 {
        return false;
    }
    // Levenshtein distance, bounded by the short lengths involved.
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()] <= 1
}

/// Classifies the words on a covering screen.
pub fn classify(words: &[Word]) -> Cover {
    let text = words
        .iter()
        .map(|w| w.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let normed: Vec<String> = words.iter().map(|w| norm(&w.text)).collect();
    let has = |s: &str| normed.iter().any(|w| like(w, s));
    let pair = |a: &str, b: &str| normed.windows(2).any(|p| like(&p[0], a) && like(&p[1], b));
    if has("solved") || has("congratulations") || pair("well", "done") {
        return Cover::Solved;
    }
    if pair("game", "over") {
        return Cover::GameOver;
    }
    let topic = TOPICS.iter().find(|(w, _)| has(w)).map(|&(_, about)| about);
    for &(closer, label) in CLOSERS {
        // From the bottom up: a button sits below a title that may carry the same word
        // ("Continue?" over "Continue").
        for (i, w) in normed.iter().enumerate().rev() {
            let fits = closer.iter().enumerate().all(|(k, c)| {
                normed.get(i + k).is_some_and(|n| like(n, c))
                    && words.get(i + k).map(|x| x.line) == Some(words[i].line)
            });
            if fits && like(w, closer[0]) {
                let last = &words[i + closer.len() - 1];
                let first = &words[i];
                let x = (first.x + last.x + last.width) / 2;
                let y = first.y + first.height / 2;
                return Cover::Popup {
                    text,
                    close: Some((Point::new(x, y), label)),
                    topic,
                };
            }
        }
    }
    match topic {
        Some(_) => Cover::Popup {
            text,
            close: None,
            topic,
        },
        None => Cover::Unknown { text },
    }
}

/// A dialog, known by some text on it, and what dismisses it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DialogRule {
    /// Text on the dialog, matched case-insensitively.
    pub text: String,
    /// The label of the button to tap ("Not now").
    #[serde(default)]
    pub tap_text: Option<String>,
    /// Or a fixed point `[x, y]` to tap.
    #[serde(default)]
    pub tap_at: Option<[u32; 2]>,
}

/// The point a profile's dialog rule taps on this screen's words, if it applies.
pub fn rule_point(rules: &[DialogRule], words: &[Word]) -> Option<Point> {
    let text = words
        .iter()
        .map(|w| w.text.to_lowercase())
        .collect::<Vec<_>>()
        .join(" ");
    let rule = rules
        .iter()
        .find(|r| text.contains(&r.text.to_lowercase()))?;
    if let Some([x, y]) = rule.tap_at {
        return Some(Point::new(x, y));
    }
    let label = rule.tap_text.as_ref()?.to_lowercase();
    let first = label.split_whitespace().next()?;
    // The lowest match: a button sits below a title with the same word ("Continue?" / "Continue").
    let w = words.iter().rev().find(|w| {
        w.text
            .to_lowercase()
            .trim_matches(|c: char| !c.is_alphanumeric())
            == first
    })?;
    Some(Point::new(w.x + w.width / 2, w.y + w.height / 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(text: &str, x: u32, line: u32) -> Word {
        Word {
            text: text.into(),
            x,
            y: 100 * line,
            width: 40,
            height: 20,
            line: (1, 1, line),
        }
    }

    #[test]
    fn solved_game_over_and_popups() {
        assert_eq!(
            classify(&[w("Solved!", 0, 1), w("New", 0, 2), w("game", 50, 2)]),
            Cover::Solved
        );
        assert_eq!(
            classify(&[w("Game", 0, 1), w("over", 50, 1)]),
            Cover::GameOver
        );
        let rate = [
            w("Enjoying", 0, 1),
            w("Sudoku?", 50, 1),
            w("Not", 100, 3),
            w("now", 150, 3),
            w("Rate", 300, 3),
        ];
        match classify(&rate) {
            Cover::Popup {
                close: Some((p, label)),
                topic,
                ..
            } => {
                assert_eq!(p, Point::new((100 + 150 + 40) / 2, 310));
                assert_eq!((label, topic), ("Not now", Some("asking for a rating")));
            }
            other => panic!("{other:?}"),
        }
        // "Not" and "now" on different lines are not a button.
        let split = [w("Not", 0, 1), w("now", 0, 2), w("Rate", 0, 3)];
        assert!(matches!(classify(&split), Cover::Popup { close: None, .. }));
        assert!(matches!(
            classify(&[w("Clock", 0, 1), w("Camera", 0, 2)]),
            Cover::Unknown { .. }
        ));
        // Misreads by one letter still count; short words must be exact.
        assert_eq!(classify(&[w("Selved!", 0, 1)]), Cover::Solved);
        // The button is named by the label it matched, not by what Tesseract read.
        let misread = [w("Enjeying", 0, 1), w("Net", 0, 2), w("new", 50, 2)];
        assert!(matches!(
            classify(&misread),
            Cover::Popup {
                close: Some((_, "Not now")),
                topic: Some("asking for a rating"),
                ..
            }
        ));
        assert!(!like("no", "on") && like("x", "x"));
    }
}
