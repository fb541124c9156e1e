//! The `autosudoku` binary: parse the command line, set up logging, run one subcommand, exit with
//! its code. Errors, usage errors included, are reported here once for every command: on stderr,
//! and with `--json` also as one `{"error":{…}}` line on stdout.
//!
//! On Linux with glibc the binary has its own C `main` (`no_main`) instead of std's runtime start:
//! that start finds the main thread's stack by reading and parsing `/proc/self/maps`, ~0.1 ms, a
//! third of what `solve` on a handful of puzzles spends starting (issue 16). What it did that
//! matters is done in `start`: closed stdin/stdout/stderr reopened on /dev/null (so no file we open
//! takes their place), SIGPIPE ignored (a closed pipe is an error to report, not a silent death),
//! and a panic caught and turned into exit code 101. What is lost: a stack overflow is a plain
//! SIGSEGV without std's one-line message, and a panic names its thread `<unnamed>`, not `main`.
//! `std::process::exit` still flushes stdout. glibc hands `argc`/`argv` to std by itself (musl and
//! others do not), so elsewhere the usual `fn main` stays.

// Not under `cargo test`: the test harness brings its own `main`.
#![cfg_attr(all(target_os = "linux", target_env = "gnu", not(test)), no_main)]

// A static glibc build links libm.a, whose definitions these would clash with.
#[cfg(all(
    target_os = "linux",
    target_env = "gnu",
    not(target_feature = "crt-static")
))]
mod libm_on_demand;

use autosudoku::cli::output;
use autosudoku_agent::exit::{self, Exit, JsonError};

#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
#[unsafe(no_mangle)]
extern "C" fn main(
    _argc: std::ffi::c_int,
    _argv: *const *const std::ffi::c_char,
) -> std::ffi::c_int {
    start();
    let code = std::panic::catch_unwind(run).unwrap_or(101);
    std::process::exit(code)
}

#[cfg(not(all(target_os = "linux", target_env = "gnu", not(test))))]
fn main() {
    std::process::exit(run())
}

/// What std's runtime start did before `main` that this binary relies on (see the module's doc).
#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
fn start() {
    let mut fds = [0, 1, 2].map(|fd| libc::pollfd {
        fd,
        events: 0,
        revents: 0,
    });
    // SAFETY: `poll` on three valid pollfd structs; `open` of a constant C path; `signal` setting a
    // disposition to SIG_IGN. No other thread exists yet.
    unsafe {
        if libc::poll(fds.as_mut_ptr(), 3, 0) != -1 {
            // `open` takes the lowest free descriptors: the closed ones of 0, 1, 2, in order.
            let closed = fds.iter().filter(|p| p.revents & libc::POLLNVAL != 0);
            for _ in closed {
                libc::open(c"/dev/null".as_ptr(), libc::O_RDWR);
            }
        }
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
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
