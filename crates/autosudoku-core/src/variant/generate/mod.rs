//! Seeded proper puzzles (exactly one solution) of every variant: classic boards 4x4 to 16x16,
//! jigsaw with random connected regions, X, hyper and killer (cages and few or no givens).
//!
//! Method: a layout (random regions for jigsaw), a random solution (`fill`: a random first row and
//! a few random cells, completed by the fast solver), then givens: for most kinds the whole
//! solution, blanked cell by cell in random order while the puzzle stays unique; for killer a
//! random cage map of the solution (`cages`), givens added only while it is not unique and then
//! blanked again where they are not needed. Everything is drawn from one ChaCha8 stream, and
//! searches are bounded by node counts, never by time, so a seed gives the same puzzle anywhere.

mod cages;
mod fill;
mod regions;

use super::solve::{count_within, VariantSolutions};
use super::{BoxShape, Grid, Layout, Pos, Puzzle};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A search bigger than this is taken as "not known unique": the generator then keeps a given
/// (or tries another layout) instead of waiting.
const NODE_BUDGET: u64 = 20_000;

/// The variants the generator makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Classic,
    Jigsaw,
    X,
    Hyper,
    Killer,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::Classic,
        Kind::Jigsaw,
        Kind::X,
        Kind::Hyper,
        Kind::Killer,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Classic => "classic",
            Kind::Jigsaw => "jigsaw",
            Kind::X => "x",
            Kind::Hyper => "hyper",
            Kind::Killer => "killer",
        }
    }

    /// The sides it is generated at (hyper windows exist on 9x9 only; a jigsaw or killer search
    /// above 9x9 is too long to check uniqueness cell by cell).
    pub fn sides(self) -> &'static [usize] {
        match self {
            Kind::Classic | Kind::X => &[4, 6, 8, 9, 12, 16],
            Kind::Jigsaw | Kind::Killer => &[4, 6, 8, 9],
            Kind::Hyper => &[9],
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = GenerateError;
    fn from_str(s: &str) -> Result<Kind, GenerateError> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| GenerateError::Kind(s.to_owned()))
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GenerateError {
    #[error("no variant `{0}`: choose classic, jigsaw, x, hyper or killer")]
    Kind(String),
    #[error("{kind} puzzles are made {sizes}, not {side}x{side}", sizes = sizes(.kind))]
    Side { kind: Kind, side: usize },
}

fn sizes(kind: &Kind) -> String {
    let sides: Vec<String> = kind.sides().iter().map(|n| format!("{n}x{n}")).collect();
    sides.join(", ")
}

/// A generated puzzle, its solution and the seed that made it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    pub puzzle: Puzzle,
    pub solution: Grid,
    pub seed: u64,
}

/// The proper `kind` puzzle of `side` that `seed` gives.
pub fn generate(kind: Kind, side: usize, seed: u64) -> Result<Generated, GenerateError> {
    if !kind.sides().contains(&side) {
        return Err(GenerateError::Side { kind, side });
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        let layout = layout(kind, side, &mut rng);
        let Some(solution) = fill::random_solution(&layout, &mut rng) else {
            continue; // a jigsaw map with no solution: draw another
        };
        let puzzle = match kind {
            Kind::Killer => cages::killer(layout, &solution, &mut rng),
            _ => Some(blanked(Puzzle::new(layout, solution.clone()), &mut rng)),
        };
        if let Some(puzzle) = puzzle {
            return Ok(Generated {
                puzzle,
                solution,
                seed,
            });
        }
    }
}

fn layout(kind: Kind, side: usize, rng: &mut ChaCha8Rng) -> Layout {
    let boxed = || {
        let shape = BoxShape::usual(side).expect("every generated side has usual boxes");
        Layout::boxed(side, shape).expect("usual boxes tile their side")
    };
    match kind {
        Kind::Classic | Kind::Killer => boxed(),
        Kind::Jigsaw => regions::random(side, rng),
        Kind::X => boxed().with_diagonals(),
        Kind::Hyper => boxed().with_windows().expect("hyper is 9x9"),
    }
}

/// Whether `puzzle` is known to have exactly one solution within the node budget.
fn unique(puzzle: &Puzzle) -> bool {
    matches!(
        count_within(puzzle, NODE_BUDGET),
        Some(VariantSolutions::One(_))
    )
}

/// `puzzle` with each of its givens blanked, in random order, where it stays unique.
fn blanked(mut puzzle: Puzzle, rng: &mut ChaCha8Rng) -> Puzzle {
    let mut cells: Vec<Pos> = puzzle
        .grid
        .positions()
        .filter(|&p| puzzle.grid.get(p).is_some())
        .collect();
    cells.shuffle(rng);
    for pos in cells {
        let digit = puzzle.grid.get(pos);
        puzzle.grid.set(pos, None);
        if !unique(&puzzle) {
            puzzle.grid.set(pos, digit);
        }
    }
    puzzle
}

#[cfg(test)]
mod tests;
