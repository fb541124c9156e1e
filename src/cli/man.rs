//! `autosudoku man [SUBCOMMAND]` prints autosudoku(1) or autosudoku-SUBCOMMAND(1) in roff;
//! `--out-dir DIR` writes all of them. Each page is clap_mangen's name, synopsis, description
//! and options, then what `help` knows: EXAMPLES, EXIT STATUS, FILES and ENVIRONMENT.

use crate::cli::help::{self, Page, ENVIRONMENT, FILES, TOP};
use crate::cli::{output, Cli, GlobalArgs};
use crate::exit::{self, Exit};
use anyhow::Context;
use clap::{Args, CommandFactory};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct ManArgs {
    /// The subcommand whose page to print (default: the top page, autosudoku(1)).
    #[arg(value_name = "SUBCOMMAND", conflicts_with = "out_dir")]
    pub subcommand: Option<String>,
    /// Write autosudoku.1 and autosudoku-SUBCOMMAND.1 for every subcommand into DIR.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
}

pub fn run(args: ManArgs, _global: &GlobalArgs) -> anyhow::Result<Exit> {
    if let Some(dir) = &args.out_dir {
        let cant = || format!("cannot write the man pages to {}", dir.display());
        std::fs::create_dir_all(dir).with_context(cant)?;
        std::fs::write(dir.join("autosudoku.1"), top_page()?).with_context(cant)?;
        for page in help::PAGES {
            let file = dir.join(format!("autosudoku-{}.1", page.name));
            std::fs::write(file, sub_page(page)?).with_context(cant)?;
        }
        return Ok(Exit::Ok);
    }
    let roff = match args.subcommand.as_deref() {
        None => top_page()?,
        Some(name) => match help::page(name) {
            Some(page) => sub_page(page)?,
            None => {
                let names: Vec<&str> = help::PAGES.iter().map(|p| p.name).collect();
                return Err(exit::with_code(
                    Exit::Usage,
                    anyhow::anyhow!(
                        "no subcommand {name:?}; the pages are: {}",
                        names.join(", ")
                    ),
                ));
            }
        },
    };
    output::text(roff)?;
    Ok(Exit::Ok)
}

/// The sections clap knows for every page: title, name, synopsis, description and options.
fn head(man: &clap_mangen::Man) -> anyhow::Result<Vec<u8>> {
    let mut roff = Vec::new();
    man.render_title(&mut roff)?;
    man.render_name_section(&mut roff)?;
    man.render_synopsis_section(&mut roff)?;
    man.render_description_section(&mut roff)?;
    man.render_options_section(&mut roff)?;
    Ok(roff)
}

fn top_page() -> anyhow::Result<String> {
    let man = clap_mangen::Man::new(Cli::command().disable_help_subcommand(true));
    let mut roff = head(&man)?;
    man.render_subcommands_section(&mut roff)?;
    Ok(String::from_utf8_lossy(&roff).into_owned() + &sections(&TOP, None))
}

/// autosudoku-NAME(1): the subcommand as clap defines it (its own notes under NOTES), then the rest.
fn sub_page(page: &Page) -> anyhow::Result<String> {
    // Built, so that the global flags (-v, --json, --home...) are on the subcommand's page too.
    let mut cmd = Cli::command();
    cmd.build();
    let sub = cmd
        .find_subcommand(page.name)
        .with_context(|| format!("no subcommand {}", page.name))?
        .clone();
    let notes = sub.get_after_help().map(|h| h.to_string());
    let name = format!("autosudoku-{}", page.name);
    let sub = sub
        .display_name(name.clone())
        .bin_name(format!("autosudoku {}", page.name));
    let man = clap_mangen::Man::new(sub);
    let roff = head(&man)?;
    Ok(String::from_utf8_lossy(&roff).into_owned() + &sections(page, notes.as_deref()))
}

/// NOTES (when the subcommand has some), EXAMPLES, EXIT STATUS, FILES, ENVIRONMENT and SEE ALSO.
fn sections(page: &Page, notes: Option<&str>) -> String {
    let mut roff = String::new();
    if let Some(notes) = notes {
        roff += ".SH NOTES\n";
        for line in notes.lines() {
            roff += &format!(
                "{}\n",
                if line.is_empty() {
                    ".PP".into()
                } else {
                    escape(line)
                }
            );
        }
    }
    roff += ".SH EXAMPLES\n";
    for e in page.examples {
        roff += &format!(".PP\n.nf\n{}\n.fi\n", escape(e));
    }
    roff += ".SH \"EXIT STATUS\"\n";
    for &(exit, detail) in page.exits {
        let line = help::exit_line(exit, detail);
        roff += &format!(".TP\n{}\n{}\n", exit as i32, escape(&line));
    }
    for (title, items) in [("FILES", FILES), ("ENVIRONMENT", ENVIRONMENT)] {
        roff += &format!(".SH {title}\n");
        for item in items {
            let (name, what) = item.split_once(": ").unwrap_or((item, ""));
            roff += &format!(".TP\n{}\n{}\n", escape(name), escape(what));
        }
    }
    roff += ".SH \"SEE ALSO\"\nadb(1), autosudoku(1)\n";
    roff
}

/// `text` as roff text: backslashes and hyphens escaped, a leading control character defused.
fn escape(text: &str) -> String {
    let text = text.replace('\\', "\\e").replace('-', "\\-");
    if text.starts_with(['.', '\'']) {
        format!("\\&{text}")
    } else {
        text
    }
}
