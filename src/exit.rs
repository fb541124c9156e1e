//! The documented exit codes, which stop of a play deserves which, and the error wrappers that carry
//! one (and the file an error left behind, for `--json`) up to `main`.

use autosudoku_agent::play::PlayError;
use serde::Serialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// Exit codes are API: scripts branch on them. `cli::help::CODES` says what each means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i32)]
pub enum Exit {
    /// Everything asked for was done (solved, read, connected).
    Ok = 0,
    /// The work failed: some puzzle unsolvable, a check failed, the app misbehaved.
    Failure = 1,
    /// The command line was wrong.
    Usage = 2,
    /// The device went away or could not be reached.
    DeviceLost = 3,
    /// The board on screen could not be read with certainty, or has no single solution (artifacts saved).
    Unreadable = 4,
    /// Ctrl-C.
    Interrupted = 130,
}

impl Exit {
    /// The code's name in `--json` errors.
    pub fn kind(self) -> &'static str {
        match self {
            Exit::Ok => "ok",
            Exit::Failure => "failure",
            Exit::Usage => "usage",
            Exit::DeviceLost => "device-lost",
            Exit::Unreadable => "unreadable",
            Exit::Interrupted => "interrupted",
        }
    }
}

impl From<&PlayError> for Exit {
    /// The documented exit code for a stop of `play`.
    fn from(stop: &PlayError) -> Exit {
        match stop {
            PlayError::Uncertain { .. }
            | PlayError::Unsolvable { .. }
            | PlayError::Ambiguous { .. } => Exit::Unreadable,
            PlayError::Sized(e) if e.is_unreadable() => Exit::Unreadable,
            PlayError::DeviceLost(_) => Exit::DeviceLost,
            PlayError::Interrupted => Exit::Interrupted,
            _ => Exit::Failure,
        }
    }
}

/// An error that knows which exit code it deserves.
#[derive(Debug)]
pub struct Coded {
    pub exit: Exit,
    pub error: anyhow::Error,
}

impl fmt::Display for Coded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#}", self.error)
    }
}

impl std::error::Error for Coded {}

/// Wraps `error` so that `main` exits with `exit`.
pub fn with_code(exit: Exit, error: impl Into<anyhow::Error>) -> anyhow::Error {
    anyhow::Error::new(Coded {
        exit,
        error: error.into(),
    })
}

/// The exit code for an error: the first `Coded` in its chain, else `Failure`.
pub fn code_of(err: &anyhow::Error) -> Exit {
    err.chain()
        .find_map(|e| e.downcast_ref::<Coded>().map(|c| c.exit))
        .unwrap_or(Exit::Failure)
}

/// An error whose result object, carrying it as `error`, is already on stdout (`--json`): `main`
/// reports it on stderr and by the exit code only, so that stdout holds one object per result.
#[derive(Debug)]
pub struct Printed(pub anyhow::Error);

impl fmt::Display for Printed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#}", self.0)
    }
}

impl std::error::Error for Printed {}

/// Marks `error` as already printed in its command's `--json` result.
pub fn printed(error: anyhow::Error) -> anyhow::Error {
    anyhow::Error::new(Printed(error))
}

/// The error's `--json` body (`kind`, `message`, `exit`, `artifact`), for a result object that
/// carries it as `error`.
pub fn json_body(err: &anyhow::Error) -> serde_json::Value {
    serde_json::to_value(JsonError::new(err).error).unwrap_or_default()
}

/// An error that left a file behind for the user to look at (an annotated screenshot).
#[derive(Debug)]
struct Kept {
    artifact: PathBuf,
    error: anyhow::Error,
}

impl fmt::Display for Kept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#}", self.error)
    }
}

impl std::error::Error for Kept {}

/// Wraps `error` (keeping its exit code) with the file it left behind.
pub fn with_artifact(error: anyhow::Error, artifact: &Path) -> anyhow::Error {
    let exit = code_of(&error);
    with_code(
        exit,
        Kept {
            artifact: artifact.to_path_buf(),
            error,
        },
    )
}

/// The file an error left behind, if it says.
pub fn artifact_of(err: &anyhow::Error) -> Option<&Path> {
    err.chain().find_map(|e| {
        e.downcast_ref::<Coded>()
            .and_then(|c| artifact_of(&c.error))
            .or_else(|| e.downcast_ref::<Kept>().map(|k| k.artifact.as_path()))
    })
}

/// An error as `--json` prints it: `{"error":{"kind","message","exit","artifact"}}`.
#[derive(Debug, Serialize)]
pub struct JsonError<'a> {
    pub error: JsonErrorBody<'a>,
}

#[derive(Debug, Serialize)]
pub struct JsonErrorBody<'a> {
    pub kind: &'static str,
    pub message: String,
    pub exit: i32,
    pub artifact: Option<&'a Path>,
}

impl<'a> JsonError<'a> {
    pub fn new(err: &'a anyhow::Error) -> JsonError<'a> {
        let exit = code_of(err);
        JsonError {
            error: JsonErrorBody {
                kind: exit.kind(),
                message: format!("{err:#}"),
                exit: exit as i32,
                artifact: artifact_of(err),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_json_error_names_its_kind_exit_and_artifact() {
        let err = with_code(Exit::Unreadable, anyhow::anyhow!("r1c1 unsure"));
        let err = with_artifact(err, Path::new("/d/shot.png"));
        let json = serde_json::to_value(JsonError::new(&err)).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"error": {"kind": "unreadable", "message": "r1c1 unsure", "exit": 4, "artifact": "/d/shot.png"}})
        );
        assert_eq!(code_of(&err), Exit::Unreadable);
    }

    #[test]
    fn a_failed_puzzle_carries_the_failure_exit_code() {
        assert_eq!(
            autosudoku_core::batch::record::FAILED_EXIT,
            Exit::Failure as i32
        );
    }
}
