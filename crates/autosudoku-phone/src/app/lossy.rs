//! The lossy look of a shared screenshot: a frame sent through a JPEG encoder and back, so skins
//! can show the agent block artefacts and ringing around digits (what store and chat screenshots
//! carry) on every capture.

use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ImageFormat, ImageResult, RgbImage, RgbaImage};

/// `frame` as it looks after JPEG compression at `quality` (75 is a common default of phone
/// galleries and messengers); the frame itself if encoding fails.
pub fn jpeg_round_trip(frame: RgbaImage, quality: u8) -> RgbaImage {
    let rgb = DynamicImage::ImageRgba8(frame).into_rgb8();
    round_trip(&rgb, quality).unwrap_or_else(|e| {
        tracing::warn!("JPEG round trip failed ({e}); the frame goes out lossless");
        DynamicImage::ImageRgb8(rgb).into_rgba8()
    })
}

fn round_trip(rgb: &RgbImage, quality: u8) -> ImageResult<RgbaImage> {
    let mut bytes = Vec::new();
    JpegEncoder::new_with_quality(&mut bytes, quality).encode_image(rgb)?;
    Ok(image::load_from_memory_with_format(&bytes, ImageFormat::Jpeg)?.into_rgba8())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thin_coloured_line_bleeds_but_stays_visible() {
        // One pixel of a coloured grid line: JPEG's halved chroma smears it into its neighbours.
        let mut img = RgbaImage::from_pixel(32, 32, image::Rgba([255, 255, 255, 255]));
        for y in 0..32 {
            img.put_pixel(13, y, image::Rgba([224, 49, 49, 255]));
        }
        let rgb = DynamicImage::ImageRgba8(img.clone()).into_rgb8();
        let out = round_trip(&rgb, 75).expect("JPEG round trip");
        assert_eq!(out.dimensions(), (32, 32));
        let off = |a: &image::Rgba<u8>, b: &image::Rgba<u8>| {
            (0..3).map(|c| a.0[c].abs_diff(b.0[c])).max().unwrap_or(0)
        };
        let worst = img.pixels().zip(out.pixels()).map(|(a, b)| off(a, b)).max();
        assert!(worst >= Some(8), "no artefacts at all ({worst:?})");
        let line = out.get_pixel(13, 16).0;
        assert!(line[1] < 160, "the line was lost: {line:?}");
    }
}
