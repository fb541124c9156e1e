//! Whether the shell may inject input, and how `input` says it may not. Xiaomi's MIUI and HyperOS
//! take INJECT_EVENTS from the shell user unless "USB debugging (Security settings)" is on, which
//! sets `persist.security.adbinput=1` (MIUI's PackageManagerService `preCheckUidPermission`); the
//! injection then throws the SecurityException AOSP's InputManagerService raises for a caller
//! without the permission, and nothing reaches the app. The Monkey injects through the same
//! InputManager and fails the same way, though it has answered `OK` already.

use super::Ctx;
use crate::android::{AndroidVersion, Vendor};
use crate::device::Device;

/// The property MIUI's "USB debugging (Security settings)" switch sets.
pub const SECURITY_SETTING: &str = "persist.security.adbinput";

/// Whether injected input (`input`, the Monkey) reaches the app on `device`.
pub fn allowed(device: &Device) -> bool {
    device.vendor() != Vendor::Xiaomi || device.prop(SECURITY_SETTING) == "1"
}

/// What `input COMMAND ...` prints on stderr when the injection is refused, and its exit status.
/// Android 13 added `injectInputEventToTarget` and its wording; before, `injectInputEventInternal`
/// said "Injecting to another application…". From Android 12 `input` is `cmd input`, whose
/// BasicShellCommandHandler prints a blank line and "Exception occurred while executing" before
/// the trace and exits -1 (255); up to 11 the `input` JVM dies of the uncaught exception.
fn refusal(android: AndroidVersion, command: &str) -> (String, i32) {
    const OLD: &str = "java.lang.SecurityException: Injecting to another application requires INJECT_EVENTS permission\n";
    const NEW: &str = "java.lang.SecurityException: Injecting input events requires the caller (or the source of the instrumentation, if any) to have the INJECT_EVENTS permission.\n";
    if android <= AndroidVersion::V11 {
        let trace = "\tat android.os.Parcel.createException(Parcel.java:2075)\n\tat android.os.Parcel.readException(Parcel.java:2043)\n\tat android.hardware.input.IInputManager$Stub$Proxy.injectInputEvent(IInputManager.java:925)\n\tat android.hardware.input.InputManager.injectInputEvent(InputManager.java:886)\n\tat com.android.commands.input.Input.main(Input.java:71)\n";
        return (format!("{OLD}{trace}"), 1);
    }
    let (text, at) = if android >= AndroidVersion::V13 {
        (
            NEW,
            "injectInputEventToTarget(InputManagerService.java:900)",
        )
    } else {
        (
            OLD,
            "injectInputEventInternal(InputManagerService.java:739)",
        )
    };
    let text = format!(
        "\nException occurred while executing '{command}':\n{text}\tat com.android.server.input.InputManagerService.{at}\n\tat android.hardware.input.InputManager.injectInputEvent(InputManager.java:1163)\n\tat com.android.server.input.InputShellCommand.onCommand(InputShellCommand.java:235)\n\tat com.android.modules.utils.BasicShellCommandHandler.exec(BasicShellCommandHandler.java:97)\n"
    );
    (text, 255)
}

/// Prints the refusal of `input COMMAND` and returns its exit status.
pub fn refuse(ctx: &mut Ctx, command: &str) -> i32 {
    let (text, status) = refusal(ctx.device.android(), command);
    ctx.complain(&text);
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_release_words_the_refusal_as_its_input_does() {
        let (seven, code) = refusal(AndroidVersion::V10, "tap");
        assert!(seven.starts_with("java.lang.SecurityException: Injecting to another application"));
        assert_eq!(code, 1);
        let (twelve, code) = refusal(AndroidVersion::V12, "tap");
        assert!(twelve.starts_with("\nException occurred while executing 'tap':\njava.lang.SecurityException: Injecting to another"));
        assert_eq!(code, 255);
        let (fifteen, _) = refusal(AndroidVersion::V15, "keyevent");
        assert!(fifteen.contains("executing 'keyevent':\njava.lang.SecurityException: Injecting input events requires the caller (or the source of the instrumentation, if any) to have the INJECT_EVENTS permission.\n"));
    }
}
