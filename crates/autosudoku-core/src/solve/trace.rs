//! The step events of the backtracking solvers (`Place` = the article's setNum, `Remove` = cancelNum),
//! their JSON form, and what a traced solve ends with. Generic over the cell, digit and board types
//! so that the variant boards (`crate::variant`) trace in the same shape; the defaults are classic 9x9.

use crate::sudoku::{Board, Cell, Digit};
use serde::ser::{Serialize, SerializeStruct, Serializer};

/// One step of a backtracking search, in the order the search makes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step<C = Cell, D = Digit> {
    /// A digit written into an empty cell.
    Place { cell: C, digit: D },
    /// A digit taken back out of a cell (the search backtracks).
    Remove { cell: C },
}

/// A cell a step names: its 0-based row and column (shown 1-based).
pub trait Located: Copy {
    fn row(self) -> usize;
    fn col(self) -> usize;
}

impl Located for Cell {
    fn row(self) -> usize {
        Cell::row(self)
    }
    fn col(self) -> usize {
        Cell::col(self)
    }
}

impl<C: Located, D: Copy + Into<u8>> Serialize for Step<C, D> {
    /// `{"op":"place","row":1,"col":3,"digit":4}` / `{"op":"remove","row":1,"col":3}`, 1-based.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            Step::Place { cell, digit } => {
                let mut st = s.serialize_struct("Step", 4)?;
                st.serialize_field("op", "place")?;
                st.serialize_field("row", &(cell.row() + 1))?;
                st.serialize_field("col", &(cell.col() + 1))?;
                st.serialize_field("digit", &Into::<u8>::into(digit))?;
                st.end()
            }
            Step::Remove { cell } => {
                let mut st = s.serialize_struct("Step", 3)?;
                st.serialize_field("op", "remove")?;
                st.serialize_field("row", &(cell.row() + 1))?;
                st.serialize_field("col", &(cell.col() + 1))?;
                st.end()
            }
        }
    }
}

/// How a traced search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome<B = Board> {
    /// The search filled every cell.
    Solved(B),
    /// The search ran out of choices: no solution (also the answer for givens that break the rules).
    Unsolvable,
    /// `max_steps` steps were made without an answer.
    GaveUp { steps: u64 },
    /// The step callback asked to stop after `steps` steps.
    Stopped { steps: u64 },
}

/// The outcome and how many steps of each kind were emitted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report<B = Board> {
    pub outcome: Outcome<B>,
    pub placements: u64,
    pub removals: u64,
}

impl<B> Report<B> {
    /// Placements plus removals: the length of the trace.
    pub fn steps(&self) -> u64 {
        self.placements + self.removals
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_is_one_based() {
        let cell = Cell::new(0, 2).unwrap();
        let place = Step::Place {
            cell,
            digit: Digit::new(4).unwrap(),
        };
        assert_eq!(
            serde_json::to_string(&place).unwrap(),
            r#"{"op":"place","row":1,"col":3,"digit":4}"#
        );
        assert_eq!(
            serde_json::to_string(&Step::<Cell, Digit>::Remove { cell }).unwrap(),
            r#"{"op":"remove","row":1,"col":3}"#
        );
    }
}
