//! Framebuffer bytes → `image::RgbaImage`: raw `screencap` output (12-byte header before Android 8.1,
//! 16 bytes after; RGBA_8888, RGBX_8888, RGB_565) with every size checked before allocating, and
//! `screencap -p` PNG as the fallback. Also the `Screenshot` value the rest of the agent receives.

use super::capture_format::CaptureFormat;
use super::geometry::{Rotation, Size};
use super::preamble::{read_preamble, split_preamble, Preamble, PNG_SIGNATURE};
use image::RgbaImage;
use serde::Serialize;
use std::io::Read;
use std::time::{Duration, SystemTime};

/// Largest side we accept from a header: bigger than any phone panel, small enough that a corrupt
/// header cannot make us allocate gigabytes.
pub const MAX_SIDE: u32 = 16_384;

/// One capture, with what the agent needs to trust it later.
#[derive(Debug, Clone)]
pub struct Screenshot {
    pub image: RgbaImage,
    pub size: Size,
    pub rotation: Rotation,
    pub captured_at: SystemTime,
    /// Wall time from request to decoded image.
    pub took: Duration,
    /// Bytes received from the device.
    pub bytes: usize,
    pub format: CaptureFormat,
    /// Text the phone printed before the image (warnings; empty on most phones).
    pub printed_first: String,
}

/// `screencap` pixel formats (`android.graphics.PixelFormat` / `HAL_PIXEL_FORMAT_*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum PixelFormat {
    Rgba8888,
    Rgbx8888,
    Rgb565,
}

impl PixelFormat {
    pub fn from_code(code: u32) -> Option<Self> {
        match code {
            1 => Some(PixelFormat::Rgba8888),
            2 => Some(PixelFormat::Rgbx8888),
            4 => Some(PixelFormat::Rgb565),
            _ => None,
        }
    }

    pub const fn bytes_per_pixel(self) -> u64 {
        match self {
            PixelFormat::Rgba8888 | PixelFormat::Rgbx8888 => 4,
            PixelFormat::Rgb565 => 2,
        }
    }
}

/// The raw `screencap` header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawHeader {
    pub width: u32,
    pub height: u32,
    pub format: PixelFormat,
}

impl RawHeader {
    /// Reads width, height and format from the first 12 bytes and validates them.
    pub fn parse(prefix: &[u8]) -> Result<Self, ScreencapError> {
        if prefix.len() < 12 {
            return Err(ScreencapError::TooShort {
                got: prefix.len(),
                text: printable(prefix),
            });
        }
        let word =
            |i: usize| u32::from_le_bytes([prefix[i], prefix[i + 1], prefix[i + 2], prefix[i + 3]]);
        let (width, height, code) = (word(0), word(4), word(8));
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(ScreencapError::BadSize {
                width,
                height,
                text: printable(prefix),
            });
        }
        let format = PixelFormat::from_code(code).ok_or(ScreencapError::UnknownFormat { code })?;
        Ok(RawHeader {
            width,
            height,
            format,
        })
    }

    pub fn pixel_bytes(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height) * self.format.bytes_per_pixel()
    }

    /// Total output length for a 12-byte (before 8.1) or 16-byte (with colour space) header.
    pub fn expected_lengths(&self) -> [u64; 2] {
        [12 + self.pixel_bytes(), 16 + self.pixel_bytes()]
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScreencapError {
    #[error("screencap sent {got} bytes, less than its 12-byte header{text}; the screen could not be captured (is the display on?), try again or use --capture png")]
    TooShort { got: usize, text: String },
    #[error("screencap header gives an impossible size {width}x{height}{text}; the output is not raw screencap data, try --capture png")]
    BadSize {
        width: u32,
        height: u32,
        text: String,
    },
    #[error("screencap pixel format {code} is not supported (only RGBA_8888=1, RGBX_8888=2, RGB_565=4); use --capture png")]
    UnknownFormat { code: u32 },
    #[error("screencap data for {width}x{height} {format:?} should be {} or {} bytes but {got} arrived{}; the connection was cut or the device misbehaved, retry", expected[0], expected[1], if *got < expected[0] { " (truncated)" } else { " (extra data)" })]
    Length {
        width: u32,
        height: u32,
        format: PixelFormat,
        expected: [u64; 2],
        got: u64,
    },
    #[error("screencap -p did not return a PNG image: {0}")]
    Png(String),
}

/// A short printable rendering of what came instead of pixels (screencap prints errors as text).
fn printable(bytes: &[u8]) -> String {
    let text: String = String::from_utf8_lossy(&bytes[..bytes.len().min(80)])
        .chars()
        .filter(|c| !c.is_control() || *c == ' ')
        .collect();
    if text.trim().is_empty() {
        String::new()
    } else {
        format!(" (it said {:?})", text.trim())
    }
}

/// A raw capture as read: the image, the bytes that crossed the link, and any text the phone
/// printed before it (see `preamble`).
#[derive(Debug)]
pub struct RawRead {
    pub image: RgbaImage,
    pub bytes: usize,
    pub said: Preamble,
}

/// Reads raw `screencap` output from `reader`: text lines before the image are set aside, then
/// the header, then at most one byte more than the longest valid length, so a lying or runaway
/// stream cannot make us buffer without bound.
pub fn read_raw(reader: &mut dyn Read) -> Result<RawRead, ReadRawError> {
    let mut said = read_preamble(reader)?;
    let mut bytes = std::mem::take(&mut said.rest);
    if bytes.len() < 12 {
        let mut more = [0u8; 12];
        let got = read_full(reader, &mut more[..12 - bytes.len()])?;
        bytes.extend_from_slice(&more[..got]);
    }
    let header = RawHeader::parse(&bytes[..bytes.len().min(12)])?;
    let max = header.expected_lengths()[1];
    bytes.reserve((max as usize).saturating_sub(bytes.len()));
    let already = bytes.len() as u64;
    reader
        .take((max + 1).saturating_sub(already))
        .read_to_end(&mut bytes)?;
    let len = said.text.len() + bytes.len();
    Ok(RawRead {
        image: decode_raw(bytes)?,
        bytes: len,
        said,
    })
}

/// Failure while streaming a capture: the transport or the data.
#[derive(Debug, thiserror::Error)]
pub enum ReadRawError {
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Data(#[from] ScreencapError),
}

fn read_full(reader: &mut dyn Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match reader.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// Decodes complete raw `screencap` output, reusing `bytes` as the image buffer for the 32-bit
/// formats (the header is shifted out in place; RGBX gets its alpha set to opaque in the same pass).
pub fn decode_raw(mut bytes: Vec<u8>) -> Result<RgbaImage, ScreencapError> {
    let text = split_preamble(&bytes).0.len();
    bytes.drain(..text);
    let header = RawHeader::parse(&bytes)?;
    let got = bytes.len() as u64;
    let expected = header.expected_lengths();
    let header_len = if got == expected[0] {
        12
    } else if got == expected[1] {
        16
    } else {
        return Err(ScreencapError::Length {
            width: header.width,
            height: header.height,
            format: header.format,
            expected,
            got,
        });
    };
    let (w, h) = (header.width, header.height);
    let pixels = match header.format {
        PixelFormat::Rgba8888 => {
            bytes.drain(..header_len);
            bytes
        }
        PixelFormat::Rgbx8888 => {
            bytes.drain(..header_len);
            for alpha in bytes.iter_mut().skip(3).step_by(4) {
                *alpha = 255;
            }
            bytes
        }
        PixelFormat::Rgb565 => rgb565_to_rgba(&bytes[header_len..]),
    };
    // Lengths were checked above, so this cannot fail; keep the error path anyway rather than panic.
    RgbaImage::from_raw(w, h, pixels).ok_or(ScreencapError::BadSize {
        width: w,
        height: h,
        text: String::new(),
    })
}

/// RGB_565 little-endian → RGBA, with bit replication so 0x1f maps to 255.
fn rgb565_to_rgba(src: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; src.len() * 2];
    for (dst, px) in out.chunks_exact_mut(4).zip(src.chunks_exact(2)) {
        let v = u16::from_le_bytes([px[0], px[1]]);
        let (r, g, b) = ((v >> 11) & 0x1f, (v >> 5) & 0x3f, v & 0x1f);
        dst.copy_from_slice(&[
            ((r << 3) | (r >> 2)) as u8,
            ((g << 2) | (g >> 4)) as u8,
            ((b << 3) | (b >> 2)) as u8,
            255,
        ]);
    }
    out
}

/// Decodes `screencap -p` output (text lines before the PNG are set aside, see `preamble`).
pub fn decode_png(bytes: &[u8]) -> Result<RgbaImage, ScreencapError> {
    let (text, bytes) = split_preamble(bytes);
    if !bytes.starts_with(PNG_SIGNATURE) {
        return Err(ScreencapError::Png(format!(
            "{} bytes without the PNG signature{}",
            bytes.len() + text.len(),
            printable(if bytes.is_empty() {
                text.as_bytes()
            } else {
                bytes
            })
        )));
    }
    // The header's size is checked before any pixel buffer exists: a PNG claiming 60000x60000
    // is refused, not allocated (image's default only caps the allocation at 512 MiB).
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_PNG_ALLOC);
    let mut reader =
        image::ImageReader::with_format(std::io::Cursor::new(bytes), image::ImageFormat::Png);
    reader.limits(limits);
    reader
        .decode()
        .map(|img| img.into_rgba8())
        .map_err(|e| ScreencapError::Png(e.to_string()))
}

/// Most memory one PNG capture may take while decoding: a 4K-by-16K RGBA screen and then some.
const MAX_PNG_ALLOC: u64 = 320 * 1024 * 1024;

#[cfg(test)]
mod tests {
    use super::*;

    fn header(w: u32, h: u32, f: u32, colorspace: Option<u32>) -> Vec<u8> {
        let mut v = Vec::new();
        for x in [w, h, f].into_iter().chain(colorspace) {
            v.extend_from_slice(&x.to_le_bytes());
        }
        v
    }

    #[test]
    fn rgba_with_16_byte_header() {
        let mut b = header(2, 1, 1, Some(1));
        b.extend_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        let img = decode_raw(b).unwrap();
        assert_eq!(img.dimensions(), (2, 1));
        assert_eq!(img.as_raw(), &[1, 2, 3, 4, 5, 6, 7, 8]);
    }

    #[test]
    fn rgbx_with_12_byte_header_gets_opaque_alpha() {
        let mut b = header(1, 2, 2, None);
        b.extend_from_slice(&[10, 20, 30, 0, 40, 50, 60, 7]);
        let img = decode_raw(b).unwrap();
        assert_eq!(img.as_raw(), &[10, 20, 30, 255, 40, 50, 60, 255]);
    }

    #[test]
    fn rgb565_expands_to_full_range() {
        let mut b = header(3, 1, 4, Some(0));
        // white, pure red, pure green
        for v in [0xffffu16, 0xf800, 0x07e0] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        let img = decode_raw(b).unwrap();
        assert_eq!(
            img.as_raw(),
            &[255, 255, 255, 255, 255, 0, 0, 255, 0, 255, 0, 255]
        );
    }

    #[test]
    fn truncated_data_names_sizes() {
        let mut b = header(4, 4, 1, Some(0));
        b.extend_from_slice(&[0; 40]);
        let err = decode_raw(b).unwrap_err();
        assert_eq!(
            err,
            ScreencapError::Length {
                width: 4,
                height: 4,
                format: PixelFormat::Rgba8888,
                expected: [76, 80],
                got: 56
            }
        );
        assert!(err.to_string().contains("truncated"), "{err}");
    }

    #[test]
    fn unknown_format_and_absurd_sizes_are_refused_before_allocating() {
        assert_eq!(
            decode_raw(header(2, 2, 5, Some(0))).unwrap_err(),
            ScreencapError::UnknownFormat { code: 5 }
        );
        let err = RawHeader::parse(&header(0xffff_ffff, 3, 1, None)).unwrap_err();
        assert!(matches!(
            err,
            ScreencapError::BadSize {
                width: 0xffff_ffff,
                ..
            }
        ));
        // A runaway stream is cut one byte past the longest valid length.
        let head = header(1, 1, 1, Some(0));
        let mut endless = std::io::Read::chain(&head[..], std::io::repeat(9));
        let err = read_raw(&mut endless).unwrap_err();
        assert!(
            matches!(
                err,
                ReadRawError::Data(ScreencapError::Length { got: 21, .. })
            ),
            "{err}"
        );
    }

    #[test]
    fn error_text_instead_of_pixels_is_shown() {
        let err = decode_raw(b"Error: no display".to_vec()).unwrap_err();
        assert!(err.to_string().contains("no display"), "{err}");
        let err = decode_raw(b"oops".to_vec()).unwrap_err();
        assert!(matches!(err, ScreencapError::TooShort { got: 4, .. }));
    }

    #[test]
    fn read_raw_streams_a_capture() {
        let mut b = header(2, 2, 1, Some(0));
        b.extend((0..16).map(|i| i as u8));
        let read = read_raw(&mut &b[..]).unwrap();
        assert_eq!((read.image.dimensions(), read.bytes), ((2, 2), 32));
    }

    #[test]
    fn png_round_trip_and_garbage() {
        let img = RgbaImage::from_pixel(3, 2, image::Rgba([1, 2, 3, 255]));
        let mut png = Vec::new();
        img.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .unwrap();
        assert_eq!(decode_png(&png).unwrap(), img);
        assert!(matches!(
            decode_png(b"/system/bin/sh: screencap: not found"),
            Err(ScreencapError::Png(_))
        ));
    }
}
