//! `cmd SERVICE ARGS`, the native client of a system service's shell command
//! (frameworks/native/cmds/cmd/cmd.cpp, Android 7+). The phone serves the package service's
//! `resolve-activity` (PackageManagerShellCommand.runResolveActivity, present with `--brief` and
//! `--components` from Android 7): the HOME intent resolves to the phone's home app (its vendor's,
//! or `--home-app`), any other intent to nothing, as on a phone with no other app for it. Every other
//! service answers as one the phone does not run: `cmd: Can't find service: NAME`, exit 20.

use super::Ctx;
use crate::android::AndroidVersion;
use crate::component::Component;
use crate::latency::Cost;

const MAIN: &str = "android.intent.action.MAIN";
const HOME: &str = "android.intent.category.HOME";
const DEFAULT: &str = "android.intent.category.DEFAULT";

pub fn cmd(ctx: &mut Ctx, args: &[String]) -> i32 {
    ctx.pay(Cost::NativeProcess);
    match args.first().map(String::as_str) {
        None => {
            ctx.complain("cmd: No service specified; use -l to list all services\n");
            20
        }
        Some("-l") => {
            ctx.say("Currently running services:\n  package\n");
            0
        }
        Some("package") => package(ctx, &args[1..]),
        Some(service) => {
            ctx.complain(&format!("cmd: Can't find service: {service}\n"));
            20
        }
    }
}

/// `cmd package COMMAND`: only `resolve-activity`; others as ShellCommand.handleDefaultCommands
/// answers a command it does not know (`Unknown command: X`, -1).
fn package(ctx: &mut Ctx, args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("resolve-activity") => match Query::parse(&args[1..]) {
            Ok(query) => {
                let home = ctx.device.home().clone();
                ctx.say(&query.answer(&home));
                0
            }
            Err(unknown) => {
                let android = ctx.device.android();
                ctx.complain(&exception(android, &unknown));
                255
            }
        },
        None | Some("help" | "-h") => {
            ctx.say(
                "Package manager (package) commands:\n  \
                 resolve-activity [--brief] [--components] [--user USER_ID] INTENT\n    \
                 Prints the activity that resolves to the given INTENT.\n",
            );
            255
        }
        Some(other) => {
            ctx.say(&format!("Unknown command: {other}\n"));
            255
        }
    }
}

/// An unknown option: Intent.parseCommandArgs throws, and the shell command's handler prints the
/// exception (with the command's name from Android 12, BasicShellCommandHandler.exec).
fn exception(android: AndroidVersion, option: &str) -> String {
    let what = if android >= AndroidVersion::V12 {
        "Exception occurred while executing 'resolve-activity':"
    } else {
        "Exception occurred while executing:"
    };
    format!(
        "\n{what}\njava.lang.IllegalArgumentException: Unknown option: {option}\n\t\
         at android.content.Intent.parseCommandArgs(Intent.java)\n\t\
         at com.android.server.pm.PackageManagerShellCommand.parseIntentAndUser(PackageManagerShellCommand.java)\n"
    )
}

/// What `resolve-activity` was asked: the intent's action, categories, package and component,
/// and how to print the answer.
#[derive(Debug, Default)]
struct Query {
    action: Option<String>,
    categories: Vec<String>,
    package: Option<String>,
    component: Option<String>,
    brief: bool,
    components: bool,
}

impl Query {
    /// The options Intent.parseCommandArgs and the package service's handler take; the first
    /// one neither knows is returned.
    fn parse(args: &[String]) -> Result<Query, String> {
        let mut q = Query::default();
        let mut words = args.iter();
        while let Some(word) = words.next() {
            let mut value = || words.next().cloned().unwrap_or_default();
            match word.as_str() {
                "-a" => q.action = Some(value()),
                "-c" => q.categories.push(value()),
                "-p" => q.package = Some(value()),
                "-n" => q.component = Some(value()),
                "-d" | "-t" | "-f" | "--user" | "--query-flags" => {
                    value();
                }
                "--brief" => q.brief = true,
                "--components" => q.components = true,
                other if other.starts_with('-') => return Err(other.to_owned()),
                _ => {} // a data URI or a component, as the last word
            }
        }
        Ok(q)
    }

    /// Whether the intent is the HOME intent, aimed at `home` if at anything.
    fn is_home(&self, home: &Component) -> bool {
        self.action.as_deref() == Some(MAIN)
            && self.categories.iter().any(|c| c == HOME)
            && self.categories.iter().all(|c| c == HOME || c == DEFAULT)
            && self.package.as_ref().is_none_or(|p| *p == home.package)
            && self.component.as_ref().is_none_or(|c| {
                c.parse::<Component>()
                    .is_ok_and(|c| c.full() == home.full())
            })
    }

    /// The printed answer (PackageManagerShellCommand.printResolveInfo): with `--brief` the
    /// priorities line and the short component, with `--components` the component alone,
    /// otherwise a sketch of ResolveInfo.dump. A launcher's HOME filter has no priority and the
    /// DEFAULT category (match 0x108000: MATCH_CATEGORY_EMPTY | MATCH_ADJUSTMENT_NORMAL).
    fn answer(&self, home: &Component) -> String {
        if !self.is_home(home) {
            return "No activity found\n".to_owned();
        }
        let priorities =
            "priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true";
        match (self.brief, self.components) {
            (_, true) => format!("{}\n", home.short()),
            (true, false) => format!("{priorities}\n{}\n", home.short()),
            (false, false) => format!(
                "{priorities}\nActivityInfo:\n  name={}\n  packageName={}\n  enabled=true exported=true directBootAware=false\n",
                home.full_class(),
                home.package
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::testing::device;
    use crate::shell::Ctx;
    use std::sync::Arc;

    const HOME_QUERY: &str = "package resolve-activity --brief -a android.intent.action.MAIN -c android.intent.category.HOME";

    fn run(args: &str) -> (i32, String, String) {
        let device = Arc::new(device());
        let hangup = Default::default();
        Ctx::new(&device, 1, &hangup).run(cmd, args)
    }

    #[test]
    fn home_resolves_to_the_home_app_in_each_form() {
        let (status, out, _) = run(HOME_QUERY);
        assert_eq!(status, 0);
        assert_eq!(
            out,
            "priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n\
             com.android.launcher3/.uioverrides.QuickstepLauncher\n"
        );
        let (_, out, _) = run(&HOME_QUERY.replace("--brief", "--components"));
        assert_eq!(
            out,
            "com.android.launcher3/.uioverrides.QuickstepLauncher\n"
        );
        let (_, out, _) = run(&HOME_QUERY.replace("--brief ", ""));
        assert!(out.contains(
            "\nActivityInfo:\n  name=com.android.launcher3.uioverrides.QuickstepLauncher\n"
        ));
        let (_, out, _) = run(&format!("{HOME_QUERY} -c android.intent.category.DEFAULT"));
        assert!(out.ends_with("QuickstepLauncher\n"), "{out}");
    }

    #[test]
    fn other_intents_services_and_commands() {
        let launcher = "package resolve-activity --brief -a android.intent.action.MAIN -c android.intent.category.LAUNCHER";
        assert_eq!(
            run(launcher),
            (0, "No activity found\n".into(), String::new())
        );
        let other_app = format!("{HOME_QUERY} -p com.example.other");
        assert_eq!(run(&other_app).1, "No activity found\n");
        assert_eq!(
            run("package list-everything"),
            (
                255,
                "Unknown command: list-everything\n".into(),
                String::new()
            )
        );
        let (status, _, err) = run("window size");
        assert_eq!(
            (status, err.as_str()),
            (20, "cmd: Can't find service: window\n")
        );
        let (status, _, err) = run(&format!("{HOME_QUERY} --bogus"));
        assert_eq!(status, 255);
        assert!(err.contains("executing 'resolve-activity':\njava.lang.IllegalArgumentException: Unknown option: --bogus\n"), "{err}");
    }
}
