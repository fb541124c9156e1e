//! System commands answered from the phone's state: `wm size|density` (with a Samsung's override),
//! `getprop`, and
//! `settings get|put|list` (where `system show_touches` switches the touch dots on).

use super::Ctx;
use crate::android::Vendor;
use crate::latency::Cost;

pub fn wm(ctx: &mut Ctx, args: &[String]) -> i32 {
    ctx.pay(Cost::NativeProcess);
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["size"] => {
            let (w, h) = ctx.device.size();
            let text = match panel_scale(ctx) {
                Some(k) => format!("Physical size: {}x{}\nOverride size: {w}x{h}\n", k(w), k(h)),
                None => format!("Physical size: {w}x{h}\n"),
            };
            ctx.say(&text);
            0
        }
        ["density"] => {
            let d = ctx.device.density();
            let text = match panel_scale(ctx) {
                Some(k) => format!("Physical density: {}\nOverride density: {d}\n", k(d)),
                None => format!("Physical density: {d}\n"),
            };
            ctx.say(&text);
            0
        }
        ["size" | "density", ..] => {
            ctx.complain("Error: this virtual phone's display size and density are fixed at start (--size, --density)\n");
            1
        }
        [] => {
            ctx.say("Window manager (window) commands:\n  size [reset|WxH|WdpxHdp]\n    Return or override display size.\n  density [reset|DENSITY]\n    Return or override display density.\n");
            0
        }
        [other, ..] => {
            ctx.complain(&format!("Unknown command: {other}\n"));
            255
        }
    }
}

/// On a Samsung, how the panel's size relates to the size apps get: a Galaxy S Ultra's WQHD+
/// panel ships set to FHD+ (Settings, Display, Screen resolution), which `wm size` and `wm
/// density` print as an override below the physical values (WindowManagerShellCommand), 4:3.
fn panel_scale(ctx: &Ctx) -> Option<impl Fn(u32) -> u32> {
    (ctx.device.vendor() == Vendor::Samsung).then_some(|n: u32| (n * 4 + 1) / 3)
}

pub fn getprop(ctx: &mut Ctx, args: &[String]) -> i32 {
    ctx.pay(Cost::NativeProcess);
    match args {
        [] => {
            let listing: String = ctx
                .device
                .props()
                .iter()
                .map(|(k, v)| format!("[{k}]: [{v}]\n"))
                .collect();
            ctx.say(&listing);
        }
        [key, rest @ ..] => {
            let value = ctx
                .device
                .props()
                .get(key)
                .cloned()
                .or_else(|| rest.first().cloned())
                .unwrap_or_default();
            ctx.say(&format!("{value}\n"));
        }
    }
    0
}

const NAMESPACES: [&str; 3] = ["system", "secure", "global"];

pub fn settings(ctx: &mut Ctx, args: &[String]) -> i32 {
    ctx.pay(Cost::NativeProcess);
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let bad_namespace = |ctx: &mut Ctx, ns: &str| {
        ctx.complain(&format!(
            "Invalid namespace '{ns}'; use system, secure or global\n"
        ));
        255
    };
    match words.as_slice() {
        ["get", ns, key] if NAMESPACES.contains(ns) => {
            let value = ctx
                .device
                .setting(ns, key)
                .unwrap_or_else(|| "null".to_string());
            ctx.say(&format!("{value}\n"));
            0
        }
        ["put", ns, key, value, ..] if NAMESPACES.contains(ns) => {
            ctx.device.put_setting(ns, key, value);
            0
        }
        ["get" | "put", ns, ..] if !NAMESPACES.contains(ns) => bad_namespace(ctx, ns),
        _ => {
            ctx.complain("usage:  settings [--user <USER_ID> | current] get namespace key\n        settings [--user <USER_ID> | current] put namespace key value\n\n'namespace' is one of {system, secure, global}, case-insensitive\n");
            255
        }
    }
}
