//! Finding an app's input style: the first answer entered each way in turn until the screen
//! shows it, with play's safe probe (`learn::tries`), so a wrong digit is never typed whatever the
//! app is.

use super::{look, CalibrateError};
use crate::device::Phone;
use crate::play::layout::Layout;
use crate::play::learn;
use crate::play::moves::{Action, InputStyle};
use crate::vision::{BoardRead, Reader};
use autosudoku_core::sudoku::{Cell, Digit};

/// The style that entered `digit` at `cell`, or `None` when no way did.
pub(super) fn probe(
    phone: &mut Phone,
    reader: &mut Reader,
    read: &BoardRead,
    layout: &Layout,
    (cell, digit): (Cell, Digit),
) -> Result<Option<InputStyle>, CalibrateError> {
    let given = read.givens().filled().next().map(|(c, _)| c);
    let keypad = layout.digits[digit.index()].is_some();
    for (style, actions) in learn::tries(cell, digit, given, keypad) {
        send(phone, layout, &actions)?;
        if look(phone, reader)?.1.board.get(cell) == Some(digit) {
            return Ok(Some(style));
        }
    }
    Ok(None)
}

/// Sends `actions` through the layout of the first read, as play does: refused when the screen
/// changed size or rotation since.
fn send(phone: &mut Phone, layout: &Layout, actions: &[Action]) -> Result<(), CalibrateError> {
    let map = phone.screen_map();
    let strokes = layout.strokes_for(&map, actions)?;
    phone.input().strokes(&map, &strokes)?;
    Ok(())
}
