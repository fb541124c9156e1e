//! What `read` says of a screenshot with no grid on it, or a grid covered: the judgement `play` makes of a
//! screen (`vision::screen::scene::judge`: the screen off or locked, the home screen or another
//! app in front, a protected window, the app's solved or game-over screen, a dialog, a menu),
//! asking the phone it came from which app is in front, and reading the screen's words.

use autosudoku_agent::device::display::Hidden;
use autosudoku_agent::device::{display, foreground, Device, Foreground};
use autosudoku_agent::play::profile::Profile;
use autosudoku_agent::vision::screen::scene::{self, MoreToSee, Rules, Scene};
use autosudoku_agent::vision::screen::words::{Word, WordReader};
use autosudoku_agent::vision::{BoardRead, VisionError};
use image::RgbaImage;

/// What is on a screen with no grid, and what to do about it, in one line; `device` is the phone
/// it was captured from (`None` for a file: then only its pixels and words are judged).
pub fn no_grid(
    img: &RgbaImage,
    e: &VisionError,
    device: Option<&mut Box<dyn Device>>,
    profile: Option<&Profile>,
) -> String {
    let read = Err(VisionError::NoGrid {
        width: img.width(),
        height: img.height(),
    });
    match judged(img, &read, device, profile) {
        Some(seen) => format!("no Sudoku grid on screen: {seen}"),
        None => e.to_string(),
    }
}

/// What covers or replaces the game on the screen `read` was made of, and what to do about it,
/// as `play` judges it; `None` when the judgement sees the game (read or not).
pub fn judged(
    img: &RgbaImage,
    read: &Result<BoardRead, VisionError>,
    device: Option<&mut Box<dyn Device>>,
    profile: Option<&Profile>,
) -> Option<String> {
    let rules = Rules {
        package: profile.and_then(|p| p.recognise.package.as_deref()),
        dialogs: profile.map_or(&[][..], |p| &p.dialogs[..]),
        givens: None,
    };
    let mut asked = Asked {
        device,
        words: WordReader::new(),
        image: img,
    };
    Some(match scene::judge(img, read, &rules, &mut asked) {
        Scene::Solved => "the app shows its finished game (it says solved); start the next one on \
                          the phone, or with `autosudoku play --new-game`"
            .to_owned(),
        Scene::GameOver => "the app shows its game-over screen; start the next game on the \
                            phone, or with `autosudoku play --new-game`"
            .to_owned(),
        Scene::Dialog(d) => format!("a dialog is up ({d}); close it on the phone"),
        Scene::Elsewhere(place) => format!("{place}; {}", place.next_step()),
        Scene::Game | Scene::Uncertain(_) => return None,
    })
}

/// What `judge` may ask: the phone, when the screenshot came from one, and Tesseract.
struct Asked<'x> {
    device: Option<&'x mut Box<dyn Device>>,
    words: WordReader,
    image: &'x RgbaImage,
}

impl MoreToSee for Asked<'_> {
    fn foreground(&mut self) -> Option<Foreground> {
        foreground::ask(&mut ***self.device.as_mut()?)
            .ok()
            .flatten()
    }

    fn words(&mut self, enough: &dyn Fn(&[Word]) -> bool) -> Vec<Word> {
        self.words.words_title_first(self.image, enough)
    }

    fn hidden(&mut self) -> Option<Hidden> {
        display::hidden(&mut ***self.device.as_mut()?)
            .ok()
            .flatten()
    }
}
