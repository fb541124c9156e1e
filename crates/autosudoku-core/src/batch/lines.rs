//! A file's lines, solved chunk by chunk. Line N of the output answers line N of the input: the
//! solution, or `error: ` and the reason; lines that hold no puzzle (blank, `#` comments, a
//! `quizzes,solutions` / `puzzle,solution` CSV header) are copied through unchanged. A CSV line
//! `puzzle,solution` (Kaggle's form) is solved from its first field. As JSON, one object per
//! puzzle line, carrying its line number; lines without a puzzle give none.

use super::{Record, Request, Status};
use crate::sudoku::{parse, ParseError};
use std::io::Write;

/// Lines one task solves and formats into its own buffer; small enough to balance two cores on a
/// block of hard puzzles, big enough that scheduling costs nothing next to solving.
pub const CHUNK_LINES: usize = 64;

/// How many puzzle lines ended which way.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Tally {
    pub solved: usize,
    pub unsolvable: usize,
    pub invalid: usize,
    pub gave_up: usize,
    /// Counting found more than one solution: not solved.
    pub ambiguous: usize,
    /// Lines without a puzzle (blank, comments, CSV header), copied through.
    pub skipped: usize,
}

impl Tally {
    pub fn puzzles(&self) -> usize {
        self.solved + self.unsolvable + self.invalid + self.gave_up + self.ambiguous
    }

    pub fn add(&mut self, other: &Tally) {
        self.solved += other.solved;
        self.unsolvable += other.unsolvable;
        self.invalid += other.invalid;
        self.gave_up += other.gave_up;
        self.ambiguous += other.ambiguous;
        self.skipped += other.skipped;
    }

    /// Whether every puzzle was solved, each with one solution when counted.
    pub fn all_solved(&self) -> bool {
        self.solved == self.puzzles()
    }

    fn count(&mut self, record: &Record) {
        match &record.status {
            Status::Solved(_) => self.solved += 1,
            Status::Unsolvable => self.unsolvable += 1,
            Status::Invalid { .. } => self.invalid += 1,
            Status::GaveUp(_) => self.gave_up += 1,
            Status::Ambiguous => self.ambiguous += 1,
        }
    }
}

/// What one chunk of lines gave: its output, its tally and its messages for a person.
#[derive(Debug, Default)]
pub struct Chunk {
    pub out: Vec<u8>,
    pub tally: Tally,
    pub messages: Vec<String>,
}

impl Chunk {
    /// Solves `lines` (numbered from `first`) into this chunk, emptied first; as JSON objects
    /// when `json`.
    pub fn solve(&mut self, lines: &[&[u8]], first: usize, request: &Request, json: bool) {
        self.out.clear();
        self.tally = Tally::default();
        self.messages.clear();
        // A solution line per puzzle line, allocated once (JSON lines are longer and grow it).
        self.out.reserve(lines.len() * 82);
        for (k, &raw) in lines.iter().enumerate() {
            let number = first + k;
            let line = raw.strip_suffix(b"\r").unwrap_or(raw);
            let Some(puzzle) = puzzle_field(line) else {
                self.tally.skipped += 1;
                if !json {
                    self.out.extend_from_slice(line);
                    self.out.push(b'\n');
                }
                continue;
            };
            let (shown, record) = match std::str::from_utf8(puzzle) {
                Ok(text) => (text, solve_line(text, number, request)),
                Err(_) => (
                    "",
                    <Record>::invalid("the line is not UTF-8 text".into(), false),
                ),
            };
            self.write(number, shown, &record, json);
        }
    }

    /// The output line for one puzzle, its count, and its message if it failed.
    fn write(&mut self, number: usize, puzzle: &str, record: &Record, json: bool) {
        self.tally.count(record);
        let message = match record.failure() {
            Some(msg) if matches!(record.status, Status::Invalid { numbered: true, .. }) => {
                Some(msg)
            }
            Some(msg) => Some(format!("line {number}: {msg}")),
            None => None,
        };
        // Writing into a Vec cannot fail.
        if json {
            let _ = serde_json::to_writer(&mut self.out, &record.to_json(Some(number), puzzle));
        } else if let Some(message) = &message {
            let _ = write!(self.out, "error: {message}");
        } else if let Status::Solved(solution) = &record.status {
            self.out.extend_from_slice(&solution.line_bytes());
        }
        self.out.push(b'\n');
        self.messages.extend(message);
    }
}

/// The puzzle a line holds (the first field of a CSV line), or `None` for a line without one.
fn puzzle_field(line: &[u8]) -> Option<&[u8]> {
    let line = line.trim_ascii();
    let field = line
        .split(|&b| b == b',')
        .next()
        .unwrap_or(line)
        .trim_ascii();
    let header = [&b"quizzes,solutions"[..], b"puzzle,solution"]
        .iter()
        .any(|h| line.eq_ignore_ascii_case(h));
    (!line.is_empty() && !line.starts_with(b"#") && !header).then_some(field)
}

fn solve_line(text: &str, number: usize, request: &Request) -> Record {
    match parse::parse_line(text, number) {
        Ok(board) => Record::solve(&board, request),
        Err(e @ ParseError::LineLength { .. }) => <Record>::invalid(e.to_string(), true),
        Err(e) => <Record>::invalid(e.to_string(), false),
    }
}

/// `text` cut at its line ends, as `split` would, but found with SIMD: a byte-at-a-time split was
/// a twentieth of a whole run on kaggle's easy puzzles, all of it on the one thread that reads.
pub fn lines_of(text: &[u8]) -> Vec<&[u8]> {
    let mut lines = Vec::with_capacity(text.len() / 82 + 1);
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', text) {
        lines.push(&text[start..end]);
        start = end + 1;
    }
    lines.push(&text[start..]);
    lines
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn lines_are_cut_where_split_cuts(
            text in proptest::collection::vec(prop_oneof![Just(b'\n'), any::<u8>()], 0..300)
        ) {
            let split: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
            prop_assert_eq!(super::lines_of(&text), split);
        }
    }
}
