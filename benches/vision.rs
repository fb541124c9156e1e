//! Reading a screenshot already in memory (RGBA, as a raw `screencap` delivers it) into a board with
//! its keypad. Targets: under 30 ms at 1080x2400 once the app's font templates are known,
//! under 1 s cold (Tesseract started and run on every distinct glyph).
//!
//! `cargo bench --bench vision`

use autosudoku_agent::vision::pixels::Planes;
use autosudoku_agent::vision::{Reader, ReaderOptions};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::path::Path;

const SHOTS: [&str; 3] = [
    "phone-classic-native-half",
    "phone-night-native-notes",
    "render-dark-half",
];

fn load(name: &str) -> image::RgbaImage {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/screens")
        .join(format!("{name}.png"));
    image::open(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .to_rgba8()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("read");
    group.sample_size(10);
    for name in SHOTS {
        let img = load(name);
        let size = format!("{}x{}", img.width(), img.height());
        // Warm: the reader learned this font from one Tesseract read and keeps it in memory.
        let mut warm = Reader::new(ReaderOptions::default()).expect("reader");
        let first = warm.read(&img).expect("corpus screenshot reads");
        assert!(first.is_certain());
        group.bench_function(format!("templates/{name}/{size}"), |b| {
            b.iter(|| {
                let r = warm.read(&img).expect("read");
                assert_eq!(r.ocr_calls, 0, "templates should know every glyph");
                r
            })
        });
        group.bench_function(format!("cold/{name}/{size}"), |b| {
            b.iter_batched(
                || Reader::new(ReaderOptions::default()).expect("reader"),
                |mut reader| reader.read(&img).expect("read"),
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
    // The one pass over every pixel that each read starts with, alone.
    let img = load("phone-classic-native-half");
    c.bench_function("planes/1080x2400", |b| b.iter(|| Planes::from_rgba(&img)));
}

criterion_group!(benches, bench);
criterion_main!(benches);
