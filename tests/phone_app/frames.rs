//! Golden frames: a fixed mid-game screen of every skin, downscaled, against the checked-in PNGs
//! (`REGENERATE=1` rewrites them after an intended change of look).

use super::phone;
use crate::rig;
use autosudoku_phone::app::{SkinName, Tool};
use autosudoku_phone::screen::Screen;
use image::{imageops, RgbaImage};
use std::path::PathBuf;
use std::time::Duration;

/// Downscaled by 3 (box filter): small golden files that still catch any change of look.
fn thumbnail(img: &RgbaImage) -> RgbaImage {
    imageops::thumbnail(img, img.width() / 3, img.height() / 3)
}

/// A fixed mid-game screen: entries, a mistake, notes, a selection.
fn mid_game(skin: SkinName) -> RgbaImage {
    let mut p = phone(skin);
    let blanks = p.blanks();
    for &c in &blanks[..5] {
        let d = p.answer(c);
        p.tap_cell(c);
        p.key(7 + d.get() as u32);
    }
    p.tap_cell(blanks[6]);
    let w = p.wrong(blanks[6]);
    p.key(7 + w.get() as u32);
    if p.app.layout().tool_rect(Tool::Notes).is_some() {
        p.tap_cell(blanks[8]);
        p.tap_tool(Tool::Notes);
        for d in [1, 5, 9] {
            p.key(7 + d);
        }
    }
    p.tap_cell(blanks[0]);
    p.app.frame(Duration::from_secs(754))
}

/// Where the golden frame of `skin` is kept.
fn golden_frame(skin: SkinName) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/golden")
        .join(format!("phone-{}.png", skin.as_str()))
}

/// Rewrites every skin's golden frame (`REGENERATE=1`, through `rig::golden`).
fn write_golden_frames() {
    for skin in SkinName::ALL {
        let path = golden_frame(skin);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        thumbnail(&mid_game(skin)).save(&path).unwrap();
    }
}

#[test]
fn frames_match_the_golden_images() {
    rig::golden::ready("phone frames", write_golden_frames);
    for skin in SkinName::ALL {
        let got = thumbnail(&mid_game(skin));
        let path = golden_frame(skin);
        let want = image::load_from_memory(&rig::golden::read(&path))
            .expect("a golden PNG")
            .to_rgba8();
        assert_eq!(got.dimensions(), want.dimensions(), "{skin:?}");
        // Tolerance for float rounding differences between platforms: a few levels per channel.
        let differing = got
            .pixels()
            .zip(want.pixels())
            .filter(|(a, b)| a.0.iter().zip(b.0).any(|(x, y)| x.abs_diff(y) > 8))
            .count();
        let allowed = (got.width() * got.height()) as usize / 500;
        assert!(
            differing <= allowed,
            "{skin:?}: {differing} pixels differ from {} (allowed {allowed}); {}",
            path.display(),
            rig::golden::hint()
        );
    }
}
