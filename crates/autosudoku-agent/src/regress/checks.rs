//! The named checks `regress` runs on every game, and their verdicts as pure functions of what was
//! read off the screen: the puzzle is valid with exactly one solution, every typed digit shows where
//! it was typed, givens cannot be changed, the mistakes counter counts a deliberate wrong digit, the
//! timer moves, and the app declares the game solved when, and only when, it is complete and correct.

use crate::vision::rules::BoardRules;
use autosudoku_core::solve::fast::Solutions;
use autosudoku_core::sudoku::{Board, Cell, Digit};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// One behaviour of the app under test; each is a test case per game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Check {
    /// The puzzle on screen is a valid Sudoku with exactly one solution.
    PuzzleValid,
    /// A digit typed on a given cell does not change it.
    GivensFixed,
    /// A deliberately wrong digit raises the mistakes counter by one (`--check-mistakes`).
    MistakesCounted,
    /// Every digit the agent typed shows up in the cell it was typed into.
    DigitsLand,
    /// The game clock advances while the game is played.
    TimerMoves,
    /// "Solved" comes when, and only when, the grid is complete and correct.
    SolvedWhenComplete,
}

impl Check {
    pub const ALL: [Check; 6] = [
        Check::PuzzleValid,
        Check::GivensFixed,
        Check::MistakesCounted,
        Check::DigitsLand,
        Check::TimerMoves,
        Check::SolvedWhenComplete,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Check::PuzzleValid => "puzzle-valid",
            Check::GivensFixed => "givens-fixed",
            Check::MistakesCounted => "mistakes-counted",
            Check::DigitsLand => "digits-land",
            Check::TimerMoves => "timer-moves",
            Check::SolvedWhenComplete => "solved-when-complete",
        }
    }

    /// What the check asserts, for reports.
    pub fn describe(self) -> &'static str {
        match self {
            Check::PuzzleValid => "the puzzle on screen is valid and has exactly one solution",
            Check::GivensFixed => "a digit typed on a given cell leaves it unchanged",
            Check::MistakesCounted => "a deliberately wrong digit raises the mistakes counter by one",
            Check::DigitsLand => "every digit typed shows up where it was typed",
            Check::TimerMoves => "the game timer advances during play",
            Check::SolvedWhenComplete => {
                "the app declares the game solved when, and only when, the grid is complete and correct"
            }
        }
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A check's verdict: `Err` says what failed, on which cells and board.
pub type Verdict = Result<(), Failure>;

/// Why a check failed: the message a person reads, and the cells and board it is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Failure {
    pub message: String,
    pub cells: Vec<Cell>,
    /// The board as one line, when the failure is about a whole board.
    pub board: Option<String>,
}

impl Failure {
    pub(super) fn at(cells: Vec<Cell>, message: String) -> Failure {
        Failure {
            message,
            cells,
            board: None,
        }
    }

    fn of_board(board: &Board, message: String) -> Failure {
        Failure {
            message,
            cells: Vec::new(),
            board: Some(board.to_line()),
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The puzzle on screen cannot be judged valid when cells of it stay unreadable on two looks in a
/// row (a digit drawn half wiped out): the failure names them.
pub fn puzzle_legible(unreadable: &[Cell]) -> Verdict {
    if unreadable.is_empty() {
        return Ok(());
    }
    let names: Vec<String> = unreadable.iter().map(Cell::to_string).collect();
    Err(Failure::at(
        unreadable.to_vec(),
        format!(
            "the puzzle on screen cannot be read: {} showed no legible digit on two looks in a row (see the annotated read)",
            names.join(", ")
        ),
    ))
}

/// The puzzle's solution when its givens are valid and it has exactly one under `rules` (the
/// classic ones, or the jigsaw, X or hyper layout read from the screen); else why not.
pub fn puzzle_valid(givens: &Board, rules: &BoardRules) -> Result<Board, Failure> {
    let line = givens.to_line();
    let fail = |message| Err(Failure::of_board(givens, message));
    let named = rules
        .variant_name()
        .map(|v| format!(" (a {v} puzzle: its extra units count)"))
        .unwrap_or_default();
    // Fewer than 17 givens never make a classic puzzle proper; a variant's extra units can.
    if rules.is_classic() && givens.filled_count() < 17 {
        return fail(format!(
            "the puzzle shows only {} givens (a unique Sudoku needs at least 17): {line}",
            givens.filled_count()
        ));
    }
    match rules.count(givens) {
        Solutions::One(solution) => Ok(solution),
        Solutions::Zero => fail(format!(
            "the puzzle on screen has no solution{named}: {line}"
        )),
        Solutions::Many { .. } => fail(format!(
            "the puzzle on screen has more than one solution{named}: {line}"
        )),
    }
}

/// A typed digit that did not show where it was typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Miss {
    pub cell: Cell,
    pub typed: Digit,
    pub shown: Option<Digit>,
}

impl fmt::Display for Miss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.shown {
            Some(d) => write!(f, "{} typed {} shows {}", self.cell, self.typed, d),
            None => write!(f, "{} typed {} shows nothing", self.cell, self.typed),
        }
    }
}

/// The typed digits (last one per cell wins) that the board read afterwards does not show.
pub fn misses(typed: &[(Cell, Digit)], shown: &Board) -> Vec<Miss> {
    let mut last: Vec<(Cell, Digit)> = Vec::new();
    for &(cell, digit) in typed {
        last.retain(|&(c, _)| c != cell);
        last.push((cell, digit));
    }
    last.into_iter()
        .filter_map(|(cell, typed)| {
            let shown = shown.get(cell);
            (shown != Some(typed)).then_some(Miss { cell, typed, shown })
        })
        .collect()
}

/// The digits-land verdict over a whole game: `typed` digits were sent, `misses` did not show.
pub fn digits_land(typed: u64, misses: &[Miss]) -> Verdict {
    if misses.is_empty() {
        return Ok(());
    }
    let list: Vec<String> = misses.iter().take(8).map(|m| m.to_string()).collect();
    let cells = misses.iter().map(|m| m.cell).collect();
    Err(Failure::at(
        cells,
        format!(
            "{} of {typed} typed digit(s) did not show where typed: {}{}",
            misses.len(),
            list.join(", "),
            if misses.len() > 8 { ", …" } else { "" }
        ),
    ))
}

/// A given cell after a different digit was typed on it.
pub fn given_kept(cell: Cell, given: Digit, typed: Digit, shown: Option<Digit>) -> Verdict {
    match shown {
        Some(d) if d == given => Ok(()),
        Some(d) => Err(Failure::at(
            vec![cell],
            format!("the given {given} at {cell} was changed to {d} by typing {typed} on it"),
        )),
        None => Err(Failure::at(
            vec![cell],
            format!("the given {given} at {cell} was erased by typing {typed} on it"),
        )),
    }
}

/// The mistakes counter before and after one deliberately wrong digit.
pub fn mistakes_counted(cell: Cell, wrong: Digit, before: u32, after: u32) -> Verdict {
    if after == before + 1 {
        Ok(())
    } else {
        Err(Failure::at(vec![cell], format!(
            "the mistakes counter went from {before} to {after} after the wrong digit {wrong} at {cell} (expected {})",
            before + 1
        )))
    }
}

/// What the app showed at each step of the end of a game, for `solved-when-complete`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ending {
    /// The cell held back from the fill (`None` when every cell was filled by the driver).
    pub held: Cell,
    /// The app said "solved" while `held` was still empty.
    pub early: bool,
    /// The app said "solved" with a wrong digit in `held` (`None`: not tried, the app's mistake
    /// limit would have ended the game).
    pub wrong_declared: Option<(Digit, bool)>,
    /// The app said "solved" once the right digit was in `held`.
    pub final_declared: bool,
}

pub fn solved_when_complete(e: &Ending, settle: Duration) -> Verdict {
    let fail = |message| Err(Failure::at(vec![e.held], message));
    if e.early {
        return fail(format!(
            "the app declared the game solved while {} was still empty",
            e.held
        ));
    }
    if let Some((wrong, true)) = e.wrong_declared {
        return fail(format!(
            "the app declared the game solved with the wrong digit {wrong} at {}",
            e.held
        ));
    }
    if !e.final_declared {
        return fail(format!(
            "the grid was complete and correct (last digit at {}) but the app did not declare it solved within {:.1} s",
            e.held,
            settle.as_secs_f64()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(r: usize, c: usize) -> Cell {
        Cell::new(r, c).unwrap()
    }
    fn d(n: u8) -> Digit {
        Digit::new(n).unwrap()
    }
    const PUZZLE: &str =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    #[test]
    fn a_proper_puzzle_passes_and_broken_ones_say_why() {
        let classic = BoardRules::default();
        let p: Board = PUZZLE.parse().unwrap();
        let solution = puzzle_valid(&p, &classic).unwrap();
        assert!(solution.is_complete());
        let mut two = p.clone();
        two.set(cell(0, 0), None);
        two.set(cell(0, 1), None);
        two.set(cell(1, 0), None);
        two.set(cell(4, 0), None);
        two.set(cell(7, 8), None);
        let e = puzzle_valid(&two, &classic).unwrap_err().message;
        assert!(
            e.contains("more than one") || e.contains("at least 17"),
            "{e}"
        );
        let mut none = p.clone();
        none.set(cell(0, 2), Some(d(5)));
        let e = puzzle_valid(&none, &classic).unwrap_err();
        assert!(e.message.contains("no solution"), "{e}");
        assert_eq!(e.board, Some(none.to_line()));
    }

    #[test]
    fn an_x_puzzle_is_judged_by_its_diagonals() {
        use crate::vision::layout::LayoutRead;
        use autosudoku_core::variant::generate::{generate, Kind};
        let made = generate(Kind::X, 9, 5).unwrap();
        let board = |g: &[u8]| Board::from_array(&g.try_into().unwrap()).unwrap();
        let givens = board(made.puzzle.grid.values());
        let x = BoardRules::of(Some(&LayoutRead {
            size: "9x9".into(),
            boxes: "3x3".into(),
            regions: String::new(),
            cages: String::new(),
            cage_list: Vec::new(),
            diagonals: true,
            windows: false,
            doubt: None,
        }));
        let solution = puzzle_valid(&givens, &x).unwrap();
        assert_eq!(solution, board(made.solution.values()));
        // The same givens without the diagonals leave the classic rules more than one answer.
        let e = puzzle_valid(&givens, &BoardRules::default()).unwrap_err();
        assert!(
            e.message.contains("more than one") || e.message.contains("at least 17"),
            "{e}"
        );
    }

    #[test]
    fn misses_keep_the_last_digit_typed_per_cell() {
        let mut shown = Board::empty();
        shown.set(cell(0, 0), Some(d(4)));
        shown.set(cell(1, 1), Some(d(2)));
        let typed = [
            (cell(0, 0), d(3)),
            (cell(0, 0), d(4)),
            (cell(1, 1), d(5)),
            (cell(2, 2), d(1)),
        ];
        let m = misses(&typed, &shown);
        assert_eq!(
            m,
            vec![
                Miss {
                    cell: cell(1, 1),
                    typed: d(5),
                    shown: Some(d(2))
                },
                Miss {
                    cell: cell(2, 2),
                    typed: d(1),
                    shown: None
                }
            ]
        );
        let failure = digits_land(4, &m).unwrap_err();
        assert_eq!(failure.cells, [cell(1, 1), cell(2, 2)]);
        let v = failure.message;
        assert!(
            v.starts_with("2 of 4") && v.contains("r2c2 typed 5 shows 2"),
            "{v}"
        );
        assert_eq!(digits_land(4, &[]), Ok(()));
    }

    #[test]
    fn verdicts_name_the_cell_and_the_values() {
        assert_eq!(given_kept(cell(0, 0), d(5), d(6), Some(d(5))), Ok(()));
        let e = given_kept(cell(0, 0), d(5), d(6), Some(d(6))).unwrap_err();
        assert_eq!(e.cells, [cell(0, 0)]);
        assert!(e.message.contains("changed to 6"), "{e}");
        assert_eq!(mistakes_counted(cell(0, 0), d(1), 0, 1), Ok(()));
        assert!(mistakes_counted(cell(0, 0), d(1), 0, 0)
            .unwrap_err()
            .message
            .contains("from 0 to 0"));
    }

    #[test]
    fn the_ending_fails_early_wrong_and_missing_declarations() {
        let ok = Ending {
            held: cell(8, 8),
            early: false,
            wrong_declared: Some((d(1), false)),
            final_declared: true,
        };
        let settle = Duration::from_secs(1);
        assert_eq!(solved_when_complete(&ok, settle), Ok(()));
        let early = Ending { early: true, ..ok };
        assert!(solved_when_complete(&early, settle)
            .unwrap_err()
            .message
            .contains("r9c9 was still empty"));
        let wrong = Ending {
            wrong_declared: Some((d(1), true)),
            ..ok
        };
        assert!(solved_when_complete(&wrong, settle)
            .unwrap_err()
            .message
            .contains("wrong digit 1"));
        let never = Ending {
            final_declared: false,
            wrong_declared: None,
            ..ok
        };
        assert!(solved_when_complete(&never, settle)
            .unwrap_err()
            .message
            .contains("did not declare"));
    }
}
