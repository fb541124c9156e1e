//! Random puzzles with exactly one solution, reproducible from a seed (ChaCha8), at four levels.
//!
//! A level is a clue range plus the hardest technique a solve needs (see `grade`):
//!
//! | level  | clues  | a solve needs                                                  |
//! |--------|--------|----------------------------------------------------------------|
//! | easy   | 36–40  | naked singles only                                             |
//! | medium | 28–35  | hidden singles (naked singles alone get stuck)                 |
//! | hard   | 24–31  | locked candidates or pairs/triples (singles alone get stuck)   |
//! | expert | 17–27  | more than all of the above (fish, chains or search); minimal   |
//!
//! Method: fill a random solved grid, then blank cells in random order, keeping a blank only if the
//! puzzle stays solvable with the level's techniques (which implies a unique solution) or, for
//! expert, stays unique (`count_solutions`). An attempt that misses the level is thrown away and the
//! same random stream goes on, so the result depends only on the seed.

use crate::solve::fast::{self, Solutions};
use crate::sudoku::grade::{grade, Grade, Technique};
use crate::sudoku::{Board, Cell, Digit};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::str::FromStr;

/// How hard a generated puzzle is; see the module docs for the definitions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
    Expert,
}

impl Difficulty {
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
    ];

    /// The range of clue counts a puzzle of this level has.
    pub fn clues(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Difficulty::Easy => 36..=40,
            Difficulty::Medium => 28..=35,
            Difficulty::Hard => 24..=31,
            Difficulty::Expert => 17..=27,
        }
    }

    /// The grade a puzzle of this level has.
    pub fn grade(self) -> Grade {
        match self {
            Difficulty::Easy => Grade::Logic(Technique::NakedSingle),
            Difficulty::Medium => Grade::Logic(Technique::HiddenSingle),
            Difficulty::Hard => Grade::Logic(Technique::Subset),
            Difficulty::Expert => Grade::Beyond,
        }
    }

    /// Whether `grade` is what this level asks for (hard accepts intersections or subsets).
    fn accepts(self, g: Grade) -> bool {
        match self {
            Difficulty::Hard => {
                matches!(g, Grade::Logic(Technique::Intersection | Technique::Subset))
            }
            _ => g == self.grade(),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A difficulty name that is not one of the four.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown difficulty '{0}': use easy, medium, hard or expert")]
pub struct UnknownDifficulty(pub String);

impl FromStr for Difficulty {
    type Err = UnknownDifficulty;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownDifficulty(s.to_owned()))
    }
}

/// A generated puzzle with its only solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub board: Board,
    pub solution: Board,
    pub difficulty: Difficulty,
    pub seed: u64,
}

/// The puzzle for `seed` at `difficulty`: same arguments, same puzzle, on every machine.
pub fn generate(difficulty: Difficulty, seed: u64) -> Puzzle {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // One stream per level: the same seed gives unrelated grids at different levels.
    rng.set_stream(difficulty as u64);
    loop {
        let solution = solved_grid(&mut rng);
        if let Some(board) = carve(&solution, difficulty, &mut rng) {
            return Puzzle {
                board,
                solution,
                difficulty,
                seed,
            };
        }
    }
}

/// A random solved grid: the three diagonal boxes are independent, so fill them with random
/// permutations; the fast solver completes the rest (such a start always has a completion), in
/// its cell-guess order, which no tuning of `fast::solve` changes.
fn solved_grid(rng: &mut ChaCha8Rng) -> Board {
    loop {
        let mut board = Board::empty();
        for b in [0, 4, 8] {
            let mut digits: Vec<Digit> = Digit::all().collect();
            digits.shuffle(rng);
            for (k, d) in digits.into_iter().enumerate() {
                let cell = Cell::new(b / 3 * 3 + k / 3, b % 3 * 3 + k % 3).expect("9x9");
                board.set(cell, Some(d));
            }
        }
        if let Some(solved) = fast::solve_in_cell_order(&board) {
            return solved;
        }
    }
}

/// Blanks cells of `solution` in random order as the level allows; `None` if the result misses it.
fn carve(solution: &Board, difficulty: Difficulty, rng: &mut ChaCha8Rng) -> Option<Board> {
    let mut order: Vec<Cell> = Cell::all().collect();
    order.shuffle(rng);
    let range = difficulty.clues();
    // Stop at a random clue count in the range (expert: go until no clue can go).
    let target = match difficulty {
        Difficulty::Expert => *range.start(),
        _ => rng.random_range(range.clone()),
    };
    let mut board = solution.clone();
    let mut clues = 81;
    for cell in order {
        if clues == target {
            break;
        }
        let digit = board.get(cell);
        board.set(cell, None);
        let keep = match difficulty {
            Difficulty::Expert => matches!(fast::count_solutions(&board, 2), Solutions::One(_)),
            _ => grade(&board) <= difficulty.grade(),
        };
        if keep {
            clues -= 1;
        } else {
            board.set(cell, digit);
        }
    }
    (range.contains(&clues) && difficulty.accepts(grade(&board))).then_some(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_deals_the_same_puzzle_whatever_the_solver_learns() {
        // The generator completes its random start with `fast::solve_in_cell_order`: a search that
        // reaches another solution first deals other puzzles, and the seeds tests and users chose
        // move.
        let medium_4 =
            ".9.1......7356..4...5.98.6.4.83..19...784..32.3......5.6....81......95.4...2...7.";
        assert_eq!(generate(Difficulty::Medium, 4).board.to_line(), medium_4);
    }

    #[test]
    fn every_level_meets_its_definition() {
        for difficulty in Difficulty::ALL {
            for seed in 0..3 {
                let p = generate(difficulty, seed);
                let clues = p.board.filled_count();
                assert!(
                    difficulty.clues().contains(&clues),
                    "{difficulty} {seed}: {clues} clues"
                );
                assert!(difficulty.accepts(grade(&p.board)), "{difficulty} {seed}");
                assert_eq!(
                    fast::count_solutions(&p.board, 2),
                    Solutions::One(p.solution.clone())
                );
                for (cell, digit) in p.board.filled() {
                    assert_eq!(p.solution.get(cell), Some(digit));
                }
            }
        }
    }

    #[test]
    fn same_seed_same_puzzle() {
        let a = generate(Difficulty::Medium, 42);
        assert_eq!(a, generate(Difficulty::Medium, 42));
        assert_ne!(a.board, generate(Difficulty::Medium, 43).board);
    }

    #[test]
    fn difficulty_names() {
        assert_eq!("Hard".parse::<Difficulty>(), Ok(Difficulty::Hard));
        assert_eq!(
            "extreme".parse::<Difficulty>().unwrap_err().to_string(),
            "unknown difficulty 'extreme': use easy, medium, hard or expert"
        );
    }
}
