//! `play --mode replay --record x.gif` at full speed (no `--delay`), made from the phone's
//! `screenrecord` and from host captures, graded frame by frame: the digits a frame shows are
//! counted in its own pixels (the app's cells from its layout), the step label is read by matching
//! it against the recorder's own label drawing, and the tap markers (the recorder's red rings)
//! are found in the cells. A label or a marker ahead of or behind the board it is drawn on fails.

use crate::rig::game::{rig_on, Rig};
use crate::rig::text;
use autosudoku_agent::record::draw_label;
use autosudoku_core::solve::{self, Step, Strategy};
use autosudoku_core::sudoku::Cell;
use autosudoku_phone::latency::Latency;
use image::{AnimationDecoder, Rgba, RgbaImage};
use std::ops::ControlFlow;

/// The recorder's marker colour (its palette's `OVERLAY[2]`, kept exact in the GIF).
const MARKER: [u8; 3] = [230, 40, 40];
/// Darker than this is a digit's ink on the classic skin's light cells and highlights.
const INK_LUMA: f32 = 160.0;

/// A square of GIF pixels.
#[derive(Debug, Clone, Copy)]
struct Square {
    x: u32,
    y: u32,
    side: u32,
}

fn luma(p: &Rgba<u8>) -> f32 {
    0.299 * f32::from(p[0]) + 0.587 * f32::from(p[1]) + 0.114 * f32::from(p[2])
}

fn pixels(frame: &RgbaImage, s: Square) -> impl Iterator<Item = &Rgba<u8>> {
    (s.y..s.y + s.side)
        .flat_map(move |y| (s.x..s.x + s.side).map(move |x| (x, y)))
        .filter(|&(x, y)| x < frame.width() && y < frame.height())
        .map(|(x, y)| frame.get_pixel(x, y))
}

/// Whether the cell shows a digit: ink (not the marker's red) over a twentieth of its middle.
fn shows_digit(frame: &RgbaImage, cell: Square) -> bool {
    let middle = Square {
        x: cell.x + cell.side / 4,
        y: cell.y + cell.side / 4,
        side: cell.side / 2,
    };
    let ink = pixels(frame, middle)
        .filter(|p| p.0[..3] != MARKER && luma(p) < INK_LUMA)
        .count() as u32;
    ink * 20 > middle.side * middle.side
}

/// Whether a tap marker is drawn in the cell.
fn has_marker(frame: &RgbaImage, cell: Square) -> bool {
    pixels(frame, cell).filter(|p| p.0[..3] == MARKER).count() >= 4
}

/// The step labels the recorder may draw, as it draws them: each count with the box its label
/// fills and which of the box's pixels are the text's light strokes.
struct Labels(Vec<(usize, Area, Vec<bool>)>);

/// A rectangle of GIF pixels.
#[derive(Debug, Clone, Copy)]
struct Area {
    x: u32,
    y: u32,
    w: u32,
    h: u32,
}

impl Labels {
    fn new(steps: usize, (w, h): (u32, u32)) -> Labels {
        const CANVAS: Rgba<u8> = Rgba([128, 128, 128, 255]);
        let labels = (0..=steps).map(|k| {
            let mut img = RgbaImage::from_pixel(w, h, CANVAS);
            draw_label(&mut img, &format!("steps {k}/{steps}"));
            let drawn: Vec<(u32, u32)> = img
                .enumerate_pixels()
                .filter(|(_, _, p)| **p != CANVAS)
                .map(|(x, y, _)| (x, y))
                .collect();
            let (x, y) = (
                drawn.iter().map(|p| p.0).min(),
                drawn.iter().map(|p| p.1).min(),
            );
            let (right, bottom) = (
                drawn.iter().map(|p| p.0).max(),
                drawn.iter().map(|p| p.1).max(),
            );
            let (x, y) = (x.expect("a label is drawn"), y.expect("a label is drawn"));
            let b = Area {
                x,
                y,
                w: right.unwrap_or(x) + 1 - x,
                h: bottom.unwrap_or(y) + 1 - y,
            };
            (k, b, light(&img, b))
        });
        Labels(labels.collect())
    }

    /// The step count of the label drawn on `frame`, if one is: the closest drawing, when under
    /// a twentieth of its pixels differ.
    fn read(&self, frame: &RgbaImage) -> Option<usize> {
        let (k, wrong, all) = self
            .0
            .iter()
            .map(|(k, b, mask)| {
                let seen = light(frame, *b);
                let wrong = seen.iter().zip(mask).filter(|(a, b)| a != b).count();
                (*k, wrong, mask.len())
            })
            .min_by_key(|c| c.1)?;
        (wrong * 20 < all).then_some(k)
    }
}

/// Which pixels of `b` are light (the label's strokes).
fn light(img: &RgbaImage, b: Area) -> Vec<bool> {
    (b.y..b.y + b.h)
        .flat_map(|y| (b.x..b.x + b.w).map(move |x| (x, y)))
        .map(|(x, y)| luma(img.get_pixel(x, y)) > 128.0)
        .collect()
}

/// What one frame of the GIF shows: its step label, whether a dialog covers the board (some
/// given shows no digit), the cells whose digits it shows (a replay without erases has shown
/// step k when it shows k entered cells), and the cells it marks as tapped.
#[derive(Debug)]
struct Graded {
    label: Option<usize>,
    covered: bool,
    shown: Vec<Cell>,
    marked: Vec<Cell>,
}

/// The GIF's frames, whole (its diff frames laid over what came before).
fn frames(gif: &std::path::Path) -> Vec<RgbaImage> {
    let file = std::io::BufReader::new(std::fs::File::open(gif).expect("the GIF"));
    let decoder = image::codecs::gif::GifDecoder::new(file).expect("a GIF");
    decoder
        .into_frames()
        .collect_frames()
        .expect("GIF frames")
        .into_iter()
        .map(image::Frame::into_buffer)
        .collect()
}

/// Each cell of the board, where it is in a GIF `gif_width` pixels wide.
fn cells(rig: &Rig, gif_width: u32) -> Vec<(Cell, Square)> {
    let scale = gif_width as f32 / rig.layout.width as f32;
    Cell::all()
        .map(|cell| {
            let r = rig.layout.cell_interior(cell);
            let square = Square {
                x: (r.x * scale).round() as u32,
                y: (r.y * scale).round() as u32,
                side: (r.w.min(r.h) * scale) as u32,
            };
            (cell, square)
        })
        .collect()
}

/// Grades every frame of `gif`, a recording of `rig`'s game replayed in `steps` steps.
fn grade(rig: &Rig, gif: &std::path::Path, steps: usize) -> Vec<Graded> {
    let frames = frames(gif);
    let first = frames.first().expect("the GIF has frames");
    let givens = rig.grader.givens();
    let (given, open): (Vec<_>, Vec<_>) = cells(rig, first.width())
        .into_iter()
        .partition(|(c, _)| givens.get(*c).is_some());
    let labels = Labels::new(steps, first.dimensions());
    let on = |frame: &RgbaImage, test: fn(&RgbaImage, Square) -> bool| -> Vec<Cell> {
        open.iter()
            .filter(|(_, s)| test(frame, *s))
            .map(|(c, _)| *c)
            .collect()
    };
    frames
        .iter()
        .map(|frame| Graded {
            label: labels.read(frame),
            covered: !given.iter().all(|(_, s)| shows_digit(frame, *s)),
            shown: on(frame, shows_digit),
            marked: on(frame, has_marker),
        })
        .collect()
}

/// How the GIF is made: from the phone's own `screenrecord` video, or from host captures (a phone
/// without `screenrecord`, as on some ROMs; the same path a host without ffmpeg takes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    Screenrecord,
    HostCaptures,
}

/// The classic skin (taps on cells and keypad) or the keys skin (no keypad: each digit goes in as
/// a key event, which the recorder has no tap of, after its cell is selected).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Input {
    Taps,
    Keys,
}

/// The replay a user records: MRV on an easy game (43 steps, none an erase) on a phone at a real
/// phone's pace (input one a 60 Hz frame, captures that take their time), recorded as a GIF with
/// no `--delay`, so whole batches of moves go in between two frames.
fn recorded_replay(input: Input, source: Source) -> (Vec<Graded>, usize) {
    let skin = match input {
        Input::Taps => "classic",
        Input::Keys => "keys",
    };
    let mut flags = vec!["--skin", skin, "--difficulty", "easy", "--seed", "5"];
    // A raw host capture of a 1080 px wide screen takes about 0.5 s at a real phone's pace, too
    // few to sample the batches; a 540 px wide one is a quarter of the bytes, so enough frames
    // fall between batches even when the host's cores are busy (at 720 px the classic run had
    // only three or four board frames under a load average of 20).
    let faults = match source {
        Source::Screenrecord => "",
        Source::HostCaptures => {
            flags.extend(["--size", "540x1200", "--density", "240"]);
            "missing=screenrecord"
        }
    };
    let rig = rig_on(&flags, faults, |p| p.latency(Latency::Realistic));
    let mut trace = Vec::new();
    solve::trace(&rig.grader.givens(), Strategy::Mrv, None, |s| {
        trace.push(s);
        ControlFlow::Continue(())
    });
    assert!(
        trace.iter().all(|s| matches!(s, Step::Place { .. })),
        "the test counts steps as entered cells: the replay must not erase"
    );
    let out = rig.play_with(
        "auto",
        &[
            "-v",
            "--mode",
            "replay",
            "--strategy",
            "mrv",
            "--record",
            "demo.gif",
        ],
    );
    let log = text(&out);
    assert!(out.status.success() && rig.solved(), "{log}");
    let from_host = log.contains("recording demo.gif from host captures");
    assert_eq!(from_host, source == Source::HostCaptures, "{log}");
    let graded = grade(&rig, &rig.dir.path().join("demo.gif"), trace.len());
    (graded, trace.len())
}

/// On every frame that shows the board, the label counts exactly the steps the frame shows, and
/// the cells marked as tapped are exactly those whose digits appeared since the frame before.
/// The first frame shows no step; the last (the app's Solved card over the board) says every
/// step is done.
fn assert_each_frame_labelled_and_marked_by_what_it_shows(graded: &[Graded], steps: usize) {
    let report: Vec<String> = graded
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let (label, shown, marked) = (g.label, g.shown.len(), g.marked.len());
            let covered = if g.covered { ", covered" } else { "" };
            format!("frame {i}: label {label:?}, shows {shown}, marks {marked}{covered}")
        })
        .collect();
    let report = report.join("\n");
    assert!(
        graded.first().is_some_and(|g| g.shown.is_empty()),
        "the GIF starts before any step\n{report}"
    );
    assert_eq!(graded.last().and_then(|g| g.label), Some(steps), "{report}");
    let board: Vec<&Graded> = graded.iter().filter(|g| !g.covered).collect();
    assert!(
        board.iter().filter(|g| g.label.is_some()).count() >= 5,
        "too few frames show the board and a label to judge\n{report}"
    );
    let mut before: &[Cell] = &[];
    for g in board {
        if let Some(k) = g.label {
            assert_eq!(
                k,
                g.shown.len(),
                "a frame's label and board differ\n{report}"
            );
        }
        let mut new: Vec<Cell> = g
            .shown
            .iter()
            .filter(|c| !before.contains(c))
            .copied()
            .collect();
        let mut marked = g.marked.clone();
        new.sort_by_key(|c| c.index());
        marked.sort_by_key(|c| c.index());
        assert_eq!(
            marked, new,
            "a frame's markers are not the digits it adds\n{report}"
        );
        before = &g.shown;
    }
}

/// The user's run: a replay recorded as a GIF at full speed, made from the phone's `screenrecord`.
#[test]
fn replay_gif_labels_and_marks_each_frame_with_the_steps_it_shows() {
    let (graded, steps) = recorded_replay(Input::Taps, Source::Screenrecord);
    assert_each_frame_labelled_and_marked_by_what_it_shows(&graded, steps);
}

/// The same run on a phone without `screenrecord`: the GIF is made from host captures taken while
/// the batches go in, and is held to the same standard.
#[test]
fn replay_gif_from_host_captures_labels_and_marks_each_frame_with_the_steps_it_shows() {
    let (graded, steps) = recorded_replay(Input::Taps, Source::HostCaptures);
    assert_each_frame_labelled_and_marked_by_what_it_shows(&graded, steps);
}

/// A keyboard-input app (no keypad: digits go in as key events) on a phone without
/// `screenrecord`, at full speed: the label counts what each frame shows, and the markers are the
/// cells whose digits the frame adds.
#[test]
fn replay_gif_of_a_keyboard_app_from_host_captures_labels_each_frame_with_the_steps_it_shows() {
    let (graded, steps) = recorded_replay(Input::Keys, Source::HostCaptures);
    assert_each_frame_labelled_and_marked_by_what_it_shows(&graded, steps);
}

/// The same keyboard-input app recorded from the phone's `screenrecord`.
#[test]
fn replay_gif_of_a_keyboard_app_labels_and_marks_each_frame_with_the_steps_it_shows() {
    let (graded, steps) = recorded_replay(Input::Keys, Source::Screenrecord);
    assert_each_frame_labelled_and_marked_by_what_it_shows(&graded, steps);
}
