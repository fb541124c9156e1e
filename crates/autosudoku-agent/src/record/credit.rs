//! Which moves a frame of a recording (the phone's own video, or host captures) shows, judged by
//! its pixels. Times alone cannot place a move on a frame: a phone confirms input before the app
//! draws it, its recorder samples the screen late, or skips a sample, when it is busy, and a host
//! capture is taken some time after it was asked for. The app handles moves in the order they
//! were sent, so a frame shows every move up to the last one whose cell changed since the frame
//! before. A cell changes when its ink does (what differs from the cell's own background, so a
//! highlight moving over it is no change). A move with no cell tap to look at (hardware keys), or
//! whose change went unseen, counts once it is old enough.

use super::timeline::{seen_by, Moved, SHOWN_AFTER};
use super::Tap;
use crate::device::Point;
use image::RgbaImage;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// A move whose cell showed no change is counted this long after its confirmation anyway, so a
/// change the pixels missed holds the label back at most this long.
const UNSEEN_AFTER: Duration = Duration::from_secs(1);
/// A pixel is ink when its colour differs from the window's background by more than this (sum
/// of the channels' differences): a digit on its cell differs by 300 and more, a highlight's
/// tint by under 100.
const INK: u32 = 120;
/// A cell changed when more than 1/16 of its window's pixels turned to ink or from it (a digit
/// at the GIF's size fills about a fifth of it).
const CHANGED: usize = 16;

/// The moves of a recording, credited to frames as they show.
pub struct Credit {
    start: String,
    moves: Vec<Moved>,
    loose: Vec<Tap>,
    /// Moves shown by the frames so far.
    shown: usize,
    before: Option<(RgbaImage, Instant)>,
    /// Screen pixels to frame pixels.
    scale: (f32, f32),
}

impl Credit {
    /// `start` is the label before any move; `loose` taps belong to no move; `scale` turns
    /// screen points into the frames' pixels.
    pub fn new(start: String, moves: Vec<Moved>, loose: Vec<Tap>, scale: (f32, f32)) -> Credit {
        Credit {
            start,
            moves,
            loose,
            shown: 0,
            before: None,
            scale,
        }
    }

    /// Learns the moves told since it was made, `start`, `moves` and `loose` as for `new`: they
    /// hold every move so far (a run's moves only grow, so those frames have shown stay as they
    /// were).
    pub fn learn(&mut self, start: String, moves: Vec<Moved>, loose: Vec<Tap>) {
        (self.start, self.moves, self.loose) = (start, moves, loose);
    }

    fn to_frame(&self, p: Point) -> Point {
        let x = (p.x as f32 * self.scale.0) as u32;
        Point::new(x, (p.y as f32 * self.scale.1) as u32)
    }

    /// The label and the taps (in frame pixels) to draw on `frame`, captured at `at` (never
    /// later than it was).
    pub fn frame(&mut self, frame: &RgbaImage, at: Instant) -> (String, Vec<Point>) {
        let reach = self.reach(frame, at);
        let mut taps: Vec<Point> = self.moves[self.shown..reach]
            .iter()
            .flat_map(|m| m.taps.iter().map(|t| t.point))
            .collect();
        let after = self.before.as_ref().map(|(_, t)| seen_by(*t));
        let loose = self
            .loose
            .iter()
            .filter(|t| t.at <= seen_by(at) && after.is_none_or(|a| t.at > a));
        taps.extend(loose.map(|t| t.point));
        let taps = taps.into_iter().map(|p| self.to_frame(p)).collect();
        self.shown = reach;
        self.before = Some((frame.clone(), at));
        let label = match reach {
            0 => self.start.clone(),
            n => self.moves[n - 1].label.clone(),
        };
        (label, taps)
    }

    /// How many moves `frame` shows: up to the last whose cell changed since the frame before
    /// (the first move pending on a cell owns its change), or that is old enough to count.
    fn reach(&self, frame: &RgbaImage, at: Instant) -> usize {
        let mut reach = self.shown;
        let mut looked: HashMap<Point, bool> = HashMap::new();
        for (i, m) in self.moves.iter().enumerate().skip(self.shown) {
            let cell = m
                .taps
                .iter()
                .find(|t| t.on_cell)
                .map(|t| self.to_frame(t.point));
            let old = match cell {
                Some(_) => UNSEEN_AFTER,
                None => SHOWN_AFTER,
            };
            let changed = match (cell, &self.before) {
                (Some(p), Some((before, _))) if !looked.contains_key(&p) => {
                    let changed = ink_changed(before, frame, p, window(frame));
                    *looked.entry(p).or_default() = changed;
                    changed
                }
                _ => false,
            };
            if changed || m.at + old <= at {
                reach = i + 1;
            }
        }
        reach
    }
}

/// Half the side of the window looked at around a cell tap: as large as a tap marker, inside
/// the cell on any phone's board.
fn window(frame: &RgbaImage) -> u32 {
    (frame.width() / 40).max(4)
}

/// Whether the ink within `half` pixels of `p` differs between the two frames.
fn ink_changed(before: &RgbaImage, now: &RgbaImage, p: Point, half: u32) -> bool {
    if before.dimensions() != now.dimensions() {
        return true;
    }
    let (a, b) = (ink(before, p, half), ink(now, p, half));
    let differ = a.iter().zip(&b).filter(|(x, y)| x != y).count();
    differ * CHANGED > a.len()
}

/// Which pixels of the window around `p` are ink: far from the window's commonest colour.
fn ink(frame: &RgbaImage, p: Point, half: u32) -> Vec<bool> {
    let (x0, y0) = (p.x.saturating_sub(half), p.y.saturating_sub(half));
    let x1 = (p.x + half).min(frame.width().saturating_sub(1));
    let y1 = (p.y + half).min(frame.height().saturating_sub(1));
    let pixels: Vec<[u8; 4]> = (y0..=y1)
        .flat_map(|y| (x0..=x1).map(move |x| (x, y)))
        .map(|(x, y)| frame.get_pixel(x, y).0)
        .collect();
    let mut counts: HashMap<[u8; 4], usize> = HashMap::new();
    for px in &pixels {
        *counts.entry(*px).or_default() += 1;
    }
    let background = counts.into_iter().max_by_key(|c| c.1).map(|c| c.0);
    let Some(bg) = background else {
        return Vec::new();
    };
    let far = |px: &[u8; 4]| (0..3).map(|i| px[i].abs_diff(bg[i]) as u32).sum::<u32>() > INK;
    pixels.iter().map(far).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    const WHITE: Rgba<u8> = Rgba([255, 255, 255, 255]);
    const TINT: Rgba<u8> = Rgba([200, 220, 250, 255]);

    /// A 400x400 screen of background `bg` with a dark digit-like bar at each of `digits`.
    fn screen(bg: Rgba<u8>, digits: &[(u32, u32)]) -> RgbaImage {
        let mut img = RgbaImage::from_pixel(400, 400, bg);
        for &(x, y) in digits {
            for dy in 0..8 {
                for dx in 0..4 {
                    img.put_pixel(x + dx, y + dy - 4, Rgba([40, 80, 200, 255]));
                }
            }
        }
        img
    }

    fn moved(at: Instant, label: &str, cell: Point) -> Moved {
        let tap = |point, on_cell| Tap { at, point, on_cell };
        Moved {
            at,
            label: label.into(),
            taps: vec![tap(cell, true), tap(Point::new(390, 390), false)],
        }
    }

    #[test]
    fn a_move_counts_on_the_frame_its_digit_appears_and_not_before() {
        let t = Instant::now();
        let ms = |n| t + Duration::from_millis(n);
        let moves = vec![
            moved(ms(10), "1/2", Point::new(100, 100)),
            moved(ms(20), "2/2", Point::new(200, 200)),
        ];
        let mut credit = Credit::new("0/2".into(), moves, Vec::new(), (1.0, 1.0));
        assert_eq!(credit.frame(&screen(WHITE, &[]), ms(0)).0, "0/2");
        // Both moves confirmed, the first cell only selected (tinted): nothing shown yet.
        let (label, taps) = credit.frame(&screen(TINT, &[]), ms(100));
        assert_eq!((label.as_str(), taps.len()), ("0/2", 0));
        // The first digit appears: its move with both its taps.
        let (label, taps) = credit.frame(&screen(WHITE, &[(100, 100)]), ms(200));
        assert_eq!(label, "1/2");
        assert_eq!(taps, [Point::new(100, 100), Point::new(390, 390)]);
        let two = screen(WHITE, &[(100, 100), (200, 200)]);
        assert_eq!(credit.frame(&two, ms(300)).0, "2/2");
    }

    #[test]
    fn a_change_the_pixels_miss_counts_once_it_is_old() {
        let t = Instant::now();
        let moves = vec![moved(t, "1/1", Point::new(100, 100))];
        let mut credit = Credit::new("0/1".into(), moves, Vec::new(), (1.0, 1.0));
        credit.frame(&screen(WHITE, &[]), t);
        assert_eq!(credit.frame(&screen(WHITE, &[]), t).0, "0/1");
        let late = t + UNSEEN_AFTER;
        assert_eq!(credit.frame(&screen(WHITE, &[]), late).0, "1/1");
    }
}
