//! Whether a stretch of grid line that the line masks missed is drawn at all, judged from the
//! median luma profile across it. The masks need a line to stand out from the paper on both sides
//! at the usual contrast, in one polarity, pixel by pixel; the apps draw lines that do not: a
//! grey line between the grey and white boxes of a checkerboard is lighter than one fill and
//! darker than the other, a light JPEG line is broken by noise into runs too short to count, and
//! where two differently filled cells meet the only line is the change of fill. A card over the
//! grid hides all of these: its fill is one colour across the line. A line is drawn when it shows
//! in the medians of each quarter of the segment but one: a card's words and buttons, and the
//! digits a lattice at the wrong pitch puts its lines through, cross a line for part of its
//! length only.

use super::mask::Axis;
use crate::vision::pixels::colour::median_luma;
use crate::vision::pixels::Luma;

/// One stretch of a grid line between two crossing lines, in the pixels of a plane (the grid
/// search's small copy, or the full-size luma plane the traces are measured on).
#[derive(Debug, Clone, Copy)]
pub struct Segment {
    pub axis: Axis,
    /// The line's centre across it and its thickness.
    pub at: f32,
    pub thickness: f32,
    /// From the inner edge of one crossing line to the other's.
    pub along: (f32, f32),
}

impl Segment {
    /// The same segment in pixels `f` times larger (a small pixel k covers large pixels k*f ..
    /// k*f+f-1).
    pub fn scaled(self, f: u32) -> Segment {
        let f = f as f32;
        let scale = |p: f32| p * f + (f - 1.0) / 2.0;
        Segment {
            at: scale(self.at),
            thickness: self.thickness * f,
            along: (scale(self.along.0), scale(self.along.1)),
            ..self
        }
    }
}

/// A screen's luma plane as the grid search's segments see it (in its small pixels, `factor` times
/// smaller), with the line masks' reach in full-size pixels.
pub struct Traces<'a> {
    pub luma: &'a Luma,
    pub factor: u32,
    pub reach: u32,
}

impl Traces<'_> {
    /// Whether the segment is drawn at all (see `drawn`).
    pub fn drawn(&self, seg: Segment) -> bool {
        let seg = seg.scaled(self.factor);
        drawn(self.luma, seg, self.reach) && !textured(self.luma, seg, self.reach)
    }

    /// The share of the segment drawn (see `share`).
    pub fn share(&self, seg: Segment) -> f32 {
        share(self.luma, seg.scaled(self.factor), self.reach)
    }
}

/// How much the two cells' fills beside a segment must differ for the change of fill to be the
/// line: a card's uniform fill differs from itself by JPEG noise only (medians of several pixels
/// move by a level or two), and the grid masks need as much to call a pixel a line.
const FILL_STEP: i16 = 10;

/// How far a line's median must stand out from the fill on both sides: the faint grid search's
/// contrast, which cell lines a few levels off the paper on real dark themes meet; a median over
/// a quarter of a cell (6 pixels on the smallest real screen, 300 pixels wide) of JPEG noise of
/// 1-2 levels moves by about one.
const FAINT_LINE: i16 = 4;

/// Whether `seg` is drawn in `luma`: a line of either polarity along it, however faint, or a
/// change of fill across it, in every piece of it but one (see `share`). `reach` is how far
/// across the line the fill is looked for (the line masks' reach, in full-size pixels).
fn drawn(luma: &Luma, seg: Segment, reach: u32) -> bool {
    share(luma, seg, reach) >= DRAWN_SHARE
}

/// Whether what `drawn` sees along `seg` shows as much beside it, on both sides, past the paper it
/// compares the line with: a texture (a photo, an ad banner) draws "lines" everywhere, a grid
/// line only where it runs.
fn textured(luma: &Luma, seg: Segment, reach: u32) -> bool {
    let off = 2.0 * ((seg.thickness / 2.0).ceil() + 1.0 + reach.max(1) as f32);
    [-off, off].iter().all(|&d| {
        drawn(
            luma,
            Segment {
                at: seg.at + d,
                ..seg
            },
            reach,
        )
    })
}

/// The share of a segment's pieces that must show it for it to be drawn: all of its quarters
/// but one (a digit's stroke or JPEG block beside it, a dark word across it).
const DRAWN_SHARE: f32 = 0.75;

/// How many pieces `share` cuts a segment into: a card's edge across a line leaves the pieces on
/// one side of it drawn, a word or digit over it only the pieces it crosses, and a quarter of a
/// cell is still several pixels on the smallest screens.
const PIECES: i64 = 4;

/// The share of `seg`'s pieces (quarters, where long enough) that are drawn: 1 for a line drawn
/// all along, however faint or broken by noise into runs the line masks drop; part-way for a
/// line that a card's edge cuts.
fn share(luma: &Luma, seg: Segment, reach: u32) -> f32 {
    let (a, b) = inside(seg);
    let pieces = PIECES.min((b - a) / 3);
    if pieces < 1 {
        return 0.0;
    }
    let drawn = (0..pieces)
        .filter(|&i| {
            let piece = (a + i * (b - a) / pieces, a + (i + 1) * (b - a) / pieces);
            drawn_over(luma, seg, reach, piece)
        })
        .count();
    drawn as f32 / pieces as f32
}

/// The whole pixels along `seg`, a pixel clear of the crossing lines' edges.
fn inside(seg: Segment) -> (i64, i64) {
    (
        seg.along.0.ceil() as i64 + 1,
        seg.along.1.floor() as i64 - 1,
    )
}

/// Whether the segment's pixels `a..b` along it show a line or a change of fill.
fn drawn_over(luma: &Luma, seg: Segment, reach: u32, (a, b): (i64, i64)) -> bool {
    let half = (seg.thickness / 2.0).ceil() as i64 + 1;
    let side = half + i64::from(reach.max(1));
    let centre = seg.at.round() as i64;
    let (len, count) = match seg.axis {
        Axis::Horizontal => (luma.width, luma.height),
        Axis::Vertical => (luma.height, luma.width),
    };
    let b = b.min(i64::from(len));
    if b <= a || a < 0 || centre - side < 0 || centre + side >= i64::from(count) {
        return false;
    }
    // The median along the segment of each pixel row (or column) parallel to it.
    let profile: Vec<i16> = (-side..=side)
        .map(|d| {
            let across = (centre + d) as u32;
            let levels = (a..b).map(|t| match seg.axis {
                Axis::Horizontal => luma.get(t as u32, across),
                Axis::Vertical => luma.get(across, t as u32),
            });
            i16::from(median_luma(levels))
        })
        .collect();
    let fill = |rows: &[i16]| i16::from(median_luma(rows.iter().map(|&v| v as u8)));
    let n = profile.len();
    let k = (side - half) as usize;
    let (before, line, after) = (
        fill(&profile[..k]),
        &profile[k..n - k],
        fill(&profile[n - k..]),
    );
    let stands_out = |v: i16| {
        (before - v).min(after - v) >= FAINT_LINE || (v - before).min(v - after) >= FAINT_LINE
    };
    (before - after).abs() >= FILL_STEP || line.iter().any(|&v| stands_out(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 60x40 plane: `paper(y)` in every row, with 5 levels of noise along each row.
    fn plane(paper: impl Fn(u32) -> u8) -> Luma {
        let (width, height) = (60, 40);
        let data = (0..height)
            .flat_map(|y| {
                let p = paper(y);
                (0..width).map(move |x| p.saturating_add(((x * 3 + y * 5) % 5) as u8))
            })
            .collect();
        Luma {
            width,
            height,
            data,
        }
    }

    fn across_row_20(thickness: f32) -> Segment {
        Segment {
            axis: Axis::Horizontal,
            at: 20.0,
            thickness,
            along: (5.0, 55.0),
        }
    }

    #[test]
    fn a_line_a_few_levels_off_the_paper_in_either_polarity_is_drawn() {
        let dark = plane(|y| if (19..=20).contains(&y) { 235 } else { 240 });
        let light = plane(|y| if (19..=20).contains(&y) { 210 } else { 204 });
        assert!(drawn(&dark, across_row_20(2.0), 3));
        assert!(drawn(&light, across_row_20(2.0), 3));
    }

    #[test]
    fn a_change_of_fill_is_drawn_and_a_uniform_fill_is_not() {
        let boxes = plane(|y| if y < 20 { 204 } else { 248 });
        let card = plane(|_| 250);
        assert!(drawn(&boxes, across_row_20(2.0), 3));
        assert!(!drawn(&card, across_row_20(2.0), 3));
    }

    #[test]
    fn words_over_part_of_the_segment_do_not_draw_it() {
        let mut card = plane(|_| 250);
        for y in 12..30 {
            for x in 10..30 {
                card.data[(y * 60 + x) as usize] = 30;
            }
        }
        assert!(!drawn(&card, across_row_20(2.0), 3));
    }

    #[test]
    fn a_line_cut_by_a_card_is_drawn_part_way_and_a_faint_one_all_along() {
        let mut cut = plane(|y| if (19..=20).contains(&y) { 235 } else { 240 });
        for y in 10..30 {
            for x in 30..60 {
                cut.data[(y * 60 + x) as usize] = 250;
            }
        }
        assert_eq!(share(&cut, across_row_20(2.0), 3), 0.5);
        let faint = plane(|y| if (19..=20).contains(&y) { 235 } else { 240 });
        assert_eq!(share(&faint, across_row_20(2.0), 3), 1.0);
    }
}
