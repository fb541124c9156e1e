//! `--record`: a GIF built on the host from screen captures taken during the run (`gif`), with the
//! step counter and tap markers drawn over it (`overlay`) in a palette that keeps text crisp
//! (`palette`).

mod gif;
mod overlay;
mod palette;

pub use self::gif::GifWriter;

#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("cannot write the GIF: {0}")]
    Encode(#[from] ::gif::EncodingError),
    #[error(
        "cannot write the recording {path}: {source}; check the directory exists and is writable"
    )]
    File {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
}
