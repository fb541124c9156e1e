//! A game already over when `play` starts: without `--new-game` play says so and how to start the
//! next one, taps nothing and exits 1; with it, play taps the app's "New game" and plays the new
//! game.

use super::stop_of;
use crate::rig::game::{rig, Rig};
use crate::rig::text;
use autosudoku_core::solve::{self, Step, Strategy};
use autosudoku_phone::app::Event;
use std::ops::ControlFlow;

/// The app's events since its last new game started.
fn since_new_game(rig: &Rig) -> Vec<Event> {
    let events: Vec<Event> = rig.grader.events().into_iter().map(|l| l.event).collect();
    let from = events
        .iter()
        .rposition(|e| matches!(e, Event::NewGame { .. }))
        .map_or(0, |i| i + 1);
    events[from..].to_vec()
}

#[test]
fn play_after_a_win_says_the_game_is_over_a_missing_label_says_so_and_new_game_replays_a_fresh_one()
{
    let rig = rig(
        &["--skin", "classic", "--difficulty", "easy", "--seed", "5"],
        "",
    );
    rig.play_wins(&[]);
    let first = rig.grader.givens();
    let events = rig.grader.events().len();

    // The README's next command on the solved game: it must not claim a win it did not play.
    let out = rig.play_stops(
        &["--mode", "replay", "--strategy", "mrv", "--json"],
        1,
        "already over (the app shows it solved)",
    );
    assert!(text(&out).contains("--new-game"), "{}", text(&out));
    let stop = stop_of(&out);
    assert_eq!(stop["stop"]["kind"], "finished", "{stop}");
    assert_eq!(stop["stop"]["detail"], "solved", "{stop}");
    assert_eq!(stop["solved"], false, "{stop}");
    assert_eq!(rig.grader.events().len(), events, "nothing was tapped");
    let out = rig.play_stops(
        &["--new-game", "Start over"],
        1,
        "no button \"Start over\" on screen",
    );
    assert!(text(&out).contains("fix --new-game"), "{}", text(&out));
    assert_eq!(rig.grader.events().len(), events, "nothing was tapped");

    let out = rig.play_wins(&["--mode", "replay", "--strategy", "mrv", "--new-game"]);
    let givens = rig.grader.givens();
    assert_ne!(givens, first, "a new puzzle was dealt");
    let mut expected = Vec::new();
    solve::trace(&givens, Strategy::Mrv, None, |s| {
        expected.push(s);
        ControlFlow::Continue(())
    });
    let entered: Vec<Step> = since_new_game(&rig)
        .into_iter()
        .filter_map(|e| match e {
            Event::DigitEntered { cell, digit, .. } => Some(Step::Place {
                cell: cell.cell()?,
                digit: digit.digit()?,
            }),
            Event::Erased { cell } => Some(Step::Remove { cell: cell.cell()? }),
            _ => None,
        })
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(entered, expected, "the new game's replay is the MRV trace");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("replay: {} steps", expected.len())),
        "{stderr}"
    );
}

#[test]
fn new_game_plays_the_game_on_screen_when_it_is_not_over() {
    // A game in play, no "New game" on screen: `--new-game` leaves it be and fills it.
    let rig = rig(
        &["--skin", "night", "--difficulty", "easy", "--seed", "7"],
        "",
    );
    let givens = rig.grader.givens();
    rig.play_wins(&["--new-game"]);
    assert_eq!(rig.grader.givens(), givens);
    assert!(!rig
        .grader
        .events()
        .iter()
        .any(|l| matches!(l.event, Event::NewGame { .. })));
}
