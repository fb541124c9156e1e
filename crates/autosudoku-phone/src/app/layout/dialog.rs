//! Where a dialog's parts go: a centred card with its badge, title, body and a row of buttons, or
//! the full-screen ad with its small close button, or the app's main menu and level picker.

use super::Layout;
use crate::app::dialog::{Dialog, DialogButton};
use crate::app::geometry::{Point, Rect};
use serde::Serialize;

/// Where a dialog's parts go.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DialogLayout {
    pub card: Rect,
    /// The round badge above the title (absent on the ad).
    pub icon: Option<Rect>,
    pub title: Rect,
    pub body: Rect,
    pub buttons: Vec<(DialogButton, Rect)>,
}

impl Layout {
    /// The centre of a dialog's button, for tests to tap.
    pub fn dialog_button(&self, dialog: Dialog, button: DialogButton) -> Option<Point> {
        self.dialog(dialog)
            .buttons
            .iter()
            .find(|(b, _)| *b == button)
            .map(|(_, r)| r.center())
    }

    /// Where a dialog's parts go on this screen.
    pub fn dialog(&self, dialog: Dialog) -> DialogLayout {
        let dp = self.dp;
        let (w, h) = (self.width as f32, self.height as f32);
        if dialog == Dialog::Ad {
            // A full-screen interstitial with the small close button ads are known for.
            let card = Rect::new(
                0.0,
                self.status_bar.bottom(),
                w,
                h - self.status_bar.bottom(),
            );
            let close = Rect::new(w - 40.0 * dp, card.y + 12.0 * dp, 28.0 * dp, 28.0 * dp);
            // Text under the artwork in portrait; in landscape the artwork takes the left half
            // and the text the right one.
            let (text_x, text_w, title_y) = if w > h {
                (w / 2.0, w / 2.0 - 32.0 * dp, card.y + card.h * 0.25)
            } else {
                (32.0 * dp, w - 64.0 * dp, card.y + card.h * 0.55)
            };
            let title = Rect::new(text_x, title_y, text_w, 48.0 * dp);
            let body = Rect::new(text_x, title.bottom() + 8.0 * dp, text_w, 72.0 * dp);
            return DialogLayout {
                card,
                icon: None,
                title,
                body,
                buttons: vec![(DialogButton::Close, close)],
            };
        }
        match dialog {
            Dialog::Menu => return self.menu(),
            Dialog::Levels => return self.levels(),
            _ => {}
        }
        let card_w = (w - 64.0 * dp).min(if w / dp >= 600.0 { 420.0 } else { 320.0 } * dp);
        let card_h = 256.0 * dp;
        let card = match dialog {
            // A results page takes the board's place.
            Dialog::Stats => self.page(),
            _ => Rect::new((w - card_w) / 2.0, (h - card_h) / 2.0, card_w, card_h),
        };
        let inner = card.inset(24.0 * dp);
        let icon = Rect::new(
            card.center().x - 24.0 * dp,
            card.y + 20.0 * dp,
            48.0 * dp,
            48.0 * dp,
        );
        let title = Rect::new(inner.x, icon.bottom() + 10.0 * dp, inner.w, 32.0 * dp);
        let body = Rect::new(inner.x, title.bottom() + 4.0 * dp, inner.w, 56.0 * dp);
        let row = Rect::new(
            inner.x,
            card.bottom() - 20.0 * dp - 48.0 * dp,
            inner.w,
            48.0 * dp,
        );
        let labels = dialog.buttons();
        let buttons = row
            .columns(labels.len(), 12.0 * dp)
            .into_iter()
            .zip(labels)
            .map(|(r, &b)| (b, r))
            .collect();
        DialogLayout {
            card,
            icon: Some(icon),
            title,
            body,
            buttons,
        }
    }

    /// A page over the whole screen below the status bar (the menus' card).
    fn page(&self) -> Rect {
        let top = self.status_bar.bottom();
        Rect::new(0.0, top, self.width as f32, self.height as f32 - top)
    }

    /// The main menu's page: the title, a thumbnail of the game (`body`) about half the width
    /// across, and its buttons stacked under it, big as menus have them.
    fn menu(&self) -> DialogLayout {
        let (dp, card) = (self.dp, self.page());
        let (w, h, top) = (card.w, self.height as f32, card.y);
        let title = Rect::new(0.0, top + 48.0 * dp, w, 56.0 * dp);
        let side = (w.min(h) * 0.45).round();
        let body = Rect::new(
            ((w - side) / 2.0).round(),
            title.bottom() + 32.0 * dp,
            side,
            side,
        );
        let (bw, bh) = ((w * 0.6).min(320.0 * dp), 64.0 * dp);
        let buttons = Dialog::Menu
            .buttons()
            .iter()
            .enumerate()
            .map(|(i, &b)| {
                let y = body.bottom() + 40.0 * dp + i as f32 * (bh + 20.0 * dp);
                (b, Rect::new((w - bw) / 2.0, y, bw, bh))
            })
            .collect();
        DialogLayout {
            card,
            icon: None,
            title,
            body,
            buttons,
        }
    }

    /// The level picker's page: the title, and its puzzles' thumbnails (the buttons) two by two,
    /// each a little under half the width across with its label's room under it.
    fn levels(&self) -> DialogLayout {
        let (dp, card) = (self.dp, self.page());
        let (w, h, top) = (card.w, self.height as f32, card.y);
        let title = Rect::new(0.0, top + 32.0 * dp, w, 48.0 * dp);
        let gap = 24.0 * dp;
        let side = ((w.min(h) - 3.0 * gap) / 2.0).round();
        let pitch = side + 40.0 * dp;
        let buttons = Dialog::Levels
            .buttons()
            .iter()
            .enumerate()
            .map(|(i, &b)| {
                let x = gap + (i % 2) as f32 * (side + gap);
                let y = title.bottom() + gap + (i / 2) as f32 * pitch;
                (b, Rect::new(x.round(), y.round(), side, side))
            })
            .collect();
        DialogLayout {
            card,
            icon: None,
            title,
            body: Rect::new(0.0, title.bottom(), w, 2.0 * pitch),
            buttons,
        }
    }
}
