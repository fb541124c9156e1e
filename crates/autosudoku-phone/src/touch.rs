//! The touchscreen as the kernel shows it and as Android's `show_touches` draws it: the panel's
//! ABS_MT ranges (0..4095, not the screen size, as on many real panels), the multi-touch protocol B
//! decoder that turns `sendevent` writes into touches (Linux Documentation/input/multi-touch-protocol),
//! with Android's hover rule, and the touch-dot overlay.

use crate::screen::Touch;
use image::{Rgba, RgbaImage};
use std::time::Duration;

/// The panel reports positions in 0..=ABS_MAX on both axes.
pub const ABS_MAX: i32 = 4095;
/// Slots the panel tracks (ABS_MT_SLOT 0..=9).
pub const SLOTS: usize = 10;

pub const EV_SYN: u16 = 0;
pub const EV_KEY: u16 = 1;
pub const EV_ABS: u16 = 3;
pub const SYN_REPORT: u16 = 0;
pub const BTN_TOUCH: u16 = 0x14a;
pub const ABS_MT_SLOT: u16 = 0x2f;
pub const ABS_MT_TOUCH_MAJOR: u16 = 0x30;
pub const ABS_MT_TOUCH_MINOR: u16 = 0x31;
pub const ABS_MT_ORIENTATION: u16 = 0x34;
pub const ABS_MT_POSITION_X: u16 = 0x35;
pub const ABS_MT_POSITION_Y: u16 = 0x36;
pub const ABS_MT_TRACKING_ID: u16 = 0x39;
pub const ABS_MT_PRESSURE: u16 = 0x3a;

/// Screen pixel → panel unit: `raw = px * (max + 1) / screen_px`.
pub fn to_raw(px: f32, screen_px: u32) -> i32 {
    ((px * (ABS_MAX + 1) as f32) / screen_px as f32)
        .floor()
        .clamp(0.0, ABS_MAX as f32) as i32
}

/// Panel unit → screen pixel, what InputReader computes for the app.
pub fn to_px(raw: i32, screen_px: u32) -> f32 {
    raw.clamp(0, ABS_MAX) as f32 * screen_px as f32 / (ABS_MAX + 1) as f32
}

#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    tracking_id: Option<i32>,
    x: i32,
    y: i32,
    pressure: i32,
}

/// Decodes protocol B events; only slot 0 reaches the app (the Screen is single-touch).
#[derive(Debug, Default)]
pub struct MtDecoder {
    /// The panel declares ABS_MT_PRESSURE (then pressure 0 is a hover).
    reports_pressure: bool,
    /// BTN_TOUCH as last written (the panel declares it; 0 until a finger is down).
    btn_touch: bool,
    slot: usize,
    slots: [Slot; SLOTS],
    /// Slot 0 as last reported at SYN_REPORT: (x, y) while down.
    reported: Option<(i32, i32)>,
}

impl MtDecoder {
    /// A decoder for a panel that declares BTN_TOUCH, and ABS_MT_PRESSURE if `reports_pressure`.
    pub fn new(reports_pressure: bool) -> MtDecoder {
        MtDecoder {
            reports_pressure,
            ..MtDecoder::default()
        }
    }

    /// Feeds one `input_event`; returns the touch it completes (at SYN_REPORT), if any.
    pub fn event(&mut self, kind: u16, code: u16, value: i32, screen: (u32, u32)) -> Option<Touch> {
        match (kind, code) {
            (EV_ABS, ABS_MT_SLOT) => self.slot = (value.max(0) as usize).min(SLOTS - 1),
            (EV_ABS, ABS_MT_TRACKING_ID) => {
                self.slots[self.slot].tracking_id = (value >= 0).then_some(value)
            }
            (EV_ABS, ABS_MT_POSITION_X) => self.slots[self.slot].x = value,
            (EV_ABS, ABS_MT_POSITION_Y) => self.slots[self.slot].y = value,
            (EV_ABS, ABS_MT_PRESSURE) => self.slots[self.slot].pressure = value,
            (EV_KEY, BTN_TOUCH) => self.btn_touch = value != 0,
            (EV_SYN, SYN_REPORT) => return self.report(screen),
            _ => {}
        }
        None
    }

    /// Android's rule (frameworks/native/services/inputflinger/reader/mapper/
    /// MultiTouchInputMapper.cpp `syncTouch`, and TouchButtonAccumulator `isHovering`): a pointer
    /// hovers when BTN_TOUCH is up, or when the panel declares pressure and the slot's is <= 0.
    /// A hovering pointer makes hover events, never a touch the app takes as a tap.
    fn hovering(&self, slot: &Slot) -> bool {
        !self.btn_touch || (self.reports_pressure && slot.pressure <= 0)
    }

    fn report(&mut self, (w, h): (u32, u32)) -> Option<Touch> {
        let s = self.slots[0];
        let px = |x: i32, y: i32| (to_px(x, w), to_px(y, h));
        let contact = s.tracking_id.filter(|_| !self.hovering(&s));
        let touch = match (self.reported, contact) {
            (None, Some(_)) => {
                let (x, y) = px(s.x, s.y);
                Some(Touch::Down { x, y })
            }
            (Some(last), Some(_)) if last != (s.x, s.y) => {
                let (x, y) = px(s.x, s.y);
                Some(Touch::Move { x, y })
            }
            (Some((lx, ly)), None) => {
                let (x, y) = px(lx, ly);
                Some(Touch::Up { x, y })
            }
            _ => None,
        };
        self.reported = contact.map(|_| (s.x, s.y));
        touch
    }
}

/// How long a dot stays after the finger lifts, so a screenshot right after a tap shows it.
const LINGER: Duration = Duration::from_millis(300);

#[derive(Debug, Clone, Copy)]
struct Dot {
    x: f32,
    y: f32,
    up_at: Option<Duration>,
}

/// The `show_touches` dots: one per finger down, fading out shortly after it lifts.
#[derive(Debug, Default)]
pub struct Overlay {
    dots: Vec<Dot>,
}

impl Overlay {
    pub fn record(&mut self, touch: Touch, now: Duration) {
        self.dots
            .retain(|d| d.up_at.is_none_or(|t| now.saturating_sub(t) < LINGER));
        match touch {
            Touch::Down { x, y } => self.dots.push(Dot { x, y, up_at: None }),
            Touch::Move { x, y } => {
                if let Some(d) = self.dots.iter_mut().rev().find(|d| d.up_at.is_none()) {
                    (d.x, d.y) = (x, y);
                }
            }
            Touch::Up { x, y } => {
                if let Some(d) = self.dots.iter_mut().rev().find(|d| d.up_at.is_none()) {
                    *d = Dot {
                        x,
                        y,
                        up_at: Some(now),
                    };
                }
            }
        }
    }

    /// Blends the visible dots onto `frame`: a translucent white disc with a grey rim, radius
    /// scaled by density like the framework's pointer location circles.
    pub fn draw(&self, frame: &mut RgbaImage, now: Duration, density: u32) {
        let radius = (density as f32 / 10.0).max(6.0);
        for dot in self
            .dots
            .iter()
            .filter(|d| d.up_at.is_none_or(|t| now.saturating_sub(t) < LINGER))
        {
            let (x0, x1) = (
                (dot.x - radius).floor().max(0.0) as u32,
                (dot.x + radius).ceil() as u32,
            );
            let (y0, y1) = (
                (dot.y - radius).floor().max(0.0) as u32,
                (dot.y + radius).ceil() as u32,
            );
            for y in y0..y1.min(frame.height()) {
                for x in x0..x1.min(frame.width()) {
                    let d = ((x as f32 + 0.5 - dot.x).powi(2) + (y as f32 + 0.5 - dot.y).powi(2))
                        .sqrt();
                    let (color, alpha) = if d > radius {
                        continue;
                    } else if d > radius - 3.0 {
                        (96.0, 0.8)
                    } else {
                        (255.0, 0.55)
                    };
                    let p = frame.get_pixel_mut(x, y);
                    for c in 0..3 {
                        p.0[c] = (f32::from(p.0[c]) * (1.0 - alpha) + color * alpha) as u8;
                    }
                    *p = Rgba([p.0[0], p.0[1], p.0[2], 255]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The touches a protocol B tap at the screen's centre makes, written with `pressure` (none:
    /// not written) on a panel that does or does not declare pressure.
    fn tap(reports_pressure: bool, pressure: Option<i32>) -> Vec<Touch> {
        let screen = (1080, 2400);
        let mut dec = MtDecoder::new(reports_pressure);
        let (rx, ry) = (to_raw(540.0, 1080), to_raw(1200.0, 2400));
        let mut events = vec![
            (EV_ABS, ABS_MT_SLOT, 0),
            (EV_ABS, ABS_MT_TRACKING_ID, 5),
            (EV_ABS, ABS_MT_POSITION_X, rx),
            (EV_ABS, ABS_MT_POSITION_Y, ry),
        ];
        events.extend(pressure.map(|p| (EV_ABS, ABS_MT_PRESSURE, p)));
        events.extend([
            (EV_KEY, BTN_TOUCH, 1),
            (EV_SYN, SYN_REPORT, 0),
            (EV_ABS, ABS_MT_TRACKING_ID, -1),
            (EV_KEY, BTN_TOUCH, 0),
            (EV_SYN, SYN_REPORT, 0),
        ]);
        events
            .into_iter()
            .filter_map(|(t, c, v)| dec.event(t, c, v, screen))
            .collect()
    }

    #[test]
    fn protocol_b_tap_becomes_down_and_up() {
        let touches = tap(false, None);
        assert_eq!(touches.len(), 2);
        match (touches[0], touches[1]) {
            (Touch::Down { x, y }, Touch::Up { x: ux, .. }) => {
                assert!(
                    (x - 540.0).abs() < 1.0 && (y - 1200.0).abs() < 1.0,
                    "{x},{y}"
                );
                assert_eq!(x, ux);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn without_pressure_a_pressure_panel_only_hovers() {
        assert!(tap(true, None).is_empty());
        assert!(tap(true, Some(0)).is_empty());
        assert_eq!(tap(true, Some(40)).len(), 2);
        // A panel without the axis ignores it.
        assert_eq!(tap(false, Some(0)).len(), 2);
    }
}
