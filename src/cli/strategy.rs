//! `--strategy`: the core's one `Strategy` as a clap value (with its names and help), and, for
//! `solve`, `fast` beside the traced searches (`Solver`).

use autosudoku_core::solve::Strategy;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

fn values() -> impl Iterator<Item = PossibleValue> {
    Strategy::ALL
        .into_iter()
        .map(|s| PossibleValue::new(s.name()).help(s.about()))
}

/// A traced search: `naive` or `mrv`.
pub fn traced() -> impl TypedValueParser<Value = Strategy> {
    PossibleValuesParser::new(values()).try_map(|name| name.parse::<Strategy>())
}

/// `solve --strategy`: the fast solver (no trace), or a traced search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solver(Option<Strategy>);

impl Solver {
    /// The solver `--strategy NAME` picks, spelled exactly as `--help` lists it.
    pub fn named(name: &str) -> Option<Solver> {
        match name {
            "fast" => Some(Solver(None)),
            name => Strategy::ALL
                .into_iter()
                .find(|s| s.name() == name)
                .map(|s| Solver(Some(s))),
        }
    }

    /// The traced search; `None` for the fast solver.
    pub fn traced(self) -> Option<Strategy> {
        self.0
    }
}

/// `fast` or a traced search.
pub fn any() -> impl TypedValueParser<Value = Solver> {
    let fast = PossibleValue::new("fast").help("The bitboard solver: the answer only, no trace");
    PossibleValuesParser::new(std::iter::once(fast).chain(values()))
        .try_map(|name| Solver::named(&name).ok_or("not a solver"))
}
