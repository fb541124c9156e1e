//! `autosudoku completions SHELL` and `autosudoku man`: shell completion scripts (clap_complete)
//! and the man page (clap_mangen), both made from the same clap definitions as `--help`.

use crate::cli::{output, Cli, GlobalArgs};
use crate::exit::Exit;
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
    // Into a buffer first: clap_complete panics on a closed stdout (`| head`); output does not.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "autosudoku", &mut script);
    output::text(String::from_utf8_lossy(&script))?;
    Ok(Exit::Ok)
}

#[derive(Debug, Args)]
pub struct ManArgs {}

/// Writes autosudoku(1) in roff; e.g. `autosudoku man > ~/.local/share/man/man1/autosudoku.1`.
pub fn man(_args: ManArgs, _global: &GlobalArgs) -> anyhow::Result<Exit> {
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut page)?;
    output::text(String::from_utf8_lossy(&page))?;
    Ok(Exit::Ok)
}
