//! `autosudoku generate`: seeded puzzles with one solution at a chosen difficulty, one line each on
//! stdout (JSON Lines with `--json`, including the solution); with `--variant`, proper variant
//! puzzles in the text form of docs/variants.md, a blank line between them.

use crate::cli::GlobalArgs;
use crate::exit::{with_code, Exit};
use autosudoku_core::generate::{generate, Difficulty};
use autosudoku_core::variant::generate::{self as variant, Kind};
use serde_json::json;
use std::io::{self, BufWriter, Write};

#[derive(Debug, clap::Args)]
#[command(after_help = "Difficulty levels (clues; what a solve needs):
  easy    36-40 clues; naked singles only
  medium  28-35 clues; hidden singles
  hard    24-31 clues; locked candidates or pairs/triples
  expert  17-27 clues, no clue removable; more than those (fish, chains or search)

Variants (--variant, with --size; no difficulty: every clue left is needed for a single solution):
  classic  4x4, 6x6, 8x8, 9x9, 12x12, 16x16 boxes
  jigsaw   random connected regions, 4x4 to 9x9
  x        both diagonals hold every digit, 4x4 to 16x16
  hyper    four extra 3x3 windows, 9x9
  killer   random cages with sums, no givens or a few, 4x4 to 9x9")]
pub struct GenerateArgs {
    /// easy, medium, hard or expert. (No `-d`: that is adb's "the only USB device" everywhere.)
    #[arg(
        long,
        default_value = "medium",
        value_name = "LEVEL",
        conflicts_with = "variant"
    )]
    difficulty: Difficulty,
    /// A variant instead of a graded classic 9x9: classic, jigsaw, x, hyper or killer.
    #[arg(long, value_name = "KIND")]
    variant: Option<Kind>,
    /// The board's side for --variant (4, 6, 8, 9, 12 or 16 as the variant allows).
    #[arg(long, value_name = "N", default_value_t = 9, requires = "variant")]
    size: usize,
    /// Seed of the first puzzle; puzzle k uses SEED+k. Same seed, same puzzle, on any machine.
    /// Without it a seed is drawn and printed on stderr. (No `-s`: that is --serial everywhere.)
    #[arg(long)]
    seed: Option<u64>,
    /// How many puzzles.
    #[arg(short = 'n', long, default_value_t = 1)]
    count: u64,
}

pub fn run(args: GenerateArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    // A size the variant does not offer is refused before any puzzle is printed.
    if let Some(kind) = args.variant {
        if !kind.sides().contains(&args.size) {
            let e = variant::GenerateError::Side {
                kind,
                side: args.size,
            };
            return Err(with_code(Exit::Usage, anyhow::Error::from(e)));
        }
    }
    let seed = match args.seed {
        Some(seed) => seed,
        None => {
            let seed = rand::random::<u64>() >> 11;
            if !global.quiet {
                eprintln!("seed {seed} (pass --seed {seed} to get the same puzzles again)");
            }
            seed
        }
    };
    let bar = if global.show_progress() && args.count > 1 {
        indicatif::ProgressBar::new(args.count)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut out = BufWriter::new(io::stdout().lock());
    for k in 0..args.count {
        if let Some(kind) = args.variant {
            write_variant(
                &mut out,
                kind,
                args.size,
                seed.wrapping_add(k),
                k,
                global.json,
            )?;
            bar.inc(1);
            continue;
        }
        let puzzle = generate(args.difficulty, seed.wrapping_add(k));
        if global.json {
            let v = json!({
                "seed": puzzle.seed,
                "difficulty": puzzle.difficulty.name(),
                "clues": puzzle.board.filled_count(),
                "puzzle": puzzle.board.to_line(),
                "solution": puzzle.solution.to_line(),
            });
            writeln!(out, "{v}")?;
        } else {
            writeln!(out, "{}", puzzle.board.to_line())?;
        }
        bar.inc(1);
    }
    out.flush()?;
    bar.finish_and_clear();
    Ok(Exit::Ok)
}

/// One variant puzzle: its text form (after a blank line from the one before), or its JSON object.
fn write_variant(
    out: &mut impl Write,
    kind: Kind,
    side: usize,
    seed: u64,
    k: u64,
    json: bool,
) -> anyhow::Result<()> {
    let g = variant::generate(kind, side, seed)
        .map_err(|e| with_code(Exit::Usage, anyhow::Error::from(e)))?;
    if json {
        let v = json!({
            "seed": g.seed,
            "variant": kind.name(),
            "size": format!("{side}x{side}"),
            "clues": g.puzzle.grid.filled_count(),
            "puzzle": g.puzzle.to_string(),
            "solution": g.solution.to_line(),
        });
        writeln!(out, "{v}")?;
    } else {
        if k > 0 {
            writeln!(out)?;
        }
        write!(out, "# {kind} {side}x{side}, seed {seed}\n{}", g.puzzle)?;
    }
    Ok(())
}
