//! The replay of a board of another side than 9x9: the article's backtracking or its MRV variant
//! on the puzzle as read (`variant::solve::trace` by its boxes' rules), resumed past the steps
//! the screen already shows (`sized_resume`); every step tapped in order (a placement: the cell,
//! then its symbol's key; a removal: the cell, then the app's erase button, else the DEL key, as
//! the 9x9 planner erases), Ctrl-C heeded between batches, then the fill's check and repair of
//! what did not land. Refused before the first tap, as the 9x9 replay is, when it runs past
//! `--max-steps` or enters wrong trial digits the app may count as mistakes.

use super::sized_resume::{on_trace, puzzle};
use super::PhoneAgent;
use crate::device::input::{Key, Stroke};
use crate::play::estimate::{default_max_steps, estimate, Estimate};
use crate::play::replay::ReplayOptions;
use crate::play::sized::{SizedError, SizedFill};
use crate::play::view::{Known, Observer, Phase};
use crate::play::PlayError;
use crate::vision::screen::buttons::ButtonKind;
use crate::vision::sized::{SizedRead, SizedReader};
use autosudoku_core::solve::{Outcome, Step};
use autosudoku_core::variant::solve::{trace, VariantStep};
use autosudoku_core::variant::{Grid, Puzzle};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What a replay tells and heeds: the observer, the Ctrl-C flag, and who hears the estimate.
pub type Watch<'a> = (
    &'a mut dyn Observer,
    &'a AtomicBool,
    &'a mut dyn FnMut(&Estimate),
);

/// A replay on a board of another side: its steps and the fill that checked the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizedReplay {
    pub steps: u64,
    pub placements: u64,
    pub removals: u64,
    pub fill: SizedFill,
}

impl PhoneAgent<'_> {
    /// Replays the search on the board of another side on screen, from where a stopped replay
    /// left it; `None` when the screen shows none (a 9x9 board is the classic replay's).
    pub fn replay_sized(
        &mut self,
        opts: &ReplayOptions,
        watch: Watch<'_>,
    ) -> Option<Result<SizedReplay, PlayError>> {
        let shot = match self.capture() {
            Ok(shot) => shot,
            Err(e) => return Some(Err(e)),
        };
        let mut reader = SizedReader::default();
        let read = reader.read(&shot.image).filter(|r| r.side() != 9)?;
        Some(self.replay_read(&mut reader, read, &shot.image, opts, watch))
    }

    fn replay_read(
        &mut self,
        reader: &mut SizedReader,
        first: SizedRead,
        img: &image::RgbaImage,
        opts: &ReplayOptions,
        (observer, stop, on_estimate): Watch<'_>,
    ) -> Result<SizedReplay, PlayError> {
        let (puzzle, solution) = puzzle(&first)?;
        let all = steps(&first, &puzzle, opts)?;
        let shown = first.board();
        let (puzzle, all, done) = match on_trace(&puzzle, &shown, &all) {
            Some(at) => (puzzle, all, at),
            // Digits the trace never shows (the user's own): replayed from as they stand.
            None => (shown.clone(), steps(&first, &shown, opts)?, 0),
        };
        let left = &all[done..];
        check_mistakes(&first, &solution, left, opts)?;
        let erase = self.erase(img, &first);
        let strokes = strokes(&first, left, erase)?;
        let per_batch = opts.steps_per_batch.max(1) * 2;
        let batches = strokes.len().div_ceil(per_batch) as u64;
        let (count, inputs) = (left.len() as u64, strokes.len() as u64);
        on_estimate(&estimate(count, inputs, batches, opts.pace, opts.delay));
        if done > 0 {
            observer.note(&format!(
                "resumed the replay after step {done} of {} (the board on screen)",
                all.len()
            ));
        }
        let total = all.len() as u64;
        observer.start_grid(&puzzle, &solution, total);
        self.send_batches(&strokes, per_batch, (observer, stop), done as u64)?;
        let shot = self.capture()?;
        let side = first.side();
        let fill = match reader.read(&shot.image).filter(|r| r.side() == side) {
            Some(read) if read.doubt().is_none() => {
                self.fill_read(reader, read, &solution, observer)?
            }
            _ => SizedFill {
                won: self.solved_or_gone(side, &shot.image)?,
                side,
                cells: 0,
                taps: 0,
            },
        };
        observer.sent_taps(0, fill.taps as u64, total);
        let removals = left
            .iter()
            .filter(|s| matches!(s, Step::Remove { .. }))
            .count() as u64;
        Ok(SizedReplay {
            steps: count,
            placements: count - removals,
            removals,
            fill,
        })
    }

    /// Sends `strokes` (two a step) `per_batch` at a time, telling `observer` the steps done
    /// after the `done` already on screen; Ctrl-C stops it between batches.
    fn send_batches(
        &mut self,
        strokes: &[Stroke],
        per_batch: usize,
        (observer, stop): (&mut dyn Observer, &AtomicBool),
        mut done: u64,
    ) -> Result<(), PlayError> {
        for batch in strokes.chunks(per_batch) {
            if stop.load(Ordering::SeqCst) {
                return Err(PlayError::Interrupted);
            }
            let map = self.phone.screen_map();
            self.times.taps += batch.len() as u64;
            self.times.batches += 1;
            let start = Instant::now();
            let sent = self.phone.input().strokes(&map, batch);
            observer.phase(Phase::Input, start.elapsed());
            if let Err(e) = sent {
                self.recover(e)?;
            }
            // Two strokes a step: the cell, then its key or the erase.
            let steps = batch.len() as u64 / 2;
            done += steps;
            observer.sent_taps(steps, batch.len() as u64, done);
        }
        Ok(())
    }

    /// How the app erases the selected cell: its erase button beside the board, else DEL.
    fn erase(&mut self, img: &image::RgbaImage, read: &SizedRead) -> Stroke {
        let buttons = self.reader.buttons_beside(img, read.grid.bounds());
        buttons
            .iter()
            .find(|b| b.kind == ButtonKind::Erase)
            .map_or(Stroke::Key(Key::DEL), |b| Stroke::Tap(b.rect.center()))
    }
}

/// The search's steps from `puzzle` (by the read's boxes), unless it runs past `--max-steps`.
fn steps(
    read: &SizedRead,
    puzzle: &Grid,
    opts: &ReplayOptions,
) -> Result<Vec<VariantStep>, PlayError> {
    let layout = read
        .layout()
        .expect("a board with one answer has its boxes");
    let puzzle = Puzzle::new(layout, puzzle.clone());
    let max = opts
        .max_steps
        .unwrap_or_else(|| default_max_steps(opts.pace, 2.0, opts.delay));
    let mut steps = Vec::new();
    let report = trace(&puzzle, opts.strategy, Some(max), |s| {
        steps.push(s);
        ControlFlow::Continue(())
    });
    if let Outcome::GaveUp { steps: made } = report.outcome {
        return Err(PlayError::TooLong {
            strategy: opts.strategy,
            steps: made,
            at_least: true,
            max,
            estimate: estimate(made, made * 2, 0, opts.pace, opts.delay).duration,
        });
    }
    Ok(steps)
}

/// Refuses `steps` that enter wrong digits an app that counts mistakes would hold against it.
fn check_mistakes(
    read: &SizedRead,
    solution: &Grid,
    steps: &[VariantStep],
    opts: &ReplayOptions,
) -> Result<(), PlayError> {
    let wrong = steps
        .iter()
        .filter(|s| matches!(s, Step::Place { cell, digit } if solution.get(*cell) != Some(*digit)))
        .count() as u64;
    match opts.fill.mistake_limit {
        Known::Stated(Some(limit)) if wrong >= u64::from(limit) => {
            Err(PlayError::MistakeLimit { wrong, limit })
        }
        Known::Learn if wrong > 0 => Err(SizedError::MistakesUnknown {
            side: read.side(),
            wrong,
        }
        .into()),
        _ => Ok(()),
    }
}

/// The strokes that play `steps`: a cell, then its symbol's key or the erase.
fn strokes(
    read: &SizedRead,
    steps: &[VariantStep],
    erase: Stroke,
) -> Result<Vec<Stroke>, SizedError> {
    let side = read.side();
    let mut out = Vec::with_capacity(steps.len() * 2);
    for step in steps {
        let (cell, then) = match *step {
            Step::Place { cell, digit } => {
                let key = read.key(digit).ok_or_else(|| SizedError::NoKey {
                    side,
                    missing: digit.to_char().to_string(),
                })?;
                (cell, Stroke::Tap(key.center()))
            }
            Step::Remove { cell } => (cell, erase),
        };
        let rect = read
            .grid
            .cell_rect(usize::from(cell.row), usize::from(cell.col));
        out.extend([Stroke::Tap(rect.center()), then]);
    }
    Ok(out)
}
