//! Starting a new game the way the app wants it: a list of steps, each a button found on screen by
//! its label ("New game", then a difficulty menu's "Easy") or a fixed point (`@540,1800`), tapped
//! in order. Labels are read with Tesseract (`vision::screen::words`), so the same steps work on
//! any screen size. `regress` starts every game with them, `play --new-game` a game found over.

use super::finished::Finished;
use crate::device::{DeviceError, Phone, Point};
use crate::vision::screen::words::{Word, WordReader};
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// The step `--new-game` takes when it names none: the label most apps put on the button.
pub const DEFAULT_STEP: &str = "New game";

/// One step of starting a new game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Tap the button with this label (one or more words, case-insensitive).
    Label(String),
    /// Tap this point, in screenshot pixels.
    At(Point),
}

impl FromStr for Step {
    type Err = String;
    fn from_str(s: &str) -> Result<Step, String> {
        let bad = || {
            format!("'{s}' is not a new-game step; give a button label (\"New game\") or a point as @X,Y (\"@540,1800\")")
        };
        match s.strip_prefix('@') {
            Some(xy) => {
                let (x, y) = xy.split_once(',').ok_or_else(bad)?;
                let x = x.trim().parse().map_err(|_| bad())?;
                let y = y.trim().parse().map_err(|_| bad())?;
                Ok(Step::At(Point::new(x, y)))
            }
            None if !s.trim().is_empty() => Ok(Step::Label(s.trim().to_owned())),
            None => Err(bad()),
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Label(l) => write!(f, "\"{l}\""),
            Step::At(p) => write!(f, "@{},{}", p.x, p.y),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum NewGameError {
    #[error("starting a new game: no button {step} on screen after {} s (the screen says: {seen}); fix --new-game for this app", .waited.as_secs())]
    NotFound {
        step: Step,
        waited: Duration,
        seen: String,
    },
    #[error("the --new-game steps ({steps}) were tapped, yet the game on screen is still over ({how}); fix --new-game for this app")]
    StillOver { steps: String, how: Finished },
    #[error(transparent)]
    Device(#[from] DeviceError),
}

/// The steps as the user gives them: `"New game" @540,1800`.
pub fn describe(steps: &[Step]) -> String {
    steps
        .iter()
        .map(Step::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// How long a step waits for its button (dialogs animate in; new games take a moment to deal).
const STEP_WAIT: Duration = Duration::from_secs(6);

/// Whether the first step's label is on screen now (the end-of-game dialog is up).
pub fn offered(
    phone: &mut Phone,
    reader: &mut WordReader,
    steps: &[Step],
) -> Result<bool, DeviceError> {
    let Some(Step::Label(label)) = steps.first() else {
        return Ok(false);
    };
    let shot = phone.capture()?;
    Ok(find(&reader.words(&shot.image), label).is_some())
}

/// Runs the steps in order.
pub fn start(
    phone: &mut Phone,
    reader: &mut WordReader,
    steps: &[Step],
) -> Result<(), NewGameError> {
    for step in steps {
        let point = match step {
            Step::At(p) => *p,
            Step::Label(label) => {
                let start = Instant::now();
                loop {
                    let shot = phone.capture()?;
                    let words = reader.words(&shot.image);
                    if let Some(p) = find(&words, label) {
                        break p;
                    }
                    if start.elapsed() >= STEP_WAIT {
                        let seen: Vec<&str> =
                            words.iter().map(|w| w.text.as_str()).take(20).collect();
                        return Err(NewGameError::NotFound {
                            step: step.clone(),
                            waited: STEP_WAIT,
                            seen: seen.join(" "),
                        });
                    }
                    std::thread::sleep(Duration::from_millis(200));
                }
            }
        };
        let map = phone.screen_map();
        phone.input().tap(&map, point)?;
        // The dialog closes and the next screen draws before the following step or the first read.
        std::thread::sleep(Duration::from_millis(300));
    }
    Ok(())
}

/// The centre of the label's words, when they stand in order on one line.
pub fn find(words: &[Word], label: &str) -> Option<Point> {
    let want: Vec<String> = label.split_whitespace().map(norm).collect();
    if want.is_empty() {
        return None;
    }
    (0..words.len()).find_map(|i| {
        let run = words.get(i..i + want.len())?;
        let fits = run
            .iter()
            .zip(&want)
            .all(|(w, t)| norm(&w.text) == *t && w.line == run[0].line);
        fits.then(|| {
            let (first, last) = (&run[0], &run[run.len() - 1]);
            Point::new(
                (first.x + last.x + last.width) / 2,
                first.y + first.height / 2,
            )
        })
    })
}

fn norm(w: &str) -> String {
    w.trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_parse_and_labels_are_found_on_one_line() {
        assert_eq!(
            "New game".parse::<Step>(),
            Ok(Step::Label("New game".into()))
        );
        assert_eq!(
            "@540, 1800".parse::<Step>(),
            Ok(Step::At(Point::new(540, 1800)))
        );
        assert!("@x".parse::<Step>().unwrap_err().contains("@X,Y"));
        let w = |t: &str, x, line| Word {
            text: t.into(),
            x,
            y: 100,
            width: 40,
            height: 20,
            line: (1, 1, line),
        };
        let words = [
            w("Solved!", 0, 1),
            w("New", 100, 2),
            w("game", 150, 2),
            w("Easy", 0, 3),
        ];
        assert_eq!(
            find(&words, "new GAME"),
            Some(Point::new((100 + 150 + 40) / 2, 110))
        );
        assert_eq!(
            find(&words, "game Easy"),
            None,
            "words on two lines are not one label"
        );
        assert_eq!(find(&words, "Hard"), None);
    }
}
