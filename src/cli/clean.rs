//! `autosudoku clean`: empties the data folder's cache, the screenshots kept when a read was
//! refused or play stopped (profiles and learned glyphs stay: they are what autosudoku knows).

use crate::cli::{output, GlobalArgs};
use crate::exit::{self, Exit};
use clap::Args;
use serde_json::json;

#[derive(Debug, Args)]
pub struct CleanArgs {}

pub fn run(_args: CleanArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    let home = global.home()?;
    let folder = home.screenshots();
    let cleaned = home.clean().map_err(|e| {
        exit::with_code(
            Exit::Failure,
            anyhow::anyhow!("cannot empty {}: {e}", folder.display()),
        )
    })?;
    if global.json {
        output::line(json!({"folder": folder, "files": cleaned.files, "bytes": cleaned.bytes}))?;
    } else if !global.quiet {
        eprintln!(
            "removed {} screenshot(s), {:.1} MB, from {}",
            cleaned.files,
            cleaned.bytes as f64 / 1e6,
            folder.display()
        );
    }
    Ok(Exit::Ok)
}
