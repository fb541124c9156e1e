//! Which app is in front, from `dumpsys window displays` (Android 10+) or `dumpsys window windows`
//! (before): the focused window (`mCurrentFocus=Window{HASH uN pkg/pkg.Activity}`), or, when a
//! system window (status bar, notification shade) or nothing has focus, the focused app
//! (`mFocusedApp=ActivityRecord{HASH uN pkg/.Activity tN}`; `AppWindowToken{... ActivityRecord{...}}`
//! up to Android 9). `dumpsys activity activities` lines (`mResumedActivity:`, `topResumedActivity=`,
//! `ResumedActivity:`) parse the same way. Whether the app in front is the home screen is judged
//! against the home app the phone names (`home.rs`); by name only when it names none.
//!
//! Apps open on logical display 0, and the game is looked for there first. Some phones run it on
//! another display: MuMu's keep-alive gives each app a virtual display of its own while display
//! 0 shows the emulator's home screen, and a desktop mode or an emulator's second screen takes an
//! app to a display whose id is not 0, a block that may come before display 0's (the reports that
//! show it are in docs/android.md). So when display 0 shows the home screen or nothing, the app in
//! front is the first other display's that is not the home app.

use super::error::DeviceError;
use super::facts::{section, AndroidVersion};
use super::home::{self, is_java_name, HomeApp};
use super::Device;
use serde::Serialize;

/// The app in front.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Foreground {
    pub package: String,
    /// The activity's full class name (a dump's `.GameActivity` is expanded).
    pub activity: String,
    /// Whether it is the home screen (the user left the app): the phone's home app, or, on a
    /// phone that names none, an app named like a launcher.
    #[serde(skip)]
    pub home: bool,
    /// The logical display it is on (0, the default display, on almost every phone); stated only
    /// when not 0.
    #[serde(skip_serializing_if = "on_the_default_display")]
    pub display: u32,
}

fn on_the_default_display(display: &u32) -> bool {
    *display == 0
}

/// Launchers of common phones, for `Foreground::named_like_a_launcher`.
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
    /// Whether its names look like a home screen's, for a phone that does not name its home app.
    /// It errs both ways: a camera's `CameraLauncher` looks like one, a vendor's home app not in
    /// the list above does not.
    fn named_like_a_launcher(&self) -> bool {
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

/// The app in front on a device whose screen facts were not read: its SDK level (which dump
/// names the focus depends on it) and its home app first, in one round trip, then that dump.
pub fn ask(device: &mut dyn Device) -> Result<Option<Foreground>, DeviceError> {
    let said = device.shell(&format!(
        "getprop ro.build.version.sdk; echo @@home; {}",
        home::COMMAND
    ))?;
    let sdk = said
        .split("@@home")
        .next()
        .unwrap_or("")
        .trim()
        .parse()
        .ok();
    let android = AndroidVersion {
        release: String::new(),
        sdk,
    };
    let home = home::parse(section(&said, "home"));
    Ok(parse(
        &device.shell(focus_command(&android))?,
        home.as_ref(),
    ))
}

/// The app in front according to a `dumpsys window` or `dumpsys activity activities` dump;
/// `None` when nothing names one. A dump with a block per display (a foldable's or a flip's cover
/// screen, an emulator's keep-alive display: `Display: mDisplayId=N`, `Display #N`), each with its
/// own focus lines, is read for the main display (0) first: a cover screen's launcher is not the
/// app in front. When display 0 shows the home screen or nothing, another display's app that is
/// not the home screen is (see the module's note). An app is the home screen when it is `home`'s
/// package; without `home`, when it is named like a launcher.
pub fn parse(dump: &str, home: Option<&HomeApp>) -> Option<Foreground> {
    let blocks = display_blocks(dump);
    if blocks.is_empty() {
        return judged(focus_of(dump)?, 0, home);
    }
    let on = |id: u32| {
        blocks
            .iter()
            .filter(move |(block, _)| *block == id)
            .find_map(|(_, text)| judged(focus_of(text)?, id, home))
    };
    match on(0) {
        Some(app) if !app.home => Some(app),
        main => blocks
            .iter()
            .filter(|(id, _)| *id != 0)
            .filter_map(|(id, text)| judged(focus_of(text)?, *id, home))
            .find(|app| !app.home)
            .or(main),
    }
}

/// `app` on logical display `display`, judged home screen or not.
fn judged(mut app: Foreground, display: u32, home: Option<&HomeApp>) -> Option<Foreground> {
    app.home = match home {
        Some(home) => home.package == app.package,
        None => app.named_like_a_launcher(),
    };
    app.display = display;
    Some(app)
}

/// Each display's block, with its id, in a dump that has blocks per display (none otherwise).
fn display_blocks(dump: &str) -> Vec<(u32, &str)> {
    let mut blocks: Vec<(u32, usize)> = Vec::new();
    let mut offset = 0;
    for line in dump.split_inclusive('\n') {
        if let Some(id) = display_id(line) {
            blocks.push((id, offset));
        }
        offset += line.len();
    }
    let ends = blocks.iter().skip(1).map(|b| b.1).chain([dump.len()]);
    blocks
        .iter()
        .zip(ends)
        .map(|(&(id, from), to)| (id, &dump[from..to]))
        .collect()
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
    (is_java_name(package) && is_java_name(activity)).then(|| Foreground {
        package: package.to_owned(),
        activity: if activity.starts_with('.') {
            format!("{package}{activity}")
        } else {
            activity.to_owned()
        },
        home: false,
        display: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fg(package: &str, activity: &str) -> Option<Foreground> {
        Some(Foreground {
            package: package.into(),
            activity: activity.into(),
            home: false,
            display: 0,
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
            parse(dump, None),
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
            parse(&reordered, None).unwrap().package,
            "com.easybrain.sudoku.android"
        );
    }

    /// MuMu's keep-alive: the emulator's home screen focused on display 0, the game alone on its
    /// virtual display 2 (no focused window there, its focused app the game), listed first as an
    /// Android 14 phone's dump lists its display 2.
    #[test]
    fn a_game_on_another_display_is_found_when_display_zero_shows_the_home_screen() {
        let dump = "WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)\n  Display: mDisplayId=2\n    init=1080x1920 320dpi cur=1080x1920 app=1080x1920 rng=1080x1080-1920x1920\n\n  mCurrentFocus=null\n  mFocusedApp=ActivityRecord{3a2b1c0 u0 com.autosudoku.classic/.GameActivity t21}\n  Display: mDisplayId=0 rootTasks=3\n    init=1080x1920 320dpi cur=1080x1920 app=1080x1848 rng=1080x1008-1920x1848\n\n  mCurrentFocus=Window{4b5c6d7 u0 com.mumu.launcher/com.mumu.launcher.Launcher}\n  mFocusedApp=ActivityRecord{8e9f0a1 u0 com.mumu.launcher/.Launcher t2}\n  mTopFocusedDisplayId=0\n";
        let home = HomeApp {
            package: "com.mumu.launcher".into(),
            activity: "com.mumu.launcher.Launcher".into(),
        };
        let app = parse(dump, Some(&home)).unwrap();
        assert_eq!(
            (app.package.as_str(), app.display, app.home),
            ("com.autosudoku.classic", 2, false)
        );
        // Without the other display, display 0's home screen is what is in front.
        let only_main = &dump[dump.find("  Display: mDisplayId=0").unwrap()..];
        let front = parse(only_main, Some(&home)).unwrap();
        assert!(front.home && front.display == 0, "{front}");
        // An app on display 0 wins over any other display's.
        let game_on_main = dump.replace(
            "Window{4b5c6d7 u0 com.mumu.launcher/com.mumu.launcher.Launcher}",
            "Window{1 u0 com.x/com.x.Main}",
        );
        assert_eq!(parse(&game_on_main, Some(&home)).unwrap().display, 0);
    }

    #[test]
    fn android_9_window_windows() {
        let dump = "WINDOW MANAGER WINDOWS (dumpsys window windows)\n  Window #5 Window{2c1a0e5 u0 com.easybrain.sudoku.android/com.easybrain.sudoku.gui.SudokuActivity}:\n    mDisplayId=0 stackId=12 mSession=Session{5d3b4a 12345:u0a10123} mClient=android.os.BinderProxy@1b2c3d\n\n  mCurrentFocus=Window{2c1a0e5 u0 com.easybrain.sudoku.android/com.easybrain.sudoku.gui.SudokuActivity}\n  mFocusedApp=AppWindowToken{8e2f7a1 token=Token{4b1c0d2 ActivityRecord{9f0a3c5 u0 com.easybrain.sudoku.android/com.easybrain.sudoku.gui.SudokuActivity t42}}}\n";
        assert_eq!(
            parse(dump, None),
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
            parse(dump, None),
            fg(
                "com.brainium.sudoku.free",
                "com.brainium.sudoku.SudokuActivity"
            )
        );
    }

    /// A phone that names no home app: launchers are known by name.
    #[test]
    fn without_a_home_app_launchers_are_known_by_name() {
        let dump = "  mCurrentFocus=Window{a8f1e2d u0 com.google.android.apps.nexuslauncher/com.google.android.apps.nexuslauncher.NexusLauncherActivity}\n  mFocusedApp=ActivityRecord{f00ba12 u0 com.google.android.apps.nexuslauncher/.NexusLauncherActivity t3}\n";
        let f = parse(dump, None).expect("launcher");
        assert!(f.home, "{f}");
        let aosp = parse("  mCurrentFocus=Window{1 u0 com.android.launcher3/com.android.launcher3.uioverrides.QuickstepLauncher}", None).unwrap();
        assert!(aosp.home);
        let samsung = parse("  mFocusedApp=ActivityRecord{2 u0 com.sec.android.app.launcher/com.android.launcher3.uioverrides.QuickstepLauncher t1}", None).unwrap();
        assert!(samsung.home);
        let game = parse("  mCurrentFocus=Window{3 u0 com.autosudoku.classic/com.autosudoku.classic.GameActivity}", None).unwrap();
        assert!(!game.home);
    }

    /// A phone that names its home app: that package is the home screen, whatever its names, and
    /// nothing else is. The camera is the one in front in the fixture android12-camera-in-front (its
    /// `mCurrentFocus` verbatim); Smart Launcher's package and activity name no launcher.
    #[test]
    fn with_a_home_app_only_its_package_is_the_home_screen() {
        let camera = "  mCurrentFocus=Window{5d2507e u0 org.codeaurora.snapcam/com.android.camera.CameraLauncher}\n";
        assert!(parse(camera, None).unwrap().home, "the name rule's mistake");
        let launcher3 = HomeApp {
            package: "com.android.launcher3".into(),
            activity: "com.android.launcher3.uioverrides.QuickstepLauncher".into(),
        };
        assert!(!parse(camera, Some(&launcher3)).unwrap().home);
        let smart = HomeApp {
            package: "ginlemon.flowerfree".into(),
            activity: "ginlemon.flower.HomeScreen".into(),
        };
        let dump =
            "  mCurrentFocus=Window{77c2a1 u0 ginlemon.flowerfree/ginlemon.flower.HomeScreen}\n";
        assert!(
            !parse(dump, None).unwrap().home,
            "the name rule's other mistake"
        );
        assert!(parse(dump, Some(&smart)).unwrap().home);
        // Its settings screen is the same app: still not the game.
        let settings = "  mCurrentFocus=Window{77c2a2 u0 ginlemon.flowerfree/ginlemon.flower.preferences.SLPreferencesActivity}\n";
        assert!(parse(settings, Some(&smart)).unwrap().home);
    }

    #[test]
    fn activity_dumps_of_11_and_12() {
        let v11 = "ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\nDisplay #0 (activities from top to bottom):\n  Stack #17: type=standard mode=fullscreen\n    mResumedActivity: ActivityRecord{8709018 u0 com.autosudoku.night/.GameActivity t17}\n\n  ResumedActivity:ActivityRecord{8709018 u0 com.autosudoku.night/.GameActivity t17}\n";
        assert_eq!(
            parse(v11, None),
            fg("com.autosudoku.night", "com.autosudoku.night.GameActivity")
        );
        let v12 = "  * Task{cd1e2f0 #17 type=standard A=10153:com.x U=0 visible=true mode=fullscreen translucent=false sz=1}\n    topResumedActivity=ActivityRecord{7a9d03b u0 com.x/.Main t17}\n";
        assert_eq!(parse(v12, None), fg("com.x", "com.x.Main"));
    }

    #[test]
    fn nothing_focused_or_no_dump() {
        assert_eq!(
            parse("  mCurrentFocus=null\n  mFocusedApp=null\n", None),
            None
        );
        assert_eq!(parse("/system/bin/sh: dumpsys: not found", None), None);
        assert_eq!(
            parse(
                "  mCurrentFocus=Window{1 u0 Application Not Responding: com.x}",
                None
            ),
            None
        );
    }
}
