//! Killer cages as read: the outlines' map (`outlines`) with the sums in its cages' corners
//! (`sums`), kept only when they make a killer whose sums fit: each cage's sum within what its
//! cells can hold, all of them adding up to the board's total (405 on a 9x9); otherwise the
//! reason, naming the cage. Also the manifest's text form of the cages.

use super::{outlines, sums};
use crate::vision::grid::GridGeometry;
use crate::vision::ocr::NumberOcr;
use autosudoku_core::variant::{BoxShape, Cage, Layout, Pos};
use image::RgbaImage;

/// The digits 1-9 in every row: what a 9x9 killer's cages add up to.
const TOTAL: u16 = 9 * 45;

/// The board's cages (none when it shows none), or why they are not settled.
pub fn read(img: &RgbaImage, g: &GridGeometry, ocr: &mut NumberOcr) -> Result<Vec<Cage>, String> {
    let Some(group) = outlines::cage_map(img, g)? else {
        return Ok(Vec::new());
    };
    let cages = sums::cages(img, g, &group, ocr)?;
    let boxes = Layout::boxed(9, BoxShape::new(3, 3)).expect("3x3 boxes tile 9x9");
    boxes
        .with_cages(cages.clone())
        .map_err(|e| format!("the cages read do not fit: {e}"))?;
    let total: u16 = cages.iter().map(|c| c.sum).sum();
    if total != TOTAL {
        return Err(format!(
            "the cage sums read add up to {total}, not {TOTAL}: {}",
            cages
                .iter()
                .map(|c| format!("{} {}", c.name(), c.sum))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    Ok(cages)
}

/// The manifest's form: a letter a cell in order of first appearance, then `letter=sum` pairs;
/// empty without cages, and `?` for a cage past the 52 letters.
pub fn text(cages: &[Cage]) -> String {
    if cages.is_empty() {
        return String::new();
    }
    let letter = |k: usize| ('a'..='z').chain('A'..='Z').nth(k).unwrap_or('?');
    let mut ordered: Vec<&Cage> = cages.iter().collect();
    ordered.sort_by_key(|c| c.cells[0]);
    let map: String = (0..81)
        .map(|i| {
            let p = Pos::from_index(i, 9);
            ordered
                .iter()
                .position(|c| c.cells.contains(&p))
                .map_or('.', letter)
        })
        .collect();
    let sums: Vec<String> = ordered
        .iter()
        .enumerate()
        .map(|(k, c)| format!("{}={}", letter(k), c.sum))
        .collect();
    format!("{map} {}", sums.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cages_are_lettered_in_order_of_their_first_cells() {
        let mut cells: Vec<Pos> = (1..81).map(|i| Pos::from_index(i, 9)).collect();
        let big = Cage::new(400, std::mem::take(&mut cells));
        let one = Cage::new(5, vec![Pos::from_index(0, 9)]);
        let text = text(&[big, one]);
        assert!(text.starts_with("ab"), "{text}");
        assert!(text.ends_with(" a=5,b=400"), "{text}");
    }
}
