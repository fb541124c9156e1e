//! Generated skins: one seed, one app as a user might own it. The seed picks what real apps
//! vary (screen and density, or a desktop window with the board small inside; light or dark
//! colours; a font file of the machine's; digit size; lines; how givens differ from entries;
//! highlights; a text cursor; a banner; JPEG and scaling for stills) and names every choice in
//! `style`, so a benchmark can score the reader per choice.

use super::catalog::CLASSIC;
use super::{Banner, Frame, GivenMark, Highlight, Keypad, Skin, SkinName};
use crate::app::draw::Color;
use crate::app::fonts;
use crate::app::text::Face;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Map, Value};

mod palette;

/// A desktop window the app is drawn in, on a larger screen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Desk {
    /// The whole screen.
    pub size: (u32, u32),
    /// The app's top-left corner on it.
    pub at: (u32, u32),
    pub colour: Color,
    /// The window's title bar, above the app.
    pub title_h: u32,
}

/// Everything a seed decides.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The skin, its `size` the app's own (the window's, inside a desk).
    pub skin: Skin,
    pub desk: Option<Desk>,
    /// Cells played before a still is taken.
    pub moves: usize,
    /// Blank cells given pencil marks in a still.
    pub noted: usize,
    /// A wrong digit that repeats in its row, shown in red, in a still.
    pub conflict: bool,
    /// A still's scale (1 keeps the screen's pixels).
    pub scale: f32,
    /// Every choice, by dimension name.
    pub style: Map<String, Value>,
}

/// The skin and screen of seed `seed`.
pub fn generate(seed: u64) -> Generated {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED_5C1E_0000_0000);
    let mut style = Map::new();
    let mut note = |k: &str, v: Value| {
        style.insert(k.to_owned(), v);
    };
    let (size, density, desk, screen) = screen(&mut rng);
    note("screen", screen.into());
    let (theme, dark) = palette::theme(&mut rng);
    note("theme", if dark { "dark" } else { "light" }.into());
    let mut skin = Skin {
        name: SkinName::Random,
        title: "Sudoku",
        package: "com.autosudoku.random",
        size,
        density,
        theme,
        ..CLASSIC
    };
    lines(&mut rng, &mut skin, &mut note);
    faces(&mut rng, &mut skin, &mut note);
    cue(&mut rng, &mut skin, &mut note);
    extras(&mut rng, &mut skin, &mut note);
    let moves = rng.random_range(0..=30);
    let noted = *[0, 0, 3, 8].choose(&mut rng).unwrap_or(&0);
    let conflict = moves > 0 && rng.random_bool(0.15);
    let scale = *[1.0, 1.0, 1.0, 0.75, 0.5].choose(&mut rng).unwrap_or(&1.0);
    note(
        "entries",
        bucket(moves, &[(0, "none"), (10, "few"), (31, "many")]).into(),
    );
    note("notes", (noted > 0).into());
    note("conflict", conflict.into());
    note("scale", scale.into());
    Generated {
        skin,
        desk,
        moves,
        noted,
        conflict,
        scale,
        style,
    }
}

/// The name of the first bucket whose bound `n` stays under.
fn bucket(n: usize, bounds: &[(usize, &'static str)]) -> &'static str {
    bounds
        .iter()
        .find(|(b, _)| n <= *b)
        .or(bounds.last())
        .map_or("", |(_, name)| name)
}

/// Phones from 720x1280 to 1440x3200 (and 1344x2992), tablets both ways, and desktop windows.
fn screen(rng: &mut ChaCha8Rng) -> ((u32, u32), u32, Option<Desk>, &'static str) {
    const PHONES: [(u32, u32, u32); 8] = [
        (720, 1280, 320),
        (1080, 1920, 420),
        (1080, 2340, 420),
        (1080, 2400, 440),
        (1170, 2532, 460),
        (1440, 3120, 560),
        (1440, 3200, 560),
        (1344, 2992, 480),
    ];
    const TABLETS: [(u32, u32, u32); 4] = [
        (1600, 2560, 320),
        (2560, 1600, 320),
        (1200, 1920, 240),
        (1920, 1200, 240),
    ];
    match rng.random_range(0..10) {
        0..=5 => {
            let &(w, h, d) = PHONES.choose(rng).unwrap_or(&PHONES[3]);
            let kind = if h as f32 / w as f32 > 2.1 {
                "tall-phone"
            } else {
                "phone"
            };
            ((w, h), d, None, kind)
        }
        6..=7 => {
            let &(w, h, d) = TABLETS.choose(rng).unwrap_or(&TABLETS[0]);
            ((w, h), d, None, "tablet")
        }
        _ => desk(rng),
    }
}

/// A window of 360–900 dp on a desktop screen, the board a small part of the screen.
fn desk(rng: &mut ChaCha8Rng) -> ((u32, u32), u32, Option<Desk>, &'static str) {
    const SCREENS: [(u32, u32); 4] = [(1366, 768), (1920, 1080), (2560, 1440), (3840, 2160)];
    let &(sw, sh) = SCREENS.choose(rng).unwrap_or(&SCREENS[1]);
    let density = if sw >= 2560 { 240 } else { 160 };
    let dp = density as f32 / 160.0;
    let title_h = (30.0 * dp) as u32;
    let max_h = sh - title_h - 40;
    let h = ((rng.random_range(560.0..900.0) * dp) as u32).min(max_h);
    let w = if rng.random_bool(0.3) {
        (h as f32 * rng.random_range(1.2..1.6)) as u32
    } else {
        (h as f32 * rng.random_range(0.55..0.8)) as u32
    }
    .min(sw - 40);
    let at = (
        rng.random_range(20..=sw - w - 20),
        rng.random_range(title_h + 10..=sh - h - 10),
    );
    let colour = palette::desktop(rng);
    let desk = Desk {
        size: (sw, sh),
        at,
        colour,
        title_h,
    };
    ((w, h), density, Some(desk), "desktop-window")
}

type Note<'a> = dyn FnMut(&str, Value) + 'a;

/// Framed, borderless, box panels, rounded tiles, or faint lines; thin and thick widths.
fn lines(rng: &mut ChaCha8Rng, skin: &mut Skin, note: &mut Note) {
    let kind = *["framed", "framed", "borderless", "panels", "tiles", "faint"]
        .choose(rng)
        .unwrap_or(&"framed");
    skin.thin_dp = rng.random_range(0.4..1.2);
    skin.thick_dp = skin.thin_dp + rng.random_range(0.6..2.6);
    skin.frame = match kind {
        "borderless" => Frame::Borderless,
        "panels" => Frame::Panels,
        "tiles" => Frame::Tiles,
        _ => Frame::Lines,
    };
    skin.box_gap_dp = rng.random_range(3.0..8.0);
    if kind == "tiles" {
        skin.thin_dp = rng.random_range(1.5..3.0);
        skin.thick_dp = skin.thin_dp + rng.random_range(1.0..4.0);
    }
    if kind == "faint" {
        palette::faint_lines(&mut skin.theme);
    }
    skin.corner_dp = rng.random_range(2.0..16.0);
    note("lines", kind.into());
}

/// The digits' font (a machine font file, or an embedded face), its sibling weights, and size.
fn faces(rng: &mut ChaCha8Rng, skin: &mut Skin, note: &mut Note) {
    let (regular, bold) = match pick_font(rng) {
        Some((r, b)) => (Face::System(r), b.map(Face::System)),
        None => {
            let pairs = [
                (Face::Sans, Face::SansBold),
                (Face::Serif, Face::SerifBold),
                (Face::Condensed, Face::CondensedBold),
                (Face::Mono, Face::MonoBold),
            ];
            let &(r, b) = pairs.choose(rng).unwrap_or(&pairs[0]);
            (r, Some(b))
        }
    };
    note("font", face_name(regular).into());
    skin.given_face = regular;
    skin.entry_face = regular;
    skin.ui_face = regular;
    // The bold sibling also serves bold givens when the cue asks for weight.
    skin.ui_bold = bold.unwrap_or(regular);
    skin.digit_scale = rng.random_range(0.45..0.8);
    let size = if skin.digit_scale < 0.55 {
        "small"
    } else if skin.digit_scale < 0.7 {
        "medium"
    } else {
        "large"
    };
    note("digit-size", size.into());
}

/// The style label of a face.
fn face_name(face: Face) -> String {
    match face {
        Face::System(i) => fonts::name(i),
        other => format!("DejaVu{other:?}"),
    }
}

/// A machine font file that draws digits, and the bold file of its family if there is one.
fn pick_font(rng: &mut ChaCha8Rng) -> Option<(u16, Option<u16>)> {
    let files = fonts::files();
    let count = u16::try_from(files.len()).unwrap_or(u16::MAX);
    // Most files of a big collection are scripts without Latin digits: try a few.
    (0..24).find_map(|_| {
        let i = rng.random_range(0..count.max(1));
        let stem = fonts::name(i);
        // Slanted digits are for emphasis, not for a grid.
        let upright = !stem.contains("Italic") && !stem.contains("Oblique");
        let usable = count > 0 && upright && fonts::font(i).is_some();
        usable.then(|| (i, bold_sibling(i, &stem)))
    })
}

/// The file beside `index` named like it with "Bold" for its weight, when `index` is a lighter
/// face: a face already bold ("BdIta", "Demi") has no heavier sibling, only another slant.
fn bold_sibling(index: u16, stem: &str) -> Option<u16> {
    let (family, style) = stem.split_once('-').unwrap_or((stem, ""));
    if ["Bold", "Bd", "Demi", "Black", "Heavy"]
        .iter()
        .any(|w| style.contains(w))
    {
        return None;
    }
    let dir = fonts::files().get(usize::from(index))?.parent()?;
    fonts::files()
        .iter()
        .position(|p| {
            p.parent() == Some(dir)
                && p.file_stem()
                    .is_some_and(|s| s.to_string_lossy() == format!("{family}-Bold"))
        })
        .and_then(|p| u16::try_from(p).ok())
        .filter(|&b| b != index && fonts::font(b).is_some())
}

/// How givens differ from entries: weight, ink, both, a tint, a disc, or not at all.
fn cue(rng: &mut ChaCha8Rng, skin: &mut Skin, note: &mut Note) {
    let mut kind = *["ink", "weight", "weight+ink", "tint", "disc", "none"]
        .choose(rng)
        .unwrap_or(&"ink");
    let bold = skin.ui_bold;
    if kind.starts_with("weight") && bold == skin.ui_face {
        kind = "ink";
    }
    if kind.starts_with("weight") {
        skin.given_face = bold;
    }
    if !kind.contains("ink") {
        skin.theme.entered = skin.theme.given;
    }
    skin.given_mark = match kind {
        "tint" => GivenMark::Tint,
        "disc" => GivenMark::Disc,
        _ => GivenMark::None,
    };
    note("cue", kind.into());
}

/// Highlights, the text cursor, the banner ad, the keypad and JPEG artefacts.
fn extras(rng: &mut ChaCha8Rng, skin: &mut Skin, note: &mut Note) {
    let highlight = *["cell", "peers", "peers+same", "same"]
        .choose(rng)
        .unwrap_or(&"peers");
    skin.highlight = Highlight {
        peers: highlight.starts_with("peers"),
        same_digit: highlight.contains("same"),
    };
    note("highlight", highlight.into());
    skin.cursor = rng.random_bool(0.15);
    note("cursor", skin.cursor.into());
    skin.banner = if rng.random_bool(0.25) {
        Banner::Bottom
    } else {
        Banner::None
    };
    note("banner", (skin.banner == Banner::Bottom).into());
    skin.keypad = *[Keypad::Row, Keypad::Row, Keypad::Beside, Keypad::None]
        .choose(rng)
        .unwrap_or(&Keypad::Row);
    skin.toolbar = skin.keypad != Keypad::None;
    skin.jpeg = *[None, None, Some(92), Some(75), Some(55)]
        .choose(rng)
        .unwrap_or(&None);
    note(
        "jpeg",
        skin.jpeg.map_or("none".into(), |q| format!("q{q}")).into(),
    );
}

#[cfg(test)]
mod tests;
