//! A text field's caret beside a digit: apps whose cells are text fields (desktop toolkits, web
//! apps) draw the selected cell's digit with a blinking bar beside it. The bar is ink of the cell
//! but no part of the digit, and cut out with it the digit matches no glyph.

use super::components::Component;

/// A caret is at least this many times taller than wide: a bar one to three pixels wide spanning
/// the text line.
const THIN: u32 = 6;

/// Least share of its box a caret fills: a bar is solid, a digit's stroke never is across its box.
const SOLID: f32 = 0.8;

/// Least height of a caret against the digit beside it: the bar spans the line the digit sits on.
const SPAN: f32 = 0.8;

/// The digit's shapes among the cell's `big` ones, without a caret drawn beside them: one solid,
/// thin bar wholly left or right of the rest, about as tall as they are. A digit is one shape or
/// several that overlap across, so no part of one stands apart like that; a plain bar beside a
/// plain bar (a "1" with no flag and its caret) says nothing of which is which and is left whole.
pub(super) fn without_caret<'a>(big: &[&'a Component]) -> Vec<&'a Component> {
    if big.len() < 2 {
        return big.to_vec();
    }
    let bars: Vec<usize> = (0..big.len()).filter(|&i| is_bar(big[i])).collect();
    let [bar] = bars[..] else {
        return big.to_vec();
    };
    let rest: Vec<&Component> = (0..big.len())
        .filter(|&i| i != bar)
        .map(|i| big[i])
        .collect();
    let c = big[bar];
    let (x0, x1) = span(&rest, |r| (r.x0, r.x1));
    let (y0, y1) = span(&rest, |r| (r.y0, r.y1));
    let apart = c.x0 > x1 + 1 || c.x1 + 1 < x0;
    let tall = c.height() as f32 >= SPAN * (y1 - y0 + 1) as f32;
    if apart && tall {
        rest
    } else {
        big.to_vec()
    }
}

/// The bar among `shapes` that may be a caret: the one `without_caret` leaves out, or the only
/// shape at least `tall` pixels high when it is a solid thin bar (a plain "1", or a caret beside
/// a digit drawn so much fainter that it fell below the cut). A caret darker than its digit sets
/// the cut too high for the whole digit: the cell is read again without it.
pub(super) fn bar_to_look_past<'a>(shapes: &[&'a Component], tall: f32) -> Option<&'a Component> {
    let kept = without_caret(shapes);
    if kept.len() < shapes.len() {
        return shapes
            .iter()
            .copied()
            .find(|s| !kept.iter().any(|k| k.id == s.id));
    }
    let mut big = shapes.iter().filter(|c| c.height() as f32 >= tall);
    match (big.next(), big.next()) {
        (Some(&c), None) if is_bar(c) => Some(c),
        _ => None,
    }
}

/// Whether a shape is a solid thin upright bar.
fn is_bar(c: &Component) -> bool {
    let (w, h) = (c.width(), c.height());
    w * THIN <= h && c.area as f32 >= SOLID * (w * h) as f32
}

/// The least start and greatest end of `shapes` along one axis.
fn span(shapes: &[&Component], ends: impl Fn(&Component) -> (u32, u32)) -> (u32, u32) {
    shapes
        .iter()
        .map(|s| ends(s))
        .fold((u32::MAX, 0), |(a, b), (s, e)| (a.min(s), b.max(e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(id: u32, (x0, y0): (u32, u32), (w, h): (u32, u32), area: usize) -> Component {
        Component {
            id,
            area,
            x0,
            y0,
            x1: x0 + w - 1,
            y1: y0 + h - 1,
            touches_edge: false,
        }
    }

    #[test]
    fn a_bar_right_of_a_digit_is_left_out() {
        let digit = shape(1, (10, 8), (14, 24), 120);
        let caret = shape(2, (28, 6), (2, 28), 56);
        let out = without_caret(&[&digit, &caret]);
        assert_eq!(out.iter().map(|c| c.id).collect::<Vec<_>>(), vec![1]);
    }

    #[test]
    fn a_digit_alone_or_two_bars_or_a_short_stroke_stay_whole() {
        let digit = shape(1, (10, 8), (14, 24), 120);
        assert_eq!(without_caret(&[&digit]).len(), 1);
        // A "1" drawn as a plain bar with its caret: which is which is not told.
        let one = shape(1, (12, 8), (3, 24), 72);
        let caret = shape(2, (20, 6), (2, 28), 56);
        assert_eq!(without_caret(&[&one, &caret]).len(), 2);
        // A bar half the digit's height is part of what is drawn, not a caret.
        let short = shape(2, (28, 16), (2, 12), 24);
        assert_eq!(without_caret(&[&digit, &short]).len(), 2);
        // A bar that overlaps the digit across is one of its strokes.
        let stem = shape(2, (22, 6), (2, 28), 56);
        assert_eq!(without_caret(&[&digit, &stem]).len(), 2);
        // A hollow thin box is no bar.
        let hollow = shape(2, (28, 6), (4, 28), 40);
        assert_eq!(without_caret(&[&digit, &hollow]).len(), 2);
    }
}
