//! The replay's eyes: a capture always runs behind the batches it sends, and each frame is judged
//! before the next batch goes out, at the latest after about a second of input. A game over, a
//! dialog, another app or a selection that is not where the steps put it is then seen within a
//! batch or two, instead of at the end of a trace that may be a thousand steps long (half a minute
//! of taps on a real phone, all of them on whatever covers the game).
//!
//! A frame taken while a batch goes out shows some moment of it, so the selection it shows may be
//! the cell of any move sent since the glance began, or of the move before (the app may not have
//! drawn it yet). One outside that set is looked at again, after the sends, before it counts.

use crate::play::moves::Move;
use crate::play::run::Run;
use crate::play::view::{Agent, GameView, GlanceFor, Phase, Screen};
use crate::play::PlayError;
use autosudoku_core::sudoku::Cell;
use std::time::{Duration, Instant};

/// A glance is waited for once this much input went out since it began: the stop comes within
/// about a second of input, whatever the capture costs.
const MOST_UNSEEN: Duration = Duration::from_secs(1);

/// What a judged frame means for the rest of the trace.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Seen {
    /// The game as the steps left it: go on.
    OnTrack,
    /// The board left the trace (a tap was lost, a dialog took taps) or the app shows it solved:
    /// stop streaming; the fill's rounds look again and repair from the board as it stands.
    OffTrack,
}

/// The glance in flight and what its frame may show.
#[derive(Debug)]
pub(super) struct Watch {
    /// When the glance in flight began.
    since: Option<Instant>,
    /// Moves sent since it began; at `most_moves` the glance is waited for.
    moves: usize,
    most_moves: usize,
    /// Cells the selection may be on in its frame.
    cells: Vec<Cell>,
    /// The cell of the last move sent.
    last: Option<Cell>,
    /// Whether selections are checked (the style leaves the selection on each move's cell).
    selection: bool,
}

impl Watch {
    /// `most_moves`: moves after which a glance is waited for even within the second;
    /// `selection`: whether every move leaves the app's selection on its cell.
    pub fn new(most_moves: usize, selection: bool) -> Watch {
        Watch {
            since: None,
            moves: 0,
            most_moves: most_moves.max(1),
            cells: Vec::new(),
            last: None,
            selection,
        }
    }

    /// Before a batch: judges the glance in flight when its frame is there or overdue, then starts
    /// the next one so it runs behind this batch.
    pub fn before<A: Agent>(&mut self, run: &mut Run<'_, A>) -> Result<Seen, PlayError> {
        if let Some(since) = self.since {
            let due = self.moves >= self.most_moves || since.elapsed() >= MOST_UNSEEN;
            if !due && !run.agent.glance_ready() {
                return Ok(Seen::OnTrack);
            }
            if self.judge(run)? == Seen::OffTrack {
                return Ok(Seen::OffTrack);
            }
        }
        run.agent.glance_start(GlanceFor::Screen);
        self.since = Some(Instant::now());
        self.moves = 0;
        self.cells = self.last.into_iter().collect();
        Ok(Seen::OnTrack)
    }

    /// The moves of a batch went out.
    pub fn sent(&mut self, moves: &[Move]) {
        self.moves += moves.len();
        self.cells.extend(moves.iter().map(|m| m.cell));
        self.last = moves.last().map(|m| m.cell).or(self.last);
    }

    /// After the last batch: the glance in flight is judged, so a game over late in the trace is
    /// told as such.
    pub fn end<A: Agent>(&mut self, run: &mut Run<'_, A>) -> Result<Seen, PlayError> {
        match self.since {
            Some(_) => self.judge(run),
            None => Ok(Seen::OnTrack),
        }
    }

    /// Judges the glance's frame: a stop for what ends or covers the game, off the trace for a
    /// selection the steps did not make (looked at again first) or a solved app.
    fn judge<A: Agent>(&mut self, run: &mut Run<'_, A>) -> Result<Seen, PlayError> {
        self.since = None;
        let screen = run.timed(Phase::Verify, |r| r.agent.glance_screen());
        match screen {
            Some(Screen::Game(view)) => self.check_selection(run, &view),
            Some(Screen::GameOver) => Err(PlayError::GameOver),
            Some(Screen::Elsewhere { place, artifact }) => {
                Err(PlayError::Elsewhere { place, artifact })
            }
            Some(Screen::Solved) => Ok(Seen::OffTrack),
            Some(Screen::Dialog { dialog, .. }) => {
                run.observer
                    .note(&format!("a dialog came up during the replay: {dialog}"));
                Ok(Seen::OffTrack)
            }
            Some(Screen::Uncertain { doubt, .. }) => {
                // A frame mid-redraw; the next glance or the final look decides.
                tracing::info!("a glance during the replay was not certain: {doubt}");
                Ok(Seen::OnTrack)
            }
            None => Ok(Seen::OnTrack),
        }
    }

    /// A selection outside the cells of the moves the frame may show is looked at again after the
    /// sends: still not on the last move's cell, a tap was lost and the board left the trace.
    fn check_selection<A: Agent>(
        &self,
        run: &mut Run<'_, A>,
        view: &GameView,
    ) -> Result<Seen, PlayError> {
        let Some(cell) = view.highlight.cell.filter(|_| self.selection) else {
            return Ok(Seen::OnTrack);
        };
        if self.cells.contains(&cell) {
            return Ok(Seen::OnTrack);
        }
        let Some(now) = run.game(Phase::Verify)? else {
            return Ok(Seen::OffTrack);
        };
        match now.highlight.cell {
            Some(c) if Some(c) != self.last => {
                run.observer.note(&format!(
                    "the selection is on {c}, not on {}: a tap was lost, so the replay stops \
                     following the trace and the rest is filled",
                    self.last.map(|l| l.to_string()).unwrap_or_default()
                ));
                Ok(Seen::OffTrack)
            }
            _ => Ok(Seen::OnTrack),
        }
    }
}
