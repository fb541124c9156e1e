//! Colours of generated skins: a light or dark theme around one accent hue, the way Material
//! apps derive their tonal palettes (a tone per role, in HSL for brevity), and desktop colours.

use crate::app::draw::Color;
use crate::app::skin::Theme;
use image::Rgba;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::ops::Range;

/// An opaque colour from hue (degrees), saturation and lightness (0..1).
fn hsl(h: f32, s: f32, l: f32) -> Color {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let hp = (h.rem_euclid(360.0)) / 60.0;
    let x = c * (1.0 - (hp % 2.0 - 1.0).abs());
    let (r, g, b) = match hp as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let byte = |v: f32| ((v + m).clamp(0.0, 1.0) * 255.0).round() as u8;
    Rgba([byte(r), byte(g), byte(b), 255])
}

/// A theme and whether it is dark.
pub fn theme(rng: &mut ChaCha8Rng) -> (Theme, bool) {
    let hue = rng.random_range(0.0..360.0);
    let sat = rng.random_range(0.35..0.85);
    let neutral = rng.random_range(0.0..0.2);
    let dark = rng.random_bool(0.35);
    // Tones for each role, light theme first: (light, dark).
    let tone = |light: f32, dark_tone: f32| if dark { dark_tone } else { light };
    // Both ranges are drawn, light first, whichever the theme: a seed keeps its other choices.
    let mut drawn = |light: Range<f32>, dark_range: Range<f32>| {
        let l = rng.random_range(light);
        tone(l, rng.random_range(dark_range))
    };
    let grey = |l: f32| hsl(hue, neutral, l);
    let accent = |l: f32| hsl(hue, sat, l);
    let theme = Theme {
        background: grey(drawn(0.93..1.0, 0.04..0.12)),
        status_bar: grey(tone(0.95, 0.08)),
        status_text: grey(tone(0.15, 0.85)),
        app_bar: grey(tone(0.97, 0.1)),
        title: grey(tone(0.12, 0.92)),
        text: grey(tone(0.15, 0.88)),
        text_dim: grey(tone(0.45, 0.6)),
        grid_fill: grey(drawn(0.97..1.0, 0.08..0.16)),
        thin_line: grey(drawn(0.7..0.86, 0.22..0.32)),
        thick_line: grey(drawn(0.15..0.45, 0.5..0.72)),
        given: grey(drawn(0.04..0.2, 0.86..0.96)),
        entered: accent(drawn(0.3..0.48, 0.62..0.76)),
        wrong: hsl(2.0, 0.75, tone(0.5, 0.64)),
        wrong_fill: hsl(2.0, 0.7, tone(0.92, 0.2)),
        selected: accent(drawn(0.78..0.88, 0.25..0.34)),
        peer: accent(drawn(0.92..0.96, 0.14..0.19)),
        same_digit: accent(drawn(0.84..0.91, 0.2..0.26)),
        given_fill: grey(drawn(0.86..0.93, 0.18..0.24)),
        note: grey(tone(0.4, 0.65)),
        accent: accent(tone(0.42, 0.7)),
        key_fill: accent(tone(0.94, 0.16)),
        key_text: accent(tone(0.38, 0.72)),
        key_disabled: grey(tone(0.78, 0.3)),
        dialog: grey(tone(1.0, 0.14)),
        on_accent: grey(tone(1.0, 0.08)),
    };
    (theme, dark)
}

/// Lines only a little darker (or lighter) than the grid: the faint grids of minimalist apps.
pub fn faint_lines(t: &mut Theme) {
    let mix = |a: Color, b: Color, k: f32| {
        let c = |i: usize| (a.0[i] as f32 + (b.0[i] as f32 - a.0[i] as f32) * k).round() as u8;
        Rgba([c(0), c(1), c(2), 255])
    };
    t.thin_line = mix(t.grid_fill, t.given, 0.12);
    t.thick_line = mix(t.grid_fill, t.given, 0.3);
}

/// A desktop's wallpaper colour.
pub fn desktop(rng: &mut ChaCha8Rng) -> Color {
    let l = if rng.random_bool(0.5) { 0.25 } else { 0.6 };
    hsl(rng.random_range(0.0..360.0), rng.random_range(0.1..0.5), l)
}
