//! How long a run will take, before it starts: steps and inputs counted exactly by a dry run of the
//! planner, times the tap rate measured on this phone. Also the `--max-steps` default, chosen so a
//! replay demo stays under about five minutes at that rate.

use serde::Serialize;
use std::fmt;
use std::time::Duration;

/// What one input costs on this phone with the chosen backend.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pace {
    /// Per tap or key inside a batch (the app handles one input a frame: 16.7 ms at 60 Hz).
    pub per_action: Duration,
    /// Per batch sent (one round trip to the phone and back).
    pub per_batch: Duration,
}

impl Pace {
    /// One 60 Hz frame: an app reacts to a tap at its next frame, so no backend beats this.
    pub const FRAME: Duration = Duration::from_micros(16_667);

    /// Pace from a measured batch: `actions` inputs took `elapsed` including one round trip `rtt`.
    pub fn measured(actions: usize, elapsed: Duration, rtt: Duration) -> Pace {
        let per_action = if actions == 0 {
            Pace::FRAME
        } else {
            elapsed.saturating_sub(rtt) / actions as u32
        };
        Pace {
            per_action: per_action.max(Duration::from_micros(100)),
            per_batch: rtt,
        }
    }

    /// Inputs per second this pace allows for long batches.
    pub fn actions_per_second(&self) -> f64 {
        1.0 / self.per_action.as_secs_f64()
    }
}

/// The physical limit of a game: its inputs at one per 60 Hz frame (an app handles at most one
/// input a frame), plus one capture to read the board and one to confirm the end, each taking
/// `capture`. Time above it is a capture waiting for input or input waiting for a capture.
pub fn physical_limit(inputs: u64, capture: Duration) -> Duration {
    Pace::FRAME.saturating_mul(inputs.min(u32::MAX as u64) as u32) + capture.saturating_mul(2)
}

/// A run's expected size and length.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Estimate {
    pub steps: u64,
    pub actions: u64,
    #[serde(serialize_with = "as_secs")]
    pub duration: Duration,
}

fn as_secs<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

/// Time for `steps` steps sending `actions` inputs in `batches` batches, with `delay` after every step.
pub fn estimate(steps: u64, actions: u64, batches: u64, pace: Pace, delay: Duration) -> Estimate {
    let duration = pace
        .per_action
        .saturating_mul(actions.min(u32::MAX as u64) as u32)
        + pace
            .per_batch
            .saturating_mul(batches.min(u32::MAX as u64) as u32)
        + delay.saturating_mul(steps.min(u32::MAX as u64) as u32);
    Estimate {
        steps,
        actions,
        duration,
    }
}

/// A replay demo should end while the audience still watches.
pub const DEMO_BUDGET: Duration = Duration::from_secs(300);

/// The `--max-steps` default: as many steps as fit in [`DEMO_BUDGET`] when a step costs
/// `actions_per_step` inputs at `pace` plus `delay`. Never below 100 so tiny paces still replay.
pub fn default_max_steps(pace: Pace, actions_per_step: f64, delay: Duration) -> u64 {
    let per_step = pace.per_action.as_secs_f64() * actions_per_step + delay.as_secs_f64();
    if per_step <= 0.0 {
        return u64::MAX;
    }
    ((DEMO_BUDGET.as_secs_f64() / per_step) as u64).max(100)
}

/// Durations the way people read them: "850 ms", "12.4 s", "3 min 05 s".
pub struct Human(pub Duration);

impl fmt::Display for Human {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.0.as_secs_f64();
        if secs < 1.0 {
            write!(f, "{} ms", self.0.as_millis())
        } else if secs < 60.0 {
            write!(f, "{secs:.1} s")
        } else {
            let whole = self.0.as_secs();
            write!(f, "{} min {:02} s", whole / 60, whole % 60)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measured_pace_takes_the_round_trip_out() {
        let p = Pace::measured(10, Duration::from_millis(250), Duration::from_millis(50));
        assert_eq!(p.per_action, Duration::from_millis(20));
        assert_eq!(p.per_batch, Duration::from_millis(50));
        assert!((p.actions_per_second() - 50.0).abs() < 1e-9);
        assert_eq!(
            Pace::measured(0, Duration::ZERO, Duration::ZERO).per_action,
            Pace::FRAME
        );
    }

    #[test]
    fn estimate_adds_inputs_round_trips_and_delays() {
        let pace = Pace {
            per_action: Duration::from_millis(20),
            per_batch: Duration::from_millis(100),
        };
        let e = estimate(50, 120, 3, pace, Duration::from_millis(10));
        assert_eq!(e.duration, Duration::from_millis(2400 + 300 + 500));
        assert_eq!(e.steps, 50);
    }

    #[test]
    fn default_max_steps_fits_the_budget() {
        let pace = Pace {
            per_action: Pace::FRAME,
            per_batch: Duration::ZERO,
        };
        let n = default_max_steps(pace, 1.5, Duration::ZERO);
        // 300 s / 25 ms = 12000 steps.
        assert!((11_900..=12_000).contains(&n), "{n}");
        let slow = default_max_steps(pace, 1.5, Duration::from_millis(500));
        assert!(slow < 600, "{slow}");
        let glacial = default_max_steps(pace, 1.0, Duration::from_secs(60));
        assert_eq!(glacial, 100);
    }

    #[test]
    fn physical_limit_of_115_inputs_and_two_captures_of_430_ms_is_about_2_8_s() {
        let limit = physical_limit(115, Duration::from_millis(430));
        assert!((limit.as_secs_f64() - 2.777).abs() < 0.01, "{limit:?}");
        assert_eq!(physical_limit(0, Duration::ZERO), Duration::ZERO);
    }

    #[test]
    fn human_durations() {
        assert_eq!(Human(Duration::from_millis(850)).to_string(), "850 ms");
        assert_eq!(Human(Duration::from_millis(12_440)).to_string(), "12.4 s");
        assert_eq!(Human(Duration::from_secs(185)).to_string(), "3 min 05 s");
    }
}
