//! Reading the text form: the `size` line, then one directive a line (maps may take the lines
//! after), gathered into a `Spec` that `build` turns into a puzzle.

use super::build::Spec;
use super::lines::{at, Lines, Word, DIRECTIVES};
use super::ParseError;
use crate::variant::{BoxShape, Cage, LayoutError, Pos, Puzzle, MAX_SIDE};

/// The puzzle a text describes; the first mistake found, with its line and column, if any. The
/// givens are not checked against the rules here (`Puzzle::check` says which rule they break).
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let mut lines = Lines::new(text);
    let words = lines
        .next_words()
        .ok_or_else(|| at(1, 1, "expected `size N` (e.g. `size 9x9`), found no text"))?;
    let mut spec = Spec::new(words[0], size(&words)?);
    while let Some(words) = lines.next_words() {
        directive(&mut spec, &words, &mut lines)?;
    }
    spec.build()
}

/// The side the first line gives: `size 9` or `size 9x9`.
fn size(words: &[Word]) -> Result<usize, ParseError> {
    let key = words[0];
    if key.text != "size" {
        return Err(key.error(format!(
            "expected `size N` (e.g. `size 9x9`) first, found `{}`",
            key.text
        )));
    }
    let arg = only_arg(&key, &words[1..], "the board's side, e.g. `size 9x9`")?;
    let side = match arg.text.split_once(['x', 'X']) {
        Some((a, b)) if a == b => a.parse::<usize>().ok(),
        Some(_) => return Err(arg.error("expected a square board (`9x9`), found a rectangle")),
        None => arg.text.parse().ok(),
    }
    .ok_or_else(|| {
        arg.error(format!(
            "expected the side, e.g. `9x9`, found `{}`",
            arg.text
        ))
    })?;
    if !(4..=MAX_SIDE).contains(&side) {
        return Err(arg.error(LayoutError::Side(side).to_string()));
    }
    Ok(side)
}

fn directive<'a>(
    spec: &mut Spec<'a>,
    words: &[Word<'a>],
    lines: &mut Lines<'a>,
) -> Result<(), ParseError> {
    let (key, args) = (words[0], &words[1..]);
    let side = spec.side;
    match key.text {
        "boxes" => {
            let shape = shape(only_arg(
                &key,
                args,
                "the box's rows and columns, e.g. `boxes 2x3`",
            )?)?;
            Spec::once(&mut spec.boxes, key, shape)
        }
        "regions" => {
            at_most(args, 1)?;
            let map = lines.map(&key, args.first(), side)?;
            Spec::once(&mut spec.regions, key, map)
        }
        "diagonals" | "windows" => {
            at_most(args, 0)?;
            let slot = if key.text == "windows" {
                &mut spec.windows
            } else {
                &mut spec.diagonals
            };
            Spec::once(slot, key, ())
        }
        "cages" => {
            let map = lines.map(&key, args.first(), side)?;
            Spec::once(&mut spec.cage_map, key, map)?;
            args.iter().skip(1).try_for_each(|w| spec.sums(w))
        }
        "sums" if !args.is_empty() => args.iter().try_for_each(|w| spec.sums(w)),
        "sums" => Err(key.error("expected cage sums after `sums`, e.g. `sums a=5,b=8`")),
        "cage" => {
            let cage = cage_line(&key, args, side)?;
            spec.cage_lines.push((key, cage));
            Ok(())
        }
        "givens" => {
            at_most(args, 1)?;
            let map = lines.map(&key, args.first(), side)?;
            Spec::once(&mut spec.givens, key, map)
        }
        "size" => Err(key.error("the size is given twice: give it once, on the first line")),
        other => Err(key.error(format!(
            "expected a directive ({}), found `{other}`",
            DIRECTIVES[1..].join(", ")
        ))),
    }
}

/// The one word after a directive.
fn only_arg<'w, 'a>(
    key: &Word,
    args: &'w [Word<'a>],
    what: &str,
) -> Result<&'w Word<'a>, ParseError> {
    at_most(args, 1)?;
    args.first()
        .ok_or_else(|| key.error(format!("expected {what}")))
}

fn at_most(args: &[Word], count: usize) -> Result<(), ParseError> {
    match args.get(count) {
        Some(extra) => Err(extra.error(format!(
            "expected the end of the line, found `{}`",
            extra.text
        ))),
        None => Ok(()),
    }
}

/// `RxC`: a box `R` rows high and `C` columns wide.
fn shape(word: &Word) -> Result<BoxShape, ParseError> {
    let numbers = word.text.split_once(['x', 'X']).and_then(|(r, c)| {
        let (r, c) = (r.parse::<usize>().ok()?, c.parse::<usize>().ok()?);
        (1..=MAX_SIDE).contains(&r).then_some(())?;
        (1..=MAX_SIDE).contains(&c).then_some(BoxShape::new(r, c))
    });
    numbers.ok_or_else(|| {
        word.error(format!(
            "expected boxes as RxC (e.g. `2x3`), found `{}`",
            word.text
        ))
    })
}

/// `cage SUM CELL...`, cells as `r1c2`.
fn cage_line(key: &Word, args: &[Word], side: usize) -> Result<Cage, ParseError> {
    let example = "e.g. `cage 12 r1c1 r1c2`";
    let Some((sum, cells)) = args.split_first() else {
        return Err(key.error(format!("expected the cage's sum and cells, {example}")));
    };
    let sum = sum.text.parse::<u16>().map_err(|_| {
        sum.error(format!(
            "expected the cage's sum, a number, found `{}`",
            sum.text
        ))
    })?;
    if cells.is_empty() {
        return Err(key.error(format!(
            "expected the cage's cells after its sum, {example}"
        )));
    }
    let cells = cells
        .iter()
        .map(|w| cell(w, side))
        .collect::<Result<_, _>>()?;
    Ok(Cage::new(sum, cells))
}

/// A cell `rNcM` (either case), N and M from 1 to `side`.
fn cell(word: &Word, side: usize) -> Result<Pos, ParseError> {
    let lower = word.text.to_ascii_lowercase();
    let pos = lower
        .strip_prefix('r')
        .and_then(|rest| rest.split_once('c'))
        .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
        .filter(|&(r, c)| (1..=side).contains(&r) && (1..=side).contains(&c));
    pos.map(|(r, c)| Pos::new(r - 1, c - 1)).ok_or_else(|| {
        word.error(format!(
            "expected a cell rNcM with N and M from 1 to {side}, found `{}`",
            word.text
        ))
    })
}
