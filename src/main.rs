//! The `autosudoku` binary: parse the command line, set up logging, run one subcommand, exit with
//! its code. Errors, usage errors included, are reported here once for every command: on stderr,
//! and with `--json` also as one `{"error":{…}}` line on stdout.
//!
//! The binary has its own C `main` (`no_main`) instead of std's runtime start: that start finds
//! the main thread's stack by reading and parsing `/proc/self/maps`, ~0.1 ms, a third of what
//! `solve` on a handful of puzzles spends starting (issue 16). What it did that matters here is
//! done below: SIGPIPE ignored (a closed pipe is an error to report, not a silent death) and a
//! panic caught and turned into exit code 101. What is lost: a stack overflow is a plain SIGSEGV
//! without std's one-line message. `std::process::exit` still flushes stdout.

#![no_main]

use autosudoku::cli::output;
use autosudoku_agent::exit::{self, Exit, JsonError};
use std::ffi::{c_char, c_int};

#[unsafe(no_mangle)]
extern "C" fn main(_argc: c_int, _argv: *const *const c_char) -> c_int {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_IGN, before any thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    let code = std::panic::catch_unwind(run).unwrap_or(101);
    std::process::exit(code)
}

fn run() -> i32 {
    let cli = match autosudoku::cli::Cli::parse_args() {
        Ok(cli) => cli,
        Err(e) => {
            // The flags did not parse, so whether --json was asked is read off the raw words.
            let json = std::env::args_os().any(|a| a == "--json");
            if json && e.use_stderr() {
                let err = exit::with_code(Exit::Usage, anyhow::anyhow!("{}", e.render()));
                let _ = output::line(serde_json::json!(JsonError::new(&err)));
            }
            e.exit();
        }
    };
    autosudoku::logging::init(&cli.global, &cli.command);
    let json = cli.global.json;
    let code = match autosudoku::cli::run(cli) {
        Ok(exit) => exit,
        // The reader of our stdout went away (`| head`): nothing left to say, like ripgrep.
        Err(err) if output::closed_pipe(&err) => Exit::Ok,
        Err(err) => {
            eprintln!("autosudoku: error: {err:#}");
            if json {
                let _ = output::line(serde_json::json!(JsonError::new(&err)));
            }
            exit::code_of(&err)
        }
    };
    code as i32
}
