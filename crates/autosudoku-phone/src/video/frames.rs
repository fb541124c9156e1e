//! Turning display frames into video samples: fitting them into the video size the way
//! `screenrecord --size` does (scaled to keep the aspect ratio, centred on black), the
//! `--bugreport` overlay (recording time and frame number in the top-left corner), and PNG
//! encoding without alpha (the video has none).

use ab_glyph::{FontRef, PxScale};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::imageops::{self, FilterType as Resize};
use image::{ImageBuffer, ImageEncoder, PixelWithColorType, Rgb, RgbImage, RgbaImage};
use imageproc::drawing::{draw_filled_rect_mut, draw_text_mut, text_size};
use imageproc::rect::Rect;
use std::sync::OnceLock;
use std::time::Duration;

/// The display frame, fitted into `width` x `height`: unchanged when the sizes match.
pub fn fit(frame: &RgbaImage, width: u32, height: u32) -> RgbImage {
    let rgb = || {
        RgbImage::from_fn(frame.width(), frame.height(), |x, y| {
            let p = frame.get_pixel(x, y).0;
            Rgb([p[0], p[1], p[2]])
        })
    };
    if (frame.width(), frame.height()) == (width, height) {
        return rgb();
    }
    // The largest size with the display's aspect ratio that fits (integer maths, rounded down).
    let (fw, fh) = (u64::from(frame.width()), u64::from(frame.height()));
    let (w, h) = if u64::from(width) * fh <= u64::from(height) * fw {
        (width, (u64::from(width) * fh / fw) as u32)
    } else {
        ((u64::from(height) * fw / fh) as u32, height)
    };
    let scaled = match whole_factor(frame, w, h) {
        Some(k) => box_shrink(frame, k),
        None => imageops::resize(&rgb(), w.max(1), h.max(1), Resize::Triangle),
    };
    let mut out = RgbImage::new(width, height);
    imageops::replace(
        &mut out,
        &scaled,
        i64::from((width - scaled.width()) / 2),
        i64::from((height - scaled.height()) / 2),
    );
    out
}

/// The whole number `frame` shrinks by to `w` x `h`, if it does on both sides.
fn whole_factor(frame: &RgbaImage, w: u32, h: u32) -> Option<u32> {
    let k = frame.width() / w.max(1);
    (k > 1 && w * k == frame.width() && h * k == frame.height()).then_some(k)
}

/// `frame` shrunk `k` times by averaging each k x k block: what a phone's GPU does for free, at a
/// few milliseconds of CPU where a triangle filter spends tens (the frame stream's latency).
fn box_shrink(frame: &RgbaImage, k: u32) -> RgbImage {
    let (w, h, k) = (frame.width() / k, frame.height() / k, k as usize);
    let row_bytes = frame.width() as usize * 4;
    let n = (k * k) as u32;
    let mut out = Vec::with_capacity(w as usize * h as usize * 3);
    let mut sums = vec![[0u32; 3]; w as usize];
    for band in frame.as_raw().chunks_exact(row_bytes * k) {
        sums.iter_mut().for_each(|s| *s = [0; 3]);
        for row in band.chunks_exact(row_bytes) {
            for (x, p) in row.chunks_exact(4).enumerate() {
                let s = &mut sums[x / k];
                s[0] += u32::from(p[0]);
                s[1] += u32::from(p[1]);
                s[2] += u32::from(p[2]);
            }
        }
        out.extend(sums.iter().flat_map(|s| s.map(|v| ((v + n / 2) / n) as u8)));
    }
    RgbImage::from_raw(w, h, out).expect("w x h x 3 bytes were written")
}

fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| {
        FontRef::try_from_slice(dejavu::sans_mono::bold())
            .expect("the dejavu crate embeds valid TrueType fonts")
    })
}

/// `--bugreport`: "MM:SS.mmm #N" on black in the top-left corner, sized to the video.
pub fn stamp(frame: &mut RgbImage, at: Duration, number: u64) {
    let ms = at.as_millis();
    let text = format!(
        "{:02}:{:02}.{:03} #{number}",
        ms / 60_000,
        ms / 1000 % 60,
        ms % 1000
    );
    let scale = PxScale::from((frame.height() as f32 / 40.0).clamp(10.0, 48.0));
    let (w, h) = text_size(scale, font(), &text);
    let pad = (scale.y / 4.0) as u32;
    draw_filled_rect_mut(
        frame,
        Rect::at(0, 0).of_size(w + 2 * pad, h + 2 * pad),
        Rgb([0, 0, 0]),
    );
    draw_text_mut(
        frame,
        Rgb([255, 255, 255]),
        pad as i32,
        pad as i32,
        scale,
        font(),
        &text,
    );
}

/// The frame (RGB or RGBA) as PNG bytes, compressed fast: the recorder must keep up with the
/// screen, and `screencap -p` is timed too.
pub fn png<P>(frame: &ImageBuffer<P, Vec<u8>>) -> Vec<u8>
where
    P: PixelWithColorType<Subpixel = u8>,
{
    let mut out = Vec::new();
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Adaptive)
        .write_image(frame.as_raw(), frame.width(), frame.height(), P::COLOR_TYPE)
        .expect("encoding to memory cannot fail for a well-formed image buffer");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_factor_shrinks_by_block_averages() {
        let mut frame = RgbaImage::from_pixel(4, 2, image::Rgba([0, 0, 0, 255]));
        frame.put_pixel(0, 0, image::Rgba([200, 100, 40, 255]));
        let small = fit(&frame, 2, 1);
        assert_eq!(small.get_pixel(0, 0).0, [50, 25, 10]);
        assert_eq!(small.get_pixel(1, 0).0, [0, 0, 0]);
    }

    #[test]
    fn fitting_keeps_the_aspect_ratio_and_centres_on_black() {
        let white = RgbaImage::from_pixel(100, 200, image::Rgba([255, 255, 255, 255]));
        let same = fit(&white, 100, 200);
        assert_eq!(same.dimensions(), (100, 200));
        // A square video: the 1:2 display becomes 50x100 in the middle, black bars either side.
        let square = fit(&white, 100, 100);
        assert_eq!(square.dimensions(), (100, 100));
        assert_eq!(square.get_pixel(5, 50).0, [0, 0, 0]);
        assert_eq!(square.get_pixel(50, 50).0, [255, 255, 255]);
        assert_eq!(square.get_pixel(94, 50).0, [0, 0, 0]);
    }

    #[test]
    fn the_stamp_draws_in_the_corner_only() {
        let mut frame = RgbImage::from_pixel(200, 400, Rgb([255, 255, 255]));
        stamp(&mut frame, Duration::from_millis(61_234), 7);
        assert_eq!(frame.get_pixel(1, 1).0, [0, 0, 0]);
        assert_eq!(frame.get_pixel(199, 399).0, [255, 255, 255]);
        let bright = frame
            .pixels()
            .take(200 * 12)
            .filter(|p| p.0[0] > 200)
            .count();
        assert!(bright > 0, "the text is drawn in white on the black box");
    }

    #[test]
    fn png_round_trips() {
        let frame = RgbImage::from_pixel(3, 2, Rgb([10, 20, 30]));
        let back = image::load_from_memory(&png(&frame)).unwrap().to_rgb8();
        assert_eq!(back, frame);
    }
}
