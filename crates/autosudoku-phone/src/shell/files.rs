//! toybox's file and basic commands over the in-memory file system: `echo`, `sleep`, `ls`, `rm`,
//! `cat`, `mkdir`, `exit`, with toybox's messages (`ls: PATH: No such file or directory`).

use super::Ctx;
use crate::fs::{FsError, Stat};
use crate::latency::Cost;
use std::time::Duration;

/// Splits leading `-abc` flags from operands; returns the flag letters and the operands.
fn flags(args: &[String]) -> (String, Vec<&str>) {
    let mut letters = String::new();
    let mut rest = Vec::new();
    let mut operands_only = false;
    for a in args {
        if !operands_only && a == "--" {
            operands_only = true;
        } else if !operands_only && a.len() > 1 && a.starts_with('-') {
            letters.push_str(&a[1..]);
        } else {
            rest.push(a.as_str());
        }
    }
    (letters, rest)
}

fn fail(ctx: &mut Ctx, tool: &str, err: FsError) -> i32 {
    ctx.complain(&format!("{tool}: {err}\n"));
    1
}

pub fn echo(ctx: &mut Ctx, args: &[String]) -> i32 {
    let (newline, words) = match args.first().map(String::as_str) {
        Some("-n") => (false, &args[1..]),
        _ => (true, args),
    };
    ctx.say(&words.join(" "));
    if newline {
        ctx.say("\n");
    }
    0
}

pub fn sleep(ctx: &mut Ctx, args: &[String]) -> i32 {
    let Some(arg) = args.first() else {
        ctx.complain("sleep: Needs 1 argument\n");
        return 1;
    };
    match arg.parse::<f64>() {
        Ok(secs) if secs >= 0.0 && secs.is_finite() => {
            ctx.hangup.sleep(Duration::from_secs_f64(secs.min(1e6)));
            0
        }
        _ => {
            ctx.complain(&format!("sleep: invalid number '{arg}'\n"));
            1
        }
    }
}

pub fn ls(ctx: &mut Ctx, args: &[String]) -> i32 {
    ctx.pay(Cost::NativeProcess);
    let (letters, mut paths) = flags(args);
    let long = letters.contains('l');
    if paths.is_empty() {
        paths.push("/");
    }
    let several = paths.len() > 1;
    let mut status = 0;
    for (i, path) in paths.iter().enumerate() {
        let stat = ctx.device.fs().stat(path);
        match stat {
            None => status = fail(ctx, "ls", FsError::NotFound(path.to_string())),
            Some(st) if !st.is_dir() || letters.contains('d') => {
                let line = if long {
                    long_line(path, st)
                } else {
                    path.to_string()
                };
                ctx.say(&format!("{line}\n"));
            }
            Some(_) => {
                let entries = ctx.device.fs().list(path);
                match entries {
                    Err(e) => status = fail(ctx, "ls", e),
                    Ok(entries) => {
                        if several {
                            ctx.say(&format!("{}{path}:\n", if i > 0 { "\n" } else { "" }));
                        }
                        if long {
                            ctx.say(&format!("total {}\n", entries.len()));
                        }
                        for (name, st) in entries {
                            let line = if long { long_line(&name, st) } else { name };
                            ctx.say(&format!("{line}\n"));
                        }
                    }
                }
            }
        }
    }
    status
}

/// `ls -l` line: `-rw-rw---- 1 root sdcard_rw 5 2024-05-01 12:00 name`.
fn long_line(name: &str, st: Stat) -> String {
    let kind = if st.is_dir() { 'd' } else { '-' };
    let mut perms = String::new();
    for shift in [6, 3, 0] {
        let bits = (st.mode >> shift) & 7;
        perms.push(if bits & 4 != 0 { 'r' } else { '-' });
        perms.push(if bits & 2 != 0 { 'w' } else { '-' });
        perms.push(if bits & 1 != 0 { 'x' } else { '-' });
    }
    format!(
        "{kind}{perms} 1 root sdcard_rw {} {} {name}",
        st.size,
        date_time(st.mtime)
    )
}

/// `YYYY-MM-DD HH:MM` in UTC (the phone's time zone), from Unix seconds.
fn date_time(secs: u32) -> String {
    let days = i64::from(secs / 86_400);
    let rem = secs % 86_400;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        rem / 3600,
        rem / 60 % 60
    )
}

pub fn rm(ctx: &mut Ctx, args: &[String]) -> i32 {
    ctx.pay(Cost::NativeProcess);
    let (letters, paths) = flags(args);
    let (force, recursive) = (
        letters.contains('f'),
        letters.contains('r') || letters.contains('R'),
    );
    if paths.is_empty() && !force {
        ctx.complain("rm: Needs 1 argument\n");
        return 1;
    }
    let mut status = 0;
    for path in paths {
        let removed = ctx.device.fs().remove(path, recursive);
        match removed {
            Ok(()) | Err(FsError::NotFound(_)) if force => {}
            Ok(()) => {}
            Err(e) => status = fail(ctx, "rm", e),
        }
    }
    status
}

pub fn cat(ctx: &mut Ctx, args: &[String]) -> i32 {
    ctx.pay(Cost::NativeProcess);
    let mut status = 0;
    for path in args {
        let data = ctx.device.fs().read(path).map(<[u8]>::to_vec);
        match data {
            Ok(data) => ctx.out.extend(data),
            Err(e) => status = fail(ctx, "cat", e),
        }
    }
    status
}

pub fn mkdir(ctx: &mut Ctx, args: &[String]) -> i32 {
    ctx.pay(Cost::NativeProcess);
    let (letters, paths) = flags(args);
    let mut status = 0;
    for path in paths {
        let exists = ctx.device.fs().stat(path).is_some();
        if exists && !letters.contains('p') {
            ctx.complain(&format!("mkdir: {path}: File exists\n"));
            status = 1;
            continue;
        }
        let made = ctx.device.fs().mkdirs(path);
        if let Err(e) = made {
            status = fail(ctx, "mkdir", e);
        }
    }
    status
}

pub fn exit(ctx: &mut Ctx, args: &[String]) -> i32 {
    let code = args
        .first()
        .and_then(|a| a.parse::<i32>().ok())
        .unwrap_or(0)
        & 0xff;
    ctx.exit = Some(code);
    code
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates() {
        assert_eq!(super::date_time(0), "1970-01-01 00:00");
        assert_eq!(super::date_time(1_700_000_000), "2023-11-14 22:13");
    }
}
