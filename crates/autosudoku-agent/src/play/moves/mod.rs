//! App-level moves: what to tap or press so that a cell shows a digit, a pencil note, or nothing,
//! in the app's input style (cell-first, digit-first, hardware keys). Pure: no screen points here
//! (`layout` maps actions to pixels), no device I/O. The words (`vocabulary`), the stateful
//! `planner` that turns cell changes into actions, and a whole fill's `order` and plan.

mod order;
mod planner;
mod vocabulary;

pub use order::{action_count, fixes, plan_fill, plan_fill_in, plan_with, planner_for};
pub use planner::{Confirm, Planner};
pub use vocabulary::{
    Action, AppKey, Button, Capabilities, Check, Expect, Fix, InputStyle, Move, MoveError, Outcome,
};

#[cfg(test)]
mod tests;
