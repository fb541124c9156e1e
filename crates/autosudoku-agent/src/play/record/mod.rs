//! `--record`: a GIF built on the host from screen captures taken during the run (`gif`), with the
//! step counter and tap markers drawn over it (`overlay`) in a palette that keeps text crisp
//! (`palette`); `live` captures in its own thread while the agent plays. An `.mp4` is recorded by
//! the phone's `screenrecord` in chunks (`screenrecord`, joined by `join`) when the phone has it,
//! else from the same host captures through ffmpeg.

mod gif;
mod join;
mod live;
mod overlay;
mod palette;
mod screenrecord;

pub use self::gif::GifWriter;
pub use live::{LiveRecorder, TapLog};

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
