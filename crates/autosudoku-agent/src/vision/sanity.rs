//! Does the read board make sense? The givens must obey the rules and have exactly one solution;
//! when they do not, some digit was probably misread, and the cells involved are named with their
//! confidence. Entered digits that clash with others are the player's mistakes, reported apart.

use super::cell::classify::CERTAIN;
use autosudoku_core::solve::fast::{count_solutions, Solutions};
use autosudoku_core::sudoku::{Board, Cell, Digit};
use serde::Serialize;

/// One thing wrong with a read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Problem {
    /// The same digit twice among the givens of a row, column or box: a misread.
    GivensConflict { digit: Digit, cells: Vec<Cell> },
    /// The givens have no solution.
    NoSolution,
    /// The givens have more than one solution (a blank read where a digit is, or an improper puzzle).
    SeveralSolutions,
    /// Every digit in one ink on two cell colours, and neither colour's digits nor the whole board
    /// make a puzzle with one solution: which digits are the givens cannot be told.
    GivensUnseen,
    /// Entered digits clash with others: the player's mistakes as the app shows them.
    EntryConflict { digit: Digit, cells: Vec<Cell> },
    /// Entered digits that differ from the unique solution.
    WrongEntries { cells: Vec<Cell> },
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let cells = |cells: &[Cell]| {
            cells
                .iter()
                .map(Cell::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            Problem::GivensConflict { digit, cells: c } => {
                write!(f, "givens clash: {digit} at {}", cells(c))
            }
            Problem::NoSolution => f.write_str("the givens have no solution"),
            Problem::GivensUnseen => f.write_str(
                "the givens cannot be told from the entries (one ink on two cell colours)",
            ),
            Problem::SeveralSolutions => f.write_str("the givens have several solutions"),
            Problem::EntryConflict { digit, cells: c } => {
                write!(f, "entries clash: {digit} at {}", cells(c))
            }
            Problem::WrongEntries { cells: c } => write!(f, "wrong entries at {}", cells(c)),
        }
    }
}

impl Problem {
    /// Whether it makes the read unusable (as opposed to describing the game's state).
    pub fn is_misread(&self) -> bool {
        matches!(
            self,
            Problem::GivensConflict { .. }
                | Problem::NoSolution
                | Problem::SeveralSolutions
                | Problem::GivensUnseen
        )
    }
}

/// The outcome of the checks.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Sanity {
    pub problems: Vec<Problem>,
    /// Cells most likely misread, least confident first.
    pub suspects: Vec<Cell>,
    /// The unique solution of the givens, when there is one.
    #[serde(skip)]
    pub solution: Option<Board>,
}

impl Sanity {
    pub fn is_misread(&self) -> bool {
        self.problems.iter().any(Problem::is_misread)
    }
}

/// Checks a read: `givens` and `entered` boards, and each cell's confidence.
pub fn check(givens: &Board, entered: &Board, confidence: &[f32; 81]) -> Sanity {
    let mut sanity = Sanity::default();
    let mut suspects: Vec<Cell> = Vec::new();
    match givens.validate() {
        Err(conflicts) => {
            for c in conflicts.0 {
                suspects.extend(c.cells.iter().copied());
                sanity.problems.push(Problem::GivensConflict {
                    digit: c.digit,
                    cells: c.cells,
                });
            }
        }
        Ok(()) => match count_solutions(givens, 2) {
            Solutions::Zero => {
                sanity.problems.push(Problem::NoSolution);
                suspects.extend(
                    givens
                        .filled()
                        .map(|(c, _)| c)
                        .filter(|c| confidence[c.index()] < 0.95),
                );
            }
            Solutions::Many { .. } => {
                sanity.problems.push(Problem::SeveralSolutions);
                suspects.extend(Cell::all().filter(|c| confidence[c.index()] < CERTAIN));
            }
            Solutions::One(solution) => {
                let wrong: Vec<Cell> = entered
                    .filled()
                    .filter(|&(c, d)| solution.get(c) != Some(d))
                    .map(|(c, _)| c)
                    .collect();
                if !wrong.is_empty() {
                    sanity.problems.push(Problem::WrongEntries { cells: wrong });
                }
                sanity.solution = Some(solution);
            }
        },
    }
    let mut all = givens.clone();
    for (c, d) in entered.filled() {
        all.set(c, Some(d));
    }
    if let Err(conflicts) = all.validate() {
        for c in conflicts.0 {
            if c.cells.iter().any(|&cell| entered.get(cell).is_some()) {
                let p = Problem::EntryConflict {
                    digit: c.digit,
                    cells: c.cells,
                };
                // A clash inside one row and box shows up once per unit; say it once.
                if !sanity.problems.contains(&p) {
                    sanity.problems.push(p);
                }
            }
        }
    }
    suspects.sort_by(|a, b| confidence[a.index()].total_cmp(&confidence[b.index()]));
    let mut seen = [false; 81];
    suspects.retain(|c| !std::mem::replace(&mut seen[c.index()], true));
    sanity.suspects = suspects;
    sanity
}
