//! In-process virtual phones for the tests: the builder with `--latency none`, a start on a free
//! loopback port, and a test screen that records every touch and key over a known pixel pattern.

use autosudoku_phone::latency::Latency;
use autosudoku_phone::screen::{Keycode, Screen, Touch};
use autosudoku_phone::{Phone, PhoneHandle};
use image::{Rgba, RgbaImage};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the test screen received.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Received {
    Touch(Touch),
    Key(Keycode),
}

/// A screen that records every touch and key and shows a known pattern:
/// pixel (x, y) = (x mod 256, y mod 256, (x + y) mod 256, 255).
pub struct TestScreen {
    size: (u32, u32),
    log: Arc<Mutex<Vec<Received>>>,
}

/// The test screen's record, readable while the phone owns the screen.
#[derive(Clone, Default)]
pub struct Recorder(Arc<Mutex<Vec<Received>>>);

impl Recorder {
    pub fn events(&self) -> Vec<Received> {
        self.0.lock().unwrap().clone()
    }

    /// Waits up to 5 s until at least `n` events arrived.
    pub fn wait_for(&self, n: usize) -> Vec<Received> {
        let deadline = Instant::now() + Duration::from_secs(5);
        while self.events().len() < n && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        self.events()
    }
}

/// The pattern pixel of the test screen at (x, y).
pub fn pattern(x: u32, y: u32) -> [u8; 4] {
    [(x % 256) as u8, (y % 256) as u8, ((x + y) % 256) as u8, 255]
}

impl TestScreen {
    pub fn new(width: u32, height: u32) -> (TestScreen, Recorder) {
        let recorder = Recorder::default();
        (
            TestScreen {
                size: (width, height),
                log: recorder.0.clone(),
            },
            recorder,
        )
    }
}

impl Screen for TestScreen {
    fn size(&self) -> (u32, u32) {
        self.size
    }
    fn density(&self) -> u32 {
        320
    }
    fn frame(&mut self, _now: Duration) -> RgbaImage {
        RgbaImage::from_fn(self.size.0, self.size.1, |x, y| Rgba(pattern(x, y)))
    }
    fn touch(&mut self, touch: Touch, _now: Duration) {
        self.log.lock().unwrap().push(Received::Touch(touch));
    }
    fn key(&mut self, key: Keycode, _now: Duration) {
        self.log.lock().unwrap().push(Received::Key(key));
    }
}

/// A phone builder around `screen` with `--latency none`, as e2e tests want it.
pub fn phone(screen: Box<dyn Screen>) -> Phone {
    Phone::builder(screen).latency(Latency::None)
}

/// Starts `phone` on a free loopback port.
pub fn start(phone: Phone) -> PhoneHandle {
    phone
        .start("127.0.0.1:0".parse().unwrap())
        .expect("start the virtual phone")
}

/// A running test phone (size 360x640) and its recorder.
pub fn test_phone() -> (PhoneHandle, Recorder) {
    let (screen, recorder) = TestScreen::new(360, 640);
    (start(phone(Box::new(screen))), recorder)
}
