//! timer-moves as pure functions of the game timer's reads: whether the reads can be trusted
//! (`doubt`), and, when they can, whether the timer moved (`moves`). A timer is read by OCR, and
//! a misread one must skip the check, not blame the app.

use super::checks::{Failure, Verdict};
use std::time::Duration;

/// Slack for reads a whole displayed second apart and for a capture made before it was timed.
const SLACK: Duration = Duration::from_secs(2);

/// The game timer read twice at the start of a game, `gap` apart in real time (the second
/// `None` when that look showed no timer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Start {
    pub first: Duration,
    pub second: Option<Duration>,
    pub gap: Duration,
}

/// Why the reads cannot be judged, when one of them must be a misread: the two reads at the
/// start disagree (the second earlier than the first, or further on than the time between them),
/// or the timer read later is below the start (a timer does not run backwards within a game).
pub fn doubt(start: &Start, later: Duration) -> Option<String> {
    let first = clock(start.first);
    let Some(second) = start.second else {
        return Some(format!(
            "the timer read {first} at the start and could not be read again: not judged"
        ));
    };
    if second < start.first || second > start.first + start.gap + SLACK {
        return Some(format!(
            "the timer read {first} at the start and {} {:.1} s later: one is a misread, not judged",
            clock(second),
            start.gap.as_secs_f64()
        ));
    }
    (later < start.first).then(|| {
        format!(
            "the timer read {first} at the start and {} at the end: a timer does not run backwards, \
             so one is a misread, not judged",
            clock(later)
        )
    })
}

/// The timer read at the start and later, `wall` apart in real time: it must have moved.
pub fn moves(start: Duration, later: Duration, wall: Duration) -> Verdict {
    if later > start {
        Ok(())
    } else {
        Err(Failure::at(
            Vec::new(),
            format!(
                "the timer showed {} at the start and {} {:.1} s later",
                clock(start),
                clock(later),
                wall.as_secs_f64()
            ),
        ))
    }
}

/// `m:ss` as game timers show it.
pub fn clock(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn s(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    fn start(first: u64, second: Option<u64>, gap: u64) -> Start {
        Start {
            first: s(first),
            second: second.map(s),
            gap: s(gap),
        }
    }

    #[test]
    fn a_stopped_timer_read_consistently_fails_and_a_moving_one_passes() {
        assert_eq!(doubt(&start(65, Some(66), 1), s(65)), None);
        assert!(moves(s(65), s(65), s(2))
            .unwrap_err()
            .message
            .contains("1:05"));
        assert_eq!(moves(s(3), s(5), s(2)), Ok(()));
    }

    #[test]
    fn a_misread_timer_at_the_start_is_doubted_not_blamed() {
        // Measured on the keys skin: "00:00" read as 60:00, then 0:03 2.8 s later.
        let why = doubt(&start(3600, Some(1), 1), s(3)).unwrap();
        assert!(why.contains("60:00") && why.contains("misread"), "{why}");
        assert!(doubt(&start(0, Some(100), 1), s(101)).is_some());
        assert!(doubt(&start(0, None, 1), s(5)).is_some());
    }

    #[test]
    fn a_timer_read_below_its_start_is_doubted() {
        let why = doubt(&start(3600, Some(3601), 1), s(3)).unwrap();
        assert!(why.contains("backwards"), "{why}");
    }
}
