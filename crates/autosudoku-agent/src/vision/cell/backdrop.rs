//! The colour right behind a digit, as against its cell's paper at the box's edge: some apps mark
//! their givens with a disc or a rounded tile only a shade off the paper (a light grey disc on
//! white), too faint to be ink or a plate. The band around the digit's box lies on that shape,
//! while the cell's ring lies outside it.

use super::components::View;
use crate::vision::pixels::colour::median_color;

/// The band's width around the digit's box, as a share of the digit's height: inside a disc
/// that holds the digit (a disc spans about twice the digit's height), wider than anti-aliasing.
const BAND: f32 = 0.15;

/// The median colour of a band around the digit's box (`at` and `size`, in the view's
/// coordinates), a gap of anti-aliasing left between them; the pixels of the view's `diff`
/// (difference from the cell's paper) at `ink` or more, other marks, are left out. `None` when
/// the band holds no such pixel (a digit filling its box).
pub(super) fn behind(
    view: &View,
    diff: &[u8],
    ink: u8,
    at: (u32, u32),
    size: (u32, u32),
) -> Option<[u8; 3]> {
    let (w, h) = (view.rect.width, view.rect.height);
    let gap = (size.1 / 20).max(1);
    let band = gap + ((size.1 as f32 * BAND) as u32).max(2);
    let grow =
        |lo: u32, len: u32, by: u32, side: u32| (lo.saturating_sub(by), (lo + len + by).min(side));
    let (ox0, ox1) = grow(at.0, size.0, band, w);
    let (oy0, oy1) = grow(at.1, size.1, band, h);
    let (ix0, ix1) = grow(at.0, size.0, gap, w);
    let (iy0, iy1) = grow(at.1, size.1, gap, h);
    let near = |x: u32, y: u32| (ix0..ix1).contains(&x) && (iy0..iy1).contains(&y);
    let mut pixels = (oy0..oy1)
        .flat_map(|y| (ox0..ox1).map(move |x| (x, y)))
        .filter(|&(x, y)| !near(x, y) && diff[(y * w + x) as usize] < ink)
        .map(|(x, y)| view.px(x, y))
        .peekable();
    pixels.peek()?;
    let c = median_color(pixels);
    Some([c[0], c[1], c[2]])
}
