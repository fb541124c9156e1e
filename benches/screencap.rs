//! Screen capture decode (bytes in hand → `RgbaImage`) at 1440x3200, per format: raw RGBA_8888 and
//! RGBX_8888 (16-byte header), RGB_565, and the phone's PNG. Target: raw under 10 ms.

use autosudoku_agent::device::{decode_png, decode_raw};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use image::{Rgba, RgbaImage};

const W: u32 = 1440;
const H: u32 = 3200;

fn raw(format: u32, bytes_per_pixel: usize) -> Vec<u8> {
    let mut v = Vec::with_capacity(16 + (W * H) as usize * bytes_per_pixel);
    for word in [W, H, format, 1] {
        v.extend_from_slice(&word.to_le_bytes());
    }
    v.extend((0..(W * H) as usize * bytes_per_pixel).map(|i| (i * 7 % 251) as u8));
    v
}

fn decode(c: &mut Criterion) {
    let mut g = c.benchmark_group("screencap_decode_1440x3200");
    g.sample_size(20);
    for (name, bytes) in [
        ("rgba8888", raw(1, 4)),
        ("rgbx8888", raw(2, 4)),
        ("rgb565", raw(4, 2)),
    ] {
        // The decoder takes ownership of the buffer (it becomes the image), so each run gets a
        // fresh copy made outside the timed part.
        g.bench_function(name, |b| {
            b.iter_batched(
                || bytes.clone(),
                |v| decode_raw(v).unwrap(),
                BatchSize::LargeInput,
            )
        });
    }
    // A UI-like picture (flat areas and text-like edges) so PNG sizes are realistic.
    let ui = RgbaImage::from_fn(W, H, |x, y| {
        if (x / 160 + y / 160) % 2 == 0 && x % 160 > 20 {
            Rgba([250, 250, 250, 255])
        } else {
            Rgba([(x % 256) as u8, 40, 90, 255])
        }
    });
    let mut png = Vec::new();
    ui.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    g.bench_function("png", |b| b.iter(|| decode_png(&png).unwrap()));
    g.finish();
}

criterion_group!(benches, decode);
criterion_main!(benches);
