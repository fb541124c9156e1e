//! Whether the phone lets the shell inject input at all, asked once before the first tap: Xiaomi's
//! MIUI and HyperOS refuse it until "USB debugging (Security settings)" is on (and the phone
//! rebooted). `input` then prints the SecurityException of InputManagerService ("… INJECT_EVENTS
//! permission", worded one way up to Android 12 and another from 13) and injects nothing, and
//! the Monkey answers `OK` to taps it cannot inject, so only `input` can tell.

use super::super::error::DeviceError;
use super::super::Device;

/// An injection that changes nothing where it lands: KEYCODE_UNKNOWN, which no view handles, but
/// which InputManagerService checks for the permission like any other event.
pub const PROBE: &str = "input keyevent 0";

/// The line of `input`'s output that says the injection was refused, if one does.
pub fn refusal(output: &str) -> Option<&str> {
    output
        .lines()
        .map(str::trim)
        .find(|l| l.contains("INJECT_EVENTS"))
}

/// `Err(InjectionDenied)` if the phone refuses the shell's injected input, naming what it said.
pub fn check(device: &mut dyn Device) -> Result<(), DeviceError> {
    let out = device.shell(PROBE)?;
    match refusal(&out) {
        Some(said) => Err(DeviceError::InjectionDenied {
            said: said.to_owned(),
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_wordings_of_the_refusal_are_found_and_other_output_is_not() {
        let thirteen = "\nException occurred while executing 'keyevent':\njava.lang.SecurityException: Injecting input events requires the caller (or the source of the instrumentation, if any) to have the INJECT_EVENTS permission.\n\tat com.android.server.input.InputManagerService.injectInputEventToTarget(InputManagerService.java:900)\n";
        assert!(refusal(thirteen).is_some_and(|l| l.starts_with("java.lang.SecurityException")));
        let ten = "java.lang.SecurityException: Injecting to another application requires INJECT_EVENTS permission\n\tat android.os.Parcel.createException(Parcel.java:2075)\n";
        assert_eq!(
            refusal(ten),
            Some("java.lang.SecurityException: Injecting to another application requires INJECT_EVENTS permission")
        );
        assert_eq!(refusal(""), None);
        assert_eq!(refusal("Error: Unknown keycode: 0\n"), None);
    }
}
