//! Deliberate bugs the app can be started with (`autosudoku phone --bug NAME`, repeatable), so that
//! `autosudoku regress` can be shown to catch them, and the agent to refuse what it cannot read:
//! declaring the game solved one digit early, letting a given cell be overwritten, ignoring every
//! 20th tap on the game, drawing one given digit half wiped out, and marking a wrong digit without
//! counting it as a mistake.

use autosudoku_core::variant::Grid;

/// One deliberate bug.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Bug {
    /// Declares the game solved when one cell is still empty.
    SolvedEarly,
    /// Lets a digit typed on a given cell replace it.
    GivenOverwrite,
    /// Ignores every 20th tap on the game (dialogs still take every tap).
    DropTaps,
    /// Draws the first given digit with its right half wiped out, as a redraw glitch would.
    SmudgedGiven,
    /// Marks a wrong digit as wrong but leaves the mistakes counter where it was.
    MistakesUncounted,
}

/// Which bugs are on; part of the game's rules, so every new game keeps them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Bugs {
    pub solved_early: bool,
    pub given_overwrite: bool,
    pub drop_taps: bool,
    pub smudged_given: bool,
    pub mistakes_uncounted: bool,
}

/// The tap that `DropTaps` ignores, counting from the first tap of a game.
const DROP_EVERY: u32 = 20;

impl Bugs {
    pub const NONE: Bugs = Bugs {
        solved_early: false,
        given_overwrite: false,
        drop_taps: false,
        smudged_given: false,
        mistakes_uncounted: false,
    };

    pub fn of(list: &[Bug]) -> Bugs {
        Bugs {
            solved_early: list.contains(&Bug::SolvedEarly),
            given_overwrite: list.contains(&Bug::GivenOverwrite),
            drop_taps: list.contains(&Bug::DropTaps),
            smudged_given: list.contains(&Bug::SmudgedGiven),
            mistakes_uncounted: list.contains(&Bug::MistakesUncounted),
        }
    }

    /// Whether the board counts as complete for the "solved" check.
    pub fn complete(self, board: &Grid) -> bool {
        let cells = board.side() * board.side();
        let needed = if self.solved_early { cells - 1 } else { cells };
        board.filled_count() >= needed
    }

    /// Whether `DropTaps` makes the app ignore the game's tap number `taps` (counting from 1).
    pub fn drops_tap(self, taps: u32) -> bool {
        self.drop_taps && taps.is_multiple_of(DROP_EVERY)
    }

    /// Whether a wrong digit raises the mistakes counter (and so can end the game).
    pub fn counts_mistakes(self) -> bool {
        !self.mistakes_uncounted
    }

    /// Whether a given cell refuses digits.
    pub fn given_locked(self) -> bool {
        !self.given_overwrite
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_bug_changes_only_its_rule() {
        let line =
            "53467891267219534819834256785976142342685379171392485696153728428741963534528617.";
        let values = line.bytes().map(|b| b.saturating_sub(b'0')).collect();
        let board = Grid::from_values(9, values).unwrap();
        assert!(!Bugs::NONE.complete(&board));
        assert!(Bugs::of(&[Bug::SolvedEarly]).complete(&board));
        assert!(Bugs::NONE.given_locked());
        assert!(!Bugs::of(&[Bug::GivenOverwrite]).given_locked());
        let b = Bugs::of(&[Bug::DropTaps]);
        assert!(b.drop_taps && !b.solved_early && !b.given_overwrite);
        assert!(Bugs::NONE.counts_mistakes());
        assert!(!Bugs::of(&[Bug::MistakesUncounted]).counts_mistakes());
    }
}
