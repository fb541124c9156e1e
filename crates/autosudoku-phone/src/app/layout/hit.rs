//! Hit testing: what a tap at a screen point lands on (a dialog's buttons while one is up, else
//! the pause button, a cell, a key or a tool); a tap in a gap hits nothing.

use super::Axis;
use super::{Layout, Tool};
use crate::app::dialog::{Dialog, DialogButton};
use crate::app::geometry::Point;
use autosudoku_core::variant::{Pos, Symbol};

/// What a point on the screen hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The app bar's pause button.
    Pause,
    Cell(Pos),
    Key(Symbol),
    Tool(Tool),
    Dialog(DialogButton),
    /// The banner ad.
    Banner,
}

impl Layout {
    /// What a tap at `p` hits; while `dialog` is up only its buttons can be hit.
    pub fn hit(&self, p: Point, dialog: Option<Dialog>) -> Option<Target> {
        if let Some(d) = dialog {
            return self
                .dialog(d)
                .buttons
                .iter()
                .find(|(_, r)| r.contains(p))
                .map(|(b, _)| Target::Dialog(*b));
        }
        if self.on_banner(p) {
            return Some(Target::Banner);
        }
        if self.pause.contains(p) {
            return Some(Target::Pause);
        }
        if self.grid.contains(p) {
            // A tap in a gap between panels hits nothing.
            let index = |axis, d: f32| {
                (0..self.side).find(|&i| {
                    let at = self.offset(axis, i);
                    (at..at + self.cell_px).contains(&d)
                })
            };
            let hit =
                index(Axis::Cols, p.x - self.grid.x).zip(index(Axis::Rows, p.y - self.grid.y));
            return hit.map(|(col, row)| Target::Cell(Pos::new(row, col)));
        }
        if let Some((d, _)) = self.keys.iter().find(|(_, r)| r.contains(p)) {
            return Some(Target::Key(*d));
        }
        self.tools
            .iter()
            .find(|(_, r)| r.contains(p))
            .map(|(t, _)| Target::Tool(*t))
    }
}
