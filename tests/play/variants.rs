//! Play on the virtual phone's variant apps: the X, hyper and jigsaw apps are won zero-config (the
//! layout read from their pixels makes their givens one puzzle under the variant's rules), and
//! the apps whose layout is not read yet (killer cages, a 6x6 board) are refused with nothing
//! typed, never played by the classic rules; so is a replay of a variant board (the replayed
//! search is still the classic one).

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
fn killer_and_six_by_six_apps_are_refused_with_nothing_typed() {
    // A killer board reads as a classic one with one given or two: several solutions (exit 4);
    // no 9x9 grid is found on a 6x6 board, so the game is not on screen for play (exit 1).
    for (skin, exit) in [("killer", 4), ("6x6", 1)] {
        let rig = rig(&["--skin", skin, "--seed", "4"], "");
        let out = rig.play(&[]);
        let log = crate::rig::text(&out);
        assert_eq!(out.status.code(), Some(exit), "{skin}: {log}");
        assert_eq!(
            rig.grader.grid(),
            rig.grader.given_grid(),
            "{skin}: a digit was typed"
        );
    }
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
