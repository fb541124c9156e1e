//! Whether a board of any side was read well enough to act on: every cell certain, the box shape
//! seen, and no symbol twice in a row, column or box. The rules are the core's (`variant::check`),
//! so what is reported is what the solver will be given.

use super::read::SizedRead;
use autosudoku_core::variant::{check, Layout};

impl SizedRead {
    /// The board's rules: its side and the boxes its thicker lines draw; `None` when no box shape
    /// was seen.
    pub fn layout(&self) -> Option<Layout> {
        Layout::boxed(self.side(), self.grid.boxes?).ok()
    }

    /// Why the read cannot be trusted, if it cannot: the cells not read certain, boxes not seen,
    /// or the rules the symbols read break.
    pub fn doubt(&self) -> Option<String> {
        let uncertain = self.uncertain();
        if !uncertain.is_empty() {
            let cells: Vec<String> = uncertain.iter().map(|p| p.to_string()).collect();
            return Some(format!("uncertain read of {}", cells.join(", ")));
        }
        let Some(layout) = self.layout() else {
            return Some(format!(
                "a {0}x{0} board whose boxes were not seen (no box lines drawn thicker than the others)",
                self.side()
            ));
        };
        check(&layout, &self.board())
            .err()
            .map(|broken| format!("the board read breaks its rules: {broken}"))
    }
}
