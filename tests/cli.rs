//! The binary as a user meets it, with no phone game involved: the README's console examples run
//! and compared (`readme`), and the tools around the commands (`tools`: completions, the man page,
//! doctor, the exit codes in `--help`).

mod rig;

#[path = "cli/tools.rs"]
mod tools;

#[path = "cli/readme.rs"]
mod readme;

#[path = "cli/json.rs"]
mod json;
