//! `autosudoku generate`: (being built in issue 2).
use crate::{cli::GlobalArgs, exit::Exit};
#[derive(Debug, clap::Args)]
pub struct GenerateArgs {}
pub fn run(_args: GenerateArgs, _global: &GlobalArgs) -> anyhow::Result<Exit> {
    anyhow::bail!("generate is not built yet")
}
