//! The fast solver: the answer to a puzzle, and how many answers it has (for uniqueness). Propagation
//! lives in `bitboard`; this file is the depth-first search over its guesses.

use super::bitboard::{Cells, Guess, Permutations, Rule, State};
use crate::sudoku::Board;

/// How many solutions a board has, as far as `count_solutions` looked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Solutions {
    /// No solution (including boards whose givens break the rules).
    Zero,
    /// Exactly one: the puzzle is proper.
    One(Board),
    /// `found` solutions were found before the search stopped; when `found` equals the limit
    /// there may be more.
    Many { found: usize },
}

/// Some solution of `board` (the only one for a proper puzzle), or `None` if it has none.
pub fn solve(board: &Board) -> Option<Board> {
    first::<Permutations>(board)
}

/// The first solution of `board` in the order of the search that guesses cells only. The
/// generator completes its random starts with it, so that a seed deals the same puzzle however
/// `solve` is tuned.
pub fn solve_in_cell_order(board: &Board) -> Option<Board> {
    first::<Cells>(board)
}

/// Counts solutions up to `limit` (at least 2, so that one solution can be told from several).
pub fn count_solutions(board: &Board, limit: usize) -> Solutions {
    let mut search = Search {
        limit: limit.max(2),
        found: 0,
        first: None,
    };
    search.run::<Permutations>(board);
    match (search.found, search.first) {
        (0, _) => Solutions::Zero,
        (1, Some(g)) => Solutions::One(Board::from_array(&g).expect("digits 1-9")),
        (found, _) => Solutions::Many { found },
    }
}

/// Whether `puzzle` is proper and minimal: it has one solution, and taking away any one of its
/// givens gives it more. A generator that removes givens while one solution remains leaves such
/// a puzzle; a set of digits that merely agrees with a solution rarely is one.
pub fn is_minimal(puzzle: &Board) -> bool {
    matches!(count_solutions(puzzle, 2), Solutions::One(_))
        && puzzle.filled().all(|(cell, _)| {
            let mut fewer = puzzle.clone();
            fewer.set(cell, None);
            matches!(count_solutions(&fewer, 2), Solutions::Many { .. })
        })
}

fn first<R: Rule>(board: &Board) -> Option<Board> {
    let mut search = Search {
        limit: 1,
        found: 0,
        first: None,
    };
    search.run::<R>(board);
    search
        .first
        .map(|g| Board::from_array(&g).expect("digits 1-9"))
}

struct Search {
    limit: usize,
    found: usize,
    first: Option<[u8; 81]>,
}

impl Search {
    fn run<R: Rule>(&mut self, board: &Board) {
        if let Ok(mut state) = State::new::<R>(&board.to_array()) {
            self.descend::<R>(&mut state);
        }
    }

    /// `state` is fully propagated; it is used up (the last branch works in it, not on a copy).
    /// Returns when done or when `limit` solutions are found.
    fn descend<R: Rule>(&mut self, state: &mut State) {
        if state.is_solved() {
            self.found += 1;
            if self.first.is_none() {
                self.first = Some(state.grid());
            }
            return;
        }
        match R::pick(state) {
            Guess::Perms([first, second]) => {
                let mut next = *state;
                next.keep_perm(&first);
                if next.propagate::<R>().is_ok() {
                    self.descend::<R>(&mut next);
                    if self.found >= self.limit {
                        return;
                    }
                }
                state.keep_perm(&second);
                if state.propagate::<R>().is_ok() {
                    self.descend::<R>(state);
                }
            }
            Guess::Cell(b, p, digits) => self.try_digits::<R>(state, b, p, digits),
        }
    }

    /// Each of `digits` on bit `p` of band `b` in turn, the last one in `state` itself.
    fn try_digits<R: Rule>(&mut self, state: &mut State, b: usize, p: usize, mut digits: u16) {
        loop {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            if digits == 0 {
                state.place(d, b, p);
                if state.propagate::<R>().is_ok() {
                    self.descend::<R>(state);
                }
                return;
            }
            let mut next = *state;
            next.place(d, b, p);
            if next.propagate::<R>().is_ok() {
                self.descend::<R>(&mut next);
                if self.found >= self.limit {
                    return;
                }
            }
            state.exclude(d, b, p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEETCODE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const LEETCODE_SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn solves_the_leetcode_example() {
        let board: Board = LEETCODE.parse().unwrap();
        assert_eq!(solve(&board).unwrap().to_line(), LEETCODE_SOLUTION);
        assert_eq!(solve_in_cell_order(&board), solve(&board));
        assert_eq!(
            count_solutions(&board, 2),
            Solutions::One(LEETCODE_SOLUTION.parse().unwrap())
        );
    }

    #[test]
    fn a_puzzle_is_minimal_only_when_every_given_is_needed() {
        // Seventeen givens: no proper puzzle has fewer, so none of these can go.
        let seventeen: Board =
            "...8.1..........435............7.8........1...2..3....6......75..34........2..6.."
                .parse()
                .unwrap();
        assert!(is_minimal(&seventeen));
        let solution = solve(&seventeen).unwrap();
        let mut one_more = seventeen.clone();
        let spare = seventeen.blanks().next().unwrap();
        one_more.set(spare, solution.get(spare));
        assert!(!is_minimal(&one_more));
        assert!(!is_minimal(&Board::empty()));
        assert!(!is_minimal(&solution));
    }

    #[test]
    fn empty_board_has_many_solutions() {
        for solved in [solve(&Board::empty()), solve_in_cell_order(&Board::empty())] {
            let solved = solved.unwrap();
            assert!(solved.is_complete() && solved.validate().is_ok());
        }
        assert_eq!(
            count_solutions(&Board::empty(), 10),
            Solutions::Many { found: 10 }
        );
    }

    #[test]
    fn conflicting_givens_have_no_solution() {
        let mut line = LEETCODE.to_string();
        line.replace_range(2..3, "5");
        let board: Board = line.parse().unwrap();
        assert_eq!(solve(&board), None);
        assert_eq!(solve_in_cell_order(&board), None);
        assert_eq!(count_solutions(&board, 2), Solutions::Zero);
    }

    #[test]
    fn valid_givens_without_solution() {
        // Row 1 leaves only r1c9 open, and column 9 already holds its missing digit 9.
        let board: Board =
            "12345678.........9..............................................................."
                .parse()
                .unwrap();
        assert!(board.validate().is_ok());
        assert_eq!(solve(&board), None);
        assert_eq!(count_solutions(&board, 2), Solutions::Zero);
    }
}
