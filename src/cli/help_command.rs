//! `autosudoku help [SUBCOMMAND]`: the same text as `--help` (clap's own help subcommand is turned
//! off so that this one takes flags like every other: `help --help`, `help --json`).

use crate::cli::{command, output, GlobalArgs};
use crate::exit::{self, Exit};
use clap::Args;

#[derive(Debug, Args)]
pub struct HelpArgs {
    /// The subcommand to explain (default: the whole tool).
    #[arg(value_name = "SUBCOMMAND")]
    pub subcommand: Option<String>,
}

pub fn run(args: HelpArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    if let Some(name) = args.subcommand.as_deref() {
        if command().find_subcommand(name).is_none() {
            let names: Vec<String> = command()
                .get_subcommands()
                .map(|s| s.get_name().to_owned())
                .collect();
            return Err(exit::with_code(
                Exit::Usage,
                anyhow::anyhow!("no subcommand {name:?}; they are: {}", names.join(", ")),
            ));
        }
    }
    let page = help_page(args.subcommand.as_deref());
    if global.json {
        let about = args.subcommand.as_deref().unwrap_or("autosudoku");
        output::line(serde_json::json!({"command": about, "help": page}))?;
    } else {
        output::text(page)?;
    }
    Ok(Exit::Ok)
}

/// Exactly what `autosudoku [SUBCOMMAND] --help` prints: clap chooses the long or short form.
fn help_page(subcommand: Option<&str>) -> String {
    let argv = ["autosudoku"].into_iter().chain(subcommand).chain(["--help"]);
    // `--help` always stops parsing with the page as its "error".
    command()
        .try_get_matches_from(argv)
        .err()
        .map(|shown| shown.render().to_string())
        .unwrap_or_default()
}
