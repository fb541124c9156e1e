//! `autosudoku completions SHELL` and `autosudoku man`: shell completion scripts (clap_complete)
//! and the man page (clap_mangen), both made from the same clap definitions as `--help`.

use crate::cli::{Cli, GlobalArgs};
use autosudoku_agent::exit::Exit;
use clap::{Args, CommandFactory};
use clap_complete::Shell;

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for; e.g. `autosudoku completions bash > ~/.local/share/bash-completion/completions/autosudoku`.
    #[arg(value_enum)]
    pub shell: Shell,
}

pub fn completions(args: CompletionsArgs, _global: &GlobalArgs) -> anyhow::Result<Exit> {
    let mut cmd = Cli::command();
    clap_complete::generate(args.shell, &mut cmd, "autosudoku", &mut std::io::stdout());
    Ok(Exit::Ok)
}

#[derive(Debug, Args)]
pub struct ManArgs {}

/// Writes autosudoku(1) in roff; e.g. `autosudoku man > ~/.local/share/man/man1/autosudoku.1`.
pub fn man(_args: ManArgs, _global: &GlobalArgs) -> anyhow::Result<Exit> {
    clap_mangen::Man::new(Cli::command()).render(&mut std::io::stdout())?;
    Ok(Exit::Ok)
}
