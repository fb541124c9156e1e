//! `dumpsys window [displays|windows]` and `dumpsys activity activities`: which app is in front,
//! in the line formats of Android 11–14 (AOSP WindowManagerService / DisplayContent and
//! ActivityTaskManagerService dumps): `mCurrentFocus=Window{HASH u0 pkg/pkg.Activity}`,
//! `mFocusedApp=ActivityRecord{HASH u0 pkg/.Activity tN}`, `mResumedActivity:` (11) or
//! `topResumedActivity=` (12+), with the lock screen's `KeyguardController: mKeyguardShowing=`;
//! `dumpsys power` is in power.rs. Real dumps run to hundreds of KB; only a
//! sketch of the rest is kept.

use super::displays::{display_dump, input_dump, physical_displays, surface_flinger_ids};
use super::Ctx;
use crate::android::AndroidVersion;
use crate::latency::Cost;
use crate::screen::Display;

/// The task id every activity here lives in.
const TASK: u32 = 17;

pub fn dumpsys(ctx: &mut Ctx, args: &[String]) -> i32 {
    ctx.pay(Cost::NativeProcess);
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let (focus, display) = ctx.device.with_screen(|s| (s.focus(), s.display()));
    let focus = focus.as_deref().and_then(Component::parse);
    let android = ctx.device.android();
    let (w, h) = ctx.device.size();
    let density = ctx.device.density();
    let physical = physical_displays(ctx.device.vendor(), (w, h));
    match words.as_slice() {
        [] => ctx.say("Currently running services:\n  SurfaceFlinger\n  activity\n  display\n  input\n  power\n  window\n"),
        ["SurfaceFlinger", "--display-id"] => ctx.say(&surface_flinger_ids(&physical)),
        ["display"] => ctx.say(&display_dump(&physical, density)),
        ["input"] => ctx.say(&input_dump(&physical, android)),
        ["power"] => ctx.say(&super::power::dump(display, ctx.device.vendor())),
        ["window"] => {
            let text = displays(focus.as_ref(), android, (w, h), density)
                + "\n"
                + &windows(focus.as_ref());
            ctx.say(&text);
        }
        ["window", "displays" | "d"] => {
            ctx.say(&displays(focus.as_ref(), android, (w, h), density))
        }
        ["window", "windows" | "w"] => ctx.say(&windows(focus.as_ref())),
        ["window", other, ..] => ctx.say(&format!(
            "Bad window command, or no windows match: {other}\nUse -h for help.\n"
        )),
        ["activity"] | ["activity", "activities" | "a"] => {
            ctx.say(&(activities(focus.as_ref(), android) + &keyguard(display)))
        }
        ["activity", other, ..] => ctx.say(&format!("Unknown activity dump: {other}\n")),
        [service, ..] => ctx.complain(&format!("Can't find service: {service}\n")),
    }
    0
}

/// A focused activity: its package and class, short (`.GameActivity`) or full.
struct Component {
    package: String,
    class: String,
}

impl Component {
    fn parse(text: &str) -> Option<Component> {
        let (package, class) = text.split_once('/')?;
        Some(Component {
            package: package.to_owned(),
            class: class.to_owned(),
        })
    }

    /// `pkg/.Activity`, as ActivityRecords print it.
    fn short(&self) -> String {
        match self.class.strip_prefix(&self.package) {
            Some(rest) if rest.starts_with('.') => format!("{}/{rest}", self.package),
            _ => format!("{}/{}", self.package, self.class),
        }
    }

    /// `pkg/pkg.Activity`, as window titles print it.
    fn full(&self) -> String {
        match self.class.strip_prefix('.') {
            Some(_) => format!("{}/{}{}", self.package, self.package, self.class),
            None => format!("{}/{}", self.package, self.class),
        }
    }

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

fn displays(
    focus: Option<&Component>,
    android: AndroidVersion,
    (w, h): (u32, u32),
    density: u32,
) -> String {
    let tasks = if android >= AndroidVersion::V12 {
        "rootTasks"
    } else {
        "stacks"
    };
    let (current, app) = match focus {
        Some(c) => (c.window(), c.record()),
        None => ("null".to_owned(), "null".to_owned()),
    };
    format!(
        "WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)\n  \
         Display: mDisplayId=0 {tasks}=3\n    \
         init={w}x{h} {density}dpi cur={w}x{h} app={w}x{h} rng={w}x{w}-{h}x{h}\n    \
         deferred=false mLayoutNeeded=false mTouchExcludeRegion=SkRegion((0,0,{w},{h}))\n\n  \
         mHoldScreenWindow=null\n  mObscuringWindow=null\n\n  \
         mCurrentFocus={current}\n  mFocusedApp={app}\n"
    )
}

fn windows(focus: Option<&Component>) -> String {
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
    text.push_str("\n  mTopFocusedDisplayId=0\n  mInTouchMode=true\n");
    text
}

/// The lock screen's part of the activity dump (KeyguardController.dump, Android 8+).
fn keyguard(display: Display) -> String {
    format!(
        "\n  KeyguardController:\n    mKeyguardShowing={}\n    mAodShowing=false\n    \
         mKeyguardGoingAway=false\n    mOccluded=false\n",
        display.locked
    )
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
    fn names_short_and_full_components_like_android() {
        let c = Component::parse("com.autosudoku.classic/.GameActivity").unwrap();
        assert_eq!(c.short(), "com.autosudoku.classic/.GameActivity");
        assert_eq!(
            c.full(),
            "com.autosudoku.classic/com.autosudoku.classic.GameActivity"
        );
        assert!(c.window().starts_with("Window{"));
        assert!(c
            .record()
            .ends_with(" u0 com.autosudoku.classic/.GameActivity t17}"));
        let text = displays(Some(&c), AndroidVersion::V14, (1080, 2400), 440);
        assert!(text.contains("  mCurrentFocus=Window{"));
        assert!(text.contains(" u0 com.autosudoku.classic/com.autosudoku.classic.GameActivity}\n"));
        assert!(
            displays(None, AndroidVersion::V11, (720, 1280), 320).contains("mCurrentFocus=null")
        );
        assert!(activities(Some(&c), AndroidVersion::V11)
            .contains("    mResumedActivity: ActivityRecord{"));
        assert!(activities(Some(&c), AndroidVersion::V13)
            .contains("    topResumedActivity=ActivityRecord{"));
    }
}
