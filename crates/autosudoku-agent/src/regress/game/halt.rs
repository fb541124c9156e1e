//! Why a game stops before its last check (`Halt`), and how the checks it kept from running are
//! then recorded (`finish`).

use crate::play::{PlayError, Stop};
use crate::regress::checks::{Check, Failure};
use crate::regress::outcome::{Case, Status};

/// Why a game stopped before its last check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Halt {
    /// The device went away: the runner stops this device.
    Lost(String),
    Interrupted,
    /// This game cannot go on (unreadable board, unknown dialog); the next game may.
    Broken(String),
    /// Play stopped on this game (with the cells, board, app and screenshot it stopped on); the
    /// next game may go on.
    Play(Box<Stop>),
    /// The rest of the game's checks do not apply (the puzzle itself is invalid).
    Skip(String),
    /// The game is one autosudoku cannot read (another size, a variant whose rules the pixels do
    /// not give): nothing was typed, no check judged it, and the device's next games would be alike.
    Refused(String),
}

impl From<PlayError> for Halt {
    fn from(e: PlayError) -> Halt {
        match e {
            // Not the error's own message: it tells a `play` user what to run again.
            PlayError::DeviceLost(why) => Halt::Lost(format!("the phone went away: {why}")),
            PlayError::Interrupted => Halt::Interrupted,
            other => Halt::Play(Box::new(other.stop())),
        }
    }
}

/// The message of a check an interruption kept from running.
pub const NOT_RUN: &str = "not run: interrupted (Ctrl-C)";

/// Completes a game's cases: every check a halt prevented is recorded as an error (or skipped).
pub fn finish(cases: &mut Vec<Case>, device: &str, number: u32, halt: Option<&Halt>) {
    let (status, message) = match halt {
        Some(Halt::Refused(why)) => {
            // One error for the game, not one per check: no check ran.
            cases.retain(|c| c.game != number);
            cases.push(Case::new(device, number, None, Status::Error).with_message(why.clone()));
            return;
        }
        None => (Status::Skipped, "not reached".to_owned()),
        Some(Halt::Skip(why)) => (Status::Skipped, why.clone()),
        Some(Halt::Lost(why)) => (Status::Error, format!("device lost: {why}")),
        Some(Halt::Interrupted) => (Status::NotRun, NOT_RUN.to_owned()),
        Some(Halt::Broken(why)) => (Status::Error, why.clone()),
        Some(Halt::Play(stop)) => (Status::Error, stop.message.clone()),
    };
    let failure = Failure {
        message,
        cells: match halt {
            Some(Halt::Play(stop)) => stop.cells.clone(),
            _ => Vec::new(),
        },
        board: match halt {
            Some(Halt::Play(stop)) => stop.board.clone(),
            _ => None,
        },
    };
    for check in Check::ALL {
        if !cases
            .iter()
            .any(|c| c.game == number && c.check == Some(check))
        {
            cases.push(Case::new(device, number, Some(check), status).failing(failure.clone()));
        }
    }
    cases.sort_by_key(|c| (c.game, c.check));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_phones_message_does_not_tell_to_run_play_again() {
        let lost = Halt::from(PlayError::DeviceLost("connection reset".into()));
        match lost {
            Halt::Lost(why) => {
                assert!(why.contains("connection reset"), "{why}");
                assert!(!why.contains("autosudoku play"), "{why}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_game_autosudoku_cannot_read_is_one_error_and_no_check() {
        let mut cases = Vec::new();
        finish(
            &mut cases,
            "d",
            1,
            Some(&Halt::Refused("the board is 6x6".into())),
        );
        assert_eq!(cases.len(), 1);
        assert_eq!((cases[0].check, cases[0].status), (None, Status::Error));
        assert_eq!(cases[0].message.as_deref(), Some("the board is 6x6"));
    }

    #[test]
    fn checks_an_interruption_kept_from_running_are_not_run() {
        let mut cases = Vec::new();
        finish(&mut cases, "d", 1, Some(&Halt::Interrupted));
        assert_eq!(cases.len(), Check::ALL.len());
        assert!(cases.iter().all(|c| c.status == Status::NotRun));
    }
}
