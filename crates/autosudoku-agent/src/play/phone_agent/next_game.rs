//! Starting the app's next game from the agent (`play --new-game`): the steps are tapped with the
//! agent's own word reader, and what the agent knew of the old game (its givens) is forgotten, so
//! the new game's first read is judged on its own.

use super::{device, PhoneAgent};
use crate::play::new_game::{self, NewGameError, Step};
use crate::play::PlayError;

impl PhoneAgent<'_> {
    /// Whether the first step's label is on screen now (a menu, an end-of-game dialog, a button
    /// of the app's own bar): `regress`'s rule for starting a game instead of playing the one shown.
    pub fn new_game_offered(&mut self, steps: &[Step]) -> Result<bool, PlayError> {
        new_game::offered(self.phone, &mut self.dialogs, steps).map_err(device)
    }

    /// Taps the steps in order and forgets the old game.
    pub fn new_game(&mut self, steps: &[Step]) -> Result<(), PlayError> {
        new_game::start(self.phone, &mut self.dialogs, steps).map_err(|e| match e {
            NewGameError::Device(d) => device(d),
            other => PlayError::NewGame(other),
        })?;
        self.known_givens = None;
        self.givens_known = false;
        self.last = None;
        Ok(())
    }
}
