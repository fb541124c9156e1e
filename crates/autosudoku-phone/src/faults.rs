//! Injected faults for tests of the agent's robustness: dropped taps, dropped key presses (digit
//! keys, DEL, the D-pad), a connection closed after N commands or every connection cut after N
//! inputs (and the phone then offline for a while, as a pulled cable or a restarting adbd is),
//! slow answers, the user pressing Home after N taps, a command the phone's ROM lacks, a ROM
//! whose linker warns as every program starts, a screen that is off or locked, an app that
//! protects its window from capture, a phone slow to answer the host's key, a touchpad attached
//! beside the panel. Parsed from `--faults
//! drop-taps=0.1,drop-keys=0.1,close-after=N,cut-after-inputs=N,offline=MS,slow=MS,home-after=N,
//! missing=NAME,linker-warnings=1,screen=off|locked,flag-secure=1,authorizing=MS,touchpad=1` and driven by a
//! seeded RNG, so a run with the
//! same seed and the same commands fails the same way.

use crate::keyguard::Start;
use crate::screen::{Display, Touch};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What to break, as given on the command line.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FaultPlan {
    /// Fraction (0..=1) of taps the app never sees.
    pub drop_taps: f64,
    /// Fraction (0..=1) of key presses the app never sees.
    pub drop_keys: f64,
    /// Close the host connection once, right after the Nth shell command ran (before its answer).
    pub close_after: Option<u64>,
    /// After that close, new host connections wait this long before their handshake is answered,
    /// so the adb server lists the phone "offline" meanwhile (`offline=MS`), as it does for a
    /// cable pulled and put back.
    pub offline: Duration,
    /// Extra delay before every shell command answers.
    pub slow: Duration,
    /// Press Home once, right after the Nth tap reached the screen (the user left the app).
    pub home_after: Option<u64>,
    /// Cut every host connection once, right after the Nth input (tap or key press) reached the
    /// app (a cable pulled mid-game); the phone is then offline for `offline` as after `close-after`.
    pub cut_after_inputs: Option<u64>,
    /// Commands this phone does not have (`missing=screenrecord`, as on ROMs without it).
    pub missing: Vec<String>,
    /// Every program prints the dynamic linker's warning on stderr as it starts
    /// (`linker-warnings=1`), as on ROMs with a library the linker finds fault with.
    pub linker_warnings: bool,
    /// A keyboard cover's touchpad is attached (`touchpad=1`): a multi-touch device that is a
    /// pointer, not a touch screen, which getevent lists before the panel.
    pub touchpad: bool,
    /// The app ignores a touch that goes down sooner than this after the last one it took, as
    /// apps that guard against double taps do (`debounce=MS`): only a wider `--tap-gap` helps.
    pub debounce: Duration,
    /// With `--auth`, each answer to the host's AUTH signature waits this long (`authorizing=MS`):
    /// the adb server lists the phone `authorizing` meanwhile (adb.cpp sets kCsAuthorizing on the
    /// phone's AUTH TOKEN), as for the second or so after a phone is plugged in.
    pub authorizing: Duration,
    /// How the display starts (`screen=off`, `screen=locked`) and whether the app's window is
    /// FLAG_SECURE (`flag-secure=1`: captured black while it is in front).
    pub start: Start,
}

/// A `--faults` string that cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("bad --faults item {item:?}: {why}; expected e.g. drop-taps=0.1,drop-keys=0.1,close-after=20,offline=5000,slow=200,home-after=30")]
pub struct BadFaults {
    item: String,
    why: String,
}

impl FromStr for FaultPlan {
    type Err = BadFaults;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut plan = FaultPlan::default();
        for item in s.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let bad = |why: &str| BadFaults {
                item: item.to_string(),
                why: why.to_string(),
            };
            let (key, value) = item.split_once('=').ok_or_else(|| bad("missing '='"))?;
            let fraction = || match value.parse::<f64>() {
                Ok(f) if (0.0..=1.0).contains(&f) => Ok(f),
                Ok(_) => Err(bad("must be between 0 and 1")),
                Err(_) => Err(bad("not a number")),
            };
            let count = || value.parse::<u64>().map_err(|_| bad("not a whole number"));
            let millis = || match value.parse() {
                Ok(ms) => Ok(Duration::from_millis(ms)),
                Err(_) => Err(bad("not milliseconds")),
            };
            match key {
                "drop-taps" => plan.drop_taps = fraction()?,
                "drop-keys" => plan.drop_keys = fraction()?,
                "close-after" => plan.close_after = Some(count()?),
                "offline" => plan.offline = millis()?,
                "slow" => plan.slow = millis()?,
                "debounce" => plan.debounce = millis()?,
                "authorizing" => plan.authorizing = millis()?,
                "screen" => {
                    plan.start.display = match value {
                        "off" => Display {
                            awake: false,
                            locked: true,
                        },
                        "locked" => Display {
                            awake: true,
                            locked: true,
                        },
                        "on" => Display::default(),
                        _ => return Err(bad("expected on, off or locked")),
                    }
                }
                "flag-secure" => plan.start.secure = value.parse::<u8>().map_err(|_| bad("expected 0 or 1"))? > 0,
                "linker-warnings" => plan.linker_warnings = value.parse::<u8>().map_err(|_| bad("expected 0 or 1"))? > 0,
                "touchpad" => plan.touchpad = value.parse::<u8>().map_err(|_| bad("expected 0 or 1"))? > 0,
                "home-after" => plan.home_after = Some(count()?),
                "cut-after-inputs" => plan.cut_after_inputs = Some(count()?),
                "missing" if !value.is_empty() && !value.contains(char::is_whitespace) => {
                    plan.missing.push(value.to_string())
                }
                "missing" => return Err(bad("needs a command name")),
                _ => {
                    return Err(bad(
                        "unknown fault (known: drop-taps, drop-keys, close-after, cut-after-inputs, offline, slow, home-after, missing, linker-warnings, debounce, screen, flag-secure, authorizing, touchpad)",
                    ))
                }
            }
        }
        Ok(plan)
    }
}

/// The plan in action: its RNG and command counter.
#[derive(Debug)]
pub struct Faults {
    plan: FaultPlan,
    rng: Mutex<ChaCha8Rng>,
    commands: AtomicU64,
    taps: AtomicU64,
    inputs: AtomicU64,
    debounce: Mutex<Debounce>,
    /// Until when the phone is offline after a cut.
    offline_until: Mutex<Option<Instant>>,
    /// Cuts made so far (close-after and cut-after-inputs).
    cuts: AtomicU64,
}

/// The debounce fault's memory: when the last touch the app took went down, and whether the touch
/// under way is being ignored.
#[derive(Debug, Default)]
struct Debounce {
    last_down: Option<Duration>,
    ignoring: bool,
}

impl Faults {
    pub fn new(plan: FaultPlan, seed: u64) -> Faults {
        Faults {
            plan,
            rng: Mutex::new(ChaCha8Rng::seed_from_u64(seed)),
            commands: AtomicU64::new(0),
            taps: AtomicU64::new(0),
            inputs: AtomicU64::new(0),
            debounce: Mutex::new(Debounce::default()),
            offline_until: Mutex::new(None),
            cuts: AtomicU64::new(0),
        }
    }

    /// Whether the next tap is lost. Draws from the RNG only when the fault is on.
    pub fn drop_tap(&self) -> bool {
        self.lose(self.plan.drop_taps)
    }

    /// Whether the next key press is lost. Draws from the RNG only when the fault is on.
    pub fn drop_key(&self) -> bool {
        self.lose(self.plan.drop_keys)
    }

    fn lose(&self, rate: f64) -> bool {
        rate > 0.0
            && self
                .rng
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .random_bool(rate)
    }

    /// Whether the app takes `touch` at `now` under the debounce fault: a touch that goes down too
    /// soon after the last one taken is ignored, all of it up to its lift.
    pub fn takes_touch(&self, touch: &Touch, now: Duration) -> bool {
        if self.plan.debounce.is_zero() {
            return true;
        }
        let mut d = self.debounce.lock().unwrap_or_else(|p| p.into_inner());
        if matches!(touch, Touch::Down { .. }) {
            d.ignoring = d
                .last_down
                .is_some_and(|t| now.saturating_sub(t) < self.plan.debounce);
            if !d.ignoring {
                d.last_down = Some(now);
            }
        }
        let takes = !d.ignoring;
        if matches!(touch, Touch::Up { .. }) {
            d.ignoring = false;
        }
        takes
    }

    /// Counts one shell command; true if the connection must now close (and the phone then stays
    /// offline for the plan's `offline`).
    pub fn command_closes_connection(&self) -> bool {
        self.cut_at(&self.commands, self.plan.close_after)
    }

    /// Counts one more on `counter`; when that reaches `at`, a cut: counted, the offline time
    /// started, and true.
    fn cut_at(&self, counter: &AtomicU64, at: Option<u64>) -> bool {
        if !reaches(counter, at) {
            return false;
        }
        self.cuts.fetch_add(1, Ordering::SeqCst);
        if !self.plan.offline.is_zero() {
            *self.offline_until.lock().unwrap_or_else(|p| p.into_inner()) =
                Some(Instant::now() + self.plan.offline);
        }
        true
    }

    /// How many times the connection was cut so far.
    pub fn cuts(&self) -> u64 {
        self.cuts.load(Ordering::SeqCst)
    }

    /// Blocks a new host connection while the phone is offline after a cut; returns at once
    /// otherwise.
    pub fn wait_online(&self) {
        let until = *self.offline_until.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(left) = until.and_then(|t| t.checked_duration_since(Instant::now())) {
            tracing::info!("fault: offline for {} ms more", left.as_millis());
            std::thread::sleep(left);
        }
    }

    /// Counts one tap that reached the screen; true if the user now presses Home.
    pub fn tap_sends_home(&self) -> bool {
        reaches(&self.taps, self.plan.home_after)
    }

    /// Counts one input (a tap or a key press) that reached the app; true if the cable is now
    /// pulled (the phone is then marked offline already).
    pub fn input_cuts_cable(&self) -> bool {
        self.cut_at(&self.inputs, self.plan.cut_after_inputs)
    }

    /// How the display starts.
    pub fn start(&self) -> Start {
        self.plan.start
    }

    /// Whether a keyboard cover's touchpad is attached beside the panel.
    pub fn touchpad(&self) -> bool {
        self.plan.touchpad
    }

    /// Whether every program the shell starts prints the linker's warning first.
    pub fn linker_warnings(&self) -> bool {
        self.plan.linker_warnings
    }

    /// Whether the phone lacks the command `name`.
    pub fn missing(&self, name: &str) -> bool {
        self.plan.missing.iter().any(|m| m == name)
    }

    /// The extra delay every command suffers.
    pub fn slow(&self) -> Duration {
        self.plan.slow
    }

    /// How long the phone takes to answer the host's AUTH signature.
    pub fn authorizing(&self) -> Duration {
        self.plan.authorizing
    }
}

/// Counts one more on `counter`; true when the count is now `at`.
fn reaches(counter: &AtomicU64, at: Option<u64>) -> bool {
    at == Some(counter.fetch_add(1, Ordering::SeqCst) + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_rejects() {
        let plan: FaultPlan =
            "drop-taps=0.25,drop-keys=0.5,close-after=3,slow=50,home-after=9,debounce=120,offline=900,cut-after-inputs=40,authorizing=1500"
                .parse()
                .unwrap();
        assert_eq!(plan.drop_keys, 0.5);
        assert_eq!(plan.close_after, Some(3));
        assert_eq!(plan.home_after, Some(9));
        assert_eq!(plan.cut_after_inputs, Some(40));
        assert_eq!(plan.slow, Duration::from_millis(50));
        assert_eq!(plan.debounce, Duration::from_millis(120));
        assert_eq!(plan.offline, Duration::from_millis(900));
        assert_eq!(plan.authorizing, Duration::from_millis(1500));
        let missing: FaultPlan = "missing=screenrecord,missing=monkey".parse().unwrap();
        assert_eq!(missing.missing, ["screenrecord", "monkey"]);
        assert!("missing=".parse::<FaultPlan>().is_err());
        assert!("drop-taps=2".parse::<FaultPlan>().is_err());
        assert!("drop-keys=x".parse::<FaultPlan>().is_err());
        assert!("explode=1".parse::<FaultPlan>().is_err());
        assert!("cut-after-inputs=-1".parse::<FaultPlan>().is_err());
    }

    #[test]
    fn same_seed_same_drops() {
        let plan: FaultPlan = "drop-taps=0.3".parse().unwrap();
        let run = |seed| {
            let f = Faults::new(plan.clone(), seed);
            (0..100).map(|_| f.drop_tap()).collect::<Vec<_>>()
        };
        assert_eq!(run(7), run(7));
        let dropped = run(7).iter().filter(|d| **d).count();
        assert!((15..=45).contains(&dropped), "{dropped}");
    }

    #[test]
    fn debounce_ignores_whole_touches_that_start_too_soon() {
        let f = Faults::new("debounce=100".parse().unwrap(), 0);
        let ms = Duration::from_millis;
        let (x, y) = (1.0, 2.0);
        let tap = |at: u64| {
            let down = f.takes_touch(&Touch::Down { x, y }, ms(at));
            let lift = f.takes_touch(&Touch::Up { x, y }, ms(at + 5));
            assert_eq!(down, lift, "a touch is taken or ignored whole");
            down
        };
        // Taken at 0; 40 and 90 come too soon; 150 is 150 after the last one taken.
        assert_eq!([0, 40, 90, 150].map(tap), [true, false, false, true]);
        let off = Faults::new(FaultPlan::default(), 0);
        let down = Touch::Down { x, y };
        assert!(off.takes_touch(&down, ms(0)) && off.takes_touch(&down, ms(1)));
    }

    #[test]
    fn closes_once_after_n() {
        let f = Faults::new("close-after=2".parse().unwrap(), 0);
        assert_eq!(
            (0..4)
                .map(|_| f.command_closes_connection())
                .collect::<Vec<_>>(),
            [false, true, false, false]
        );
    }

    #[test]
    fn offline_after_the_cut_for_as_long_as_planned() {
        let f = Faults::new("close-after=1,offline=150".parse().unwrap(), 0);
        let start = Instant::now();
        f.wait_online();
        assert!(
            start.elapsed() < Duration::from_millis(100),
            "online before the cut"
        );
        assert!(f.command_closes_connection());
        f.wait_online();
        assert!(start.elapsed() >= Duration::from_millis(150));
    }
}
