//! Parsing the command line. `autosudoku solve …` is parsed against the `solve` subcommand alone:
//! building every subcommand's flags costs more than solving a few puzzles, and scripts start
//! `autosudoku solve` once per puzzle (issue 16: whole-process time on small sets is start-up).
//! Whatever does not parse that way (help, a usage error) is parsed again against the whole tree,
//! so what the user sees is the same either way.

use super::{solve::SolveArgs, Cli, Command, GlobalArgs};
use clap::{Args, FromArgMatches, Parser};
use std::ffi::OsString;

impl Cli {
    /// The process's command line, parsed (see the module's comment for the fast path).
    pub fn parse_args() -> Result<Cli, clap::Error> {
        Cli::parse_args_from(std::env::args_os().collect())
    }

    /// `args` (the program's name first), parsed.
    pub fn parse_args_from(args: Vec<OsString>) -> Result<Cli, clap::Error> {
        if args.get(1).is_some_and(|a| a == "solve") {
            if let Ok(cli) = Cli::parse_solve_only(&args) {
                return Ok(cli);
            }
        }
        Cli::try_parse_from(args)
    }

    /// Parses `args` against one flat command holding `solve`'s options and the global ones: with
    /// no subcommand, clap has no global values to copy down and no matches to clone.
    fn parse_solve_only(args: &[OsString]) -> Result<Cli, clap::Error> {
        let lean = SolveArgs::augment_args(GlobalArgs::augment_args(clap::Command::new("solve")));
        let matches = lean.try_get_matches_from(&args[1..])?;
        Ok(Cli {
            global: GlobalArgs::from_arg_matches(&matches)?,
            command: Command::Solve(SolveArgs::from_arg_matches(&matches)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<OsString> {
        line.split(' ').map(OsString::from).collect()
    }

    #[test]
    fn solve_parses_the_same_alone_as_in_the_whole_tree() {
        for line in [
            "autosudoku solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "autosudoku solve --file p.txt --jobs 2 --count-solutions -v --json",
            "autosudoku solve -q --strategy naive --max-steps 100 - --color never",
            "autosudoku solve --home /h --file -",
        ] {
            let fast = Cli::parse_solve_only(&words(line)).unwrap();
            let whole = Cli::try_parse_from(words(line)).unwrap();
            assert_eq!(format!("{fast:?}"), format!("{whole:?}"), "{line}");
        }
    }

    #[test]
    fn help_and_usage_errors_come_from_the_whole_tree() {
        for line in [
            "autosudoku solve --help",
            "autosudoku solve --bogus",
            "autosudoku solve -v -q x",
        ] {
            let fast = Cli::parse_args_from(words(line)).unwrap_err();
            let whole = Cli::try_parse_from(words(line)).unwrap_err();
            assert_eq!(fast.kind(), whole.kind(), "{line}");
            assert_eq!(
                fast.render().to_string(),
                whole.render().to_string(),
                "{line}"
            );
        }
    }
}
