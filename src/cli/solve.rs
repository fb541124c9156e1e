//! `autosudoku solve`: one puzzle from the command line (or stdin), or a file of one puzzle a line
//! (`file`). Solutions go to stdout (a drawn grid for one puzzle, one line each for a file, JSON
//! Lines with `--json`); messages, the summary and the progress bar go to stderr. A bad line is
//! reported with its number and the rest still runs; the exit code says whether everything was
//! solved. This file owns the flags and what becomes of one puzzle.

mod file;

use crate::cli::{strategy, GlobalArgs};
use anyhow::Context;
use autosudoku_agent::exit::{with_code, Exit};
use autosudoku_core::solve::fast::{self, Solutions};
use autosudoku_core::solve::{self, Outcome, Report, Step, Strategy};
use autosudoku_core::sudoku::Board;
use serde_json::{json, Value};
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  autosudoku solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
  autosudoku solve --strategy naive --trace steps.jsonl PUZZLE
  autosudoku solve --steps --max-steps 100000000 PUZZLE
  autosudoku solve --file puzzles.txt > solutions.txt
  autosudoku solve --file sudoku.csv --jobs 1 --count-solutions
  cat puzzles.txt | autosudoku solve --file - --json

With --file, line N of the output answers line N of the input: the solution, or `error:` and why.
Blank lines, `#` comments and a `quizzes,solutions` or `puzzle,solution` CSV header are copied
through; a CSV line `puzzle,solution` is solved from its first field.

Exit codes: 0 every puzzle solved; 1 some puzzle invalid, unsolvable or given up; 2 usage error.")]
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

/// What became of one puzzle.
enum Status {
    Solved(Board),
    Unsolvable,
    /// The reason; `numbered` when it already names the line (a line of the wrong length).
    Invalid {
        msg: String,
        numbered: bool,
    },
    GaveUp(u64),
}

struct Record {
    status: Status,
    /// Placements and removals of the traced strategy that solved it.
    counts: Option<(u64, u64)>,
    solutions: Option<Solutions>,
    steps: Vec<(Strategy, Report)>,
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

fn run_one(args: &SolveArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    let text = match args.puzzle.as_deref() {
        Some("-") | None => read_stdin()?,
        Some(text) => text.to_owned(),
    };
    // JSON shows the puzzle in line form whatever form it was pasted in (as typed if unreadable).
    let (record, shown) = match text.parse::<Board>() {
        Ok(board) => (solve_board(&board, args)?, board.to_line()),
        Err(e) => (invalid(e.to_string(), false), text.trim().to_owned()),
    };
    let mut out = io::stdout().lock();
    if global.json {
        writeln!(out, "{}", to_json(None, &shown, &record))?;
    } else if let Status::Solved(solution) = &record.status {
        write!(out, "{solution}")?;
    }
    out.flush()?;
    if !global.quiet && !global.json {
        for note in notes(args, &record) {
            eprintln!("{note}");
        }
    }
    match failure(&record.status) {
        None => Ok(Exit::Ok),
        Some(msg) => Err(with_code(Exit::Failure, anyhow::anyhow!(msg))),
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

fn invalid(msg: String, numbered: bool) -> Record {
    Record {
        status: Status::Invalid { msg, numbered },
        counts: None,
        solutions: None,
        steps: Vec::new(),
    }
}

/// Solves one parsed board as the arguments ask.
fn solve_board(board: &Board, args: &SolveArgs) -> anyhow::Result<Record> {
    // The fast solver finds no solution for givens that break the rules, so it validates only to
    // explain a failure: checking every line first cost as much as solving an easy puzzle. The
    // traced searches check first, so that no trace file is written for such givens.
    let checked_first = args.strategy.traced().is_some() || args.steps;
    if checked_first {
        if let Some(record) = broken_rules(board) {
            return Ok(record);
        }
    }
    let solutions = args
        .count_solutions
        .then(|| fast::count_solutions(board, 2));
    let (status, counts) = match args.strategy.traced() {
        None => {
            let solution = match &solutions {
                Some(Solutions::One(b)) => Some(b.clone()),
                Some(Solutions::Zero) => None,
                _ => fast::solve(board),
            };
            if solution.is_none() {
                if let Some(record) = broken_rules(board) {
                    return Ok(record);
                }
            }
            (solution.map_or(Status::Unsolvable, Status::Solved), None)
        }
        Some(strategy) => {
            let report = match &args.trace {
                Some(path) => trace_to_file(board, strategy, args.max_steps, path)?,
                None => solve::count_steps(board, strategy, args.max_steps),
            };
            let status = match report.outcome {
                Outcome::Solved(b) => Status::Solved(b),
                Outcome::Unsolvable => Status::Unsolvable,
                Outcome::GaveUp { steps } | Outcome::Stopped { steps } => Status::GaveUp(steps),
            };
            (status, Some((report.placements, report.removals)))
        }
    };
    let steps = if args.steps {
        [Strategy::Naive, Strategy::Mrv]
            .into_iter()
            .map(|s| (s, solve::count_steps(board, s, args.max_steps)))
            .collect()
    } else {
        Vec::new()
    };
    Ok(Record {
        status,
        counts,
        solutions,
        steps,
    })
}

/// The record for givens that break the rules, naming the conflicts; `None` if they keep them.
fn broken_rules(board: &Board) -> Option<Record> {
    let conflicts = board.validate().err()?;
    Some(invalid(format!("invalid puzzle: {conflicts}"), false))
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

/// The error line for a puzzle that was not solved.
fn failure(status: &Status) -> Option<String> {
    match status {
        Status::Solved(_) => None,
        Status::Unsolvable => Some("the puzzle has no solution".into()),
        Status::Invalid { msg, .. } => Some(msg.clone()),
        Status::GaveUp(n) => Some(format!(
            "gave up after {n} steps (raise --max-steps, or use --strategy fast)"
        )),
    }
}

fn report_text(report: &Report) -> String {
    match report.outcome {
        Outcome::GaveUp { steps } => format!("gave up after {steps} steps"),
        Outcome::Unsolvable => format!(
            "no solution after {} placements, {} removals",
            report.placements, report.removals
        ),
        _ => format!(
            "{} placements, {} removals ({} steps)",
            report.placements,
            report.removals,
            report.steps()
        ),
    }
}

/// Human notes for one puzzle (stderr).
fn notes(args: &SolveArgs, record: &Record) -> Vec<String> {
    let mut notes = Vec::new();
    if let (Some((p, r)), Some(s), Status::Solved(_)) =
        (record.counts, args.strategy.traced(), &record.status)
    {
        notes.push(format!(
            "solved by {} backtracking: {p} placements, {r} removals ({} steps)",
            s.name(),
            p + r
        ));
    }
    if let Some(path) = &args.trace {
        notes.push(format!("trace written to {}", path.display()));
    }
    match &record.solutions {
        Some(Solutions::Zero) => notes.push("solutions: 0".into()),
        Some(Solutions::One(_)) => notes.push("solutions: exactly 1".into()),
        Some(Solutions::Many { .. }) => notes.push("solutions: more than one".into()),
        None => {}
    }
    for (s, report) in &record.steps {
        notes.push(format!("{:>5}: {}", s.name(), report_text(report)));
    }
    notes
}

fn to_json(line: Option<usize>, puzzle: &str, record: &Record) -> Value {
    let mut v = json!({ "puzzle": puzzle });
    if let Some(n) = line {
        v["line"] = json!(n);
    }
    let (status, detail) = match &record.status {
        Status::Solved(b) => ("solved", json!({ "solution": b.to_line() })),
        Status::Unsolvable => ("unsolvable", json!({})),
        Status::Invalid { msg, .. } => ("invalid", json!({ "error": msg })),
        Status::GaveUp(n) => ("gave_up", json!({ "steps": n })),
    };
    v["status"] = json!(status);
    for (k, val) in detail.as_object().into_iter().flatten() {
        v[k.as_str()] = val.clone();
    }
    if let Some((p, r)) = record.counts {
        v["placements"] = json!(p);
        v["removals"] = json!(r);
    }
    if let Some(s) = &record.solutions {
        v["solutions"] = json!(match s {
            Solutions::Zero => "zero",
            Solutions::One(_) => "one",
            Solutions::Many { .. } => "many",
        });
    }
    for (s, report) in &record.steps {
        let outcome = match report.outcome {
            Outcome::Solved(_) => "solved",
            Outcome::Unsolvable => "unsolvable",
            Outcome::GaveUp { .. } | Outcome::Stopped { .. } => "gave_up",
        };
        v["steps"][s.name()] = json!({
            "outcome": outcome,
            "placements": report.placements,
            "removals": report.removals,
        });
    }
    v
}
