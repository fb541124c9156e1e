//! Reconnecting with patience: a cable pulled and put back, or a phone's adbd restarting, shows as
//! "offline" for seconds, and `adb wait-for-device` would wait that out. Two quick tries would end
//! a game a pause saves, so the tries back off (a quarter second, doubling to 4 s) for up to
//! `PATIENCE`, telling the caller before each wait.

use super::error::DeviceError;
use super::Device;
use std::time::{Duration, Instant};

/// How long a lost phone is waited for before the game is given up.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// How long a phone lost after the game's last digit landed is waited for: no input depends on
/// it any more, and a demo phone may well leave once the game is won.
pub const AFTER_THE_LAST_DIGIT: Duration = Duration::from_secs(3);

/// The first wait between tries, and the longest.
const FIRST_WAIT: Duration = Duration::from_millis(250);
const LONGEST_WAIT: Duration = Duration::from_secs(4);

/// Tries `device.reconnect()` until it works or `patience` has passed; `waiting(waited, next)` is
/// told before each pause. Returns how long it took, or the last try's error.
pub fn patiently(
    device: &mut dyn Device,
    patience: Duration,
    mut waiting: impl FnMut(Duration, Duration),
) -> Result<Duration, DeviceError> {
    let start = Instant::now();
    let mut wait = FIRST_WAIT;
    loop {
        let waited = start.elapsed();
        let pause = wait.min(patience.saturating_sub(waited));
        waiting(waited, pause);
        std::thread::sleep(pause);
        match device.reconnect() {
            Ok(()) => return Ok(start.elapsed()),
            Err(e) if start.elapsed() >= patience => return Err(e),
            Err(e) => tracing::debug!("the phone is not back yet: {e}"),
        }
        wait = (wait * 2).min(LONGEST_WAIT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::{Service, Stream, Timeouts};

    /// A phone that comes back on the `back_on`th try.
    #[derive(Clone)]
    struct Returning {
        tries: u32,
        back_on: u32,
    }

    impl Device for Returning {
        fn serial(&self) -> &str {
            "R58M12345"
        }
        fn timeouts(&self) -> Timeouts {
            Timeouts::default()
        }
        fn open(&mut self, _: &Service) -> Result<Box<dyn Stream>, DeviceError> {
            Err(self.reconnect().unwrap_err())
        }
        fn reconnect(&mut self) -> Result<(), DeviceError> {
            self.tries += 1;
            if self.tries >= self.back_on {
                return Ok(());
            }
            Err(DeviceError::Offline {
                serial: self.serial().into(),
                state: "offline".into(),
            })
        }
        fn clone_box(&self) -> Box<dyn Device> {
            Box::new(self.clone())
        }
    }

    #[test]
    fn a_phone_offline_for_a_while_is_waited_for_with_growing_pauses() {
        let mut phone = Returning {
            tries: 0,
            back_on: 4,
        };
        let mut pauses = Vec::new();
        let took = patiently(&mut phone, PATIENCE, |_, next| pauses.push(next)).unwrap();
        let ms = Duration::from_millis;
        assert_eq!(pauses, [ms(250), ms(500), ms(1000), ms(2000)]);
        assert!(took >= ms(3750), "{took:?}");
    }

    #[test]
    fn a_phone_that_never_comes_back_is_given_up_after_the_patience() {
        let mut phone = Returning {
            tries: 0,
            back_on: u32::MAX,
        };
        let patience = Duration::from_millis(600);
        let start = Instant::now();
        let e = patiently(&mut phone, patience, |_, _| {}).unwrap_err();
        assert!(e.is_lost(), "{e}");
        assert!(start.elapsed() >= patience && start.elapsed() < patience * 2);
    }
}
