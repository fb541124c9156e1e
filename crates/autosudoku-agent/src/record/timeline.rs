//! What the recorder draws over frames, with when it became true on the phone: the step label as
//! each move's last input was confirmed (`StepLabel`, set by the player's report) and every tap
//! with when the phone confirmed it. A frame gets the label and the markers of the moves it
//! shows (`credit`): a tap is drawn with the move it belongs to, once that move shows (the select
//! tap of a cell-first move lands a frame before its digit), never by when a batch was logged.
//! `StepLabel` also says whether a batch is on its way whose moves are not told yet, so a frame
//! captured meanwhile can wait for them.

use super::Tap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long after the phone confirmed an input its effect is on screen at the earliest: the app
/// handles it at the next vsync and draws it, SurfaceFlinger composes that buffer a vsync later
/// (AOSP Choreographer, SurfaceFlinger), two frames at 60 Hz. A frame is not credited with a move
/// confirmed this close before it, so a label errs behind its board rather than ahead.
pub const SHOWN_AFTER: Duration = Duration::from_micros(33_334);

/// The latest confirmation a frame captured at `frame` can show.
pub fn seen_by(frame: Instant) -> Instant {
    frame.checked_sub(SHOWN_AFTER).unwrap_or(frame)
}

/// The step label ("steps 12/43") over a run, each text with when it became true; shared by the
/// player, who sets it as the phone confirms moves, and the recorder, who draws it.
#[derive(Debug, Clone, Default)]
pub struct StepLabel(Arc<Mutex<Labels>>);

#[derive(Debug, Default)]
struct Labels {
    changes: Vec<(Instant, String)>,
    /// When the first input went out whose move is not labelled yet.
    untold: Option<Instant>,
}

impl StepLabel {
    /// From `at` on the label reads `text` (a repeat of the last text changes nothing; a time
    /// before the last change's counts as that time, so the changes stay in order).
    pub fn set(&self, at: Instant, text: String) {
        if let Ok(mut labels) = self.0.lock() {
            let changes = &mut labels.changes;
            match changes.last() {
                Some((_, last)) if *last == text => {}
                Some(&(then, _)) => changes.push((at.max(then), text)),
                None => changes.push((at, text)),
            }
        }
    }

    /// Every change so far, oldest first.
    pub fn changes(&self) -> Vec<(Instant, String)> {
        self.0.lock().map(|l| l.changes.clone()).unwrap_or_default()
    }

    /// Inputs go to the phone from `at` on whose moves will be labelled later (by `told`).
    pub fn sending(&self, at: Instant) {
        if let Ok(mut labels) = self.0.lock() {
            labels.untold.get_or_insert(at);
        }
    }

    /// Every move sent so far is labelled.
    pub fn told(&self) {
        if let Ok(mut labels) = self.0.lock() {
            labels.untold = None;
        }
    }

    /// When the first input went out whose move is not labelled yet (none: all are). Read it
    /// before the changes and the taps: what was told by then is in them.
    pub fn untold_since(&self) -> Option<Instant> {
        self.0.lock().ok().and_then(|l| l.untold)
    }
}

/// Taps sent, each with when the phone confirmed it, shared between the agent and the recorder.
pub type Taps = Arc<Mutex<Vec<Tap>>>;

/// One move: when its last input was confirmed, the label after it, and its taps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moved {
    pub at: Instant,
    pub label: String,
    pub taps: Vec<Tap>,
}

/// The label changes and taps of a run, grouped into moves for `credit`.
#[derive(Debug, Default)]
pub struct Timeline {
    taps: Vec<Tap>,
    labels: Vec<(Instant, String)>,
}

impl Timeline {
    pub fn new(taps: Vec<Tap>, labels: Vec<(Instant, String)>) -> Timeline {
        Timeline { taps, labels }
    }

    /// The label before the first move, the moves in order (every later label change ends one,
    /// with the taps drawn with it), and the taps of no move (sent after the last change).
    pub fn moves(&self) -> (String, Vec<Moved>, Vec<Tap>) {
        let mut changes = self.labels.iter();
        let first = changes.next().map(|(_, l)| l.clone()).unwrap_or_default();
        let mut moves: Vec<Moved> = changes
            .map(|(at, label)| Moved {
                at: *at,
                label: label.clone(),
                taps: Vec::new(),
            })
            .collect();
        let mut loose = Vec::new();
        for tap in &self.taps {
            match moves.iter_mut().find(|m| m.at >= tap.at) {
                Some(m) => m.taps.push(*tap),
                None => loose.push(*tap),
            }
        }
        (first, moves, loose)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::Point;

    /// Two cell-first moves: each a select tap then a digit tap, the label set when the digit
    /// tap was confirmed.
    fn two_moves(start: Instant) -> Timeline {
        let ms = |n| start + Duration::from_millis(n);
        let tap = |n, x, on_cell| Tap {
            at: ms(n),
            point: Point::new(x, x),
            on_cell,
        };
        Timeline::new(
            vec![
                tap(100, 1, true),
                tap(120, 9, false),
                tap(140, 2, true),
                tap(160, 9, false),
            ],
            vec![
                (ms(0), "steps 0/2".into()),
                (ms(120), "steps 1/2".into()),
                (ms(160), "steps 2/2".into()),
            ],
        )
    }

    #[test]
    fn each_move_gets_its_taps() {
        let (first, moves, loose) = two_moves(Instant::now()).moves();
        assert_eq!(first, "steps 0/2");
        assert_eq!(moves.len(), 2);
        assert_eq!(moves[0].label, "steps 1/2");
        let cells: Vec<bool> = moves[1].taps.iter().map(|t| t.on_cell).collect();
        assert_eq!(cells, [true, false]);
        assert!(loose.is_empty());
    }

    #[test]
    fn moves_sent_are_untold_until_the_player_labels_them() {
        let label = StepLabel::default();
        let now = Instant::now();
        label.sending(now);
        label.sending(now + Duration::from_millis(5));
        assert_eq!(label.untold_since(), Some(now));
        label.told();
        assert_eq!(label.untold_since(), None);
    }

    #[test]
    fn a_label_is_kept_once_per_change() {
        let label = StepLabel::default();
        let now = Instant::now();
        label.set(now, "steps 0/3".into());
        label.set(now, "steps 0/3".into());
        label.set(now, "steps 1/3".into());
        assert_eq!(label.changes().len(), 2);
    }
}
