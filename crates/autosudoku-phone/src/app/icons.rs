//! Vector icons drawn as strokes and filled shapes (never words): toolbar (undo, eraser, pencil, bulb),
//! app bar (back, pause), status bar (signal, wifi, battery) and dialog badges (star, check, cross).
//! Each takes the square it fits in and a stroke width.

use super::draw::{
    arc, fill_circle, fill_polygon, fill_rect, fill_rounded_rect, stroke_line, stroke_polyline,
    stroke_rounded_rect, Color,
};
use super::geometry::{Point, Rect};
use image::RgbaImage;
use std::f32::consts::PI;

/// A point of the icon's box in units of its side, (0,0) top-left, (1,1) bottom-right.
fn at(b: Rect, u: f32, v: f32) -> Point {
    Point::new(b.x + u * b.w, b.y + v * b.h)
}

/// The points `uv` of the icon's box (see `at`), in order.
fn points(b: Rect, uv: &[(f32, f32)]) -> Vec<Point> {
    uv.iter().map(|&(u, v)| at(b, u, v)).collect()
}

/// The Material-style undo arrow: a hook turning back to the left, chevron at its tip.
pub fn undo(img: &mut RgbaImage, b: Rect, sw: f32, c: Color) {
    let s = b.w;
    let turn = at(b, 0.58, 0.52);
    let mut path = vec![at(b, 0.22, 0.36)];
    path.extend(arc(turn, 0.16 * s, -PI / 2.0, PI / 2.0, 16));
    path.push(at(b, 0.34, 0.68));
    stroke_polyline(img, &path, sw, c);
    stroke_polyline(
        img,
        &points(b, &[(0.36, 0.21), (0.2, 0.36), (0.36, 0.51)]),
        sw,
        c,
    );
}

/// An eraser lying at 45°, its working end filled, over a base line.
pub fn eraser(img: &mut RgbaImage, b: Rect, sw: f32, c: Color) {
    let outline = points(
        b,
        &[
            (0.52, 0.16),
            (0.86, 0.5),
            (0.52, 0.84),
            (0.18, 0.5),
            (0.52, 0.16),
        ],
    );
    stroke_polyline(img, &outline, sw, c);
    fill_polygon(
        img,
        &points(b, &[(0.18, 0.5), (0.35, 0.33), (0.69, 0.67), (0.52, 0.84)]),
        c,
    );
    stroke_line(img, at(b, 0.52, 0.86), at(b, 0.88, 0.86), sw, c);
}

/// A pencil at 45°, point down-left.
pub fn pencil(img: &mut RgbaImage, b: Rect, sw: f32, c: Color) {
    let body = points(
        b,
        &[
            (0.68, 0.14),
            (0.86, 0.32),
            (0.36, 0.82),
            (0.14, 0.86),
            (0.18, 0.64),
            (0.68, 0.14),
        ],
    );
    stroke_polyline(img, &body, sw, c);
    stroke_line(img, at(b, 0.59, 0.23), at(b, 0.77, 0.41), sw, c);
    fill_polygon(
        img,
        &points(b, &[(0.14, 0.86), (0.17, 0.72), (0.28, 0.83)]),
        c,
    );
}

/// A light bulb: a globe open at the bottom, a neck and two base lines.
pub fn bulb(img: &mut RgbaImage, b: Rect, sw: f32, c: Color) {
    let s = b.w;
    let globe = arc(at(b, 0.5, 0.4), 0.24 * s, 0.75 * PI, 2.25 * PI, 28);
    let (first, last) = (globe[0], globe[globe.len() - 1]);
    let mut path = vec![at(b, 0.4, 0.66)];
    path.push(first);
    path.extend(globe);
    path.push(last);
    path.push(at(b, 0.6, 0.66));
    path.push(at(b, 0.4, 0.66));
    stroke_polyline(img, &path, sw, c);
    stroke_line(img, at(b, 0.41, 0.76), at(b, 0.59, 0.76), sw, c);
    stroke_line(img, at(b, 0.44, 0.85), at(b, 0.56, 0.85), sw, c);
}

/// A left arrow.
pub fn back(img: &mut RgbaImage, b: Rect, sw: f32, c: Color) {
    stroke_line(img, at(b, 0.2, 0.5), at(b, 0.82, 0.5), sw, c);
    stroke_polyline(
        img,
        &points(b, &[(0.45, 0.25), (0.2, 0.5), (0.45, 0.75)]),
        sw,
        c,
    );
}

/// Two bars.
pub fn pause(img: &mut RgbaImage, b: Rect, sw: f32, c: Color) {
    stroke_line(img, at(b, 0.38, 0.25), at(b, 0.38, 0.75), sw * 1.3, c);
    stroke_line(img, at(b, 0.62, 0.25), at(b, 0.62, 0.75), sw * 1.3, c);
}

/// A battery outline with its charge `level` (0..=1) filled.
pub fn battery(img: &mut RgbaImage, b: Rect, level: f32, c: Color) {
    let body = Rect::new(b.x, b.y + b.h * 0.28, b.w * 0.88, b.h * 0.44);
    let sw = (b.h * 0.06).max(1.0);
    stroke_rounded_rect(img, body, body.h * 0.2, sw, c);
    let inner = body.inset(sw * 2.0);
    fill_rounded_rect(
        img,
        Rect::new(inner.x, inner.y, inner.w * level, inner.h),
        sw,
        c,
    );
    fill_rect(
        img,
        Rect::new(body.right(), b.y + b.h * 0.42, b.w * 0.08, b.h * 0.16),
        c,
    );
}

/// Cell signal: a filled right triangle.
pub fn signal(img: &mut RgbaImage, b: Rect, c: Color) {
    fill_polygon(img, &points(b, &[(0.1, 0.8), (0.9, 0.8), (0.9, 0.2)]), c);
}

/// Wi-Fi: a filled quarter-circle fan.
pub fn wifi(img: &mut RgbaImage, b: Rect, c: Color) {
    let mut pts = vec![at(b, 0.5, 0.82)];
    pts.extend(arc(at(b, 0.5, 0.82), b.w * 0.5, 1.25 * PI, 1.75 * PI, 12));
    fill_polygon(img, &pts, c);
}

/// A five-pointed star, filled.
pub fn star(img: &mut RgbaImage, b: Rect, c: Color) {
    let center = at(b, 0.5, 0.54);
    let pts: Vec<Point> = (0..10)
        .map(|i| {
            let r = if i % 2 == 0 { b.w * 0.48 } else { b.w * 0.2 };
            let t = -PI / 2.0 + i as f32 * PI / 5.0;
            Point::new(center.x + r * t.cos(), center.y + r * t.sin())
        })
        .collect();
    fill_polygon(img, &pts, c);
}

/// A filled disc with a check mark.
pub fn check_badge(img: &mut RgbaImage, b: Rect, fill: Color, mark: Color) {
    fill_circle(img, b.center(), b.w / 2.0, fill);
    stroke_polyline(
        img,
        &points(b, &[(0.28, 0.52), (0.44, 0.67), (0.73, 0.36)]),
        b.w * 0.09,
        mark,
    );
}

/// A filled disc with a cross.
pub fn cross_badge(img: &mut RgbaImage, b: Rect, fill: Color, mark: Color) {
    fill_circle(img, b.center(), b.w / 2.0, fill);
    cross(img, b.inset(b.w * 0.3), b.w * 0.09, mark);
}

/// An X.
pub fn cross(img: &mut RgbaImage, b: Rect, sw: f32, c: Color) {
    stroke_line(img, at(b, 0.0, 0.0), at(b, 1.0, 1.0), sw, c);
    stroke_line(img, at(b, 1.0, 0.0), at(b, 0.0, 1.0), sw, c);
}

/// A filled disc with a play triangle.
pub fn play_badge(img: &mut RgbaImage, b: Rect, fill: Color, mark: Color) {
    fill_circle(img, b.center(), b.w / 2.0, fill);
    fill_polygon(
        img,
        &points(b, &[(0.4, 0.3), (0.72, 0.5), (0.4, 0.7)]),
        mark,
    );
}
