//! The game model of the Sudoku app: givens, entries, notes, selection, mistakes, undo, timer and phase.
//! Pure state machine: no pixels, no touch geometry. Every change is recorded in the event log.

use super::bugs::Bugs;
use super::events::{Event, EventLog};
use super::variant;
use autosudoku_core::variant::{Grid, Layout, Pos, Symbol};
use std::sync::Arc;
use std::time::Duration;

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    Playing,
    /// A pop-up is up: the timer stops and the board ignores input.
    Paused,
    Solved,
    GameOver,
}

/// How digits reach cells from the keypad.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum InputMode {
    /// Select a cell, then tap a digit.
    CellFirst,
    /// Select a digit, then tap every cell it goes to.
    DigitFirst,
}

/// The rules a skin (or the command line) sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Whether a wrong digit is marked and counted (against the solution).
    pub check_mistakes: bool,
    /// The mistake count that ends the game; `None` counts without end.
    pub mistake_limit: Option<u32>,
    pub input: InputMode,
    /// Deliberate bugs (`--bug`), for testing `autosudoku regress`.
    pub bugs: Bugs,
}

/// A puzzle with its unique solution, and the layout whose rules it is played by (9x9 in 3x3
/// boxes for classic games; other sizes, regions, diagonals, windows or cages for variants).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub givens: Grid,
    pub solution: Grid,
    pub layout: Layout,
}

/// What undo restores: the board and notes before a change.
#[derive(Debug, Clone)]
struct Snapshot {
    board: Grid,
    notes: Vec<u16>,
}

/// The state of one game and the rules it is played by.
#[derive(Debug, Clone)]
pub struct Game {
    pub rules: Rules,
    puzzle: Puzzle,
    /// The cells each cell sees under the puzzle's layout, by cell index.
    peers: Arc<Vec<Vec<Pos>>>,
    board: Grid,
    /// Each cell's pencil marks, a bit a digit (`Symbol::bit`).
    notes: Vec<u16>,
    selected: Option<Pos>,
    selected_digit: Option<Symbol>,
    notes_mode: bool,
    mistakes: u32,
    history: Vec<Snapshot>,
    phase: Phase,
    /// Play time banked before the current run of the clock.
    banked: Duration,
    /// When the clock last started, if it is running.
    running_since: Option<Duration>,
    /// Taps on the game so far (what `--bug drop-taps` counts).
    taps: u32,
}

impl Game {
    pub fn new(puzzle: Puzzle, rules: Rules, now: Duration) -> Game {
        Game {
            rules,
            peers: Arc::new(variant::peer_table(&puzzle.layout)),
            board: puzzle.givens.clone(),
            notes: vec![0; puzzle.givens.values().len()],
            puzzle,
            selected: None,
            selected_digit: None,
            notes_mode: false,
            mistakes: 0,
            history: Vec::new(),
            phase: Phase::Playing,
            banked: Duration::ZERO,
            running_since: Some(now),
            taps: 0,
        }
    }

    /// Counts a tap on the game; `true` when `DropTaps` makes the app ignore it.
    pub fn tap_dropped(&mut self) -> bool {
        self.taps += 1;
        self.rules.bugs.drops_tap(self.taps)
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }
    /// Givens and entries together, as the screen shows them.
    pub fn board(&self) -> &Grid {
        &self.board
    }
    pub fn is_given(&self, cell: Pos) -> bool {
        self.puzzle.givens.get(cell).is_some()
    }
    /// The board's side (9 for classic games).
    pub fn side(&self) -> usize {
        self.board.side()
    }
    /// Every cell, row-major.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + use<> {
        self.board.positions()
    }
    /// The empty cells, row-major.
    pub fn blanks(&self) -> impl Iterator<Item = Pos> + '_ {
        self.cells().filter(|&c| self.board.get(c).is_none())
    }
    /// The digits of this board, 1 to the side.
    pub fn symbols(&self) -> impl Iterator<Item = Symbol> + use<> {
        (1..=self.side() as u8).filter_map(Symbol::new)
    }
    fn index(&self, cell: Pos) -> usize {
        cell.index(self.side())
    }
    /// The pencil marks of a cell.
    pub fn notes(&self, cell: Pos) -> impl Iterator<Item = Symbol> + '_ {
        let mask = self.notes[self.index(cell)];
        self.symbols().filter(move |d| mask & d.bit() != 0)
    }
    pub fn selected(&self) -> Option<Pos> {
        self.selected
    }
    pub fn selected_digit(&self) -> Option<Symbol> {
        self.selected_digit
    }
    pub fn notes_mode(&self) -> bool {
        self.notes_mode
    }
    pub fn mistakes(&self) -> u32 {
        self.mistakes
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Play time so far; the clock runs only while playing.
    pub fn elapsed(&self, now: Duration) -> Duration {
        self.banked
            + self
                .running_since
                .map_or(Duration::ZERO, |t| now.saturating_sub(t))
    }

    /// How many times a digit stands on the board (givens and entries).
    pub fn count(&self, digit: Symbol) -> usize {
        self.board
            .values()
            .iter()
            .filter(|&&v| v == digit.get())
            .count()
    }

    /// Whether every one of a digit is placed, one a row (its keypad button greys out or disappears).
    pub fn is_used_up(&self, digit: Symbol) -> bool {
        self.count(digit) >= self.side()
    }

    /// An entered digit that is wrong: against the solution when mistakes are checked, else one that
    /// repeats in its row, column or box.
    pub fn is_wrong(&self, cell: Pos) -> bool {
        match self.board.get(cell) {
            Some(d) if !self.is_given(cell) && self.rules.check_mistakes => {
                self.puzzle.solution.get(cell) != Some(d)
            }
            Some(_) => self.conflicts(cell),
            None => false,
        }
    }

    /// Whether the cell's digit repeats in a unit or cage it shares with another cell.
    pub fn conflicts(&self, cell: Pos) -> bool {
        let Some(d) = self.board.get(cell) else {
            return false;
        };
        self.peers(cell)
            .any(|other| self.board.get(other) == Some(d))
    }

    /// Whether two cells share a row, a column or a box (jigsaw region): what a selection
    /// lights up; diagonals, windows and cages stay as they are drawn.
    pub fn shares_house(&self, a: Pos, b: Pos) -> bool {
        let region = |p: Pos| variant::region_of(&self.puzzle.layout, p);
        a != b && (a.row == b.row || a.col == b.col || region(a) == region(b))
    }

    /// The cells `cell` shares a unit or a cage with.
    pub fn peers(&self, cell: Pos) -> impl Iterator<Item = Pos> + '_ {
        self.peers[self.index(cell)].iter().copied()
    }

    pub fn select(&mut self, cell: Pos, log: &mut EventLog, now: Duration) {
        if !self.accepts_input() {
            return;
        }
        self.selected = Some(cell);
        log.push(now, Event::CellSelected { cell });
        if self.rules.input == InputMode::DigitFirst {
            if let Some(d) = self.selected_digit {
                if self.board.get(cell) == Some(d) && !self.is_given(cell) {
                    self.erase(log, now);
                } else {
                    self.enter(d, log, now);
                }
            }
        }
    }

    /// Moves the selection by a D-pad step, starting at the top-left cell.
    pub fn move_selection(&mut self, dr: i32, dc: i32, log: &mut EventLog, now: Duration) {
        if !self.accepts_input() {
            return;
        }
        let last = self.side() as i32 - 1;
        let cell = match self.selected {
            None => Pos::new(0, 0),
            Some(c) => Pos::new(
                (c.row as i32 + dr).clamp(0, last) as usize,
                (c.col as i32 + dc).clamp(0, last) as usize,
            ),
        };
        self.selected = Some(cell);
        log.push(now, Event::CellSelected { cell });
    }

    /// A keypad digit in digit-first mode: selects it, or deselects it when tapped again.
    pub fn pick_digit(&mut self, digit: Symbol, log: &mut EventLog, now: Duration) {
        if !self.accepts_input() {
            return;
        }
        self.selected_digit = if self.selected_digit == Some(digit) {
            None
        } else {
            Some(digit)
        };
        log.push(
            now,
            Event::DigitPicked {
                digit: self.selected_digit,
            },
        );
    }

    /// The selected cell, if the game takes input now; logs why not when no cell is selected.
    fn target_cell(&self, log: &mut EventLog, now: Duration) -> Option<Pos> {
        if !self.accepts_input() {
            return None;
        }
        if self.selected.is_none() {
            reject(log, now, None, "no cell selected");
        }
        self.selected
    }

    /// A digit for the selected cell: an entry, or a pencil mark in notes mode.
    pub fn enter(&mut self, digit: Symbol, log: &mut EventLog, now: Duration) {
        let Some(cell) = self.target_cell(log, now) else {
            return;
        };
        if self.is_given(cell) && self.rules.bugs.given_locked() {
            reject(log, now, Some(cell), "given cell");
            return;
        }
        if self.notes_mode {
            if self.board.get(cell).is_some() {
                reject(log, now, Some(cell), "cell holds a digit");
                return;
            }
            self.checkpoint();
            let i = self.index(cell);
            self.notes[i] ^= digit.bit();
            let on = self.notes[i] & digit.bit() != 0;
            log.push(now, Event::NoteToggled { cell, digit, on });
            return;
        }
        if self.board.get(cell) == Some(digit) {
            return;
        }
        self.checkpoint();
        self.board.set(cell, Some(digit));
        let i = self.index(cell);
        self.notes[i] = 0;
        // Like most apps: a placed digit clears itself from the notes of every peer.
        let peers = Arc::clone(&self.peers);
        for &peer in &peers[i] {
            let j = self.index(peer);
            self.notes[j] &= !digit.bit();
        }
        let correct = self.puzzle.solution.get(cell) == Some(digit);
        log.push(
            now,
            Event::DigitEntered {
                cell,
                digit,
                correct,
            },
        );
        if self.rules.check_mistakes && !correct && self.rules.bugs.counts_mistakes() {
            self.mistakes += 1;
            if self
                .rules
                .mistake_limit
                .is_some_and(|limit| self.mistakes >= limit)
            {
                self.stop_clock(now);
                self.phase = Phase::GameOver;
                log.push(
                    now,
                    Event::GameOver {
                        mistakes: self.mistakes,
                    },
                );
                return;
            }
        }
        if self.rules.bugs.complete(&self.board)
            && self.cells().all(|c| !self.conflicts(c))
            && variant::cages_hold(&self.puzzle.layout, &self.board)
        {
            self.stop_clock(now);
            self.phase = Phase::Solved;
            let elapsed_ms = self.elapsed(now).as_millis() as u64;
            log.push(now, Event::GameSolved { elapsed_ms });
        }
    }

    /// Clears the selected cell's digit or notes.
    pub fn erase(&mut self, log: &mut EventLog, now: Duration) {
        let Some(cell) = self.target_cell(log, now) else {
            return;
        };
        if self.is_given(cell) {
            reject(log, now, Some(cell), "given cell");
            return;
        }
        let i = self.index(cell);
        if self.board.get(cell).is_none() && self.notes[i] == 0 {
            return;
        }
        self.checkpoint();
        self.board.set(cell, None);
        self.notes[i] = 0;
        log.push(now, Event::Erased { cell });
    }

    pub fn toggle_notes(&mut self, log: &mut EventLog, now: Duration) {
        if !self.accepts_input() {
            return;
        }
        self.notes_mode = !self.notes_mode;
        log.push(
            now,
            Event::NotesMode {
                on: self.notes_mode,
            },
        );
    }

    /// Restores the board and notes before the last change. Mistakes stay counted, as in real apps.
    pub fn undo(&mut self, log: &mut EventLog, now: Duration) {
        if !self.accepts_input() {
            return;
        }
        if let Some(s) = self.history.pop() {
            self.board = s.board;
            self.notes = s.notes;
            log.push(now, Event::Undone);
        }
    }

    /// Fills the selected cell with its solution digit.
    pub fn hint(&mut self, log: &mut EventLog, now: Duration) {
        if !self.accepts_input() {
            return;
        }
        let target = self
            .selected
            .filter(|&c| !self.is_given(c) && self.board.get(c) != self.puzzle.solution.get(c))
            .or_else(|| {
                self.cells()
                    .find(|&c| self.board.get(c) != self.puzzle.solution.get(c))
            });
        let Some(cell) = target else { return };
        let Some(digit) = self.puzzle.solution.get(cell) else {
            return;
        };
        log.push(now, Event::HintUsed { cell, digit });
        let was_notes = std::mem::replace(&mut self.notes_mode, false);
        self.selected = Some(cell);
        self.enter(digit, log, now);
        self.notes_mode = was_notes;
    }

    /// A pop-up came up (`true`) or went away: the clock stops while it is up.
    pub fn set_paused(&mut self, paused: bool, now: Duration) {
        match (paused, self.phase) {
            (true, Phase::Playing) => {
                self.stop_clock(now);
                self.phase = Phase::Paused;
            }
            (false, Phase::Paused) => {
                self.running_since = Some(now);
                self.phase = Phase::Playing;
            }
            _ => {}
        }
    }

    fn accepts_input(&self) -> bool {
        self.phase == Phase::Playing
    }

    fn checkpoint(&mut self) {
        self.history.push(Snapshot {
            board: self.board.clone(),
            notes: self.notes.clone(),
        });
    }

    fn stop_clock(&mut self, now: Duration) {
        if let Some(t) = self.running_since.take() {
            self.banked += now.saturating_sub(t);
        }
    }
}

/// Logs an input the game ignored, and why.
fn reject(log: &mut EventLog, now: Duration, cell: Option<Pos>, reason: &'static str) {
    log.push(now, Event::Rejected { cell, reason });
}
