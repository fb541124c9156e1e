//! `autosudoku read [--image FILE | -s SERIAL]`: what the agent sees on a screen — the board drawn
//! and as one line, givens vs entered, notes, keypad keys, toolbar buttons, confidence and sanity — with
//! `--annotate out.png` to draw it over the screenshot and `--json` for scripts. Exit 4 when the
//! board is unreadable, covered, uncertain or without a single solution, or there is none (then
//! `read_scene` says what is on screen); the screenshot is saved either way.

use crate::cli::device_args::{capture_formats, device_failure, usage, ConnectionArgs};
use crate::cli::library_args::LibraryArgs;
use crate::cli::{output, read_scene, read_sized, GlobalArgs};
use crate::exit::{self, Exit};
use anyhow::Context;
use autosudoku_agent::device::{capture, foreground, open_device, CaptureFormat, Device};
use autosudoku_agent::home::{Home, KeepAt};
use autosudoku_agent::play::profile::Profile;
use autosudoku_agent::vision::annotate::annotate;
use autosudoku_agent::vision::decode::decode;
use autosudoku_agent::vision::screen::scene;
use autosudoku_agent::vision::{BoardRead, CellKind, Reader, ReaderOptions, VisionError};
use image::RgbaImage;
use serde_json::json;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Debug, clap::Args)]
pub struct ReadArgs {
    /// Read this screenshot (PNG, JPEG, WebP or BMP, told by its bytes; `-` reads it from stdin)
    /// instead of capturing the phone's screen.
    #[arg(long, value_name = "FILE")]
    pub image: Option<PathBuf>,
    #[command(flatten)]
    pub connection: ConnectionArgs,
    /// Capture format when reading from the phone.
    #[arg(long, value_parser = capture_formats(), default_value_t = CaptureFormat::Raw)]
    pub capture: CaptureFormat,
    /// Save the screenshot with what was read drawn over it.
    #[arg(long, value_name = "OUT.png")]
    pub annotate: Option<PathBuf>,
    #[command(flatten)]
    pub library: LibraryArgs,
    /// Do not save glyphs learned by this read.
    #[arg(long)]
    pub no_learn: bool,
    /// App profile: a name (shipped, yours, or in --profiles) or a .toml file (its template set
    /// is used).
    #[arg(long, value_name = "NAME|FILE")]
    pub profile: Option<String>,
}

pub fn run(args: ReadArgs, global: &GlobalArgs) -> anyhow::Result<Exit> {
    let home = global.home()?;
    let profile = match &args.profile {
        Some(p) => Some(
            Profile::find(p, &args.library.profile_sources(&home))
                .map_err(|e| exit::with_code(Exit::Usage, e))?,
        ),
        None => None,
    };
    let (img, from, mut device) = screen(&args)?;
    // A phone's glyphs are filed under the app in front, as play files them; a file's (or a phone
    // that names no app) under the font's fingerprint. Nothing to file: the phone is not asked.
    let app = device
        .as_mut()
        .filter(|_| !args.no_learn)
        .and_then(|d| foreground::ask(&mut **d).ok().flatten())
        .map(|f| f.package);
    let mut reader = Reader::new(ReaderOptions {
        templates: Some(args.library.template_sources(&home)),
        font: profile.as_ref().map(|p| p.font().to_string()),
        learn: !args.no_learn,
        app,
    })
    .map_err(|e| exit::with_code(Exit::Failure, e))?;
    let start = Instant::now();
    let read = match reader.read(&img) {
        Ok(r) => r,
        Err(e @ VisionError::NoGrid { .. }) => {
            if let Some(sized) = read_sized::report(&img, &from, global) {
                return sized;
            }
            let seen = read_scene::no_grid(&img, &e, device.as_mut(), profile.as_ref());
            let kept = keep_plain(&args, home, &img)?;
            let err = exit::with_code(
                Exit::Unreadable,
                anyhow::anyhow!("{from}: {seen}; screenshot saved to {}", kept.display()),
            );
            return Err(exit::with_artifact(err, &kept));
        }
        Err(e) => return Err(exit::with_code(Exit::Failure, e)),
    };
    // Part of a bigger board (ten lines of a 12x12 or 16x16) reads as a 9x9 grid in doubt.
    if !read.is_certain() {
        if let Some(sized) = read_sized::report(&img, &from, global) {
            return sized;
        }
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let annotated = keep_annotated(&args, home, &img, &read)?;
    // What covers the grid, as play would judge it (the app's solved card, a pop-up).
    let cover = (!read.covered.is_empty()).then(|| {
        let read = Ok(read.clone());
        read_scene::judged(&img, &read, device.as_mut(), profile.as_ref())
    });
    let refused = refusal(&read, &from, annotated.as_deref(), cover.flatten());
    if global.json {
        let mut report = report_json(&read, &from, ms, annotated.as_deref());
        if let Some(err) = &refused {
            report["error"] = exit::json_body(err);
        }
        output::line(report)?;
    } else {
        output::text(report_text(&read, ms))?;
        if let (Some(p), false) = (&annotated, global.quiet) {
            eprintln!("annotated screenshot: {}", p.display());
        }
    }
    match refused {
        None => Ok(Exit::Ok),
        // The report above carries it as `error`.
        Some(err) if global.json => Err(exit::printed(err)),
        Some(err) => Err(err),
    }
}

/// The error for a read that cannot be trusted (exit 4, with the annotated screenshot), `None`
/// for a certain one; `cover` is what covers its grid, when that was judged.
fn refusal(
    read: &BoardRead,
    from: &str,
    annotated: Option<&Path>,
    cover: Option<String>,
) -> Option<anyhow::Error> {
    if read.is_certain() {
        return None;
    }
    let why = match cover {
        Some(seen) => format!("{}: {seen}", verdict(read)),
        None => verdict(read),
    };
    let saved = annotated
        .map(|p| format!("; annotated screenshot saved to {}", p.display()))
        .unwrap_or_default();
    let err = exit::with_code(Exit::Unreadable, anyhow::anyhow!("{from}: {why}{saved}"));
    Some(match annotated {
        Some(p) => exit::with_artifact(err, p),
        None => err,
    })
}

/// A phone a screenshot was captured from, kept to ask it what hides a game the capture lacks.
type Source = Option<Box<dyn Device>>;

/// The screenshot to read (from `--image`, or captured from the phone), where it came from, and
/// the phone it was captured from.
fn screen(args: &ReadArgs) -> anyhow::Result<(RgbaImage, String, Source)> {
    Ok(match &args.image {
        Some(path) if path == Path::new("-") => (load(path)?, "stdin".to_string(), None),
        Some(path) => (load(path)?, path.display().to_string(), None),
        None => {
            let timeouts = args.connection.timeouts().map_err(usage)?;
            let route = args.connection.route()?;
            let mut device = open_device(&route, timeouts).map_err(device_failure)?;
            let shot = capture(&mut *device, args.capture).map_err(device_failure)?;
            let serial = device.serial().to_string();
            (shot.image, serial, Some(device))
        }
    })
}

/// The screenshot as captured (no grid: nothing to draw), where `--annotate` says, else in the
/// data folder.
fn keep_plain(args: &ReadArgs, home: Home, img: &RgbaImage) -> anyhow::Result<PathBuf> {
    let path = match &args.annotate {
        Some(p) => p.clone(),
        None => KeepAt::Home {
            home,
            what: "read".into(),
        }
        .path_now()
        .context("cannot make the screenshots folder; choose a path with --annotate")?,
    };
    img.save(&path).with_context(|| {
        format!(
            "cannot write {}; choose another path with --annotate",
            path.display()
        )
    })?;
    Ok(path)
}

/// The annotated screenshot, written where `--annotate` says, or to the data folder when the read
/// is unsure (so a person can see why); `None` for a certain read without `--annotate`.
fn keep_annotated(
    args: &ReadArgs,
    home: Home,
    img: &RgbaImage,
    read: &BoardRead,
) -> anyhow::Result<Option<PathBuf>> {
    let path = match (&args.annotate, read.is_certain()) {
        (Some(p), _) => p.clone(),
        (None, false) => KeepAt::Home {
            home,
            what: "read".into(),
        }
        .path_now()
        .context("cannot make the screenshots folder; choose a path with --annotate")?,
        (None, true) => return Ok(None),
    };
    annotate(img, read).save(&path).with_context(|| {
        format!(
            "cannot write {}; choose another path with --annotate",
            path.display()
        )
    })?;
    Ok(Some(path))
}

/// The screenshot in a file, or on stdin for `-`.
fn load(path: &Path) -> anyhow::Result<RgbaImage> {
    let name = path.display();
    let bytes = if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map(|_| bytes)
            .with_context(|| "cannot read the screenshot from stdin")
    } else {
        std::fs::read(path)
            .with_context(|| format!("cannot read {name}; check the path given to --image"))
    }
    .map_err(|e| exit::with_code(Exit::Usage, e))?;
    decode(&bytes).map_err(|e| {
        exit::with_code(
            Exit::Usage,
            anyhow::anyhow!("cannot read the image {name}: {e}; give a screenshot with --image"),
        )
    })
}

/// Why a read is not usable, in one line.
fn verdict(read: &BoardRead) -> String {
    if let Some(why) = &read.not_in_play {
        return why.clone();
    }
    if !read.covered.is_empty() {
        return format!(
            "grid covered by a dialog ({} cells hidden: {})",
            read.covered.len(),
            scene::cell_list(&read.covered)
        );
    }
    let unsure = read.uncertain();
    if !unsure.is_empty() {
        let cells: Vec<String> = unsure
            .iter()
            .map(|c| format!("{c} ({:.2})", read.cells[c.index()].confidence))
            .collect();
        return format!("uncertain read of {}", cells.join(", "));
    }
    let problems: Vec<String> = read
        .sanity
        .problems
        .iter()
        .filter(|p| p.is_misread())
        .map(|p| p.to_string())
        .collect();
    let suspects: Vec<String> = read
        .sanity
        .suspects
        .iter()
        .map(|c| format!("{c} ({:.2})", read.cells[c.index()].confidence))
        .collect();
    let problems = format!(
        "the board read does not make a proper puzzle: {}",
        problems.join(", ")
    );
    if suspects.is_empty() {
        problems
    } else {
        format!("{problems}; suspect cells: {}", suspects.join(", "))
    }
}

/// `items` joined by spaces, or `none` when there are none.
fn listed(items: Vec<String>, none: &str) -> String {
    if items.is_empty() {
        none.into()
    } else {
        items.join(" ")
    }
}

fn report_text(read: &BoardRead, ms: f64) -> String {
    let mut out = format!("{}\n{}\n", read.board, read.board.to_line());
    out += &format!("grid:     found by {}\n", read.geometry.cue.name());
    if read.givens_known {
        out += &format!("givens:   {}\n", read.givens().to_line());
        out += &digits_text(read);
    } else {
        out += "givens:   unknown (not told from the entries by their look and the logic)\n";
        out += &notes_text(read);
    }
    out += &controls_text(read);
    out += &certainty_text(read);
    let how = match (&read.font, read.ocr_calls) {
        (Some(f), 0) => format!("templates {f}"),
        (Some(f), n) => format!("templates {f} + Tesseract ({n} calls)"),
        (None, n) => format!("Tesseract ({n} calls)"),
    };
    out += &format!("read in {ms:.0} ms with {how}\n");
    out
}

/// The entered digits and the pencil notes.
fn digits_text(read: &BoardRead) -> String {
    let entered: Vec<String> = read
        .entered()
        .filled()
        .map(|(c, d)| format!("{c}={d}"))
        .collect();
    format!(
        "entered:  {}\n{}",
        listed(entered, "none"),
        notes_text(read)
    )
}

/// The pencil notes.
fn notes_text(read: &BoardRead) -> String {
    let notes: Vec<String> = read
        .cells
        .iter()
        .filter(|c| c.kind == CellKind::Notes)
        .map(|c| {
            format!(
                "{}{{{}}}",
                c.cell,
                c.notes.iter().map(|d| d.to_string()).collect::<String>()
            )
        })
        .collect();
    format!("notes:    {}\n", listed(notes, "none"))
}

/// The keypad keys and toolbar buttons, where they are and how they were known.
fn controls_text(read: &BoardRead) -> String {
    let keypad = match &read.keypad {
        Some(k) => {
            let keys: Vec<String> = k
                .keys
                .iter()
                .map(|k| format!("{}@{}", k.digit, k.rect.center()))
                .collect();
            format!("keypad:   {:?}: {}\n", k.layout, keys.join(" "))
        }
        None => "keypad:   none found\n".into(),
    };
    let buttons: Vec<String> = read
        .buttons
        .iter()
        .map(|b| {
            let by = match &b.word {
                Some(w) => format!("label {w:?}"),
                None => "icon".into(),
            };
            format!(
                "{}@{} ({by}, {:.2})",
                b.kind.name(),
                b.rect.center(),
                b.confidence
            )
        })
        .collect();
    format!("{keypad}buttons:  {}\n", listed(buttons, "none found"))
}

/// The least sure cell, covered cells and the puzzle's sanity.
fn certainty_text(read: &BoardRead) -> String {
    let mut out = String::new();
    let lowest = read
        .cells
        .iter()
        .min_by(|a, b| a.confidence.total_cmp(&b.confidence));
    if let Some(c) = lowest {
        out += &format!(
            "confidence: lowest {:.2} at {}; {} cell(s) uncertain\n",
            c.confidence,
            c.cell,
            read.uncertain().len()
        );
    }
    if !read.covered.is_empty() {
        out += &format!(
            "covered:  {} cells hidden by a dialog: {}\n",
            read.covered.len(),
            scene::cell_list(&read.covered)
        );
    }
    let problems: Vec<String> = read.sanity.problems.iter().map(|p| p.to_string()).collect();
    let sanity = if problems.is_empty() && read.board.blanks().next().is_none() {
        "ok (finished: every cell filled, no rule broken)".into()
    } else if problems.is_empty() {
        "ok (one solution)".into()
    } else {
        problems.join("; ")
    };
    out + &format!("sanity:   {sanity}\n")
}

fn report_json(
    read: &BoardRead,
    from: &str,
    ms: f64,
    annotated: Option<&Path>,
) -> serde_json::Value {
    json!({
        "source": from,
        "certain": read.is_certain(),
        "line": read.board.to_line(),
        "givens_known": read.givens_known,
        "givens": read.givens_known.then(|| read.givens().to_line()),
        "entered": read.givens_known.then(|| read.entered().to_line()),
        "uncertain": read.uncertain(),
        "read": read,
        "ms": (ms * 10.0).round() / 10.0,
        "annotated": annotated,
    })
}
