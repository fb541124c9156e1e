//! Standard output for every subcommand. `println!` panics when the reader has gone ("failed
//! printing to stdout: Broken pipe", e.g. `autosudoku read --json | head -c1`); these functions
//! return the error instead, and `main` asks `closed_pipe` whether an error only means that, in
//! which case the command ends quietly with exit 0, as ripgrep does.

use crate::exit::{self, Coded, Exit, JsonError};
use std::fmt::Display;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Whether anything was written to stdout, set under stdout's lock: a process ended from another
/// thread then knows whether its result is already there.
static WROTE: AtomicBool = AtomicBool::new(false);

/// Writes `text` and a newline to stdout and flushes.
pub fn line(text: impl Display) -> io::Result<()> {
    let mut out = io::stdout().lock();
    WROTE.store(true, Ordering::SeqCst);
    writeln!(out, "{text}")?;
    out.flush()
}

/// Writes `text` as it is (it ends its own lines) and flushes.
pub fn text(text: impl Display) -> io::Result<()> {
    let mut out = io::stdout().lock();
    WROTE.store(true, Ordering::SeqCst);
    write!(out, "{text}")?;
    out.flush()
}

/// Sets `stop` on the first Ctrl-C, saying on stderr (unless `quiet`) what the command does
/// now, `first`: a user learns the key was heard, and a script that sends a second interrupt
/// knows when the first was taken (two signals sent together can arrive as one). A second Ctrl-C
/// ends the process at once (`exit_interrupted`, saying `second` was left undone).
pub fn on_ctrl_c(
    stop: Arc<AtomicBool>,
    json: bool,
    quiet: bool,
    first: &'static str,
    second: &'static str,
) {
    let _ = ctrlc::set_handler(move || {
        if stop.swap(true, Ordering::SeqCst) {
            exit_interrupted(json, second);
        }
        if !quiet {
            eprintln!("interrupted (Ctrl-C): {first}; Ctrl-C again stops at once");
        }
    });
}

/// Ends the process at once with exit 130 (a second Ctrl-C), after printing the one `--json`
/// object the command promises, as an `interrupted` error saying `what` was left undone, unless
/// its result is already on stdout. Holding stdout's lock to the end keeps any other out.
pub fn exit_interrupted(json: bool, what: &str) -> ! {
    let mut out = io::stdout().lock();
    eprintln!("interrupted again (Ctrl-C twice): stopped at once; {what}");
    if json && !WROTE.load(Ordering::SeqCst) {
        let err = exit::with_code(
            Exit::Interrupted,
            anyhow::anyhow!("interrupted twice (Ctrl-C): stopped at once; {what}"),
        );
        let _ = writeln!(out, "{}", serde_json::json!(JsonError::new(&err)));
        let _ = out.flush();
    }
    std::process::exit(Exit::Interrupted as i32)
}

/// Whether `err` comes from writing to a stdout whose reader closed it.
pub fn closed_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        if let Some(io) = e.downcast_ref::<io::Error>() {
            return io.kind() == io::ErrorKind::BrokenPipe;
        }
        e.downcast_ref::<Coded>()
            .is_some_and(|c| closed_pipe(&c.error))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exit::{with_code, Exit};

    #[test]
    fn broken_pipes_are_found_through_context_and_exit_codes() {
        let pipe = || io::Error::new(io::ErrorKind::BrokenPipe, "gone");
        assert!(closed_pipe(&anyhow::Error::new(pipe())));
        assert!(closed_pipe(
            &anyhow::Error::new(pipe()).context("writing the report")
        ));
        assert!(closed_pipe(&with_code(Exit::Failure, pipe())));
        let other = io::Error::new(io::ErrorKind::PermissionDenied, "no");
        assert!(!closed_pipe(&anyhow::Error::new(other)));
        assert!(!closed_pipe(&anyhow::anyhow!("broken pipe, said in words")));
    }
}
