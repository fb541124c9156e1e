//! Does the read board make sense? The givens must obey the rules (classic, or the variant's the
//! pixels show: `rules`) and have exactly one solution;
//! when they do not, some digit was probably misread, and the cells involved are named with their
//! confidence. Entered digits that clash with others are the player's mistakes, reported apart.

use super::cell::classify::CERTAIN;
use super::rules::{BoardRules, Repeat};
use autosudoku_core::solve::fast::Solutions;
use autosudoku_core::sudoku::{Board, Cell, Digit};
use serde::Serialize;

/// One thing wrong with a read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Problem {
    /// The same digit twice among the givens of a row, column or box (each unit it breaks named
    /// once: "row 1", "box 1"): a misread.
    GivensConflict {
        digit: Digit,
        cells: Vec<Cell>,
        units: Vec<String>,
    },
    /// The givens have no solution.
    NoSolution,
    /// The givens have more than one solution (a blank read where a digit is, or an improper puzzle).
    SeveralSolutions,
    /// Every digit in one ink on two cell colours, and neither the ink's givens nor the whole board
    /// make a puzzle with one solution: which digits are the givens cannot be told. The cells of
    /// each colour (the one of fewer digits first), and whether the digits of both colours make a
    /// puzzle with one solution (else neither's do).
    GivensUnseen { papers: [Vec<Cell>; 2], both: bool },
    /// Every digit in one ink on more than two cell colours that no selection's highlight
    /// explains: how many colours, and the cells off the plain one.
    PapersUnexplained { papers: usize, cells: Vec<Cell> },
    /// One ink's digits at two stroke weights (the same digit bold in some cells, regular in
    /// others), and no split by weight leaves a puzzle with one solution.
    WeightsUnclear,
    /// The givens wear a cell colour of their own, and a highlight paints over it in these cells:
    /// their digits may be givens or entries.
    GivensCovered { cells: Vec<Cell> },
    /// Entered digits clash with others: the player's mistakes as the app shows them.
    EntryConflict {
        digit: Digit,
        cells: Vec<Cell>,
        units: Vec<String>,
    },
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
            Problem::GivensConflict {
                digit,
                cells: c,
                units,
            } => write!(
                f,
                "givens clash: {digit} at {} ({})",
                cells(c),
                units.join(", ")
            ),
            Problem::NoSolution => f.write_str("the givens have no solution"),
            Problem::GivensUnseen { papers, both } => write!(
                f,
                "the givens cannot be told from the entries: one ink on two cell colours, {} \
                 digits on one ({}) and {} on the other, and {} digits alone make a puzzle with \
                 one solution",
                papers[0].len(),
                cells(&papers[0]),
                papers[1].len(),
                if *both {
                    "either colour's"
                } else {
                    "neither colour's"
                }
            ),
            Problem::PapersUnexplained {
                papers,
                cells: tinted,
            } => write!(
                f,
                "the givens cannot be told from the entries: one ink on {papers} cell colours, \
                 and no selection or same-digit highlight explains those of {}",
                cells(tinted)
            ),
            Problem::WeightsUnclear => f.write_str(
                "the givens cannot be told from the entries: the same digits are drawn bold in \
                 some cells and regular in others, and no split by weight leaves a puzzle with \
                 one solution",
            ),
            Problem::GivensCovered { cells: c } => write!(
                f,
                "the givens cannot be told from the entries at {}: a highlight covers the cell \
                 colour the app marks its givens with",
                cells(c)
            ),
            Problem::SeveralSolutions => f.write_str("the givens have several solutions"),
            Problem::EntryConflict {
                digit,
                cells: c,
                units,
            } => write!(
                f,
                "entries clash: {digit} at {} ({})",
                cells(c),
                units.join(", ")
            ),
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
                | Problem::GivensUnseen { .. }
                | Problem::PapersUnexplained { .. }
                | Problem::WeightsUnclear
                | Problem::GivensCovered { .. }
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

/// Adds a clash of givens (or of entries) to `problems`: the same digit in the same cells
/// breaking a row and a box is one clash, listed once with both units.
fn clash(problems: &mut Vec<Problem>, c: Repeat, givens: bool) {
    let unit = c.unit;
    for p in problems.iter_mut() {
        let same_kind = givens == matches!(p, Problem::GivensConflict { .. });
        if let Problem::GivensConflict {
            digit,
            cells,
            units,
        }
        | Problem::EntryConflict {
            digit,
            cells,
            units,
        } = p
        {
            if same_kind && *digit == c.digit && *cells == c.cells {
                units.push(unit);
                return;
            }
        }
    }
    let (digit, cells, units) = (c.digit, c.cells, vec![unit]);
    problems.push(if givens {
        Problem::GivensConflict {
            digit,
            cells,
            units,
        }
    } else {
        Problem::EntryConflict {
            digit,
            cells,
            units,
        }
    });
}

/// Checks a read under `rules`: `givens` and `entered` boards, and each cell's confidence.
pub fn check(
    givens: &Board,
    entered: &Board,
    confidence: &[f32; 81],
    rules: &BoardRules,
) -> Sanity {
    let mut sanity = Sanity::default();
    let mut suspects: Vec<Cell> = Vec::new();
    let repeats = rules.repeats(givens);
    for c in repeats.iter().cloned() {
        suspects.extend(c.cells.iter().copied());
        clash(&mut sanity.problems, c, true);
    }
    if repeats.is_empty() {
        match rules.count(givens) {
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
        }
    }
    let mut all = givens.clone();
    for (c, d) in entered.filled() {
        all.set(c, Some(d));
    }
    for c in rules.repeats(&all) {
        if c.cells.iter().any(|&cell| entered.get(cell).is_some()) {
            clash(&mut sanity.problems, c, false);
        }
    }
    suspects.sort_by(|a, b| confidence[a.index()].total_cmp(&confidence[b.index()]));
    let mut seen = [false; 81];
    suspects.retain(|c| !std::mem::replace(&mut seen[c.index()], true));
    sanity.suspects = suspects;
    sanity
}

#[cfg(test)]
mod clash_tests {
    use super::*;

    #[test]
    fn a_clash_in_a_row_and_its_box_is_listed_once_naming_both_units() {
        let mut line = String::from("55");
        line.push_str(&".".repeat(79));
        let givens: Board = line.parse().unwrap();
        let sanity = check(
            &givens,
            &Board::default(),
            &[1.0; 81],
            &BoardRules::default(),
        );
        let clashes: Vec<String> = sanity.problems.iter().map(Problem::to_string).collect();
        assert_eq!(clashes, ["givens clash: 5 at r1c1, r1c2 (row 1, box 1)"]);
    }
}
