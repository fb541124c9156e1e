//! One agent per phone: a second `play` or `regress` on a phone another autosudoku drives stops at
//! once, naming the first (pid and command), and taps nothing; a lock left by a killed run blocks
//! nothing.

use crate::rig::game::rig;
use crate::rig::{run_with_timeout, text};
use std::process::Stdio;
use std::time::{Duration, Instant};

#[test]
fn a_second_agent_on_a_driven_phone_stops_naming_the_first_and_a_killed_ones_lock_blocks_nothing() {
    let rig = rig(
        &["--skin", "night", "--difficulty", "easy", "--seed", "2"],
        "",
    );
    let serial = rig.phone.serial();
    // A slow replay (naive: 120 steps, 150 ms apart) keeps the phone busy for many seconds.
    let mut first = rig
        .command()
        .args([
            "play", "-s", &serial, "--input", "shell", "--mode", "replay",
        ])
        .args(["--strategy", "naive", "--delay", "150"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the first play");
    let deadline = Instant::now() + Duration::from_secs(60);
    while rig.entries().is_empty() {
        assert!(Instant::now() < deadline, "the first play never typed");
        std::thread::sleep(Duration::from_millis(20));
    }
    let pid = first.id().to_string();
    // The phone is unreachable for a second run: both exit 3, as the exit code table says (play
    // stops; regress records the phone's games as errors, as for one it cannot reach).
    for (second, code) in [
        (vec!["play", "-s", &serial], 3),
        (vec!["regress", "-s", &serial, "--games", "1"], 3),
    ] {
        let out = run_with_timeout(rig.command().args(&second), Duration::from_secs(60));
        let log = text(&out);
        assert_eq!(out.status.code(), Some(code), "{second:?}: {log}");
        assert!(
            log.contains(&format!(
                "{serial} is already being driven by another autosudoku (pid {pid}: "
            )) && log.contains(" play -s ")
                && log.contains(&format!("kill {pid}")),
            "{second:?}: {log}"
        );
    }

    // Killed without a chance to clean up: its lock file stays, its lock does not.
    first.kill().expect("kill the first play");
    first.wait().expect("reap it");
    let out = rig.play(&["--fix"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(rig.solved());
}
