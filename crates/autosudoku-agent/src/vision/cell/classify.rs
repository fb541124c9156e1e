//! Which digit each sample is, and how sure we are. Templates first (when the font is known); the
//! rest are grouped into clusters of identical glyphs and Tesseract reads one representative per
//! cluster (a board has ~20 distinct glyphs, not 81), a second member when the first read is weak.
//! Every answer is checked against the glyph's holes, which catches 3↔9, 6↔8, 1↔4 confusions.

use super::ink::Sample;
use crate::vision::ocr::templates::{TemplateSet, SURE_MARGIN};
use crate::vision::ocr::OcrRead;
use autosudoku_core::sudoku::Digit;
use serde::Serialize;

/// At or above this a digit is "certain" and the agent may act on it.
pub const CERTAIN: f32 = 0.8;

/// Glyphs this similar are the same glyph of the same font.
pub(super) const SAME_GLYPH: f32 = 0.94;

/// Where a reading came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    Template,
    Tesseract,
    /// No reader gave an answer.
    None,
}

/// The reading of one sample.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Verdict {
    pub digit: Option<Digit>,
    pub confidence: f32,
    pub source: Source,
}

/// What was learned along the way: representatives read by Tesseract with high confidence.
pub struct Learned {
    pub glyphs: Vec<(usize, Digit)>,
    pub ocr_calls: usize,
}

/// Classifies every sample. `ocr` is only called for glyphs the templates are unsure of.
pub fn classify(
    samples: &[&Sample],
    templates: Option<&TemplateSet>,
    ocr: &mut dyn FnMut(&Sample) -> Option<OcrRead>,
) -> (Vec<Verdict>, Learned) {
    let mut verdicts = vec![
        Verdict {
            digit: None,
            confidence: 0.0,
            source: Source::None,
        };
        samples.len()
    ];
    let mut pending = Vec::new();
    for (i, s) in samples.iter().enumerate() {
        let matched = templates.and_then(|t| t.best(&s.glyph));
        match matched {
            Some(m) if m.confidence() >= CERTAIN && s.holes.allows(m.digit.get()) => {
                verdicts[i] = Verdict {
                    digit: Some(m.digit),
                    confidence: m.confidence(),
                    source: Source::Template,
                }
            }
            _ => pending.push(i),
        }
    }
    let mut learned = Learned {
        glyphs: Vec::new(),
        ocr_calls: 0,
    };
    for cluster in clusters(samples, &pending) {
        // Try the representative, then up to two more members, until a read agrees with the holes.
        let mut answer: Option<(usize, OcrRead)> = None;
        for &member in cluster.iter().take(3) {
            learned.ocr_calls += 1;
            if let Some(read) = ocr(samples[member]) {
                let consistent = samples[member].holes.allows(read.digit.get());
                if consistent && read.confidence >= CERTAIN {
                    answer = Some((member, read));
                    break;
                }
                if consistent && answer.is_none_or(|(_, a)| read.confidence > a.confidence) {
                    answer = Some((member, read));
                }
            }
        }
        let Some((rep, mut read)) = answer else {
            continue;
        };
        // Two holes make an 8 and nothing else: Tesseract's doubt about a small 8 is moot.
        if read.digit.get() == 8 && samples[rep].holes.count == 2 {
            read.confidence = read.confidence.max(0.9);
        }
        if read.confidence >= 0.85 {
            learned.glyphs.push((rep, read.digit));
        }
        for &m in &cluster {
            let likeness = samples[m].glyph.similarity(&samples[rep].glyph);
            // Members are as sure as the read, less whatever they differ from the glyph read.
            let confidence = read.confidence.min(1.0 - (1.0 - likeness) * 2.0).max(0.0);
            let consistent = samples[m].holes.allows(read.digit.get());
            verdicts[m] = Verdict {
                digit: Some(read.digit),
                confidence: if consistent {
                    confidence
                } else {
                    confidence.min(0.3)
                },
                source: Source::Tesseract,
            };
        }
    }
    (verdicts, learned)
}

/// How far the board's nearest digit must lead every other digit for its sure glyphs to vouch
/// for an unsure one: the margin at which a template match is fully sure. Over both folders of
/// real screens, no glyph whose digits all had sure glyphs on its board was nearer another
/// digit's by more than 0.06 (docs/notes/vision.md, "The board's own glyphs").
const BOARD_MARGIN: f32 = SURE_MARGIN;

/// Settles unsure samples by the board's own sure glyphs, the font's other copies of each digit
/// drawn at the same size: a sample whose nearest sure glyphs are a digit's, by `BOARD_MARGIN`
/// over any other digit, while every digit its holes allow has sure glyphs to be compared with,
/// is that digit when Tesseract read it so too (two readers agree), or when Tesseract read
/// nothing and the match is as sure as a template's (what a later read of the font would do).
pub fn settle_by_board(samples: &[&Sample], verdicts: &mut [Verdict]) {
    let mut board = TemplateSet::new("board");
    for (s, v) in samples.iter().zip(verdicts.iter()) {
        if let Some(d) = v
            .digit
            .filter(|d| v.confidence >= CERTAIN && s.holes.allows(d.get()))
        {
            board.learn(d, &s.glyph);
        }
    }
    let has = |d: Digit| board.glyphs.iter().any(|(g, _)| *g == d);
    for (s, v) in samples.iter().zip(verdicts.iter_mut()) {
        if v.confidence >= CERTAIN {
            continue;
        }
        let Some(m) = board.best(&s.glyph) else {
            continue;
        };
        let compared = Digit::all().all(|d| !s.holes.allows(d.get()) || has(d));
        if !compared || !s.holes.allows(m.digit.get()) || m.score - m.runner_up < BOARD_MARGIN {
            continue;
        }
        let confidence = match v.digit {
            Some(d) if d == m.digit => v.confidence.max(CERTAIN),
            None if m.confidence() >= CERTAIN => m.confidence(),
            _ => continue,
        };
        *v = Verdict {
            digit: Some(m.digit),
            confidence,
            source: if v.digit.is_some() {
                v.source
            } else {
                Source::Template
            },
        };
    }
}

/// Greedy clustering of identical glyphs; each cluster lists its seed first, and every member is
/// at least `SAME_GLYPH` like it (so the seed's reading carries over with a known margin).
fn clusters(samples: &[&Sample], pending: &[usize]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for &i in pending {
        match out
            .iter_mut()
            .find(|c| samples[c[0]].glyph.similarity(&samples[i].glyph) >= SAME_GLYPH)
        {
            Some(c) => c.push(i),
            None => out.push(vec![i]),
        }
    }
    out
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::geometry::Rect;
    use crate::vision::cell::extract::tests::digit;
    use crate::vision::cell::{extract, CellInk};
    use image::{Rgba, RgbaImage};

    /// The digits `ds` of one font, each drawn in its own 40-pixel cell, cut out as samples.
    pub(in crate::vision::cell) fn samples(ds: &[u8]) -> Vec<Sample> {
        ds.iter()
            .map(|&d| {
                let mut img = RgbaImage::from_pixel(40, 40, Rgba([255, 255, 255, 255]));
                digit(&mut img, &d.to_string(), 20, 20, 22.0, Rgba([0, 0, 0, 255]));
                match extract(&img, Rect::new(0, 0, 40, 40)) {
                    CellInk::Digit(s) => *s,
                    other => panic!("{d} drawn is read as {other:?}"),
                }
            })
            .collect()
    }

    pub(in crate::vision::cell) fn verdict(d: Option<u8>, confidence: f32) -> Verdict {
        Verdict {
            digit: d.and_then(Digit::new),
            confidence,
            source: Source::Tesseract,
        }
    }

    /// Sure verdicts for the digits 1-9, and `last` for a second 6.
    fn settled(ds: &[u8], last: Verdict) -> Verdict {
        let samples = samples(ds);
        let refs: Vec<&Sample> = samples.iter().collect();
        let mut verdicts: Vec<Verdict> = ds[..ds.len() - 1]
            .iter()
            .map(|&d| verdict(Some(d), 0.95))
            .collect();
        verdicts.push(last);
        settle_by_board(&refs, &mut verdicts);
        verdicts[ds.len() - 1]
    }

    #[test]
    fn the_boards_sure_glyphs_vouch_for_a_weak_read_that_agrees_with_them() {
        let all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 6];
        let agreed = settled(&all, verdict(Some(6), 0.6));
        assert_eq!(agreed.digit, Digit::new(6));
        assert!(agreed.confidence >= CERTAIN, "{agreed:?}");
        // Tesseract saw nothing: the shapes alone, as sure as a template would be.
        let alone = settled(&all, verdict(None, 0.0));
        assert_eq!(
            (alone.digit, alone.source),
            (Digit::new(6), Source::Template)
        );
        assert!(alone.confidence >= CERTAIN, "{alone:?}");
    }

    #[test]
    fn a_weak_read_stays_unsure_when_tesseract_disagrees_or_a_rival_digit_is_missing() {
        let all = [1, 2, 3, 4, 5, 6, 7, 8, 9, 6];
        let other = settled(&all, verdict(Some(5), 0.6));
        assert_eq!((other.digit, other.confidence), (Digit::new(5), 0.6));
        // No sure 8 on the board to be compared with: a 6's loop might be an 8's.
        let no_eight = [1, 2, 3, 4, 5, 6, 7, 9, 6];
        let unsure = settled(&no_eight, verdict(Some(6), 0.6));
        assert_eq!(unsure.confidence, 0.6);
    }
}
