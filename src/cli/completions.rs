//! `autosudoku completions SHELL`: shell completion scripts (clap_complete), made from the same
//! clap definitions as `--help`.

use crate::cli::{output, GlobalArgs};
use crate::exit::Exit;
use clap::Args;
use clap_complete::Shell;

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for; e.g. `autosudoku completions bash > ~/.local/share/bash-completion/completions/autosudoku`.
    #[arg(value_enum)]
    pub shell: Shell,
}

pub fn completions(args: CompletionsArgs, _global: &GlobalArgs) -> anyhow::Result<Exit> {
    let mut cmd = crate::cli::command();
    // Into a buffer first: clap_complete panics on a closed stdout (`| head`); output does not.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "autosudoku", &mut script);
    output::text(String::from_utf8_lossy(&script))?;
    Ok(Exit::Ok)
}
