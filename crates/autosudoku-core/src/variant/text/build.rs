//! What the directives of a text gave (`Spec`), and the puzzle made of it: the layout through the
//! model's own checks, each refusal pointed back at the text that caused it.

use super::lines::{Spot, Word};
use super::ParseError;
use crate::variant::{BoxShape, Cage, Grid, Layout, LayoutError, Pos, Puzzle, Symbol};

/// The directives read so far, each with the word that introduced it.
pub(super) struct Spec<'a> {
    size: Word<'a>,
    pub side: usize,
    pub boxes: Option<(Word<'a>, BoxShape)>,
    pub regions: Option<(Word<'a>, Vec<Spot>)>,
    pub diagonals: Option<(Word<'a>, ())>,
    pub windows: Option<(Word<'a>, ())>,
    pub cage_map: Option<(Word<'a>, Vec<Spot>)>,
    sums: Vec<(Word<'a>, char, u16)>,
    pub cage_lines: Vec<(Word<'a>, Cage)>,
    pub givens: Option<(Word<'a>, Vec<Spot>)>,
}

impl<'a> Spec<'a> {
    pub fn new(size: Word<'a>, side: usize) -> Spec<'a> {
        Spec {
            size,
            side,
            boxes: None,
            regions: None,
            diagonals: None,
            windows: None,
            cage_map: None,
            sums: Vec::new(),
            cage_lines: Vec::new(),
            givens: None,
        }
    }

    /// Fills a directive's slot, refusing it a second time.
    pub fn once<T>(
        slot: &mut Option<(Word<'a>, T)>,
        key: Word<'a>,
        value: T,
    ) -> Result<(), ParseError> {
        if let Some((first, _)) = slot {
            return Err(key.error(format!(
                "`{}` is given twice (first on line {})",
                key.text, first.line
            )));
        }
        *slot = Some((key, value));
        Ok(())
    }

    /// Sums as `a=5,b=8` (commas or spaces between them).
    pub fn sums(&mut self, word: &Word<'a>) -> Result<(), ParseError> {
        let mut col = word.col;
        for part in word.text.split(',') {
            let piece = Word {
                text: part,
                line: word.line,
                col,
            };
            col += part.chars().count() + 1;
            if part.is_empty() {
                continue;
            }
            let pair = part.split_once('=').and_then(|(letter, sum)| {
                let mut chars = letter.chars();
                let (letter, None) = (chars.next()?, chars.next()) else {
                    return None;
                };
                Some((letter, sum.parse::<u16>().ok()?))
            });
            let (letter, sum) = pair.ok_or_else(|| {
                piece.error(format!(
                    "expected a cage's letter and sum, e.g. `a=12`, found `{part}`"
                ))
            })?;
            self.sums.push((piece, letter, sum));
        }
        Ok(())
    }

    pub fn build(self) -> Result<Puzzle, ParseError> {
        let mut layout = self.regions_layout()?;
        if self.diagonals.is_some() {
            layout = layout.with_diagonals();
        }
        if let Some((word, ())) = self.windows {
            layout = layout
                .with_windows()
                .map_err(|e| word.error(e.to_string()))?;
        }
        let cages = self.cages()?;
        let first = cages.first().map(|(_, spot)| *spot);
        let layout = layout
            .with_cages(cages.iter().map(|(c, _)| c.clone()).collect())
            .map_err(|e| {
                // Point at the cage the model refused (its first cell in the map, or its line).
                let cage = match &e {
                    LayoutError::CageSum { cage, .. }
                    | LayoutError::CageCells(cage)
                    | LayoutError::CageApart(cage) => Some(cage),
                    _ => None,
                };
                let spot = cage
                    .and_then(|c| cages.iter().find(|(k, _)| k == c).map(|(_, s)| *s))
                    .or(first)
                    .expect("an error about cages has cages");
                spot.error(e.to_string())
            })?;
        let grid = self.grid()?;
        Ok(Puzzle::new(layout, grid))
    }

    fn regions_layout(&self) -> Result<Layout, ParseError> {
        let side = self.side;
        match (&self.boxes, &self.regions) {
            (Some(_), Some((word, _))) => Err(word.error(
                "`regions` and `boxes` both given: a board has boxes or jigsaw regions, not both",
            )),
            (Some((word, shape)), None) => {
                Layout::boxed(side, *shape).map_err(|e| word.error(e.to_string()))
            }
            (None, Some((word, map))) => {
                let letters = map.iter().map(|s| s.ch).collect();
                Layout::jigsaw(side, letters).map_err(|e| {
                    let letter = match e {
                        LayoutError::RegionSize { letter, .. }
                        | LayoutError::RegionApart { letter } => Some(letter),
                        _ => None,
                    };
                    match map.iter().find(|s| Some(s.ch) == letter) {
                        Some(spot) => spot.error(e.to_string()),
                        None => word.error(e.to_string()),
                    }
                })
            }
            (None, None) => match BoxShape::usual(side) {
                Some(shape) => Ok(Layout::boxed(side, shape).expect("usual boxes tile their side")),
                None => Err(self.size.error(format!(
                    "a {side}x{side} board has no usual boxes: add `boxes RxC` or `regions`"
                ))),
            },
        }
    }

    /// The cages of the map (with its sums) and of `cage` lines, each with where it was given;
    /// a cell in two cages is refused where the second names it.
    fn cages(&self) -> Result<Vec<(Cage, Spot)>, ParseError> {
        let side = self.side;
        let mut taken = vec![false; side * side];
        let mut out = self.map_cages()?;
        for (cage, _) in &out {
            cage.cells.iter().for_each(|p| taken[p.index(side)] = true);
        }
        for (word, cage) in &self.cage_lines {
            if let Some(p) = cage.cells.iter().find(|p| taken[p.index(side)]) {
                return Err(word.error(format!("{p} is in two cages")));
            }
            cage.cells.iter().for_each(|p| taken[p.index(side)] = true);
            let spot = Spot {
                ch: 'c',
                line: word.line,
                col: word.col,
            };
            out.push((cage.clone(), spot));
        }
        Ok(out)
    }

    /// The cage map's letters (`.` for no cage), each with its sum from `sums`.
    fn map_cages(&self) -> Result<Vec<(Cage, Spot)>, ParseError> {
        let mut letters: Vec<(char, Spot, Vec<Pos>)> = Vec::new();
        for (i, spot) in self
            .cage_map
            .iter()
            .flat_map(|(_, map)| map.iter().enumerate())
        {
            if spot.ch == '.' {
                continue;
            }
            let pos = Pos::from_index(i, self.side);
            match letters.iter_mut().find(|(l, ..)| *l == spot.ch) {
                Some((.., cells)) => cells.push(pos),
                None => letters.push((spot.ch, *spot, vec![pos])),
            }
        }
        if let Some((word, letter, _)) = self
            .sums
            .iter()
            .find(|(_, l, _)| letters.iter().all(|(m, ..)| m != l))
        {
            return Err(word.error(format!(
                "a sum for cage `{letter}`, which the `cages` map does not have"
            )));
        }
        letters
            .into_iter()
            .map(|(letter, spot, cells)| {
                let sums: Vec<u16> = self
                    .sums
                    .iter()
                    .filter(|(_, l, _)| *l == letter)
                    .map(|s| s.2)
                    .collect();
                match sums[..] {
                    [sum] => Ok((Cage::new(sum, cells), spot)),
                    [] => Err(spot.error(format!(
                        "cage `{letter}` has no sum: add `{letter}=SUM` to `sums`"
                    ))),
                    _ => Err(spot.error(format!(
                        "cage `{letter}` has {} sums in `sums`; give one",
                        sums.len()
                    ))),
                }
            })
            .collect()
    }

    /// The givens: digits up to the side, `.` or `0` for blanks.
    fn grid(&self) -> Result<Grid, ParseError> {
        let side = self.side;
        let mut grid = Grid::empty(side);
        for (i, spot) in self
            .givens
            .iter()
            .flat_map(|(_, map)| map.iter().enumerate())
        {
            if matches!(spot.ch, '.' | '0') {
                continue;
            }
            let symbol = Symbol::from_char(spot.ch).filter(|s| usize::from(s.get()) <= side);
            let Some(symbol) = symbol else {
                return Err(spot.error(format!(
                    "expected a digit {} or `.` for a blank, found `{}`",
                    digits(side),
                    spot.ch
                )));
            };
            grid.set(Pos::from_index(i, side), Some(symbol));
        }
        Ok(grid)
    }
}

/// The digits of a board, as messages name them: `1–6`, `1–9 or A–G`.
fn digits(side: usize) -> String {
    let top = Symbol::new(side as u8).expect("a side of 4 to 16");
    if side <= 9 {
        format!("1–{top}")
    } else {
        format!("1–9 or A–{top}")
    }
}
