//! `tracing` setup from `-v`/`-q` and `RUST_LOG`; logs go to stderr so stdout stays data.

use crate::cli::{Command, GlobalArgs};
use tracing_subscriber::EnvFilter;

/// Installs the global subscriber. `RUST_LOG` wins over `-v`/`-q` when set. A `command` that
/// `Command::logs_by_default` says emits nothing at the default level gets no subscriber unless
/// `-v` or `RUST_LOG` asks for one: setting it up (a span table of 4,096 slots) is most of what a
/// `solve` of a few puzzles would spend starting.
pub fn init(global: &GlobalArgs, command: &Command) {
    let asked = global.verbose > 0 || std::env::var_os("RUST_LOG").is_some();
    if !asked && !command.logs_by_default() {
        return;
    }
    let level = match (global.quiet, global.verbose) {
        (true, _) => "error",
        (false, 0) => "warn",
        (false, 1) => "info",
        (false, 2) => "debug",
        _ => "trace",
    };
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new(format!("autosudoku={level}")));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(global.color.enabled_on_stderr())
        .with_target(false)
        .try_init();
}
