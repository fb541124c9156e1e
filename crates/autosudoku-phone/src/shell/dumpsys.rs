//! `dumpsys window [displays|windows]` and `dumpsys activity activities`: which app is in front,
//! in the line formats of Android 11–14 (AOSP WindowManagerService / DisplayContent and
//! ActivityTaskManagerService dumps): `mCurrentFocus=Window{HASH u0 pkg/pkg.Activity}`,
//! `mFocusedApp=ActivityRecord{HASH u0 pkg/.Activity tN}`, `mResumedActivity:` (11) or
//! `topResumedActivity=` (12+), with the lock screen's `KeyguardController: mKeyguardShowing=`;
//! `dumpsys power` is in power.rs. Real dumps run to hundreds of KB; only a
//! sketch of the rest is kept.

use super::displays::{
    display_dump, flinger_displays, input_dump, physical_displays, surface_flinger_ids,
    PhysicalDisplay,
};
use super::Ctx;
use crate::android::{AndroidVersion, Vendor};
use crate::component::Component;
use crate::latency::Cost;
use crate::screen::Display;

/// The task id every activity here lives in.
const TASK: u32 = 17;

pub fn dumpsys(ctx: &mut Ctx, args: &[String]) -> i32 {
    ctx.pay(Cost::NativeProcess);
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let (focus, display) = ctx.device.with_screen(|s| (s.focus(), s.display()));
    let focus = focus.and_then(|f| f.parse::<Component>().ok());
    let android = ctx.device.android();
    let (w, h) = ctx.device.size();
    let density = ctx.device.density();
    let vendor = ctx.device.vendor();
    let physical = physical_displays(vendor, (w, h));
    match words.as_slice() {
        [] => ctx.say("Currently running services:\n  SurfaceFlinger\n  activity\n  display\n  input\n  power\n  window\n"),
        ["SurfaceFlinger", "--display-id"] => ctx.say(&surface_flinger_ids(&physical)),
        ["SurfaceFlinger", "--displays"] => {
            ctx.say(&flinger_displays(&physical, android, vendor))
        }
        ["display"] => ctx.say(&display_dump(&physical, density, android, vendor)),
        ["input"] => ctx.say(&input_dump(&physical, android, density)),
        ["power"] => ctx.say(&super::power::dump(display, vendor, android)),
        ["window"] => {
            let text = policy(display, android)
                + "\n"
                + &displays(focus.as_ref(), android, &physical, vendor, density)
                + "\n"
                + &windows(focus.as_ref(), vendor);
            ctx.say(&text);
        }
        ["window", "displays" | "d"] => {
            ctx.say(&displays(focus.as_ref(), android, &physical, vendor, density))
        }
        ["window", "windows" | "w"] => ctx.say(&windows(focus.as_ref(), vendor)),
        ["window", "policy" | "p"] => ctx.say(&policy(display, android)),
        ["window", other, ..] => ctx.say(&format!(
            "Bad window command, or no windows match: {other}\nUse -h for help.\n"
        )),
        ["activity"] | ["activity", "activities" | "a"] => {
            ctx.say(&(activities(focus.as_ref(), android) + &keyguard(display, android)))
        }
        ["activity", other, ..] => ctx.say(&format!("Unknown activity dump: {other}\n")),
        [service, ..] => ctx.complain(&format!("Can't find service: {service}\n")),
    }
    0
}

impl Component {
    /// A stable identity hash for the object dumps show (`Window{4f1c2e9 ...}`).
    fn hash(&self, salt: u32) -> String {
        let h = self.package.bytes().fold(0x811c_9dc5u32 ^ salt, |h, b| {
            (h ^ b as u32).wrapping_mul(0x0100_0193)
        });
        format!("{:x}", h & 0x0fff_ffff)
    }

    fn window(&self) -> String {
        format!("Window{{{} u0 {}}}", self.hash(1), self.full())
    }

    fn record(&self) -> String {
        format!(
            "ActivityRecord{{{} u0 {} t{TASK}}}",
            self.hash(2),
            self.short()
        )
    }
}

/// The launcher a Samsung cover display runs.
const COVER_LAUNCHER: &str =
    "com.sec.android.app.launcher/com.sec.android.app.launcher.activities.LauncherActivity";

/// The logical display that has the focus: the main one, except on a flip just opened from its
/// cover screen, whose cover display stays on top until the main one is touched.
fn top_display(vendor: Vendor) -> u32 {
    u32::from(vendor == Vendor::Flip)
}

/// `dumpsys window displays`: one block per display in RootWindowContainer's child order, the
/// top-focused display last (dumpDisplayContents prints children from the first, and
/// updateFocusedWindowLocked finds the top-focused one from the last, as One UI's Android 14
/// framework reads), each with its own focus lines (DisplayContent.dump). Only the
/// top-focused display has a focused window (phones leave config_perDisplayFocusEnabled off);
/// every display names its focused app: the game on the main one, the launcher on a cover. A
/// block's first line counts its stacks up to 11 and its root tasks on 12 (as an Android 12
/// phone's dump shows); from 13 it says ` (organized)` instead (an Android 13 device's dump, One
/// UI's Android 14 DisplayContent.dump, and Android 15 dumps quoted by other projects; the
/// sources are in docs/android.md).
fn displays(
    focus: Option<&Component>,
    android: AndroidVersion,
    physical: &[PhysicalDisplay],
    vendor: Vendor,
    density: u32,
) -> String {
    let tasks = match android {
        v if v >= AndroidVersion::V13 => " (organized)",
        v if v >= AndroidVersion::V12 => " rootTasks=3",
        _ => " stacks=3",
    };
    let launcher = COVER_LAUNCHER.parse::<Component>().ok();
    let home = vendor.home();
    let top = top_display(vendor);
    // (logical id, size, what it shows): the phone's displays, and MuMu's keep-alive display,
    // listed first as an Android 14 phone's dump lists its display 2.
    let mut order: Vec<(u32, (u32, u32), Option<&Component>)> = physical
        .iter()
        .map(|d| {
            let shown = if d.cover {
                launcher.as_ref()
            } else if vendor.app_display() != 0 {
                Some(&home)
            } else {
                focus
            };
            (d.logical, d.size, shown)
        })
        .collect();
    if let Some(main) = physical.first().filter(|_| vendor.app_display() != 0) {
        order.insert(0, (vendor.app_display(), main.size, focus));
    }
    order.sort_by_key(|d| d.0 == top);
    let mut text = String::from("WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)\n");
    for (id, (w, h), shown) in order {
        let current = match shown {
            Some(c) if id == top => c.window(),
            _ => "null".to_owned(),
        };
        let app = shown.map_or_else(|| "null".to_owned(), Component::record);
        text.push_str(&format!(
            "  Display: mDisplayId={id}{tasks}\n    \
             init={w}x{h} {density}dpi cur={w}x{h} app={w}x{h} rng={w}x{w}-{h}x{h}\n    \
             deferred=false mLayoutNeeded=false mTouchExcludeRegion=SkRegion((0,0,{w},{h}))\n\n  \
             mHoldScreenWindow=null\n  mObscuringWindow=null\n\n  \
             mCurrentFocus={current}\n  mFocusedApp={app}\n"
        ));
    }
    text
}

fn windows(focus: Option<&Component>, vendor: Vendor) -> String {
    let mut text = String::from(
        "WINDOW MANAGER WINDOWS (dumpsys window windows)\n  \
         Window #0 Window{3b5e0c1 u0 NavigationBar0}:\n    \
         mDisplayId=0 rootTaskId=1 package=com.android.systemui appop=NONE\n  \
         Window #1 Window{9a04d27 u0 StatusBar}:\n    \
         mDisplayId=0 rootTaskId=1 package=com.android.systemui appop=NONE\n",
    );
    if let Some(c) = focus {
        text.push_str(&format!(
            "  Window #2 {}:\n    mDisplayId=0 rootTaskId={TASK} package={} appop=NONE\n",
            c.window(),
            c.package
        ));
    }
    text.push_str(&format!(
        "\n  mTopFocusedDisplayId={}\n  mInTouchMode=true\n",
        top_display(vendor)
    ));
    text
}

/// The lock screen's part of the activity dump (KeyguardController.dump): none on Android 7,
/// which had no KeyguardController (the controller's file dates from 8's tree).
fn keyguard(display: Display, android: AndroidVersion) -> String {
    if android < AndroidVersion::V8 {
        return String::new();
    }
    format!(
        "\n  KeyguardController:\n    mKeyguardShowing={}\n    mAodShowing=false\n    \
         mKeyguardGoingAway=false\n    mOccluded=false\n",
        display.locked
    )
}

/// `dumpsys window policy`: a sketch of PhoneWindowManager.dump, whose line for the lock screen
/// is `mShowingLockscreen=` up to Android 7 (a 7.x tree's dump prints it with the dream's state);
/// 8 dropped it (the keyguard's state moved to the KeyguardController) and kept
/// `isStatusBarKeyguard=`.
fn policy(display: Display, android: AndroidVersion) -> String {
    let locked = display.locked;
    let mut text = String::from(
        "WINDOW MANAGER POLICY STATE (dumpsys window policy)\n    \
         mSafeMode=false mSystemReady=true mSystemBooted=true\n",
    );
    if android < AndroidVersion::V8 {
        text.push_str(&format!(
            "    mShowingLockscreen={locked} mShowingDream=false mDreamingLockscreen={locked} \
             mDreamingSleepToken=null\n"
        ));
    }
    text.push_str(&format!(
        "    mStatusBar=Window{{9a04d27 u0 StatusBar}} isStatusBarKeyguard={locked}\n"
    ));
    text
}

fn activities(focus: Option<&Component>, android: AndroidVersion) -> String {
    let mut text = String::from(
        "ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\n\
         Display #0 (activities from top to bottom):\n",
    );
    let Some(c) = focus else {
        text.push_str("\n  ResumedActivity: null\n");
        return text;
    };
    let record = c.record();
    if android >= AndroidVersion::V12 {
        text.push_str(&format!(
            "  * Task{{{} #{TASK} type=standard A=10153:{} U=0 visible=true mode=fullscreen translucent=false sz=1}}\n    \
             topResumedActivity={record}\n\n  \
             Resumed activities in task display areas (from top to bottom):\n    \
             Resumed: {record}\n\n  \
             ResumedActivity: {record}\n",
            c.hash(3),
            c.package
        ));
    } else {
        text.push_str(&format!(
            "  Stack #{TASK}: type=standard mode=fullscreen\n  \
             isSleeping=false\n  mBounds=Rect(0, 0 - 0, 0)\n\n    \
             Task id #{TASK}\n    \
             * Hist #0: {record}\n\n    \
             mResumedActivity: {record}\n\n  \
             ResumedActivity:{record}\n"
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_windows_and_records_like_android() {
        let c: Component = "com.autosudoku.classic/.GameActivity".parse().unwrap();
        assert!(c.window().starts_with("Window{"));
        assert!(c
            .record()
            .ends_with(" u0 com.autosudoku.classic/.GameActivity t17}"));
        let one = physical_displays(Vendor::Pixel, (1080, 2400));
        let text = displays(Some(&c), AndroidVersion::V14, &one, Vendor::Pixel, 440);
        assert!(text.contains("  mCurrentFocus=Window{"));
        assert!(text.contains(" u0 com.autosudoku.classic/com.autosudoku.classic.GameActivity}\n"));
        let text = displays(None, AndroidVersion::V11, &one, Vendor::Pixel, 320);
        assert!(text.contains("mCurrentFocus=null"));
    }

    #[test]
    fn a_flip_lists_its_focused_cover_display_last_with_its_launcher() {
        let c: Component = "com.autosudoku.classic/.GameActivity".parse().unwrap();
        let two = physical_displays(Vendor::Flip, (1080, 2640));
        let text = displays(Some(&c), AndroidVersion::V14, &two, Vendor::Flip, 440);
        let (main, cover) = text.split_once("Display: mDisplayId=1 ").unwrap();
        assert!(main.contains("Display: mDisplayId=0 (organized)"), "{text}");
        assert!(cover.contains("mCurrentFocus=Window{"));
        assert!(cover.contains("LauncherActivity}"));
        assert!(main.contains("mCurrentFocus=null\n  mFocusedApp=ActivityRecord{"));
        assert!(main.contains("com.autosudoku.classic/.GameActivity t17}"));
        let mumu = physical_displays(Vendor::Mumu, (1080, 1920));
        let text = displays(Some(&c), AndroidVersion::V12, &mumu, Vendor::Mumu, 320);
        let (keep_alive, main) = text.split_once("Display: mDisplayId=0 ").unwrap();
        assert!(
            keep_alive.contains("Display: mDisplayId=2 rootTasks=3"),
            "{text}"
        );
        assert!(keep_alive.contains("mCurrentFocus=null\n  mFocusedApp=ActivityRecord{"));
        assert!(keep_alive.contains("com.autosudoku.classic/.GameActivity t17}"));
        assert!(main.contains("mCurrentFocus=Window{") && main.contains("com.mumu.launcher"));
        assert!(activities(Some(&c), AndroidVersion::V11)
            .contains("    mResumedActivity: ActivityRecord{"));
        assert!(activities(Some(&c), AndroidVersion::V13)
            .contains("    topResumedActivity=ActivityRecord{"));
    }
}
