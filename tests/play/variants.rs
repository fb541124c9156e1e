//! Play on the virtual phone's variant apps: the X, hyper and jigsaw apps are won zero-config (the
//! layout read from their pixels makes their givens one puzzle under the variant's rules), so are
//! the 6x6, 12x12 and 16x16 apps (the board of their own side, letters above 9); the killer app,
//! whose cages are not read yet, is refused with nothing typed, never played by the classic rules;
//! so is a replay of a variant board (the replayed search is still the classic one).

use crate::rig::game::rig;

#[test]
fn x_hyper_and_jigsaw_apps_are_won_by_their_own_rules() {
    for skin in ["x", "hyper", "jigsaw"] {
        let rig = rig(&["--skin", skin, "--seed", "4"], "");
        rig.play_wins(&[]);
        assert_eq!(rig.grader.board(), rig.grader.solution(), "{skin}");
    }
}

#[test]
fn boards_of_six_twelve_and_sixteen_are_won_with_their_digits_and_letters() {
    // No 9x9 grid on a 6x6 board, and only part of one on the bigger boards: the board of its
    // own side is read (letters A-G above 9), solved by its boxes and typed on its keypad.
    for skin in ["6x6", "12x12", "16x16"] {
        let rig = rig(&["--skin", skin, "--seed", "4"], "");
        rig.play_wins(&[]);
        assert_eq!(rig.grader.grid(), rig.grader.solution_grid(), "{skin}");
    }
}

#[test]
fn the_killer_app_is_refused_with_nothing_typed() {
    // A killer board reads as a classic one with one given or two: several solutions (exit 4).
    let rig = rig(&["--skin", "killer", "--seed", "4"], "");
    let out = rig.play(&[]);
    let log = crate::rig::text(&out);
    assert_eq!(out.status.code(), Some(4), "{log}");
    assert_eq!(
        rig.grader.grid(),
        rig.grader.given_grid(),
        "a digit was typed"
    );
}

#[test]
fn a_replay_of_a_variant_board_is_refused_before_any_tap() {
    let rig = rig(&["--skin", "jigsaw", "--seed", "4"], "");
    let out = rig.play(&["--mode", "replay", "--strategy", "mrv"]);
    let log = crate::rig::text(&out);
    assert_eq!(out.status.code(), Some(1), "{log}");
    assert!(
        log.contains("jigsaw puzzle") && log.contains("without --mode replay"),
        "{log}"
    );
    assert_eq!(
        rig.grader.grid(),
        rig.grader.given_grid(),
        "a digit was typed"
    );
}
