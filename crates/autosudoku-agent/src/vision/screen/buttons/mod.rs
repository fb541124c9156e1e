//! The toolbar buttons (undo, erase, notes), found with no configuration. `find` groups the marks
//! in the strips below and beside the grid into items and keeps the rows spaced apart like
//! buttons; `name` names each by its icon, matched against the icon templates in the user's
//! template folders (`icons/`), or else by the word of its `label` read with Tesseract. What a found `button` is stands apart. Anything else (a hint
//! bulb, an unknown icon) is simply absent.

mod button;
mod find;
mod label;
mod name;

pub use button::{Button, ButtonKind, FoundBy};
pub use find::items;
pub use name::{shape, ButtonFinder, ICONS, ICON_FOLDER};
