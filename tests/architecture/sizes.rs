//! Functions that fit on a screen, and comments that say why instead of citing an issue: both read
//! from the source of every Rust file the project writes.

use super::imports::code_of;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir` and its subfolders (none if `dir` does not exist), `target` folders
/// left out; panics on a folder it cannot list.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        // A project folder that does not exist (no benches/) holds no Rust; any other error
        // would make a check pass on files it never read.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return found,
        Err(e) => panic!("{}: {e}", dir.display()),
    };
    for entry in entries {
        let path = entry
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .path();
        if path.is_dir() && path.file_name().is_some_and(|n| n != "target") {
            found.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
    found
}

/// Each function of `text` longer than `max` lines, as (its first line, its name, its length).
pub fn long_functions(text: &str, max: usize) -> Vec<(usize, String, usize)> {
    let code = code_of(text);
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = Vec::new();
    for (at, _) in code.match_indices("fn ") {
        if code[..at].ends_with(ident) {
            continue;
        }
        let name: String = code[at + 3..].chars().take_while(|&c| ident(c)).collect();
        let Some(body) = code[at..].find(['{', ';']).map(|k| at + k) else {
            continue;
        };
        if name.is_empty() || code.as_bytes()[body] == b';' {
            continue;
        }
        let end = closing_brace(&code, body);
        let first = code[..at].matches('\n').count() + 1;
        let lines = code[at..end].matches('\n').count() + 1;
        if lines > max {
            found.push((first, name, lines));
        }
    }
    found
}

/// The index of the brace that closes the one at `open`.
fn closing_brace(code: &str, open: usize) -> usize {
    let mut depth = 0usize;
    for (i, c) in code[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return open + i;
                }
            }
            _ => {}
        }
    }
    code.len()
}

/// The comment lines of `text` that cite an issue by number ("issue 16", "issue #16").
pub fn issue_citations(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter_map(|(n, line)| {
            let comment = &line[line.find("//")?..];
            let lower = comment.to_lowercase();
            let cites = lower.match_indices("issue").any(|(i, _)| {
                let rest = lower[i + 5..].trim_start().trim_start_matches('#');
                rest.starts_with(|c: char| c.is_ascii_digit())
            });
            cites.then(|| (n + 1, line.trim().to_string()))
        })
        .collect()
}
