//! The display's power and the lock screen, in front of the launcher and its app, as on a phone:
//! with the screen off every capture is black and touches go nowhere; the lock screen (a clock on
//! a dark wallpaper) takes touches until a swipe up, or KEYCODE_MENU, dismisses it (no PIN set).
//! POWER toggles the screen, WAKEUP and SLEEP set it, and turning it off locks the phone. An app
//! window marked FLAG_SECURE is captured black while it is in front, between the system's bars.
//! `dumpsys power` and `dumpsys activity` report this state ([`Display`]).

use super::app::draw::{fill_rect, rgb};
use super::app::text::{Align, Face, Typesetter};
use super::app::{Point, Rect};
use super::screen::{Display, Keycode, Screen, Touch, NAV_BAR_DP, STATUS_BAR_DP};
use image::{Rgba, RgbaImage};
use std::time::Duration;

const POWER: Keycode = Keycode(26);
const MENU: Keycode = Keycode(82);
const SLEEP: Keycode = Keycode(223);
const WAKEUP: Keycode = Keycode(224);

/// How the phone starts, from `--faults screen=off|locked,flag-secure=1`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Start {
    pub display: Display,
    /// The app's window is FLAG_SECURE: captures show it black.
    pub secure: bool,
}

pub struct Keyguard {
    inner: Box<dyn Screen>,
    display: Display,
    secure: bool,
    /// Where a touch on the lock screen went down.
    swipe_from: Option<f32>,
    text: Typesetter,
}

impl Keyguard {
    pub fn new(inner: Box<dyn Screen>, start: Start) -> Keyguard {
        Keyguard {
            inner,
            display: start.display,
            secure: start.secure,
            swipe_from: None,
            text: Typesetter::default(),
        }
    }

    /// `frame` as a capture shows it with a FLAG_SECURE app in front: SurfaceFlinger draws the
    /// app's layer black and the system's bars (status, navigation) as they are.
    fn black_app_window(&self, mut frame: RgbaImage) -> RgbaImage {
        let (w, h) = frame.dimensions();
        let dp = self.inner.density() as f32 / 160.0;
        let top = STATUS_BAR_DP * dp;
        let window = Rect::new(0.0, top, w as f32, h as f32 - top - NAV_BAR_DP * dp);
        fill_rect(&mut frame, window, rgb(0x000000));
        frame
    }

    fn paint_lock_screen(&mut self, now: Duration) -> RgbaImage {
        let (w, h) = self.inner.size();
        let dp = self.inner.density() as f32 / 160.0;
        let mut img = RgbaImage::new(w, h);
        fill_rect(
            &mut img,
            Rect::new(0.0, 0.0, w as f32, h as f32),
            rgb(0x101820),
        );
        let white = rgb(0xffffff);
        let secs = now.as_secs();
        let clock = format!("{:02}:{:02}", 9 + secs / 3600 % 12, secs / 60 % 60);
        let centre = w as f32 / 2.0;
        let lines = [
            (96.0, 0.25, clock.as_str()),
            (16.0, 0.9, "Swipe up to unlock"),
        ];
        for (size, at, words) in lines {
            let p = Point::new(centre, h as f32 * at);
            let (face, ink) = (Face::Sans, white);
            self.text
                .draw(&mut img, face, size * dp, p, Align::Center, ink, words);
        }
        img
    }

    fn lock_screen_touch(&mut self, touch: Touch) {
        let height = self.inner.size().1 as f32;
        match touch {
            Touch::Down { y, .. } => self.swipe_from = Some(y),
            Touch::Move { .. } => {}
            Touch::Up { y, .. } => {
                if self
                    .swipe_from
                    .take()
                    .is_some_and(|from| from - y > height / 4.0)
                {
                    self.display.locked = false;
                }
            }
        }
    }
}

impl Screen for Keyguard {
    fn size(&self) -> (u32, u32) {
        self.inner.size()
    }

    fn density(&self) -> u32 {
        self.inner.density()
    }

    fn frame(&mut self, now: Duration) -> RgbaImage {
        let (w, h) = self.inner.size();
        let black = || RgbaImage::from_pixel(w, h, Rgba([0, 0, 0, 255]));
        if !self.display.awake {
            return black();
        }
        if self.display.locked {
            return self.paint_lock_screen(now);
        }
        let frame = self.inner.frame(now);
        if self.secure && !self.inner.home_in_front() {
            return self.black_app_window(frame);
        }
        frame
    }

    fn touch(&mut self, touch: Touch, now: Duration) {
        if !self.display.awake {
            return;
        }
        if self.display.locked {
            return self.lock_screen_touch(touch);
        }
        self.inner.touch(touch, now)
    }

    fn key(&mut self, key: Keycode, now: Duration) {
        let d = &mut self.display;
        match key {
            POWER if d.awake => (d.awake, d.locked) = (false, true),
            POWER | WAKEUP => d.awake = true,
            SLEEP => (d.awake, d.locked) = (false, true),
            MENU if d.awake && d.locked => d.locked = false,
            _ if d.awake && !d.locked => self.inner.key(key, now),
            _ => {}
        }
    }

    fn focus(&self) -> Option<String> {
        self.inner.focus()
    }

    fn home_in_front(&self) -> bool {
        self.inner.home_in_front()
    }

    fn display(&self) -> Display {
        self.display
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screen::Blank;

    fn phone(display: Display) -> Keyguard {
        let start = Start {
            display,
            secure: false,
        };
        Keyguard::new(Box::new(Blank(100, 200)), start)
    }

    #[test]
    fn a_screen_off_is_captured_black_and_wakes_locked_until_a_swipe_up() {
        let mut k = phone(Display {
            awake: false,
            locked: true,
        });
        assert!(k
            .frame(Duration::ZERO)
            .pixels()
            .all(|p| p.0 == [0, 0, 0, 255]));
        k.key(WAKEUP, Duration::ZERO);
        assert_eq!(
            k.display(),
            Display {
                awake: true,
                locked: true
            }
        );
        // A tap is no swipe: still locked.
        k.touch(Touch::Down { x: 50.0, y: 150.0 }, Duration::ZERO);
        k.touch(Touch::Up { x: 50.0, y: 150.0 }, Duration::ZERO);
        assert!(k.display().locked);
        k.touch(Touch::Down { x: 50.0, y: 180.0 }, Duration::ZERO);
        k.touch(Touch::Move { x: 50.0, y: 100.0 }, Duration::ZERO);
        k.touch(Touch::Up { x: 50.0, y: 60.0 }, Duration::ZERO);
        assert_eq!(k.display(), Display::default());
        k.key(POWER, Duration::ZERO);
        assert_eq!(
            k.display(),
            Display {
                awake: false,
                locked: true
            }
        );
    }

    #[test]
    fn menu_dismisses_a_lock_screen_without_a_pin() {
        let mut k = phone(Display {
            awake: true,
            locked: true,
        });
        k.key(MENU, Duration::ZERO);
        assert!(!k.display().locked);
    }
}
