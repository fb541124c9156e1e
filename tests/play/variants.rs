//! Play on the virtual phone's variant apps: the X, hyper and jigsaw apps are won zero-config (the
//! layout read from their pixels makes their givens one puzzle under the variant's rules), so are
//! the 6x6, 12x12 and 16x16 apps (the board of their own side, letters above 9), and the killer
//! app by the cages and sums read from its pixels; a replay of a killer or a jigsaw board is the
//! variant solver's search, step for step, to the solved board, and a stopped 6x6 replay resumes
//! where the board on screen shows it.

use crate::rig::game::{rig, Rig};
use autosudoku_core::solve::Strategy;
use autosudoku_core::variant::solve::VariantStep;
use autosudoku_core::variant::{self, Puzzle};
use std::ops::ControlFlow;
use std::time::Duration;

#[test]
fn x_and_hyper_apps_are_won_by_their_own_rules() {
    // The jigsaw app is won by its replay below.
    for skin in ["x", "hyper"] {
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
fn the_killer_app_is_won_by_its_cages() {
    // One given or none: the cages and sums read from the pixels make the puzzle.
    let rig = rig(&["--skin", "killer", "--seed", "4"], "");
    rig.play_wins(&[]);
    assert_eq!(rig.grader.grid(), rig.grader.solution_grid());
}

#[test]
fn killer_and_jigsaw_replays_are_the_variant_search_step_for_step() {
    // The search replayed is the variant solver's, so its steps fill the app's own answer. Seeds
    // with short MRV searches: killer 26 is 81 steps (1 erase), jigsaw 43 is 107 (23 erases);
    // their naive searches run to 84,000 and 25,000 steps, too long for a test. Wrong trials
    // need checking off.
    for (skin, seed, steps) in [("killer", "26", 81), ("jigsaw", "43", 107)] {
        let rig = rig(
            &["--skin", skin, "--seed", seed, "--mistake-limit", "off"],
            "",
        );
        let (log, expected) = replayed(&rig, Strategy::Mrv, "mrv");
        assert_eq!(expected.len(), steps, "{skin}");
        assert!(log.contains(&format!("replay: {steps} steps")), "{log}");
        assert_eq!(rig.grader.grid(), rig.grader.solution_grid(), "{skin}");
        // No profile ships for the apps: play's input-style probe types one answer first, and
        // the trace's own step for that cell then finds it in place and sends nothing.
        let entries = rig.variant_entries();
        let mut trace = expected.clone();
        let probe = trace
            .iter()
            .position(|s| *s == entries[0])
            .expect("the probe's digit is on the trace");
        trace.remove(probe);
        assert_eq!(entries[1..], trace[..], "{skin}: {log}");
    }
}

#[test]
fn a_six_by_six_naive_replay_is_the_search_step_for_step() {
    // Seed 4's naive search is 31 steps, 3 of them erases: each is the cell, then the erase
    // button found beside the board or the DEL key.
    let rig = rig(
        &["--skin", "6x6", "--seed", "4", "--mistake-limit", "off"],
        "",
    );
    let (log, expected) = replayed(&rig, Strategy::Naive, "naive");
    assert_eq!(expected.len(), 31);
    assert!(log.contains("replay: 31 steps"), "{log}");
    // The summary counts the steps and names the 6x6 board and its answer.
    assert!(log.contains("work      31/31 done, 31 moves"), "{log}");
    assert!(
        !log.contains("input     0 ms"),
        "the taps' time is counted: {log}"
    );
    let line = |grid: autosudoku_core::variant::Grid| grid.to_line();
    let puzzle = format!("puzzle    {}", line(rig.grader.given_grid()));
    let solution = format!("solution  {}", line(rig.grader.solution_grid()));
    assert!(log.contains(&puzzle) && log.contains(&solution), "{log}");
    assert_eq!(rig.grader.grid(), rig.grader.solution_grid());
    assert_eq!(rig.variant_entries(), expected, "{log}");
}

#[test]
fn a_stopped_six_by_six_replay_resumes_from_the_board_on_screen() {
    // Seed 12's naive search is 128 steps, sent 16 a batch: Ctrl-C after 20 entries stops it
    // after 32, 48 or 64 steps, with 3 to 7 wrong trials on screen. The board holds no puzzle
    // then; the givens' ink tells the puzzle, whose trace passes through that board. (The board
    // after 32 steps was not found at all while a full column's digits hid its grid lines.)
    let rig = rig(
        &["--skin", "6x6", "--seed", "12", "--mistake-limit", "off"],
        "",
    );
    let args = [
        "--mode",
        "replay",
        "--strategy",
        "naive",
        "--mistake-limit",
        "off",
    ];
    let out = rig.play_interrupted(&args, 20, Duration::from_secs(60));
    assert_eq!(out.status.code(), Some(130), "{}", crate::rig::text(&out));
    let stopped = rig.variant_entries().len();
    let wrong = rig
        .grader
        .grid()
        .positions()
        .filter(|&p| rig.grader.grid().get(p) != rig.grader.solution_grid().get(p))
        .filter(|&p| rig.grader.grid().get(p).is_some())
        .count();
    assert!(wrong > 0, "the stopped board shows no wrong trial");
    let (log, expected) = replayed(&rig, Strategy::Naive, "naive");
    assert_eq!(expected.len(), 128);
    // It resumes at the first step whose board is on screen: where the stop left it, or where
    // the search entered the branch it had come back from.
    let at: usize = log
        .split("resumed the replay after step ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no resume: {log}"));
    assert!(0 < at && at <= stopped, "{at} of {stopped}: {log}");
    assert!(log.contains("work      128/128 done"), "{log}");
    let entries = rig.variant_entries();
    assert_eq!(entries[..stopped], expected[..stopped], "{log}");
    assert_eq!(entries[stopped..], expected[at..], "{log}");
    assert_eq!(rig.grader.grid(), rig.grader.solution_grid());
}

/// Replays the game on `rig` with `strategy` (`name` on the command line, wrong trials left
/// unchecked): play's log, and the variant solver's trace of the puzzle the app shows.
fn replayed(rig: &Rig, strategy: Strategy, name: &str) -> (String, Vec<VariantStep>) {
    let args = [
        "--mode",
        "replay",
        "--strategy",
        name,
        "--mistake-limit",
        "off",
        "--summary",
    ];
    let log = crate::rig::text(&rig.play_wins(&args));
    let puzzle = Puzzle::new(rig.grader.layout(), rig.grader.given_grid());
    let mut expected = Vec::new();
    variant::solve::trace(&puzzle, strategy, None, |s| {
        expected.push(s);
        ControlFlow::Continue(())
    });
    (log, expected)
}
