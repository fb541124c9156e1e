//! What is on screen decides what play does: pop-ups closed, the home screen or the launcher in
//! front stops play naming it, a wrong entry of the user is reported then fixed, an uncertain read
//! taps nothing.

use super::stop_of;
use crate::rig::game::{rig, rig_on, Rig};
use crate::rig::text;
use autosudoku_core::solve::Step;
use autosudoku_phone::android::{AndroidVersion, Vendor};
use autosudoku_phone::app::{Dialog, DialogButton, Event};
use autosudoku_phone::component::Component;
use autosudoku_phone::launcher::app_icon;

/// The medium game on classic these tests disturb (r1c1 holds a given 1).
const CLASSIC_MEDIUM: [&str; 6] = ["--skin", "classic", "--difficulty", "medium", "--seed", "3"];

/// A game on classic with `popup` coming up partway: play closes it and wins.
fn pop_up_is_dismissed(popup: &str) {
    let rig = rig(&[&CLASSIC_MEDIUM[..], &["--popup", popup]].concat(), "");
    let out = rig.play(&[]);
    assert!(out.status.success(), "{popup}: {}", text(&out));
    assert!(rig.solved(), "{popup}");
    let dismissed = rig
        .grader
        .events()
        .iter()
        .any(|l| matches!(l.event, Event::DialogDismissed { .. }));
    assert!(
        dismissed,
        "{popup}: the pop-up never came up or was never closed"
    );
}

cases!(pop_up_is_dismissed {
    a_rate_us_pop_up_is_dismissed: ("rate-us");
    an_ad_is_closed_by_its_small_x: ("ad");
    a_continue_dialog_is_answered: ("continue");
});

/// A flip opened from its cover screen: `dumpsys window` names the cover display's launcher as its
/// focus, first, and the main display's game as its focused app. Play takes the main display's:
/// the game's profile is used (not "the home screen is in front"), and the game is won.
#[test]
fn on_a_flip_the_cover_screens_launcher_is_not_the_app_in_front() {
    let rig = rig_on(&CLASSIC_MEDIUM, "", |p| p.vendor(Vendor::Flip));
    let out = rig.play(&["--json"]);
    let summary = stop_of(&out);
    assert!(rig.solved(), "{}", text(&out));
    assert!(summary["profile"]["name"].is_string(), "{summary}");
}

/// The user presses Home: the launcher comes to the front and the game waits behind it.
fn press_home(rig: &Rig) {
    let serial = rig.phone.serial();
    rig.server
        .ok(&["-s", &serial, "shell", "input", "keyevent", "KEYCODE_HOME"]);
}

/// The user taps the Sudoku icon on the home screen: the game comes back as it was.
fn reopen_app(rig: &Rig) {
    let (size, density) = rig.phone.with_screen(|s| (s.size(), s.density()));
    let (x, y) = app_icon(size, density).center().to_pixels();
    let serial = rig.phone.serial();
    let (x, y) = (x.to_string(), y.to_string());
    rig.server
        .ok(&["-s", &serial, "shell", "input", "tap", &x, &y]);
}

#[test]
fn the_home_screen_stops_play_before_any_tap() {
    let rig = rig(
        &["--skin", "classic", "--difficulty", "easy", "--seed", "2"],
        "",
    );
    press_home(&rig);
    rig.play_stops(&[], 1, "not on screen");
    assert!(
        rig.kept("play").len() == 1,
        "the screen play stopped on is saved"
    );
    assert!(rig.entries().is_empty(), "{:?}", rig.entries());
    reopen_app(&rig);
    rig.play_wins(&[]);
}

/// The phone starts as `faults` say: play taps nothing and names what hides the game, as `read -s`
/// and `doctor -s` do; the
/// device commands of `fix` (none for a window the app protects) show it again, and play wins.
fn a_hidden_game_stops_play_saying_why(faults: &str, says: &str, fix: &[&str]) {
    hidden_on(Vendor::Emulator, AndroidVersion::V14, faults, says, fix);
}

/// `a_hidden_game_stops_play_saying_why` on a phone of `vendor` and `android`.
fn hidden_on(vendor: Vendor, android: AndroidVersion, faults: &str, says: &str, fix: &[&str]) {
    let rig = rig_on(&CLASSIC_MEDIUM, faults, |p| {
        p.vendor(vendor).android(android)
    });
    let out = rig.play_stops(&["--json"], 1, says);
    let summary = stop_of(&out);
    assert_eq!(summary["stop"]["kind"], "elsewhere", "{summary}");
    assert!(rig.entries().is_empty(), "{:?}", rig.entries());
    let serial = rig.phone.serial();
    let read = rig
        .command()
        .args(["read", "-s", &serial])
        .output()
        .unwrap();
    assert_eq!(read.status.code(), Some(4), "{}", text(&read));
    assert!(text(&read).contains(says), "read -s: {}", text(&read));
    let doctor = rig
        .command()
        .args(["doctor", "-s", &serial])
        .output()
        .unwrap();
    assert_eq!(doctor.status.code(), Some(1), "{}", text(&doctor));
    assert!(text(&doctor).contains(says), "doctor: {}", text(&doctor));
    if fix.is_empty() {
        return;
    }
    for key in fix {
        rig.server
            .ok(&["-s", &serial, "shell", "input", "keyevent", key]);
    }
    rig.play_wins(&[]);
}

cases!(a_hidden_game_stops_play_saying_why {
    a_phone_with_the_screen_off_is_told_to_wake_and_unlock: ("screen=off", "the phone's screen is off", &["KEYCODE_WAKEUP", "KEYCODE_MENU"]);
    a_locked_phone_is_told_to_unlock: ("screen=locked", "the phone is locked", &["KEYCODE_MENU"]);
    a_screen_the_app_protects_from_capture_is_named: ("flag-secure=1", "protects its screen from capture", &[]);
});

// A Samsung on Android 13 says its screen is off in its own `dumpsys power` lines (One UI's
// Android 14 framework prints AOSP's); its protected window is black between a status bar and a
// gesture pill that stay in the capture.
cases!(hidden_on {
    a_samsung_with_the_screen_off_is_told_to_wake_and_unlock: (Vendor::Samsung, AndroidVersion::V13, "screen=off", "the phone's screen is off", &["KEYCODE_WAKEUP", "KEYCODE_MENU"]);
    a_samsung_app_protected_under_its_bars_is_named: (Vendor::Samsung, AndroidVersion::V14, "flag-secure=1", "protects its screen from capture", &[]);
    // Android 7 has no KeyguardController: only its window policy says the lock screen shows.
    an_android_7_phone_that_is_locked_is_told_to_unlock: (Vendor::Pixel, AndroidVersion::V7, "screen=locked", "the phone is locked", &["KEYCODE_MENU"]);
});

/// The phone takes no injected tap at all (as a Xiaomi without "USB debugging (Security
/// settings)"): with the app's style known (`profile`) or probed, play stops saying the phone
/// refuses input, not that the app dropped some taps.
fn refused_input_is_named(profile: &str) {
    let rig = rig(&CLASSIC_MEDIUM, "drop-taps=1");
    let out = rig.play_stops(&["--json", "--profile", profile], 1, "no input landed");
    let summary = stop_of(&out);
    assert_eq!(summary["stop"]["kind"], "input-refused", "{summary}");
    assert!(text(&out).contains("USB debugging (Security settings)"));
    assert!(rig.entries().is_empty(), "{:?}", rig.entries());
}

cases!(refused_input_is_named {
    taps_the_phone_refuses_are_named_with_the_setting_to_change: ("classic");
    taps_refused_while_the_input_style_is_probed_are_named: ("none");
});

/// An adb program of another version than the server running (an SDK's platform-tools beside the
/// distribution's adb) is named when play starts, with what to do, and the game is still played.
#[test]
fn two_adb_versions_fighting_over_the_server_are_named_when_play_starts() {
    use std::os::unix::fs::PermissionsExt;
    let rig = rig(&CLASSIC_MEDIUM, "");
    let adb = rig.home.path().join("other-adb");
    std::fs::write(
        &adb,
        "#!/bin/sh\necho 'Android Debug Bridge version 1.0.39'\n",
    )
    .unwrap();
    std::fs::set_permissions(&adb, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut cmd = rig.command();
    cmd.env("ADB", &adb)
        .args(["play", "-s", &rig.phone.serial(), "--input", "shell"]);
    let out = crate::rig::run_with_timeout(&mut cmd, std::time::Duration::from_secs(180));
    let log = text(&out);
    assert!(out.status.success(), "{log}");
    assert!(
        log.contains("version 1.0.39") && log.contains("two adb installations"),
        "{log}"
    );
    assert!(log.contains("which -a adb"), "{log}");
    assert!(rig.solved());
}

/// Nothing play sent landed anywhere on the app: no cell, key, dialog button or ad was tapped.
fn nothing_tapped(rig: &Rig) {
    let events = rig.grader.events();
    let tapped: Vec<_> = events
        .iter()
        .filter(|l| !matches!(l.event, Event::DialogShown { .. }))
        .collect();
    assert!(tapped.is_empty(), "{tapped:?}");
}

/// The app opens on a page that shows boards but no game in play (`flag`): each board reads as
/// certain, and play would tap the page. Play stops saying `says` and taps nothing; once the user
/// taps `button` of `page`, play wins the game it opens.
fn a_page_that_is_no_game_stops_play_before_any_tap(
    flag: &str,
    says: &str,
    page: Dialog,
    button: DialogButton,
) {
    let rig = rig(&[&CLASSIC_MEDIUM[..], &[flag]].concat(), "");
    let out = rig.play_stops(&["--json"], 1, says);
    assert_eq!(stop_of(&out)["stop"]["kind"], "elsewhere");
    nothing_tapped(&rig);
    user_tap(&rig, rig.layout.dialog_button(page, button).unwrap());
    rig.play_wins(&[]);
}

cases!(a_page_that_is_no_game_stops_play_before_any_tap {
    a_menu_showing_the_game_as_a_thumbnail_stops_play_before_any_tap: ("--menu-first", "a menu, not a game in play", Dialog::Menu, DialogButton::Continue);
    a_level_picker_of_several_boards_stops_play_before_any_tap: ("--levels-first", "one of several boards on screen", Dialog::Levels, DialogButton::Puzzle(1));
});

#[test]
fn an_ad_banner_over_the_grid_stops_play_naming_the_hidden_cells_before_any_tap() {
    // The app's banner ad lies over the grid's two bottom rows and has no close button: the
    // cells under it cannot be read, and a tap on it would open the advertiser's page.
    let rig = rig(&[&CLASSIC_MEDIUM[..], &["--banner-over-grid"]].concat(), "");
    let out = rig.play_stops(&["--json"], 1, "covered");
    let stop = &stop_of(&out)["stop"];
    assert_eq!(stop["kind"], "dialog", "{stop}");
    let cells = stop["cells"].as_array().expect("the hidden cells named");
    assert!(
        cells.contains(&"r9c1".into()) && cells.contains(&"r8c9".into()),
        "{stop}"
    );
    nothing_tapped(&rig);
}

/// The game won, play run again (the README's next command) does not claim a win it did not
/// play: it says the game is over and how to start the next, taps nothing, and exits 1.
#[test]
fn a_finished_game_is_read_as_solved_and_play_again_taps_nothing() {
    let rig = rig(&CLASSIC_MEDIUM, "");
    rig.play_wins(&[]);
    let before = rig.grader.events().len();
    let out = rig.play_stops(&["--json"], 1, "already over");
    let stop = stop_of(&out);
    assert_eq!(stop["solved"], false, "{stop}");
    assert_eq!(stop["stop"]["kind"], "finished", "{stop}");
    assert!(text(&out).contains("--new-game"), "{}", text(&out));
    assert_eq!(
        rig.grader.events().len(),
        before,
        "a tap landed on the finished game"
    );
}

/// `read -s ... --json` on this rig's phone: its exit code, its text, and the screenshot it saved
/// (its `artifact`, a file in the user's screenshots folder).
fn read_saving(rig: &Rig) -> (Option<i32>, String, std::path::PathBuf) {
    let (out, json) = rig.json_of("read");
    let artifact = json["error"]["artifact"]
        .as_str()
        .map(std::path::PathBuf::from);
    let artifact = artifact.unwrap_or_else(|| panic!("no artifact: {json}"));
    assert!(artifact.is_file(), "{json}");
    assert_eq!(rig.kept("read"), vec![artifact.clone()], "{json}");
    std::fs::remove_file(&artifact).unwrap();
    (out.status.code(), text(&out), artifact)
}

/// `read -s` on a screen without a game in play says what it sees there (never a guess such as
/// "not a menu or a full-screen ad"): the app's solved card over the grid, the home screen with
/// no grid; and saves the screenshot, as its help promises for exit 4.
#[test]
fn read_on_a_screen_without_a_game_says_what_is_there_and_saves_it() {
    let rig = rig(&CLASSIC_MEDIUM, "");
    rig.play_wins(&[]);
    let (code, said, _) = read_saving(&rig);
    assert_eq!(code, Some(4), "{said}");
    assert!(
        said.contains("the app shows its finished game (it says solved)")
            && said.contains("--new-game")
            && !said.contains("full-screen ad"),
        "{said}"
    );
    press_home(&rig);
    let (code, said, _) = read_saving(&rig);
    assert_eq!(code, Some(4), "{said}");
    assert!(
        said.contains(
            "no Sudoku grid on screen: the home screen is in front, com.android.launcher3/"
        ) && !said.contains("full-screen ad"),
        "{said}"
    );
}

#[test]
fn leaving_the_app_mid_game_stops_play_and_play_again_finishes() {
    let rig = rig(
        &["--skin", "classic", "--difficulty", "medium", "--seed", "5"],
        "home-after=30",
    );
    rig.play_stops(&[], 1, "not on screen");
    assert!(!rig.solved());
    assert_eq!(rig.grader.mistakes(), 0);
    reopen_app(&rig);
    rig.play_wins(&[]);
    assert_eq!(rig.grader.mistakes(), 0);
}

/// On the home screen the phone says a launcher is in front: play stops, naming it.
#[test]
fn the_launcher_in_front_is_the_app_left() {
    let rig = rig(
        &["--skin", "night", "--difficulty", "easy", "--seed", "2"],
        "",
    );
    press_home(&rig);
    play_stops_at_home(&rig, "com.android.launcher3");
}

/// Play stops before any tap, naming `package`'s home screen as what is in front.
fn play_stops_at_home(rig: &Rig, package: &str) {
    let out = rig.play(&["--summary", "--json"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let stop = &stop_of(&out)["stop"];
    assert_eq!(stop["kind"], "elsewhere", "{stop}");
    assert_eq!(stop["detail"]["kind"], "launcher", "{stop}");
    assert_eq!(stop["app"]["package"], package, "{stop}");
    let says = format!("the home screen is in front, {package}/");
    assert!(text(&out).contains(&says), "{}", text(&out));
    assert!(rig.entries().is_empty(), "{:?}", rig.entries());
}

/// An app whose activity is named like a launcher's (as a camera's `CameraLauncher` is) is not
/// the home screen: the phone names its home app (`cmd package resolve-activity`), so a black
/// capture with the app in front is the app's protected window, in play and `read -s`, not "the
/// home screen is in front".
#[test]
fn an_app_named_like_a_launcher_is_not_the_home_screen() {
    let args = [&CLASSIC_MEDIUM[..], &["--activity", ".SudokuLauncher"]].concat();
    let rig = rig(&args, "flag-secure=1");
    let facts = rig.doctor_facts();
    assert_eq!(facts["home"]["package"], "com.android.launcher3", "{facts}");
    assert_eq!(
        facts["foreground"]["activity"], "com.autosudoku.classic.SudokuLauncher",
        "{facts}"
    );
    let out = rig.play_stops(&["--json"], 1, "protects its screen from capture");
    let stop = &stop_of(&out)["stop"];
    assert_eq!(stop["detail"]["kind"], "protected", "{stop}");
    assert!(
        !text(&out).contains("the home screen is in front"),
        "{}",
        text(&out)
    );
    assert!(rig.entries().is_empty(), "{:?}", rig.entries());
    let read = rig
        .command()
        .args(["read", "-s", &rig.phone.serial()])
        .output()
        .unwrap();
    assert_eq!(read.status.code(), Some(4), "{}", text(&read));
    let said = text(&read);
    assert!(
        said.contains("protects its screen from capture")
            && !said.contains("the home screen is in front"),
        "read -s: {said}"
    );
}

/// A home app no list of launchers knows (Smart Launcher: neither its package nor its activity
/// says "launcher" or "home") is the home screen, because the phone names it: play stops saying
/// so, not that another app is in front.
#[test]
fn an_unusual_home_app_is_the_home_screen() {
    let smart: Component = "ginlemon.flowerfree/ginlemon.flower.HomeScreen"
        .parse()
        .unwrap();
    let rig = rig_on(&CLASSIC_MEDIUM, "", |p| p.home(smart));
    press_home(&rig);
    let facts = rig.doctor_facts();
    assert_eq!(facts["home"]["package"], "ginlemon.flowerfree", "{facts}");
    assert_eq!(
        facts["foreground"]["package"], "ginlemon.flowerfree",
        "{facts}"
    );
    play_stops_at_home(&rig, "ginlemon.flowerfree");
}

/// A phone whose shell has no `cmd` names no home app: launchers are known by name again, and
/// AOSP's Launcher3 in front still stops play as the home screen.
#[test]
fn without_cmd_the_home_screen_is_known_by_its_name() {
    let rig = rig(&CLASSIC_MEDIUM, "missing=cmd");
    press_home(&rig);
    let facts = rig.doctor_facts();
    assert!(facts["home"].is_null(), "{facts}");
    play_stops_at_home(&rig, "com.android.launcher3");
}

/// Taps `at` as the user would, through `adb shell input tap`.
fn user_tap(rig: &Rig, at: autosudoku_phone::app::Point) {
    let (x, y) = at.to_pixels();
    let (x, y) = (x.to_string(), y.to_string());
    rig.server
        .ok(&["-s", &rig.phone.serial(), "shell", "input", "tap", &x, &y]);
}

#[test]
fn a_half_played_game_with_a_wrong_entry_is_reported_then_fixed() {
    // Night checks no mistakes, so the user's wrong digit stays on the board like a right one.
    let rig = rig(
        &["--skin", "night", "--difficulty", "medium", "--seed", "8"],
        "",
    );
    let solution = rig.grader.solution();
    let blanks: Vec<_> = rig.grader.board().blanks().take(6).collect();
    let digit = |cell| solution.get(cell).expect("a solved cell");
    for &cell in &blanks[..5] {
        user_tap(&rig, rig.layout.cell_center(cell));
        user_tap(&rig, rig.layout.key_center(digit(cell)).expect("a key"));
    }
    let wrong_cell = blanks[5];
    let wrong = autosudoku_core::sudoku::Digit::all()
        .find(|&d| d != digit(wrong_cell))
        .expect("another digit");
    user_tap(&rig, rig.layout.cell_center(wrong_cell));
    user_tap(&rig, rig.layout.key_center(wrong).expect("a key"));
    let by_user = rig.entries().len();
    assert_eq!(by_user, 6, "the user's taps landed");

    let out = rig.play(&[]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains(&wrong_cell.to_string()),
        "{}",
        text(&out)
    );
    assert!(text(&out).contains("--fix"), "{}", text(&out));
    assert_eq!(
        rig.entries().len(),
        by_user,
        "nothing typed on a refused board"
    );

    rig.play_wins(&["--fix"]);
    // The user's right entries stand; only the wrong cell was erased and retyped.
    let after: Vec<Step> = rig.entries().split_off(by_user);
    for step in &after {
        let cell = match step {
            Step::Place { cell, .. } | Step::Remove { cell } => *cell,
        };
        assert!(
            !blanks[..5].contains(&cell),
            "{cell} was typed again: {after:?}"
        );
    }
    assert!(after.contains(&Step::Place {
        cell: wrong_cell,
        digit: digit(wrong_cell)
    }));
}

#[test]
fn an_uncertain_read_refuses_to_tap() {
    // A redraw glitch wipes the right half of the first given digit (a 1 at r1c1 in this puzzle):
    // the agent cannot be sure what it is, says where, keeps the annotated screenshot and taps
    // nothing.
    let rig = rig(
        &[&CLASSIC_MEDIUM[..], &["--bug", "smudged-given"]].concat(),
        "",
    );
    let out = rig.play(&["--json"]);
    assert_eq!(out.status.code(), Some(4), "{}", text(&out));
    let json = stop_of(&out);
    assert_eq!(json["solved"], false);
    let stop = &json["stop"];
    assert_eq!(stop["kind"], "uncertain", "{stop}");
    assert_eq!(stop["cells"], serde_json::json!(["r1c1"]), "{stop}");
    assert_eq!(stop["exit"], 4, "{stop}");
    let kept = rig.kept("play");
    assert_eq!(kept.len(), 1);
    assert_eq!(stop["artifact"], kept[0].to_str().unwrap(), "{stop}");
    let error = &json["error"];
    assert_eq!(error["kind"], "unreadable", "{error}");
    assert_eq!(error["artifact"], stop["artifact"], "{error}");
    assert!(rig.entries().is_empty(), "{:?}", rig.entries());
}
