//! The phone's small `/system/bin/sh`: runs a command line (chains with `;` `&&` `||`, `&` for
//! background, redirections to its in-memory files) by dispatching each command to the file that
//! emulates its family. Unknown commands answer as mksh does: `/system/bin/sh: NAME: not found`,
//! exit 127. Nothing here ever runs a host program.

mod cmd;
mod displays;
mod dumpsys;
mod events;
mod files;
mod injection;
mod input;
mod keycodes;
pub mod lexer;
mod monkey;
mod power;
mod screencap;
mod screenrecord;
mod signals;
mod system;

use crate::adbd::stream::{Hangup, Outbox, StreamClosed};
use crate::device::Device;
use crate::latency::Cost;
use lexer::{tokenize, Token};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Where a shell's output goes (a v1/exec stream, shell-v2 packets, a pty).
pub trait Output {
    fn stdout(&mut self, data: &[u8]) -> Result<(), StreamClosed>;
    fn stderr(&mut self, data: &[u8]) -> Result<(), StreamClosed>;
}

/// What one command sees: the phone, its output buffers and the hang-up signal.
pub struct Ctx<'a> {
    /// Where `stream_out` writes as the command runs: the stream itself when stdout is not
    /// redirected; without one it collects in `out` like the rest.
    live: Option<&'a mut dyn Output>,
    /// Whether stderr goes to the stream as well (not redirected), so `complain_first` may
    /// write it before stdout.
    err_live: bool,
    pub device: &'a Arc<Device>,
    pub conn: u64,
    pub hangup: &'a Hangup,
    pub out: Vec<u8>,
    pub err: Vec<u8>,
    /// Set by `exit N`.
    pub exit: Option<i32>,
    /// Simulated time this command cost, for the trace.
    pub cost: Duration,
}

impl<'a> Ctx<'a> {
    /// A fresh command context: empty output, no exit request, nothing paid yet.
    pub fn new(device: &'a Arc<Device>, conn: u64, hangup: &'a Hangup) -> Ctx<'a> {
        Ctx {
            live: None,
            err_live: false,
            device,
            conn,
            hangup,
            out: Vec::new(),
            err: Vec::new(),
            exit: None,
            cost: Duration::ZERO,
        }
    }

    /// Runs one command with `args` (split on spaces); its status, stdout and stderr. For unit
    /// tests of single commands.
    #[cfg(test)]
    pub fn run(&mut self, command: CommandFn, args: &str) -> (i32, String, String) {
        let args: Vec<String> = args.split_whitespace().map(String::from).collect();
        let status = command(self, &args);
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        (status, text(&self.out), text(&self.err))
    }

    /// Sends what `stream_out` writes straight into `sink`.
    pub fn streaming(mut self, sink: &'a mut dyn Output) -> Ctx<'a> {
        self.live = Some(sink);
        self
    }

    /// Writes stdout now rather than when the command ends (a stream of frames), after what it
    /// said before so the order holds. Fails once the host closed the stream.
    pub fn stream_out(&mut self, data: &[u8]) -> Result<(), StreamClosed> {
        match &mut self.live {
            Some(sink) => {
                if !self.out.is_empty() {
                    sink.stdout(&std::mem::take(&mut self.out))?;
                }
                sink.stdout(data)
            }
            None => {
                self.out.extend_from_slice(data);
                Ok(())
            }
        }
    }

    pub fn say(&mut self, text: &str) {
        self.out.extend_from_slice(text.as_bytes());
    }
    pub fn complain(&mut self, text: &str) {
        self.err.extend_from_slice(text.as_bytes());
    }
    /// Writes to stderr now, before any stdout still to come, as a native command's unbuffered
    /// `fprintf(stderr, …)` does (an `exec:` stream then carries the text first).
    pub fn complain_first(&mut self, text: &str) {
        match &mut self.live {
            Some(sink) if self.err_live && self.out.is_empty() => {
                if sink.stderr(text.as_bytes()).is_err() {
                    self.complain(text);
                }
            }
            _ => self.complain(text),
        }
    }
    /// Pays a simulated cost and remembers it for the trace.
    pub fn pay(&mut self, cost: Cost) {
        self.cost += self.device.pay(cost);
    }
    /// Pays a simulated cost that covers the work done since `started`.
    pub fn pay_since(&mut self, cost: Cost, started: Instant) {
        self.cost += self.device.pay_since(cost, started);
    }
}

/// `/dev/null` as an output.
struct Discard;

impl Output for Discard {
    fn stdout(&mut self, _: &[u8]) -> Result<(), StreamClosed> {
        Ok(())
    }
    fn stderr(&mut self, _: &[u8]) -> Result<(), StreamClosed> {
        Ok(())
    }
}

pub(crate) type CommandFn = fn(&mut Ctx, &[String]) -> i32;

fn lookup(name: &str) -> Option<CommandFn> {
    Some(match name {
        "echo" => files::echo,
        "sleep" => files::sleep,
        "ls" => files::ls,
        "rm" => files::rm,
        "cat" => files::cat,
        "mkdir" => files::mkdir,
        "true" => |_, _| 0,
        "false" => |_, _| 1,
        "exit" => files::exit,
        "screencap" => screencap::screencap,
        "wm" => system::wm,
        "getprop" => system::getprop,
        "settings" => system::settings,
        "dumpsys" => dumpsys::dumpsys,
        "input" => input::input,
        "getevent" => events::getevent,
        "sendevent" => events::sendevent,
        "monkey" => monkey::monkey,
        "screenrecord" => screenrecord::screenrecord,
        "pkill" => signals::pkill,
        "kill" => signals::kill,
        "pidof" => signals::pidof,
        "cmd" => cmd::cmd,
        _ => return None,
    })
}

/// A shell session: one per stream, possibly running many lines (interactive `shell:`).
pub struct Shell {
    device: Arc<Device>,
    conn: u64,
    hangup: Hangup,
    outbox: Arc<Outbox>,
    /// `$?`: the last command's status.
    pub status: i32,
    /// Set once `exit` ran.
    pub exited: bool,
}

/// One command of a chain and how it joins the next.
pub(crate) struct Step {
    words: Vec<String>,
    stdout_to: Option<(String, bool)>,
    stderr_to: Option<Redirect>,
    then: &'static str,
}

enum Redirect {
    File(String, bool),
    Stdout,
}

impl Shell {
    pub fn new(device: Arc<Device>, conn: u64, hangup: Hangup, outbox: Arc<Outbox>) -> Shell {
        Shell {
            device,
            conn,
            hangup,
            outbox,
            status: 0,
            exited: false,
        }
    }

    /// Runs one command line; returns its exit status.
    /// The shell itself starting: adbd runs every session and every command through
    /// `/system/bin/sh` (adb/daemon/shell_service.cpp, `execle(_PATH_BSHELL, …)`), a program the
    /// linker starts like any other, so on a ROM whose linker warns the warning comes first,
    /// before a session's prompt or a command's output.
    pub fn start(&mut self, output: &mut dyn Output) -> Result<(), StreamClosed> {
        if self.device.faults().linker_warnings() {
            output.stderr(LINKER_WARNING.as_bytes())?;
        }
        Ok(())
    }

    pub fn run_line(&mut self, line: &str, output: &mut dyn Output) -> Result<i32, StreamClosed> {
        let steps = match tokenize(line)
            .map_err(|e| e.to_string())
            .and_then(|t| parse(&t))
        {
            Ok(steps) => steps,
            Err(message) => {
                output.stderr(format!("/system/bin/sh: {message}\n").as_bytes())?;
                self.status = 2;
                return Ok(2);
            }
        };
        let mut skip = false;
        for step in steps {
            let then = step.then;
            // An empty step (a trailing `;` or newline) runs nothing and keeps `$?`.
            if !skip && !self.exited && !step.words.is_empty() {
                if then == "&" {
                    self.background(step);
                    self.status = 0;
                } else {
                    self.status = self.run_step(&step, output)?;
                }
            }
            skip = match then {
                "&&" => self.status != 0,
                "||" => self.status == 0,
                _ => false,
            };
        }
        Ok(self.status)
    }

    /// `cmd &`: runs on its own thread with output discarded and no hang-up, like a process the
    /// shell leaves behind (`monkey --port N &` keeps serving after the session ends). What it
    /// streams is dropped as it comes, so `screenrecord ... - &` does not pile up frames.
    fn background(&self, step: Step) {
        let (device, conn) = (self.device.clone(), self.conn);
        let _ = std::thread::Builder::new()
            .name("phone-bg".into())
            .spawn(move || {
                let hangup = Hangup::default();
                let ctx = Ctx::new(&device, conn, &hangup);
                execute(&mut ctx.streaming(&mut Discard), &step.words);
            });
    }

    fn run_step(&mut self, step: &Step, output: &mut dyn Output) -> Result<i32, StreamClosed> {
        let slow = self.device.faults().slow();
        if !slow.is_zero() {
            std::thread::sleep(slow);
        }
        let mut ctx = Ctx::new(&self.device, self.conn, &self.hangup);
        if step.stdout_to.is_none() {
            ctx = ctx.streaming(&mut *output);
            ctx.err_live = step.stderr_to.is_none();
        }
        ctx.cost = slow;
        let words: Vec<String> = step
            .words
            .iter()
            .map(|w| w.replace(lexer::LAST_STATUS, &self.status.to_string()))
            .collect();
        let status = execute(&mut ctx, &words);
        let (mut out, mut err, cost) = (
            std::mem::take(&mut ctx.out),
            std::mem::take(&mut ctx.err),
            ctx.cost,
        );
        if let Some(code) = ctx.exit {
            self.exited = true;
            self.status = code;
        }
        self.device
            .trace_event(self.conn, "command", &words.join(" "), Some(cost));
        match &step.stderr_to {
            Some(Redirect::Stdout) => out.append(&mut err),
            Some(Redirect::File(path, append)) => {
                if let Err(e) = self.write_file(path, std::mem::take(&mut err), *append) {
                    err = format!("/system/bin/sh: can't create {e}\n").into_bytes();
                }
            }
            None => {}
        }
        if let Some((path, append)) = &step.stdout_to {
            if let Err(e) = self.write_file(path, std::mem::take(&mut out), *append) {
                err.extend(format!("/system/bin/sh: can't create {e}\n").bytes());
            }
        }
        if self.device.faults().command_closes_connection() {
            tracing::info!(
                conn = self.conn,
                "fault: closing the connection after this command"
            );
            self.outbox.shutdown();
            return Err(StreamClosed);
        }
        output.stdout(&out)?;
        output.stderr(&err)?;
        Ok(status)
    }

    fn write_file(
        &self,
        path: &str,
        data: Vec<u8>,
        append: bool,
    ) -> Result<(), crate::fs::FsError> {
        if path == "/dev/null" {
            return Ok(());
        }
        let mut fs = self.device.fs();
        let mut content = if append {
            fs.read(path).map(<[u8]>::to_vec).unwrap_or_default()
        } else {
            Vec::new()
        };
        content.extend(data);
        fs.write(path, content, 0o644, crate::fs::now())
    }
}

/// mksh's own commands among ours: no program starts, so no linker runs.
const BUILTINS: [&str; 5] = ["echo", "true", "false", "exit", "kill"];

/// What bionic's linker prints on stderr as a program starts on a ROM whose `[vdso]` carries an
/// entry it does not know (linker.cpp `prelink_image`, `DL_WARN`; quoted from NXP i.MX 8 builds
/// in LmeSzinc/AzurLaneAutoScript `remove_warning.py`).
const LINKER_WARNING: &str = "WARNING: linker: Warning: \"[vdso]\" unused DT entry: unknown processor-specific (type 0x70000001 arg 0x0) (ignoring)\n";

/// Runs one simple command.
fn execute(ctx: &mut Ctx, words: &[String]) -> i32 {
    let Some(name) = words.first() else { return 0 };
    if let Some((output, status)) = ctx.device.replay().and_then(|r| r.answer(words)) {
        ctx.pay(Cost::NativeProcess);
        ctx.out.extend_from_slice(output);
        return status;
    }
    match lookup(name).filter(|_| !ctx.device.faults().missing(name)) {
        Some(command) => {
            if ctx.device.faults().linker_warnings() && !BUILTINS.contains(&name.as_str()) {
                ctx.complain_first(LINKER_WARNING);
            }
            command(ctx, &words[1..])
        }
        None => {
            ctx.pay(Cost::NativeProcess);
            ctx.complain(&format!("/system/bin/sh: {name}: not found\n"));
            127
        }
    }
}

pub(crate) fn parse(tokens: &[Token]) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    let mut step = Step {
        words: Vec::new(),
        stdout_to: None,
        stderr_to: None,
        then: ";",
    };
    let mut it = tokens.iter().peekable();
    while let Some(token) = it.next() {
        match token {
            Token::Word(w) => step.words.push(w.clone()),
            Token::Op(op @ (">" | ">>" | "2>" | "2>>" | "<")) => {
                let Some(Token::Word(target)) = it.next() else {
                    return Err(format!("syntax error: '{op}' needs a file name"));
                };
                match *op {
                    ">" | ">>" => step.stdout_to = Some((target.clone(), *op == ">>")),
                    "2>" | "2>>" => {
                        step.stderr_to = Some(Redirect::File(target.clone(), *op == "2>>"))
                    }
                    _ => {} // stdin is always empty here
                }
            }
            Token::Op("2>&1") => step.stderr_to = Some(Redirect::Stdout),
            Token::Op("|") => {
                return Err(
                    "pipes are not supported by this virtual phone; run the commands separately"
                        .into(),
                )
            }
            Token::Op(op) => {
                if step.words.is_empty() && *op != ";" {
                    return Err(format!("syntax error: '{op}' unexpected"));
                }
                step.then = op;
                steps.push(std::mem::replace(
                    &mut step,
                    Step {
                        words: Vec::new(),
                        stdout_to: None,
                        stderr_to: None,
                        then: ";",
                    },
                ));
            }
        }
    }
    steps.push(step);
    Ok(steps)
}
