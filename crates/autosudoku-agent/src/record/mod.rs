//! `--record`: a GIF (`gif`) with the step counter and tap markers drawn over it (`overlay`) in a
//! palette that keeps text crisp (`palette`), made from the phone's own `screenrecord` video when
//! it has one and ffmpeg is there (`from_video`), else from host captures that `live` takes in its
//! own thread while the agent plays (`held` until their moves are told). An `.mp4` is recorded by
//! the phone's `screenrecord` in chunks (`screenrecord`, joined by `join`, made H.264 by `h264`)
//! when the phone has it, else from the same host captures through ffmpeg's libx264. It needs
//! only `device` and what the player tells it through [`Watcher`] and [`StepLabel`]; `timeline`
//! groups both into moves and `credit` puts them on the frames that show them.

mod credit;
mod from_video;
mod gif;
mod h264;
mod held;
mod join;
mod live;
mod overlay;
mod palette;
mod screenrecord;
mod timeline;

pub use self::gif::GifWriter;
pub use live::{wants_mp4, LiveRecorder, TapLog};
pub use overlay::label as draw_label;
pub use timeline::StepLabel;

use crate::device::{Point, Screenshot};
use std::time::Instant;

/// What a recorder hears from the player: every screenshot a look takes and every batch of taps
/// sent (drawn as markers), each tap with when the phone confirmed it (when it was sent, if the
/// phone never did).
pub trait Watcher {
    fn screen(&mut self, shot: &Screenshot);
    /// A batch of inputs is about to go; its moves are told later (taps here, the label through
    /// [`StepLabel`]), so a host capture taken meanwhile waits for them.
    fn sending(&mut self);
    fn taps(&mut self, taps: &[Tap]);
}

/// A tap sent to the phone: where, when the phone confirmed it (when it was sent, if the phone
/// never did), and whether it selects a board cell (where the move's digit shows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tap {
    pub at: Instant,
    pub point: Point,
    pub on_cell: bool,
}

/// How long the final frame stays on screen before a GIF loops.
const HOLD_LAST: std::time::Duration = std::time::Duration::from_secs(3);

/// `--fps` and `--width` of a GIF recording.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GifOptions {
    /// Frames a second sampled (the GIF merges frames that show nothing new).
    pub fps: u32,
    /// The GIF's width in pixels (never wider than the screen); the height keeps the aspect.
    pub width: u32,
}

impl Default for GifOptions {
    /// 10 fps follows every tap a viewer can see; 480 px keeps digits readable and files small.
    fn default() -> Self {
        GifOptions {
            fps: 10,
            width: 480,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("cannot write the GIF: {0}")]
    Encode(#[from] ::gif::EncodingError),
    #[error("--record {0} must end in .gif or .mp4")]
    Format(std::path::PathBuf),
    #[error("the recorder could not capture the screen: {0}")]
    Capture(String),
    #[error("{0}")]
    Ffmpeg(String),
    #[error("the phone's screenrecord failed: {0}")]
    Phone(String),
    #[error("the recorder thread stopped unexpectedly")]
    Thread,
    #[error(
        "cannot write the recording {path}: {source}; check the directory exists and is writable"
    )]
    File {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
}
