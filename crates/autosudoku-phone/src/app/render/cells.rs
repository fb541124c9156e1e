//! The grid's cells as a frame shows them: highlights (selection, its peers, the same digit,
//! conflicts), digits in the given or entry face, and pencil notes at their 3x3 sub-positions.

use super::Renderer;
use crate::app::draw::fill_rect;
use crate::app::game::{Game, InputMode};
use crate::app::geometry::Rect;
use autosudoku_core::sudoku::Cell;
use image::RgbaImage;

impl Renderer {
    pub(super) fn paint_cells(&mut self, img: &mut RgbaImage, game: &Game) {
        let (l, s) = (&self.layout, &self.skin);
        let t = s.theme;
        let selected = game.selected();
        let focus_digit = match s.rules.input {
            InputMode::DigitFirst => game
                .selected_digit()
                .or_else(|| selected.and_then(|c| game.board().get(c))),
            InputMode::CellFirst => selected.and_then(|c| game.board().get(c)),
        };
        let digit_px = l.cell_px * 0.62;
        let note_px = l.cell_px * 0.27;
        let first_given = Cell::all().find(|&c| game.is_given(c));
        for cell in Cell::all() {
            let value = game.board().get(cell);
            let wrong = game.is_wrong(cell);
            let fill = if Some(cell) == selected {
                Some(t.selected)
            } else if wrong && !game.is_given(cell) {
                Some(t.wrong_fill)
            } else if value.is_some() && value == focus_digit {
                Some(t.same_digit)
            } else if selected.is_some_and(|s| s.sees(cell)) {
                Some(t.peer)
            } else {
                None
            };
            if let Some(f) = fill {
                fill_rect(img, l.cell_interior(cell), f);
            }
            let rect = l.cell_rect(cell);
            match value {
                Some(d) => {
                    let (face, colour) = if game.is_given(cell) {
                        (s.given_face, if wrong { t.wrong } else { t.given })
                    } else {
                        (s.entry_face, if wrong { t.wrong } else { t.entered })
                    };
                    self.text
                        .draw_centered(img, face, digit_px, rect, colour, &d.to_string());
                    if game.rules.bugs.smudged_given && Some(cell) == first_given {
                        let inner = l.cell_interior(cell);
                        let half =
                            Rect::new(inner.x + inner.w * 0.5, inner.y, inner.w * 0.5, inner.h);
                        fill_rect(img, half, fill.unwrap_or(t.grid_fill));
                    }
                }
                None => {
                    let inner = rect.inset(l.cell_px * 0.06);
                    for d in game.notes(cell) {
                        let i = d.index();
                        let sub = Rect::new(
                            inner.x + (i % 3) as f32 * inner.w / 3.0,
                            inner.y + (i / 3) as f32 * inner.h / 3.0,
                            inner.w / 3.0,
                            inner.h / 3.0,
                        );
                        let colour = if Some(d) == focus_digit {
                            t.accent
                        } else {
                            t.note
                        };
                        self.text.draw_centered(
                            img,
                            s.ui_face,
                            note_px,
                            sub,
                            colour,
                            &d.to_string(),
                        );
                    }
                }
            }
        }
    }
}
