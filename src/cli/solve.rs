//! `autosudoku solve`: one puzzle from the command line (or stdin), or a file of one puzzle a line
//! (`file`). Solutions go to stdout (a drawn grid for one puzzle, one line each for a file, JSON
//! Lines with `--json`); messages, the summary and the progress bar go to stderr. A bad line is
//! reported with its number and the rest still runs; the exit code says whether everything was
//! solved. This file owns the flags and what becomes of one puzzle.

mod file;

use crate::cli::{strategy, GlobalArgs};
use crate::exit::{self, with_code, Exit};
use anyhow::Context;
use autosudoku_core::batch::{Record, Request, Solvable, Status};
use autosudoku_core::solve::{Report, Strategy};
use autosudoku_core::sudoku::Board;
use autosudoku_core::variant::{self, Puzzle};
use std::fmt::Display;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

#[derive(Debug, clap::Args)]
#[command(
    after_help = "With --file, line N of the output answers line N of the input: the solution, or `error:` and why.
Blank lines, `#` comments and a `quizzes,solutions` or `puzzle,solution` CSV header are copied
through; a CSV line `puzzle,solution` is solved from its first field.
A variant puzzle (docs/variants.md: killer, jigsaw, X, hyper, 4x4 to 16x16) is one PUZZLE, never a
--file line; its solutions are always counted, and more than one is a failure (1), as is a rule its
givens break (named: \"cage r1c1–r1c3 sums to 14, needs 12\") or a mistake in its text (named by
line and column)."
)]
pub struct SolveArgs {
    /// The puzzle: 81 cells on one line (`.`, `0` or `_` for blanks), 9 lines of 9, a grid drawn
    /// with | - +, LeetCode's [["5","3",".",...],...], or a variant in the text form of
    /// docs/variants.md (first line `size N`); a file holding one of these; `-` reads stdin.
    #[arg(required_unless_present = "file", conflicts_with = "file")]
    puzzle: Option<String>,
    /// Solve every line of FILE, one 81-cell puzzle a line, or Kaggle's CSV (`-` for stdin).
    #[arg(short, long, value_name = "FILE")]
    file: Option<PathBuf>,
    /// Solve a file on N threads (default: every core); the output keeps the input's order.
    #[arg(short, long, value_name = "N", requires = "file")]
    jobs: Option<NonZeroUsize>,
    /// fast: bitboard solver; naive: the article's row-major backtracking; mrv: backtracking on the
    /// cell with the fewest candidates (short traces).
    #[arg(long, default_value = "fast", value_parser = strategy::any())]
    strategy: strategy::Solver,
    /// Write every Place/Remove step of the search to FILE, one JSON object a line
    /// (one puzzle, --strategy naive or mrv).
    #[arg(long, value_name = "FILE.jsonl")]
    trace: Option<PathBuf>,
    /// Also count the solutions: 0, 1 or more than one.
    #[arg(long)]
    count_solutions: bool,
    /// Also report the exact step counts of both traced strategies (naive and mrv).
    #[arg(long)]
    steps: bool,
    /// Give up a traced search after N steps (placements plus removals).
    #[arg(long, value_name = "N")]
    max_steps: Option<u64>,
}

// A closed stdout (`| head`) ends quietly in main (output::closed_pipe), as for every command.
pub fn run(args: SolveArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    if args.trace.is_some() && (args.file.is_some() || args.strategy.traced().is_none()) {
        return Err(with_code(
            Exit::Usage,
            anyhow::anyhow!(
                "--trace records one puzzle's search: give one PUZZLE and --strategy naive or mrv"
            ),
        ));
    }
    // clap lets `requires = "file"` pass when --file would conflict with the PUZZLE given.
    if args.jobs.is_some() && args.file.is_none() {
        return Err(with_code(
            Exit::Usage,
            anyhow::anyhow!("--jobs shares a --file's puzzles among threads: give --file FILE, or drop --jobs for one PUZZLE"),
        ));
    }
    match &args.file {
        Some(path) => file::run(&args, path, global),
        None => run_one(&args, global),
    }
}

impl SolveArgs {
    /// What the flags ask of every puzzle.
    fn request(&self) -> Request {
        Request {
            traced: self.strategy.traced(),
            count_solutions: self.count_solutions,
            steps: self.steps,
            max_steps: self.max_steps,
        }
    }
}

fn run_one(args: &SolveArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    let text = puzzle_text(args.puzzle.as_deref())?;
    if variant::text::is_variant_text(&text) {
        // A variant is always counted: puzzles read off a screen or typed in are often improper.
        let request = Request {
            count_solutions: true,
            ..args.request()
        };
        let (record, shown, puzzle) = match text.parse::<Puzzle>() {
            Ok(p) => (solve_puzzle(&p, &request, args)?, p.to_string(), Some(p)),
            Err(e) => (
                Record::invalid(e.to_string(), false),
                text.trim().to_owned(),
                None,
            ),
        };
        return report(&record, &shown, args, global, |v| {
            if let Some(p) = &puzzle {
                let n = p.layout.side();
                v["variant"] = p.kind().into();
                v["size"] = format!("{n}x{n}").into();
            }
        });
    }
    // JSON shows the puzzle in line form whatever form it was pasted in (as typed if unreadable).
    let (record, shown) = match text.parse::<Board>() {
        Ok(board) => (
            solve_puzzle(&board, &args.request(), args)?,
            board.to_line(),
        ),
        Err(e) => (
            Record::invalid(e.to_string(), false),
            text.trim().to_owned(),
        ),
    };
    report(&record, &shown, args, global, |_| {})
}

/// Prints what became of one puzzle (stdout: the solution or its JSON object, which `more` may
/// add fields to; stderr: the notes) and gives its exit code.
fn report<P: Solvable>(
    record: &Record<P>,
    shown: &str,
    args: &SolveArgs,
    global: &GlobalArgs,
    more: impl FnOnce(&mut serde_json::Value),
) -> anyhow::Result<Exit>
where
    P::Solution: Display,
{
    let failure = record
        .failure()
        .map(|msg| with_code(Exit::Failure, anyhow::anyhow!(msg)));
    let mut out = io::stdout().lock();
    if global.json {
        // The record carries its own `error`: main must not print a second object.
        let mut v = record.to_json(None, shown);
        more(&mut v);
        writeln!(out, "{v}")?;
    } else if let Status::Solved(solution) = &record.status {
        write!(out, "{solution}")?;
    }
    out.flush()?;
    if !global.quiet && !global.json {
        let trace = args
            .trace
            .iter()
            .map(|p| format!("trace written to {}", p.display()));
        let mut notes = record.notes(args.strategy.traced());
        // The trace's line comes right after how the traced search went.
        let at = usize::from(record.counts.is_some() && matches!(record.status, Status::Solved(_)));
        notes.splice(at..at, trace);
        for note in notes {
            eprintln!("{note}");
        }
    }
    match failure {
        None => Ok(Exit::Ok),
        Some(err) if global.json => Err(exit::printed(err)),
        Some(err) => Err(err),
    }
}

/// The puzzle's text: PUZZLE itself, the file it names, or stdin for `-` or none.
fn puzzle_text(puzzle: Option<&str>) -> anyhow::Result<String> {
    match puzzle {
        Some("-") | None => read_stdin(),
        Some(path) if Path::new(path).is_file() => std::fs::read_to_string(path).map_err(|e| {
            with_code(
                Exit::Usage,
                anyhow::anyhow!("cannot read puzzle file {path}: {e}"),
            )
        }),
        Some(text) => Ok(text.to_owned()),
    }
}

/// The puzzle from stdin.
fn read_stdin() -> anyhow::Result<String> {
    let mut text = String::new();
    if io::stdin().is_terminal() {
        eprintln!("reading the puzzle from stdin (end with Ctrl-D)");
    }
    io::stdin()
        .read_to_string(&mut text)
        .context("cannot read stdin")?;
    Ok(text)
}

/// One puzzle solved as `request` asks; with `--trace`, its steps written to the file as they come.
fn solve_puzzle<P: Solvable>(
    board: &P,
    request: &Request,
    args: &SolveArgs,
) -> anyhow::Result<Record<P>> {
    match (&args.trace, request.traced) {
        (Some(path), Some(strategy)) => {
            if let Some(record) = Record::broken_rules(board) {
                return Ok(record);
            }
            let report = trace_to_file(board, strategy, args.max_steps, path)?;
            Ok(Record::traced(board, request, report))
        }
        _ => Ok(Record::solve(board, request)),
    }
}

/// Runs the traced search, writing each step as a JSON line as it happens.
fn trace_to_file<P: Solvable>(
    board: &P,
    strategy: Strategy,
    max_steps: Option<u64>,
    path: &PathBuf,
) -> anyhow::Result<Report<P::Solution>> {
    let file = File::create(path).map_err(|e| {
        with_code(
            Exit::Usage,
            anyhow::anyhow!("cannot create trace file {}: {e}", path.display()),
        )
    })?;
    let mut w = BufWriter::new(file);
    let mut error = None;
    let report = board.trace(strategy, max_steps, |step| {
        let written = serde_json::to_writer(&mut w, &step)
            .map_err(io::Error::from)
            .and_then(|()| w.write_all(b"\n"));
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                error = Some(e);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(e) = error {
        return Err(e).with_context(|| format!("cannot write trace file {}", path.display()));
    }
    w.flush()
        .with_context(|| format!("cannot write trace file {}", path.display()))?;
    Ok(report)
}
