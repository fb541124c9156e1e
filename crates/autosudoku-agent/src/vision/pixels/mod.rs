//! The numbers every stage starts from: the one pass over a screenshot's pixels (`planes`: the luma
//! plane, the grid search's small copies, the polarity), the luma plane's own operations (`luma`)
//! and colour helpers (`colour`).

pub mod colour;
pub mod luma;
pub mod planes;

pub use luma::{Luma, Polarity};
pub use planes::Planes;
