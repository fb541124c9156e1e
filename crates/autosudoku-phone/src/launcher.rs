//! The phone's home screen and which app is in front. HOME (key 3) sends the app to the
//! background and shows the launcher: wallpaper, a clock and labelled app icons; tapping the
//! Sudoku icon brings the app back as it was. While the launcher is up the app gets no input,
//! as on Android, so an agent that keeps tapping there changes nothing in the game.

use super::app::draw::{fill_rect, fill_rounded_rect, rgb, Color};
use super::app::text::{Align, Face, Typesetter};
use super::app::{Point, Rect};
use super::component::Component;
use super::screen::{Keycode, Screen, Touch};
use image::RgbaImage;
use std::time::Duration;

/// KeyEvent.KEYCODE_HOME.
const HOME: Keycode = Keycode(3);

/// Labels of the launcher's icons, left to right; the app itself is the one named "Sudoku".
const APPS: [&str; 8] = [
    "Phone",
    "Messages",
    "Chrome",
    "Camera",
    "Photos",
    "Sudoku",
    "Settings",
    "Play Store",
];
const APP_INDEX: usize = 5;
const COLUMNS: usize = 4;
const ICON_COLORS: [u32; 8] = [
    0x34a853, 0x4285f4, 0xfbbc05, 0x5f6368, 0xea4335, 0x3f51b5, 0x607d8b, 0x00897b,
];

/// Where the Sudoku app's icon is on the home screen of a `size` display at `density` dpi.
pub fn app_icon(size: (u32, u32), density: u32) -> Rect {
    icon_rect(size, density, APP_INDEX)
}

/// The square of icon `i` on the home screen: two rows of four, the second one the dock just
/// above the navigation bar (where the Sudoku app sits, as users pin their favourites).
fn icon_rect((w, h): (u32, u32), density: u32, i: usize) -> Rect {
    let dp = density as f32 / 160.0;
    let side = 56.0 * dp;
    let cell_w = w as f32 / COLUMNS as f32;
    let dock_top = h as f32 - (48.0 + 20.0 + 56.0) * dp;
    let (row, col) = (i / COLUMNS, i % COLUMNS);
    let rows_below = (APPS.len() / COLUMNS - 1 - row) as f32;
    Rect::new(
        cell_w * col as f32 + (cell_w - side) / 2.0,
        dock_top - rows_below * 100.0 * dp,
        side,
        side,
    )
}

/// The home screen's two-tone wallpaper: plain bands, nothing grid-like. Alone, it is what a
/// display shows whose app runs elsewhere (MuMu's display 0 under keep-alive).
pub fn wallpaper((w, h): (u32, u32)) -> RgbaImage {
    let mut img = RgbaImage::new(w, h);
    let bands: [Color; 2] = [rgb(0x1e3a5f), rgb(0x27496d)];
    fill_rect(
        &mut img,
        Rect::new(0.0, 0.0, w as f32, h as f32 / 2.0),
        bands[0],
    );
    fill_rect(
        &mut img,
        Rect::new(0.0, h as f32 / 2.0, w as f32, h as f32 / 2.0),
        bands[1],
    );
    img
}

/// The foreground switch between the launcher and the one app the phone runs.
pub struct Launcher {
    app: Box<dyn Screen>,
    home: bool,
    /// The home app's activity (the vendor's, or `--home-app`): what `dumpsys window` shows focused
    /// on the home screen.
    activity: Component,
    /// The icon the finger went down on, while it is down on the home screen.
    pressed: Option<usize>,
    text: Typesetter,
}

impl Launcher {
    pub fn new(app: Box<dyn Screen>, activity: Component) -> Launcher {
        Launcher {
            app,
            home: false,
            activity,
            pressed: None,
            text: Typesetter::default(),
        }
    }

    /// Whether the home screen, not the app, is in front.
    pub fn is_home(&self) -> bool {
        self.home
    }

    fn dp(&self) -> f32 {
        self.app.density() as f32 / 160.0
    }

    fn icon(&self, i: usize) -> Rect {
        icon_rect(self.app.size(), self.app.density(), i)
    }

    fn icon_at(&self, x: f32, y: f32) -> Option<usize> {
        let p = Point::new(x, y);
        (0..APPS.len()).find(|&i| {
            let r = self.icon(i);
            p.x >= r.x && p.x < r.x + r.w && p.y >= r.y && p.y < r.y + r.h
        })
    }

    fn paint_home(&mut self, now: Duration) -> RgbaImage {
        let (w, h) = self.app.size();
        let dp = self.dp();
        let mut img = wallpaper((w, h));
        let white = rgb(0xffffff);
        let secs = now.as_secs();
        let clock = format!("{:02}:{:02}", 9 + secs / 3600 % 12, secs / 60 % 60);
        let centre = w as f32 / 2.0;
        self.text.draw(
            &mut img,
            Face::Sans,
            64.0 * dp,
            Point::new(centre, h as f32 * 0.2),
            Align::Center,
            white,
            &clock,
        );
        self.text.draw(
            &mut img,
            Face::Sans,
            16.0 * dp,
            Point::new(centre, h as f32 * 0.2 + 32.0 * dp),
            Align::Center,
            white,
            "Monday, November 30",
        );
        for (i, label) in APPS.iter().enumerate() {
            let r = self.icon(i);
            fill_rounded_rect(&mut img, r, 14.0 * dp, rgb(ICON_COLORS[i]));
            let initial = &label[..1];
            self.text
                .draw_centered(&mut img, Face::SansBold, 28.0 * dp, r, white, initial);
            self.text.draw(
                &mut img,
                Face::Sans,
                12.0 * dp,
                Point::new(r.x + r.w / 2.0, r.y + r.h + 18.0 * dp),
                Align::Center,
                white,
                label,
            );
        }
        img
    }
}

impl Screen for Launcher {
    fn size(&self) -> (u32, u32) {
        self.app.size()
    }

    fn density(&self) -> u32 {
        self.app.density()
    }

    fn frame(&mut self, now: Duration) -> RgbaImage {
        if self.home {
            self.paint_home(now)
        } else {
            self.app.frame(now)
        }
    }

    fn touch(&mut self, touch: Touch, now: Duration) {
        if !self.home {
            return self.app.touch(touch, now);
        }
        match touch {
            Touch::Down { x, y } => self.pressed = self.icon_at(x, y),
            Touch::Move { .. } => {}
            Touch::Up { x, y } => {
                // A click opens the icon under the finger when it is still the pressed one.
                if self.pressed.take() == Some(APP_INDEX) && self.icon_at(x, y) == Some(APP_INDEX) {
                    self.home = false;
                }
            }
        }
    }

    fn key(&mut self, key: Keycode, now: Duration) {
        if key == HOME {
            self.home = true;
            self.pressed = None;
        } else if !self.home {
            self.app.key(key, now);
        }
    }

    fn focus(&self) -> Option<String> {
        if self.home {
            Some(self.activity.short())
        } else {
            self.app.focus()
        }
    }

    fn home_in_front(&self) -> bool {
        self.home
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::android::Vendor;

    /// An app that counts what reaches it.
    struct Counter(std::sync::Arc<std::sync::atomic::AtomicUsize>);
    impl Screen for Counter {
        fn size(&self) -> (u32, u32) {
            (1080, 2400)
        }
        fn density(&self) -> u32 {
            440
        }
        fn frame(&mut self, _: Duration) -> RgbaImage {
            RgbaImage::from_pixel(1080, 2400, rgb(0xff0000))
        }
        fn touch(&mut self, _: Touch, _: Duration) {
            self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
        fn key(&mut self, _: Keycode, _: Duration) {
            self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
    }

    fn tap(l: &mut Launcher, p: Point) {
        l.touch(Touch::Down { x: p.x, y: p.y }, Duration::ZERO);
        l.touch(Touch::Up { x: p.x, y: p.y }, Duration::ZERO);
    }

    #[test]
    fn home_hides_the_app_and_its_icon_brings_it_back() {
        let seen = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let mut l = Launcher::new(Box::new(Counter(seen.clone())), Vendor::Emulator.home());
        l.key(HOME, Duration::ZERO);
        assert!(l.is_home());
        let home = l.frame(Duration::ZERO);
        assert_ne!(
            home.get_pixel(5, 5),
            &rgb(0xff0000),
            "the launcher is drawn"
        );
        // Taps and keys on the home screen never reach the app; other icons do not open it.
        tap(&mut l, Point::new(540.0, 300.0));
        let other = l.icon(0).center();
        tap(&mut l, other);
        l.key(Keycode(12), Duration::ZERO);
        assert_eq!(seen.load(std::sync::atomic::Ordering::SeqCst), 0);
        assert!(l.is_home());
        let sudoku = l.icon(APP_INDEX).center();
        tap(&mut l, sudoku);
        assert!(!l.is_home());
        assert_eq!(l.frame(Duration::ZERO).get_pixel(5, 5), &rgb(0xff0000));
        tap(&mut l, Point::new(10.0, 10.0));
        assert_eq!(seen.load(std::sync::atomic::Ordering::SeqCst), 2);
    }
}
