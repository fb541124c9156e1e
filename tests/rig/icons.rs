//! The virtual phone's toolbar icons as icon templates, for the tests that say they read with
//! them: nothing ships them (a user's app shares none of them), so a test that wants the phone's
//! buttons found by icon puts them in its own template folder, as a user would put an app's icons
//! in theirs. Cut from the classic skin as it renders itself, notes off and on: the item the
//! button finder groups at each true toolbar position, normalised the way the finder compares it.

use autosudoku_agent::geometry::{Point, Rect};
use autosudoku_agent::vision::pixels::Planes;
use autosudoku_agent::vision::screen::buttons::{self, ICON_FOLDER};
use autosudoku_agent::vision::{Reader, ReaderOptions};
use autosudoku_phone::app::{App, AppArgs, Layout, Tool};
use autosudoku_phone::screen::{Screen, Touch};
use image::RgbaImage;
use std::path::Path;
use std::time::Duration;

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
    let later = now + Duration::from_millis(100);
    app.touch(Touch::Up { x: p.x, y: p.y }, later);
}

/// Writes the virtual phone's undo, erase and notes (off and on) icons into
/// `templates/icons/`, where a reader with `templates` among its folders finds them.
pub fn put_virtual_phone_icons(templates: &Path) {
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
    let dir = templates.join(ICON_FOLDER);
    std::fs::create_dir_all(&dir).expect("the icons folder");
    for (file, img, layout, tool) in shots {
        let item = item_at(img, layout, tool);
        let luma = Planes::from_rgba(img).luma;
        let glyph = buttons::shape(&luma, item).expect("the icon has ink");
        let path = dir.join(format!("{file}.png"));
        glyph
            .to_image()
            .save(&path)
            .expect("write the icon template");
    }
}
