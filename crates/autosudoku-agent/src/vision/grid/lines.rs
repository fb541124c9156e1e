//! Line candidates: runs of line-mask pixels long enough to be a grid line, grouped across
//! neighbouring rows (a line several pixels thick) into one `Line` with its position, thickness and
//! the stretches it covers. The grid finder picks ten evenly spaced ones out of these.

use super::mask::LineMask;

/// One straight line along an axis: `pos` across it, `spans` along it (merged, sorted).
#[derive(Debug, Clone)]
pub struct Line {
    pub pos: f32,
    pub thickness: f32,
    pub spans: Vec<(u32, u32)>,
}

impl Line {
    /// The fraction of `[a, b)` this line covers.
    pub fn coverage(&self, a: f32, b: f32) -> f32 {
        if b <= a {
            return 0.0;
        }
        let covered: f32 = self
            .spans
            .iter()
            .map(|&(s, e)| (e as f32).min(b) - (s as f32).max(a))
            .filter(|&len| len > 0.0)
            .sum();
        covered / (b - a)
    }

    /// From the first covered pixel to the last.
    pub fn extent(&self) -> (u32, u32) {
        let first = self.spans.first().map_or(0, |s| s.0);
        let last = self.spans.last().map_or(0, |s| s.1);
        (first, last)
    }
}

/// Runs of `true` in `row` at least `min_run` long, bridging holes up to `gap` pixels
/// (anti-aliasing and digits touching a line leave small holes).
fn runs(row: &[bool], min_run: u32, gap: u32, out: &mut Vec<(u32, u32)>) {
    let mut start: Option<u32> = None;
    let mut last_on = 0u32;
    for (i, &on) in row.iter().enumerate() {
        let i = i as u32;
        if on {
            match start {
                Some(_) if i - last_on > gap + 1 => {
                    if last_on + 1 - start.unwrap_or(0) >= min_run {
                        out.push((start.unwrap_or(0), last_on + 1));
                    }
                    start = Some(i);
                }
                None => start = Some(i),
                _ => {}
            }
            last_on = i;
        }
    }
    if let Some(s) = start {
        if last_on + 1 - s >= min_run {
            out.push((s, last_on + 1));
        }
    }
}

/// Merges overlapping or touching spans.
fn merge(mut spans: Vec<(u32, u32)>, gap: u32) -> Vec<(u32, u32)> {
    spans.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(spans.len());
    for (s, e) in spans {
        match out.last_mut() {
            Some(last) if s <= last.1 + gap => last.1 = last.1.max(e),
            _ => out.push((s, e)),
        }
    }
    out
}

/// All lines in a mask, ordered by position.
pub fn find_lines(mask: &LineMask, min_run: u32, gap: u32) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut current: Option<Gathered> = None;
    let mut row_runs = Vec::new();
    for i in 0..mask.count {
        row_runs.clear();
        runs(mask.row(i), min_run, gap, &mut row_runs);
        if row_runs.is_empty() {
            if let Some(c) = current.take() {
                lines.push(finish(c, gap));
            }
            continue;
        }
        let weight: u32 = row_runs.iter().map(|r| r.1 - r.0).sum();
        let c = current.get_or_insert_with(|| (i, i, 0.0, 0.0, Vec::new()));
        c.1 = i;
        c.2 += i as f64 * weight as f64;
        c.3 += weight as f64;
        c.4.extend_from_slice(&row_runs);
    }
    if let Some(c) = current.take() {
        lines.push(finish(c, gap));
    }
    lines
}

/// A line being gathered row by row: first and last row, Σpos·w, Σw, and its runs.
type Gathered = (u32, u32, f64, f64, Vec<(u32, u32)>);

fn finish((first, last, sum, weight, spans): Gathered, gap: u32) -> Line {
    Line {
        pos: (sum / weight) as f32,
        thickness: (last - first + 1) as f32,
        spans: merge(spans, gap),
    }
}

/// The lines within `tol` of `pos` (`lines` is ordered by position, as `find_lines` returns it).
pub fn within(lines: &[Line], pos: f32, tol: f32) -> &[Line] {
    let start = lines.partition_point(|l| l.pos < pos - tol);
    let end = lines.partition_point(|l| l.pos <= pos + tol);
    &lines[start..end.max(start)]
}

/// The line nearest to `pos` within `tol`, if any.
pub fn near(lines: &[Line], pos: f32, tol: f32) -> Option<&Line> {
    within(lines, pos, tol)
        .iter()
        .min_by(|a, b| (a.pos - pos).abs().total_cmp(&(b.pos - pos).abs()))
}

/// Start and step of the least-squares line through the lines at `slots` (slot k at start +
/// k·step); `None` when fewer than two slots hold a line.
pub fn fit_slots(slots: &[Option<usize>], lines: &[Line]) -> Option<(f32, f32)> {
    let pts: Vec<(f32, f32)> = slots
        .iter()
        .enumerate()
        .filter_map(|(k, s)| s.map(|i| (k as f32, lines[i].pos)))
        .collect();
    let n = pts.len() as f32;
    let (mk, mp) = pts
        .iter()
        .fold((0.0, 0.0), |a, &(k, p)| (a.0 + k / n, a.1 + p / n));
    let (cov, var) = pts.iter().fold((0.0, 0.0), |a, &(k, p)| {
        (a.0 + (k - mk) * (p - mp), a.1 + (k - mk) * (k - mk))
    });
    (var > 0.0).then(|| (mp - cov / var * mk, cov / var))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_bridge_small_holes_and_drop_short_bits() {
        let row: Vec<bool> = "..xxxx.xxxx.....xx...xxxxxxxx"
            .chars()
            .map(|c| c == 'x')
            .collect();
        let mut out = Vec::new();
        runs(&row, 5, 1, &mut out);
        assert_eq!(out, vec![(2, 11), (21, 29)]);
    }

    #[test]
    fn neighbouring_rows_become_one_thick_line() {
        let len = 40;
        let mut data = vec![false; 40 * 10];
        for y in [3u32, 4, 5] {
            for x in 5..35 {
                data[(y * len + x) as usize] = true;
            }
        }
        let mask = LineMask {
            len,
            count: 10,
            data,
        };
        let lines = find_lines(&mask, 10, 2);
        assert_eq!(lines.len(), 1);
        assert_eq!((lines[0].pos, lines[0].thickness), (4.0, 3.0));
        assert_eq!(lines[0].extent(), (5, 35));
        assert!((lines[0].coverage(0.0, 40.0) - 0.75).abs() < 1e-6);
    }
}
