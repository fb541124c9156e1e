//! Screenshot → `SizedRead` for a board of any side: its grid (`grid`), each cell's symbol (1-9,
//! then A-G for 10-16) read by Tesseract with the board's symbols only, and the keypad's keys. A
//! symbol is certain when Tesseract is sure of it (or it matches a glyph read sure before) and it
//! fits the board's side; the read says which cells are not.

use super::grid::{find, SizedGrid};
use crate::geometry::Rect;
use crate::vision::cell::classify::CERTAIN;
use crate::vision::cell::style::given_ink;
use crate::vision::cell::{extract, CellInk, Sample};
use crate::vision::ocr::glyph::Glyph;
use crate::vision::ocr::Ocr;
use crate::vision::pixels::Planes;
use crate::vision::screen::keypad::candidates_around;
use autosudoku_core::variant::{Grid, Pos, Symbol};
use image::RgbaImage;

/// Two glyphs this alike are one symbol drawn twice by the same font.
const SAME_GLYPH: f32 = 0.97;

/// A board of any side as read.
#[derive(Debug, Clone)]
pub struct SizedRead {
    pub grid: SizedGrid,
    /// Row-major, one per cell.
    pub cells: Vec<SizedCell>,
    /// The keypad's keys found for the board's symbols.
    pub keys: Vec<(Symbol, Rect)>,
}

/// One cell as read: its symbol (`None` blank), whether the read is certain, and whether its
/// symbol is in the givens' ink (`None`: blank, or one ink draws every symbol on the board).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SizedCell {
    pub symbol: Option<Symbol>,
    pub certain: bool,
    pub given: Option<bool>,
}

impl SizedRead {
    pub fn side(&self) -> usize {
        self.grid.side()
    }

    /// The symbols shown, row-major (blanks as 0).
    pub fn board(&self) -> Grid {
        let values = self.cells.iter().map(|c| c.symbol.map_or(0, Symbol::get));
        Grid::from_values(self.side(), values.collect()).expect("symbols fit the side")
    }

    /// The symbols in the givens' ink, when the board draws givens and entries in inks of their
    /// own (a hypothesis: the caller checks they make a puzzle).
    pub fn givens(&self) -> Option<Grid> {
        let shown = self.cells.iter().filter(|c| c.symbol.is_some());
        if shown.clone().any(|c| c.given.is_none()) {
            return None;
        }
        let values = self.cells.iter().map(|c| match c.given {
            Some(true) => c.symbol.map_or(0, Symbol::get),
            _ => 0,
        });
        Grid::from_values(self.side(), values.collect())
    }

    /// The cells not read certain.
    pub fn uncertain(&self) -> Vec<Pos> {
        let side = self.side();
        (0..self.cells.len())
            .filter(|&i| !self.cells[i].certain)
            .map(|i| Pos::from_index(i, side))
            .collect()
    }

    /// The key for `symbol`, if one was found.
    pub fn key(&self, symbol: Symbol) -> Option<Rect> {
        self.keys.iter().find(|k| k.0 == symbol).map(|k| k.1)
    }
}

/// Reads boards of any side; keep one for many reads (it starts Tesseract once and remembers the
/// glyphs it read sure).
pub struct SizedReader {
    digits: Ocr,
    symbols: Ocr,
    known: Vec<(Glyph, Symbol)>,
}

impl Default for SizedReader {
    fn default() -> Self {
        SizedReader {
            digits: Ocr::new(),
            symbols: Ocr::symbols(),
            known: Vec::new(),
        }
    }
}

impl SizedReader {
    /// The board on `img`, if lines of a board of any side are found.
    pub fn read(&mut self, img: &RgbaImage) -> Option<SizedRead> {
        let planes = Planes::from_rgba(img);
        let grid = find(&planes)?;
        let side = grid.side();
        let inks: Vec<CellInk> = (0..side * side)
            .map(|i| {
                extract(
                    img,
                    grid.cell_rect(i / side, i % side)
                        .clamp_to(img.width(), img.height()),
                )
            })
            .collect();
        let tall = digit_height(&inks);
        let inks: Vec<CellInk> = inks.into_iter().map(|ink| settled(ink, tall)).collect();
        let mut cells: Vec<SizedCell> = inks.iter().map(|ink| self.cell(ink, side)).collect();
        split_givens(&inks, &mut cells);
        let bounds = grid.bounds();
        let pitch = bounds.width.max(bounds.height) as f32 / 9.0;
        let marks = candidates_around(img, &planes.luma, bounds, pitch);
        let keys = self.keys(&marks, side);
        Some(SizedRead { grid, cells, keys })
    }

    fn cell(&mut self, ink: &CellInk, side: usize) -> SizedCell {
        let blank = |certain| SizedCell {
            symbol: None,
            certain,
            given: None,
        };
        let sample = match ink {
            CellInk::Digit(s) | CellInk::Small { sample: s, .. } => s,
            CellInk::Empty { noise, .. } => return blank(!noise),
            CellInk::Notes { .. } => return blank(true),
        };
        match self.symbol(sample, side) {
            Some((symbol, confidence)) => SizedCell {
                symbol: Some(symbol),
                certain: confidence >= CERTAIN,
                given: None,
            },
            None => blank(false),
        }
    }

    /// The symbol a sample shows, with its confidence; a glyph read sure before is taken as read.
    fn symbol(&mut self, s: &Sample, side: usize) -> Option<(Symbol, f32)> {
        if let Some(&(_, symbol)) = self
            .known
            .iter()
            .find(|(g, _)| g.similarity(&s.glyph) >= SAME_GLYPH)
        {
            return (usize::from(symbol.get()) <= side).then_some((symbol, 1.0));
        }
        let read = if side <= 9 {
            self.digits
                .read(&s.coverage)
                .map(|r| (Symbol::from(r.digit), r.confidence))
        } else {
            self.symbols.read_symbol(&s.coverage)
        };
        let (symbol, confidence) = read?;
        if usize::from(symbol.get()) > side {
            return None;
        }
        if confidence >= CERTAIN {
            self.known.push((s.glyph.clone(), symbol));
        }
        Some((symbol, confidence))
    }

    /// The keys of the symbols 1..=side among the marks off the board: each symbol read certain on
    /// exactly one mark (a symbol seen on two marks has no key).
    fn keys(&mut self, marks: &[Sample], side: usize) -> Vec<(Symbol, Rect)> {
        let mut found: Vec<(Symbol, Rect)> = Vec::new();
        let mut twice: Vec<Symbol> = Vec::new();
        for mark in marks {
            let Some((symbol, confidence)) = self.symbol(mark, side) else {
                continue;
            };
            if confidence < CERTAIN {
                continue;
            }
            if found.iter().any(|k| k.0 == symbol) {
                twice.push(symbol);
            }
            found.push((symbol, mark.bbox));
        }
        found.retain(|k| !twice.contains(&k.0));
        found.sort_by_key(|k| k.0);
        found
    }
}

/// Marks each symbol read given or entered by its ink (`style::given_ink`).
fn split_givens(inks: &[CellInk], cells: &mut [SizedCell]) {
    let read: Vec<(usize, &Sample)> = inks
        .iter()
        .enumerate()
        .filter(|&(i, _)| cells[i].symbol.is_some())
        .filter_map(|(i, ink)| match ink {
            CellInk::Digit(s) | CellInk::Small { sample: s, .. } => Some((i, &**s)),
            _ => None,
        })
        .collect();
    let samples: Vec<&Sample> = read.iter().map(|&(_, s)| s).collect();
    if let Some(given) = given_ink(&samples) {
        for (&(i, _), g) in read.iter().zip(given) {
            cells[i].given = Some(g);
        }
    }
}

/// The median height of the board's full-size symbols; `None` when it has none.
fn digit_height(inks: &[CellInk]) -> Option<u32> {
    let mut heights: Vec<u32> = inks
        .iter()
        .filter_map(|ink| match ink {
            CellInk::Digit(s) => Some(s.bbox.height),
            _ => None,
        })
        .collect();
    heights.sort_unstable();
    heights.get(heights.len() / 2).copied()
}

/// A lone small mark is a symbol of a small font when it is about as tall as the board's
/// symbols (or the board has no others), else the pencil mark it otherwise is.
fn settled(ink: CellInk, tall: Option<u32>) -> CellInk {
    match ink {
        CellInk::Small {
            sample,
            grown,
            otherwise,
        } => match tall {
            Some(h) if (sample.bbox.height as f32) < 0.75 * h as f32 => *otherwise,
            _ => CellInk::Small {
                sample,
                grown,
                otherwise,
            },
        },
        ink => ink,
    }
}
