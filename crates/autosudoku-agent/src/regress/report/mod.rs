//! The run's reports, one file per format: JUnit XML for CI (`--junit`), a JSON summary
//! (`--json-report`) and one self-contained HTML page with the failures' screenshots and a time
//! chart per phase (`--html`).

pub mod html;
pub mod json;
pub mod junit;

use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error(
        "cannot write the report {path}: {source}; check that its folder exists and is writable"
    )]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot build the JUnit XML: {0}")]
    Junit(String),
}

/// Writes `text` to `path`.
pub(crate) fn write(path: &Path, text: &str) -> Result<(), ReportError> {
    std::fs::write(path, text).map_err(|source| ReportError::Write {
        path: path.to_owned(),
        source,
    })
}
