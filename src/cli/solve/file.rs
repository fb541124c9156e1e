//! `solve --file`: a file (or stdin) of puzzles, one a line, read in blocks of about a megabyte,
//! solved in parallel (`--jobs`) chunk by chunk by the core (`autosudoku_core::batch`, which says
//! what each output line holds), written in input order, with a progress bar and a summary on
//! stderr. With `--count-solutions` a puzzle with more than one solution is a failure (its line
//! says so, the summary counts it apart from the solved).

use super::SolveArgs;
use crate::cli::GlobalArgs;
use crate::exit::{with_code, Exit};
use anyhow::Context;
use autosudoku_core::batch::{lines_of, Chunk, Request, Tally, CHUNK_LINES};
use rayon::prelude::*;
use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::path::Path;
use std::time::Instant;

/// Bytes read per block: about 12,000 lines, enough for every core to get many chunks.
const BLOCK_BYTES: usize = 1 << 20;
/// Bytes of output gathered per write: a few chunks' worth. Each page of a buffer is a page fault
/// the first time it is written, so a megabyte here cost 17clue-b 255 of them for nothing.
const OUT_BYTES: usize = 64 << 10;

/// Where solved chunks go, in input order: their lines to stdout, their messages to stderr (above
/// the bar), their counts into the tally.
struct Output<'a> {
    stdout: BufWriter<io::StdoutLock<'static>>,
    tally: Tally,
    bar: Option<&'a indicatif::ProgressBar>,
    quiet: bool,
}

impl Output<'_> {
    fn write(&mut self, chunk: &Chunk) -> io::Result<()> {
        self.stdout.write_all(&chunk.out)?;
        if !self.quiet && !chunk.messages.is_empty() {
            let say = || chunk.messages.iter().for_each(|m| eprintln!("{m}"));
            match self.bar {
                Some(bar) => bar.suspend(say),
                None => say(),
            }
        }
        self.tally.add(&chunk.tally);
        Ok(())
    }
}

pub(super) fn run(args: &SolveArgs, path: &Path, global: &GlobalArgs) -> anyhow::Result<Exit> {
    let (mut input, size) = open(path)?;
    // No bar at all when none is drawn: a hidden one still runs its rate estimator.
    let bar = global.show_progress().then(|| match size {
        Some(bytes) => indicatif::ProgressBar::new(bytes),
        None => indicatif::ProgressBar::no_length(),
    });
    let mut out = Output {
        stdout: BufWriter::with_capacity(OUT_BYTES, io::stdout().lock()),
        tally: Tally::default(),
        bar: bar.as_ref(),
        quiet: global.quiet,
    };
    let start = Instant::now();
    solve_all(&mut *input, args, global.json, &mut out)?;
    let Output {
        mut stdout, tally, ..
    } = out;
    stdout.flush()?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if !global.quiet {
        summarize(&tally, start.elapsed().as_secs_f64());
    }
    Ok(if tally.all_solved() {
        Exit::Ok
    } else {
        Exit::Failure
    })
}

/// Every line of `input`, block after block, solved and written to `out` in order.
fn solve_all(
    input: &mut dyn Read,
    args: &SolveArgs,
    json: bool,
    out: &mut Output,
) -> anyhow::Result<()> {
    let mut threads = Threads {
        jobs: args.jobs.map(|n| n.get()),
        pool: None,
    };
    let mut block = Vec::with_capacity(BLOCK_BYTES * 2);
    // One thread solves chunk after chunk into this one buffer, each written out before the next.
    let mut chunk = Chunk::default();
    let mut first_line = 1;
    while let Some(end) = read_block(input, &mut block).context("cannot read the puzzles")? {
        let lines = lines_of(&block[..end - 1]);
        let nth = Nth {
            first_line,
            request: args.request(),
            json,
        };
        match threads.for_block(lines.len())? {
            None => {
                for (k, lines) in lines.chunks(CHUNK_LINES).enumerate() {
                    nth.solve(k, lines, &mut chunk);
                    out.write(&chunk)?;
                }
            }
            Some(pool) => {
                for chunk in solve_block(pool, &lines, &nth) {
                    out.write(&chunk)?;
                }
            }
        }
        first_line += lines.len();
        if let Some(bar) = out.bar {
            bar.inc(end as u64);
        }
        block.drain(..end);
    }
    Ok(())
}

/// The solver threads: none for one job (the single-thread figures are the headline), and none
/// until a block has more than one chunk to share, so a short file costs no thread starts.
struct Threads {
    jobs: Option<usize>,
    pool: Option<rayon::ThreadPool>,
}

impl Threads {
    /// The pool to solve a block of `lines` lines on, started the first time one is worth it.
    fn for_block(&mut self, lines: usize) -> anyhow::Result<Option<&rayon::ThreadPool>> {
        if self.jobs == Some(1) || lines <= CHUNK_LINES {
            return Ok(None);
        }
        if self.pool.is_none() {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(self.jobs.unwrap_or(0))
                .build()
                .context("cannot start the solver threads")?;
            self.pool = Some(pool);
        }
        Ok(self.pool.as_ref())
    }
}

/// How to solve the k-th chunk of a block whose first line is `first_line`.
struct Nth {
    first_line: usize,
    request: Request,
    json: bool,
}

impl Nth {
    fn solve(&self, k: usize, lines: &[&[u8]], chunk: &mut Chunk) {
        let first = self.first_line + k * CHUNK_LINES;
        chunk.solve(lines, first, &self.request, self.json);
    }
}

/// The chunks of one block, in order, solved by the pool's threads, each taking whole chunks
/// (rayon's indexed collect keeps their order).
fn solve_block(pool: &rayon::ThreadPool, lines: &[&[u8]], nth: &Nth) -> Vec<Chunk> {
    pool.install(|| {
        lines
            .par_chunks(CHUNK_LINES)
            .enumerate()
            .map(|(k, lines)| {
                let mut chunk = Chunk::default();
                nth.solve(k, lines, &mut chunk);
                chunk
            })
            .collect()
    })
}

/// FILE, or stdin for `-`, with its size when known (for the progress bar).
fn open(path: &Path) -> anyhow::Result<(Box<dyn Read>, Option<u64>)> {
    if path.as_os_str() == "-" {
        if io::stdin().is_terminal() {
            eprintln!("reading puzzles from stdin (end with Ctrl-D)");
        }
        return Ok((Box::new(io::stdin().lock()), None));
    }
    let file = File::open(path).map_err(|e| {
        with_code(
            Exit::Usage,
            anyhow::anyhow!("cannot read {}: {e}; check the path", path.display()),
        )
    })?;
    let size = file.metadata().ok().map(|m| m.len());
    Ok((Box::new(file), size))
}

/// Reads into `block` (which may start with a partial line carried over) until it holds at least
/// `BLOCK_BYTES` and a line end, or the input ends (a last line without `\n` gets one). Returns
/// how many bytes of it are whole lines, `None` when nothing is left.
fn read_block(input: &mut dyn Read, block: &mut Vec<u8>) -> io::Result<Option<usize>> {
    loop {
        if block.len() >= BLOCK_BYTES {
            if let Some(last) = block.iter().rposition(|&b| b == b'\n') {
                return Ok(Some(last + 1));
            }
        }
        // `read_to_end` reads into the spare capacity as it is: zeroing a megabyte before every
        // read (a `resize`) cost more than reading and solving kaggle's easiest puzzles.
        let n = input.take(BLOCK_BYTES as u64).read_to_end(block)?;
        if n == 0 {
            if block.last().is_some_and(|&b| b != b'\n') {
                block.push(b'\n');
            }
            return Ok((!block.is_empty()).then_some(block.len()));
        }
    }
}

fn summarize(tally: &Tally, secs: f64) {
    let puzzles = tally.puzzles();
    let ambiguous = match tally.ambiguous {
        0 => String::new(),
        n => format!(", {n} with more than one solution"),
    };
    let skipped = match tally.skipped {
        0 => String::new(),
        n => format!(" ({n} lines without a puzzle copied through)"),
    };
    let noun = if puzzles == 1 { "puzzle" } else { "puzzles" };
    eprintln!(
        "{puzzles} {noun}: {} solved, {} unsolvable, {} invalid, {} gave up{ambiguous}{skipped} in {secs:.3} s ({:.0} puzzles/s)",
        tally.solved,
        tally.unsolvable,
        tally.invalid,
        tally.gave_up,
        puzzles as f64 / secs.max(1e-9)
    );
}
