//! Which app is in front, from `dumpsys window displays` (Android 10+) or `dumpsys window windows`
//! (before): the focused window (`mCurrentFocus=Window{HASH uN pkg/pkg.Activity}`), or, when a
//! system window (status bar, notification shade) or nothing has focus, the focused app
//! (`mFocusedApp=ActivityRecord{HASH uN pkg/.Activity tN}`; `AppWindowToken{... ActivityRecord{...}}`
//! up to Android 9). `dumpsys activity activities` lines (`mResumedActivity:`, `topResumedActivity=`,
//! `ResumedActivity:`) parse the same way.

use super::error::DeviceError;
use super::facts::{value_lines, AndroidVersion};
use super::Device;
use serde::Serialize;

/// The app in front.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Foreground {
    pub package: String,
    /// The activity's full class name (a dump's `.GameActivity` is expanded).
    pub activity: String,
}

/// Launchers of common phones, for `Foreground::is_launcher`.
const LAUNCHERS: [&str; 10] = [
    "com.android.launcher",
    "com.google.android.apps.nexuslauncher",
    "com.sec.android.app.launcher",
    "com.miui.home",
    "com.huawei.android.launcher",
    "com.oppo.launcher",
    "com.bbk.launcher2",
    "net.oneplus.launcher",
    "com.teslacoilsw.launcher",
    "com.microsoft.launcher",
];

impl Foreground {
    /// Whether it is a home screen (the user left the app).
    pub fn is_launcher(&self) -> bool {
        LAUNCHERS.iter().any(|l| self.package.starts_with(l))
            || self.package.ends_with(".launcher")
            || self.package.ends_with(".home")
            || self.activity.ends_with("Launcher")
    }
}

impl std::fmt::Display for Foreground {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.package, self.activity)
    }
}

/// The dump that names the focused window on this Android (`displays` only exists from 10).
pub fn focus_command(android: &AndroidVersion) -> &'static str {
    if android.sdk.is_some_and(|s| s < 29) {
        "dumpsys window windows"
    } else {
        "dumpsys window displays"
    }
}

/// The app in front on a device whose screen facts were not read: its SDK level first (which
/// dump names the focus depends on it), then that dump.
pub fn ask(device: &mut dyn Device) -> Result<Option<Foreground>, DeviceError> {
    let sdk = value_lines(&device.shell("getprop ro.build.version.sdk")?)
        .next()
        .and_then(|v| v.parse().ok());
    let android = AndroidVersion {
        release: String::new(),
        sdk,
    };
    Ok(parse(&device.shell(focus_command(&android))?))
}

/// The app in front according to a `dumpsys window` or `dumpsys activity activities` dump;
/// `None` when nothing names one. A dump with a block per display (a foldable's or a flip's cover
/// screen: `Display: mDisplayId=N`, `Display #N`), each with its own focus lines, is read for the
/// main display (0), where the game runs: a cover screen's launcher is not the app in front.
pub fn parse(dump: &str) -> Option<Foreground> {
    focus_of(main_display(dump).unwrap_or(dump))
}

/// The block of display 0 in a dump that has blocks per display.
fn main_display(dump: &str) -> Option<&str> {
    let (mut start, mut offset) = (None, 0);
    for line in dump.split_inclusive('\n') {
        if let Some(id) = display_id(line) {
            if let Some(from) = start {
                return Some(&dump[from..offset]);
            }
            if id == 0 {
                start = Some(offset);
            }
        }
        offset += line.len();
    }
    start.map(|from| &dump[from..])
}

/// The id a display block's first line names (`Display: mDisplayId=1 rootTasks=3`, `Display #0
/// (activities from top to bottom):`).
fn display_id(line: &str) -> Option<u32> {
    let line = line.trim();
    let rest = line
        .strip_prefix("Display: mDisplayId=")
        .or_else(|| line.strip_prefix("Display #"))?;
    rest.split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// The focus lines of one display's block (or of a whole dump without blocks).
fn focus_of(dump: &str) -> Option<Foreground> {
    let mut focused_app = None;
    for line in dump.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("mCurrentFocus=") {
            // A system window's title has no '/': fall back to the focused app below it.
            if let Some(found) = rest.strip_prefix("Window{").and_then(record_component) {
                return Some(found);
            }
        } else if let Some(rest) = [
            "mFocusedApp=",
            "mResumedActivity:",
            "topResumedActivity=",
            "ResumedActivity:",
        ]
        .iter()
        .find_map(|key| line.strip_prefix(key))
        {
            if focused_app.is_none() {
                focused_app = rest
                    .find("ActivityRecord{")
                    .and_then(|at| record_component(&rest[at + "ActivityRecord{".len()..]));
            }
        }
    }
    focused_app
}

/// `HASH uN pkg/Activity ...}` → the component (third word, up to `}`).
fn record_component(inside: &str) -> Option<Foreground> {
    let mut words = inside.split_whitespace();
    let _hash = words.next()?;
    let user = words.next()?;
    if !user.starts_with('u') || !user[1..].chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let component = words.next()?.trim_end_matches('}');
    let (package, activity) = component.split_once('/')?;
    let valid = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_' || c == '$')
    };
    (valid(package) && valid(activity)).then(|| Foreground {
        package: package.to_owned(),
        activity: if activity.starts_with('.') {
            format!("{package}{activity}")
        } else {
            activity.to_owned()
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fg(package: &str, activity: &str) -> Option<Foreground> {
        Some(Foreground {
            package: package.into(),
            activity: activity.into(),
        })
    }

    // The lines below follow the formats AOSP's WindowManagerService, DisplayContent and
    // ActivityTaskManager dumps print on each release.

    /// A flip opened from its cover screen: the cover display (1) is top-focused and listed first,
    /// its launcher focused; the main display has no focused window, its focused app is the game.
    #[test]
    fn the_main_displays_focus_wins_over_a_cover_screens_launcher() {
        let dump = "WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)\n  Display: mDisplayId=1 rootTasks=3\n    init=720x748 440dpi cur=720x748 app=720x748 rng=720x720-748x748\n\n  mCurrentFocus=Window{1c2d3e4 u0 com.sec.android.app.launcher/com.sec.android.app.launcher.activities.LauncherActivity}\n  mFocusedApp=ActivityRecord{5e6f7a8 u0 com.sec.android.app.launcher/.activities.LauncherActivity t3}\n  Display: mDisplayId=0 rootTasks=3\n    init=1080x2640 440dpi cur=1080x2640 app=1080x2640 rng=1080x1080-2640x2640\n\n  mCurrentFocus=null\n  mFocusedApp=ActivityRecord{9f0a3c5 u0 com.easybrain.sudoku.android/com.easybrain.sudoku.gui.SudokuActivity t42}\n";
        assert_eq!(
            parse(dump),
            fg(
                "com.easybrain.sudoku.android",
                "com.easybrain.sudoku.gui.SudokuActivity"
            )
        );
        // The main display first, its focus a system window (the notification shade down).
        let (cover, main) = dump.split_at(dump.find("  Display: mDisplayId=0").unwrap());
        let main = main.replace(
            "mCurrentFocus=null",
            "mCurrentFocus=Window{77a1b2c u0 NotificationShade}",
        );
        let reordered = format!(
            "WINDOW MANAGER DISPLAY CONTENTS\n{main}{}",
            &cover[cover.find("  Display:").unwrap()..]
        );
        assert_eq!(
            parse(&reordered).unwrap().package,
            "com.easybrain.sudoku.android"
        );
    }

    #[test]
    fn android_9_window_windows() {
        let dump = "WINDOW MANAGER WINDOWS (dumpsys window windows)\n  Window #5 Window{2c1a0e5 u0 com.easybrain.sudoku.android/com.easybrain.sudoku.gui.SudokuActivity}:\n    mDisplayId=0 stackId=12 mSession=Session{5d3b4a 12345:u0a10123} mClient=android.os.BinderProxy@1b2c3d\n\n  mCurrentFocus=Window{2c1a0e5 u0 com.easybrain.sudoku.android/com.easybrain.sudoku.gui.SudokuActivity}\n  mFocusedApp=AppWindowToken{8e2f7a1 token=Token{4b1c0d2 ActivityRecord{9f0a3c5 u0 com.easybrain.sudoku.android/com.easybrain.sudoku.gui.SudokuActivity t42}}}\n";
        assert_eq!(
            parse(dump),
            fg(
                "com.easybrain.sudoku.android",
                "com.easybrain.sudoku.gui.SudokuActivity"
            )
        );
    }

    #[test]
    fn android_13_displays_with_the_shade_focused_falls_back_to_the_focused_app() {
        let dump = "WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)\n  Display: mDisplayId=0 rootTasks=4\n    init=1080x2400 420dpi cur=1080x2400 app=1080x2337 rng=1080x1017-2337x2274\n\n  mCurrentFocus=Window{c3a1b27 u0 NotificationShade}\n  mFocusedApp=ActivityRecord{e5d4c3b u0 com.brainium.sudoku.free/com.brainium.sudoku.SudokuActivity t108}\n";
        assert_eq!(
            parse(dump),
            fg(
                "com.brainium.sudoku.free",
                "com.brainium.sudoku.SudokuActivity"
            )
        );
    }

    #[test]
    fn android_14_home_screen_is_a_launcher() {
        let dump = "  mCurrentFocus=Window{a8f1e2d u0 com.google.android.apps.nexuslauncher/com.google.android.apps.nexuslauncher.NexusLauncherActivity}\n  mFocusedApp=ActivityRecord{f00ba12 u0 com.google.android.apps.nexuslauncher/.NexusLauncherActivity t3}\n";
        let f = parse(dump).expect("launcher");
        assert!(f.is_launcher(), "{f}");
        let aosp = parse("  mCurrentFocus=Window{1 u0 com.android.launcher3/com.android.launcher3.uioverrides.QuickstepLauncher}").unwrap();
        assert!(aosp.is_launcher());
        let samsung = parse("  mFocusedApp=ActivityRecord{2 u0 com.sec.android.app.launcher/com.android.launcher3.uioverrides.QuickstepLauncher t1}").unwrap();
        assert!(samsung.is_launcher());
        assert!(!fg("com.autosudoku.classic", ".GameActivity")
            .unwrap()
            .is_launcher());
    }

    #[test]
    fn activity_dumps_of_11_and_12() {
        let v11 = "ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\nDisplay #0 (activities from top to bottom):\n  Stack #17: type=standard mode=fullscreen\n    mResumedActivity: ActivityRecord{8709018 u0 com.autosudoku.night/.GameActivity t17}\n\n  ResumedActivity:ActivityRecord{8709018 u0 com.autosudoku.night/.GameActivity t17}\n";
        assert_eq!(
            parse(v11),
            fg("com.autosudoku.night", "com.autosudoku.night.GameActivity")
        );
        let v12 = "  * Task{cd1e2f0 #17 type=standard A=10153:com.x U=0 visible=true mode=fullscreen translucent=false sz=1}\n    topResumedActivity=ActivityRecord{7a9d03b u0 com.x/.Main t17}\n";
        assert_eq!(parse(v12), fg("com.x", "com.x.Main"));
    }

    #[test]
    fn nothing_focused_or_no_dump() {
        assert_eq!(parse("  mCurrentFocus=null\n  mFocusedApp=null\n"), None);
        assert_eq!(parse("/system/bin/sh: dumpsys: not found"), None);
        assert_eq!(
            parse("  mCurrentFocus=Window{1 u0 Application Not Responding: com.x}"),
            None
        );
    }
}
