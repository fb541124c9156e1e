//! `autosudoku solve`: one puzzle from the command line (or stdin), or a file of one puzzle a line
//! (`file`). Solutions go to stdout (a drawn grid for one puzzle, one line each for a file, JSON
//! Lines with `--json`); messages, the summary and the progress bar go to stderr. A bad line is
//! reported with its number and the rest still runs; the exit code says whether everything was
//! solved. This file owns the flags and what becomes of one puzzle.

mod file;

use crate::cli::{strategy, GlobalArgs};
use crate::exit::{self, with_code, Exit};
use anyhow::Context;
use autosudoku_core::batch::{Record, Request, Status};
use autosudoku_core::solve::{self, Report, Step, Strategy};
use autosudoku_core::sudoku::Board;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "With --file, line N of the output answers line N of the input: the solution, or `error:` and why.
Blank lines, `#` comments and a `quizzes,solutions` or `puzzle,solution` CSV header are copied
through; a CSV line `puzzle,solution` is solved from its first field."
)]
pub struct SolveArgs {
    /// The puzzle: 81 cells on one line (`.`, `0` or `_` for blanks), 9 lines of 9, a grid drawn
    /// with | - +, or LeetCode's [["5","3",".",...],...]; `-` reads it from stdin.
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
    let text = match args.puzzle.as_deref() {
        Some("-") | None => read_stdin()?,
        Some(text) => text.to_owned(),
    };
    // JSON shows the puzzle in line form whatever form it was pasted in (as typed if unreadable).
    let (record, shown) = match text.parse::<Board>() {
        Ok(board) => (solve_board(&board, args)?, board.to_line()),
        Err(e) => (
            Record::invalid(e.to_string(), false),
            text.trim().to_owned(),
        ),
    };
    let failure = record
        .failure()
        .map(|msg| with_code(Exit::Failure, anyhow::anyhow!(msg)));
    let mut out = io::stdout().lock();
    if global.json {
        // The record carries its own `error`: main must not print a second object.
        writeln!(out, "{}", record.to_json(None, &shown))?;
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

/// One puzzle solved as the flags ask; with `--trace`, its steps written to the file as they come.
fn solve_board(board: &Board, args: &SolveArgs) -> anyhow::Result<Record> {
    let request = args.request();
    match (&args.trace, request.traced) {
        (Some(path), Some(strategy)) => {
            if let Some(record) = Record::broken_rules(board) {
                return Ok(record);
            }
            let report = trace_to_file(board, strategy, args.max_steps, path)?;
            Ok(Record::traced(board, &request, report))
        }
        _ => Ok(Record::solve(board, &request)),
    }
}

/// Runs the traced search, writing each step as a JSON line as it happens.
fn trace_to_file(
    board: &Board,
    strategy: Strategy,
    max_steps: Option<u64>,
    path: &PathBuf,
) -> anyhow::Result<Report> {
    let file = File::create(path).map_err(|e| {
        with_code(
            Exit::Usage,
            anyhow::anyhow!("cannot create trace file {}: {e}", path.display()),
        )
    })?;
    let mut w = BufWriter::new(file);
    let mut error = None;
    let report = solve::trace(board, strategy, max_steps, |step: Step| {
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
