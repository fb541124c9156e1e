//! Which digit each sample is, and how sure we are. Templates first (when the font is known); the
//! rest are grouped into clusters of identical glyphs and Tesseract reads one representative per
//! cluster (a board has ~20 distinct glyphs, not 81), a second member when the first read is weak.
//! Every answer is checked against the glyph's holes, which catches 3↔9, 6↔8, 1↔4 confusions.

use super::ink::Sample;
use crate::vision::ocr::templates::TemplateSet;
use crate::vision::ocr::OcrRead;
use autosudoku_core::sudoku::Digit;
use serde::Serialize;

/// At or above this a digit is "certain" and the agent may act on it.
pub const CERTAIN: f32 = 0.8;

/// Glyphs this similar are the same glyph of the same font.
const SAME_GLYPH: f32 = 0.94;

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
