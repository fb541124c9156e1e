//! The eight skins as a table: the light theme and the classic skin most apps resemble, and each
//! other skin as the values in which it differs from them.

use super::{
    Banner, Decor, Ending, Frame, GivenMark, Highlight, Keypad, Skin, SkinName, Theme, UsedUp,
};
use crate::app::bugs::Bugs;
use crate::app::draw::rgb;
use crate::app::game::{InputMode, Rules};
use crate::app::text::Face;

pub(super) const LIGHT: Theme = Theme {
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
    given_fill: rgb(0xEEF1F5),
    note: rgb(0x5F6B7A),
    accent: rgb(0x2F62D6),
    key_fill: rgb(0xEEF2F8),
    key_text: rgb(0x2F62D6),
    key_disabled: rgb(0xC5CBD3),
    dialog: rgb(0xFFFFFF),
    on_accent: rgb(0xFFFFFF),
};

/// Digit height as a share of the cell, in the catalogue's skins.
const DIGIT_SCALE: f32 = 0.62;

/// The marks of variants on a light board: a grey-blue shade, slate cages, pastel regions.
pub(super) const DECOR: Decor = Decor {
    shade: rgb(0xDCE3EC),
    cage: rgb(0x4A5566),
    regions: [
        rgb(0xFDE2E4),
        rgb(0xE2ECE9),
        rgb(0xFFF1D6),
        rgb(0xDFE7FD),
        rgb(0xF1E4F7),
        rgb(0xE4F5D4),
        rgb(0xFCE8D8),
        rgb(0xD8F0F5),
        rgb(0xEDEDED),
    ],
};

/// Rules that check mistakes against the solution, cell-first input, no bugs.
pub(super) const fn cell_first(limit: Option<u32>) -> Rules {
    Rules {
        check_mistakes: true,
        mistake_limit: limit,
        input: InputMode::CellFirst,
        bugs: Bugs::NONE,
    }
}

/// The light look, screen and arrangement most apps share; the other skins say how they differ.
pub(super) const CLASSIC: Skin = Skin {
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
    banner: Banner::None,
    thin_dp: 0.6,
    thick_dp: 1.8,
    corner_dp: 10.0,
    frame: Frame::Lines,
    box_gap_dp: 0.0,
    jpeg: None,
    ending: Ending::Card,
    digit_scale: DIGIT_SCALE,
    given_mark: GivenMark::None,
    highlight: Highlight {
        peers: true,
        same_digit: true,
    },
    cursor: false,
    rules: cell_first(Some(3)),
    variant: None,
    side: 9,
    decor: DECOR,
};

pub(super) const NIGHT: Skin = Skin {
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
        given_fill: rgb(0x20262E),
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

pub(super) const COMPACT: Skin = Skin {
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
    banner: Banner::Bottom,
    corner_dp: 4.0,
    rules: cell_first(Some(5)),
    ..CLASSIC
};

pub(super) const PAPER: Skin = Skin {
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

pub(super) const TABLET: Skin = Skin {
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

pub(super) const KEYS: Skin = Skin {
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

pub(super) const EDGE: Skin = Skin {
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

pub(super) const BLOCKS: Skin = Skin {
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
    jpeg: Some(75),
    rules: cell_first(Some(5)),
    ..CLASSIC
};
