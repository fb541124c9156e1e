//! Writing a puzzle in the text form: maps as N rows of N, cages as a letter map with `sums`
//! (or `cage` lines when there are more cages than letters), givens last.

use crate::variant::{Cage, Puzzle, Regions};
use std::fmt::Write;

/// The letters a cage map uses, in the order of the cages' first cells (as the manifest does).
const CAGE_LETTERS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// `puzzle` in the text form; `parse` reads it back to an equal puzzle.
pub fn print(puzzle: &Puzzle) -> String {
    let layout = &puzzle.layout;
    let n = layout.side();
    let mut out = format!("size {n}x{n}\n");
    match layout.regions() {
        Regions::Boxes(shape) => writeln!(out, "boxes {shape}").expect("a String"),
        Regions::Jigsaw(letters) => block(&mut out, "regions", letters.iter().copied(), n),
    }
    if layout.has_diagonals() {
        out.push_str("diagonals\n");
    }
    if layout.has_windows() {
        out.push_str("windows\n");
    }
    cages(&mut out, layout.cages(), n);
    if puzzle.grid.filled_count() > 0 {
        let grid = &puzzle.grid;
        let cells = grid
            .positions()
            .map(|p| grid.get(p).map_or('.', |s| s.to_char()));
        block(&mut out, "givens", cells, n);
    }
    out
}

fn cages(out: &mut String, cages: &[Cage], n: usize) {
    if cages.is_empty() {
        return;
    }
    if cages.len() > CAGE_LETTERS.len() {
        for cage in cages {
            let cells: Vec<String> = cage.cells.iter().map(ToString::to_string).collect();
            writeln!(out, "cage {} {}", cage.sum, cells.join(" ")).expect("a String");
        }
        return;
    }
    let mut map = vec!['.'; n * n];
    for (cage, letter) in cages.iter().zip(CAGE_LETTERS.chars()) {
        cage.cells.iter().for_each(|p| map[p.index(n)] = letter);
    }
    block(out, "cages", map.into_iter(), n);
    let sums: Vec<String> = cages
        .iter()
        .zip(CAGE_LETTERS.chars())
        .map(|(cage, letter)| format!("{letter}={}", cage.sum))
        .collect();
    writeln!(out, "sums {}", sums.join(",")).expect("a String");
}

/// `name` on its line, then `cells` as `n` rows of `n`.
fn block(out: &mut String, name: &str, cells: impl Iterator<Item = char>, n: usize) {
    out.push_str(name);
    for (i, ch) in cells.enumerate() {
        out.push(if i % n == 0 { '\n' } else { ' ' });
        out.push(ch);
    }
    out.push('\n');
}
