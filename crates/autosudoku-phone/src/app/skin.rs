//! The six skins: each a different Sudoku app a user might own. A skin is data only (screen, colours,
//! faces, arrangement, rules); the layout engine turns it into geometry for any screen size.

use super::bugs::Bugs;
use super::draw::{rgb, Color};
use super::game::{InputMode, Rules};
use super::text::Face;
use image::Rgba;

/// The skin names `--skin` takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum SkinName {
    /// Light, 1080x2400 at 440 dpi, keypad in one row, toolbar above it, 3 mistakes allowed.
    Classic,
    /// Dark theme, 1440x3200, thin light lines, amber entries, no mistake checking.
    Night,
    /// 720x1280 at 320 dpi, 3x3 keypad beside a smaller grid, banner ad at the bottom.
    Compact,
    /// Serif digits, heavy box lines, cream paper, digit-first input.
    Paper,
    /// 2560x1600 landscape, grid on the left, 3x3 keypad on the right.
    Tablet,
    /// Hardware keys only: no on-screen keypad.
    Keys,
    /// A borderless grid the full width of the screen, strong row/column/box highlights,
    /// digit-first, "Mistakes 0/3"; no profile ships for it.
    Edge,
    /// Each 3x3 box its own panel with gaps between, strong highlights, JPEG-compressed
    /// captures; no profile ships for it.
    Blocks,
}

impl SkinName {
    pub const ALL: [SkinName; 8] = [
        SkinName::Classic,
        SkinName::Night,
        SkinName::Compact,
        SkinName::Paper,
        SkinName::Tablet,
        SkinName::Keys,
        SkinName::Edge,
        SkinName::Blocks,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            SkinName::Classic => "classic",
            SkinName::Night => "night",
            SkinName::Compact => "compact",
            SkinName::Paper => "paper",
            SkinName::Tablet => "tablet",
            SkinName::Keys => "keys",
            SkinName::Edge => "edge",
            SkinName::Blocks => "blocks",
        }
    }
}

/// Where the keypad sits and how it is shaped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keypad {
    /// 1–9 in one row under the toolbar, below the grid.
    Row,
    /// A 3x3 block beside the grid (to its right).
    Beside,
    /// No on-screen keypad: hardware keys only.
    None,
}

/// How the grid is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Frame {
    /// Thin cell lines and thick box lines, with an outer border.
    Lines,
    /// The grid fills the screen's width edge to edge and has no outer border: only the inner
    /// lines mark it.
    Borderless,
    /// Every 3x3 box is its own rounded panel, with gaps between the panels and no box lines.
    Panels,
}

/// What a keypad button does once all nine of its digit are placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UsedUp {
    Grey,
    Hide,
}

/// The colours of a skin.
#[derive(Debug, Clone, Copy)]
pub struct Theme {
    pub background: Color,
    pub status_bar: Color,
    pub status_text: Color,
    pub app_bar: Color,
    pub title: Color,
    pub text: Color,
    pub text_dim: Color,
    pub grid_fill: Color,
    pub thin_line: Color,
    pub thick_line: Color,
    pub given: Color,
    pub entered: Color,
    pub wrong: Color,
    pub wrong_fill: Color,
    pub selected: Color,
    pub peer: Color,
    pub same_digit: Color,
    pub note: Color,
    pub accent: Color,
    pub key_fill: Color,
    pub key_text: Color,
    pub key_disabled: Color,
    pub dialog: Color,
    pub on_accent: Color,
}

/// A complete skin: screen, look, arrangement and rules.
#[derive(Debug, Clone, Copy)]
pub struct Skin {
    pub name: SkinName,
    pub title: &'static str,
    /// The app id (`dumpsys window` shows it in front): each skin is its own app.
    pub package: &'static str,
    /// Default screen in pixels and dpi (`--size` and `--density` override).
    pub size: (u32, u32),
    pub density: u32,
    pub theme: Theme,
    pub ui_face: Face,
    pub ui_bold: Face,
    pub given_face: Face,
    pub entry_face: Face,
    pub keypad: Keypad,
    pub used_up: UsedUp,
    pub toolbar: bool,
    pub banner: bool,
    pub thin_dp: f32,
    pub thick_dp: f32,
    /// Corner radius of buttons and cards.
    pub corner_dp: f32,
    pub frame: Frame,
    /// Gap between box panels (`Frame::Panels`).
    pub box_gap_dp: f32,
    /// Screenshots come out through a lossy JPEG round trip (block artefacts, ringing around
    /// digits), as shared and store screenshots do.
    pub jpeg: bool,
    pub rules: Rules,
}

const LIGHT: Theme = Theme {
    background: rgb(0xFFFFFF),
    status_bar: rgb(0xF4F6FA),
    status_text: rgb(0x1F2933),
    app_bar: rgb(0xFFFFFF),
    title: rgb(0x1F2933),
    text: rgb(0x1F2933),
    text_dim: rgb(0x6B7685),
    grid_fill: rgb(0xFFFFFF),
    thin_line: rgb(0xC3CBD6),
    thick_line: rgb(0x344054),
    given: rgb(0x1B1F24),
    entered: rgb(0x2F62D6),
    wrong: rgb(0xE03131),
    wrong_fill: rgb(0xFBE3E4),
    selected: rgb(0xBBD5FB),
    peer: rgb(0xE6ECF5),
    same_digit: rgb(0xC8D9F2),
    note: rgb(0x5F6B7A),
    accent: rgb(0x2F62D6),
    key_fill: rgb(0xEEF2F8),
    key_text: rgb(0x2F62D6),
    key_disabled: rgb(0xC5CBD3),
    dialog: rgb(0xFFFFFF),
    on_accent: rgb(0xFFFFFF),
};

/// The skin `--skin` names.
pub fn skin(name: SkinName) -> Skin {
    match name {
        SkinName::Classic => CLASSIC,
        SkinName::Night => NIGHT,
        SkinName::Compact => COMPACT,
        SkinName::Paper => PAPER,
        SkinName::Tablet => TABLET,
        SkinName::Keys => KEYS,
        SkinName::Edge => EDGE,
        SkinName::Blocks => BLOCKS,
    }
}

/// Rules that check mistakes against the solution, cell-first input, no bugs.
const fn cell_first(limit: Option<u32>) -> Rules {
    Rules {
        check_mistakes: true,
        mistake_limit: limit,
        input: InputMode::CellFirst,
        bugs: Bugs::NONE,
    }
}

/// The light look, screen and arrangement most apps share; the other skins say how they differ.
const CLASSIC: Skin = Skin {
    name: SkinName::Classic,
    title: "Sudoku",
    package: "com.autosudoku.classic",
    size: (1080, 2400),
    density: 440,
    theme: LIGHT,
    ui_face: Face::Sans,
    ui_bold: Face::SansBold,
    given_face: Face::Sans,
    entry_face: Face::Sans,
    keypad: Keypad::Row,
    used_up: UsedUp::Grey,
    toolbar: true,
    banner: false,
    thin_dp: 0.6,
    thick_dp: 1.8,
    corner_dp: 10.0,
    frame: Frame::Lines,
    box_gap_dp: 0.0,
    jpeg: false,
    rules: cell_first(Some(3)),
};

const NIGHT: Skin = Skin {
    name: SkinName::Night,
    title: "Night Sudoku",
    package: "com.autosudoku.night",
    size: (1440, 3200),
    density: 560,
    theme: Theme {
        background: rgb(0x101317),
        status_bar: rgb(0x101317),
        status_text: rgb(0xD5DAE1),
        app_bar: rgb(0x101317),
        title: rgb(0xE8EBEF),
        text: rgb(0xD5DAE1),
        text_dim: rgb(0x8A94A3),
        grid_fill: rgb(0x171B21),
        thin_line: rgb(0x353C46),
        thick_line: rgb(0x8E99A8),
        given: rgb(0xE8EBEF),
        entered: rgb(0xFFB547),
        wrong: rgb(0xFF6161),
        wrong_fill: rgb(0x3D1F24),
        selected: rgb(0x2C4A6E),
        peer: rgb(0x1E252E),
        same_digit: rgb(0x29394D),
        note: rgb(0x9AA5B4),
        accent: rgb(0xFFB547),
        key_fill: rgb(0x1E242C),
        key_text: rgb(0xFFB547),
        key_disabled: rgb(0x3F4650),
        dialog: rgb(0x20262E),
        on_accent: rgb(0x101317),
    },
    thin_dp: 0.5,
    thick_dp: 1.2,
    used_up: UsedUp::Hide,
    rules: Rules {
        check_mistakes: false,
        mistake_limit: None,
        input: InputMode::CellFirst,
        bugs: Bugs::NONE,
    },
    ..CLASSIC
};

const COMPACT: Skin = Skin {
    name: SkinName::Compact,
    title: "Sudoku Lite",
    package: "com.autosudoku.compact",
    size: (720, 1280),
    density: 320,
    theme: Theme {
        accent: rgb(0x2E7D32),
        entered: rgb(0x2E7D32),
        key_text: rgb(0x1B5E20),
        key_fill: rgb(0xE8F1E8),
        selected: rgb(0xC4E3C5),
        same_digit: rgb(0xD3E8D4),
        peer: rgb(0xEDF3ED),
        status_bar: rgb(0x2E7D32),
        status_text: rgb(0xFFFFFF),
        app_bar: rgb(0x388E3C),
        title: rgb(0xFFFFFF),
        ..LIGHT
    },
    ui_face: Face::Condensed,
    ui_bold: Face::CondensedBold,
    given_face: Face::CondensedBold,
    entry_face: Face::Condensed,
    keypad: Keypad::Beside,
    banner: true,
    corner_dp: 4.0,
    rules: cell_first(Some(5)),
    ..CLASSIC
};

const PAPER: Skin = Skin {
    name: SkinName::Paper,
    title: "Paper Sudoku",
    package: "com.autosudoku.paper",
    size: (1080, 2340),
    density: 420,
    theme: Theme {
        background: rgb(0xF5EEDC),
        status_bar: rgb(0xF5EEDC),
        app_bar: rgb(0xF5EEDC),
        title: rgb(0x2B2118),
        text: rgb(0x2B2118),
        text_dim: rgb(0x7A6A55),
        grid_fill: rgb(0xFBF6EA),
        thin_line: rgb(0xB3A68C),
        thick_line: rgb(0x2B2118),
        given: rgb(0x2B2118),
        entered: rgb(0x1F4F8F),
        selected: rgb(0xEBD9A3),
        peer: rgb(0xF1E7CD),
        same_digit: rgb(0xE5D39C),
        note: rgb(0x6E5F4B),
        accent: rgb(0x8A5A2B),
        key_fill: rgb(0xEFE4C8),
        key_text: rgb(0x2B2118),
        key_disabled: rgb(0xCFC3A8),
        dialog: rgb(0xFBF6EA),
        ..LIGHT
    },
    ui_face: Face::Serif,
    ui_bold: Face::SerifBold,
    given_face: Face::SerifBold,
    entry_face: Face::Serif,
    thin_dp: 0.7,
    thick_dp: 3.2,
    corner_dp: 2.0,
    rules: Rules {
        input: InputMode::DigitFirst,
        ..cell_first(Some(5))
    },
    ..CLASSIC
};

const TABLET: Skin = Skin {
    name: SkinName::Tablet,
    title: "Sudoku HD",
    package: "com.autosudoku.tablet",
    size: (2560, 1600),
    density: 320,
    theme: Theme {
        background: rgb(0xF2F1F8),
        status_bar: rgb(0xF2F1F8),
        app_bar: rgb(0xF2F1F8),
        accent: rgb(0x6A3FD8),
        entered: rgb(0x6A3FD8),
        key_text: rgb(0x6A3FD8),
        key_fill: rgb(0xFFFFFF),
        selected: rgb(0xD9CCF7),
        same_digit: rgb(0xE2D8F8),
        peer: rgb(0xEFEBFA),
        ..LIGHT
    },
    given_face: Face::SansBold,
    keypad: Keypad::Beside,
    corner_dp: 16.0,
    ..CLASSIC
};

const KEYS: Skin = Skin {
    name: SkinName::Keys,
    title: "KeySudoku",
    package: "com.autosudoku.keys",
    size: (1080, 1920),
    density: 420,
    theme: Theme {
        background: rgb(0xE7ECF1),
        status_bar: rgb(0xD4DCE4),
        app_bar: rgb(0x263238),
        title: rgb(0xECEFF1),
        accent: rgb(0x00796B),
        entered: rgb(0x00796B),
        selected: rgb(0xA7DCD4),
        same_digit: rgb(0xC5E6E1),
        peer: rgb(0xDDE7EA),
        ..LIGHT
    },
    ui_face: Face::Mono,
    ui_bold: Face::MonoBold,
    given_face: Face::MonoBold,
    entry_face: Face::Mono,
    keypad: Keypad::None,
    toolbar: false,
    thick_dp: 2.4,
    rules: cell_first(None),
    ..CLASSIC
};

const EDGE: Skin = Skin {
    name: SkinName::Edge,
    title: "Sudoku Edge",
    package: "com.autosudoku.edge",
    theme: Theme {
        background: rgb(0xFFFFFF),
        thin_line: rgb(0xD0D4DA),
        thick_line: rgb(0x6E7785),
        entered: rgb(0x1565C0),
        accent: rgb(0x1565C0),
        key_text: rgb(0x1565C0),
        key_fill: rgb(0xE3EDFA),
        // Strong shading: the selected cell, its row, column and box stand out as much
        // as the digits do on many store apps.
        selected: rgb(0x7FA7E0),
        peer: rgb(0xC5D8F2),
        same_digit: rgb(0xA9C4EC),
        ..LIGHT
    },
    frame: Frame::Borderless,
    thick_dp: 1.4,
    rules: Rules {
        input: InputMode::DigitFirst,
        ..cell_first(Some(3))
    },
    ..CLASSIC
};

const BLOCKS: Skin = Skin {
    name: SkinName::Blocks,
    title: "Block Sudoku",
    package: "com.autosudoku.blocks",
    size: (1080, 2340),
    density: 420,
    theme: Theme {
        background: rgb(0xE4E7EC),
        status_bar: rgb(0xE4E7EC),
        app_bar: rgb(0xE4E7EC),
        grid_fill: rgb(0xFFFFFF),
        thin_line: rgb(0xDADDE3),
        entered: rgb(0xC2185B),
        accent: rgb(0xC2185B),
        key_text: rgb(0xC2185B),
        key_fill: rgb(0xFFFFFF),
        selected: rgb(0xF2A7C3),
        peer: rgb(0xF8D5E2),
        same_digit: rgb(0xF5BDD2),
        ..LIGHT
    },
    ui_face: Face::Condensed,
    ui_bold: Face::CondensedBold,
    given_face: Face::CondensedBold,
    entry_face: Face::Condensed,
    frame: Frame::Panels,
    box_gap_dp: 6.0,
    corner_dp: 8.0,
    jpeg: true,
    rules: cell_first(Some(5)),
    ..CLASSIC
};

/// A colour with its alpha replaced.
pub const fn with_alpha(c: Color, a: u8) -> Color {
    Rgba([c.0[0], c.0[1], c.0[2], a])
}
