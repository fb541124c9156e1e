//! `autosudoku solve …` read without clap. Building clap's command and matching against it was
//! 200,000 instructions and 19 page faults, a tenth of `solve` on a file of eight puzzles, and
//! scripts start `autosudoku solve` once per puzzle (issue 16: whole-process time on small sets
//! is start-up). This reads only the usual case: each option known, at most once, valid together.
//! Anything else (help, a typo, a value that does not parse, two puzzles) gives `None`, and the
//! whole clap tree parses the line again, so every error and every help text is clap's own.
//! Tests check that both read every line alike and that this knows every option clap does.

use super::SolveArgs;
use crate::cli::{strategy::Solver, ColorChoice, GlobalArgs};
use lexopt::Arg::{Long, Short, Value};
use std::ffi::OsString;
use std::path::PathBuf;

/// The long name of every option read here (the puzzle is the positional `puzzle`).
pub(in crate::cli) const OPTIONS: [&str; 13] = [
    "verbose",
    "quiet",
    "json",
    "home",
    "color",
    "puzzle",
    "file",
    "jobs",
    "strategy",
    "trace",
    "count_solutions",
    "steps",
    "max_steps",
];

/// The words after `solve`, or `None` when clap should read them (see the module's comment).
pub(in crate::cli) fn parse(words: &[OsString]) -> Option<(GlobalArgs, SolveArgs)> {
    let mut global = GlobalArgs {
        verbose: 0,
        quiet: false,
        json: false,
        home: None,
        color: ColorChoice::Auto,
    };
    let mut args = SolveArgs {
        puzzle: None,
        file: None,
        jobs: None,
        strategy: Solver::named("fast")?,
        trace: None,
        count_solutions: false,
        steps: false,
        max_steps: None,
    };
    let mut seen = 0u16;
    let mut parser = lexopt::Parser::from_args(words.iter().cloned());
    while let Some(arg) = parser.next().ok()? {
        let name = name_of(&arg)?;
        let bit = 1 << OPTIONS.iter().position(|&n| n == name)?;
        if seen & bit != 0 && name != "verbose" {
            return None;
        }
        seen |= bit;
        match name {
            "verbose" => global.verbose = global.verbose.checked_add(1)?,
            "quiet" => global.quiet = true,
            "json" => global.json = true,
            "home" => global.home = Some(PathBuf::from(value(&mut parser)?)),
            "color" => global.color = color(&text(&mut parser)?)?,
            "puzzle" => args.puzzle = Some(value_text(arg)?),
            "file" => args.file = Some(PathBuf::from(value(&mut parser)?)),
            "jobs" => args.jobs = Some(text(&mut parser)?.parse().ok()?),
            "strategy" => args.strategy = Solver::named(&text(&mut parser)?)?,
            "trace" => args.trace = Some(PathBuf::from(value(&mut parser)?)),
            "count_solutions" => args.count_solutions = true,
            "steps" => args.steps = true,
            "max_steps" => args.max_steps = Some(text(&mut parser)?.parse().ok()?),
            _ => return None,
        }
    }
    valid(&global, &args).then_some((global, args))
}

/// The option's value as clap takes it: not empty, and not a word that looks like an option (a
/// lone `-`, stdin, is a value); clap refuses those or reads them its own way.
fn value(parser: &mut lexopt::Parser) -> Option<OsString> {
    let value = parser.value().ok()?;
    let bytes = value.as_encoded_bytes();
    (bytes == b"-" || bytes.first().is_some_and(|&b| b != b'-')).then_some(value)
}

fn text(parser: &mut lexopt::Parser) -> Option<String> {
    value(parser)?.into_string().ok()
}

/// The option `arg` names, as in `OPTIONS`; `None` for one that is not `solve`'s.
pub(in crate::cli) fn name_of(arg: &lexopt::Arg) -> Option<&'static str> {
    Some(match arg {
        Short('v') | Long("verbose") => "verbose",
        Short('q') | Long("quiet") => "quiet",
        Long("json") => "json",
        Long("home") => "home",
        Long("color") => "color",
        Value(_) => "puzzle",
        Short('f') | Long("file") => "file",
        Short('j') | Long("jobs") => "jobs",
        Long("strategy") => "strategy",
        Long("trace") => "trace",
        Long("count-solutions") => "count_solutions",
        Long("steps") => "steps",
        Long("max-steps") => "max_steps",
        _ => return None,
    })
}

fn value_text(arg: lexopt::Arg) -> Option<String> {
    match arg {
        Value(v) => v.into_string().ok(),
        _ => None,
    }
}

fn color(name: &str) -> Option<ColorChoice> {
    match name {
        "auto" => Some(ColorChoice::Auto),
        "always" => Some(ColorChoice::Always),
        "never" => Some(ColorChoice::Never),
        _ => None,
    }
}

/// The rules clap checks beyond each value: one puzzle or a file, `--jobs` with a file, not
/// quiet and verbose at once; and `AUTOSUDOKU_HOME` (clap's `env` for `--home`) is left to clap.
fn valid(global: &GlobalArgs, args: &SolveArgs) -> bool {
    args.puzzle.is_some() != args.file.is_some()
        && (args.jobs.is_none() || args.file.is_some())
        && !(global.quiet && global.verbose > 0)
        && (global.home.is_some() || std::env::var_os("AUTOSUDOKU_HOME").is_none())
}
