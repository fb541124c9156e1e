//! Learning an app that no profile describes, from its screen and one safe probe: how it takes
//! digits (cell-first, digit-first, hardware keys) and the mistake limit its status line shows
//! ("Mistakes 0/3"). The probe enters the solution's own digit in one blank cell, so whatever the
//! app turns out to be, it only ever makes progress: never a wrong digit, never a mistake counted.
//! `play` tells the user what was learned (`--summary`, `--json`); `calibrate` writes it into a
//! profile.

use super::moves::{Action, AppKey, InputStyle};
use super::run::Run;
use super::view::{Agent, Finding, GameView, Known, Learned, Phase};
use super::PlayError;
use autosudoku_core::sudoku::{Board, Cell, Digit};

/// The probe's tries, in order, each with the style it proves when the cell then shows the digit.
/// Tapping a given first parks a cell-first selection where digits are refused, so the keypad tap
/// that arms a digit-first app types nothing anywhere; the third try covers a digit-first app that
/// had the digit armed already (the second tap disarmed it, the fourth re-armed it). The given
/// parked on holds the probe's own digit (see [`target`]), so an app that lets a given be
/// overwritten (a bug `regress` looks for) gets that digit typed over itself: nothing changes.
pub fn tries(
    cell: Cell,
    digit: Digit,
    given: Option<Cell>,
    keypad: bool,
) -> Vec<(InputStyle, Vec<Action>)> {
    let park: Vec<Action> = given.map(Action::TapCell).into_iter().collect();
    let mut out = Vec::new();
    if keypad {
        let first = [
            park.clone(),
            vec![Action::TapDigit(digit), Action::TapCell(cell)],
        ]
        .concat();
        out.push((InputStyle::DigitFirst, first));
        out.push((InputStyle::CellFirst, vec![Action::TapDigit(digit)]));
        out.push((InputStyle::DigitFirst, vec![Action::TapCell(cell)]));
    }
    let keys = [
        park,
        vec![Action::TapCell(cell), Action::Key(AppKey::Digit(digit))],
    ]
    .concat();
    out.push((InputStyle::Keys, keys));
    out
}

/// Finds the input style of an app whose styles are only guessed (`view.caps.guessed`): with no
/// keypad on screen hardware keys are the only way, so nothing is probed; otherwise the solution's
/// digit is entered at the first blank cell each way in turn until the screen shows it. Returns
/// the view after the probe (`None` when the app shows it solved) and the finding.
pub fn input_style<A: Agent>(
    run: &mut Run<'_, A>,
    view: GameView,
    solution: &Board,
) -> Result<(Option<GameView>, Option<Finding<InputStyle>>), PlayError> {
    if !view.caps.guessed {
        return Ok((Some(view), None));
    }
    let keypad = view.caps.styles.contains(&InputStyle::CellFirst);
    let Some((cell, digit, given)) = target(&view, solution) else {
        return Ok((Some(view), None));
    };
    if !keypad {
        run.agent.adopt(InputStyle::Keys);
        let how = "no keypad on screen, so digits go in as hardware keys".to_owned();
        let finding = Finding {
            value: InputStyle::Keys,
            how,
        };
        return Ok((Some(view), Some(finding)));
    }
    for (style, actions) in tries(cell, digit, given, keypad) {
        run.timed(Phase::Input, |r| r.agent.send(&actions))?;
        let Some(now) = run.game(Phase::Verify)? else {
            return Ok((None, None));
        };
        if let Some(changed) = view
            .givens
            .filled()
            .find(|&(c, d)| now.shown.get(c) != Some(d))
        {
            return Err(PlayError::GivenChanged {
                cell: changed.0,
                was: changed.1,
                now: now.shown.get(changed.0),
            });
        }
        if now.shown.get(cell) == Some(digit) {
            run.agent.adopt(style);
            let how = format!(
                "the probe entered the answer {digit} at {cell} {}",
                way(style)
            );
            let mut now = now;
            now.caps.styles = vec![style];
            now.caps.guessed = false;
            return Ok((Some(now), Some(Finding { value: style, how })));
        }
    }
    Err(PlayError::NoInputStyle { cell, digit })
}

/// The probe's blank cell, the solution's digit there, and a given showing that same digit to
/// park on; a blank whose digit no given shows is the fallback, parked on the first given.
fn target(view: &GameView, solution: &Board) -> Option<(Cell, Digit, Option<Cell>)> {
    let blanks = || {
        view.shown
            .blanks()
            .filter_map(|c| Some((c, solution.get(c)?)))
    };
    let twin = |digit: Digit| view.givens.filled().find(|&(_, d)| d == digit);
    blanks()
        .find_map(|(c, d)| Some((c, d, Some(twin(d)?.0))))
        .or_else(|| {
            let (c, d) = blanks().next()?;
            Some((c, d, view.givens.filled().next().map(|(g, _)| g)))
        })
}

fn way(style: InputStyle) -> &'static str {
    match style {
        InputStyle::CellFirst => "by tapping the cell, then the digit",
        InputStyle::DigitFirst => "by tapping the digit, then the cell",
        InputStyle::Keys => "with a hardware key after tapping the cell",
    }
}

/// The mistake limit the screen shows, when nobody stated one.
pub fn mistake_limit<A: Agent>(run: &mut Run<'_, A>) -> Option<Finding<Option<u32>>> {
    limit_shown(run.agent.mistakes_shown())
}

/// What a mistakes counter read off the screen (made, limit if shown) says about the limit.
pub fn limit_shown(counter: Option<(u32, Option<u32>)>) -> Option<Finding<Option<u32>>> {
    let (made, limit) = counter?;
    let how = match limit {
        Some(l) => format!("the screen shows \"Mistakes {made}/{l}\""),
        None => format!("the screen counts mistakes (\"Mistakes {made}\") without a limit"),
    };
    Some(Finding { value: limit, how })
}

/// The input style of an app no profile describes, from one safe probe ([`input_style`]); the
/// observer hears what was learned. `None`: the app shows it solved.
pub(super) fn style<A: Agent>(
    run: &mut Run<'_, A>,
    view: GameView,
    solution: &Board,
) -> Result<Option<GameView>, PlayError> {
    let (view, input) = input_style(run, view, solution)?;
    if input.is_some() {
        run.observer.learned(&Learned {
            input,
            ..Learned::default()
        });
    }
    Ok(view)
}

/// The mistake limit: as stated, else as the screen shows it (told to the observer).
pub(super) fn limit<A: Agent>(run: &mut Run<'_, A>, stated: Known<Option<u32>>) -> Option<u32> {
    match stated {
        Known::Stated(l) => l,
        Known::Learn => {
            let found = mistake_limit(run)?;
            let value = found.value;
            run.observer.learned(&Learned {
                mistake_limit: Some(found),
                ..Learned::default()
            });
            value
        }
    }
}

/// What a replay of an app no profile describes needs before planning: its input style and,
/// unless stated, the mistake limit its screen shows. Returns the view after the probe (`None`:
/// the app shows it solved) and the limit.
pub(super) fn before_replay<A: Agent>(
    run: &mut Run<'_, A>,
    view: GameView,
    solution: &Board,
    stated: Known<Option<u32>>,
) -> Result<Option<(GameView, Option<u32>)>, PlayError> {
    let limit = limit(run, stated);
    Ok(style(run, view, solution)?.map(|v| (v, limit)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::fake::{puzzle, FakeApp};
    use crate::play::view::Quiet;
    use std::sync::atomic::AtomicBool;

    fn probe(app: &mut FakeApp) -> Result<Option<Finding<InputStyle>>, PlayError> {
        let stop = AtomicBool::new(false);
        let mut run = Run {
            agent: app,
            observer: &mut Quiet,
            stop: &stop,
        };
        let view = match run.agent.look()? {
            crate::play::view::Screen::Game(v) => v,
            other => panic!("{other:?}"),
        };
        let solution = run.agent.solution.clone();
        Ok(input_style(&mut run, view, &solution)?.1)
    }

    /// The app as the agent sees it with no profile: a keypad, so cell-first is the guess.
    fn unknown(style: InputStyle, keypad: bool) -> FakeApp {
        let (p, s) = puzzle();
        let mut app = FakeApp::new(&p, &s, style);
        app.caps.styles = vec![if keypad {
            InputStyle::CellFirst
        } else {
            InputStyle::Keys
        }];
        app.caps.guessed = true;
        app
    }

    /// Each input style, with whether its app shows a keypad.
    const EVERY_STYLE: [(InputStyle, bool); 3] = [
        (InputStyle::CellFirst, true),
        (InputStyle::DigitFirst, true),
        (InputStyle::Keys, false),
    ];

    #[test]
    fn each_style_is_found_with_one_right_digit_and_no_mistake() {
        for (style, keypad) in EVERY_STYLE {
            let mut app = unknown(style, keypad);
            let found = probe(&mut app).unwrap().expect("a finding");
            assert_eq!(found.value, style);
            assert_eq!(app.mistakes, 0, "{style}");
            assert_eq!(app.caps.styles, vec![style], "adopted");
        }
    }

    #[test]
    fn a_digit_already_armed_or_a_cell_already_selected_types_nothing_wrong() {
        let fresh = unknown(InputStyle::DigitFirst, true);
        let blank = fresh.shown.blanks().next().unwrap();
        let right = fresh.solution.get(blank).unwrap();
        // Armed with the answer (the first keypad tap disarms it) and with a wrong digit.
        for armed in [right, Digit::all().find(|&d| d != right).unwrap()] {
            let mut app = unknown(InputStyle::DigitFirst, true);
            app.armed = Some(armed);
            assert_eq!(
                probe(&mut app).unwrap().unwrap().value,
                InputStyle::DigitFirst
            );
            assert_eq!(app.mistakes, 0, "armed {armed}");
        }
        // A cell-first app with another blank cell selected: the parking tap moves it to a given.
        let other = fresh.shown.blanks().nth(5).unwrap();
        let mut app = unknown(InputStyle::CellFirst, true);
        app.selected = Some(other);
        assert_eq!(
            probe(&mut app).unwrap().unwrap().value,
            InputStyle::CellFirst
        );
        assert_eq!(app.mistakes, 0);
        assert_eq!(app.shown.get(other), None);
    }

    /// Regression: the parking tap on a given typed the probe's digit into it on an app that lets
    /// givens be overwritten (`--bug given-overwrite`); the given parked on now holds that digit.
    #[test]
    fn an_app_that_lets_givens_be_overwritten_keeps_every_given() {
        for (style, keypad) in EVERY_STYLE {
            let mut app = unknown(style, keypad);
            app.given_overwrite = true;
            let found = probe(&mut app).unwrap().expect("a finding");
            assert_eq!(found.value, style);
            assert_eq!(app.mistakes, 0, "{style}");
            for (cell, digit) in app.givens.filled() {
                assert_eq!(app.shown.get(cell), Some(digit), "{style}: {cell}");
            }
        }
    }

    #[test]
    fn a_given_the_probe_changed_stops_play_and_names_it() {
        // Digit-first with a wrong digit armed on an app that lets givens be overwritten: the
        // parking tap types the armed digit into the given.
        let mut app = unknown(InputStyle::DigitFirst, true);
        app.given_overwrite = true;
        let blank = app.shown.blanks().next().unwrap();
        let right = app.solution.get(blank).unwrap();
        let wrong = Digit::all().find(|&d| d != right);
        app.armed = wrong;
        match probe(&mut app) {
            Err(PlayError::GivenChanged { was, now, .. }) => {
                assert_eq!(was, right);
                assert_eq!(now, wrong);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_known_style_is_not_probed() {
        let (p, s) = puzzle();
        let mut app = FakeApp::new(&p, &s, InputStyle::DigitFirst);
        assert_eq!(probe(&mut app).unwrap(), None);
        assert_eq!(app.actions_seen, 0);
    }
}
