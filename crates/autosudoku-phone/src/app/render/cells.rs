//! The grid's cells as a frame shows them: highlights (selection, its peers, the same digit,
//! conflicts), the givens' tint or disc, digits in the given or entry face, a text cursor, and
//! pencil notes at their sub-positions (3x3 up to nine digits, 4x4 above).

use super::base::tile_radius;
use super::Renderer;
use crate::app::draw::{fill_circle, fill_rect, fill_rounded_rect, Color};
use crate::app::game::{Game, InputMode};
use crate::app::geometry::Rect;
use crate::app::skin::{Frame, GivenMark};
use autosudoku_core::variant::{Pos, Symbol};
use image::RgbaImage;

impl Renderer {
    pub(super) fn paint_cells(&mut self, img: &mut RgbaImage, game: &Game) {
        let s = self.skin;
        let focus_digit = focus_digit(game, s.rules.input);
        let side = game.side();
        let first_given = game.cells().find(|&c| game.is_given(c));
        let mut fills = vec![s.theme.grid_fill; side * side];
        let backdrop = self.backdrop(game);
        for cell in game.cells() {
            let fill = self
                .cell_fill(game, cell, focus_digit)
                .or(backdrop[cell.index(side)]);
            if let Some(f) = fill {
                self.fill_cell(img, cell, f);
                fills[cell.index(side)] = f;
            }
            match game.board().get(cell) {
                Some(d) => {
                    self.paint_digit(img, game, cell, d);
                    if game.rules.bugs.smudged_given && Some(cell) == first_given {
                        let inner = self.layout.cell_interior(cell);
                        let half =
                            Rect::new(inner.x + inner.w * 0.5, inner.y, inner.w * 0.5, inner.h);
                        fill_rect(img, half, fill.unwrap_or(s.theme.grid_fill));
                    }
                }
                None => self.paint_notes(img, game, cell, focus_digit),
            }
        }
        self.paint_variant(img, game, |cell| fills[cell.index(side)]);
        if let Some(cell) = game.selected().filter(|_| s.cursor) {
            self.paint_cursor(img, game, cell);
        }
    }

    /// The colour a highlight gives a cell, if any.
    fn cell_fill(&self, game: &Game, cell: Pos, focus: Option<Symbol>) -> Option<Color> {
        let (t, h) = (&self.skin.theme, self.skin.highlight);
        let value = game.board().get(cell);
        let selected = game.selected();
        if Some(cell) == selected {
            Some(t.selected)
        } else if game.is_wrong(cell) && !game.is_given(cell) {
            Some(t.wrong_fill)
        } else if h.same_digit && value.is_some() && value == focus {
            Some(t.same_digit)
        } else if h.peers && selected.is_some_and(|s| game.shares_house(s, cell)) {
            Some(t.peer)
        } else if self.skin.given_mark == GivenMark::Tint && game.is_given(cell) {
            Some(t.given_fill)
        } else {
            None
        }
    }

    /// Fills a cell's interior, rounded like its tile on a tiled grid.
    fn fill_cell(&self, img: &mut RgbaImage, cell: Pos, colour: Color) {
        let inner = self.layout.cell_interior(cell);
        if self.skin.frame == Frame::Tiles {
            fill_rounded_rect(img, inner, tile_radius(&self.layout), colour);
        } else {
            fill_rect(img, inner, colour);
        }
    }

    fn paint_digit(&mut self, img: &mut RgbaImage, game: &Game, cell: Pos, d: Symbol) {
        let (l, s) = (&self.layout, &self.skin);
        let t = s.theme;
        let wrong = game.is_wrong(cell);
        let rect = l.cell_rect(cell);
        let (face, colour) = if game.is_given(cell) {
            if s.given_mark == GivenMark::Disc {
                fill_circle(img, rect.center(), l.cell_px * 0.42, t.given_fill);
            }
            (s.given_face, if wrong { t.wrong } else { t.given })
        } else {
            (s.entry_face, if wrong { t.wrong } else { t.entered })
        };
        let px = l.cell_px * s.digit_scale;
        self.text
            .draw_centered(img, face, px, rect, colour, &d.to_string());
    }

    fn paint_notes(&mut self, img: &mut RgbaImage, game: &Game, cell: Pos, focus: Option<Symbol>) {
        let (l, s) = (&self.layout, &self.skin);
        let inner = l.cell_rect(cell).inset(l.cell_px * 0.06);
        // Three a row up to nine digits, four above (12x12 and 16x16 boards).
        let per_row = if game.side() > 9 { 4 } else { 3 };
        let sub_w = inner.w / per_row as f32;
        let note_px = l.cell_px * 0.27 * 3.0 / per_row as f32;
        for d in game.notes(cell) {
            let i = d.get() as usize - 1;
            let sub = Rect::new(
                inner.x + (i % per_row) as f32 * sub_w,
                inner.y + (i / per_row) as f32 * sub_w,
                sub_w,
                sub_w,
            );
            let colour = if Some(d) == focus {
                s.theme.accent
            } else {
                s.theme.note
            };
            self.text
                .draw_centered(img, s.ui_face, note_px, sub, colour, &d.to_string());
        }
    }

    /// A text field's caret: a thin bar right of the digit (or in the middle of an empty cell).
    fn paint_cursor(&self, img: &mut RgbaImage, game: &Game, cell: Pos) {
        let (l, s) = (&self.layout, &self.skin);
        let px = l.cell_px * s.digit_scale;
        let c = l.cell_rect(cell).center();
        let half_digit = game.board().get(cell).map_or(0.0, |d| {
            let face = if game.is_given(cell) {
                s.given_face
            } else {
                s.entry_face
            };
            self.text.measure(face, px, &d.to_string()) / 2.0 + l.cell_px * 0.04
        });
        let w = (l.cell_px * 0.03).round().max(1.0);
        let h = px * 0.9;
        let bar = Rect::new(c.x + half_digit, c.y - h / 2.0, w, h);
        fill_rect(img, bar, s.theme.text);
    }
}

/// The digit highlighted across the board: the armed digit of a digit-first app, else the
/// selected cell's.
fn focus_digit(game: &Game, input: InputMode) -> Option<Symbol> {
    let selected = game.selected();
    match input {
        InputMode::DigitFirst => game
            .selected_digit()
            .or_else(|| selected.and_then(|c| game.board().get(c))),
        InputMode::CellFirst => selected.and_then(|c| game.board().get(c)),
    }
}
