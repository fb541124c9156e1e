//! `autosudoku solve`: (being built in issue 2).
use crate::{cli::GlobalArgs, exit::Exit};
#[derive(Debug, clap::Args)]
pub struct SolveArgs {}
pub fn run(_args: SolveArgs, _global: &GlobalArgs) -> anyhow::Result<Exit> {
    anyhow::bail!("solve is not built yet")
}
