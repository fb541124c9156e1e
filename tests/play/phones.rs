//! The phones users own, as play meets them: a flip phone on Android 14 (two displays, so
//! `screencap` warns before its image unless told which display) is played on the display the
//! game is on, named by its id from then on.

use crate::rig::game::rig_on;
use autosudoku_phone::android::{AndroidVersion, Vendor};

/// SurfaceFlinger's id of the virtual flip's main display, as `dumpsys display` names it.
const MAIN_DISPLAY: &str = "4619827259835644672";

#[test]
fn a_flip_phone_is_played_on_the_display_the_game_is_on() {
    let rig = rig_on(
        &["--skin", "classic", "--difficulty", "easy", "--seed", "5"],
        "",
        |p| p.vendor(Vendor::Flip).android(AndroidVersion::V14),
    );
    rig.play_wins(&[]);
    let caps = rig.services("exec:screencap");
    let chosen = format!("exec:screencap -d {MAIN_DISPLAY}");
    // The first capture warns of two displays; every later one names the game's.
    assert!(caps.len() >= 2, "{caps:?}");
    assert!(caps[1..].iter().all(|c| c == &chosen), "{caps:?}");
}
