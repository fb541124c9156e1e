//! `autosudoku calibrate --name APP`: learns an app from its screen. Reads the grid and keypad,
//! saves the annotated screenshot, learns the digit font (templates under `APP/` in the user's
//! templates folder), then finds the input style with play's safe probe (one right answer entered
//! digit-first, else cell-first, else with a hardware key: progress, never a mistake), reads the
//! mistake limit the status line shows, and writes `APP.toml` to the user's profiles folder with
//! them and the toolbar buttons found on screen (points an existing profile has for this screen
//! stay).

use crate::cli::device_args::{device_failure, usage, DeviceArgs};
use crate::cli::library_args::LibraryArgs;
use crate::cli::{output, GlobalArgs};
use crate::exit::{self, Exit};
use autosudoku_agent::device::{Phone, Screenshot};
use autosudoku_agent::home::KeepAt;
use autosudoku_agent::play::layout::Layout;
use autosudoku_agent::play::learn;
use autosudoku_agent::play::moves::{Action, InputStyle};
use autosudoku_agent::play::profile::{Buttons, Profile, Recognise};
use autosudoku_agent::vision::screen::status::StatusReader;
use autosudoku_agent::vision::{BoardRead, ButtonKind, Reader, ReaderOptions};
use autosudoku_core::solve::fast;
use autosudoku_core::sudoku::{Cell, Digit};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(Debug, clap::Args)]
pub struct CalibrateArgs {
    #[command(flatten)]
    pub device: DeviceArgs,
    /// The app's name: the profile is written as NAME.toml to the last --profiles folder (else
    /// your profiles folder) and its font to NAME/ in the last --templates folder (else your
    /// templates folder).
    #[arg(long, value_name = "NAME")]
    pub name: String,
    #[command(flatten)]
    pub library: LibraryArgs,
    /// The screenshot with what was found drawn over it (default: your data folder's
    /// screenshots/, named by the time).
    #[arg(long, value_name = "FILE.png")]
    pub annotate: Option<PathBuf>,
}

fn fail(e: impl Into<anyhow::Error>) -> anyhow::Error {
    exit::with_code(Exit::Failure, e)
}

fn look(phone: &mut Phone, reader: &mut Reader) -> anyhow::Result<(Screenshot, BoardRead)> {
    std::thread::sleep(Duration::from_millis(150)); // let the app draw the last input
    let shot = phone.capture().map_err(device_failure)?;
    let read = reader
        .read(&shot.image)
        .map_err(|e| exit::with_code(Exit::Unreadable, e))?;
    Ok((shot, read))
}

pub fn run(args: CalibrateArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    check_name(&args.name)?;
    let config = args.device.resolve().map_err(usage)?;
    let mut phone = Phone::connect(&config).map_err(device_failure)?;
    let home = global.home()?;
    let annotate = match &args.annotate {
        Some(path) => KeepAt::File(path.clone()),
        None => KeepAt::Home {
            home: home.clone(),
            what: "calibrate".into(),
        },
    }
    .path_now()
    .map_err(fail)?;
    let profiles = home.profiles_to_write(&args.library.profiles);
    let mut reader = Reader::new(ReaderOptions {
        templates: Some(args.library.template_sources(&home)),
        font: Some(args.name.clone()),
        learn: true,
    })
    .map_err(fail)?;
    let say = |text: String| {
        if !global.quiet {
            eprintln!("{text}");
        }
    };
    let (shot, read) = look(&mut phone, &mut reader)?;
    autosudoku_agent::vision::annotate::annotate(&shot.image, &read)
        .save(&annotate)
        .map_err(fail)?;
    say(found(&read, &annotate));
    let (cell, digit) = first_answer(&read, &annotate)?;
    let layout = Layout::from_read(&read, shot.size, shot.rotation);
    let style = probe(&mut phone, &mut reader, &read, &layout, (cell, digit))?;
    let top = Some(read.geometry.bounds().y);
    let limit = learn::limit_shown(StatusReader::default().read(&shot.image, top).mistakes);
    let size = phone.screen_map().screenshot;
    let path = profiles.join(format!("{}.toml", args.name));
    let buttons = buttons(&read, &path, [size.width, size.height]);
    say(describe(&buttons));
    let profile = Profile {
        name: args.name.clone(),
        font: None,
        recognise: Recognise {
            // The app in front, so `play` picks this profile on any screen size.
            package: phone.foreground().ok().flatten().map(|f| f.package),
            screen: Some([size.width, size.height]),
            ..Recognise::default()
        },
        input: style.into_iter().collect(),
        mistake_limit: limit.as_ref().and_then(|f| f.value),
        buttons,
        dialogs: Vec::new(),
        rank: 0,
    };
    write_profile(&profile, &profiles, &path)?;
    match style {
        Some(s) => say(format!(
            "input style: {s} (entered {digit} at {cell} to find out)"
        )),
        None => say(
            "input style: not found (no way of entering a digit worked); set `input` by hand"
                .into(),
        ),
    }
    match &limit {
        Some(f) => say(format!(
            "mistake limit: {} ({})",
            f.value.map_or("none".into(), |n| n.to_string()),
            f.how
        )),
        None => say("mistake limit: no mistakes counter on screen".into()),
    }
    say(format!("profile written to {}", path.display()));
    if global.json {
        output::line(serde_json::to_string(&profile).map_err(fail)?)?;
    }
    Ok(if style.is_some() {
        Exit::Ok
    } else {
        Exit::Failure
    })
}

/// A profile name is a file name: letters, digits, '-' and '_'.
fn check_name(name: &str) -> anyhow::Result<()> {
    let ok = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        return Ok(());
    }
    Err(exit::with_code(
        Exit::Usage,
        anyhow::anyhow!("--name {name:?} must be letters, digits, '-' or '_' (it names a file)"),
    ))
}

/// What the first read found, for the user.
fn found(read: &BoardRead, annotated: &Path) -> String {
    format!(
        "grid found: {} givens, {} entries; keypad: {}; annotated screenshot: {}",
        read.givens().filled_count(),
        read.entered().filled_count(),
        read.keypad
            .as_ref()
            .map_or("none (hardware keys?)".to_string(), |k| format!(
                "{} keys, {:?}",
                k.keys.len(),
                k.layout
            )),
        annotated.display()
    )
}

/// The first empty cell and its answer: entering it is progress, never a mistake. Refuses an
/// uncertain read, givens without a solution and a full grid.
fn first_answer(read: &BoardRead, annotated: &Path) -> anyhow::Result<(Cell, Digit)> {
    let see = annotated.display();
    let unreadable = |what: String| {
        exit::with_artifact(
            exit::with_code(Exit::Unreadable, anyhow::anyhow!(what)),
            annotated,
        )
    };
    if !read.is_certain() {
        return Err(unreadable(format!(
            "the board was not read with certainty; see {see} and start a fresh game"
        )));
    }
    let solution = fast::solve(&read.givens())
        .ok_or_else(|| unreadable(format!("the givens read have no solution; see {see}")))?;
    let Some(cell) = read.board.blanks().next() else {
        return Err(fail(anyhow::anyhow!(
            "the grid is full; start a new game and calibrate again"
        )));
    };
    let digit = solution
        .get(cell)
        .ok_or_else(|| fail(anyhow::anyhow!("no answer for {cell}")))?;
    Ok((cell, digit))
}

/// Writes `profile` to `path` (in `dir`, made if missing), with a note on what to edit by hand.
fn write_profile(profile: &Profile, dir: &Path, path: &Path) -> anyhow::Result<()> {
    let text = toml::to_string(profile).map_err(fail)?;
    std::fs::create_dir_all(dir).map_err(fail)?;
    std::fs::write(path, format!("# Written by `autosudoku calibrate`; edit mistake_limit, buttons and dialogs by hand.\n{text}"))
        .map_err(fail)
}

/// The button points for the profile: those an existing profile for this screen size already
/// has (set by hand, perhaps), the rest as found on screen.
fn buttons(read: &BoardRead, path: &Path, screen: [u32; 2]) -> Buttons {
    let kept = Profile::load(path)
        .ok()
        .filter(|p| p.recognise.screen == Some(screen))
        .map(|p| p.buttons)
        .unwrap_or_default();
    let found = |kind: ButtonKind| {
        read.buttons.iter().find(|b| b.kind == kind).map(|b| {
            let c = b.rect.center();
            [c.x, c.y]
        })
    };
    Buttons {
        erase: kept.erase.or_else(|| found(ButtonKind::Erase)),
        notes: kept.notes.or_else(|| found(ButtonKind::Notes)),
        undo: kept.undo.or_else(|| found(ButtonKind::Undo)),
    }
}

fn describe(b: &Buttons) -> String {
    let named: Vec<String> = [("erase", b.erase), ("notes", b.notes), ("undo", b.undo)]
        .iter()
        .filter_map(|(n, p)| p.map(|[x, y]| format!("{n} at ({x}, {y})")))
        .collect();
    if named.is_empty() {
        "buttons: none found (DEL erases; set [buttons] in the profile if the app has them)".into()
    } else {
        format!("buttons: {}", named.join(", "))
    }
}

/// Enters `digit` at `cell` each way in turn until the screen shows it: play's safe probe
/// (`learn::tries`), so a wrong digit is never typed whatever the app is.
fn probe(
    phone: &mut Phone,
    reader: &mut Reader,
    read: &BoardRead,
    layout: &Layout,
    (cell, digit): (Cell, Digit),
) -> anyhow::Result<Option<InputStyle>> {
    let given = read.givens().filled().next().map(|(c, _)| c);
    let keypad = layout.digits[digit.index()].is_some();
    for (style, actions) in learn::tries(cell, digit, given, keypad) {
        send(phone, layout, &actions)?;
        if look(phone, reader)?.1.board.get(cell) == Some(digit) {
            return Ok(Some(style));
        }
    }
    Ok(None)
}

/// Sends `actions` through the layout of the first read, as play does: refused when the screen
/// changed size or rotation since.
fn send(phone: &mut Phone, layout: &Layout, actions: &[Action]) -> anyhow::Result<()> {
    let map = phone.screen_map();
    let strokes = layout.strokes_for(&map, actions).map_err(fail)?;
    phone
        .input()
        .strokes(&map, &strokes)
        .map_err(device_failure)?;
    Ok(())
}
