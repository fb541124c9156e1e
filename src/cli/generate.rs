//! `autosudoku generate`: seeded puzzles with one solution at a chosen difficulty, one line each on
//! stdout (JSON Lines with `--json`, including the solution).

use crate::cli::GlobalArgs;
use crate::exit::Exit;
use autosudoku_core::generate::{generate, Difficulty};
use serde_json::json;
use std::io::{self, BufWriter, Write};

#[derive(Debug, clap::Args)]
#[command(after_help = "Difficulty levels (clues; what a solve needs):
  easy    36-40 clues; naked singles only
  medium  28-35 clues; hidden singles
  hard    24-31 clues; locked candidates or pairs/triples
  expert  17-27 clues, no clue removable; more than those (fish, chains or search)")]
pub struct GenerateArgs {
    /// easy, medium, hard or expert. (No `-d`: that is adb's "the only USB device" everywhere.)
    #[arg(long, default_value = "medium", value_name = "LEVEL")]
    difficulty: Difficulty,
    /// Seed of the first puzzle; puzzle k uses SEED+k. Same seed, same puzzle, on any machine.
    /// Without it a seed is drawn and printed on stderr. (No `-s`: that is --serial everywhere.)
    #[arg(long)]
    seed: Option<u64>,
    /// How many puzzles.
    #[arg(short = 'n', long, default_value_t = 1)]
    count: u64,
}

pub fn run(args: GenerateArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
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
