//! What a skin is: a different Sudoku app a user might own, as data only (screen, colours, faces,
//! arrangement, rules, the variant it plays); `catalog` holds the eight classic ones, `variants`
//! the variant apps, and the layout engine turns one into geometry for any screen size.

mod catalog;
pub mod random;
mod variants;

use super::dialog::Dialog;
use super::draw::Color;
use super::game::Rules;
use super::text::Face;
use autosudoku_core::variant::generate::Kind;
use image::Rgba;

/// The skin `--skin` names.
pub fn skin(name: SkinName) -> Skin {
    use catalog::*;
    match name {
        SkinName::Classic | SkinName::Random => CLASSIC,
        SkinName::Night => NIGHT,
        SkinName::Compact => COMPACT,
        SkinName::Paper => PAPER,
        SkinName::Tablet => TABLET,
        SkinName::Keys => KEYS,
        SkinName::Edge => EDGE,
        SkinName::Blocks => BLOCKS,
        SkinName::Killer => variants::KILLER,
        SkinName::Jigsaw => variants::JIGSAW,
        SkinName::X => variants::X,
        SkinName::Hyper => variants::HYPER,
        SkinName::Six => variants::SIX,
        SkinName::Twelve => variants::TWELVE,
        SkinName::Sixteen => variants::SIXTEEN,
    }
}

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
    /// A different app for every `--seed`: screen, theme, fonts, lines, cues and highlights
    /// drawn from the seed (`skin::random`); no profile ships for it.
    Random,
    /// Killer Sudoku: dashed cages inset from the cell borders, each cage's sum small in the
    /// top-left corner of its first cell, no givens.
    Killer,
    /// Jigsaw Sudoku: irregular regions with thick borders and a colour per region.
    Jigsaw,
    /// X Sudoku: both diagonals shaded, each holding every digit once.
    X,
    /// Hyper Sudoku (windoku): four extra 3x3 windows shaded.
    Hyper,
    /// A 6x6 board: boxes of 2 rows by 3 columns, six keys.
    #[value(name = "6x6")]
    #[serde(rename = "6x6")]
    Six,
    /// A 12x12 board: boxes of 3 rows by 4 columns, digits 1-9 then letters A-C, keys in two rows.
    #[value(name = "12x12")]
    #[serde(rename = "12x12")]
    Twelve,
    /// A 16x16 board: 4x4 boxes, digits 1-9 then letters A-G, keys in two rows.
    #[value(name = "16x16")]
    #[serde(rename = "16x16")]
    Sixteen,
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
            SkinName::Random => "random",
            SkinName::Killer => "killer",
            SkinName::Jigsaw => "jigsaw",
            SkinName::X => "x",
            SkinName::Hyper => "hyper",
            SkinName::Six => "6x6",
            SkinName::Twelve => "12x12",
            SkinName::Sixteen => "16x16",
        }
    }

    /// The variant skins: each plays puzzles of its variant, or of its size, from the variant
    /// generator.
    pub const VARIANTS: [SkinName; 7] = [
        SkinName::Killer,
        SkinName::Jigsaw,
        SkinName::X,
        SkinName::Hyper,
        SkinName::Six,
        SkinName::Twelve,
        SkinName::Sixteen,
    ];
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
    /// Every cell is its own rounded tile on the background; the gaps between tiles (wider
    /// between boxes) are the only lines.
    Tiles,
}

/// How a given looks different from an entry, besides its face and ink.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GivenMark {
    None,
    /// The given's cell is tinted (`Theme::given_fill`).
    Tint,
    /// The given sits on a disc (`Theme::given_fill`).
    Disc,
}

/// Which cells the selection lights up besides itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Highlight {
    /// The selected cell's row, column and box.
    pub peers: bool,
    /// Every cell holding the selected digit.
    pub same_digit: bool,
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
    /// The tint or disc behind givens (`GivenMark`).
    pub given_fill: Color,
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
    pub banner: Banner,
    pub thin_dp: f32,
    pub thick_dp: f32,
    /// Corner radius of buttons and cards.
    pub corner_dp: f32,
    pub frame: Frame,
    /// Gap between box panels (`Frame::Panels`).
    pub box_gap_dp: f32,
    /// Screenshots come out through a lossy JPEG round trip at this quality (block artefacts,
    /// ringing around digits), as shared and store screenshots do.
    pub jpeg: Option<u8>,
    /// Digit height as a share of the cell.
    pub digit_scale: f32,
    pub given_mark: GivenMark,
    pub highlight: Highlight,
    /// A blinking text cursor stands beside the selected cell's digit (desktop toolkits).
    pub cursor: bool,
    pub rules: Rules,
    /// What the app shows once the puzzle is solved.
    pub ending: Ending,
    /// The variant its puzzles are, from the variant generator; `None` for classic apps, whose
    /// puzzles come from `--puzzle` or the classic generator at a difficulty.
    pub variant: Option<Kind>,
    /// The board's side: 9, or 6, 12 or 16 for the apps of other sizes (boxes 2x3, 3x4, 4x4).
    pub side: usize,
    /// The colours of the variant's marks (shading, cages, regions).
    pub decor: Decor,
}

/// How a variant's layout is coloured on the board.
#[derive(Debug, Clone, Copy)]
pub struct Decor {
    /// Behind the cells of the diagonals (X) or the windows (hyper).
    pub shade: Color,
    /// A cage's dashed outline and its sum.
    pub cage: Color,
    /// Behind each jigsaw region's cells, one colour a region (neighbours differ).
    pub regions: [Color; 9],
}

/// How an app shows that a game is won; apps differ, and `play` must know a win on each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// A "Solved!" card with the time and "New game", over the dimmed game.
    Card,
    /// A plain message box, "Well done, you completed the puzzle" with "OK", over the dimmed
    /// game, as a desktop app (Simon Tatham's Solo under some front ends) shows it.
    WellDone,
    /// A card in words that no list of solved words holds ("Ausgezeichnet!"), over the dimmed game.
    Foreign,
    /// The board gives way to a results page (times and a "New game" button).
    Stats,
    /// The board's cells flash grey for 0.4 s, and nothing else (Solo's completion flash).
    Flash,
    /// Nothing at all: the full board stays as it is.
    None,
}

/// Where a skin's banner ad goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Banner {
    None,
    /// A strip above the navigation bar, the layout leaving room for it.
    Bottom,
    /// Over the grid's bottom rows, as in an app whose anchored ad loads over its content.
    OverGrid,
}

/// A colour with its alpha replaced.
pub const fn with_alpha(c: Color, a: u8) -> Color {
    Rgba([c.0[0], c.0[1], c.0[2], a])
}

impl Ending {
    /// The dialog that shows a won game; `None` when the app shows none.
    pub fn dialog(self) -> Option<Dialog> {
        match self {
            Ending::Card => Some(Dialog::Solved),
            Ending::WellDone => Some(Dialog::WellDone),
            Ending::Foreign => Some(Dialog::Foreign),
            Ending::Stats => Some(Dialog::Stats),
            Ending::Flash | Ending::None => None,
        }
    }
}
