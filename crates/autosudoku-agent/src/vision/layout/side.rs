//! How many cells a side the board has: the grid finder fits nine cells into whatever board it
//! finds, so a 6x6, 12x12 or 16x16 board comes back as a 9x9 grid on its frame. Lines that run the
//! whole board stand out in the median across it; a board whose nine-cell lines are not drawn
//! while the lines of N equal cells all are is N cells a side. Anything else (lines too faint, cells
//! marked only by shading) is taken as the nine the finder fitted: a size is claimed, never guessed.

use crate::vision::grid::GridGeometry;
use crate::vision::pixels::luma::luma;
use crate::vision::pixels::Polarity;
use image::RgbaImage;

/// The sides finer than 9 a board is checked for, then the coarser ones (apps deal 4x4 to 16x16).
const FINER: [usize; 2] = [16, 12];
const COARSER: [usize; 3] = [8, 6, 4];

/// How far from the paper (in luma levels) a line's median must be to count as drawn.
const LINE: i32 = 20;

/// The cells a side of the board in `img` whose frame `g` found.
pub fn board_side(img: &RgbaImage, g: &GridGeometry) -> usize {
    let cols = profile(img, g, true);
    let rows = profile(img, g, false);
    match (side(&cols, &g.xs), side(&rows, &g.ys)) {
        (a, b) if a == b => a,
        _ => 9,
    }
}

/// The cells along one axis whose nine found lines are `nine`.
fn side(p: &Profile, nine: &[f32; 10]) -> usize {
    let (lo, hi) = (nine[0], nine[9]);
    let pitch = (hi - lo) / 9.0;
    // The lattice going on past the frame at the same pitch: the finder found nine cells of a
    // bigger board (the last nine columns of a 12x12 one).
    let beyond = |edge: f32, step: f32| {
        (1..=7)
            .take_while(|&k| p.drawn(&[edge + step * k as f32]))
            .count()
    };
    let cells = 9 + beyond(lo, -pitch) + beyond(hi, pitch);
    if FINER.contains(&cells) {
        return cells;
    }
    let drawn = |n: usize| {
        let even: Vec<f32> = (1..n)
            .map(|k| lo + (hi - lo) * k as f32 / n as f32)
            .collect();
        p.drawn(&even)
    };
    // Finer lines first: nine cells fitted into a 12x12 frame fall on a few of its lines only,
    // and a 9x9 board draws no line a twelfth of the way in.
    if let Some(n) = FINER.into_iter().find(|&n| drawn(n)) {
        return n;
    }
    if p.drawn(&nine[1..9]) {
        return 9;
    }
    COARSER.into_iter().find(|&n| drawn(n)).unwrap_or(9)
}

/// How far from the paper the screen is at each pixel along one axis, as the median across the
/// board: a line drawn the board's whole length keeps it high, digits and highlights do not.
struct Profile {
    ink: Vec<i32>,
    /// Half the width of the window a line is looked for in around where it should be.
    slack: i32,
}

impl Profile {
    /// Whether a line is drawn at every one of `at`.
    fn drawn(&self, at: &[f32]) -> bool {
        at.iter().all(|&x| {
            let c = x.round() as i32;
            (c - self.slack..=c + self.slack)
                .filter_map(|i| usize::try_from(i).ok().and_then(|i| self.ink.get(i)))
                .any(|&v| v >= LINE)
        })
    }
}

/// The profile along x (`across_columns`) or y over the whole screen, each pixel the median of
/// 47 points across the board between its frame lines; the paper is the median within the frame.
fn profile(img: &RgbaImage, g: &GridGeometry, across_columns: bool) -> Profile {
    let (along, other, length) = if across_columns {
        (&g.xs, &g.ys, img.width())
    } else {
        (&g.ys, &g.xs, img.height())
    };
    let (o0, o1) = (other[0], other[9]);
    let spots: Vec<u32> = (1..48)
        .filter_map(|k| u32::try_from((o0 + (o1 - o0) * k as f32 / 48.0).round() as i32).ok())
        .collect();
    let level = |x: u32, y: u32| -> Option<i32> {
        (x < img.width() && y < img.height()).then(|| i32::from(luma(*img.get_pixel(x, y))))
    };
    let medians: Vec<i32> = (0..length)
        .map(|p| {
            let mut column: Vec<i32> = spots
                .iter()
                .filter_map(|&q| {
                    if across_columns {
                        level(p, q)
                    } else {
                        level(q, p)
                    }
                })
                .collect();
            column.sort_unstable();
            column.get(column.len() / 2).copied().unwrap_or(0)
        })
        .collect();
    let (from, to) = (along[0].max(0.0) as usize, along[9].max(0.0) as usize);
    let mut inside = medians.get(from..=to).unwrap_or(&medians).to_vec();
    inside.sort_unstable();
    // Most of the board's length is paper between lines.
    let paper = inside.get(inside.len() / 2).copied().unwrap_or(0);
    let ink = medians
        .iter()
        .map(|&m| match g.polarity {
            Polarity::DarkOnLight => paper - m,
            Polarity::LightOnDark => m - paper,
        })
        .collect();
    let pitch16 = (along[9] - along[0]) / 16.0;
    Profile {
        ink,
        slack: ((pitch16 * 0.12).round() as i32).max(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vision::grid::Cue;
    use image::Rgba;

    /// A white board 720 px a side with `n` equal cells a side in grey lines, found as nine cells
    /// on its frame.
    fn board(n: usize) -> (RgbaImage, GridGeometry) {
        let mut img = RgbaImage::from_pixel(800, 800, Rgba([255, 255, 255, 255]));
        for k in 0..=n {
            let at = 40 + (720 * k / n) as u32;
            for t in at.saturating_sub(1)..=at + 1 {
                for s in 40..=760 {
                    img.put_pixel(t, s, Rgba([200, 200, 200, 255]));
                    img.put_pixel(s, t, Rgba([200, 200, 200, 255]));
                }
            }
        }
        let nine: [f32; 10] = std::array::from_fn(|k| 40.0 + 80.0 * k as f32);
        let g = GridGeometry {
            xs: nine,
            ys: nine,
            x_thickness: [3.0; 10],
            y_thickness: [3.0; 10],
            polarity: Polarity::DarkOnLight,
            cue: Cue::FramedLines,
        };
        (img, g)
    }

    #[test]
    fn a_board_of_n_equal_cells_found_as_nine_is_n_a_side() {
        for n in [4, 6, 8, 9, 12, 16] {
            let (img, g) = board(n);
            assert_eq!(board_side(&img, &g), n, "{n}x{n}");
        }
    }

    #[test]
    fn nine_cells_found_on_a_bigger_lattice_are_part_of_its_board() {
        let (img, mut g) = board(12);
        // The last nine columns and the first nine rows of the 12x12 lattice (60 px cells).
        g.xs = std::array::from_fn(|k| 40.0 + 60.0 * (k + 3) as f32);
        g.ys = std::array::from_fn(|k| 40.0 + 60.0 * k as f32);
        assert_eq!(board_side(&img, &g), 12);
    }

    #[test]
    fn a_board_with_no_lines_inside_is_taken_as_nine() {
        let (img, g) = board(1);
        assert_eq!(board_side(&img, &g), 9);
    }
}
