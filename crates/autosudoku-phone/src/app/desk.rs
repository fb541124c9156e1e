//! A desktop app: the app's frame as a window (with its title bar) on a larger screen of
//! wallpaper, and touches on that screen moved into the window's own coordinates.

use super::draw::{fill_circle, fill_rect, rgb};
use super::geometry::{Point, Rect};
use super::skin::random::Desk;
use super::text::{Align, Face, Typesetter};
use crate::screen::Touch;
use image::RgbaImage;

impl Desk {
    /// The whole screen: wallpaper, the window's title bar, and `window` (the app's frame).
    pub fn compose(&self, window: &RgbaImage, title: &str, text: &mut Typesetter) -> RgbaImage {
        let (w, h) = self.size;
        let mut screen = RgbaImage::from_pixel(w, h, self.colour);
        let (x, y) = (self.at.0 as f32, self.at.1 as f32);
        let th = self.title_h as f32;
        let bar = Rect::new(x, y - th, window.width() as f32, th);
        fill_rect(&mut screen, bar, rgb(0xDEDEDE));
        let px = th * 0.45;
        let baseline = bar.center().y + text.cap_height(Face::Sans, px) / 2.0;
        let at = Point::new(bar.center().x, baseline);
        text.draw(
            &mut screen,
            Face::Sans,
            px,
            at,
            Align::Center,
            rgb(0x303030),
            title,
        );
        // Close, maximise and minimise buttons at the right, as GNOME and Windows draw them.
        for (i, colour) in [0xE0443E, 0xC8C8C8, 0xC8C8C8].into_iter().enumerate() {
            let c = Point::new(bar.right() - th * (0.6 + i as f32), bar.center().y);
            fill_circle(&mut screen, c, th * 0.22, rgb(colour));
        }
        image::imageops::replace(&mut screen, window, self.at.0.into(), self.at.1.into());
        screen
    }

    /// A touch on the screen, in the window's coordinates.
    pub fn into_window(self, touch: Touch) -> Touch {
        let (dx, dy) = (self.at.0 as f32, self.at.1 as f32);
        match touch {
            Touch::Down { x, y } => Touch::Down {
                x: x - dx,
                y: y - dy,
            },
            Touch::Move { x, y } => Touch::Move {
                x: x - dx,
                y: y - dy,
            },
            Touch::Up { x, y } => Touch::Up {
                x: x - dx,
                y: y - dy,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    /// The window lands where the desk says, under its title bar, and a touch on the screen
    /// reaches the window at the same spot.
    #[test]
    fn the_window_sits_at_its_place_and_touches_follow_it() {
        let desk = Desk {
            size: (400, 300),
            at: (50, 60),
            colour: rgb(0x334455),
            title_h: 30,
        };
        let window = RgbaImage::from_pixel(100, 80, Rgba([200, 10, 10, 255]));
        let screen = desk.compose(&window, "Sudoku", &mut Typesetter::default());
        assert_eq!(screen.dimensions(), (400, 300));
        assert_eq!(*screen.get_pixel(50, 60), Rgba([200, 10, 10, 255]));
        assert_eq!(*screen.get_pixel(149, 139), Rgba([200, 10, 10, 255]));
        assert_eq!(*screen.get_pixel(150, 140), rgb(0x334455));
        assert_eq!(*screen.get_pixel(20, 45), rgb(0x334455));
        assert_ne!(*screen.get_pixel(60, 45), rgb(0x334455), "no title bar");
        let moved = desk.into_window(Touch::Down { x: 70.0, y: 75.0 });
        assert_eq!(moved, Touch::Down { x: 20.0, y: 15.0 });
    }
}
