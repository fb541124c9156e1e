//! Parsing the command line. `autosudoku solve …` is first read by `solve::words`, without clap
//! (see there why); whatever that does not take (help, a usage error, an unusual line) is parsed
//! by clap's whole tree, so what the user sees is the same either way.

use super::{solve::words, Cli, Command};
use clap::Parser;
use std::ffi::OsString;

impl Cli {
    /// The process's command line, parsed (see the module's comment for the fast path).
    pub fn parse_args() -> Result<Cli, clap::Error> {
        Cli::parse_args_from(std::env::args_os().collect())
    }

    /// `args` (the program's name first), parsed.
    pub fn parse_args_from(args: Vec<OsString>) -> Result<Cli, clap::Error> {
        if args.get(1).is_some_and(|a| a == "solve") {
            if let Some((global, solve)) = words::parse(&args[2..]) {
                let command = Command::Solve(solve);
                return Ok(Cli { global, command });
            }
        }
        Cli::try_parse_from(args)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn words(line: &str) -> Vec<OsString> {
        line.split(' ').map(OsString::from).collect()
    }

    #[test]
    fn solve_reads_the_same_without_clap_as_with_it() {
        for line in [
            "autosudoku solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "autosudoku solve --file p.txt --jobs 2 --count-solutions -v --json",
            "autosudoku solve -q --strategy naive --max-steps 100 - --color never",
            "autosudoku solve --home /h --file -",
            "autosudoku solve -vv -fp.txt -j3 --strategy=mrv --color=always --steps",
            "autosudoku solve --trace t.jsonl --strategy mrv -- -",
        ] {
            let w = words(line);
            assert!(super::words::parse(&w[2..]).is_some(), "{line}: not read");
            let fast = Cli::parse_args_from(w.clone()).unwrap();
            let whole = Cli::try_parse_from(w).unwrap();
            assert_eq!(format!("{fast:?}"), format!("{whole:?}"), "{line}");
        }
    }

    #[test]
    fn every_other_line_is_clap_s_with_its_help_and_errors() {
        for line in [
            "autosudoku solve --help",
            "autosudoku solve -h",
            "autosudoku solve --bogus",
            "autosudoku solve -v -q x",
            "autosudoku solve x y",
            "autosudoku solve",
            "autosudoku solve --jobs 0 --file p",
            "autosudoku solve --jobs 2 x",
            "autosudoku solve --file p --file q",
            "autosudoku solve --json --json x",
            "autosudoku solve --strategy NAIVE x",
            "autosudoku solve --max-steps -1 x",
            "autosudoku solve --json=yes x",
            "autosudoku solve --file p x",
            "autosudoku solve x --trace --json --strategy naive",
            "autosudoku solve --file -q",
            "autosudoku solve --home= x",
            "autosudoku solve --file=",
            "autosudoku solve --file=-q",
        ] {
            let w = words(line);
            assert!(super::words::parse(&w[2..]).is_none(), "{line}: read");
            let shown = |parsed: Result<Cli, clap::Error>| match parsed {
                Ok(cli) => format!("{cli:?}"),
                Err(e) => format!("{:?}: {}", e.kind(), e.render()),
            };
            let fast = shown(Cli::parse_args_from(w.clone()));
            assert_eq!(fast, shown(Cli::try_parse_from(w)), "{line}");
        }
    }

    #[test]
    fn a_count_past_its_type_is_clap_s_too() {
        let line = format!("autosudoku solve {} -q x", ["-v"; 256].join(" "));
        assert!(super::words::parse(&words(&line)[2..]).is_none());
    }

    #[test]
    fn the_reader_knows_every_option_clap_gives_solve_by_each_of_its_spellings() {
        use lexopt::Arg::{Long, Short, Value};
        let cli = Cli::command();
        let solve = cli.find_subcommand("solve").unwrap();
        let mut ids = vec![];
        for arg in cli.get_arguments().chain(solve.get_arguments()) {
            let id = arg.get_id().as_str();
            if ["help", "version"].contains(&id) {
                continue;
            }
            let spellings = match (arg.get_long(), arg.get_short()) {
                (None, None) => vec![Value("x".into())],
                (long, short) => long.map(Long).into_iter().chain(short.map(Short)).collect(),
            };
            for spelling in &spellings {
                assert_eq!(words::name_of(spelling), Some(id), "{spelling:?}");
            }
            ids.push(id);
        }
        ids.sort();
        let mut ours = words::OPTIONS.to_vec();
        ours.sort();
        assert_eq!(ids, ours);
    }
}
