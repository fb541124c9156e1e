//! What the recorder draws over frames, with when it became true on the phone: the step label as
//! each move's last input was confirmed (`StepLabel`, set by the player's report) and every tap
//! with when the phone confirmed it. A frame gets the label and the markers of the moves it
//! shows: a tap is drawn with the move it belongs to, once that move is complete (the select tap
//! of a cell-first move lands a frame before its digit), never by when a batch was logged.

use super::Tap;
use crate::device::Point;
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
pub struct StepLabel(Arc<Mutex<Vec<(Instant, String)>>>);

impl StepLabel {
    /// From `at` on the label reads `text` (a repeat of the last text changes nothing; a time
    /// before the last change's counts as that time, so the changes stay in order).
    pub fn set(&self, at: Instant, text: String) {
        if let Ok(mut changes) = self.0.lock() {
            match changes.last() {
                Some((_, last)) if *last == text => {}
                Some(&(then, _)) => changes.push((at.max(then), text)),
                None => changes.push((at, text)),
            }
        }
    }

    /// Every change so far, oldest first.
    pub fn changes(&self) -> Vec<(Instant, String)> {
        self.0.lock().map(|c| c.clone()).unwrap_or_default()
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

/// The label changes and taps of a run, to place on frames by their capture time.
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

    /// When a tap confirmed at `at` is drawn: with the move it belongs to, whose label change
    /// comes at or after it (when its last input was confirmed); a tap no move followed keeps
    /// its own time.
    fn drawn_at(&self, at: Instant) -> Instant {
        self.labels
            .iter()
            .map(|(t, _)| *t)
            .find(|t| *t >= at)
            .unwrap_or(at)
    }

    /// The taps to mark on a frame captured at `frame` whose previous frame was captured at
    /// `before` (none: every tap so far).
    pub fn taps_between(&self, before: Option<Instant>, frame: Instant) -> Vec<Point> {
        let (after, upto) = (before.map(seen_by), seen_by(frame));
        self.taps
            .iter()
            .filter(|tap| {
                let at = self.drawn_at(tap.at);
                at <= upto && after.is_none_or(|a| at > a)
            })
            .map(|tap| tap.point)
            .collect()
    }

    /// The label of a frame captured at `frame`: the last one set by what it can show.
    pub fn label_at(&self, frame: Instant) -> &str {
        let upto = seen_by(frame);
        self.labels
            .iter()
            .rev()
            .find(|(t, _)| *t <= upto)
            .map_or("", |(_, l)| l.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_moves_taps_and_label_come_on_the_first_frame_that_can_show_it() {
        let start = Instant::now();
        let t = two_moves(start);
        let at = |n| start + Duration::from_millis(n);
        // 130 ms: the first move was confirmed 10 ms before, too close to be on screen.
        assert_eq!(t.label_at(at(130)), "steps 0/2");
        assert!(t.taps_between(None, at(130)).is_empty());
        // 155 ms: the first move is shown, with both its taps; the second's select tap is not.
        assert_eq!(t.label_at(at(155)), "steps 1/2");
        assert_eq!(
            t.taps_between(Some(at(130)), at(155)),
            [Point::new(1, 1), Point::new(9, 9)]
        );
        assert_eq!(t.label_at(at(200)), "steps 2/2");
        assert_eq!(
            t.taps_between(Some(at(155)), at(200)),
            [Point::new(2, 2), Point::new(9, 9)]
        );
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
    fn a_label_is_kept_once_per_change() {
        let label = StepLabel::default();
        let now = Instant::now();
        label.set(now, "steps 0/3".into());
        label.set(now, "steps 0/3".into());
        label.set(now, "steps 1/3".into());
        assert_eq!(label.changes().len(), 2);
    }
}
