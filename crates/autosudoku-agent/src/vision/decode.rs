//! Screenshot files as users have them → `RgbaImage`: PNG, JPEG, WebP or BMP, told apart by their
//! bytes (a PNG saved as `.jpg` is still a PNG), turned upright by their EXIF orientation (phone
//! cameras and some share sheets store the rotation there instead of rotating the pixels), and
//! refused, not allocated, when the header claims a picture no screen has.

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits, RgbaImage};
use std::io::Cursor;
use thiserror::Error;

/// The largest side we accept: the biggest tablets are 2800 px, photos of a screen 8000.
pub const MAX_SIDE: u32 = 16_384;

/// The most memory one decode may take (a 16384x16384 RGBA picture would need 1 GiB).
const MAX_ALLOC: u64 = 512 << 20;

/// Why bytes are not a screenshot we can read.
#[derive(Debug, Error)]
pub enum DecodeError {
    #[error("not a PNG, JPEG, WebP or BMP image (the file starts with {head})")]
    UnknownFormat { head: String },
    #[error("{format:?} images are not supported: save the screenshot as PNG, JPEG, WebP or BMP")]
    Unsupported { format: ImageFormat },
    #[error("the {format:?} image claims to be {width}x{height}, bigger than any screen (at most {MAX_SIDE} px a side)")]
    TooBig {
        format: ImageFormat,
        width: u32,
        height: u32,
    },
    #[error("the {format:?} image is damaged: {reason}")]
    Damaged { format: ImageFormat, reason: String },
}

const FORMATS: [ImageFormat; 4] = [
    ImageFormat::Png,
    ImageFormat::Jpeg,
    ImageFormat::WebP,
    ImageFormat::Bmp,
];

/// Decodes a whole screenshot file, upright.
pub fn decode(bytes: &[u8]) -> Result<RgbaImage, DecodeError> {
    let format =
        image::guess_format(bytes).map_err(|_| DecodeError::UnknownFormat { head: head(bytes) })?;
    if !FORMATS.contains(&format) {
        return Err(DecodeError::Unsupported { format });
    }
    let damaged = |e: image::ImageError| DecodeError::Damaged {
        format,
        reason: e.to_string(),
    };
    // The header first, unlimited, so a refusal can say what size it claims; then the limits.
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.no_limits();
    let mut decoder = reader.into_decoder().map_err(damaged)?;
    let (width, height) = decoder.dimensions();
    let too_big = DecodeError::TooBig {
        format,
        width,
        height,
    };
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(too_big);
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);
    decoder.set_limits(limits).map_err(|_| too_big)?;
    // A missing or unreadable EXIF block means the pixels are already upright.
    let orientation = decoder.orientation().ok();
    let mut img = DynamicImage::from_decoder(decoder).map_err(|e| match e {
        image::ImageError::Limits(_) => DecodeError::TooBig {
            format,
            width,
            height,
        },
        e => damaged(e),
    })?;
    if let Some(o) = orientation {
        img.apply_orientation(o);
    }
    Ok(img.into_rgba8())
}

/// The first bytes, for a message that lets a person see what the file really is.
fn head(bytes: &[u8]) -> String {
    let shown: Vec<String> = bytes.iter().take(8).map(|b| format!("{b:02x}")).collect();
    if shown.is_empty() {
        "nothing: the file is empty".into()
    } else {
        shown.join(" ")
    }
}

/// Rewrites a PNG's IHDR to claim `width`x`height`, its CRC fixed up: a hostile header for the
/// refusal tests. Width and height follow the 8-byte signature, the length and the chunk name;
/// the CRC (over name and data) follows the 13 data bytes.
#[cfg(test)]
pub(crate) fn claim_png_size(png: &mut [u8], width: u32, height: u32) {
    png[16..20].copy_from_slice(&width.to_be_bytes());
    png[20..24].copy_from_slice(&height.to_be_bytes());
    let crc = crc32fast::hash(&png[12..29]);
    png[29..33].copy_from_slice(&crc.to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageEncoder, Rgba};

    /// A 24x16 picture with a red 8x8 block top-left (big enough to survive JPEG), so a rotation shows.
    fn marked() -> RgbaImage {
        RgbaImage::from_fn(24, 16, |x, y| {
            if x < 8 && y < 8 {
                Rgba([255, 0, 0, 255])
            } else {
                Rgba([255, 255, 255, 255])
            }
        })
    }

    fn encoded(img: &RgbaImage, format: ImageFormat) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        DynamicImage::ImageRgba8(img.clone())
            .to_rgb8()
            .write_to(&mut out, format)
            .expect("encode");
        out.into_inner()
    }

    #[test]
    fn every_format_is_sniffed_from_its_bytes() {
        for format in [ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Bmp] {
            let img = decode(&encoded(&marked(), format)).expect("decodes");
            assert_eq!(img.dimensions(), (24, 16), "{format:?}");
        }
        // image encodes only lossless WebP; the decoder reads both kinds.
        let mut webp = Vec::new();
        image::codecs::webp::WebPEncoder::new_lossless(&mut webp)
            .write_image(marked().as_raw(), 24, 16, image::ExtendedColorType::Rgba8)
            .expect("webp");
        assert_eq!(decode(&webp).expect("webp decodes"), marked());
    }

    #[test]
    fn unknown_bytes_and_other_formats_are_refused_with_what_they_are() {
        let e = decode(b"hello, world").unwrap_err().to_string();
        assert!(e.contains("68 65 6c 6c 6f"), "{e}");
        assert!(decode(b"").unwrap_err().to_string().contains("empty"));
        let gif = encoded(&marked(), ImageFormat::Gif);
        assert!(matches!(
            decode(&gif),
            Err(DecodeError::Unsupported {
                format: ImageFormat::Gif
            })
        ));
    }

    #[test]
    fn a_header_claiming_a_giant_picture_is_refused_not_allocated() {
        let mut png = encoded(&marked(), ImageFormat::Png);
        claim_png_size(&mut png, 60_000, 60_000);
        assert!(matches!(
            decode(&png),
            Err(DecodeError::TooBig {
                width: 60_000,
                height: 60_000,
                ..
            })
        ));
        let truncated = &encoded(&marked(), ImageFormat::Png)[..30];
        assert!(matches!(
            decode(truncated),
            Err(DecodeError::Damaged { .. })
        ));
    }

    #[test]
    fn exif_orientation_turns_the_picture_upright() {
        // A JPEG with an APP1 Exif block saying "rotate 90 clockwise" (orientation 6).
        let jpeg = encoded(&marked(), ImageFormat::Jpeg);
        let mut tiff = b"MM\0\x2a\0\0\0\x08\0\x01".to_vec();
        tiff.extend_from_slice(&[0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]);
        let mut app1 = b"Exif\0\0".to_vec();
        app1.extend_from_slice(&tiff);
        let mut with_exif = jpeg[..2].to_vec();
        with_exif.extend_from_slice(&[0xFF, 0xE1]);
        with_exif.extend_from_slice(&((app1.len() + 2) as u16).to_be_bytes());
        with_exif.extend_from_slice(&app1);
        with_exif.extend_from_slice(&jpeg[2..]);
        let img = decode(&with_exif).expect("decodes");
        assert_eq!(img.dimensions(), (16, 24));
        // The red corner moved from top-left to top-right.
        let red = |p: &Rgba<u8>| p[0] > 200 && p[1] < 100;
        assert!(red(img.get_pixel(12, 4)), "{:?}", img.get_pixel(12, 4));
        assert!(!red(img.get_pixel(4, 4)));
    }
}
