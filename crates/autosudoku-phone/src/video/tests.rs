//! The MP4 writer checked by parsing its boxes back, and by ffprobe (part of ffmpeg, which
//! scripts/setup installs: a missing ffprobe fails the test with that advice).

use super::frames;
use super::mp4::{Mp4Writer, HEAD_LEN, MDAT_SIZE_AT, TIMESCALE};
use image::{Rgb, RgbImage};
use std::time::Duration;

/// A box found in a file: type, body range.
#[derive(Debug)]
struct Found {
    kind: String,
    body: std::ops::Range<usize>,
}

/// The boxes directly inside `data[range]`, checking every size adds up.
fn children(data: &[u8], range: std::ops::Range<usize>) -> Vec<Found> {
    let mut at = range.start;
    let mut found = Vec::new();
    while at < range.end {
        let size = u32::from_be_bytes(data[at..at + 4].try_into().unwrap()) as usize;
        let kind = String::from_utf8_lossy(&data[at + 4..at + 8]).into_owned();
        let size = if size == 0 { range.end - at } else { size };
        assert!(
            size >= 8 && at + size <= range.end,
            "box {kind} at {at} overflows"
        );
        found.push(Found {
            kind,
            body: at + 8..at + size,
        });
        at += size;
    }
    found
}

/// The box at a path like `moov/trak/mdia`, from the top of the file.
fn find<'a>(data: &'a [u8], path: &str) -> &'a [u8] {
    let mut range = 0..data.len();
    for name in path.split('/') {
        // Sample entries and stsd have fixed fields before their child boxes.
        let skip = match name {
            "mp4v" => 8,
            "esds" => 78,
            _ => 0,
        };
        let inner = range.start + skip..range.end;
        let hit = children(data, inner)
            .into_iter()
            .find(|b| b.kind == name)
            .unwrap_or_else(|| panic!("no {name} on the way to {path}"));
        range = hit.body;
    }
    &data[range]
}

fn u32_at(body: &[u8], at: usize) -> u32 {
    u32::from_be_bytes(body[at..at + 4].try_into().unwrap())
}

/// Three frames: red at 0 s, green at 0.5 s, blue at 0.75 s, ending at 2 s.
fn movie() -> (Vec<u8>, Vec<RgbImage>) {
    let images: Vec<RgbImage> = [[255, 0, 0], [0, 255, 0], [0, 0, 255]]
        .into_iter()
        .map(|c| RgbImage::from_pixel(64, 48, Rgb(c)))
        .collect();
    let mut writer = Mp4Writer::new(64, 48, 1_000_000);
    let mut file = writer.head();
    for (image, ms) in images.iter().zip([0, 500, 750]) {
        let png = frames::png(image);
        assert!(writer.add_sample(png.len(), Duration::from_millis(ms)));
        file.extend(png);
    }
    let finish = writer.finish(Duration::from_secs(2));
    let at = MDAT_SIZE_AT as usize;
    file[at..at + 4].copy_from_slice(&finish.mdat_size);
    file.extend(finish.moov);
    (file, images)
}

#[test]
fn the_boxes_nest_and_add_up() {
    let (file, _) = movie();
    let top: Vec<String> = children(&file, 0..file.len())
        .into_iter()
        .map(|b| b.kind)
        .collect();
    assert_eq!(top, ["ftyp", "mdat", "moov"]);
    for path in [
        "moov/mvhd",
        "moov/trak/tkhd",
        "moov/trak/mdia/mdhd",
        "moov/trak/mdia/hdlr",
        "moov/trak/mdia/minf/vmhd",
        "moov/trak/mdia/minf/dinf/dref",
        "moov/trak/mdia/minf/stbl/stts",
        "moov/trak/mdia/minf/stbl/stsc",
        "moov/trak/mdia/minf/stbl/stsz",
        "moov/trak/mdia/minf/stbl/stco",
    ] {
        find(&file, path);
    }
    assert_eq!(&find(&file, "moov/trak/mdia/hdlr")[8..12], b"vide");
}

#[test]
fn the_tables_give_sizes_offsets_and_durations_of_every_sample() {
    let (file, images) = movie();
    let stbl = "moov/trak/mdia/minf/stbl";
    let stsz = find(&file, &format!("{stbl}/stsz"));
    let stco = find(&file, &format!("{stbl}/stco"));
    assert_eq!(u32_at(stsz, 8), 3);
    assert_eq!(u32_at(stco, 4), 3);
    for (i, image) in images.iter().enumerate() {
        let size = u32_at(stsz, 12 + 4 * i) as usize;
        let offset = u32_at(stco, 8 + 4 * i) as usize;
        let decoded = image::load_from_memory(&file[offset..offset + size])
            .unwrap()
            .to_rgb8();
        assert_eq!(&decoded, image, "sample {i}");
    }
    assert_eq!(u32_at(stco, 8) as u64, HEAD_LEN);
    // Durations 0.5 s, 0.25 s, 1.25 s at 90 kHz: three runs.
    let stts = find(&file, &format!("{stbl}/stts"));
    let runs: Vec<(u32, u32)> = (0..u32_at(stts, 4) as usize)
        .map(|i| (u32_at(stts, 8 + 8 * i), u32_at(stts, 12 + 8 * i)))
        .collect();
    let tick = TIMESCALE / 4;
    assert_eq!(runs, [(1, 2 * tick), (1, tick), (1, 5 * tick)]);
    let mdhd = find(&file, "moov/trak/mdia/mdhd");
    assert_eq!(
        (u32_at(mdhd, 12), u32_at(mdhd, 16)),
        (TIMESCALE, 2 * TIMESCALE)
    );
    let mvhd = find(&file, "moov/mvhd");
    assert_eq!(u32_at(mvhd, 16), 2000, "movie duration in ms");
    let tkhd = find(&file, "moov/trak/tkhd");
    assert_eq!((u32_at(tkhd, 76), u32_at(tkhd, 80)), (64 << 16, 48 << 16));
}

#[test]
fn the_sample_entry_declares_png_in_mp4v() {
    let (file, _) = movie();
    let entry = find(&file, "moov/trak/mdia/minf/stbl/stsd/mp4v");
    assert_eq!(u16::from_be_bytes([entry[24], entry[25]]), 64);
    assert_eq!(u16::from_be_bytes([entry[26], entry[27]]), 48);
    let esds = find(&file, "moov/trak/mdia/minf/stbl/stsd/mp4v/esds");
    // After version and flags: the ES descriptor (tag 3, size, ES_ID, flags), then the decoder
    // config (tag 4, size) whose first byte is the object type, 0x6D = PNG.
    assert_eq!(esds[4], 0x03);
    assert_eq!(esds[9], 0x04);
    assert_eq!(esds[11], 0x6D);
}

#[test]
fn an_unfinished_file_has_no_index() {
    let mut writer = Mp4Writer::new(8, 8, 1_000_000);
    let mut file = writer.head();
    let png = frames::png(&RgbImage::new(8, 8));
    assert!(writer.add_sample(png.len(), Duration::ZERO));
    file.extend(png);
    let top: Vec<String> = children(&file, 0..file.len())
        .into_iter()
        .map(|b| b.kind)
        .collect();
    assert_eq!(top, ["ftyp", "mdat"], "mdat runs to the end until finished");
}

/// ffprobe's `-show_entries` answer for the movie.
fn ffprobe(file: &[u8], entries: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("movie.mp4");
    std::fs::write(&path, file).unwrap();
    let out = std::process::Command::new("ffprobe")
        .args(["-v", "error", "-count_frames", "-select_streams", "v:0"])
        .args([
            "-show_entries",
            entries,
            "-of",
            "default=noprint_wrappers=1",
        ])
        .arg(&path)
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run ffprobe ({e}); run scripts/setup, which installs ffmpeg")
        });
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn ffprobe_reads_the_frames_size_and_duration() {
    let (file, _) = movie();
    let said = ffprobe(
        &file,
        "stream=codec_name,width,height,nb_read_frames,duration",
    );
    for line in [
        "codec_name=png",
        "width=64",
        "height=48",
        "nb_read_frames=3",
        "duration=2.000000",
    ] {
        assert!(
            said.lines().any(|l| l == line),
            "{line} missing in:\n{said}"
        );
    }
}
