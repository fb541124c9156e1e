//! toybox's `pkill`, `kill` and `pidof` over the phone's process table (`crate::process`):
//! how a second shell finds and stops a long-running command such as `screenrecord`
//! (`pidof screenrecord`, `pkill -INT screenrecord`, `kill -2 PID`). Only commands that
//! registered themselves are listed and can be signalled.

use super::Ctx;
use crate::latency::Cost;
use crate::process::Signal;

/// `-INT`, `-SIGINT`, `-2`, or `-s INT` / `--signal INT`: the signal and the remaining words.
fn take_signal<'a>(
    tool: &str,
    args: &'a [String],
    ctx: &mut Ctx,
) -> Result<(Signal, bool, Vec<&'a str>), i32> {
    let mut signal = Signal::Term;
    let mut exact = false;
    let mut rest = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let name = match arg.as_str() {
            "-s" | "--signal" => match it.next() {
                Some(name) => name.as_str(),
                None => {
                    ctx.complain(&format!("{tool}: Missing argument to '{arg}'\n"));
                    return Err(1);
                }
            },
            "-x" if tool == "pkill" => {
                exact = true;
                continue;
            }
            // Names here are what `-f` matches on a phone too: the command line's program.
            "-f" if tool == "pkill" => continue,
            "--" => {
                rest.extend(it.by_ref().map(String::as_str));
                break;
            }
            a if a.len() > 1 && a.starts_with('-') && rest.is_empty() => &a[1..],
            a => {
                rest.push(a);
                continue;
            }
        };
        match name.parse::<Signal>() {
            Ok(s) => signal = s,
            Err(e) => {
                ctx.complain(&format!("{tool}: {e}\n"));
                return Err(1);
            }
        }
    }
    Ok((signal, exact, rest))
}

/// `pkill [-x] [-SIGNAL] PATTERN`: signals every process whose name contains PATTERN (equals it
/// with `-x`); exit 0 if one matched, 1 if none did.
pub fn pkill(ctx: &mut Ctx, args: &[String]) -> i32 {
    ctx.pay(Cost::NativeProcess);
    let (signal, exact, patterns) = match take_signal("pkill", args, ctx) {
        Ok(parsed) => parsed,
        Err(code) => return code,
    };
    if patterns.is_empty() {
        ctx.complain("pkill: Need 1 argument\n");
        return 1;
    }
    let table = ctx
        .device
        .processes()
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    let mut hit = false;
    for pattern in patterns {
        for pid in table.find(pattern, exact) {
            hit |= table.signal(pid, signal);
        }
    }
    i32::from(!hit)
}

/// `kill [-SIGNAL] PID...`: exit 1 if any PID is not a process.
pub fn kill(ctx: &mut Ctx, args: &[String]) -> i32 {
    ctx.pay(Cost::NativeProcess);
    let (signal, _, pids) = match take_signal("kill", args, ctx) {
        Ok(parsed) => parsed,
        Err(code) => return code,
    };
    if pids.is_empty() {
        ctx.complain("kill: Need 1 argument\n");
        return 1;
    }
    let mut status = 0;
    for word in pids {
        let found = word.parse::<u32>().is_ok_and(|pid| {
            ctx.device
                .processes()
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .signal(pid, signal)
        });
        if !found {
            ctx.complain(&format!("kill: {word}: No such process\n"));
            status = 1;
        }
    }
    status
}

/// `pidof NAME...`: the pids of processes named exactly NAME, on one line; exit 1 if none.
pub fn pidof(ctx: &mut Ctx, args: &[String]) -> i32 {
    ctx.pay(Cost::NativeProcess);
    let pids: Vec<String> = {
        let table = ctx
            .device
            .processes()
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        args.iter()
            .flat_map(|name| table.find(name, true))
            .map(|pid| pid.to_string())
            .collect()
    };
    if pids.is_empty() {
        return 1;
    }
    ctx.say(&format!("{}\n", pids.join(" ")));
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adbd::stream::Hangup;
    use crate::device::testing;
    use crate::process::Process;
    use crate::shell::CommandFn;
    use std::sync::Arc;

    /// Runs `command` with `args`; returns status, stdout and stderr.
    fn run(
        device: &Arc<crate::device::Device>,
        command: CommandFn,
        args: &str,
    ) -> (i32, String, String) {
        Ctx::new(device, 1, &Hangup::default()).run(command, args)
    }

    #[test]
    fn pidof_pkill_and_kill_reach_registered_processes_only() {
        let device = Arc::new(testing::device());
        let recorder = Process::start(device.processes(), "screenrecord");
        let pid = recorder.pid;
        assert_eq!(
            run(&device, pidof, "screenrecord"),
            (0, format!("{pid}\n"), String::new())
        );
        assert_eq!(
            run(&device, pidof, "screen").0,
            1,
            "pidof wants the whole name"
        );
        assert_eq!(run(&device, pkill, "-x screen").0, 1);
        assert_eq!(
            run(&device, pkill, "-INT screen").0,
            0,
            "pkill matches a part"
        );
        assert_eq!(recorder.signalled(), Some(Signal::Int));
        assert_eq!(run(&device, kill, &format!("-9 {pid}")).0, 0);
        assert_eq!(recorder.signalled(), Some(Signal::Kill));
        assert_eq!(
            run(&device, kill, "-s TERM 1"),
            (1, String::new(), "kill: 1: No such process\n".into())
        );
        assert_eq!(
            run(&device, pkill, "-USR9 screenrecord"),
            (1, String::new(), "pkill: Unknown signal 'USR9'\n".into())
        );
        assert_eq!(run(&device, pkill, "").2, "pkill: Need 1 argument\n");
        drop(recorder);
        assert_eq!(
            run(&device, pidof, "screenrecord"),
            (1, String::new(), String::new())
        );
        assert_eq!(run(&device, pkill, "screenrecord").0, 1);
    }
}
