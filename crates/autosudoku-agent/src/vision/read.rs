//! Screenshot → `BoardRead`: runs the pipeline (grid, cells, keypad, templates or Tesseract,
//! given/entered, sanity) and keeps what is worth keeping between reads: one Tesseract instance and
//! the template sets, which grow as new fonts are read.

use super::cell::classify::{classify, Source, Verdict, CERTAIN};
use super::cell::small_font::settle_small;
use super::cell::style::{self, resolve, Ink};
use super::cell::{extract, CellInk, Sample};
use super::grid::{detect, GridGeometry};
use super::ocr::templates::{TemplateSet, TemplateSources};
use super::ocr::{Ocr, OcrRead};
use super::pixels::{Luma, Planes};
use super::sanity::{check, Sanity};
use super::screen::buttons::{Button, ButtonFinder};
use super::screen::keypad::{arrange, candidates, Keypad};
use super::{map_halves, VisionError};
use crate::geometry::Rect;
use autosudoku_core::sudoku::{Board, Cell, Digit};
use image::RgbaImage;
use serde::Serialize;

/// A font is "known" when its templates match a board's glyphs this well on average.
const KNOWN_FONT: f32 = 0.85;

/// The confidence of a digit much smaller than the board's others: likely a pencil mark.
const UNLIKE: f32 = 0.5;

/// The board's typical digit height in pixels (the median): an app draws its digits at one size,
/// givens and entries alike, and its pencil marks well below it.
fn typical_height(samples: &[&Sample]) -> f32 {
    let mut h: Vec<u32> = samples.iter().map(|s| s.bbox.height).collect();
    h.sort_unstable();
    h.get(h.len() / 2).copied().unwrap_or(0) as f32
}

/// Whether a shape of `height` pixels is far from the board's digits: a "digit" this small is
/// more likely a lone pencil mark, a "pencil mark" this tall a digit; the read must not be sure.
fn unlike_a_digit(height: u32, typical: f32) -> bool {
    (height as f32) < 0.75 * typical
}

/// What a reader may use and keep.
#[derive(Debug, Clone, Default)]
pub struct ReaderOptions {
    /// Where the template sets come from and learned glyphs go; `None` reads with Tesseract
    /// every time.
    pub templates: Option<TemplateSources>,
    /// The template set to use and extend (a profile's name); `None` picks the best-matching set,
    /// or starts a new `font-N` one.
    pub font: Option<String>,
    /// Save glyphs learned by Tesseract reads under `<save_to>/<font>/` (they are always kept in
    /// memory for the reader's next reads).
    pub learn: bool,
}

/// What a cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CellKind {
    Empty,
    Notes,
    Given,
    Entered,
    /// A dialog or something else hides the cell.
    Covered,
}

/// One cell as read.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CellRead {
    pub cell: Cell,
    pub kind: CellKind,
    pub digit: Option<Digit>,
    /// Pencil marks by their position in the cell's 3x3 pattern.
    pub notes: Vec<Digit>,
    /// 0..1; below `CERTAIN` the agent must not act on this cell.
    pub confidence: f32,
    pub source: Source,
    /// The cell's box between its lines.
    pub rect: Rect,
}

/// Everything read from one screenshot.
#[derive(Debug, Clone, Serialize)]
pub struct BoardRead {
    #[serde(serialize_with = "as_line")]
    pub board: Board,
    pub cells: Vec<CellRead>,
    pub geometry: GridGeometry,
    pub covered: Vec<Cell>,
    pub keypad: Option<Keypad>,
    /// Undo / erase / notes buttons found on screen; the others are absent.
    pub buttons: Vec<Button>,
    pub sanity: Sanity,
    /// The template set used or learned, if any.
    pub font: Option<String>,
    /// How many Tesseract calls the read took (0 when templates knew every glyph).
    pub ocr_calls: usize,
}

fn as_line<S: serde::Serializer>(b: &Board, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&b.to_line())
}

impl BoardRead {
    /// Cells read below the certainty threshold (covered ones included).
    pub fn uncertain(&self) -> Vec<Cell> {
        self.cells
            .iter()
            .filter(|c| c.confidence < CERTAIN)
            .map(|c| c.cell)
            .collect()
    }

    /// Whether the agent may act on this read: nothing covered, every cell sure, givens sound.
    pub fn is_certain(&self) -> bool {
        self.covered.is_empty() && self.uncertain().is_empty() && !self.sanity.is_misread()
    }

    fn board_of(&self, kind: CellKind) -> Board {
        let mut b = Board::empty();
        for c in self.cells.iter().filter(|c| c.kind == kind) {
            b.set(c.cell, c.digit);
        }
        b
    }

    /// The puzzle's own digits.
    pub fn givens(&self) -> Board {
        self.board_of(CellKind::Given)
    }

    /// The player's digits.
    pub fn entered(&self) -> Board {
        self.board_of(CellKind::Entered)
    }
}

/// The digit reader and how often it was asked (a read that asked it is slower: `--summary`).
#[derive(Default)]
struct CountedOcr {
    ocr: Ocr,
    calls: usize,
}

impl CountedOcr {
    fn read(&mut self, s: &Sample) -> Option<OcrRead> {
        self.calls += 1;
        self.ocr.read(&s.coverage)
    }
}

/// Reads screenshots; keep one for many reads.
pub struct Reader {
    options: ReaderOptions,
    ocr: CountedOcr,
    sets: Vec<TemplateSet>,
    buttons: ButtonFinder,
}

impl Reader {
    pub fn new(options: ReaderOptions) -> Result<Reader, VisionError> {
        let sets = match &options.templates {
            Some(sources) => TemplateSet::load_sources(sources)?,
            None => Vec::new(),
        };
        Ok(Reader {
            options,
            ocr: CountedOcr::default(),
            sets,
            buttons: ButtonFinder::new(),
        })
    }

    /// Reads one screenshot.
    pub fn read(&mut self, img: &RgbaImage) -> Result<BoardRead, VisionError> {
        let start = std::time::Instant::now();
        let planes = Planes::from_rgba(img);
        let luma = &planes.luma;
        tracing::trace!(elapsed = ?start.elapsed(), "luma");
        let found = detect(&planes)?;
        let t_grid = start.elapsed();
        let geometry = found.geometry;
        let all: Vec<Cell> = Cell::all().collect();
        let mut inks: Vec<CellInk> = map_halves(&all, |&c| {
            if found.covered.contains(&c) {
                CellInk::Empty { noise: true }
            } else {
                extract(img, geometry.cell_rect(c))
            }
        });
        settle_small(&mut inks);
        let (cells_with_digit, grid_samples): (Vec<usize>, Vec<&Sample>) = inks
            .iter()
            .enumerate()
            .filter_map(|(i, ink)| match ink {
                CellInk::Digit(s) => Some((i, s.as_ref())),
                _ => None,
            })
            .unzip();
        let t_cells = start.elapsed();
        let calls_before = self.ocr.calls;
        let set = self.choose_set(&grid_samples);
        let (verdicts, learned) = {
            let ocr = &mut self.ocr;
            classify(&grid_samples, set.map(|i| &self.sets[i]), &mut |s| {
                ocr.read(s)
            })
        };
        if let Some(reason) = self.ocr.ocr.failure() {
            if verdicts.iter().any(|v| v.digit.is_none()) {
                return Err(VisionError::Ocr(reason.to_owned()));
            }
        }
        let read: Vec<Option<Digit>> = verdicts.iter().map(|v| v.digit).collect();
        let styles = style::inks(&grid_samples, &read);
        let read_digits: Vec<(Cell, Digit, Ink)> = cells_with_digit
            .iter()
            .zip(&verdicts)
            .zip(&styles)
            .filter_map(|((&i, v), &ink)| Some((Cell::from_index(i)?, v.digit?, ink)))
            .collect();
        let resolved = resolve(&read_digits, &grid_samples);
        let typical = typical_height(&grid_samples);
        let mut cells: Vec<CellRead> = Cell::all()
            .zip(&inks)
            .map(|(cell, ink)| {
                let (kind, notes, confidence) = match ink {
                    _ if found.covered.contains(&cell) => (CellKind::Covered, Vec::new(), 0.0),
                    // `settle_small` left none; unsure if it had.
                    CellInk::Small { .. } => (CellKind::Empty, Vec::new(), 0.0),
                    CellInk::Empty { noise } => {
                        (CellKind::Empty, Vec::new(), if *noise { 0.7 } else { 1.0 })
                    }
                    CellInk::Notes { digits, tallest } => {
                        let small = typical == 0.0 || unlike_a_digit(*tallest, typical);
                        let sure = if small { 0.95 } else { UNLIKE };
                        (CellKind::Notes, digits.clone(), sure)
                    }
                    CellInk::Digit(_) => (CellKind::Given, Vec::new(), 0.0),
                };
                CellRead {
                    cell,
                    kind,
                    digit: None,
                    notes,
                    confidence,
                    source: Source::None,
                    rect: geometry.cell_rect(cell),
                }
            })
            .collect();
        for (k, &i) in cells_with_digit.iter().enumerate() {
            let v: Verdict = verdicts[k];
            let c = &mut cells[i];
            let given = read_digits
                .iter()
                .position(|d| d.0.index() == i)
                .is_some_and(|p| resolved[p]);
            c.kind = if given {
                CellKind::Given
            } else {
                CellKind::Entered
            };
            c.digit = v.digit;
            c.confidence = if unlike_a_digit(grid_samples[k].bbox.height, typical) {
                v.confidence.min(UNLIKE)
            } else {
                v.confidence
            };
            c.source = v.source;
        }
        let mut board = Board::empty();
        let mut confidence = [0.0f32; 81];
        for c in &cells {
            board.set(c.cell, c.digit);
            confidence[c.cell.index()] = c.confidence;
        }
        let mut read = BoardRead {
            board,
            cells,
            geometry,
            covered: found.covered,
            keypad: None,
            buttons: Vec::new(),
            sanity: Sanity::default(),
            font: None,
            ocr_calls: 0,
        };
        read.sanity = check(&read.givens(), &read.entered(), &confidence);
        let set = self.learn(
            set,
            &grid_samples,
            &learned.glyphs,
            !read.sanity.is_misread(),
        );
        let t_digits = start.elapsed();
        read.keypad = self.keypad(img, luma, &read.geometry, set);
        let t_keypad = start.elapsed();
        read.buttons = self
            .buttons
            .find(luma, &read.geometry, read.keypad.as_ref());
        tracing::debug!(
            grid = ?t_grid,
            cells = ?(t_cells - t_grid),
            digits = ?(t_digits - t_cells),
            keypad = ?(t_keypad - t_digits),
            buttons = ?(start.elapsed() - t_keypad),
            "read timings"
        );
        read.font = set.map(|i| self.sets[i].name.clone());
        self.save()?;
        read.ocr_calls = self.ocr.calls - calls_before;
        Ok(read)
    }

    /// The template set for these glyphs: the profile's, or the best-matching known font.
    fn choose_set(&mut self, samples: &[&Sample]) -> Option<usize> {
        if let Some(name) = &self.options.font {
            if let Some(i) = self.sets.iter().position(|s| &s.name == name) {
                return Some(i);
            }
            self.sets.push(TemplateSet::new(name));
            return Some(self.sets.len() - 1);
        }
        let probe: Vec<&&Sample> = samples.iter().take(30).collect();
        if probe.is_empty() {
            return None;
        }
        let fit = |set: &TemplateSet| {
            probe
                .iter()
                .map(|s| set.best(&s.glyph).map_or(0.0, |m| m.score))
                .sum::<f32>()
                / probe.len() as f32
        };
        let (i, score) = self
            .sets
            .iter()
            .enumerate()
            .map(|(i, s)| (i, fit(s)))
            .max_by(|a, b| a.1.total_cmp(&b.1))?;
        (score >= KNOWN_FONT).then_some(i)
    }

    /// Adds what Tesseract read with confidence to the set (a new one if none), when the board
    /// it came from makes sense. Returns the set now in use.
    fn learn(
        &mut self,
        set: Option<usize>,
        samples: &[&Sample],
        glyphs: &[(usize, Digit)],
        sound: bool,
    ) -> Option<usize> {
        if glyphs.is_empty() || !sound {
            return set;
        }
        let i = set.unwrap_or_else(|| {
            let n = (1..)
                .find(|n| !self.sets.iter().any(|s| s.name == format!("font-{n}")))
                .unwrap_or(1);
            self.sets.push(TemplateSet::new(&format!("font-{n}")));
            self.sets.len() - 1
        });
        for &(k, digit) in glyphs {
            self.sets[i].learn(digit, &samples[k].glyph);
        }
        Some(i)
    }

    /// The keypad: by templates alone when they find it, else with Tesseract's help for the marks
    /// the templates could not place (all of them when no keypad showed up).
    fn keypad(
        &mut self,
        img: &RgbaImage,
        luma: &Luma,
        g: &GridGeometry,
        set: Option<usize>,
    ) -> Option<Keypad> {
        let found = candidates(img, luma, g);
        let samples: Vec<&Sample> = found.iter().collect();
        if samples.is_empty() {
            return None;
        }
        let (mut verdicts, _) = classify(&samples, set.map(|i| &self.sets[i]), &mut |_| None);
        let first = arrange(&samples, &verdicts);
        let unsure: Vec<usize> = match &first {
            Some(k) if k.keys.len() == 9 => return first,
            // Only unplaced marks in the keypad's own area; a used-up key may be simply hidden.
            Some(k) => {
                let area = k.keys.iter().map(|k| k.rect).reduce(Rect::union)?;
                let pad = area.height.max(k.keys[0].rect.height * 2);
                let area = Rect::new(
                    area.x.saturating_sub(pad),
                    area.y.saturating_sub(pad),
                    area.width + 2 * pad,
                    area.height + 2 * pad,
                );
                (0..samples.len())
                    .filter(|&i| {
                        verdicts[i].confidence < CERTAIN && samples[i].bbox.intersects(area)
                    })
                    .collect()
            }
            None => (0..samples.len())
                .filter(|&i| verdicts[i].confidence < CERTAIN)
                .collect(),
        };
        if unsure.is_empty() {
            return first;
        }
        let subset: Vec<&Sample> = unsure.iter().map(|&i| samples[i]).collect();
        let (v, _) = {
            let ocr = &mut self.ocr;
            classify(&subset, None, &mut |s| ocr.read(s))
        };
        for (k, &i) in unsure.iter().enumerate() {
            verdicts[i] = v[k];
        }
        let keypad = arrange(&samples, &verdicts)?;
        // Keys that made a keypad are digits for sure: worth remembering in this font.
        if let Some(i) = set {
            for key in &keypad.keys {
                if let Some(s) = samples.iter().find(|s| s.bbox == key.rect) {
                    self.sets[i].learn(key.digit, &s.glyph);
                }
            }
        }
        Some(keypad)
    }

    fn save(&mut self) -> Result<(), VisionError> {
        let (Some(sources), true) = (&self.options.templates, self.options.learn) else {
            return Ok(());
        };
        for set in self.sets.iter_mut().filter(|s| s.is_dirty()) {
            set.save(&sources.save_to)?;
        }
        Ok(())
    }
}
