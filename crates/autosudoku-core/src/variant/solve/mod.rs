//! Solvers on every variant: the article's backtracking and MRV with exact step traces
//! (`traced`), and the fast solver with its uniqueness check (`fast`), over one constraint state.

pub mod fast;
mod state;
pub mod traced;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_large;

pub use fast::{count_solutions, count_within, solve, VariantSolutions};
pub use traced::{count_steps, trace, VariantStep};
