//! What every device's worker is told: the budget (games or minutes), which checks to run, how a
//! new game is started, where evidence and templates live, and what the app's profile says.

use crate::device::lock::Claimant;
use crate::play::moves::InputStyle;
use crate::play::new_game::Step;
use crate::vision::TemplateSources;
use std::path::PathBuf;
use std::time::Duration;

/// How much to play on each device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    Games(u32),
    /// Start new games until this much time has passed.
    Time(Duration),
}

/// What every worker is told.
#[derive(Debug, Clone)]
pub struct Options {
    pub budget: Budget,
    /// Type a deliberately wrong digit and check the mistakes counter.
    pub check_mistakes: bool,
    /// How long the app may take to show (or must not show) its solved dialog.
    pub settle: Duration,
    /// How a new game is started.
    pub new_game: Vec<Step>,
    /// Where failures' evidence goes.
    pub artifacts: PathBuf,
    /// Where digit templates come from and learned glyphs go.
    pub templates: TemplateSources,
    /// Input styles from the app's profile (`None`: read off the screen).
    pub styles: Option<Vec<InputStyle>>,
    /// Mistakes that end a game, from the app's profile.
    pub mistake_limit: Option<u32>,
    /// Where the one-agent-per-device locks are taken, and who this run is.
    pub claimant: Claimant,
}
