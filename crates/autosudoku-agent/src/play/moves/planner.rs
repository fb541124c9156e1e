//! The planner: turns cell changes into actions in one input style, remembering the app's modal
//! state it has set (selected cell, armed digit, notes mode) so that it does not repeat a tap the
//! app would treat as a no-op or, worse, as a toggle. After anything unexpected on the phone the
//! driver calls [`Planner::forget`] and the next move re-establishes that state from scratch.
//!
//! A lost tap on that state is what types wrong digits: the old digit stays armed, or the old cell
//! stays selected. So a planner that confirms puts a [`Check`] into the move that changes the
//! state: the driver sends the move's set-up, looks, and sends the rest only once the screen shows
//! the state the rest relies on.

use super::vocabulary::{
    Action, AppKey, Button, Capabilities, Check, Expect, InputStyle, Move, MoveError, Outcome,
};
use autosudoku_core::sudoku::{Board, Cell, Digit};

/// Turns cell changes into actions for one input style, remembering the app's modal state.
#[derive(Debug, Clone)]
pub struct Planner {
    pub(super) style: InputStyle,
    pub(super) caps: Capabilities,
    pub(super) selected: Option<Cell>,
    /// The keypad digit armed in digit-first mode (tapping it again disarms it).
    armed: Option<Digit>,
    notes_on: bool,
    /// The values on the board as the planned moves leave it: a digit on the board nine times
    /// has a used-up key, which apps grey out and ignore taps on (so it cannot be disarmed).
    board: Board,
    /// Given cells to park the selection on before a cell-first move changes digit (see `place`),
    /// taken in turn: a park seen on screen is then never on the cell the last park was seen on,
    /// so a frame that shows it cannot be one from before (see `play::fresh`).
    guards: Vec<Cell>,
    /// The digit the last cell-first move typed, while the selection is still on its cell.
    last_digit: Option<Digit>,
    /// Which modal states to confirm from the screen before relying on them (`confirming`).
    pub(super) confirm: Confirm,
    /// The glance taken over from `confirm.glance` for the run being planned: after how many of
    /// its moves, and how many it has so far.
    glance: Option<(u8, u8)>,
}

/// The modal states a planner asks the driver to see on screen: those the app is known, or not
/// yet known not, to draw.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Confirm {
    pub selection: bool,
    pub armed: bool,
    /// While the app has not been seen drawing a selection, and so shows none selected: the first
    /// selection check of a plan becomes a glance after this many moves of its run. The run needs
    /// no look before it (a select tap lost there leaves nothing selected, so its key types
    /// nothing), and a drawing app shows the last of its taps that landed, so one glance that
    /// shows nothing is as sure a sign of an app that draws none as several looks, at no wait.
    pub glance: u8,
}

impl Planner {
    /// `selected` is the cell the screen shows selected, if the vision saw one.
    pub fn new(
        style: InputStyle,
        caps: &Capabilities,
        selected: Option<Cell>,
    ) -> Result<Planner, MoveError> {
        if !caps.styles.contains(&style) {
            let list: Vec<String> = caps.styles.iter().map(|s| s.to_string()).collect();
            return Err(MoveError::StyleUnsupported(style, list.join(", ")));
        }
        Ok(Planner {
            style,
            caps: caps.clone(),
            selected,
            armed: None,
            notes_on: false,
            board: Board::default(),
            guards: Vec::new(),
            last_digit: None,
            confirm: Confirm::default(),
            glance: None,
        })
    }

    /// Puts a [`Check`] into every move that relies on a modal state these confirm.
    pub fn confirming(mut self, confirm: Confirm) -> Planner {
        self.confirm = confirm;
        self
    }

    /// Stops confirming what the app turned out not to draw.
    pub fn set_confirm(&mut self, confirm: Confirm) {
        self.confirm = confirm;
    }

    /// The armed digit as the screen shows it. A used-up key is drawn greyed even while armed, so
    /// a belief in one is kept when the screen shows none.
    pub fn sync_armed(&mut self, seen: Option<Digit>) {
        if seen.is_some() || !self.armed.is_some_and(|d| self.used_up(d)) {
            self.armed = seen;
        }
    }

    /// The notes toggle as the screen shows it: a run stopped in notes mode leaves it on, and a
    /// digit meant as a value would go in as a note (or a trial note as a value). Kept when the
    /// screen does not tell.
    pub fn sync_notes(&mut self, seen: Option<bool>) {
        if let Some(on) = seen {
            self.notes_on = on;
        }
    }

    /// Parks the selection on one of `givens` (the first two, in turn) whenever a cell-first fill
    /// moves on to another digit, so that a lost select tap never types a wrong digit (see `place`).
    pub fn guarded_by(mut self, givens: impl IntoIterator<Item = Cell>) -> Planner {
        self.guards = givens.into_iter().take(2).collect();
        self
    }

    /// Plans from `shown` (the values on screen), so that used-up digit keys are known.
    pub fn seeing(mut self, shown: &Board) -> Planner {
        self.board = shown.clone();
        self
    }

    fn used_up(&self, digit: Digit) -> bool {
        self.board.filled().filter(|&(_, d)| d == digit).count() >= 9
    }

    pub fn style(&self) -> InputStyle {
        self.style
    }

    /// After a verify: the selection is whatever the screen shows now. The armed digit and notes
    /// mode are kept, since they change only by the agent's own taps; `doubt_armed` drops the
    /// armed digit when a round made no progress (its arming tap was probably lost).
    pub fn forget(&mut self, selected: Option<Cell>, doubt_armed: bool) {
        self.selected = selected;
        self.last_digit = None;
        // A glance still pending counted taps that the look since has seen the outcome of.
        self.glance = None;
        if doubt_armed {
            self.armed = None;
        }
    }

    /// Actions that enter `digit` as a value in `cell`.
    pub fn place(&mut self, cell: Cell, digit: Digit) -> Result<Move, MoveError> {
        self.board.set(cell, Some(digit));
        let mut actions = Vec::new();
        self.notes(false, &mut actions);
        let mut check = None;
        match self.style {
            InputStyle::DigitFirst => {
                if self.arm(digit, &mut actions) && self.confirm.armed {
                    check = Some(Check::at(actions.len(), Expect::Armed(digit)));
                }
                actions.push(Action::TapCell(cell));
            }
            InputStyle::Keys if !self.caps.cell_taps => {
                // A lost D-pad key leaves the cursor short of the cell: see it there first.
                self.select(cell, &mut actions)?;
                check = self
                    .confirm
                    .selection
                    .then_some(Check::at(actions.len(), Expect::Selected(cell)));
                actions.push(Action::Key(AppKey::Digit(digit)));
            }
            InputStyle::CellFirst | InputStyle::Keys => {
                check = self.select_guarded(cell, digit, &mut actions)?;
                actions.push(match self.style {
                    InputStyle::Keys => Action::Key(AppKey::Digit(digit)),
                    _ => Action::TapDigit(digit),
                });
                self.last_digit = Some(digit);
                check = check.or_else(|| self.glance_at(cell, actions.len()));
            }
        }
        Ok(Move {
            cell,
            outcome: Outcome::Value(digit),
            actions,
            check,
        })
    }

    /// Selects `cell` for typing `digit`. A select tap the phone loses sends the digit to the cell
    /// still selected. Within a run of one digit that cell already holds it (no change); before a
    /// new digit, the selection is parked on a given, where apps refuse digits, and (confirming)
    /// seen there. Either way the verify step sees the cell still blank, and no mistake is counted.
    fn select_guarded(
        &mut self,
        cell: Cell,
        digit: Digit,
        actions: &mut Vec<Action>,
    ) -> Result<Option<Check>, MoveError> {
        let new_digit = self.last_digit != Some(digit);
        let mut confirm = new_digit && self.confirm.selection;
        // A run cut short before its glance is seen at the next park instead, as sure a sign.
        let misses = match self.glance.take() {
            Some((_, taps)) if new_digit => 1 + taps,
            other => {
                self.glance = other;
                1
            }
        };
        if confirm && self.confirm.glance > 0 && self.selected.is_none() {
            self.glance = Some((std::mem::take(&mut self.confirm.glance), 0));
            confirm = false;
        }
        let seen_at = |at: Option<Cell>, actions: &[Action]| {
            at.filter(|_| confirm).map(|c| Check {
                misses,
                ..Check::at(actions.len(), Expect::Selected(c))
            })
        };
        let mut check = None;
        if let Some(g) = self.guards.first().copied().filter(|_| new_digit) {
            if self.selected != Some(cell) && self.selected != Some(g) {
                actions.push(Action::TapCell(g));
                self.selected = Some(g);
                self.guards.rotate_left(1);
            }
            check = seen_at(self.selected, actions);
        }
        self.select(cell, actions)?;
        if self.guards.is_empty() {
            check = seen_at(Some(cell), actions);
        }
        Ok(check)
    }

    /// The glance of the run being planned, once `cell` (whose move ends at `after` actions) is
    /// the run's last move before it: one more miss per tap of the run, and the park's.
    fn glance_at(&mut self, cell: Cell, after: usize) -> Option<Check> {
        let (when, taps) = self.glance.as_mut()?;
        *taps += 1;
        if *taps < *when {
            return None;
        }
        let misses = 1 + *taps;
        self.glance = None;
        Some(Check {
            misses,
            glance: true,
            ..Check::at(after, Expect::Selected(cell))
        })
    }

    /// Actions that clear the entry in `cell`.
    pub fn erase(&mut self, cell: Cell) -> Result<Move, MoveError> {
        let mut actions = Vec::new();
        let mut check = None;
        // The erase button, else the DEL key; both act on the selected cell.
        let how = match (self.caps.erase, self.caps.keys) {
            (true, _) => Action::TapButton(Button::Erase),
            (false, true) => Action::Key(AppKey::Delete),
            (false, false) => return Err(MoveError::NoErase(cell)),
        };
        match self.style {
            InputStyle::CellFirst => {
                self.select(cell, &mut actions)?;
                actions.push(how);
            }
            InputStyle::DigitFirst => {
                // A cell tapped with a digit armed would get that digit, so disarm first
                // (tapping the armed digit again), then select. A used-up key ignores the tap
                // and stays armed; tapping a cell that holds that very digit then changes nothing
                // (or toggles it off), and the erase clears it either way.
                match self.armed {
                    Some(d) if self.used_up(d) && self.board.get(cell) != Some(d) => {
                        return Err(MoveError::StuckDigit(d, cell))
                    }
                    Some(d) if !self.used_up(d) => {
                        actions.push(Action::TapDigit(d));
                        self.armed = None;
                        check = self
                            .confirm
                            .armed
                            .then_some(Check::at(actions.len(), Expect::Disarmed));
                    }
                    _ => {}
                }
                actions.push(Action::TapCell(cell));
                actions.push(how);
                self.selected = Some(cell);
            }
            InputStyle::Keys => {
                self.select(cell, &mut actions)?;
                // A lost D-pad key would have DEL clear another cell: see the cursor here first.
                check = (!self.caps.cell_taps && self.confirm.selection)
                    .then_some(Check::at(actions.len(), Expect::Selected(cell)));
                actions.push(Action::Key(AppKey::Delete));
            }
        }
        self.board.set(cell, None);
        self.last_digit = None;
        Ok(Move {
            cell,
            outcome: Outcome::Blank,
            actions,
            check,
        })
    }

    /// Actions that toggle the pencil note `digit` in `cell`.
    pub fn note(&mut self, cell: Cell, digit: Digit) -> Result<Move, MoveError> {
        if !self.caps.notes {
            return Err(MoveError::NoNotes);
        }
        let mut actions = Vec::new();
        self.notes(true, &mut actions);
        match self.style {
            InputStyle::CellFirst | InputStyle::Keys => {
                self.select(cell, &mut actions)?;
                actions.push(match self.style {
                    InputStyle::Keys => Action::Key(AppKey::Digit(digit)),
                    _ => Action::TapDigit(digit),
                });
            }
            InputStyle::DigitFirst => {
                self.arm(digit, &mut actions);
                actions.push(Action::TapCell(cell));
            }
        }
        Ok(Move {
            cell,
            outcome: Outcome::Note(digit),
            actions,
            check: None,
        })
    }

    fn notes(&mut self, on: bool, actions: &mut Vec<Action>) {
        if self.notes_on != on {
            actions.push(Action::TapButton(Button::Notes));
            self.notes_on = on;
        }
    }

    /// Arms `digit`; true if that took a tap.
    fn arm(&mut self, digit: Digit, actions: &mut Vec<Action>) -> bool {
        let tap = self.armed != Some(digit);
        if tap {
            actions.push(Action::TapDigit(digit));
            self.armed = Some(digit);
        }
        tap
    }

    fn select(&mut self, cell: Cell, actions: &mut Vec<Action>) -> Result<(), MoveError> {
        if self.selected == Some(cell) {
            return Ok(());
        }
        match (self.style, self.selected) {
            (InputStyle::Keys, Some(from)) if !self.caps.cell_taps => {
                actions.extend(dpad_path(from, cell))
            }
            (InputStyle::Keys, None) if !self.caps.cell_taps => {
                return Err(MoveError::UnknownCursor)
            }
            _ => actions.push(Action::TapCell(cell)),
        }
        self.selected = Some(cell);
        Ok(())
    }
}

/// D-pad keys from one cell to another: vertical first, then horizontal, never past an edge
/// (so it works whether the app clamps or wraps at the border).
fn dpad_path(from: Cell, to: Cell) -> impl Iterator<Item = Action> {
    let (dr, dc) = (
        to.row() as i32 - from.row() as i32,
        to.col() as i32 - from.col() as i32,
    );
    let vertical = if dr < 0 { AppKey::Up } else { AppKey::Down };
    let horizontal = if dc < 0 { AppKey::Left } else { AppKey::Right };
    std::iter::repeat_n(Action::Key(vertical), dr.unsigned_abs() as usize).chain(
        std::iter::repeat_n(Action::Key(horizontal), dc.unsigned_abs() as usize),
    )
}
