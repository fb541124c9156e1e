//! The documented exit codes, and the error wrapper that carries one up to `main`.

use std::fmt;

/// Exit codes are API: scripts branch on them. Listed in `--help`.
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

/// Text for `--help`.
pub const EXIT_CODES_HELP: &str = "Exit codes:\n  0    done (solved, read, connected)\n  1    failure (unsolvable puzzle, failed check)\n  2    usage error\n  3    device lost or unreachable\n  4    board unreadable, uncertain or without a single solution (artifacts saved)\n  130  interrupted (Ctrl-C)";

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
