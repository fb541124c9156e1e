//! Which app is the phone's home screen, as the phone itself says: the activity that resolves
//! Android's HOME intent (`cmd package resolve-activity`, PackageManagerShellCommand
//! `runResolveActivity`, on every release from 7). With `--brief` it prints a line of the
//! ResolveInfo's priorities, then the component as `ComponentName.flattenToShortString`
//! (`package/.Class` or `package/full.Class`), or `No activity found`. A phone whose shell has no
//! `cmd`, or that prints anything else, names no home app; launchers are then known by name
//! (`Foreground::named_like_a_launcher`).

use serde::Serialize;

/// The command that names the home app. Part of `facts::FACTS_COMMAND` (a test holds them
/// together), so it is asked once per connection in the same round trip as the screen facts.
pub const COMMAND: &str =
    "cmd package resolve-activity --brief -a android.intent.action.MAIN -c android.intent.category.HOME";

/// The app HOME opens: the one whose activities are the home screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HomeApp {
    pub package: String,
    /// The activity's full class name (a short `.Launcher` is expanded).
    pub activity: String,
}

/// The home app `COMMAND`'s output names; `None` when it names none: the command is missing
/// (`/system/bin/sh: cmd: not found`) or unknown (`Unknown command: resolve-activity`), nothing
/// resolves, or HOME opens a chooser or a stand-in rather than one home app.
pub fn parse(output: &str) -> Option<HomeApp> {
    // The component is the last line.
    let last = output.lines().map(str::trim).rfind(|l| !l.is_empty())?;
    let (package, class) = last.split_once('/')?;
    if !is_java_name(package) || !is_java_name(class) {
        return None;
    }
    let activity = if class.starts_with('.') {
        format!("{package}{class}")
    } else {
        class.to_owned()
    };
    (!is_stand_in(&activity)).then(|| HomeApp {
        package: package.to_owned(),
        activity,
    })
}

/// Activities that answer HOME without being a home app: the chooser a phone with several home
/// apps and no default shows (AOSP's `com.android.internal.app.ResolverActivity`; vendors' own,
/// such as Huawei's `HwResolverActivity`), and Settings' `FallbackHome`, which stands in while the
/// user's storage is still locked after a boot (priority -1000 in its HOME filter).
fn is_stand_in(activity: &str) -> bool {
    activity.ends_with("ResolverActivity") || activity.ends_with(".FallbackHome")
}

/// A package or class name as dumps print them: Java identifiers and dots (`$` for an inner
/// class), a class possibly starting with its package's dot.
pub(super) fn is_java_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_' || c == '$')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn home(package: &str, activity: &str) -> Option<HomeApp> {
        Some(HomeApp {
            package: package.into(),
            activity: activity.into(),
        })
    }

    /// `--brief` prints the priorities line then the short component (PackageManagerShellCommand
    /// `printResolveInfo`; a decompiled Huawei Android 7 build has the same code), as launch tools'
    /// tests quote it from phones: `priority=0 preferredOrder=0 match=0x108000 specificIndex=-1
    /// isDefault=true`, then the component.
    #[test]
    fn brief_output_names_the_home_app() {
        let pixel = "priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n\
                     com.google.android.apps.nexuslauncher/.NexusLauncherActivity\n";
        assert_eq!(
            parse(pixel),
            home(
                "com.google.android.apps.nexuslauncher",
                "com.google.android.apps.nexuslauncher.NexusLauncherActivity"
            )
        );
        // A class outside its package prints whole; an unusual home app is named all the same.
        let samsung = "priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\r\n\
                       com.sec.android.app.launcher/com.android.launcher3.uioverrides.QuickstepLauncher\r\n";
        assert_eq!(
            parse(samsung).unwrap().activity,
            "com.android.launcher3.uioverrides.QuickstepLauncher"
        );
        let smart = "priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n\
                     ginlemon.flowerfree/ginlemon.flower.HomeScreen\n";
        assert_eq!(parse(smart).unwrap().package, "ginlemon.flowerfree");
    }

    /// A ROM whose linker warns before every output (bionic's `DL_WARN`, quoted in
    /// LmeSzinc/AzurLaneAutoScript `remove_warning.py` from NXP mek_8q builds), read as
    /// `Device::shell` gives it.
    #[test]
    fn linker_warnings_before_the_output_are_skipped() {
        let warn = "WARNING: linker: Warning: \"[vdso]\" unused DT entry: unknown processor-specific (type 0x70000001 arg 0x0) (ignoring)\n";
        let out = format!(
            "{warn}priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n\
             {warn}com.android.launcher3/.uioverrides.QuickstepLauncher\n"
        );
        let out = crate::device::preamble::shell_text(out.as_bytes());
        assert_eq!(parse(&out).unwrap().package, "com.android.launcher3");
    }

    /// What names no single home app: nothing resolved (`No activity found`, runResolveActivity),
    /// the chooser of a phone with two launchers and no default (quoted as
    /// `android/com.android.internal.app.ResolverActivity` by launch tools' tests), Settings'
    /// stand-in, a shell without `cmd` (mksh), a package service without the subcommand
    /// (ShellCommand.handleDefaultCommands), and no output at all.
    #[test]
    fn no_single_home_app_is_none() {
        for out in [
            "No activity found\n",
            "priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false\nandroid/com.android.internal.app.ResolverActivity\n",
            "priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\ncom.huawei.android.internal.app/.HwResolverActivity\n",
            "priority=-1000 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\ncom.android.settings/.FallbackHome\n",
            "/system/bin/sh: cmd: not found\n",
            "Unknown command: resolve-activity\n",
            "cmd: Can't find service: package\n",
            "",
        ] {
            assert_eq!(parse(out), None, "{out:?}");
        }
    }
}
