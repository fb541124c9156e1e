//! The text form's lines and words, each with where it stands (1-based line and column), and the
//! maps: N×N characters on one line, or N rows of N on the lines that follow.

use super::ParseError;

/// The words the text form gives a meaning at the start of a line; a map's row may not be one.
pub(super) const DIRECTIVES: [&str; 9] = [
    "size",
    "boxes",
    "regions",
    "diagonals",
    "windows",
    "cages",
    "sums",
    "cage",
    "givens",
];

/// A word of a line and its first column.
#[derive(Debug, Clone, Copy)]
pub(super) struct Word<'a> {
    pub text: &'a str,
    pub line: usize,
    pub col: usize,
}

impl<'a> Word<'a> {
    /// An error pointing at this word.
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        at(self.line, self.col, message)
    }

    /// Its characters, each with its own place.
    pub fn spots(&self) -> impl Iterator<Item = Spot> + 'a {
        let (line, col) = (self.line, self.col);
        self.text.chars().enumerate().map(move |(k, ch)| Spot {
            ch,
            line,
            col: col + k,
        })
    }
}

/// One character of a map and its place.
#[derive(Debug, Clone, Copy)]
pub(super) struct Spot {
    pub ch: char,
    pub line: usize,
    pub col: usize,
}

impl Spot {
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        at(self.line, self.col, message)
    }
}

pub(super) fn at(line: usize, col: usize, message: impl Into<String>) -> ParseError {
    ParseError {
        line,
        col,
        message: message.into(),
    }
}

/// The lines that mean something (not blank, not `#` comments), as words.
pub(super) struct Lines<'a> {
    lines: std::iter::Peekable<std::iter::Enumerate<std::str::Lines<'a>>>,
    /// The number of the text's last line, for "ended early" errors.
    pub last: usize,
}

impl<'a> Lines<'a> {
    pub fn new(text: &'a str) -> Lines<'a> {
        Lines {
            lines: text.lines().enumerate().peekable(),
            last: text.lines().count().max(1),
        }
    }

    /// The next meaningful line's words (never empty).
    pub fn next_words(&mut self) -> Option<Vec<Word<'a>>> {
        for (k, text) in self.lines.by_ref() {
            let trimmed = text.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            return Some(words(text, k + 1));
        }
        None
    }

    /// A map of `side`×`side` characters: `inline` when the directive's line holds it, else the
    /// next `side` lines, one row each (spaces between characters allowed).
    pub fn map(
        &mut self,
        directive: &Word,
        inline: Option<&Word>,
        side: usize,
    ) -> Result<Vec<Spot>, ParseError> {
        if let Some(word) = inline {
            let spots: Vec<Spot> = word.spots().collect();
            if spots.len() != side * side {
                return Err(word.error(format!(
                    "expected {} characters ({side} rows of {side}) after `{}`, found {}",
                    side * side,
                    directive.text,
                    spots.len()
                )));
            }
            return Ok(spots);
        }
        let mut spots = Vec::with_capacity(side * side);
        for row in 1..=side {
            let Some(words) = self.next_words() else {
                return Err(at(
                    self.last,
                    1,
                    format!(
                        "the text ended at row {row} of {side} of `{}`",
                        directive.text
                    ),
                ));
            };
            let first = words[0];
            if DIRECTIVES.contains(&first.text) {
                return Err(first.error(format!(
                    "expected row {row} of {side} of `{}`, found the directive `{}`",
                    directive.text, first.text
                )));
            }
            let before = spots.len();
            spots.extend(words.iter().flat_map(Word::spots));
            if spots.len() - before != side {
                return Err(first.error(format!(
                    "expected {side} characters in row {row} of `{}`, found {}",
                    directive.text,
                    spots.len() - before
                )));
            }
        }
        Ok(spots)
    }
}

/// The words of line `line`, split at whitespace.
fn words(text: &str, line: usize) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (k, (i, ch)) in text.char_indices().enumerate() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((i, k)),
            (true, Some((s, col))) => {
                out.push(Word {
                    text: &text[s..i],
                    line,
                    col: col + 1,
                });
                start = None;
            }
            _ => {}
        }
    }
    if let Some((s, col)) = start {
        out.push(Word {
            text: &text[s..],
            line,
            col: col + 1,
        });
    }
    out
}
