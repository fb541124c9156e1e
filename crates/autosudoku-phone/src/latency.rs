//! The timing model: how long a real phone takes for what the virtual one is asked, simulated by
//! sleeping (never by burning CPU). `none` answers at once, for fast tests.
//!
//! Sources of the figures (published measurements of real phones):
//! - `input` is a Java program: every call starts a JVM through app_process, reported at 300-1000 ms
//!   on Android <= 11 (many "adb shell input tap is slow" reports, e.g. scrcpy issue discussions and
//!   Stack Overflow "Android adb input tap speed"); from Android 12 `input` is a shell wrapper over
//!   `cmd input`, which talks to the already running system_server: tens of ms.
//! - `exec-out screencap -p` on a 1440x3120 phone: ~2.1 s median; raw `screencap`: ~0.7 s for the
//!   same 17.5 MB (figures in shared/GUIDE.md). PNG cost grows with pixels: about 3x raw.
//! - The Monkey is also an app_process JVM: one start, then each network command a few ms
//!   (AOSP development/cmds/monkey/README.NETWORK.txt describes the long-lived server).
//! - Apps consume input at the next vsync: 60 Hz, 16.7 ms frames.
//! - `screenrecord --output-format=frames` reads each frame back from GL as RGBA and reduces it to
//!   RGB on the CPU (AOSP FrameOutput::copyFrame), a few ms, then blocks on the pipe while adb
//!   carries it: USB 2 adb moves about 33 MB/s.

use crate::android::AndroidVersion;
use std::time::{Duration, Instant};

/// Whether simulated costs are paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Latency {
    /// Everything answers immediately (tests).
    None,
    /// Costs as measured on real phones (demos, benchmarks).
    Realistic,
}

/// Something that costs time on a phone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cost {
    /// Starting the `input` command (JVM on <= 11, `cmd` wrapper from 12).
    InputProcess,
    /// A raw `screencap` of this many pixels.
    ScreencapRaw { pixels: u64 },
    /// `screencap -p` of this many pixels (capture plus PNG encoding).
    ScreencapPng { pixels: u64 },
    /// Starting the Monkey (one JVM).
    MonkeyStart,
    /// One Monkey command once it runs.
    MonkeyCommand,
    /// Any small native command (toybox, getprop, wm through cmd, sendevent): fork and exec.
    NativeProcess,
    /// One `screenrecord` raw frame of this many bytes: read back, reduced to RGB, sent over adb.
    StreamFrame { bytes: u64 },
}

/// 60 Hz display refresh.
pub const FRAME: Duration = Duration::from_nanos(16_666_667);

/// The model for one phone.
#[derive(Debug, Clone, Copy)]
pub struct Timing {
    pub latency: Latency,
    pub android: AndroidVersion,
}

impl Timing {
    /// The simulated cost of `cost` (zero when latency is off).
    pub fn cost(&self, cost: Cost) -> Duration {
        if self.latency == Latency::None {
            return Duration::ZERO;
        }
        let ms = |m: u64| Duration::from_millis(m);
        match cost {
            Cost::InputProcess if self.android <= AndroidVersion::V11 => ms(450),
            Cost::InputProcess => ms(40),
            // 0.7 s for 1440x3120 = 4.49 Mpx: ~150 ns per pixel plus ~30 ms process start.
            Cost::ScreencapRaw { pixels } => ms(30) + Duration::from_nanos(pixels * 150),
            // 2.1 s for the same screen: ~460 ns per pixel.
            Cost::ScreencapPng { pixels } => ms(30) + Duration::from_nanos(pixels * 460),
            Cost::MonkeyStart => ms(600),
            Cost::MonkeyCommand => ms(4),
            Cost::NativeProcess => ms(8),
            // ~5 ms read-back and reduction plus ~30 ns per byte (33 MB/s): 1080x2400 ≈ 240 ms.
            Cost::StreamFrame { bytes } => ms(5) + Duration::from_nanos(bytes * 30),
        }
    }

    /// Sleeps for the cost and returns it (for the trace).
    pub fn pay(&self, cost: Cost) -> Duration {
        let d = self.cost(cost);
        if !d.is_zero() {
            std::thread::sleep(d);
        }
        d
    }

    /// Sleeps until the cost has passed since `started`, and returns it: for a cost that covers
    /// work the simulator does itself (rendering the display, shrinking or encoding it), so its
    /// own CPU time, which grows with the host's load, is not added to what a phone would take.
    pub fn pay_since(&self, cost: Cost, started: Instant) -> Duration {
        let d = self.cost(cost);
        let left = d.saturating_sub(started.elapsed());
        if !left.is_zero() {
            std::thread::sleep(left);
        }
        d
    }

    /// How long from `now` (phone clock) until the app sees input: the next 60 Hz frame.
    pub fn until_next_frame(&self, now: Duration) -> Duration {
        if self.latency == Latency::None {
            return Duration::ZERO;
        }
        let into = now.as_nanos() % FRAME.as_nanos();
        FRAME - Duration::from_nanos(into as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_is_a_jvm_start_only_up_to_android_11() {
        let old = Timing {
            latency: Latency::Realistic,
            android: AndroidVersion::V11,
        };
        let new = Timing {
            latency: Latency::Realistic,
            android: AndroidVersion::V13,
        };
        assert!(old.cost(Cost::InputProcess) >= Duration::from_millis(300));
        assert!(new.cost(Cost::InputProcess) < Duration::from_millis(100));
        let px = 1440 * 3120;
        let raw = new.cost(Cost::ScreencapRaw { pixels: px });
        let png = new.cost(Cost::ScreencapPng { pixels: px });
        assert!(
            raw > Duration::from_millis(500) && raw < Duration::from_millis(900),
            "{raw:?}"
        );
        assert!(png > raw * 2, "{png:?} vs {raw:?}");
        let none = Timing {
            latency: Latency::None,
            android: AndroidVersion::V11,
        };
        assert_eq!(none.cost(Cost::InputProcess), Duration::ZERO);
        assert_eq!(
            none.cost(Cost::StreamFrame { bytes: 1 << 20 }),
            Duration::ZERO
        );
        assert!(new.until_next_frame(Duration::from_millis(5)) <= FRAME);
    }

    #[test]
    fn work_the_simulator_did_inside_a_cost_is_not_paid_again() {
        let timing = Timing {
            latency: Latency::Realistic,
            android: AndroidVersion::V14,
        };
        let cost = Cost::StreamFrame {
            bytes: 270 * 600 * 3,
        };
        let started = Instant::now();
        timing.pay_since(cost, started);
        assert!(started.elapsed() >= timing.cost(cost));
        // Rendering that took longer than the cost leaves nothing to pay.
        let call = Instant::now();
        timing.pay_since(cost, call - Duration::from_secs(1));
        assert!(call.elapsed() < Duration::from_millis(100));
    }

    #[test]
    fn a_streamed_frame_costs_its_read_back_and_its_bytes_over_usb() {
        let timing = Timing {
            latency: Latency::Realistic,
            android: AndroidVersion::V14,
        };
        let ms = |m: u64| Duration::from_millis(m);
        // A quarter-width 270x600 frame (486 kB) and a whole 1080x2400 one (7.8 MB).
        let quarter = timing.cost(Cost::StreamFrame {
            bytes: 270 * 600 * 3,
        });
        assert!(quarter > ms(15) && quarter < ms(25), "{quarter:?}");
        let full = timing.cost(Cost::StreamFrame {
            bytes: 1080 * 2400 * 3,
        });
        assert!(full > ms(200) && full < ms(300), "{full:?}");
    }
}
