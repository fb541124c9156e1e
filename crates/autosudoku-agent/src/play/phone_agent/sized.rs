//! The fill of a board of another side than 9x9 on a real phone: read it (`vision::sized`), solve
//! it by its boxes' rules, tap each blank cell then its symbol's key in one batch, capture again
//! and repair what did not land, until the board shows the answer or the app says it is solved.

use super::PhoneAgent;
use crate::play::ending::Won;
use crate::play::sized::{differing, taps, SizedError, SizedFill};
use crate::play::view::{Observer, Phase};
use crate::play::PlayError;
use crate::vision::screen::dialog::{classify, Cover};
use crate::vision::sized::{SizedRead, SizedReader};
use autosudoku_core::variant::solve::{count_within, VariantSolutions};
use autosudoku_core::variant::{Grid, Puzzle};
use std::time::Instant;

/// Repair rounds after the first batch of taps.
const REPAIRS: usize = 2;

/// The uniqueness search gives up past this many digits tried (a 16x16 puzzle an app deals out
/// takes thousands; a misread one may take forever).
const SEARCH_NODES: u64 = 20_000_000;

impl PhoneAgent<'_> {
    /// Fills the board of another side on screen; `None` when the screen shows none (a 9x9 board
    /// is the classic driver's).
    pub fn fill_sized(
        &mut self,
        observer: &mut dyn Observer,
    ) -> Option<Result<SizedFill, PlayError>> {
        let shot = match self.capture() {
            Ok(shot) => shot,
            Err(e) => return Some(Err(e)),
        };
        let mut reader = SizedReader::default();
        let read = reader.read(&shot.image).filter(|r| r.side() != 9)?;
        let answer = match answer(&read) {
            Ok(answer) => answer,
            Err(e) => return Some(Err(e.into())),
        };
        let todo = differing(&read, &answer).len() as u64;
        observer.start_grid(&read.board(), &answer, todo);
        let filled = self.fill_read(&mut reader, read, &answer, observer);
        if let Ok(fill) = &filled {
            observer.sent_taps(todo, fill.taps as u64, todo);
        }
        Some(filled)
    }

    /// Taps `answer` into the cells of `first` that do not show it, and repairs what did not land;
    /// `observer` hears the time the taps took.
    pub(super) fn fill_read(
        &mut self,
        reader: &mut SizedReader,
        first: SizedRead,
        answer: &Grid,
        observer: &mut dyn Observer,
    ) -> Result<SizedFill, PlayError> {
        let side = first.side();
        let mut fill = SizedFill {
            won: Won::FullGrid,
            side,
            cells: differing(&first, answer).len(),
            taps: 0,
        };
        let mut read = first;
        for round in 0..=REPAIRS {
            let left = differing(&read, answer);
            if left.is_empty() {
                return Ok(fill);
            }
            if round == REPAIRS {
                let rounds = REPAIRS;
                return Err(SizedError::RepairFailed { side, rounds, left }.into());
            }
            let points = taps(&read, &left, answer)?;
            let map = self.phone.screen_map();
            fill.taps += points.len();
            self.times.taps += points.len() as u64;
            self.times.batches += 1;
            let start = Instant::now();
            let sent = self.phone.input().taps(&map, &points);
            observer.phase(Phase::Input, start.elapsed());
            if let Err(e) = sent {
                self.recover(e)?;
            }
            let shot = self.capture()?;
            match reader.read(&shot.image).filter(|r| r.side() == side) {
                Some(again) if again.doubt().is_none() => read = again,
                _ => {
                    fill.won = self.solved_or_gone(side, &shot.image)?;
                    return Ok(fill);
                }
            }
        }
        unreachable!("the last round returns")
    }

    /// After taps, the board is not read well: won if the app says so, else the board is gone.
    pub(super) fn solved_or_gone(
        &mut self,
        side: usize,
        img: &image::RgbaImage,
    ) -> Result<Won, PlayError> {
        let words = self.dialogs.words(img);
        match classify(&words) {
            Cover::Solved => Ok(Won::Dialog),
            _ => {
                let words: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
                Err(SizedError::Gone {
                    side,
                    words: words.join(" "),
                }
                .into())
            }
        }
    }
}

/// The one answer of the board as read, by the rules of its boxes.
pub(super) fn answer(read: &SizedRead) -> Result<Grid, SizedError> {
    answer_from(read, read.board())
}

/// The one answer of `board` (the board as read, or the givens it shows), by the rules of the
/// read's boxes.
pub(super) fn answer_from(read: &SizedRead, board: Grid) -> Result<Grid, SizedError> {
    let side = read.side();
    let (Some(layout), None) = (read.layout(), read.doubt()) else {
        let why = read.doubt().unwrap_or_else(|| "no box shape".to_owned());
        return Err(SizedError::Unreadable { side, why });
    };
    let line = board.to_line();
    let count = match count_within(&Puzzle::new(layout, board), SEARCH_NODES) {
        Some(VariantSolutions::One(answer)) => return Ok(answer),
        Some(VariantSolutions::Zero) => "no solution",
        Some(VariantSolutions::Many) => "more than one solution",
        None => "no solution found within the search's bound",
    };
    Err(SizedError::NotOneSolution { side, count, line })
}
