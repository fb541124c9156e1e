//! Calibrating an app: learn it from its screen and write its profile. Reads the grid and keypad,
//! saves the annotated screenshot, learns the digit font (through the reader's `learn`), finds the
//! input style with play's safe probe (`style`), reads the mistake limit the status line shows,
//! and writes the profile with them and the toolbar buttons found on screen (`profile`).

mod error;
mod profile;
mod style;

pub use error::CalibrateError;

use crate::device::{Phone, Screenshot};
use crate::play::layout::Layout;
use crate::play::learn;
use crate::play::moves::InputStyle;
use crate::play::profile::{Profile, Recognise};
use crate::play::view::Finding;
use crate::vision::screen::status::StatusReader;
use crate::vision::{BoardRead, Reader};
use autosudoku_core::solve::fast;
use autosudoku_core::sudoku::{Cell, Digit};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where calibration reads and writes.
pub struct Calibration<'a> {
    /// The app's name: the profile's file name and its font's folder.
    pub name: &'a str,
    /// The folder the profile is written to.
    pub profiles: PathBuf,
    /// Where the annotated screenshot of the first read goes.
    pub annotated: PathBuf,
}

/// What calibration learned and wrote.
pub struct Calibrated {
    pub profile: Profile,
    pub path: PathBuf,
    /// The first read, for the user.
    pub read: BoardRead,
    /// The cell and digit the style probe entered.
    pub entered: (Cell, Digit),
    pub style: Option<InputStyle>,
    pub limit: Option<Finding<Option<u32>>>,
}

/// A profile name is a file name: letters, digits, '-' and '_'.
pub fn check_name(name: &str) -> Result<(), CalibrateError> {
    let ok = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    ok.then_some(())
        .ok_or_else(|| CalibrateError::BadName(name.to_string()))
}

/// Calibrates the app on `phone`'s screen as `how` says; `reader` learns its font.
pub fn calibrate(
    phone: &mut Phone,
    reader: &mut Reader,
    how: &Calibration,
) -> Result<Calibrated, CalibrateError> {
    check_name(how.name)?;
    let (shot, read) = look(phone, reader)?;
    crate::vision::annotate::annotate(&shot.image, &read)
        .save(&how.annotated)
        .map_err(|e| CalibrateError::Save {
            path: how.annotated.clone(),
            reason: e.to_string(),
        })?;
    let entered = first_answer(&read, &how.annotated)?;
    let layout = Layout::from_read(&read, shot.size, shot.rotation);
    let style = style::probe(phone, reader, &read, &layout, entered)?;
    let grid = Some(read.geometry.bounds());
    let limit = learn::limit_shown(StatusReader::default().read(&shot.image, grid).mistakes);
    let size = phone.screen_map().screenshot;
    let path = how.profiles.join(format!("{}.toml", how.name));
    let profile = Profile {
        name: how.name.to_string(),
        font: None,
        recognise: Recognise {
            // The app in front, so `play` picks this profile on any screen size.
            package: phone.foreground().ok().flatten().map(|f| f.package),
            screen: Some([size.width, size.height]),
            ..Recognise::default()
        },
        input: style.into_iter().collect(),
        mistake_limit: limit.as_ref().and_then(|f| f.value),
        buttons: profile::buttons(&read, &path, [size.width, size.height]),
        dialogs: Vec::new(),
        rank: 0,
    };
    profile::write(&profile, &how.profiles, &path)?;
    Ok(Calibrated {
        profile,
        path,
        read,
        entered,
        style,
        limit,
    })
}

/// A capture and its read, once the app has drawn the last input.
fn look(phone: &mut Phone, reader: &mut Reader) -> Result<(Screenshot, BoardRead), CalibrateError> {
    std::thread::sleep(Duration::from_millis(150));
    let shot = phone.capture()?;
    let read = reader.read(&shot.image)?;
    Ok((shot, read))
}

/// The first empty cell and its answer: entering it is progress, never a mistake. Refuses an
/// uncertain read, givens without a solution and a full grid.
fn first_answer(read: &BoardRead, annotated: &Path) -> Result<(Cell, Digit), CalibrateError> {
    let artifact = annotated.to_path_buf();
    if !read.is_certain() {
        return Err(CalibrateError::Uncertain { artifact });
    }
    let solution = fast::solve(&read.givens()).ok_or(CalibrateError::NoSolution { artifact })?;
    let cell = read.board.blanks().next().ok_or(CalibrateError::FullGrid)?;
    let digit = solution.get(cell).ok_or(CalibrateError::FullGrid)?;
    Ok((cell, digit))
}
