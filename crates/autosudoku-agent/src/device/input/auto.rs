//! `--input auto`: probe what the phone allows and pick the fastest backend that works, in the
//! order measured fastest first (docs/notes/input.md): the Monkey, then `sendevent`, then the shell
//! session. A Monkey (picked, or asked for) that cannot start again after a cut hands over to the
//! rest of that order.
use super::super::error::DeviceError;
use super::super::facts::ScreenFacts;
use super::super::Device;
use super::encoding::{InputCommands, MonkeyLines};
use super::fallback::Fallback;
use super::injector::Injector;
use super::monkey::MonkeyLink;
use super::sendevent::{self, Sendevent};
use super::session::ShellSession;
use super::{Input, InputKind};
use std::time::Duration;

/// The fastest backend, given how the Monkey's start went.
pub(super) fn pick(
    monkey: Result<MonkeyLink, DeviceError>,
    device: Box<dyn Device>,
    facts: &ScreenFacts,
    gap: Duration,
) -> Result<Box<dyn Input>, DeviceError> {
    if facts.game_display != 0 {
        tracing::info!(
            "input: shell session with `input -d {}` (the Monkey and sendevent reach display 0 only)",
            facts.game_display
        );
        return Ok(shell_session(device, facts, gap));
    }
    match monkey {
        Ok(m) => {
            tracing::info!("input: monkey (one on-device process, no root)");
            return Ok(monkey_first(m, device, facts, gap));
        }
        Err(e) if e.is_lost() => return Err(e),
        Err(e) => tracing::info!("input: monkey unavailable ({e})"),
    }
    without_monkey(device, facts, gap)
}

/// The Monkey, with the rest of the order behind it for when it cannot start again after a cut
/// (`--input monkey` too: the game goes on, and the switch is logged).
pub(super) fn monkey_first(
    link: MonkeyLink,
    device: Box<dyn Device>,
    facts: &ScreenFacts,
    gap: Duration,
) -> Box<dyn Input> {
    let (link, lines) = (Box::new(link), Box::new(MonkeyLines));
    let monkey = Box::new(Injector::new(InputKind::Monkey, link, lines, gap));
    let facts = facts.clone();
    let next = Box::new(move || without_monkey(device, &facts, gap));
    Box::new(Fallback::new(monkey, next))
}

/// On a phone that refuses injected input (`denied`), raw events are all that may still work
/// (a rooted phone); else the refusal stands.
pub(super) fn raw_only(
    device: Box<dyn Device>,
    gap: Duration,
    denied: DeviceError,
) -> Result<Box<dyn Input>, DeviceError> {
    match raw_events(device, gap) {
        Ok(input) => Ok(input),
        Err((_, e)) if e.is_lost() => Err(e),
        Err(_) => Err(denied),
    }
}

/// The sendevent backend where the shell may write the touchscreen; else the device back, with
/// why not.
fn raw_events(
    mut device: Box<dyn Device>,
    gap: Duration,
) -> Result<Box<dyn Input>, (Box<dyn Device>, DeviceError)> {
    match sendevent::writable_devices(&mut *device) {
        Ok((ts, keypad)) => {
            tracing::info!("input: sendevent on {} ({}), writable", ts.path, ts.name);
            let (session, events) = (ShellSession::new(device), Sendevent::new(ts, keypad));
            Ok(Box::new(Injector::new(
                InputKind::Sendevent,
                Box::new(session),
                Box::new(events),
                gap,
            )))
        }
        Err(e) => Err((device, e)),
    }
}

/// The rest of the order when the Monkey is not there: `sendevent`, then the shell session.
fn without_monkey(
    device: Box<dyn Device>,
    facts: &ScreenFacts,
    gap: Duration,
) -> Result<Box<dyn Input>, DeviceError> {
    let device = match raw_events(device, gap) {
        Ok(input) => return Ok(input),
        Err((_, e)) if e.is_lost() => return Err(e),
        Err((device, e)) => {
            tracing::info!("input: no sendevent ({e})");
            device
        }
    };
    tracing::info!(
        "input: shell session{}",
        if facts.android.has_fast_input() {
            " (Android 12+: fast `input`)"
        } else {
            " (Android ≤ 11: a JVM start per tap)"
        }
    );
    Ok(shell_session(device, facts, gap))
}

/// `input` lines through one shell session, on the game's display.
fn shell_session(device: Box<dyn Device>, facts: &ScreenFacts, gap: Duration) -> Box<dyn Input> {
    Box::new(Injector::new(
        InputKind::Shell,
        Box::new(ShellSession::new(device)),
        Box::new(InputCommands::on(facts.game_display)),
        gap,
    ))
}
