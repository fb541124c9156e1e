//! `autosudoku phone` as a process, started the way a user starts it: on a free local port with no
//! simulated latency, and the address its first stdout line names.

use std::io::BufRead;
use std::process::Command;

/// `autosudoku phone --listen 127.0.0.1:0 --latency none` followed by `flags`.
pub fn phone_command(flags: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_autosudoku"));
    cmd.args(["phone", "--listen", "127.0.0.1:0", "--latency", "none"])
        .args(flags);
    cmd
}

/// Reads the `listening on ADDR` line the phone prints first (without `--json`): the serial to
/// connect.
pub fn listening_address(stdout: &mut impl BufRead) -> String {
    let mut line = String::new();
    stdout.read_line(&mut line).expect("the phone's first line");
    line.trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("first line names the address: {line:?}"))
        .to_owned()
}
