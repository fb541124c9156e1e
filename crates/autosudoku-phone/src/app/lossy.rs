//! The lossy look of a shared screenshot: a frame sent through a JPEG encoder and back, so skins
//! can show the agent block artefacts and ringing around digits (what store and chat screenshots
//! carry) on every capture.

use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ImageFormat, RgbaImage};

/// Quality of the round trip: 75 is a common default of phone galleries and messengers.
const QUALITY: u8 = 75;

/// `frame` as it looks after JPEG compression at `QUALITY`; the frame itself if encoding fails.
pub fn jpeg_round_trip(frame: RgbaImage) -> RgbaImage {
    let rgb = DynamicImage::ImageRgba8(frame).into_rgb8();
    let mut bytes = Vec::new();
    let encoded = JpegEncoder::new_with_quality(&mut bytes, QUALITY).encode_image(&rgb);
    match encoded.and_then(|()| image::load_from_memory_with_format(&bytes, ImageFormat::Jpeg)) {
        Ok(img) => img.into_rgba8(),
        Err(e) => {
            tracing::warn!("JPEG round trip failed ({e}); the frame goes out lossless");
            DynamicImage::ImageRgb8(rgb).into_rgba8()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sharp_edge_comes_back_blurred_but_close() {
        let mut img = RgbaImage::from_pixel(32, 32, image::Rgba([255, 255, 255, 255]));
        for y in 0..32 {
            for x in 12..14 {
                img.put_pixel(x, y, image::Rgba([0, 0, 0, 255]));
            }
        }
        let out = jpeg_round_trip(img.clone());
        assert_eq!(out.dimensions(), (32, 32));
        let diff: Vec<u8> = img
            .pixels()
            .zip(out.pixels())
            .map(|(a, b)| a.0[0].abs_diff(b.0[0]))
            .collect();
        assert!(diff.iter().any(|&d| d > 4), "no artefacts at all");
        assert!(diff.iter().all(|&d| d < 128), "the line was lost");
    }
}
