//! What is on screen besides the board's cells: the `keypad` and toolbar `buttons` the agent taps,
//! the `words` anywhere on screen (grouped from text-sized `marks`) and what a covering `dialog`
//! says, a lone close mark (`close_mark`), the `status` line (timer, mistakes; the timer's digits checked against their ink by `clock`), what the app
//! `highlight`s, whether the board is only a thumbnail in a `menu` or one of several `boards`, and
//! `scene`, the one pure judgement of what the screen shows.

pub mod boards;
pub mod buttons;
pub mod clock;
pub mod close_mark;
pub mod dialog;
pub mod highlight;
pub mod keypad;
mod marks;
pub mod menu;
pub mod scene;
pub mod status;
pub mod words;
