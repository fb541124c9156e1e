//! Learns the shipped toolbar icons (`templates/icons/{undo,erase,notes,notes-on}.png`) from the
//! virtual phone's classic skin as it renders itself, notes off and on: the item the button
//! finder groups at each true toolbar position, normalised the way the finder compares it. The
//! next build embeds them (`build.rs`'s table, which vision/screen/buttons/name.rs reads). Run it
//! after the phone's icons change on purpose:
//!
//! `scripts/learn-icons` (or `cargo run --example learn_icons`)

use autosudoku_agent::geometry::{Point, Rect};
use autosudoku_agent::vision::pixels::Planes;
use autosudoku_agent::vision::screen::buttons;
use autosudoku_agent::vision::{Reader, ReaderOptions};
use autosudoku_phone::app::{App, AppArgs, Layout, Tool};
use autosudoku_phone::screen::{Screen, Touch};
use image::RgbaImage;
use std::path::Path;
use std::time::Duration;

const ICONS: &str = "templates/icons";

/// The toolbar item (as the finder groups marks) drawn at `tool` on a phone screen.
fn item_at(img: &RgbaImage, layout: &Layout, tool: Tool) -> Rect {
    let read = Reader::new(ReaderOptions::default())
        .expect("the reader starts")
        .read(img)
        .expect("the phone screen reads");
    let at = layout.tool_rect(tool).expect("the skin has this tool");
    let inside = |p: Point| {
        let (x, y) = (p.x as f32, p.y as f32);
        x >= at.x && x < at.x + at.w && y >= at.y && y < at.y + at.h
    };
    buttons::items(
        &Planes::from_rgba(img).luma,
        &read.geometry,
        read.keypad.as_ref(),
    )
    .into_iter()
    .filter(|i| inside(i.center()))
    .max_by_key(|i| i.width * i.height)
    .unwrap_or_else(|| panic!("no item found at {tool:?}"))
}

/// Taps `tool` on the app as a finger would.
fn tap(app: &mut App, tool: Tool, now: Duration) {
    let p = app
        .layout()
        .tool_center(tool)
        .expect("the skin has this tool");
    app.touch(Touch::Down { x: p.x, y: p.y }, now);
    app.touch(
        Touch::Up { x: p.x, y: p.y },
        now + Duration::from_millis(100),
    );
}

fn main() {
    let mut app = AppArgs::default().build().expect("the classic app builds");
    let layout = app.layout().clone();
    let off = app.frame(Duration::from_secs(5));
    tap(&mut app, Tool::Notes, Duration::from_secs(6));
    let on = app.frame(Duration::from_secs(7));
    let on_layout = app.layout().clone();
    let shots = [
        ("undo", &off, &layout, Tool::Undo),
        ("erase", &off, &layout, Tool::Erase),
        ("notes", &off, &layout, Tool::Notes),
        ("notes-on", &on, &on_layout, Tool::Notes),
    ];
    for (file, img, layout, tool) in shots {
        let item = item_at(img, layout, tool);
        let glyph = buttons::shape(&Planes::from_rgba(img).luma, item).expect("the icon has ink");
        let path = Path::new(ICONS).join(format!("{file}.png"));
        glyph
            .to_image()
            .save(&path)
            .expect("write the icon template");
        println!("{}", path.display());
    }
}
