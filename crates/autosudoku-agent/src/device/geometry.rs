//! Screen coordinates: display `Rotation`, and the mapping from a screenshot pixel (`Point`,
//! `Size`, from `crate::geometry`) to what each input path expects (logical display coordinates for
//! `input tap` and Monkey, raw touchscreen units in the panel's natural orientation for `sendevent`).

pub use crate::geometry::{Point, Size};
use serde::Serialize;
use std::fmt;

/// Display rotation as Android numbers it (`Surface.ROTATION_*`): the content is turned this many
/// quarter turns counter-clockwise from the panel's natural orientation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default)]
#[serde(into = "u16")]
pub enum Rotation {
    #[default]
    R0,
    R90,
    R180,
    R270,
}

impl Rotation {
    /// From `Surface.ROTATION_*` (0..=3).
    pub fn from_quarter_turns(n: u32) -> Option<Self> {
        match n {
            0 => Some(Rotation::R0),
            1 => Some(Rotation::R90),
            2 => Some(Rotation::R180),
            3 => Some(Rotation::R270),
            _ => None,
        }
    }

    pub const fn degrees(self) -> u16 {
        match self {
            Rotation::R0 => 0,
            Rotation::R90 => 90,
            Rotation::R180 => 180,
            Rotation::R270 => 270,
        }
    }

    /// Whether width and height are swapped relative to the natural orientation.
    pub const fn is_quarter(self) -> bool {
        matches!(self, Rotation::R90 | Rotation::R270)
    }
}

impl From<Rotation> for u16 {
    fn from(r: Rotation) -> u16 {
        r.degrees()
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}°", self.degrees())
    }
}

/// The touchscreen's declared `ABS_MT_POSITION_X/Y` ranges (from `getevent -lp`), in the panel's
/// natural orientation. They often differ from the screen size (e.g. 0..4095).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TouchRange {
    pub min_x: i32,
    pub max_x: i32,
    pub min_y: i32,
    pub max_y: i32,
}

/// Maps a screenshot pixel to input coordinates. Built from the screenshot it applies to, so a tap
/// computed for one screen size or rotation is never sent to another (see `ScreenMap::check`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ScreenMap {
    /// Size of the screenshot the points come from (current orientation).
    pub screenshot: Size,
    /// Logical display size in the current orientation (what `input tap` addresses).
    pub display: Size,
    pub rotation: Rotation,
}

impl ScreenMap {
    /// `display_natural` is `wm size` (the effective size, natural orientation).
    pub fn new(screenshot: Size, display_natural: Size, rotation: Rotation) -> Self {
        let display = if rotation.is_quarter() {
            display_natural.transposed()
        } else {
            display_natural
        };
        ScreenMap {
            screenshot,
            display,
            rotation,
        }
    }

    /// A point for `input tap` / Monkey: display coordinates of the current orientation. Screenshots
    /// are normally display-sized (factor 1); a scaled capture maps through pixel centres.
    pub fn to_display(&self, p: Point) -> Point {
        Point::new(
            scale_centre(p.x, self.screenshot.width, self.display.width),
            scale_centre(p.y, self.screenshot.height, self.display.height),
        )
    }

    /// The display point turned back into the panel's natural orientation (what the touch panel
    /// reports). Inverse of AOSP TouchInputMapper's rotation: for ROTATION_90 it computes
    /// `x' = y`, `y' = W - 1 - x` from natural `(x, y)` on a panel `W` wide.
    pub fn to_natural(&self, p: Point) -> Point {
        let d = self.to_display(p);
        let (w, h) = (self.display.width, self.display.height);
        match self.rotation {
            Rotation::R0 => d,
            // Displayed width is the natural height and vice versa.
            Rotation::R90 => Point::new(h - 1 - d.y, d.x),
            Rotation::R180 => Point::new(w - 1 - d.x, h - 1 - d.y),
            Rotation::R270 => Point::new(d.y, w - 1 - d.x),
        }
    }

    /// Natural display size (the panel, rotation 0).
    pub fn natural(&self) -> Size {
        if self.rotation.is_quarter() {
            self.display.transposed()
        } else {
            self.display
        }
    }

    /// Raw touchscreen units for a screenshot pixel: `raw = min + px * (max - min + 1) / screen_px`
    /// on each natural axis, sampling the pixel centre.
    pub fn to_touch(&self, p: Point, range: &TouchRange) -> (i32, i32) {
        let n = self.to_natural(p);
        let natural = self.natural();
        (
            scale_axis(n.x, natural.width, range.min_x, range.max_x),
            scale_axis(n.y, natural.height, range.min_y, range.max_y),
        )
    }

    /// Refuses a point outside the screenshot this map was built for.
    pub fn check(&self, p: Point) -> Result<Point, Point> {
        if self.screenshot.contains(p) {
            Ok(p)
        } else {
            Err(p)
        }
    }
}

/// Pixel `i` of an axis `from` long, mapped to the pixel of an axis `to` long that contains its centre.
fn scale_centre(i: u32, from: u32, to: u32) -> u32 {
    if from == to || from == 0 {
        return i;
    }
    let v = ((2 * u64::from(i) + 1) * u64::from(to)) / (2 * u64::from(from));
    (v as u32).min(to.saturating_sub(1))
}

fn scale_axis(px: u32, screen: u32, min: i32, max: i32) -> i32 {
    let span = i64::from(max) - i64::from(min) + 1;
    let screen = i64::from(screen.max(1));
    // Pixel centre, so that the device's inverse mapping lands back inside the same pixel.
    let raw = i64::from(min) + ((2 * i64::from(px) + 1) * span) / (2 * screen);
    raw.clamp(i64::from(min), i64::from(max)) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    const PORTRAIT: Size = Size::new(1080, 2400);

    /// What a touchscreen driver plus AOSP's mapper would do: raw → natural px → display px.
    fn device_side(raw: (i32, i32), range: &TouchRange, natural: Size, rot: Rotation) -> Point {
        let nx = (i64::from(raw.0 - range.min_x) * i64::from(natural.width)
            / i64::from(range.max_x - range.min_x + 1)) as u32;
        let ny = (i64::from(raw.1 - range.min_y) * i64::from(natural.height)
            / i64::from(range.max_y - range.min_y + 1)) as u32;
        let (w, h) = (natural.width, natural.height);
        match rot {
            Rotation::R0 => Point::new(nx, ny),
            Rotation::R90 => Point::new(ny, w - 1 - nx),
            Rotation::R180 => Point::new(w - 1 - nx, h - 1 - ny),
            Rotation::R270 => Point::new(h - 1 - ny, nx),
        }
    }

    #[test]
    fn identity_when_screenshot_is_display_sized() {
        let map = ScreenMap::new(PORTRAIT, PORTRAIT, Rotation::R0);
        for p in [
            Point::new(0, 0),
            Point::new(1079, 2399),
            Point::new(540, 1200),
        ] {
            assert_eq!(map.to_display(p), p);
            assert_eq!(map.to_natural(p), p);
        }
    }

    #[test]
    fn landscape_display_swaps_axes() {
        let map = ScreenMap::new(PORTRAIT.transposed(), PORTRAIT, Rotation::R90);
        assert_eq!(map.display, Size::new(2400, 1080));
        // ROTATION_90: the picture's top-left is the panel's natural top-right corner.
        assert_eq!(map.to_natural(Point::new(0, 0)), Point::new(1079, 0));
        assert_eq!(map.to_natural(Point::new(2399, 0)), Point::new(1079, 2399));
        let map = ScreenMap::new(PORTRAIT.transposed(), PORTRAIT, Rotation::R270);
        assert_eq!(map.to_natural(Point::new(0, 0)), Point::new(0, 2399));
    }

    #[test]
    fn scaled_screenshot_maps_through_pixel_centres() {
        let map = ScreenMap::new(Size::new(540, 1200), PORTRAIT, Rotation::R0);
        assert_eq!(map.to_display(Point::new(0, 0)), Point::new(1, 1));
        assert_eq!(
            map.to_display(Point::new(539, 1199)),
            Point::new(1079, 2399)
        );
    }

    #[test]
    fn touch_ranges_round_trip_to_the_same_pixel_in_every_rotation() {
        let ranges = [
            TouchRange {
                min_x: 0,
                max_x: 1079,
                min_y: 0,
                max_y: 2399,
            },
            TouchRange {
                min_x: 0,
                max_x: 4095,
                min_y: 0,
                max_y: 4095,
            },
            TouchRange {
                min_x: -100,
                max_x: 32767,
                min_y: 17,
                max_y: 20000,
            },
        ];
        for rot in [Rotation::R0, Rotation::R90, Rotation::R180, Rotation::R270] {
            let shot = if rot.is_quarter() {
                PORTRAIT.transposed()
            } else {
                PORTRAIT
            };
            let map = ScreenMap::new(shot, PORTRAIT, rot);
            for range in &ranges {
                for p in [
                    Point::new(0, 0),
                    Point::new(shot.width - 1, 0),
                    Point::new(0, shot.height - 1),
                    Point::new(shot.width - 1, shot.height - 1),
                    Point::new(123, 457),
                ] {
                    let raw = map.to_touch(p, range);
                    assert!(
                        raw.0 >= range.min_x && raw.0 <= range.max_x,
                        "{raw:?} {range:?}"
                    );
                    assert!(
                        raw.1 >= range.min_y && raw.1 <= range.max_y,
                        "{raw:?} {range:?}"
                    );
                    assert_eq!(device_side(raw, range, PORTRAIT, rot), p, "{rot} {range:?}");
                }
            }
        }
    }

    #[test]
    fn check_refuses_points_off_the_screenshot() {
        let map = ScreenMap::new(PORTRAIT, PORTRAIT, Rotation::R0);
        assert!(map.check(Point::new(1079, 2399)).is_ok());
        assert_eq!(map.check(Point::new(1080, 5)), Err(Point::new(1080, 5)));
    }
}
