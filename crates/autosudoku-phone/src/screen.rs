//! The seam between the simulated device (adbd, shell, input) and whatever app it shows.
//! The device owns time, transport and the touch/key plumbing; a `Screen` owns pixels and behaviour.

use image::RgbaImage;
use std::time::Duration;

/// The heights, in dp, of the system's bars the app's window sits between: the status bar at the
/// top and the gesture navigation bar at the bottom (drawn by SystemUI, not the app: a capture
/// keeps them when it blacks out a FLAG_SECURE window).
pub const STATUS_BAR_DP: f32 = 24.0;
pub const NAV_BAR_DP: f32 = 20.0;

/// What a finger does, in screen pixels of the current orientation (what `input tap X Y` means).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Touch {
    Down { x: f32, y: f32 },
    Move { x: f32, y: f32 },
    Up { x: f32, y: f32 },
}

/// An Android key code (`KeyEvent.KEYCODE_*`), e.g. 12 for KEYCODE_5, 67 for KEYCODE_DEL, 19..22 for the D-pad.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Keycode(pub u32);

/// The display's power and lock state, as `dumpsys power` (`mWakefulness`) and `dumpsys activity`
/// (`mKeyguardShowing`) report it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Display {
    pub awake: bool,
    pub locked: bool,
}

impl Default for Display {
    /// On and unlocked.
    fn default() -> Self {
        Display {
            awake: true,
            locked: false,
        }
    }
}

/// An app on the virtual phone's display. `now` is the phone's clock since boot; a screen must not
/// read wall time itself, so that tests and `--latency none` runs are deterministic.
pub trait Screen: Send + 'static {
    /// Display size in pixels (width, height) as `wm size` reports it.
    fn size(&self) -> (u32, u32);
    /// Density in dpi as `wm density` reports it.
    fn density(&self) -> u32;
    /// The frame shown at time `now`.
    fn frame(&mut self, now: Duration) -> RgbaImage;
    /// A touch event delivered to the foreground app.
    fn touch(&mut self, touch: Touch, now: Duration);
    /// A key press (down and up) delivered to the foreground app.
    fn key(&mut self, key: Keycode, now: Duration);
    /// The focused activity as `package/.Activity` (what `dumpsys window` reports); `None` when
    /// no window has focus.
    fn focus(&self) -> Option<String> {
        None
    }
    /// Whether the home screen, not an app, is in front (the launcher answers).
    fn home_in_front(&self) -> bool {
        false
    }
    /// Whether the display is on and unlocked (the keyguard in front of every app answers).
    fn display(&self) -> Display {
        Display::default()
    }
}

/// A blank screen of `width`x`height` at 160 dpi that ignores input: a phone that needs no app
/// (unit tests of services, the hostile-session fuzz target).
pub struct Blank(pub u32, pub u32);

impl Screen for Blank {
    fn size(&self) -> (u32, u32) {
        (self.0, self.1)
    }
    fn density(&self) -> u32 {
        160
    }
    fn frame(&mut self, _: Duration) -> RgbaImage {
        RgbaImage::new(self.0, self.1)
    }
    fn touch(&mut self, _: Touch, _: Duration) {}
    fn key(&mut self, _: Keycode, _: Duration) {}
}
