//! Screenshot → `BoardRead` (`board`): runs the pipeline (grid, cells, keypad, templates or
//! Tesseract, given/entered, sanity; `cover_doubt` gives back cells a faint-lined board seemed to
//! hide; `cell_reads` turns the cells' ink and digits into the 81 cell
//! reads) and keeps what is worth keeping between reads: one Tesseract instance and the template
//! sets, which grow as new fonts are read.

mod board;
mod cell_reads;
mod cover_doubt;
mod filing;
mod forced_digits;
mod lattice_doubt;
mod notes_doubt;
mod split;

pub use board::{BoardRead, CellKind, CellRead};

use super::cell::by_lines::settle_by_lines;
use super::cell::classify::{classify, settle_by_board, Learned, Verdict, CERTAIN};
use super::cell::Sample;
use super::error::VisionError;
use super::grid::{detect, rephased, Cue, GridGeometry};
use super::layout::read_layout;
use super::ocr::templates::{TemplateSet, TemplateSources};
use super::ocr::{NumberOcr, Ocr, OcrRead};
use super::pixels::{Luma, Planes, Polarity};
use super::rules::BoardRules;
use super::screen::boards;
use super::screen::buttons::{Button, ButtonFinder};
use super::screen::keypad::{arrange, candidates, Keypad};
use super::screen::menu::{self, MenuReader};
use crate::geometry::Rect;
use autosudoku_core::sudoku::{Cell, Digit};
use cell_reads::{bare_edge, board_read, cell_inks, cell_reads, digit_samples};
use image::RgbaImage;

/// A font is "known" when its templates match a board's glyphs this well on average.
const KNOWN_FONT: f32 = 0.85;

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
    /// The app the screens come from (its package): glyphs learned beside a font shipped with
    /// autosudoku, or in a new one, are filed under it; `None` (a screenshot file) files them
    /// under a fingerprint of the font.
    pub app: Option<String>,
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
    /// Killer cages' sums.
    sums: NumberOcr,
    sets: Vec<TemplateSet>,
    buttons: ButtonFinder,
    menu: MenuReader,
}

impl Reader {
    pub fn new(options: ReaderOptions) -> Result<Reader, VisionError> {
        let sets = match &options.templates {
            Some(sources) => TemplateSet::load_sources(sources)?,
            None => Vec::new(),
        };
        let folders = options.templates.as_ref().map(|s| s.folders.clone());
        Ok(Reader {
            options,
            ocr: CountedOcr::default(),
            sums: NumberOcr::default(),
            sets,
            buttons: ButtonFinder::new(&folders.unwrap_or_default()),
            menu: MenuReader::default(),
        })
    }

    /// Reads one screenshot.
    pub fn read(&mut self, img: &RgbaImage) -> Result<BoardRead, VisionError> {
        let start = std::time::Instant::now();
        let planes = Planes::from_rgba(img);
        let luma = &planes.luma;
        tracing::trace!(elapsed = ?start.elapsed(), "luma");
        let mut found = detect(&planes)?;
        let t_grid = start.elapsed();
        let mut inks = cell_inks(img, &mut found);
        // A grid with covered cells was checked against the digits' lattice as it was found.
        if found.covered.is_empty() && bare_edge(&inks) {
            if let Some(moved) = rephased(&found, &planes) {
                found = moved;
                inks = cell_inks(img, &mut found);
            }
        }
        let (cells_with_digit, grid_samples) = digit_samples(&inks);
        let t_cells = start.elapsed();
        let calls_before = self.ocr.calls;
        let set = self.choose_set(&grid_samples);
        let digit_cells: Vec<Cell> = cells_with_digit
            .iter()
            .filter_map(|&i| Cell::from_index(i))
            .collect();
        let (verdicts, learned) = self.digits(&grid_samples, &digit_cells, set)?;
        let (cells, unseen) =
            cell_reads(&found, &inks, &cells_with_digit, &grid_samples, &verdicts);
        let layout = read_layout(img, &found.geometry, &mut self.sums);
        let mut read = board_read(found, cells, unseen, Some(layout));
        let sound = !read.sanity.is_misread();
        // A board read certain and sane vouches for all its certain glyphs, not only Tesseract's.
        let glyphs = if sound && read.uncertain().is_empty() {
            certain_digits(&verdicts)
        } else {
            learned.glyphs
        };
        let set = self.learn(set, &grid_samples, &glyphs, sound);
        let t_digits = start.elapsed();
        read.keypad = self.keypad(img, luma, &read.geometry, set);
        let t_keypad = start.elapsed();
        read.buttons = self
            .buttons
            .find(luma, &read.geometry, read.keypad.as_ref());
        let (board, keypad) = (read.geometry.bounds(), read.keypad.is_some());
        read.not_in_play = self
            .menu
            .check(luma, board, read.geometry.pitch(), keypad)
            .or_else(|| {
                // A variant's rules make more boards certain, so a variant board must also be
                // the only one on screen (a store picture shows a keypad beside its boards).
                let variant = !BoardRules::of(read.layout.as_ref()).is_classic();
                (variant || menu::may_be_picture(luma, board, keypad))
                    .then(|| boards::another(img, board))
                    .flatten()
            });
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

    /// The undo, erase and notes buttons beside a board of another side whose lines span
    /// `board`: looked for as beside a 9x9 board of that size, since apps lay their toolbars out
    /// by the screen, not by the cells.
    pub fn buttons_beside(&mut self, img: &RgbaImage, board: Rect) -> Vec<Button> {
        let (x, y) = (board.x as f32, board.y as f32);
        let (w, h) = (board.width as f32, board.height as f32);
        let nine = GridGeometry {
            xs: std::array::from_fn(|k| x + w * k as f32 / 9.0),
            ys: std::array::from_fn(|k| y + h * k as f32 / 9.0),
            x_thickness: [1.0; 10],
            y_thickness: [1.0; 10],
            polarity: Polarity::DarkOnLight,
            cue: Cue::FramedLines,
        };
        let planes = Planes::from_rgba(img);
        self.buttons.find(&planes.luma, &nine, None)
    }

    /// Which digit each sample (in `cells`) is, by the template set `set`, Tesseract and the
    /// board's rows and columns; an error when Tesseract was needed and could not start.
    fn digits(
        &mut self,
        samples: &[&Sample],
        cells: &[Cell],
        set: Option<usize>,
    ) -> Result<(Vec<Verdict>, Learned), VisionError> {
        let (mut verdicts, learned) = {
            let ocr = &mut self.ocr;
            classify(samples, set.map(|i| &self.sets[i]), &mut |s| ocr.read(s))
        };
        settle_by_board(samples, &mut verdicts);
        settle_by_lines(samples, cells, &mut verdicts);
        if let Some(reason) = self.ocr.ocr.failure() {
            if verdicts.iter().any(|v| v.digit.is_none()) {
                return Err(VisionError::Ocr(reason.to_owned()));
            }
        }
        Ok((verdicts, learned))
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

    /// Adds the glyphs (sample, digit) the set does not yet read certain to it (a new one if
    /// none), when the board they came from makes sense. Returns the set now in use.
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
        let missing = |set: &TemplateSet| -> Vec<(usize, Digit)> {
            glyphs
                .iter()
                .copied()
                .filter(|&(k, d)| !reads_certain(set, samples[k], d))
                .collect()
        };
        if set.is_some_and(|i| missing(&self.sets[i]).is_empty()) {
            return set;
        }
        let i = self.own_set(set, samples);
        // A glyph learned for one digit can take the margin a look-alike of another had, so the
        // glyphs are checked again after each round (three at most: each round only grows the set).
        for _ in 0..3 {
            let missing = missing(&self.sets[i]);
            if missing.is_empty() {
                break;
            }
            for (k, digit) in missing {
                self.sets[i].learn(digit, &samples[k].glyph);
            }
        }
        Some(i)
    }

    /// The set glyphs learned now go to: `set` when it is the app's own (not shipped, or the
    /// profile's), else the app's (`filing`), made from a copy of `set` so that it reads at least
    /// as well, and found again by name next time.
    fn own_set(&mut self, set: Option<usize>, samples: &[&Sample]) -> usize {
        if let Some(i) = set {
            if !self.sets[i].shipped || self.options.font.as_ref() == Some(&self.sets[i].name) {
                return i;
            }
        }
        let name = filing::filed_name(self.options.app.as_deref(), samples);
        if let Some(i) = self.sets.iter().position(|s| s.name == name) {
            return i;
        }
        let own = match set {
            Some(i) => self.sets[i].copy_as(&name),
            None => TemplateSet::new(&name),
        };
        self.sets.push(own);
        self.sets.len() - 1
    }

    /// The keypad: by templates alone when they find it, else with Tesseract's help for the marks
    /// the templates could not place (all of them when no keypad showed up) and that are not
    /// marks this app showed before that made no key.
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
        if first.as_ref().is_some_and(|k| k.keys.len() == 9) {
            return first;
        }
        let known_mark = |i: usize| set.is_some_and(|s| self.sets[s].is_mark(&samples[i].glyph));
        let unsure: Vec<usize> = unsure_marks(first.as_ref(), &samples, &verdicts)
            .into_iter()
            .filter(|&i| !known_mark(i))
            .collect();
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
        let keypad = arrange(&samples, &verdicts);
        if let Some(i) = set {
            let i = self.own_set(Some(i), &samples);
            self.remember(i, &samples, &unsure, keypad.as_ref());
        }
        keypad
    }

    /// Keeps in set `i` the keys that made a keypad (digits for sure), and as marks the ones
    /// Tesseract was asked about that made no key (icons, labels, a timer's digits).
    fn remember(
        &mut self,
        i: usize,
        samples: &[&Sample],
        asked: &[usize],
        keypad: Option<&Keypad>,
    ) {
        let keys = keypad.map_or(&[][..], |k| &k.keys);
        let is_key = |s: &Sample| keys.iter().any(|k| k.rect == s.bbox);
        for key in keys {
            if let Some(s) = samples.iter().find(|s| s.bbox == key.rect) {
                self.sets[i].learn(key.digit, &s.glyph);
            }
        }
        for &k in asked.iter().filter(|&&k| !is_key(samples[k])) {
            self.sets[i].learn_mark(&samples[k].glyph);
        }
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

/// The samples read certain, with their digits.
fn certain_digits(verdicts: &[Verdict]) -> Vec<(usize, Digit)> {
    verdicts
        .iter()
        .enumerate()
        .filter(|(_, v)| v.confidence >= CERTAIN)
        .filter_map(|(k, v)| Some((k, v.digit?)))
        .collect()
}

/// Whether `set` alone reads the sample as `digit`, certain.
fn reads_certain(set: &TemplateSet, sample: &Sample, digit: Digit) -> bool {
    set.best(&sample.glyph)
        .is_some_and(|m| m.digit == digit && m.confidence() >= CERTAIN)
}

/// The marks worth asking Tesseract about when the templates found no full keypad: the unplaced
/// ones in the keypad's own area (a used-up key may be simply hidden), or all of them when no
/// keypad showed up.
fn unsure_marks(first: Option<&Keypad>, samples: &[&Sample], verdicts: &[Verdict]) -> Vec<usize> {
    let unsure = |i: &usize| verdicts[*i].confidence < CERTAIN;
    let Some(k) = first else {
        return (0..samples.len()).filter(unsure).collect();
    };
    let Some(area) = k.keys.iter().map(|k| k.rect).reduce(Rect::union) else {
        return Vec::new();
    };
    let pad = area.height.max(k.keys[0].rect.height * 2);
    let area = Rect::new(
        area.x.saturating_sub(pad),
        area.y.saturating_sub(pad),
        area.width + 2 * pad,
        area.height + 2 * pad,
    );
    (0..samples.len())
        .filter(unsure)
        .filter(|&i| samples[i].bbox.intersects(area))
        .collect()
}
