//! Why calibration stopped, each with the next step for the user.

use crate::device::DeviceError;
use crate::play::layout::LayoutError;
use crate::vision::VisionError;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum CalibrateError {
    #[error("--name {0:?} must be letters, digits, '-' or '_' (it names a file)")]
    BadName(String),
    #[error("the board was not read with certainty; see {} and start a fresh game", .artifact.display())]
    Uncertain { artifact: PathBuf },
    #[error("the givens read have no solution; see {}", .artifact.display())]
    NoSolution { artifact: PathBuf },
    #[error("the grid is full; start a new game and calibrate again")]
    FullGrid,
    #[error(transparent)]
    Device(#[from] DeviceError),
    #[error(transparent)]
    Vision(#[from] VisionError),
    #[error(transparent)]
    Layout(#[from] LayoutError),
    #[error("cannot save the annotated screenshot {}: {reason}", .path.display())]
    Save { path: PathBuf, reason: String },
    #[error("cannot write the profile {}: {reason}", .path.display())]
    Write { path: PathBuf, reason: String },
}

impl CalibrateError {
    /// The screenshot this stop refers to, when it left one.
    pub fn artifact(&self) -> Option<&std::path::Path> {
        match self {
            CalibrateError::Uncertain { artifact } | CalibrateError::NoSolution { artifact } => {
                Some(artifact)
            }
            _ => None,
        }
    }
}
