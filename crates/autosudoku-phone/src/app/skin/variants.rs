//! The variant apps: killer, jigsaw, X and hyper, and boards of 6x6, 12x12 and 16x16, each a
//! light app of its own (title, package, accent, rules) that plays its variant's puzzles, or its
//! size's, from the variant generator.

use super::catalog::{cell_first, CLASSIC, DECOR, LIGHT};
use super::{Decor, Frame, Skin, SkinName, Theme};
use crate::app::draw::rgb;
use crate::app::game::Rules;
use crate::app::text::Face;
use autosudoku_core::variant::generate::Kind;

/// Killer apps print cages on a plain board, with no givens; the cages carry the puzzle.
pub(super) const KILLER: Skin = Skin {
    name: SkinName::Killer,
    title: "Killer Sudoku",
    package: "com.autosudoku.killer",
    theme: Theme {
        entered: rgb(0x0B7A75),
        accent: rgb(0x0B7A75),
        key_text: rgb(0x0B7A75),
        key_fill: rgb(0xE6F2F1),
        selected: rgb(0xBFE3E0),
        same_digit: rgb(0xD2EBE9),
        peer: rgb(0xEAF4F3),
        ..LIGHT
    },
    thick_dp: 2.0,
    variant: Some(Kind::Killer),
    ..CLASSIC
};

/// Jigsaw apps draw regions with thick borders and tint each region; the 3x3 box lines are gone.
pub(super) const JIGSAW: Skin = Skin {
    name: SkinName::Jigsaw,
    title: "Jigsaw Sudoku",
    package: "com.autosudoku.jigsaw",
    theme: Theme {
        thick_line: rgb(0x1F2933),
        entered: rgb(0x7B3FC4),
        accent: rgb(0x7B3FC4),
        key_text: rgb(0x7B3FC4),
        key_fill: rgb(0xF0E9FA),
        selected: rgb(0xC9B3EE),
        same_digit: rgb(0xD9C9F3),
        peer: rgb(0xE9E0F7),
        ..LIGHT
    },
    ui_face: Face::Condensed,
    ui_bold: Face::CondensedBold,
    given_face: Face::CondensedBold,
    entry_face: Face::Condensed,
    thick_dp: 3.0,
    frame: Frame::Lines,
    variant: Some(Kind::Jigsaw),
    ..CLASSIC
};

/// X apps shade the two diagonals.
pub(super) const X: Skin = Skin {
    name: SkinName::X,
    title: "X Sudoku",
    package: "com.autosudoku.xsudoku",
    theme: Theme {
        entered: rgb(0xB3261E),
        accent: rgb(0xB3261E),
        key_text: rgb(0xB3261E),
        key_fill: rgb(0xFBEAE9),
        wrong: rgb(0xD97706),
        selected: rgb(0xF4C7C3),
        same_digit: rgb(0xF8D9D6),
        peer: rgb(0xFCEEED),
        ..LIGHT
    },
    given_face: Face::SansBold,
    variant: Some(Kind::X),
    decor: Decor {
        shade: rgb(0xE3E6EA),
        ..DECOR
    },
    ..CLASSIC
};

/// Hyper apps shade the four extra windows; this one marks only digits that repeat in a unit,
/// as apps without mistake checking do, so its win is judged by the hyper rules alone.
pub(super) const HYPER: Skin = Skin {
    name: SkinName::Hyper,
    title: "Hyper Sudoku",
    package: "com.autosudoku.hyper",
    theme: Theme {
        entered: rgb(0x1565C0),
        accent: rgb(0x1565C0),
        key_text: rgb(0x1565C0),
        ..LIGHT
    },
    rules: Rules {
        check_mistakes: false,
        ..cell_first(None)
    },
    variant: Some(Kind::Hyper),
    decor: Decor {
        shade: rgb(0xFCEFC7),
        ..DECOR
    },
    ..CLASSIC
};

/// A 6x6 app for beginners: big digits, boxes of 2 rows by 3 columns.
pub(super) const SIX: Skin = Skin {
    name: SkinName::Six,
    title: "Sudoku 6x6",
    package: "com.autosudoku.six",
    theme: Theme {
        entered: rgb(0xC2410C),
        accent: rgb(0xC2410C),
        key_text: rgb(0xC2410C),
        key_fill: rgb(0xFFF1E6),
        selected: rgb(0xFFD3B0),
        same_digit: rgb(0xFFE2CC),
        peer: rgb(0xFFF4EB),
        ..LIGHT
    },
    thick_dp: 2.2,
    variant: Some(Kind::Classic),
    side: 6,
    ..CLASSIC
};

/// A 12x12 app: digits 1-9 then A-C, boxes of 3 rows by 4 columns.
pub(super) const TWELVE: Skin = Skin {
    name: SkinName::Twelve,
    title: "Sudoku 12",
    package: "com.autosudoku.twelve",
    theme: Theme {
        entered: rgb(0x15803D),
        accent: rgb(0x15803D),
        key_text: rgb(0x15803D),
        key_fill: rgb(0xE8F5EC),
        selected: rgb(0xB7E4C7),
        same_digit: rgb(0xCDEBD7),
        peer: rgb(0xEEF7F1),
        ..LIGHT
    },
    digit_scale: 0.6,
    variant: Some(Kind::Classic),
    side: 12,
    ..CLASSIC
};

/// A 16x16 app: digits 1-9 then A-G, 4x4 boxes; the digits a little smaller in the small cells.
pub(super) const SIXTEEN: Skin = Skin {
    name: SkinName::Sixteen,
    title: "Sudoku 16",
    package: "com.autosudoku.sixteen",
    theme: Theme {
        entered: rgb(0x4338CA),
        accent: rgb(0x4338CA),
        key_text: rgb(0x4338CA),
        key_fill: rgb(0xEEF0FF),
        selected: rgb(0xC7CCF9),
        same_digit: rgb(0xDADDFB),
        peer: rgb(0xF0F1FE),
        ..LIGHT
    },
    digit_scale: 0.58,
    variant: Some(Kind::Classic),
    side: 16,
    ..CLASSIC
};
