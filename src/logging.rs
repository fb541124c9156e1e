//! `tracing` setup from `-v`/`-q` and `RUST_LOG`; logs go to stderr so stdout stays data.

use crate::cli::GlobalArgs;
use tracing_subscriber::EnvFilter;

/// Installs the global subscriber. `RUST_LOG` wins over `-v`/`-q` when set.
pub fn init(global: &GlobalArgs) {
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
