//! Actions → what the device sends: a screen point for a tap on a cell, keypad digit or button
//! (taken from the vision's geometry of one screenshot), or an Android key code. A layout refuses
//! to be used on a screen of another size or rotation (like scrcpy's position mapper), because a
//! tap computed for one layout lands on the wrong thing in another.

use super::moves::{Action, AppKey, Button};
use crate::device::{Key, Point, Rotation, ScreenMap, Size, Stroke};
use crate::vision::{BoardRead, ButtonKind};
use autosudoku_core::sudoku::{Cell, Digit};

/// Where things are on one screenshot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub screen: Size,
    pub rotation: Rotation,
    /// Centre of each cell, row-major.
    pub cells: Vec<Point>,
    /// Centre of each keypad digit 1..9, when the keypad was found.
    pub digits: [Option<Point>; 9],
    pub erase: Option<Point>,
    pub notes: Option<Point>,
    /// The app enters a digit key into the selected cell, so a keypad button that is not on
    /// screen (apps hide a digit's key once nine are placed) can be replaced by its key.
    pub digit_keys: bool,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LayoutError {
    #[error("the screen changed from {was} at {was_rot} to {now} at {now_rot} since it was read; reading it again")]
    Stale {
        was: Size,
        was_rot: Rotation,
        now: Size,
        now_rot: Rotation,
    },
    #[error("the keypad button for {0} was not found on screen; run `autosudoku read --annotate out.png` to see what was found, or set the keypad in the app's profile")]
    NoDigit(Digit),
    #[error("the {0:?} button was not found on screen; set it in the app's profile")]
    NoButton(Button),
    #[error("the read found {0} cell centres, not 81")]
    Cells(usize),
}

impl Layout {
    /// Where things are on the screenshot `read` was made from (of `screen` size at `rotation`):
    /// cell centres, the keypad's keys and the buttons found on screen. Digit keys stand in for
    /// missing keypad buttons only when the caller says the app takes them (`digit_keys`).
    pub fn from_read(read: &BoardRead, screen: Size, rotation: Rotation) -> Layout {
        let mut digits = [None; 9];
        for key in read.keypad.iter().flat_map(|k| &k.keys) {
            digits[key.digit.index()] = Some(key.rect.center());
        }
        let found = |kind: ButtonKind| {
            read.buttons
                .iter()
                .find(|b| b.kind == kind)
                .map(|b| b.rect.center())
        };
        Layout {
            screen,
            rotation,
            cells: read.cells.iter().map(|c| c.rect.center()).collect(),
            digits,
            erase: found(ButtonKind::Erase),
            notes: found(ButtonKind::Notes),
            digit_keys: false,
        }
    }

    /// Refuses a screen whose size or rotation differs from the one this layout was read from.
    pub fn check(&self, now: Size, rotation: Rotation) -> Result<(), LayoutError> {
        if now == self.screen && rotation == self.rotation {
            Ok(())
        } else {
            Err(LayoutError::Stale {
                was: self.screen,
                was_rot: self.rotation,
                now,
                now_rot: rotation,
            })
        }
    }

    /// The device inputs for `actions`, in order, on the screen as it is now (`map`, the mapping
    /// of the latest capture, which the taps are then sent with); refused when the screen changed
    /// since the read.
    pub fn strokes_for(
        &self,
        map: &ScreenMap,
        actions: &[Action],
    ) -> Result<Vec<Stroke>, LayoutError> {
        self.check(map.screenshot, map.rotation)?;
        actions.iter().map(|&a| self.target(a)).collect()
    }

    fn cell(&self, cell: Cell) -> Result<Point, LayoutError> {
        self.cells
            .get(cell.index())
            .copied()
            .filter(|_| self.cells.len() == 81)
            .ok_or(LayoutError::Cells(self.cells.len()))
    }

    /// The device input for one action.
    pub fn target(&self, action: Action) -> Result<Stroke, LayoutError> {
        Ok(match action {
            Action::TapCell(c) => Stroke::Tap(self.cell(c)?),
            Action::TapDigit(d) => match self.digits[d.index()] {
                Some(p) => Stroke::Tap(p),
                None if self.digit_keys => Stroke::Key(key(AppKey::Digit(d))),
                None => return Err(LayoutError::NoDigit(d)),
            },
            Action::TapButton(b) => {
                let p = match b {
                    Button::Erase => self.erase,
                    Button::Notes => self.notes,
                };
                Stroke::Tap(p.ok_or(LayoutError::NoButton(b))?)
            }
            Action::Key(k) => Stroke::Key(key(k)),
        })
    }
}

/// The Android key code of an app key (`KeyEvent.KEYCODE_*`).
pub fn key(k: AppKey) -> Key {
    match k {
        AppKey::Up => Key::DPAD_UP,
        AppKey::Down => Key::DPAD_DOWN,
        AppKey::Left => Key::DPAD_LEFT,
        AppKey::Right => Key::DPAD_RIGHT,
        AppKey::Delete => Key::DEL,
        AppKey::Digit(d) => Key(7 + u32::from(d.get())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four() -> Digit {
        Digit::new(4).unwrap()
    }

    fn layout() -> Layout {
        Layout {
            screen: Size::new(1080, 2400),
            rotation: Rotation::R0,
            cells: Cell::all()
                .map(|c| Point::new(60 + 120 * c.col() as u32, 500 + 120 * c.row() as u32))
                .collect(),
            digits: std::array::from_fn(|i| Some(Point::new(60 + 120 * i as u32, 1800))),
            erase: Some(Point::new(300, 1650)),
            notes: None,
            digit_keys: false,
        }
    }

    #[test]
    fn actions_map_to_points_and_keys() {
        let l = layout();
        let c = Cell::new(2, 3).unwrap();
        let five = Digit::new(5).unwrap();
        assert_eq!(
            l.target(Action::TapCell(c)),
            Ok(Stroke::Tap(Point::new(420, 740)))
        );
        assert_eq!(
            l.target(Action::TapDigit(five)),
            Ok(Stroke::Tap(Point::new(540, 1800)))
        );
        assert_eq!(
            l.target(Action::Key(AppKey::Digit(five))),
            Ok(Stroke::Key(Key(12)))
        );
        assert_eq!(
            l.target(Action::Key(AppKey::Delete)),
            Ok(Stroke::Key(Key(67)))
        );
        assert_eq!(
            l.target(Action::TapButton(Button::Notes)),
            Err(LayoutError::NoButton(Button::Notes))
        );
        // A hidden key: an error, or its digit key when the app takes keys into the selection.
        let mut hidden = l.clone();
        hidden.digits[four().index()] = None;
        assert_eq!(
            hidden.target(Action::TapDigit(four())),
            Err(LayoutError::NoDigit(four()))
        );
        hidden.digit_keys = true;
        assert_eq!(
            hidden.target(Action::TapDigit(four())),
            Ok(Stroke::Key(Key(11)))
        );
    }

    #[test]
    fn a_stale_screen_is_refused() {
        let l = layout();
        assert!(l.check(Size::new(1080, 2400), Rotation::R0).is_ok());
        let err = l.check(Size::new(2400, 1080), Rotation::R90).unwrap_err();
        assert!(err.to_string().contains("1080x2400"), "{err}");
    }
}
